package abnf

import (
	"fmt"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// TestPEGWitnessFindsWhereOrderMatters: for hand-written rules whose PEG
// reading refuses what their ABNF accepts, a witness is found (and each
// side's verdict on it differs); for the RFC 3986 rules, ordered so that
// they accept exactly their ABNF, none is.
func TestPEGWitnessFindsWhereOrderMatters(t *testing.T) {
	phonedigit := c.Named("phonedigit", c.Alt(c.DIGIT, c.Class(c.Chars("-.()"))))
	tests := []struct {
		name string
		rule *c.Rule
		want bool
	}{
		{"greedy repetition (RFC 3966)", c.Seq(c.Lit("+"), c.Star(phonedigit), c.DIGIT, c.Star(phonedigit)), true},
		{"shorter alternative first", c.Seq(c.Alt(c.Lit("a"), c.Lit("ab")), c.Lit("c")), true},
		{"dec-octet in the ABNF's order", c.Seq(c.Alt(c.DIGIT, c.Seq(c.Class(c.ByteRange('1', '9')), c.DIGIT)), c.Lit(".")), true},
		{"dec-octet longest first", c.Seq(c.Alt(c.Seq(c.Class(c.ByteRange('1', '9')), c.DIGIT), c.DIGIT), c.Lit(".")), false},
		{"dec-octet in the ABNF's order, whole", c.Alt(c.DIGIT, c.Seq(c.Class(c.ByteRange('1', '9')), c.DIGIT)), true},
		{"URI-reference", c.URIReference, false},
		{"IPv6address", c.IPv6Address, false},
		{"host", c.Host, false},
		{"path", c.Path, false},
	}
	for _, tt := range tests {
		w, found := PEGWitness(tt.rule)
		if found != tt.want {
			t.Errorf("%s: PEGWitness = %q, %v; want found %v", tt.name, w, found, tt.want)
			continue
		}
		if found {
			exact, _ := c.ExactGrammar(c.Def{Name: "x", Body: tt.rule})
			if tt.rule.Match(w) == exact[0].Match(w) {
				t.Errorf("%s: witness %q: both readings agree", tt.name, w)
			}
		}
	}
}

func ExamplePEGWitness() {
	phonedigit := c.Alt(c.DIGIT, c.Lit("-"))
	phone := c.Seq(c.Lit("+"), c.Star(phonedigit), c.DIGIT, c.Star(phonedigit))
	fmt.Println(PEGWitness(phone))
	// Output: +0 true
}

// TestPEGWitnessFindsNoneInThisModulesRules: the hand-written RFC 3986 and
// RFC 3987 rules accept exactly their ABNF (the differential tests say so
// too), so no witness is found for any of them.
func TestPEGWitnessFindsNoneInThisModulesRules(t *testing.T) {
	for _, rules := range []map[string]*c.Rule{appendixA, section22} {
		for name, r := range rules {
			if w, found := PEGWitness(r); found {
				t.Errorf("%s: witness %q", name, w)
			}
		}
	}
}
