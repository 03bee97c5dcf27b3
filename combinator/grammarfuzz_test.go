package combinator

import (
	"errors"
	"fmt"
	"testing"
)

// A reference interpreter of the constructors, kept apart from the engine:
// a plain backtracking PEG matcher over a tree of its own (gnode), with no
// first sets, fusion, skipping or memory. FuzzGrammar builds the same
// grammar both ways from the fuzzer's bytes and compares the two.

type gnode struct {
	op       Op
	lit      string
	fold     bool
	set      CharSet
	subs     []*gnode
	min, max int
	rec      bool // "(" then the whole grammar again, through a FuncContext
}

// errBudget stops a reference match that backtracks too much to be worth
// waiting for (nested repetitions on a long input).
var errBudget = errors.New("reference budget")

type refMatcher struct {
	root  *gnode
	steps int
}

func (m *refMatcher) match(g *gnode, in string, pos int) int {
	if m.steps++; m.steps > 2_000_000 {
		panic(errBudget)
	}
	switch g.op {
	case OpLit:
		if len(in)-pos < len(g.lit) {
			return -1
		}
		for i := 0; i < len(g.lit); i++ {
			a, b := in[pos+i], g.lit[i]
			if g.fold && 'A' <= a && a <= 'Z' {
				a += 'a' - 'A'
			}
			if g.fold && 'A' <= b && b <= 'Z' {
				b += 'a' - 'A'
			}
			if a != b {
				return -1
			}
		}
		return pos + len(g.lit)
	case OpClass:
		if pos < len(in) && g.set.Contains(in[pos]) {
			return pos + 1
		}
		return -1
	case OpSeq:
		if g.rec {
			if pos < len(in) && in[pos] == '(' {
				return m.match(m.root, in, pos+1)
			}
			return -1
		}
		for _, s := range g.subs {
			if pos = m.match(s, in, pos); pos < 0 {
				return -1
			}
		}
		return pos
	case OpAlt:
		for _, s := range g.subs {
			if e := m.match(s, in, pos); e >= 0 {
				return e
			}
		}
		return -1
	case OpRep:
		n := 0
		for n != g.max {
			e := m.match(g.subs[0], in, pos)
			if e < 0 {
				break
			}
			n++
			if e == pos {
				n = max(n, g.min)
				break
			}
			pos = e
		}
		if n < g.min {
			return -1
		}
		return pos
	case OpCapture:
		return m.match(g.subs[0], in, pos)
	case OpNot:
		if m.match(g.subs[0], in, pos) < 0 {
			return pos
		}
		return -1
	case OpPeek:
		if m.match(g.subs[0], in, pos) >= 0 {
			return pos
		}
		return -1
	case OpEnd:
		if pos == len(in) {
			return pos
		}
		return -1
	}
	panic("unknown op")
}

// buildGrammar decodes ops into a grammar, as a reference tree and as a
// rule: a stack machine whose instructions push terminals and combine what
// is on the stack, share a node already built (a grammar is a DAG) and
// recur to the whole grammar after a "(" through a FuncContext terminal.
func buildGrammar(ops []byte) (*gnode, *Rule) {
	type pair struct {
		g *gnode
		r *Rule
	}
	var stack []pair
	var all []pair
	var root *Rule
	rec := FuncContext("rec", func(c *Context, in string, pos int) int {
		return c.MatchAt(root, in, pos)
	})
	pop := func() pair {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		return p
	}
	push := func(g *gnode, r *Rule) {
		stack = append(stack, pair{g, r})
		all = append(all, pair{g, r})
	}
	for i := 0; i < len(ops); i++ {
		arg := func() byte {
			if i+1 < len(ops) {
				i++
				return ops[i]
			}
			return 0
		}
		switch op := ops[i] % 13; op {
		case 0, 1: // a literal of one or two bytes
			push(fuzzLit(arg(), op == 1))
		case 2: // a class of a, b, c, A
			push(fuzzClass(arg()))
		case 3, 4, 12: // Seq or Alt of the top two (three for 12)
			n := 2
			if op == 12 {
				n = 3
			}
			if len(stack) < n {
				continue
			}
			ps := make([]pair, n)
			for k := n - 1; k >= 0; k-- {
				ps[k] = pop()
			}
			gs, rs := make([]*gnode, n), make([]*Rule, n)
			for k, p := range ps {
				gs[k], rs[k] = p.g, p.r
			}
			if op == 4 || op == 12 && arg()&1 == 1 {
				push(&gnode{op: OpAlt, subs: gs}, Alt(rs...))
			} else {
				push(&gnode{op: OpSeq, subs: gs}, Seq(rs...))
			}
		case 5: // a repetition
			if len(stack) == 0 {
				continue
			}
			a := arg()
			lo := int(a % 3)
			hi := []int{1, 2, 3, Unbounded}[a>>2%4]
			if hi != Unbounded && hi < lo {
				hi = lo
			}
			p := pop()
			push(&gnode{op: OpRep, subs: []*gnode{p.g}, min: lo, max: hi}, Rep(lo, hi, p.r))
		case 6, 7, 9: // Not, Peek, Capture
			if len(stack) == 0 {
				continue
			}
			p := pop()
			switch op {
			case 6:
				push(&gnode{op: OpNot, subs: []*gnode{p.g}}, Not(p.r))
			case 7:
				push(&gnode{op: OpPeek, subs: []*gnode{p.g}}, Peek(p.r))
			default:
				push(&gnode{op: OpCapture, subs: []*gnode{p.g}}, Capture(int(arg()%3), p.r))
			}
		case 8:
			push(&gnode{op: OpEnd}, End)
		case 10: // share a node built before
			if len(all) > 0 {
				p := all[int(arg())%len(all)]
				push(p.g, p.r)
			}
		case 11: // "(" and the whole grammar again
			push(&gnode{op: OpSeq, rec: true}, Seq(Lit("("), rec))
		}
		if len(all) > 200 {
			break
		}
	}
	if len(stack) == 0 {
		push(&gnode{op: OpLit, lit: "a"}, Lit("a"))
	}
	gs, rs := make([]*gnode, len(stack)), make([]*Rule, len(stack))
	for k, p := range stack {
		gs[k], rs[k] = p.g, p.r
	}
	g := &gnode{op: OpSeq, subs: gs}
	root = Seq(rs...)
	return g, root
}

// fuzzLit is the literal of buildGrammar's argument a: one or two of "a",
// "b", "A" and "(", case-folded when fold.
func fuzzLit(a byte, fold bool) (*gnode, *Rule) {
	const alphabet = "abA("
	s := alphabet[a%4 : a%4+1]
	if a&8 != 0 {
		s += alphabet[a>>4%4 : a>>4%4+1]
	}
	if fold {
		return &gnode{op: OpLit, lit: s, fold: true}, LitFold(s)
	}
	return &gnode{op: OpLit, lit: s}, Lit(s)
}

// fuzzClass is the class of buildGrammar's argument a: the characters of
// "abcA" whose bits a sets.
func fuzzClass(a byte) (*gnode, *Rule) {
	var set CharSet
	for k, ch := range []byte("abcA") {
		if a&(1<<k) != 0 {
			set = set.Union(Chars(string(ch)))
		}
	}
	return &gnode{op: OpClass, set: set}, Class(set)
}

// FuzzGrammar builds a random grammar (terminals, sequences, choices,
// repetitions, look-aheads, captures, shared nodes, recursion through a
// FuncContext) and matches inputs against it with the engine (the fast
// path or the memoizing matcher, whichever the preparation chooses, and the
// memoizing matcher on every rule) and with the reference interpreter.
func FuzzGrammar(f *testing.F) {
	f.Add([]byte{0, 0, 5, 3, 0, 1, 3}, "aab")                          // *"a" "b"
	f.Add([]byte{0, 0, 5, 12, 0, 1, 3, 0, 0, 4, 5, 12}, "aaaaab")      // *( *"a" "b" / "a" )
	f.Add([]byte{11, 0, 3, 4, 0, 1}, "((a")                            // "(" rec / "a"
	f.Add([]byte{2, 15, 6, 10, 0, 3, 8, 3, 9, 1, 7, 2}, "abcA")        // look-aheads, shares, End
	f.Add([]byte{0, 8, 1, 24, 5, 6, 2, 3, 3, 10, 1, 4, 11, 4}, "Ab(a") // literals of two bytes
	f.Fuzz(func(t *testing.T, ops []byte, in string) {
		if len(ops) > 64 || len(in) > 64 {
			return
		}
		g, r := buildGrammar(ops)
		ref := refMatcher{root: g}
		var want int
		func() {
			defer func() {
				if p := recover(); p != nil {
					if p != errBudget {
						panic(p)
					}
					want = -2
				}
			}()
			want = ref.match(g, in, 0)
		}()
		if want == -2 {
			return // the reference gave up
		}
		var de *DepthError
		got, ok := r.Prefix(in)
		if err := r.Check(in); errors.As(err, &de) {
			return // a recursion without progress: the engine's bound, not the reference's
		}
		if !ok {
			got = -1
		}
		if got != want {
			t.Fatalf("%s: Prefix(%q) = %d, the reference says %d", r, in, got, want)
		}
		rp := r.prepared()
		c := newContext(in) // the memoizing matcher, whatever the preparation chose
		c.depth = int(rp.height)
		if e := c.match(rp, in, 0); c.err == nil && e != want {
			t.Fatalf("%s: the memoizing matcher on %q ends at %d, the reference at %d", r, in, e, want)
		}
		err := r.Check(in)
		if (err == nil) != (want == len(in)) {
			t.Fatalf("%s: Check(%q) = %v, the reference ends at %d", r, in, err, want)
		}
		var se *SyntaxError
		if err != nil {
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(in) || se.Offset < max(want, 0) {
				t.Fatalf("%s: Check(%q) = %v (%#v): not a SyntaxError at or past %d", r, in, err, err, want)
			}
			if len(err.Error()) > MaxMessage+2*labelMax || len(fmt.Sprintf("%#v", err)) > 2*MaxMessage+2*labelMax {
				t.Fatalf("a message of %d bytes", len(err.Error()))
			}
			if m := r.explainMemo(in); m == nil || m.Offset != se.Offset {
				t.Fatalf("%s: explainMemo(%q) = %v, Explain at %d", r, in, m, se.Offset)
			}
		}
		spans := make([]Span, 3)
		if r.Captures(in, spans) != (want == len(in)) {
			t.Fatalf("%s: Captures(%q) disagrees with the reference (%d)", r, in, want)
		}
		if _, evOK := r.Events(in); evOK != (want == len(in)) {
			t.Fatalf("%s: Events(%q) disagrees with the reference (%d)", r, in, want)
		}
	})
}
