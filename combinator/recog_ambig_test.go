package combinator_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
	"github.com/seed42851778/rfc3986/properties/rulegen"
	"pgregory.net/rapid"
)

// telParameters is the parameters of RFC 3966's tel URI (section 3), the
// numbers cut to digits.
const telParameters = `tel             = "tel:" 1*DIGIT *par
par             = parameter / extension / isdn-subaddress
isdn-subaddress = ";isub=" 1*uric
extension       = ";ext=" 1*DIGIT
parameter       = ";" pname ["=" pvalue ]
pname           = 1*( ALPHA / DIGIT / "-" )
pvalue          = 1*( ALPHA / DIGIT )
uric            = ALPHA / DIGIT / ";" / "="
`

// TestAmbiguityOfTelParameters: ";ext=42" is an extension and a parameter;
// ";isub=1234;flag" an isdn-subaddress whose urics take ";flag", or a
// parameter then a parameter; one parameter alone has one reading.
func TestAmbiguityOfTelParameters(t *testing.T) {
	g, err := abnf.Parse(telParameters)
	if err != nil {
		t.Fatal(err)
	}
	tel := g.MustRule("tel")
	digits := func(from, to int) []flat {
		var out []flat
		for i := from; i < to; i++ {
			out = append(out, flat{3, "DIGIT", i, i + 1})
		}
		return out
	}
	for _, tc := range []struct {
		in     string
		offset int
		first  []flat // the named rules under the first par, each with its children
		second []flat
	}{
		{"tel:1;flag", -1, nil, nil},
		{"tel:1;ext=42", 5,
			[]flat{{1, "par", 5, 12}, {2, "parameter", 5, 12}, {3, "pname", 6, 9}, {4, "ALPHA", 6, 7}, {4, "ALPHA", 7, 8}, {4, "ALPHA", 8, 9},
				{3, "pvalue", 10, 12}, {4, "DIGIT", 10, 11}, {4, "DIGIT", 11, 12}},
			append([]flat{{1, "par", 5, 12}, {2, "extension", 5, 12}}, digits(10, 12)...)},
		{"tel:1;isub=1234;flag", 5,
			[]flat{{1, "par", 5, 15}, {2, "parameter", 5, 15}, {3, "pname", 6, 10}, {4, "ALPHA", 6, 7}, {4, "ALPHA", 7, 8}, {4, "ALPHA", 8, 9}, {4, "ALPHA", 9, 10},
				{3, "pvalue", 11, 15}, {4, "DIGIT", 11, 12}, {4, "DIGIT", 12, 13}, {4, "DIGIT", 13, 14}, {4, "DIGIT", 14, 15}},
			[]flat{{1, "par", 5, 20}, {2, "isdn-subaddress", 5, 20}, {3, "uric", 11, 12}, {4, "DIGIT", 11, 12}, {3, "uric", 12, 13}, {4, "DIGIT", 12, 13},
				{3, "uric", 13, 14}, {4, "DIGIT", 13, 14}, {3, "uric", 14, 15}, {4, "DIGIT", 14, 15}, {3, "uric", 15, 16},
				{3, "uric", 16, 17}, {4, "ALPHA", 16, 17}, {3, "uric", 17, 18}, {4, "ALPHA", 17, 18}, {3, "uric", 18, 19}, {4, "ALPHA", 18, 19},
				{3, "uric", 19, 20}, {4, "ALPHA", 19, 20}}},
	} {
		a, err := tel.Ambiguity(tc.in)
		if err != nil {
			t.Fatalf("Ambiguity(%q): %v", tc.in, err)
		}
		if tc.offset < 0 {
			if a != nil {
				t.Errorf("Ambiguity(%q): two readings from %d:\n%s%s", tc.in, a.Offset, a.Trees[0], a.Trees[1])
			}
			continue
		}
		if a == nil {
			t.Errorf("Ambiguity(%q) = nil, want two readings", tc.in)
			continue
		}
		if a.Offset != tc.offset {
			t.Errorf("Ambiguity(%q).Offset = %d, want %d", tc.in, a.Offset, tc.offset)
		}
		for i, want := range [][]flat{tc.first, tc.second} {
			got := flatten(a.Trees[i])
			at := slices.IndexFunc(got, func(f flat) bool { return f.Name == "par" })
			end := len(got)
			if i == 0 && strings.Contains(tc.in, "flag") {
				end = at + len(want) // the second par, ";flag", follows
			}
			if diff := cmp.Diff(want, got[at:end]); diff != "" {
				t.Errorf("Ambiguity(%q): reading %d (-want +got):\n%s", tc.in, i, diff)
			}
		}
	}
}

// TestAmbiguityOfRFC3966: RFC 3966's own tel URI, with ";ext=42", has two
// readings (more: its phonedigit may be empty, so that *phonedigit reads
// any number of empty ones), each a tree of the URI.
func TestAmbiguityOfRFC3966(t *testing.T) {
	text, err := os.ReadFile("abnf/rfc/rfc3966.abnf")
	if err != nil {
		t.Fatal(err)
	}
	g, err := abnf.Parse(string(text))
	if err != nil {
		t.Fatal(err)
	}
	s := "tel:+1-201-555-0123;ext=42"
	a, err := g.MustRule("telephone-uri").Ambiguity(s)
	if err != nil || a == nil {
		t.Fatalf("Ambiguity(%q) = %v, %v; want two readings", s, a, err)
	}
	checkReadings(t, g.Rule, s, a)
}

// checkReadings checks the two trees of an Ambiguity of s: each a tree of
// the whole of s whose named nodes' texts match their rules, the two
// different from the node Offset says.
func checkReadings(t interface {
	Helper()
	Fatalf(string, ...any)
}, rule func(string) (*c.Rule, error), s string, a *c.Ambiguity) {
	t.Helper()
	for _, tree := range a.Trees {
		if tree.Text != s {
			t.Fatalf("a reading of %q spans %q", s, tree.Text)
		}
		var walk func(n *c.Node)
		walk = func(n *c.Node) {
			if r, err := rule(n.Name); err == nil && !r.Match(n.Text) {
				t.Fatalf("a reading of %q has %s %d:%d, which %s does not match", s, n.Name, n.Start, n.End, n.Name)
			}
			for _, k := range n.Children {
				walk(k)
			}
		}
		walk(tree)
	}
	if got := partOffset(a.Trees[0], a.Trees[1]); got != a.Offset {
		t.Fatalf("readings of %q:\n%s%s part at %d, Offset says %d", s, a.Trees[0], a.Trees[1], got, a.Offset)
	}
}

// partOffset returns the start of the first node, in the order flatten
// lists them, that is not in both trees, or -1.
func partOffset(x, y *c.Node) int {
	fx, fy := flatten(x), flatten(y)
	for i := range max(len(fx), len(fy)) {
		switch {
		case i == len(fx):
			return fy[i].Start
		case i == len(fy):
			return fx[i].Start
		case fx[i] != fy[i]:
			return min(fx[i].Start, fy[i].Start)
		}
	}
	return -1
}

// TestAmbiguity: grammars with two readings and with one.
func TestAmbiguity(t *testing.T) {
	for _, tc := range []struct {
		grammar, in string
		offset      int // -1: one reading
	}{
		{`e = e "+" e / "x"`, "x+x+x", 0},
		{`e = e "+" e / "x"`, "x+x", -1},
		{`e = e "+" t / t` + "\nt = \"x\"", "x+x+x", -1},
		{`s = *x` + "\n" + `x = 1*"a" / "(" s ")"`, "aa", 0},
		{`s = *x` + "\n" + `x = 1*"a" / "(" s ")"`, "(aa)", 1}, // x 1:3, or x 1:2 then x 2:3, in s
		{`s = *x` + "\n" + `x = 1*"a" / "(" s ")"`, "(a)(a)", -1},
		{`a = "x" / "x"`, "x", -1}, // one tree, whichever "x"
		{`a = b / c` + "\nb = \"x\"\nc = \"x\"", "x", 0},
		{`a = "x" / b` + "\nb = \"x\"", "x", 0}, // a tree that is the other's with a node more
		{`a = b / "x"` + "\nb = \"x\"", "x", 0},
		{`l = "x" [ "," l ]`, "x,x,x", -1},
		{`r = *b *c` + "\nb = \"x\"\nc = \"x\"", "xx", 1},
		{`c = "(" *( ctext / c ) ")"` + "\nctext = %x61-7A", "(a(b)c)", -1},
	} {
		g, err := abnf.Parse(tc.grammar)
		if err != nil {
			t.Fatal(err)
		}
		r := g.MustRule(g.Names()[0])
		a, err := r.Ambiguity(tc.in)
		if err != nil {
			t.Fatalf("%s: Ambiguity(%q): %v", tc.grammar, tc.in, err)
		}
		switch {
		case tc.offset < 0 && a != nil:
			t.Errorf("%s: Ambiguity(%q): two readings from %d:\n%s%s", tc.grammar, tc.in, a.Offset, a.Trees[0], a.Trees[1])
		case tc.offset >= 0 && a == nil:
			t.Errorf("%s: Ambiguity(%q) = nil, want two readings from %d", tc.grammar, tc.in, tc.offset)
		case a != nil:
			if a.Offset != tc.offset {
				t.Errorf("%s: Ambiguity(%q).Offset = %d, want %d", tc.grammar, tc.in, a.Offset, tc.offset)
			}
			checkReadings(t, g.Rule, tc.in, a)
		}
	}
}

// TestAmbiguityOfABoundRefIsItsDefinitions: a Ref given to ExactGrammar
// is its definition, for Ambiguity as for Match.
func TestAmbiguityOfABoundRefIsItsDefinitions(t *testing.T) {
	ref := c.Ref("a")
	_, err := c.ExactGrammar(
		c.Def{Name: "s", Body: c.Seq(ref)},
		c.Def{Name: "a", Body: c.Alt(c.Ref("b"), c.Ref("d"))},
		c.Def{Name: "b", Body: c.Lit("x")},
		c.Def{Name: "d", Body: c.Lit("x")},
	)
	if err != nil {
		t.Fatal(err)
	}
	a, err := ref.Ambiguity("x")
	if err != nil || a == nil {
		t.Fatalf("Ambiguity(x) of Ref(a) = %v, %v; want b or d", a, err)
	}
	var got []string
	for _, n := range a.Trees {
		if len(n.Children) != 1 {
			t.Fatalf("a tree of %d children:\n%s", len(n.Children), n)
		}
		got = append(got, n.Children[0].Name)
	}
	slices.Sort(got)
	if diff := cmp.Diff([]string{"b", "d"}, got); diff != "" || a.Offset != 0 {
		t.Errorf("Ambiguity(x) of Ref(a): at %d (-want +got):\n%s", a.Offset, diff)
	}
}

// TestAmbiguityErrors: no match is Explain's error; a rule not of
// ExactGrammar is an error.
func TestAmbiguityErrors(t *testing.T) {
	g, err := abnf.Parse(telParameters)
	if err != nil {
		t.Fatal(err)
	}
	if a, err := g.MustRule("tel").Ambiguity("tel:x"); a != nil || err == nil || !strings.Contains(err.Error(), "offset 4") {
		t.Errorf("Ambiguity(tel:x) = %v, %v; want the syntax error at offset 4", a, err)
	}
	if a, err := c.Seq(c.Lit("a")).Ambiguity("a"); a != nil || err == nil {
		t.Errorf("Ambiguity of a PEG rule = %v, %v; want an error", a, err)
	}
}

// TestAmbiguityReadingsAreTreesOfTheMatch: on random grammars, an
// Ambiguity's first tree is Tree's, its two trees differ where Offset
// says, and each is a tree of the match.
func TestAmbiguityReadingsAreTreesOfTheMatch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 3).Draw(t, "rules")
		var defs []c.Def
		for i := 0; i < n; i++ {
			defs = append(defs, c.Def{Name: fmt.Sprintf("r%d", i), Body: c.GenExactBody(t, 3, n)})
		}
		rules, err := c.ExactGrammar(defs...)
		if err != nil {
			t.Fatal(err)
		}
		byName := func(name string) (*c.Rule, error) {
			for _, r := range rules {
				if r.Name() == name {
					return r, nil
				}
			}
			return nil, os.ErrNotExist
		}
		r := rules[0]
		in := rapid.StringOfN(rapid.SampledFrom([]rune("ab()")), 0, 8, -1).Draw(t, "in")
		if r.Match(in) && rapid.Bool().Draw(t, "member") {
			in = rulegen.Strings(r).Draw(t, "member") // the language has one at least
		}
		a, err := r.Ambiguity(in)
		if (err == nil) != r.Match(in) {
			t.Fatalf("%s: Ambiguity(%q) = %v, %v; Match %v", r.Grammar(), in, a, err, r.Match(in))
		}
		if a == nil {
			return
		}
		tree, _ := r.Tree(in)
		if diff := cmp.Diff(flatten(tree), flatten(a.Trees[0])); diff != "" {
			t.Fatalf("%s: Ambiguity(%q)'s first tree is not Tree's:\n%s", r.Grammar(), in, diff)
		}
		checkReadings(t, byName, in, a)
	})
}
