// Package weburl parses, serializes and edits URLs as the WHATWG URL
// Standard defines them: the reading of browsers, of JavaScript's URL class,
// of Node and of the clients that follow them. Section numbers (§) are the
// standard's.
//
//	u, err := weburl.Parse("HTTPS://EXAMPLE.com:443/a/./b/../c?q=1#top")
//	// u.String() == "https://example.com/a/c?q=1#top"
//	ref, err := u.Parse("../d") // new URL("../d", u)
//
// A URL is an immutable value: its serialization (the href) and the offsets
// of its components in it. The getters (Protocol, Username, Password, Host,
// Hostname, Port, Pathname, Search, Hash, Origin) return what the JavaScript
// getters of the same names return, as substrings of the href, without
// allocating. The setters (WithProtocol, WithHost, …) follow the standard's
// API section, with the basic URL parser's state override: where the
// standard leaves the URL unchanged (a port on a file URL, a host on a URL
// with an opaque path, a scheme that would turn a special URL into a
// non-special one, …) they return the URL unchanged. SearchParams and
// WithSearchParams read and write the query as
// application/x-www-form-urlencoded, as URLSearchParams does.
//
// The zero URL is "no URL": its getters return "", and URL{}.Parse(ref) is
// Parse(ref), with no base.
//
// # weburl or uri
//
// The uri package reads RFC 3986 strictly: it refuses what is not a URI
// reference and gives back each component exactly as written. weburl reads
// any string the way a browser would fetch it, repairing what a browser
// repairs: it removes tabs and newlines and leading and trailing spaces and
// controls, reads "\" as "/" in special URLs (http, https, ws, wss, ftp,
// file), lower-cases the scheme and the host, maps an internationalized host
// to its A-label (UTS #46) and reads hosts that end in a number as IPv4
// addresses in any of the forms inet_aton accepts (0x7f.1 is 127.0.0.1),
// drops a default port, resolves "." and ".." segments in every spelling
// ("%2e", ".%2E", …), and percent-encodes what the standard's
// percent-encode sets name. The two readings differ on real inputs:
// "http://example.com\@evil.com/" has the host example.com for a browser
// (the backslash ends the authority) and is not a URI at all for RFC 3986;
// "https:/\evil.example" has the host evil.example for a browser and none
// for RFC 3986.
//
// Use uri for identifiers, protocols and formats that cite RFC 3986, and to
// refuse what is malformed; use weburl for what a browser or a fetch client
// will do with a string, for links scraped from HTML, and to compare with
// what JavaScript says. URL.URI converts an href to a uri.URI byte for byte,
// and names the offset when the href is not one (the standard leaves "|",
// "^", "{" and a few more raw in some components); URL.EncodedURI
// percent-encodes those instead and lists each change. URL.NetURL gives
// net/http a *url.URL whose request carries the href's bytes, URL.DialAddr
// the address a client connects to, and CanParse answers URL.canParse.
//
// # Errors and validation errors
//
// Parse fails with an *Error: the standard's name of the validation error
// that made parsing fail ("missing-scheme-non-relative-URL", "host-missing",
// "port-out-of-range", …), its byte offset in the input as given, and a hint
// for the common mistakes; its message is bounded and never shows a
// password. Where the standard repairs the input and goes on, it names a
// validation error that a browser does not report; ParseValidated returns
// them, in input order and with offsets into the input as given.
//
// # Strings and bytes
//
// The standard works on strings of Unicode scalar values; a Go string may
// hold any bytes. Each byte of the input that is not part of valid UTF-8 is
// read as U+FFFD, as a Go range loop reads it, so that "\xff" in a path
// becomes "%EF%BF%BD". (A browser decoding the same bytes as UTF-8 makes one
// U+FFFD per maximal ill-formed subsequence; the two differ only on
// truncated multi-byte sequences.) Lone surrogates cannot occur in a Go
// string.
//
// The href is ASCII. Parsing is linear in the input, recursion-free, and
// allocates at most one string, the href: none when the input is already
// its own serialization, as most URLs found in the wild are.
//
// # Conformance
//
// The package passes every case of the web-platform-tests files
// urltestdata.json, urltestdata-javascript-only.json, setters_tests.json,
// toascii.json and IdnaTestV2.json (copies in testdata/wpt).
//
// # Internationalized domain names
//
// A special URL's host that is not ASCII goes through UTS #46 ToASCII with
// the flags the URL Standard sets (CheckHyphens, UseSTD3ASCIIRules and
// VerifyDnsLength false; CheckBidi and CheckJoiners true; nontransitional
// processing), in UTS #46's order: the domain is mapped and normalized to
// NFC, its A-labels ("xn--") are decoded, then every label is validated,
// the Bidi rule of RFC 5893 on the labels as mapped and decoded ("ℵa"
// maps to "אa", which breaks it). An ASCII host is only lower-cased, as
// the standard says, whatever its "xn--" labels hold.
//
// The package implements UTS #46 itself, on Unicode 17.0 data, the
// version the URL Standard cites, which Go 1.26's tables lack (x/net/idna,
// x/text/unicode/bidi and x/text/unicode/norm select their Unicode 17.0
// tables from Go 1.27 on). idnadelta.go holds that data, generated from
// those packages' own Unicode 17.0 tables: the IDNA status and mapping of
// each code point, its Bidi class, canonical combining class, whether it
// is a mark and its joining type, and the canonical decompositions and
// compositions NFC needs. Punycode is encoded and decoded in O(n log n)
// (x/net/idna's encoder is quadratic in a label's length: see
// BENCHMARKS.md), with no bound on a label's length, which UTS #46 does
// not set. A label is mapped, normalized and encoded into the href itself,
// so that a URL whose host is not ASCII costs Parse the one allocation of
// its href, and CanParse none.
//
// WPT's IdnaTestV2.json (Unicode 17.0 data, 2,670 cases) and toascii.json
// (87 cases) pass in full, as do the 81 cases of the BIDI TESTS and CONTEXT
// TESTS sections of Unicode's IdnaTestV2.txt 17.0 that WPT leaves out.
// On the 286,719 code points assigned in Unicode 15.0 the data agrees with
// Go 1.26's Unicode 15.0 tables (x/net/idna's status and mapping, x/text's
// Bidi and combining classes, Go's marks) but on the 72 statuses and
// mappings UTS #46 16.0 and 17.0 changed and the 6 Bidi classes Unicode
// 16.0 changed. What can still differ from a Unicode 17.0 implementation:
// nothing known. Two readings are the URL Standard's choices, not
// differences: a byte that is not UTF-8 makes the host fail (it decodes
// to U+FFFD, which UTS #46 disallows), and the validation error
// domain-to-ASCII (strict ToASCII, which never changes the result)
// refuses an empty root label, as VerifyDnsLength does since Unicode 16.
//
// The module's other IDNA profile, which package uri's ParseRepaired,
// package builder and package iri use, is golang.org/x/net/idna on Go
// 1.26's Unicode 15.0 tables, with UTS #46's lookup flags (STD3 rules,
// DNS lengths). Those flags aside, it reads a name otherwise than this
// package where Unicode changed since 15.0, in three counted ways: it
// refuses the 10,610 code points Unicode 15.1, 16.0 and 17.0 assigned that
// UTS #46 17.0 admits (10,518 valid, 92 mapped); it reads 71 of the 72
// code points whose status or mapping UTS #46 16.0 and 17.0 changed as
// 15.0 has them (U+1E9E ẞ, the one a Latin name holds, it maps to ß as
// this package does); and it judges the Bidi rule with the Bidi classes of
// 15.0, which Unicode 16.0 changed for 6 code points.
//
// WPT's verifydnslength_tests.json does not apply: the URL Standard parses
// with VerifyDnsLength false (that file tests a function of the ada
// library).
package weburl
