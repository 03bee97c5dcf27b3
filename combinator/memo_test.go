package combinator

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// steps returns the nodes the memoizing matcher matches for a whole match
// of s against r (r must need it), and the result.
func steps(r *Rule, s string) (int, bool) {
	r = r.prepared()
	c := r.begin(s)
	c.depth = int(r.height)
	e := c.match(r, s, 0)
	return c.steps, e == len(s)
}

// Shapes the fast path matches in more than linear time: a repetition of a
// choice whose first alternative runs a repetition to the end of the input
// and then fails (quadratic), the same one level deeper (cubic), with the
// innermost repetition fused into a scan or matched node by node (a Func).
func backtrackingShapes() map[string]*Rule {
	a := Lit("a")
	fa := Func("a", func(in string, pos int) int {
		if pos < len(in) && in[pos] == 'a' {
			return pos + 1
		}
		return -1
	})
	quad := func(a *Rule) *Rule { return Star(Alt(Seq(Star(a), Lit("b")), a)) }
	cubic := func(a *Rule) *Rule { return Star(Alt(Seq(quad(a), Lit("c")), a)) }
	return map[string]*Rule{
		"quadratic":      quad(a),
		"cubic":          cubic(a),
		"quadratic-func": quad(fa),
		"cubic-func":     cubic(fa),
	}
}

func TestBacktrackingShapesCostLinearSteps(t *testing.T) {
	for name, r := range backtrackingShapes() {
		if r.prepared().simple {
			t.Errorf("%s: on the fast path, which is not linear on it", name)
			continue
		}
		var perByte []float64
		for _, n := range []int{4 << 10, 16 << 10, 64 << 10} {
			in := strings.Repeat("a", n)
			k, ok := steps(r, in)
			if !ok {
				t.Errorf("%s on %d a: no match", name, n)
			}
			perByte = append(perByte, float64(k)/float64(n))
		}
		// Flat: the 64 KiB input takes no more steps a byte than the 4 KiB
		// one, and few.
		if perByte[2] > perByte[0]*1.01 || perByte[2] > 16 {
			t.Errorf("%s: steps a byte at 4, 16, 64 KiB = %.2f, want flat and at most 16", name, perByte)
		}
	}
}

func TestBacktrackingShapesMatchAsThePlainReading(t *testing.T) {
	for name, r := range backtrackingShapes() {
		for _, in := range []string{"", "a", "ab", "aab", "aaba", "aaabac", "abcab", "aaaaaaaaab", "ba", "aac", "aabcd"} {
			spans := make([]Span, 0)
			m := matcher{mode: modePlain, spans: spans}
			want := m.match(r, in, 0) == len(in)
			if got := r.Match(in); got != want {
				t.Errorf("%s.Match(%q) = %v, the plain reading says %v", name, in, got, want)
			}
			n, ok := r.Prefix(in)
			if wantN := m.match(r, in, 0); n != wantN || ok != (wantN >= 0) {
				t.Errorf("%s.Prefix(%q) = %d, %v, want %d", name, in, n, ok, wantN)
			}
		}
	}
}

// TestSharedRulesCostLinearSteps: a choice of two sequences that share the
// rule under them, nested 40 deep, costs 2^40 steps to the fast path; the
// preparation finds its unfolded cost too high and memoizes it.
func TestSharedRulesCostLinearSteps(t *testing.T) {
	calls := 0
	y := Func("x", func(in string, pos int) int {
		calls++
		if pos < len(in) && in[pos] == 'x' {
			return pos + 1
		}
		return -1
	})
	for i := 0; i < 40; i++ {
		y = Alt(Seq(y, Lit("b")), Seq(y, Lit("c")))
	}
	if y.prepared().simple {
		t.Fatal("on the fast path")
	}
	if y.Match("xd") || !y.Match("x"+strings.Repeat("b", 40)) {
		t.Error("Match")
	}
	// Nodes that cost at most memoCost are not memoized: the terminal is
	// called a few times at offset 0 in each of the two matches.
	if calls > 16 {
		t.Errorf("the terminal was called %d times, want a few", calls)
	}
}

func BenchmarkBacktrackingShapes(b *testing.B) {
	for _, name := range []string{"quadratic", "cubic"} {
		r := backtrackingShapes()[name]
		for _, n := range []int{4 << 10, 64 << 10} {
			in := strings.Repeat("a", n)
			b.Run(fmt.Sprintf("%s/%dKiB", name, n>>10), func(b *testing.B) {
				b.SetBytes(int64(n))
				for i := 0; i < b.N; i++ {
					r.Match(in)
				}
			})
		}
	}
}

func TestExplainMemoFindsTheFarthestOffset(t *testing.T) {
	rules := backtrackingShapes()
	rules["path"] = Star(Alt(Seq(PathAbempty, Lit("?")), Lit("/"), Class(PCharSet)))
	rules["named"] = Star(Alt(Seq(Named("run", Star(Lit("ab"))), Lit("c")), Lit("a"), Lit("b")))
	for name, r := range rules {
		r := Seq(r, End)
		for _, in := range []string{"", "x", "ax", "aab", "aabx", "aaacx", "abcx", "/a/b?/c%4", "ababax", "abababx"} {
			want := r.Explain(in)
			got := r.explainMemo(in)
			if (want == nil) != (got == nil) {
				t.Errorf("%s on %q: explainMemo = %v, Explain = %v", name, in, got, want)
				continue
			}
			if want != nil && got.Offset != want.Offset {
				t.Errorf("%s on %q: explainMemo at %d, Explain at %d (%v)", name, in, got.Offset, want.Offset, want)
			}
		}
	}
}

func TestCheckOfBacktrackingShapesIsBounded(t *testing.T) {
	for name, r := range backtrackingShapes() {
		r := Seq(r, End)
		for _, n := range []int{4 << 10, 64 << 10} {
			in := strings.Repeat("a", n) + "x"
			var se *SyntaxError
			if err := r.Check(in); !errors.As(err, &se) || se.Offset != n {
				t.Errorf("%s on %d a and x: %v, want a SyntaxError at %d", name, n, err, n)
			}
			c := r.prepared().begin(in)
			c.depth, c.d = int(r.height), &diag{far: -1}
			c.match(r, in, 0)
			if per := float64(c.steps) / float64(n); per > 16 {
				t.Errorf("%s on %d bytes: the memoized diagnosis takes %.1f steps a byte", name, n, per)
			}
		}
	}
}

func TestRFCRulesTakeTheFastPath(t *testing.T) {
	for _, r := range []*Rule{URIReference, URI, HierPart, AbsoluteURI, RelativeRef, RelativePart, Scheme,
		Authority, UserInfo, Host, Port, IPLiteral, IPvFuture, IPv6Address, H16, LS32, IPv4Address, DecOctet,
		RegName, Path, PathAbempty, PathAbsolute, PathNoScheme, PathRootless, PathEmpty, Segment, SegmentNZ,
		SegmentNZNC, PChar, Query, Fragment, PctEncoded, Unreserved, Reserved, GenDelims, SubDelims} {
		if !r.prepared().simple {
			t.Errorf("%s is not on the fast path (cost %d, needsMemo %v)", r.Name(), r.cost, r.needsMemo)
		}
	}
}

func TestPreparationChoosesTheMatcher(t *testing.T) {
	a, b := Lit("a"), Lit("b")
	fa := Func("fa", func(in string, pos int) int { return -1 })
	for _, c := range []struct {
		name   string
		r      *Rule
		simple bool
	}{
		{"a run then a byte", Seq(Star(a), b), true},
		{"a repetition of a byte and a run", Star(Seq(b, Star(a))), true},               // each repetition consumes what it reads
		{"a repetition of a choice of runs", Star(Alt(Plus(a), Plus(b))), true},         // idem
		{"a repetition of a run then a byte", Star(Seq(Star(a), b)), true},              // the byte that fails after the run ends the repetition: the run is read once
		{"the issue's quadratic shape", Star(Alt(Seq(Star(a), b), a)), false},           // idem
		{"a repetition of a look-ahead at a run", Star(Seq(Peek(Star(a)), b)), false},   // reads, consumes nothing
		{"two runs counted", Star(Seq(b, Rep(2, 2, Plus(fa)))), true},                   // the second that fails after the first ends the repetition
		{"an alternative after a run that fails", Star(Alt(Seq(Star(a), b), b)), false}, // the next alternative succeeds: the run is read again
		{"an optional run then a byte", Star(Seq(b, Opt(Seq(Plus(fa), a)))), false},     // idem
		{"a run of Funcs ending the repetition", Star(Seq(b, Star(fa))), true},          // a Func's cost is its own
		{"a recursion", Seq(a, FuncContext("f", func(*Context, string, int) int { return -1 })), false},
	} {
		if got := c.r.prepared().simple; got != c.simple {
			t.Errorf("%s (%s): on the fast path %v, want %v", c.name, c.r, got, c.simple)
		}
	}
}
