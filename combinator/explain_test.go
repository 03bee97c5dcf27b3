package combinator

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzExplainFrom checks that a hint never changes a diagnosis: ExplainFrom
// with the end of the prefix match (a true lower bound of the farthest
// failure), with 0, with len(s) and with a point in between (which may lie
// past the farthest failure) gives what Explain gives.
func FuzzExplainFrom(f *testing.F) {
	for _, s := range append(append(append([]string{}, rfcExamples112...), rfcRefs542...), uriFragments...) {
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
