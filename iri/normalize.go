package iri

import (
	"strings"

	"github.com/seed42851778/rfc3986/uri"
)

// Normalization and comparison climb the ladder of RFC 3987 §5.3:
//
//   - Simple string comparison (§5.3.1) is Equal: the same characters, byte
//     for byte (both are UTF-8), without mapping to URIs.
//   - Syntax-based normalization (§5.3.2) is NormalizeSyntax: case
//     (§5.3.2.1), percent-encoding (§5.3.2.3) and path segments (§5.3.2.4).
//   - Scheme-based normalization (§5.3.3) is Normalize: NormalizeSyntax,
//     then the rules uri.RegisterScheme knows (default ports, "/" for an
//     empty http path).
//
// Character normalization (§5.3.2.2) is not applied: no step here runs
// Unicode NFC (golang.org/x/text/unicode/norm) or NFKC. §5.3.2.2 says that
// equivalence "MUST rely on the assumption that IRIs are appropriately
// pre-character-normalized rather than apply character normalization when
// comparing two IRIs"; NFC is required only when text comes from paper or a
// non-Unicode encoding (§3.1, step 1), which is the caller's step, before
// Parse. So "résumé" written with U+00E9 and with "e" U+0301 are different
// IRIs here, as the RFC says they are to a comparison. Case is not folded
// outside ASCII either (§5.3.2.1); a host's Unicode case and width are
// IDNA's business (ToASCII).

// Equal reports whether i and j are the same IRI reference: the same
// characters (simple string comparison, RFC 3987 §5.3.1).
func (i IRI) Equal(j IRI) bool { return i.s == j.s }

// NormalizeSyntax returns i in the normal form of syntax-based
// normalization (RFC 3987 §5.3.2): i mapped to a URI (ToURI), normalized
// by uri.URI.NormalizeSyntax (the scheme and an ASCII host lower-cased,
// percent-encoding hex digits upper-cased, percent-encoded unreserved
// characters decoded, dot segments removed, with that method's policies),
// and mapped back (FromURI), which decodes every percent-encoded character
// an IRI may hold there. So "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"
// and "example://a/b/c/%7Bfoo%7D/rosé" (§5.3.2) both normalize to the
// latter. The mapping keeps what the percent-encoding of characters
// outside ASCII cannot tell apart (§5.3.2.3 aligns them the same way), and
// a bidi formatting character (§4.1) ends up percent-encoded. No Unicode
// normalization is applied (see the comparison ladder above).
// NormalizeSyntax is idempotent.
func (i IRI) NormalizeSyntax() IRI { return fromNormalURI(i.ToURI().NormalizeSyntax()) }

// Normalize returns i in normal form: NormalizeSyntax, then the
// scheme-based normalization of uri.URI.Normalize (RFC 3987 §5.3.3): so
// "http://bücher.de", "http://bücher.de/", "http://bücher.de:/" and
// "http://bücher.de:80/" all normalize to "http://bücher.de/". Normalize is
// idempotent.
func (i IRI) Normalize() IRI { return fromNormalURI(i.ToURI().Normalize()) }

// fromNormalURI maps a normalized URI back to an IRI (FromURI) without
// undoing a policy of uri's normalization: in a relative-path reference, a
// segment that decodes to "." or ".." keeps its triplets, since decoding them
// would make it a dot segment and change what the reference resolves to
// (§5.2.4 compares segments as written). Every other reference maps as
// FromURI maps it.
func fromNormalURI(u uri.URI) IRI {
	p := u.Path()
	if !u.IsRelative() || u.HasAuthority() || strings.HasPrefix(p, "/") || !strings.Contains(p, "%2E") {
		return FromURI(u)
	}
	var b []byte
	for k, seg := range strings.Split(p, "/") {
		if k > 0 {
			b = append(b, '/')
		}
		if d := appendFromURI(nil, seg, false, false); string(d) == "." || string(d) == ".." {
			b = append(b, seg...)
		} else {
			b = append(b, d...)
		}
	}
	return mustParseReference(string(appendQueryFragment(b, u)))
}

// Equivalent reports whether i and j are equal after Normalize: equivalent
// under the syntax-based and scheme-based rungs of the ladder (RFC 3987
// §5.3.2, §5.3.3), without character normalization. Relative references
// are compared as they are; §5.1 advises to resolve them first.
func (i IRI) Equivalent(j IRI) bool {
	return i.s == j.s || i.Normalize().s == j.Normalize().s
}
