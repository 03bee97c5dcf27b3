package combinator_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	c "github.com/seed42851778/rfc3986/combinator"
)

// TestTreeClosesRightLinearRulesWhereTheyEnd: rc = rb, rb = "" / "x" rc
// is right-linear, compiled as one automaton whose references are jumps;
// each rule of its derivation ends where the last one does, not where the
// rule around them (ra) ends.
func TestTreeClosesRightLinearRulesWhereTheyEnd(t *testing.T) {
	rules, err := c.ExactGrammar(
		c.Def{Name: "ra", Body: c.Seq(c.Lit("a"), c.Ref("rc"), c.Lit("b"))},
		c.Def{Name: "rb", Body: c.Alt(c.Lit(""), c.Seq(c.Lit("x"), c.Ref("rc")))},
		c.Def{Name: "rc", Body: c.Ref("rb")},
	)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := rules[0].Tree("axxb")
	if err != nil {
		t.Fatal(err)
	}
	// ra = "a" rc "b"; rc = rb = "x" rc; rc = rb = "x" rc; rc = rb = "".
	want := []flat{
		{0, "ra", 0, 4},
		{1, "rc", 1, 3},
		{2, "rb", 1, 3},
		{3, "rc", 2, 3},
		{4, "rb", 2, 3},
		{5, "rc", 3, 3},
		{6, "rb", 3, 3},
	}
	if diff := cmp.Diff(want, flatten(tree)); diff != "" {
		t.Errorf("Tree(axxb) (-want +got):\n%s", diff)
	}
}
