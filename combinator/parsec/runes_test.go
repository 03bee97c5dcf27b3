package parsec

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	parsec "github.com/prataprc/goparsec"
	c "github.com/seed42851778/rfc3986/combinator"
)

// TestToParsecRuneClass runs a grammar with a rune class through the bridge,
// on our Scanner and on goparsec's SimpleScanner: one code point is consumed
// whole, invalid UTF-8 fails where it stands.
func TestToParsecRuneClass(t *testing.T) {
	ucs := c.Named("ucs", c.RuneClass(c.Runes(c.RuneRange{Lo: 0xA0, Hi: 0xD7FF}, c.RuneRange{Lo: 0x10000, Hi: 0x1FFFD})))
	word := c.Named("word", c.Plus(c.Alt(c.ALPHA, ucs)))
	p := parsec.And(nil, ToParsec(word), parsec.AtomExact("!", "BANG"))
	for _, tc := range []struct {
		in   string
		ok   bool
		far  int
		want []string
	}{
		{"aé\U00010348!", true, 8, nil},
		{"é!", true, 3, nil},
		{"\xC3!", false, 0, []string{"word"}},
		{"!", false, 0, []string{"word"}},
	} {
		s := NewScanner(tc.in)
		node, news := p(s)
		if (node != nil) != tc.ok {
			t.Errorf("%q: matched %v", tc.in, node != nil)
			continue
		}
		if tc.ok {
			if news.GetCursor() != tc.far {
				t.Errorf("%q: cursor %d, want %d", tc.in, news.GetCursor(), tc.far)
			}
			got := node.([]parsec.ParsecNode)[0].(*parsec.Terminal).Value
			if want := tc.in[:len(tc.in)-1]; got != want {
				t.Errorf("%q: value %q, want %q", tc.in, got, want)
			}
		} else if diff := cmp.Diff(tc.want, s.Expected()); diff != "" || s.Farthest() != tc.far {
			t.Errorf("%q: farthest %d, expected (-want +got):\n%s", tc.in, s.Farthest(), diff)
		}
		// goparsec's own scanner gives the same verdict.
		node2, _ := p(parsec.NewScanner([]byte(tc.in)))
		if (node2 != nil) != tc.ok {
			t.Errorf("%q on SimpleScanner: matched %v", tc.in, node2 != nil)
		}
	}
}
