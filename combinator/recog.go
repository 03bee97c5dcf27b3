package combinator

import (
	"fmt"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// The recognizer of the exact rules that are not regular: Earley's
// algorithm (Earley 1970) run over a recursive transition network, with
// Leo's memo of deterministic right recursion (Leo 1991), on explicit
// stacks and tables, never the Go stack.
//
// Why Earley: it accepts every context-free grammar, left recursion
// included, with no grammar transformation; it is cubic at worst, and,
// with Leo's optimisation, linear on every LR-regular grammar (which holds
// every deterministic one, and the recursive grammars RFCs are written
// in), right recursion of any depth included. GLL and GLR have the same
// bounds but need a graph-structured stack and a grammar of productions;
// Earley's items fit an automaton directly, which is what lets the regular
// parts of a grammar stay on one.
//
// The program (rprog) holds one NFA a definition that lies on a cycle of
// references that is not right-linear, a "procedure", and the root rule's
// as procedure 0; every other definition is inlined where it is used, so
// that the regular parts of a grammar (and a right-linear recursion) are
// automaton, not calls. A reference to a procedure is an iCall
// instruction. An Earley item is a pair (state, origin): the state is a
// set of the NFA's instructions (byte, call, return and PEG instructions),
// determinized lazily and cached as the DFA of automaton.go caches its
// states, and the origin is where the procedure's invocation started. An
// item scans the next byte with one transition; an item in a state that
// calls a procedure predicts it at the current offset and waits there for
// its completions; a state that holds a procedure's return completes it,
// advancing the items that wait for it at its origin (through a cached
// "goto" state). Only the waiting items are kept, those of the offsets
// where a call was made; the items of one offset are dropped once the next
// is made. Where one item is left and its state calls, returns and tests
// nothing, the recognizer steps the DFA alone, byte after byte, as the
// automaton of a regular rule does.
//
// Leo's memo: where the one item waiting for a procedure p at offset o
// would, once p completes, complete its own procedure q and do nothing
// else, the completion of p at o is the completion of q at the waiting
// item's origin, followed as far as the chain goes and memoized; a right
// recursion n deep then completes in one step, not n.

// Limits bounds the work of one match of an exact rule that is not
// regular (a regular rule's automaton needs none: it reads each byte once
// and holds a bounded cache). A match that passes a bound stops with a
// *LimitError: Match, Prefix and MatchAt report no match, and Check,
// Explain (as the SyntaxError's Limit) and Tree return the error, so that
// no input ends a match with a crash, an out-of-memory or a silent false.
type Limits struct {
	// Steps bounds the steps of the recognizer: the items it handles and
	// the bytes it reads. A step costs a few nanoseconds.
	Steps int64
	// Bytes bounds the memory the match holds besides its input: the
	// items waiting for a completion, the memo of the right recursions,
	// the states of the automaton it adds.
	Bytes int64
}

// DefaultLimits are the bounds of a match when ExactGrammarLimits is not
// given others: enough for an input of 16 MiB of any shape of recursion
// (nested 16 million deep included), small enough to stop a runaway match
// within about a minute and a gibibyte.
var DefaultLimits = Limits{Steps: 1 << 33, Bytes: 1 << 30}

// withDefaults returns l with its zero or negative fields set to
// DefaultLimits'.
func (l Limits) withDefaults() Limits {
	if l.Steps <= 0 {
		l.Steps = DefaultLimits.Steps
	}
	if l.Bytes <= 0 {
		l.Bytes = DefaultLimits.Bytes
	}
	return l
}

// LimitError reports a match of an exact rule stopped at one of its Limits.
type LimitError struct {
	Rule   string // the rule matched (its label, cut to about 200 bytes)
	Offset int    // the offset the match had reached
	Limit  string // "steps", "bytes" or "look-ahead nesting"
	Max    int64  // the bound
}

// Error returns a message such as
//
//	combinator: match of comment stopped at offset 4096: more than 1000 steps (Limits.Steps)
func (e *LimitError) Error() string {
	what := "Limits.Steps"
	switch e.Limit {
	case "bytes":
		what = "Limits.Bytes"
	case "look-ahead nesting":
		what = "look-aheads nested in look-aheads"
	}
	return fmt.Sprintf("combinator: match of %s stopped at offset %d: more than %d %s (%s)", e.Rule, e.Offset, e.Max, e.Limit, what)
}

// The instructions of a recognizer's program beside those of automaton.go.
const (
	iCall instOp = iMatch + 16 + iota // call procedure out1 (label: its rule), then out
	iPeg                              // the PEG operator or Func label (kNot, kPeek, kEnd, kFunc), then out
)

// maxRStates is the states a recognizer's cache holds before the matches
// after it start a fresh one (the match that filled it goes on with it,
// the states it adds counted in its Limits.Bytes).
const maxRStates = 1 << 14

// maxLookNesting bounds look-aheads matched within look-aheads at run time.
const maxLookNesting = 64

type rprog struct {
	prog  []inst
	procs []rproc
	cls   [256]uint8
	ncls  int
	rep   []byte
	root  *Rule
	// recursiveRoot: procedure 0 is called, its completions are not only
	// the ends of a match
	recursiveRoot bool
	lim           Limits
	looks         map[*Rule]*rprog // the program of each look-ahead's rule (Not, Peek)
	cache         atomic.Pointer[rcache]
}

type rproc struct {
	rule  *Rule   // the definition
	lo    int32   // the first instruction compiled for it (its instructions are lo up to the next's)
	start int32   // its first instruction
	first CharSet // the bytes a non-empty match can start with
	null  bool    // it may match empty (conservative where PEG operators stand)
}

// rcache is the determinized states of a program met so far. States are
// only added, under mu; a match reads them without a lock through the
// slice it loaded (a state's transitions are atomic).
type rcache struct {
	mu     sync.Mutex
	states atomic.Pointer[[]*rstate]
	index  map[string]int32
	jump   []atomic.Int32 // [pc]: the state of the closure of an iPeg's out, +1
	start  []atomic.Int32 // [proc]: the state of its start, +1
	full   bool
	closer closer
}

type rstate struct {
	pcs     []int32                   // iByte, iMatch, iCall and iPeg instructions, sorted
	next    []atomic.Int32            // [class]: the state after a byte of it, +1; 0 not yet computed
	calls   []int32                   // the procedures it calls, each once
	gotos   []atomic.Int32            // [i]: the state after calls[i] returns, +1
	accepts []int32                   // the procedures it returns from
	pegs    []int32                   // its iPeg instructions
	scans   bool                      // holds an iByte
	term    int32                     // the procedure whose return is its only instruction, else -1
	proc    int32                     // the procedure its instructions belong to (-1: the dead state)
	acc0    bool                      // it returns from procedure 0, the root
	quiet   CharSet                   // the next bytes at which, alone, it predicts, completes and tests nothing
	calm    CharSet                   // the next bytes at which, alone, it predicts and tests nothing (it may return)
	loop    atomic.Pointer[[256]bool] // the quiet bytes that lead from it to itself, once one did
}

// compileProg compiles the program of the exact rule r (not regular).
func compileProg(r *Rule) *rprog {
	p := &rprog{root: r, lim: r.ex.g.limits, looks: map[*Rule]*rprog{}}
	p.build(r, r.ex.body)
	return p
}

// build compiles the procedures of the program whose root is body (named
// by rule r), and the programs of its look-aheads.
func (p *rprog) build(r, body *Rule) {
	b := &nfaBuilder{cur: -1, groups: map[*component]map[*Rule]int32{}, procs: map[*Rule]int32{}}
	b.procs[r] = 0
	p.procs = append(p.procs, rproc{rule: r})
	bodies := []*Rule{body}
	b.onCall = func(t *Rule) int32 {
		if k, ok := b.procs[t]; ok {
			return k
		}
		k := int32(len(p.procs))
		b.procs[t] = k
		p.procs = append(p.procs, rproc{rule: t})
		bodies = append(bodies, t.ex.body)
		return k
	}
	var pegs []*Rule
	b.onPeg = func(x *Rule) { pegs = append(pegs, x) }
	for k := 0; k < len(bodies); k++ {
		x := p.procs[k].rule.ex
		p.procs[k].lo = int32(len(b.prog))
		p.procs[k].first, p.procs[k].null = firstExact(bodies[k]), true
		if x != nil && k > 0 {
			p.procs[k].null = x.null || holdsPEG(x.body)
		}
		var f frag
		if x != nil && x.comp != nil && x.comp.rightLinear && bodies[k] == x.body {
			f = b.inline(p.procs[k].rule) // its component, whose references are jumps
		} else {
			f = b.named(p.procs[k].rule, func() frag { return b.compile(bodies[k]) })
		}
		m := b.emit(inst{op: iMatch, out1: int32(k)})
		b.patch(f.outs, m)
		p.procs[k].start = f.start
	}
	p.prog = b.prog
	trim(p.prog)
	for _, in := range p.prog {
		p.recursiveRoot = p.recursiveRoot || in.op == iCall && in.out1 == 0
	}
	p.cls, p.ncls, p.rep = byteClasses(p.prog)
	p.cache.Store(p.newCache())
	for _, x := range pegs {
		if (x.kind == kNot || x.kind == kPeek) && p.looks[x] == nil {
			q := &rprog{root: r, lim: p.lim, looks: p.looks}
			p.looks[x] = q
			q.build(&Rule{kind: kSeq, name: ""}, x.subs[0])
		}
	}
}

func (p *rprog) newCache() *rcache {
	c := &rcache{index: map[string]int32{}, jump: make([]atomic.Int32, len(p.prog)),
		start: make([]atomic.Int32, len(p.procs))}
	st := []*rstate{p.makeState(nil)} // 0: the dead state
	c.states.Store(&st)
	c.index[""] = 0
	return c
}

// makeState returns a new state of the instructions pcs.
func (p *rprog) makeState(pcs []int32) *rstate {
	s := &rstate{pcs: pcs, next: make([]atomic.Int32, p.ncls), term: -1, proc: -1}
	if len(pcs) > 0 {
		s.proc = int32(sort.Search(len(p.procs), func(k int) bool { return p.procs[k].lo > pcs[0] }) - 1)
	}
	calm, rootOnly := len(pcs) > 0, true // rootOnly: it returns from none but the root, which no item waits for
	var calls CharSet
	for _, pc := range pcs {
		in := &p.prog[pc]
		switch in.op {
		case iByte:
			s.scans = true
		case iCall:
			if !slices.Contains(s.calls, in.out1) {
				s.calls = append(s.calls, in.out1)
			}
			pr := &p.procs[in.out1]
			calls = calls.Union(pr.first)
			calm = calm && !pr.null
		case iMatch:
			s.accepts = append(s.accepts, in.out1)
			s.acc0 = s.acc0 || in.out1 == 0
			rootOnly = rootOnly && in.out1 == 0 && !p.recursiveRoot
		case iPeg:
			calm = false
			s.pegs = append(s.pegs, pc)
		}
	}
	if calm {
		s.calm = CharSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}.Minus(calls)
		if rootOnly {
			s.quiet = s.calm
		}
	}
	s.gotos = make([]atomic.Int32, len(s.calls))
	if len(pcs) == 1 && p.prog[pcs[0]].op == iMatch {
		s.term = p.prog[pcs[0]].out1
	}
	return s
}

// closure returns the instructions reachable from seeds without reading a
// byte, stopping at byte, call, return and PEG instructions (c.mu held).
func (c *rcache) closure(p *rprog, seeds []int32) []int32 {
	return epsClosure(p.prog, &c.closer, seeds)
}

// state returns the state of the closure of seeds, adding it when new
// (c.mu held), and the bytes it added.
func (c *rcache) state(p *rprog, seeds []int32) (int32, int64) {
	pcs := c.closure(p, seeds)
	key := make([]byte, 0, 4*len(pcs))
	for _, pc := range pcs {
		key = append(key, byte(pc), byte(pc>>8), byte(pc>>16), byte(pc>>24))
	}
	if s, ok := c.index[string(key)]; ok {
		return s, 0
	}
	old := *c.states.Load()
	st := append(old, p.makeState(pcs))
	c.states.Store(&st)
	s := int32(len(st) - 1)
	c.index[string(key)] = s
	if len(st) >= maxRStates && !c.full {
		c.full = true
		p.cache.Store(p.newCache()) // the matches to come start afresh
	}
	return s, int64(2*len(key) + 8*p.ncls + 160)
}

// item is an Earley item: a state and the node (an index of recog.nodes)
// of the offset where its procedure's invocation started.
type item struct{ s, o int32 }

// leoKey is an invocation: a procedure and the node where it started (in
// Tree's log, rec, the offset instead).
type leoKey struct{ p, o int32 }

// node is what the recognizer keeps of an offset where a procedure was
// predicted: the items that wait there for a completion, and the
// completions there that Leo's memo resolves. The nodes of a match are in
// the order of their offsets; an item's origin and a waiting item's are
// nodes, so that a completion finds its waiting items with one index.
type node struct {
	pos int32 // the offset
	lo  int32 // its waiting items: wait[lo:], to the next node's lo
	llo int32 // the procedures whose completion there is another's: leos[llo:], to the next node's llo
}

// leoEntry says that a completion of procedure q at a node is the
// completion of the invocation top (Leo's memo).
type leoEntry struct {
	q   int32
	top leoKey
}

// recog is one match of a program.
type recog struct {
	p      *rprog
	c      *rcache
	sts    []*rstate
	in     string
	pos    int32 // where the root's match starts
	budget *budget

	cur, nxt   []item
	curs, nxts iset // the items of cur and nxt, once they hold many

	nodes []node
	wait  []item
	leos  []leoEntry
	canon map[leoEntry]int32 // the first node where a procedure's completion was found to be an invocation's (resolve)
	gcAt  int                // the number of nodes past which the dead ones are dropped
	live  []int32            // the scratch of collect
	held  int64              // the bytes of nodes, wait and leos held, counted in the budget

	here      []int32  // the procedures completed empty at the current offset
	predicted []int32  // the procedures predicted at the current offset
	pmark     []int32  // [proc]: the offset+1 where it was last predicted
	pstate    []int8   // [proc]: what resolve found of it at the current node
	ptop      []leoKey // [proc]: the invocation its completion there is (resolve)
	done      []leoKey
	dones     iset
	pending   map[int32][]pend // items a Func terminal put past the current offset
	look      map[lookKey]bool // the results of look-aheads, by rule and offset
	depth     int              // look-aheads in progress around this match

	end int  // the longest match's end, or -1
	any bool // stop at the first end (a look-ahead)

	rec map[leoKey][]int32 // Tree: the ends of every invocation completed, by procedure and offset, ascending

	// A diagnosis (recog_diag.go): where the threads of each item of the
	// current set (and of the next) stood when they came to its offset;
	// the last offset where an item was alive, its items (each with the
	// offset of its origin) and theirs.
	diag          bool
	diagFrom      int32 // the offset + 1 of the set a diagnosis is made of, 0 for none
	at            int32 // the offset of the set being closed
	seeds, nseeds [][]seed
	dcur, dnxt    map[item]int32 // the indexes of the items of cur and nxt, past a few
	last          int
	lastSet       []item
	lastSeeds     [][]seed
}

// budget is the Limits of a match and what it has used, shared with the
// look-aheads it matches.
type budget struct {
	lim          Limits
	steps, bytes int64 // bytes: those held now
	peak         int64 // the most bytes held at once
	err          *LimitError
	rule         *Rule
}

// spend counts steps and bytes taken (bytes < 0: given back), and reports
// whether the match is within its Limits.
func (b *budget) spend(steps, bytes int64, at int) bool {
	b.steps += steps
	b.bytes += bytes
	b.peak = max(b.peak, b.bytes)
	if b.err != nil {
		return false
	}
	switch {
	case b.steps > b.lim.Steps:
		b.err = &LimitError{Rule: errtext.Clip(b.rule.label(), labelMax), Offset: at, Limit: "steps", Max: b.lim.Steps}
	case b.bytes > b.lim.Bytes:
		b.err = &LimitError{Rule: errtext.Clip(b.rule.label(), labelMax), Offset: at, Limit: "bytes", Max: b.lim.Bytes}
	}
	return b.err == nil
}
