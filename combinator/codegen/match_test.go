package codegen

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// needleInLoop is a choice between a run with a byte after it and something
// else, repeated: the IndexByte test of the byte would read the rest of the
// input at each step, which is not linear, so it is not made there.
var needleInLoop = c.Plus(c.Alt(c.Seq(c.Capture(0, c.Star(c.Class(c.ByteRange('a', 'z')))), c.Lit("@")), c.Lit("!")))

// TestNeedleOnlyOnce checks where the IndexByte test before a run and its
// byte is made: in the function of Add, outside a repetition, and not in the
// function of a named rule, which another may call in a loop.
func TestNeedleOnlyOnce(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    *c.Rule
		want int
	}{
		{"an Opt at the top", c.Seq(c.Opt(c.Seq(c.Capture(0, c.Star(c.Class(c.ByteRange('a', 'z')))), c.Lit("@"))), c.Lit("x")), 1},
		{"in a repetition", needleInLoop, 0},
		{"authority with captures", c.Seq(c.Lit("//"), c.Capture(0, c.Seq(c.Opt(c.Seq(c.Capture(1, c.UserInfo), c.Lit("@"))), c.Capture(2, c.Host)))), 1},
		{"URI-reference, a named rule", c.URIReference, 0},
		{"a named rule's own function", c.Seq(c.Star(c.Lit("x")), c.Capture(0, c.Lit("y")), c.Authority), 0},
	} {
		src, err := GenerateGo(tc.r, "p", "m")
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(string(src), "strings.IndexByte("); got != tc.want {
			t.Errorf("%s: %d IndexByte tests, want %d", tc.name, got, tc.want)
		}
	}
}

// TestGenerateRepetitionCountsOnlyWhatItChecks: the matcher of a
// repetition counts its iterations only when it checks a bound: *( "a" "b" )
// and [ "a" "b" ] keep no counter, 0*2( "a" "b" ) and the scan 0*2alpha do,
// and without a minimum they check none, nor does the scan of characters
// 0*2( alpha / %x80-10FFFF ).
func TestGenerateRepetitionCountsOnlyWhatItChecks(t *testing.T) {
	ab := c.Seq(c.Lit("a"), c.Lit("b"))
	counter := regexp.MustCompile(`\bv[0-9]+\+\+`)
	minCheck := regexp.MustCompile(`\bv[0-9]+ < 0\b`)
	for _, tc := range []struct {
		name   string
		r      *c.Rule
		counts bool
	}{
		{"*( a b )", c.Star(ab), false},
		{"[ a b ]", c.Opt(ab), false},
		{"0*2( a b )", c.Rep(0, 2, ab), true},
		{"0*2alpha", c.Rep(0, 2, c.Class(c.ByteRange('a', 'z'))), true},
		{"0*2( alpha / %x80-10FFFF )", c.Rep(0, 2, c.Alt(c.Class(c.ByteRange('a', 'z')),
			c.RuneClass(c.Runes(c.RuneRange{Lo: 0x80, Hi: 0x10FFFF})))), true},
	} {
		src := genSource(t, func(g *Generator) error { return g.Add("m", tc.r) })
		if got := counter.MatchString(src); got != tc.counts {
			t.Errorf("%s: a counter %v, want %v:\n%s", tc.name, got, tc.counts, src)
		}
		if m := minCheck.FindString(src); m != "" {
			t.Errorf("%s: checks %s:\n%s", tc.name, m, src)
		}
	}
}

// TestGenerateNamedRuleIsACall: the function Add makes of a named rule
// without captures is the bounds check and a call of the rule's own
// function, which other functions may call too: the rule is written once.
func TestGenerateNamedRuleIsACall(t *testing.T) {
	src, err := GenerateGo(c.URIReference, "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := bytes.Cut(src, []byte("func m(in string, pos int) int {\n"))
	body, _, _ = bytes.Cut(body, []byte("\n}\n"))
	// The bounds check (three lines) and the call.
	if lines := bytes.Count(body, []byte("\n")) + 1; lines != 4 || !bytes.HasSuffix(body, []byte("\treturn matchURIReference(in, pos)")) {
		t.Errorf("m's body is not a bounds check and a call of matchURIReference:\n%s", body)
	}
}

// TestGenerateNoFailureWhereNothingFails: the function of a rule that
// cannot fail (*"a" matches the empty string, RFC 5234 §3.6) returns -1
// only for a pos out of range, and its body has no failure path.
func TestGenerateNoFailureWhereNothingFails(t *testing.T) {
	src, err := GenerateGo(c.Star(c.Lit("a")), "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(src, []byte("return -1")); n != 1 {
		t.Errorf("%d returns of -1, want 1 (pos out of range):\n%s", n, src)
	}
}

// TestGenerateOneByteClass: a class of one byte is a comparison with it,
// without a table: a printable ASCII byte written as a rune literal ('a'),
// another in hex, NUL (%x00), the first byte, included.
func TestGenerateOneByteClass(t *testing.T) {
	for _, tc := range []struct {
		b    byte
		want string
	}{{0x00, "0x00"}, {0x01, "0x01"}, {'a', "'a'"}, {0xE9, "0xe9"}} {
		src, err := GenerateGo(c.Plus(c.Seq(c.Class(c.Chars(string([]byte{tc.b}))), c.Lit("-"))), "p", "m")
		if err != nil {
			t.Fatal(err)
		}
		want := "in[p] != " + tc.want
		if !bytes.Contains(src, []byte(want)) || bytes.Contains(src, []byte("[256]")) {
			t.Errorf("%%x%02X: want %q and no table in\n%s", tc.b, want, src)
		}
	}
}

// TestGenerateSkipByFirstByte: a repetition tests whether the next byte can
// start its rule before it saves its position and tries it: *"ab" stops
// at a byte other than "a" (the literal itself compares two bytes at once).
func TestGenerateSkipByFirstByte(t *testing.T) {
	src, err := GenerateGo(c.Star(c.Lit("ab")), "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	if want := "in[p] != 'a' {"; !bytes.Contains(src, []byte(want)) {
		t.Errorf("the output does not hold %q:\n%s", want, src)
	}
}

// TestGenerateNamedRuleComment: a named rule written out where it is used
// (here a literal) is preceded by a comment with its name, and an unnamed
// one by none.
func TestGenerateNamedRuleComment(t *testing.T) {
	src, err := GenerateGo(c.Seq(c.Lit("x"), c.Named("why-not", c.Lit("yz"))), "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte("\t// why-not\n")) || bytes.Contains(src, []byte("//\n")) {
		t.Errorf("want a comment // why-not and no empty one in\n%s", src)
	}
}

// TestNeedleAfterRepetitionAndRuneRun: the IndexByte test before a run and
// its byte is made after a repetition has ended (the test runs once a match
// there), before a run of characters as before a run of bytes, and not
// before a repetition that is no scan (*"ab").
func TestNeedleAfterRepetitionAndRuneRun(t *testing.T) {
	alpha := c.Class(c.ByteRange('a', 'z'))
	chars := c.Alt(alpha, c.RuneClass(c.Runes(c.RuneRange{Lo: 0xA0, Hi: 0xD7FF})))
	for _, tc := range []struct {
		name string
		r    *c.Rule
		want int
	}{
		{"after a repetition", c.Seq(c.Star(c.Lit("xy")), c.Opt(c.Seq(c.Capture(0, c.Star(alpha)), c.Lit("@"))), c.Lit("z")), 1},
		{"a run of characters", c.Seq(c.Opt(c.Seq(c.Capture(0, c.Star(chars)), c.Lit("@"))), c.Lit("z")), 1},
		{"a repetition that is no scan", c.Seq(c.Opt(c.Seq(c.Capture(0, c.Star(c.Lit("ab"))), c.Lit("@"))), c.Lit("z")), 0},
	} {
		src, err := GenerateGo(tc.r, "p", "m")
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(string(src), "strings.IndexByte("); got != tc.want {
			t.Errorf("%s: %d IndexByte tests, want %d", tc.name, got, tc.want)
		}
	}
}

// TestGenerateStraightNamedRuleInline: a named rule that is a sequence of
// byte tests and runs (scheme = ALPHA *ALPHA here) is written inline where
// it is used, under a comment of its name, not as a function of its own
// (straight, callable).
func TestGenerateStraightNamedRuleInline(t *testing.T) {
	alpha := c.Class(c.ByteRange('a', 'z'))
	src, err := GenerateGo(c.Seq(c.Lit("x"), c.Named("scheme", c.Seq(alpha, c.Star(alpha))), c.Lit(":")), "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	var funcs []string
	for _, m := range regexp.MustCompile(`(?m)^func (\w+)\(`).FindAllStringSubmatch(string(src), -1) {
		funcs = append(funcs, m[1])
	}
	if want := []string{"m", "mScan", "mAll", "mWord", "mStop", "mSets", "mFill"}; !slices.Equal(funcs, want) || !strings.Contains(string(src), "\t// scheme\n") {
		t.Errorf("functions %v, want %v, with scheme inline in m:\n%s", funcs, want, src)
	}
}
