package abnf

import (
	"strings"
	"testing"
)

// chainGrammar returns n rules, each a literal then the next rule, the
// last a literal: r0 = "x" r1 / "y", ..., as long chains of rules in
// generated grammars are.
func chainGrammar(n int) string {
	var b strings.Builder
	for i := 0; i < n-1; i++ {
		b.WriteString("r" + itoa(i) + " = \"x\" r" + itoa(i+1) + " / \"y\"\n")
	}
	b.WriteString("r" + itoa(n-1) + " = \"z\"\n")
	return b.String()
}

// TestLongChainOfRulesCompilesAndMatches: a chain of 10,000 rules, each
// using the next, compiles (in time linear in the grammar, the analysis
// following references through tables) and its first rule matches, its
// automaton inlining the whole chain without overflowing the stack.
func TestLongChainOfRulesCompilesAndMatches(t *testing.T) {
	const n = 10_000
	g, err := Parse(chainGrammar(n))
	if err != nil {
		t.Fatal(err)
	}
	r := g.MustRule("r0")
	for s, want := range map[string]bool{"y": true, "xxy": true, strings.Repeat("x", n-1) + "z": true, strings.Repeat("x", n) + "z": false, "xz": false} {
		if got := r.Match(s); got != want {
			t.Errorf("Match(%.20q...) = %v, want %v", s, got, want)
		}
	}
}

// BenchmarkCompileChain: Parse of a chain of 10,000 rules (about 180 KB).
func BenchmarkCompileChain(b *testing.B) {
	src := chainGrammar(10_000)
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		if _, err := Parse(src); err != nil {
			b.Fatal(err)
		}
	}
}
