package iri

import (
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/ascii"
	"github.com/seed42851778/rfc3986/uri"
)

// Resolve transforms ref into its target IRI against the base IRI base (RFC
// 3987 §6.5): the strict algorithm of RFC 3986 §5.2.2, with merge (§5.2.3)
// and remove_dot_segments (§5.2.4), run by uri.URI.Resolve itself, so that
// every policy documented there (the "/." in front of a path that would
// start with "//", the merge of a rootless base path, the surplus ".."
// dropped, ...) holds here too. The result keeps the characters of base and
// ref as they are: nothing is percent-encoded or decoded. The base must have
// a scheme (§5.2.1); otherwise Resolve returns a *uri.ResolveError. The
// base's fragment is ignored and the base is not normalized.
//
// Resolving IRIs this way gives what resolving their ToURI forms gives,
// mapped back: the algorithm looks only at "/", "." and the delimiters of
// the components, never inside a character.
func (base IRI) Resolve(ref IRI) (IRI, error) {
	if !base.has(slotScheme) {
		return IRI{}, &uri.ResolveError{Op: "resolve", Base: base.s, Ref: ref.s}
	}
	b, r := escape(base.s), escape(ref.s)
	t, err := b.Resolve(r)
	if err != nil { // not reached: base has a scheme
		return IRI{}, err
	}
	return mustParseReference(unescape(t.String())), nil
}

// escape maps the IRI text s to a URI that unescape maps back exactly: each
// "%" becomes "%25" and each byte outside ASCII its triplet. The two kinds of
// triplet differ ("%25" against "%80" to "%FF"), so the mapping is one to
// one, and it keeps every delimiter, "/" and "." where it stands.
func escape(s string) uri.URI {
	b := make([]byte, 0, len(s)+len(s)/2)
	for k := 0; k < len(s); k++ {
		switch c := s[k]; {
		case c == '%':
			b = append(b, "%25"...)
		case c >= utf8.RuneSelf:
			b = append(b, '%', ascii.UpperHex[c>>4], ascii.UpperHex[c&15])
		default:
			b = append(b, c)
		}
	}
	return mustURI(b)
}

// unescape is the inverse of escape.
func unescape(s string) string {
	b := make([]byte, 0, len(s))
	for k := 0; k < len(s); k++ {
		if s[k] != '%' {
			b = append(b, s[k])
			continue
		}
		b = append(b, unhex(s[k+1])<<4|unhex(s[k+2]))
		k += 2
	}
	return string(b)
}
