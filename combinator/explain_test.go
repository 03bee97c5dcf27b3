package combinator

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/internal/ruletest"
)

// FuzzExplainFrom checks that a hint never changes a diagnosis: ExplainFrom
// with the end of the prefix match (a true lower bound of the farthest
// failure), with 0, with len(s) and with a point in between (which may lie
// past the farthest failure) gives what Explain gives.
func FuzzExplainFrom(f *testing.F) {
	for _, s := range append(append(append([]string{}, ruletest.Examples...), ruletest.Refs(ruletest.Abnormal)...), ruletest.Pieces...) {
		f.Add(s + " x")
		f.Add(s)
	}
	for _, s := range []string{"http://a b", "%zz", "a%4", "1a:b", "http://[::1/", "a:b#c#d", "http://h:8x/", "//[v1.]", "<a>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range exportedRules {
			want := r.Explain(s)
			if want == nil {
				continue
			}
			hints := []int{0, len(s), len(s) / 2}
			if n, ok := r.Prefix(s); ok {
				hints = append(hints, n)
			}
			for _, h := range hints {
				if got := r.ExplainFrom(s, h); !cmp.Equal(got, want) {
					t.Fatalf("%s on %q with hint %d:\n%s", r.Name(), s, h, cmp.Diff(want, got))
				}
			}
		}
	})
}

func TestExplainFromOutOfRange(t *testing.T) {
	s := "http://a b"
	want := URIReference.Explain(s)
	for _, h := range []int{-5, -1, len(s) + 1} {
		if got := URIReference.ExplainFrom(s, h); !cmp.Equal(got, want) {
			t.Errorf("hint %d: %s", h, cmp.Diff(want, got))
		}
	}
	if URIReference.ExplainFrom("http://a", 3) != nil {
		t.Error("ExplainFrom of a match is not nil")
	}
}

// TestExplainEmptyAlt: Alt() matches nothing (rule.go), so a rule that
// reaches one fails there, and its diagnosis says where, as it does for a
// Not: the offset of the empty alternation, with the alternation expected.
// It once gave offset -1 and nothing expected, as if nothing had failed.
// The label "( )" is how this package prints Alt() (TestConstructorsPrint),
// not ABNF: RFC 5234 has no empty group, as no grammar of its own needs one.
func TestExplainEmptyAlt(t *testing.T) {
	type result struct {
		Offset   int
		Expected []string
	}
	for _, tc := range []struct {
		rule *Rule
		in   string
		want result
	}{
		{Seq(Lit("a"), Alt()), "ab", result{1, []string{"( )"}}},
		{Seq(Lit("a"), Alt()), "a", result{1, []string{"( )"}}},
		{Alt(), "", result{0, []string{"( )"}}},
		// The alternative that reads farther is the one reported: the rest of
		// the literal, where it differs.
		{Alt(Alt(), Lit("xy")), "xz", result{1, []string{`%s"y"`}}},
	} {
		e := tc.rule.Explain(tc.in)
		if e == nil {
			t.Errorf("%v.Explain(%q) = nil, want a failure", tc.rule, tc.in)
			continue
		}
		if diff := cmp.Diff(tc.want, result{e.Offset, e.Expected}); diff != "" {
			t.Errorf("%v.Explain(%q) (-want +got):\n%s", tc.rule, tc.in, diff)
		}
	}
}

// TestExplainListsEveryExpectedPastSixteen: a diagnosis keeps the first 16
// rules expected at the farthest offset in an array and the others in a
// slice (diag.exp, diag.more); every one of them is reported, in the order
// tried, and a named rule that fails where it starts replaces what was
// expected inside it (its literals) by its name, also when more than 16 came
// before it ("big" can start with "z", so it is entered, and fails at 0,
// where its look-ahead refuses the "z").
func TestExplainListsEveryExpectedPastSixteen(t *testing.T) {
	var alts []*Rule
	var want []string
	for i := 1; i <= 20; i++ {
		name := fmt.Sprintf("r%02d", i)
		alts = append(alts, Named(name, Lit(fmt.Sprintf("k%02d", i))))
		want = append(want, name)
	}
	for _, tc := range []struct {
		rule *Rule
		want []string
	}{
		{Named("root", Alt(alts...)), want},
		{Named("root", Alt(append(alts[:20:20], Named("big", Seq(Not(Lit("z")), Lit("z"))))...)), append(want[:20:20], "big")},
	} {
		err := tc.rule.Explain("z")
		if err == nil {
			t.Fatalf("%s matches %q", tc.rule.Name(), "z")
		}
		if err.Offset != 0 {
			t.Errorf("Offset = %d, want 0", err.Offset)
		}
		if d := cmp.Diff(tc.want, err.Expected); d != "" {
			t.Errorf("Expected (-want +got):\n%s", d)
		}
	}
}

// TestExplainZeroRepetitionExpectsWhatFollows: 0*0DIGIT (RFC 5234 §3.6: at
// least and at most 0 occurrences) matches only the empty string, so at
// offset 0 of "c" only the "b" after it is expected, not a DIGIT, which the
// repetition may not take.
func TestExplainZeroRepetitionExpectsWhatFollows(t *testing.T) {
	r := Seq(Rep(0, 0, DIGIT), Lit("b"))
	checkExplain(t, r, "c", 0, `%s"b"`)
}

// checkExplain checks that r fails on in at offset with the labels
// expected, in order, as Explain reports them.
func checkExplain(t *testing.T, r *Rule, in string, offset int, expected ...string) {
	t.Helper()
	err := r.Explain(in)
	if err == nil {
		t.Errorf("%s matches %q", r, in)
		return
	}
	type diag struct {
		Offset   int
		Expected []string
	}
	if d := cmp.Diff(diag{offset, expected}, diag{err.Offset, err.Expected}); d != "" {
		t.Errorf("%s on %q (-want +got):\n%s", r, in, d)
	}
}

// TestExplainExpectsHexdigInATripletAfterAScan: where a fused scan stops at
// a "%" whose second hex digit is missing, HEXDIG is expected two bytes
// after it (pct-encoded = "%" HEXDIG HEXDIG, RFC 3986 §2.1), also when an
// earlier alternative has already failed exactly there: both are reported.
// On "a%Bz", the first alternative reads "a%B" and expects "!" at 3; the
// second reads "a", then reg-name (a fused run) stops at the "%", and
// HEXDIG is expected at 3, where "z" is.
func TestExplainExpectsHexdigInATripletAfterAScan(t *testing.T) {
	r := Alt(Seq(Lit("a%B"), Lit("!")), Seq(Lit("a"), RegName, End))
	err := r.Explain("a%Bz")
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("Explain(a%%Bz) = %v, want a *SyntaxError", err)
	}
	if se.Offset != 3 {
		t.Errorf("Explain(a%%Bz) offset %d, want 3", se.Offset)
	}
	if d := cmp.Diff([]string{`"!"`, "HEXDIG"}, se.Expected); d != "" {
		t.Errorf("Explain(a%%Bz) expected (-want +got):\n%s", d)
	}
}

// TestExplainUnnamedAlternativeThatCannotStart: at the farthest offset, an
// alternative that cannot start with the next byte is still run when it has
// no name, so that what is expected inside it is reported: on "x", ( "-"
// "+" ) / "." expects "-", the start of the first alternative, and ".", not
// the sequence as a whole.
func TestExplainUnnamedAlternativeThatCannotStart(t *testing.T) {
	r := Alt(Seq(Lit("-"), Lit("+")), Lit("."))
	checkExplain(t, r, "x", 0, `"-"`, `"."`)
}

// TestExplainWhereAFusedRunStops: what a diagnosis expects where a fused
// scan stops. *( "/" *"a" ) END on "/ax" stops at 2, where "a" (one more of
// the inner run), "/" (the next iteration) or the end may come; a sequence
// of one around the iteration's body is the same rule and expects the same.
// *2"a" "b" (RFC 5234 §3.6: at most two) on "aaa" stops at its bound, 2,
// where only "b" may come, also when the unit may be a pct-encoded triplet
// (which the unit count reads as three bytes).
func TestExplainWhereAFusedRunStops(t *testing.T) {
	a := Class(Chars("a"))
	type diag struct {
		Offset   int
		Expected []string
	}
	for _, tc := range []struct {
		r    *Rule
		in   string
		want diag
	}{
		{Seq(Star(Seq(Lit("/"), Star(a))), End), "/ax", diag{2, []string{`%x61`, `"/"`, "end of input"}}},
		{Seq(Star(Seq(Seq(Lit("/"), Star(a)))), End), "/ax", diag{2, []string{`%x61`, `"/"`, "end of input"}}},
		{Seq(Rep(0, 2, a), Lit("b")), "aaa", diag{2, []string{`%s"b"`}}},
		{Seq(Rep(0, 2, Alt(a, PctEncoded)), Lit("b")), "aaa", diag{2, []string{`%s"b"`}}},
	} {
		checkExplain(t, tc.r, tc.in, tc.want.Offset, tc.want.Expected...)
	}
}

// TestExplainLookAheadOfAnEmptyMatch: a look-ahead whose rule matches the
// empty string at offset 0: ![ "x" ] "y" never matches ([ "x" ] always
// does), and &[ "x" ] "y" matches "y", in a diagnosis too, which runs
// look-aheads through the recording matcher's look.
func TestExplainLookAheadOfAnEmptyMatch(t *testing.T) {
	if err := Seq(Not(Opt(Lit("x"))), Lit("y")).Explain("y"); err == nil || err.Offset != 0 {
		t.Errorf(`![ "x" ] "y": Explain("y") = %v, want a failure at 0`, err)
	}
	if err := Seq(Peek(Opt(Lit("x"))), Lit("y")).Explain("y"); err != nil {
		t.Errorf(`&[ "x" ] "y": Explain("y") = %v, want nil`, err)
	}
}

// TestExplainNamedEmptyMatchAtStart: a named rule that matches the empty
// string where it starts has not failed, so it is not reported by its name:
// on "x", n "b" with n = [ "a" ] expects "a" (n going on) or "b" at 0.
func TestExplainNamedEmptyMatchAtStart(t *testing.T) {
	checkExplain(t, Seq(Named("n", Opt(Lit("a"))), Lit("b")), "x", 0, `%s"a"`, `%s"b"`)
}

// TestExplainFusedUnitLabels: where a fused run stops, the labels of its
// unit are expected as the unfused rule would expect them: a named unit by
// its name (*w "b" with w = ( "a" ), on "ax": w or "b" at 1), an unnamed
// sequence of one by what it holds (*( ( "a" / "c" ) ) "b" on "ax": "a",
// "c" or "b" at 1), and an unnamed "%" HEXDIG HEXDIG as a pct-encoded
// triplet (*( "a" / "%" HEXDIG HEXDIG ) "b" on "a%4x": HEXDIG at 3, where
// "x" is, RFC 3986 §2.1).
func TestExplainFusedUnitLabels(t *testing.T) {
	a := Class(Chars("a"))
	type diag struct {
		Offset   int
		Expected []string
	}
	for _, tc := range []struct {
		r    *Rule
		in   string
		want diag
	}{
		{Seq(Star(Named("w", Seq(a))), Lit("b")), "ax", diag{1, []string{"w", `%s"b"`}}},
		{Seq(Star(Seq(Alt(a, Lit("c")))), Lit("b")), "ax", diag{1, []string{`%x61`, `%s"c"`, `%s"b"`}}},
		{Seq(Star(Alt(a, Seq(Lit("%"), HEXDIG, HEXDIG))), Lit("b")), "a%4x", diag{3, []string{"HEXDIG"}}},
	} {
		checkExplain(t, tc.r, tc.in, tc.want.Offset, tc.want.Expected...)
	}
}
