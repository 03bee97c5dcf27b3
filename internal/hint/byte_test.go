package hint_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/hint"
	"github.com/seed42851778/rfc3986/iri"
)

// sampleRunes are code points outside ASCII to try: the ends of every
// range of ucschar and iprivate (RFC 3987 §2.2), a code point on each side
// of them, the bidirectional formatting characters (§4.1), and one code
// point in 97 of the rest.
func sampleRunes() []rune {
	ends := []rune{0x80, 0x9F, 0xA0, 0xD7FF, 0xE000, 0xF8FF, 0xF900, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFEF,
		0xFFF0, 0xFFFD, 0x10000, 0x1FFFD, 0x1FFFE, 0xDFFFD, 0xE0000, 0xE1000, 0xEFFFD, 0xF0000, 0xFFFFD, 0xFFFFE,
		0x100000, 0x10FFFD, 0x10FFFF, 0x200E, 0x200F, 0x202A, 0x202E}
	var rs []rune
	for _, r := range ends {
		rs = append(rs, r-1, r, r+1)
	}
	for r := rune(0x80); r <= utf8.MaxRune; r += 97 {
		rs = append(rs, r)
	}
	return rs
}

// TestIRIHintNeverEncodesWhatAnIRIHolds holds the engine's knowledge of
// what an IRI holds against iri's grammar, for each sample character in a
// path, a query and a fragment: the hint of an IRI that holds it says
// nothing of it (never "percent-encode"); the hint of a URI says that an
// IRI holds it exactly where iri accepts it, but for a bidirectional
// formatting character, which an IRI must not hold (RFC 3987 §4.1) though
// ucschar does; and where iri refuses it, the hint iri gives is the one
// the engine gives an IRI, which says to percent-encode it.
func TestIRIHintNeverEncodesWhatAnIRIHolds(t *testing.T) {
	const iriHolds = "an IRI parser (RFC 3987) accepts it as it is"
	for _, comp := range []struct{ name, head string }{{"path", "s:/"}, {"query", "s:?"}, {"fragment", "s:#"}} {
		for _, r := range sampleRunes() {
			if r < utf8.RuneSelf || !utf8.ValidRune(r) {
				continue
			}
			s := comp.head + string(r)
			at := hint.Text{S: s, Off: len(comp.head), Rule: hint.Absolute, Component: comp.name}
			uriHint := string(hint.For(nil, &at))
			at.Syntax = hint.IRI
			iriHint := string(hint.For(nil, &at))
			_, err := iri.Parse(s)
			bidi := r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E
			switch {
			case err == nil && iriHint != "":
				t.Errorf("%s %U: iri accepts it, and the engine's IRI hint says %q", comp.name, r, iriHint)
			case err == nil && strings.Contains(uriHint, iriHolds) == bidi:
				t.Errorf("%s %U: iri accepts it, and the URI hint says %q", comp.name, r, uriHint)
			case err != nil && strings.Contains(uriHint, iriHolds):
				t.Errorf("%s %U: iri refuses it (%v), and the URI hint says %q", comp.name, r, err, uriHint)
			case err != nil && !strings.Contains(iriHint, "percent-encode its UTF-8 bytes"):
				t.Errorf("%s %U: iri refuses it (%v), and the engine's IRI hint says %q", comp.name, r, err, iriHint)
			case err != nil && !strings.HasSuffix(err.Error(), "; "+iriHint):
				t.Errorf("%s %U: iri's message %q does not end with the engine's hint %q", comp.name, r, err, iriHint)
			}
		}
	}
}
