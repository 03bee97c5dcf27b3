package codegen

import (
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// TestLoopFunctionShared checks that repetitions of one rule with counts,
// 6( h16 ":" ) and 5( h16 ":" ) as in IPv6address, and rules alike though
// built apart, call one function of the loop with their bounds, once in the
// matcher and once in the diagnosis, and that a star or an option of a rule
// repeated nowhere else stays in place.
func TestLoopFunctionShared(t *testing.T) {
	colon := func() *c.Rule { return c.Seq(c.Lit(":"), c.H16) }
	r := c.Named("r", c.Alt(
		c.Seq(c.Rep(6, 6, colon()), c.Lit("x")),
		c.Seq(c.Rep(5, 5, colon()), c.Lit("y")),
		c.Seq(c.Rep(0, 1, colon()), c.Lit("z")),
		c.Star(c.Seq(c.Lit("a"), c.Lit("b")))))
	g := &Generator{Package: "p"}
	if err := g.Add("m", r); err != nil {
		t.Fatal(err)
	}
	if err := g.AddExplain("x", r); err != nil {
		t.Fatal(err)
	}
	src, err := g.Source()
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	for _, want := range []string{
		"func matchRepColonH16(in string, pos, lo, hi int) int {",
		"func explainRepColonH16(in string, pos, lo, hi int, d *genDiag) int {",
		"matchRepColonH16(in, p, 6, 6)", "matchRepColonH16(in, p, 5, 5)", "matchRepColonH16(in, p, 0, 1)",
		"explainRepColonH16(in, p, 6, 6, d)", "explainRepColonH16(in, p, 0, 1, d)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the output lacks %s:\n%s", want, s)
		}
	}
	if n := strings.Count(s, "func matchRep"); n != 1 {
		t.Errorf("%d loop functions of the matcher, want 1:\n%s", n, s)
	}
}

// TestRuleKey checks that rules built apart alike share a key and that rules
// that differ in a bound, a literal or a name do not.
func TestRuleKey(t *testing.T) {
	g := &Generator{}
	key := func(r *c.Rule) string { return ruleKey(g.nodeOf(r)) }
	one, two := c.Seq(c.Lit(":"), c.H16), c.Seq(c.Lit(":"), c.H16) // two rules, built apart
	if key(one) != key(two) {
		t.Error(`two ":" h16 have different keys`)
	}
	for _, r := range []*c.Rule{c.Seq(c.Lit(";"), c.H16), c.Seq(c.Lit(":"), c.LS32), c.Named("n", c.Seq(c.Lit(":"), c.H16)),
		c.Rep(1, 4, c.Seq(c.Lit(":"), c.H16))} {
		if key(r) == key(c.Seq(c.Lit(":"), c.H16)) {
			t.Errorf("%s has the key of \":\" h16", r)
		}
	}
}

// TestRepName checks the names of loop functions: the parts of a rule
// named after named rules and delimiters, "Part" where there is none.
func TestRepName(t *testing.T) {
	g := &Generator{}
	for _, tc := range []struct {
		r    *c.Rule
		want string
	}{
		{c.Seq(c.H16, c.Lit(":")), "H16Colon"},
		{c.Alt(c.DIGIT, c.Lit(".")), "DIGITOrDot"},
		{c.Seq(c.Lit("ab"), c.H16), "PartH16"},
		{c.Seq(c.DecOctet, c.DecOctet, c.DecOctet, c.DecOctet), "Part"},
	} {
		if got := repName(g.nodeOf(tc.r)); got != tc.want {
			t.Errorf("repName(%s) = %q, want %q", tc.r, got, tc.want)
		}
	}
}
