package combinator

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// earleyOracle is an Earley recognizer over productions made from the rule
// trees of an exact grammar (a nonterminal a definition, and one for each
// alternation and repetition), independent of the engine: it says how far
// a diagnosis reaches and what it expects there.
type earleyOracle struct {
	prods [][][]int // nonterminal: its productions, each of symbols (>= 0 a nonterminal, < 0 terminal -1-i)
	named []*Rule   // nonterminal: the definition it is, nil for a helper
	terms []CharSet // terminal: the bytes it reads
	of    map[*Rule]int
}

func newEarleyOracle(defs []*Rule) *earleyOracle {
	o := &earleyOracle{of: map[*Rule]int{}}
	for _, d := range defs {
		o.of[d] = o.nonterminal(d)
	}
	for _, d := range defs {
		o.prods[o.of[d]] = [][]int{o.symbols(d.subs[0])}
	}
	o.dropUnproductive()
	return o
}

// dropUnproductive removes the productions that hold a nonterminal that
// derives no string (a = a), so that an Earley set holds an item only
// where the input read so far begins a string of the language.
func (o *earleyOracle) dropUnproductive() {
	derives := make([]bool, len(o.prods))
	for changed := true; changed; {
		changed = false
		for nt, prods := range o.prods {
			for _, p := range prods {
				if !derives[nt] && !slices.ContainsFunc(p, func(s int) bool { return s >= 0 && !derives[s] }) {
					derives[nt], changed = true, true
				}
			}
		}
	}
	for nt, prods := range o.prods {
		o.prods[nt] = slices.DeleteFunc(prods, func(p []int) bool {
			return slices.ContainsFunc(p, func(s int) bool { return s >= 0 && !derives[s] })
		})
	}
}

func (o *earleyOracle) nonterminal(named *Rule) int {
	o.prods = append(o.prods, nil)
	o.named = append(o.named, named)
	return len(o.prods) - 1
}

func (o *earleyOracle) term(set CharSet) int {
	o.terms = append(o.terms, set)
	return -len(o.terms)
}

// symbols returns a production for r.
func (o *earleyOracle) symbols(r *Rule) []int {
	switch r.kind {
	case kLit:
		var out []int
		for i := 0; i < len(r.lit); i++ {
			out = append(out, o.term(Chars(r.lit[i:i+1])))
		}
		return out
	case kClass:
		return []int{o.term(r.set)}
	case kSeq:
		var out []int
		for _, s := range r.subs {
			out = append(out, o.symbols(s)...)
		}
		return out
	case kAlt:
		nt := o.nonterminal(nil)
		for _, s := range r.subs {
			p := o.symbols(s)
			o.prods[nt] = append(o.prods[nt], p)
		}
		return []int{nt}
	case kRep:
		var out []int
		for i := 0; i < r.min; i++ {
			out = append(out, o.symbols(r.subs[0])...)
		}
		if r.max == Unbounded {
			star := o.nonterminal(nil)
			o.prods[star] = [][]int{{}, append(o.symbols(r.subs[0]), star)}
			return append(out, star)
		}
		for i := r.min; i < r.max; i++ {
			opt := o.nonterminal(nil)
			o.prods[opt] = [][]int{{}, o.symbols(r.subs[0])}
			out = append(out, opt)
		}
		return out
	case kRef, kExact:
		return []int{o.of[r.target()]}
	}
	panic("kind")
}

type eitem struct{ nt, prod, dot, origin int32 }

// sets returns the Earley sets of the input for the nonterminal start,
// the nullable nonterminals completed when predicted (Aycock and Horspool).
// Only the set being built and the next are indexed, so that an input of a
// mebibyte fits.
func (o *earleyOracle) sets(start int, in string) [][]eitem {
	nullable := make([]bool, len(o.prods))
	for changed := true; changed; {
		changed = false
		for nt, prods := range o.prods {
			for _, p := range prods {
				if !nullable[nt] && !slices.ContainsFunc(p, func(s int) bool { return s < 0 || !nullable[s] }) {
					nullable[nt], changed = true, true
				}
			}
		}
	}
	sets := make([][]eitem, len(in)+1)
	seen := [2]map[eitem]bool{{}, {}}
	add := func(k int, it eitem) {
		m := seen[k&1]
		if !m[it] {
			m[it] = true
			sets[k] = append(sets[k], it)
		}
	}
	for p := range o.prods[start] {
		add(0, eitem{int32(start), int32(p), 0, 0})
	}
	for k := 0; k <= len(in); k++ {
		for i := 0; i < len(sets[k]); i++ {
			it := sets[k][i]
			prod := o.prods[it.nt][it.prod]
			switch {
			case int(it.dot) == len(prod):
				waiting := sets[it.origin]
				if int(it.origin) == k {
					waiting = slices.Clone(waiting)
				}
				for _, w := range waiting {
					if wp := o.prods[w.nt][w.prod]; int(w.dot) < len(wp) && wp[w.dot] == int(it.nt) {
						add(k, eitem{w.nt, w.prod, w.dot + 1, w.origin})
					}
				}
			case prod[it.dot] >= 0:
				next := prod[it.dot]
				for p := range o.prods[next] {
					add(k, eitem{int32(next), int32(p), 0, int32(k)})
				}
				if nullable[next] {
					add(k, eitem{it.nt, it.prod, it.dot + 1, it.origin})
				}
			case k < len(in) && o.terms[-1-prod[it.dot]].Contains(in[k]):
				add(k+1, eitem{it.nt, it.prod, it.dot + 1, it.origin})
			}
		}
		clear(seen[k&1])
	}
	return sets
}

// ends returns the ends of the matches of the nonterminal start at 0,
// ascending, in the sets of sets.
func (o *earleyOracle) ends(start int, sets [][]eitem) []int {
	var out []int
	for k, set := range sets {
		for _, it := range set {
			if int(it.nt) == start && it.origin == 0 && int(it.dot) == len(o.prods[it.nt][it.prod]) {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

// expected returns the farthest offset whose set is not empty and, there,
// the named rules expected (the outermost named rule started there around
// each byte a scanning item expects, the rule explained excepted) and the
// bytes of the terminals expected under no such rule.
func (o *earleyOracle) expected(root *Rule, in string, sets [][]eitem) (far int, named []string, bytes CharSet) {
	start := o.of[root]
	for far = len(in); far >= 0 && len(sets[far]) == 0; far-- {
	}
	if far < 0 {
		return -1, nil, bytes // the rule matches nothing
	}
	set := sets[far]
	// ctx[nt]: the outermost named rules started at far around the
	// invocations of nt started there (nil: none), by a fixpoint.
	ctx := map[int32]map[*Rule]bool{}
	add := func(nt int32, x *Rule) bool {
		if ctx[nt] == nil {
			ctx[nt] = map[*Rule]bool{}
		}
		if ctx[nt][x] {
			return false
		}
		ctx[nt][x] = true
		return true
	}
	if far == 0 {
		add(int32(start), nil)
	}
	self := func(nt int32) *Rule { // nt itself, as a rule to name, when it is one
		if r := o.named[nt]; r != nil && r != root {
			return r
		}
		return nil
	}
	for changed := true; changed; {
		changed = false
		for _, it := range set {
			prod := o.prods[it.nt][it.prod]
			if int(it.dot) == len(prod) || prod[it.dot] < 0 {
				continue
			}
			if int(it.origin) < far {
				changed = add(int32(prod[it.dot]), nil) || changed
				continue
			}
			for x := range ctx[it.nt] {
				if x == nil {
					x = self(it.nt)
				}
				changed = add(int32(prod[it.dot]), x) || changed
			}
		}
	}
	names := map[string]bool{}
	for _, it := range set {
		prod := o.prods[it.nt][it.prod]
		if int(it.dot) == len(prod) || prod[it.dot] >= 0 {
			continue
		}
		labels := map[*Rule]bool{nil: true}
		if int(it.origin) == far {
			labels = map[*Rule]bool{}
			for x := range ctx[it.nt] {
				if x == nil {
					x = self(it.nt)
				}
				labels[x] = true
			}
		}
		for x := range labels {
			if x == nil {
				bytes = bytes.Union(o.terms[-1-prod[it.dot]])
			} else {
				names[x.name] = true
			}
		}
	}
	for n := range names {
		named = append(named, n)
	}
	slices.Sort(named)
	return far, named, bytes
}

// diagnosis returns what the diagnosis of r (an exact rule) against in
// records: the farthest offset, the names of the named rules expected
// there and the bytes of the terminals expected.
func diagnosis(r *Rule, in string) (far int, named []string, bytes CharSet) {
	d := diag{far: -1, root: r}
	m := matcher{mode: modeExplain, d: &d}
	m.matchExact(r, in, 0)
	names := map[string]bool{}
	for i := 0; i < d.n; i++ {
		x := d.expected(i)
		switch x.kind {
		case kExact:
			names[x.name] = true
		case kLit:
			bytes = bytes.Union(Chars(x.lit[:1]))
		case kClass:
			bytes = bytes.Union(x.set)
		default:
			panic(fmt.Sprintf("a label of kind %v", x.kind))
		}
	}
	for n := range names {
		named = append(named, n)
	}
	slices.Sort(named)
	return d.far, named, bytes
}

// TestDiagnosesExpectWhatEarleySays: on random grammars with recursion of
// every kind, regular rules (the automaton) and others (the recognizer)
// alike, a diagnosis reaches the farthest offset whose Earley set is not
// empty (the end of the longest prefix of the input that begins a string of
// the language), and expects there the named rules started there (the
// outermost around each byte, not one of a loop entered earlier) and the
// bytes the terminals under none read. Ten runs of rapid's checks: a rule
// closed where a right-linear group ends (its iLeave of groupMark) takes a
// few hundred grammars to meet.
func TestDiagnosesExpectWhatEarleySays(t *testing.T) {
	for range 10 {
		diagnosesExpectWhatEarleySays(t)
	}
}

func diagnosesExpectWhatEarleySays(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rules := drawExactGrammar(t)
		in := rapid.StringOfN(rapid.SampledFrom([]rune("ab()")), 0, 10, -1).Draw(t, "in")
		o := newEarleyOracle(rules)
		for _, r := range rules {
			r = r.prepared()
			wantFar, wantNamed, wantBytes := o.expected(r, in, o.sets(o.of[r], in))
			far, named, bytes := diagnosis(r, in)
			if len(wantNamed) == 0 && wantBytes.IsEmpty() {
				wantFar = -1 // nothing expected, nothing recorded
			}
			if far != wantFar || !slices.Equal(named, wantNamed) || bytes != wantBytes {
				t.Fatalf("%s: diagnosis of %q: offset %d, expected %v and %v; Earley: %d, %v and %v",
					strings.TrimSpace(r.Grammar()), in, far, named, bytes, wantFar, wantNamed, wantBytes)
			}
		}
	})
}

// TestExactDiagnosesNameTheRulesStartedThere: what a diagnosis of an exact
// rule expects, derived from the grammars by hand.
// endRule is r = "a" (End "b" / "c" / "(" r ")").
func endRule() Def {
	return Def{Name: "r", Body: Seq(Lit("a"), Alt(Seq(End, Lit("b")), Lit("c"), Seq(Lit("("), Ref("r"), Lit(")"))))}
}

func TestExactDiagnosesNameTheRulesStartedThere(t *testing.T) {
	v := func() Def { return Def{Name: "v", Body: Alt(Lit("x"), Seq(Lit("["), Ref("v"), Lit("]")))} }
	for _, tc := range []struct {
		name string
		defs []Def
		in   string
		want string
	}{
		// x = *"b" started at 1: inside its loop at 3, a "b" is expected,
		// not x.
		{"a loop entered earlier", []Def{
			{Name: "r", Body: Seq(Lit("a"), Ref("x"), Lit("!"))},
			{Name: "x", Body: Star(Lit("b"))},
		}, "abb?", `invalid character '?' at offset 3 in r: expected %s"b" or "!"`},
		// x starts at 1: x, not its "b".
		{"a rule started there", []Def{
			{Name: "r", Body: Seq(Lit("a"), Ref("x"), Lit("!"))},
			{Name: "x", Body: Plus(Lit("b"))},
		}, "a?", `invalid character '?' at offset 1 in r: expected x`},
		// v, recursive, a procedure the next byte cannot start: expected
		// all the same.
		{"a procedure the byte cannot start", []Def{
			{Name: "a", Body: Seq(Lit("["), Ref("v"), Lit("]"))}, v(),
		}, "[y", `invalid character 'y' at offset 1 in a: expected v`},
		// w = v, started at 1 around v's invocation: w.
		{"a rule around a call", []Def{
			{Name: "a", Body: Seq(Lit("["), Ref("w"), Lit("]"))}, {Name: "w", Body: Ref("v")}, v(),
		}, "[y", `invalid character 'y' at offset 1 in a: expected w`},
		// Inside v started at 1, at 2: v's own "[" read, v expected again.
		{"inside a procedure started earlier", []Def{
			{Name: "a", Body: Seq(Lit("["), Ref("v"), Lit("]"))}, v(),
		}, "[[y", `invalid character 'y' at offset 2 in a: expected v`},
		// r1 = r0 jumps back into r0: r1 starts at 0 around r0's "a".
		{"a right-linear jump", []Def{
			{Name: "r0", Body: Seq(Star(Lit("a")), Ref("r1"))},
			{Name: "r1", Body: Alt(Ref("r0"), Lit("!"))},
		}, "b", `invalid character 'b' at offset 0 in r0: expected %s"a" or r1`},
		// e, a procedure, called at 1 ends there empty: the thread past
		// the call, at "x", is still in c, started at 1 around both.
		{"past a call that ended empty", []Def{
			{Name: "r", Body: Seq(Lit("["), Ref("c"), Lit("]"))},
			{Name: "c", Body: Seq(Ref("e"), Lit("x"))},
			{Name: "e", Body: Alt(Lit(""), Seq(Lit("("), Ref("e"), Lit(")")))},
		}, "[y", `invalid character 'y' at offset 1 in r: expected c`},
		{"past a call that ended empty, first of its set", []Def{
			{Name: "r", Body: Seq(Ref("c"), Lit("]"))},
			{Name: "c", Body: Seq(Ref("e"), Lit("x"))},
			{Name: "e", Body: Alt(Lit(""), Seq(Lit("("), Ref("e"), Lit(")")))},
		}, "y", `invalid character 'y' at offset 0 in r: expected c`},
		// End, a PEG operator inside a recursive rule: at the end of the
		// input it holds, and what follows it is expected; before it, it
		// is expected itself.
		{"End at the end of the input", []Def{endRule()}, "a", `unexpected end of input at offset 1 in r: expected %s"c", "(" or %s"b"`},
		{"End before the end of the input", []Def{endRule()}, "ax", `invalid character 'x' at offset 1 in r: expected end of input, %s"c" or "("`},
		// a = b, b = a: no string at all.
		{"a rule that matches nothing", []Def{
			{Name: "a", Body: Ref("b")}, {Name: "b", Body: Ref("a")},
		}, "x", `invalid character 'x' at offset 0 in a: expected nothing`},
	} {
		rules, err := ExactGrammar(tc.defs...)
		if err != nil {
			t.Fatal(err)
		}
		if err := rules[0].Check(tc.in); err == nil || err.Error() != tc.want {
			t.Errorf("%s: Check(%q) = %v, want %s", tc.name, tc.in, err, tc.want)
		}
	}
}
