package codegen

import (
	"fmt"
	"slices"

	c "github.com/seed42851778/rfc3986/combinator"
)

// Stops: what a diagnosis finds, known without running it. A rule is read
// as an automaton (an NFA of its bytes: every alternative of a choice
// taken, a look-ahead read as nothing, an Extern rule or a rune class as
// a state that takes anything and knows nothing); its state after a prefix
// is the set of positions the grammar may be at there, the follow sets of
// the rules it is in. Where the rule's matcher stopped, the automaton runs
// on from the start until a byte that no position takes, or the end of
// the input. Every alternative the diagnosis runs is a path of the
// automaton, so none gets past that offset; and there it fails with the
// labels of the state, the same for each input that reaches it: they are
// found by running the interpreter's diagnosis on the shortest input that
// reaches the state, and checked on one through each state that leads to
// it, and on another byte of the class (else nothing is known there).
// Where the byte is the first of a rule that the automaton does not read,
// and of nothing else (a "[" where a host starts: IP-literal), the
// diagnosis is that of the rule alone from there, when it fails.

// maxStopStates bounds the states of the automata of a Generator's stops,
// which its tables number in a byte: a state past it is not known, nor is
// anything in a grammar with more than 32 classes of bytes (a row of the
// tables).
const maxStopStates = 250

// An nstate is a state of the automaton of the stops: it takes a byte of
// set to out, or moves to eps without a byte.
type nstate struct {
	set    c.CharSet
	out    int
	eps    []int
	start  *node // the innermost named rule whose first byte it takes
	opaque bool  // the first byte of a rule the automaton does not read
	sink   bool  // inside a rule the automaton does not read: nothing is known
	open   int   // 1 + the slot of the capture that starts here, or 0
}

// stopAuto is the automaton of the stops of a Generator's rules, built as
// AddStop reads them.
type stopAuto struct {
	g      *Generator
	ns     []nstate
	sink   int // the state that takes any byte and knows nothing
	roots  []stopRoot
	dstate map[string]int // the deterministic states, by their positions
	dsets  [][]int
	wit    []string // the shortest input that reaches each deterministic state
	droot  []int    // the root whose automaton each deterministic state is of
	dopen  []uint64 // the captures that may start in each deterministic state
}

// stopRoot is a rule of AddStop: its function, its rule and the start of
// its automaton.
type stopRoot struct {
	name  string
	rule  *node
	entry int
}

// AddStop compiles the stops of r (see the comment at the top of
// stops.go) to a function named funcName:
//
//	func funcName(in string, caps *[N]T) (off int, labels []string, alone int)
//
// (without caps when the Generator has no Slots). For in, which r does not
// match as a whole (its matcher stopped before the end), it returns the
// Offset of the diagnosis and its Expected (the same slice for every input
// of a state: read it, do not write to it); or alone > 0 and off, when the
// diagnosis is that of one named rule from off, which Prefix +
// "HaltExplain"(alone, in, off, d) runs into d, reporting whether it failed
// past off (else the diagnosis of r is needed); or a nil labels and alone
// 0, when nothing is known. caps, which may be nil, holds the captures of
// the prefix of in that r's matcher matched, as the matcher stored them
// (CapsStart reads a start): where a capture starts in one state of the
// automaton only (after "//", the authority), the automaton starts there,
// at the last such capture.
func (g *Generator) AddStop(funcName string, rule *c.Rule) error {
	if !goIdent.MatchString(funcName) {
		return fmt.Errorf("codegen: generate: %q is not a Go identifier", funcName)
	}
	g.reserve(funcName)
	if g.stops == nil {
		g.stops = &stopAuto{g: g}
		g.stops.sink = g.stops.add(nstate{set: c.CharSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}, sink: true})
		g.stops.ns[0].out = 0
	}
	r := g.nodeOf(rule)
	a := g.stops
	end := a.add(nstate{out: -1}) // nothing follows the rule: a byte there is no part of it
	a.roots = append(a.roots, stopRoot{funcName, r, a.build(r, end)})
	return nil
}

// add adds a state and returns its number.
func (a *stopAuto) add(s nstate) int {
	a.ns = append(a.ns, s)
	return len(a.ns) - 1
}

// build adds the states of r followed by the state next and returns the
// state where r starts.
func (a *stopAuto) build(r *node, next int) int {
	if _, ext := a.g.Extern[r.rule]; ext || r.kind == kFunc || r.kind == kRunes {
		return a.opaque(r, next)
	}
	mark := len(a.ns)
	entry := a.body(r, next)
	if r.name != "" {
		// Its first states, made after mark (those of next came before),
		// start it unless a rule inside starts them.
		for _, s := range a.closure([]int{entry}) {
			if s >= mark && a.ns[s].start == nil {
				a.ns[s].start = r
			}
		}
	}
	return entry
}

// opaque adds a rule the automaton does not read: its first byte leads to
// the sink.
func (a *stopAuto) opaque(r *node, next int) int {
	s := a.add(nstate{set: r.first, out: a.sink, start: r, opaque: true})
	if r.nullable {
		return a.add(nstate{out: -1, eps: []int{s, next}})
	}
	return s
}

// body is build without the marks of a named rule.
func (a *stopAuto) body(r *node, next int) int {
	switch r.kind {
	case kLit, kLitFold:
		for i := len(r.lit) - 1; i >= 0; i-- {
			var set c.CharSet
			set = set.Union(byteSet(r.lit[i]))
			if r.kind == kLitFold {
				set = set.Union(byteSet(lower(r.lit[i])), byteSet(upper(r.lit[i])))
			}
			next = a.add(nstate{set: set, out: next})
		}
		return next
	case kClass:
		return a.add(nstate{set: r.rule.Set(), out: next})
	case kSeq:
		for i := len(r.subs) - 1; i >= 0; i-- {
			next = a.build(r.subs[i], next)
		}
		return next
	case kAlt:
		alt := nstate{out: -1}
		for _, s := range r.subs {
			alt.eps = append(alt.eps, a.build(s, next))
		}
		return a.add(alt)
	case kCap:
		// A mark of the capture's start, taken without a byte: a state
		// of the automaton knows the captures that may start there.
		m := a.add(nstate{out: -1, open: r.slot + 1})
		a.ns[m].eps = []int{a.build(r.subs[0], next)}
		return m
	case kRep:
		return a.rep(r, next)
	case kNot, kPeek:
		return next // a look-ahead takes no byte: read as nothing
	}
	return a.add(nstate{out: -1}) // kEnd: no byte follows
}

// rep adds a repetition: min copies of its rule, then max-min optional
// ones, or a loop.
func (a *stopAuto) rep(r *node, next int) int {
	s := r.subs[0]
	if r.max == Unbounded {
		loop := a.add(nstate{out: -1})
		a.ns[loop].eps = []int{a.build(s, loop), next}
		next = loop
	} else {
		for i := r.min; i < r.max; i++ {
			next = a.add(nstate{out: -1, eps: []int{a.build(s, next), next}})
		}
	}
	for i := 0; i < r.min; i++ {
		next = a.build(s, next)
	}
	return next
}

// closure returns the states that take a byte, reached from from without
// one, in order.
func (a *stopAuto) closure(from []int) []int {
	out, _ := a.closureOpens(from)
	return out
}

// closureOpens is closure, with the captures that start on the way, a bit
// a slot.
func (a *stopAuto) closureOpens(from []int) (out []int, opens uint64) {
	walk(len(a.ns), from, func(s int, push func(...int)) {
		if a.ns[s].out >= 0 {
			out = append(out, s)
		}
		if o := a.ns[s].open; o > 0 && o <= 64 {
			opens |= 1 << (o - 1)
		}
		push(a.ns[s].eps...)
	})
	slices.Sort(out)
	return out, opens
}

// walk calls visit once on each node, of n, reached from from by the
// edges that visit pushes.
func walk(n int, from []int, visit func(s int, push func(...int))) {
	seen := make([]bool, n)
	stack := slices.Clone(from)
	push := func(s ...int) { stack = append(stack, s...) }
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !seen[s] {
			seen[s] = true
			visit(s, push)
		}
	}
}

func byteSet(b byte) (s c.CharSet) {
	s[b>>6] |= 1 << (b & 63)
	return s
}

func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

func upper(b byte) byte {
	if 'a' <= b && b <= 'z' {
		return b - ('a' - 'A')
	}
	return b
}
