// Package iri implements Internationalized Resource Identifiers (RFC 3987)
// on the grammar engine and the algorithms of the uri package.
//
// An IRI is a URI whose text may hold characters outside ASCII: the
// ucschar range of RFC 3987 §2.2 everywhere a URI allows an unreserved
// character, and the private-use characters (iprivate) in the query only.
// Parse and ParseReference read UTF-8 text strictly, by the rules IRI and
// IRIReference of package combinator/rfc3987; text that is not valid UTF-8
// is never an IRI. An IRI keeps its text and where each component lies in
// it, as uri.URI does, and its accessors have the same names and meanings.
//
// The mappings between IRIs and URIs are RFC 3987 §3: ToURI percent-encodes
// the UTF-8 octets of every character outside ASCII (§3.1), FromURI decodes
// what §3.2 allows back, and ToASCII is ToURI with a registered name for a
// host converted by IDNA (the UTS #46 lookup profile of
// golang.org/x/net/idna, nontransitional, with the DNS lengths of
// VerifyDnsLength: a label of at most 63 bytes, a name of 253), the form to
// use on the wire.
// Resolve is RFC 3986 §5.2 on IRIs (RFC 3987 §6.5), and Normalize and
// Equivalent climb the comparison ladder of RFC 3987 §5.3.
//
// String gives an IRI's text exactly, its password included: it is data.
// Print or log Redacted, which shows the password as "xxxxx"; LogValue (so
// slog) and GoString (so %#v) use it, and every error of the package shows
// no password and at most about 1 KiB of its input, escaped.
//
// A failure is a *ParseError with the offset, the component and what the
// grammar expected, and for a common mistake a Hint (and a Suggestion when
// it proposes a corrected text): the hints are uri's, from the engine both
// packages share (internal/hint), so that a mistake gets the same words
// from both, but that an IRI's hint never tells to percent-encode a
// character an IRI holds.
//
// Parsing uses matchers and diagnoses generated from the rules, as uri's
// are (zz_parse_gen.go, go generate): it allocates nothing on success, and
// a program that parses IRIs links neither the code generator nor the
// rules' interpreter for it.
package iri
