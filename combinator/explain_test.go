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
