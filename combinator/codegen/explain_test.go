package codegen

import (
	"regexp"
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// TestExplainNamedRuleThatCannotFail: a named rule that matches whatever
// follows (s = *"a", RFC 5234 §3.6: zero occurrences match) is never
// expected, so its label is not in the table: only "a", expected where the
// repetition stops, and the end of input, expected after a whole match of
// a prefix (the record's exp has room for one id per label).
func TestExplainNamedRuleThatCannotFail(t *testing.T) {
	src := genSource(t, func(g *Generator) error { return g.AddExplain("x", c.Named("s", c.Star(c.Lit("a")))) })
	want := "var genLabels = [...]string{\n\t\"%s\\\"a\\\"\",\n\t\"end of input\",\n}\n"
	if !strings.Contains(src, want) {
		t.Errorf("the output does not hold\n%s\nit is:\n%s", want, src)
	}
}

// TestExplainRepetitionCountsOnlyWhatItChecks: the diagnosis of a
// repetition counts its iterations only when it checks a bound: *( "a" "b" )
// keeps no counter, and a repetition without a minimum (0*2, *) checks
// none, unfused or a fused run.
func TestExplainRepetitionCountsOnlyWhatItChecks(t *testing.T) {
	ab := c.Seq(c.Lit("a"), c.Lit("b"))
	alpha := c.Class(c.ByteRange('a', 'z'))
	counter := regexp.MustCompile(`\bv[0-9]+\+\+`)
	minCheck := regexp.MustCompile(`\bv[0-9]+ < 0\b`)
	for _, tc := range []struct {
		name   string
		r      *c.Rule
		counts bool
	}{
		{"*( a b )", c.Star(ab), false},
		{"0*2( a b )", c.Rep(0, 2, ab), true},
		{"0*2alpha", c.Rep(0, 2, alpha), true},
		{"*alpha", c.Star(alpha), false},
	} {
		src := genSource(t, func(g *Generator) error { return g.AddExplain("x", tc.r) })
		if got := counter.MatchString(src); got != tc.counts {
			t.Errorf("%s: a counter %v, want %v:\n%s", tc.name, got, tc.counts, src)
		}
		if m := minCheck.FindString(src); m != "" {
			t.Errorf("%s: checks %s:\n%s", tc.name, m, src)
		}
	}
}

// TestExplainLiteralTails: the labels of a diagnosis of "abc" are the
// literal's, those of the rest of it after one and two bytes ("bc" and "c",
// expected where the literal stops matching), and the end of input: no
// label of an empty rest, which nothing expects.
func TestExplainLiteralTails(t *testing.T) {
	src := genSource(t, func(g *Generator) error { return g.AddExplain("x", c.Lit("abc")) })
	want := "var genLabels = [...]string{\n\t\"%s\\\"abc\\\"\",\n\t\"%s\\\"bc\\\"\",\n\t\"%s\\\"c\\\"\",\n\t\"end of input\",\n}\n"
	if !strings.Contains(src, want) {
		t.Errorf("the output does not hold\n%s\nit is:\n%s", want, src)
	}
}
