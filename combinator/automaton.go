package combinator

import (
	"slices"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// The automaton of a regular exact rule (exact.go): its ABNF body compiled
// to a Thompson NFA over bytes (a value above %x7F is its UTF-8 encoding),
// determinized lazily, as RE2 does: a state of the DFA is the set of NFA
// instructions a match can be at, and each transition is computed the first
// time the input takes it, then kept. Matching is then one table load a
// byte. The table is guarded by a read-write lock taken once a match, so
// that a rule stays safe for concurrent use; a match that needs a state not
// built yet takes the lock for writing, briefly. The number of states kept
// is bounded: past the bound, a match goes on by simulating the NFA, which
// allocates but stays linear.

type instOp uint8

const (
	iByte  instOp = iota // one byte of set, then out
	iSplit               // out and out1, consuming nothing
	iNop                 // out, consuming nothing
	iMatch               // the end of a match
	iEnter               // out: where the named rule label starts, consuming nothing
	iLeave               // out: where the named rule of the iEnter out1 ends, consuming nothing (a recognizer's program)
)

type inst struct {
	op        instOp
	out, out1 int32
	parent    int32 // the iEnter of the innermost named rule around it, -1 for none
	set       CharSet
	label     *Rule // iByte: what a diagnosis expects when it fails; iEnter: the named rule
}

// maxInsts bounds the NFA: a counted repetition is compiled as copies of
// its rule, and a grammar whose rule passes the bound is refused, as RE2
// refuses x{1001}.
const maxInsts = 1 << 17

type nfaBuilder struct {
	prog   []inst
	tooBig bool
	cur    int32 // the iEnter of the named rule being compiled, -1 for none
	depth  int   // the definitions being inlined, one in another

	// groups holds the right-linear components being compiled, with the
	// entry of each member: a reference to one of them is a jump there.
	groups map[*component]map[*Rule]int32

	// A recognizer's program (recog.go): onCall returns the procedure a
	// definition on a recursive cycle is (nil: an automaton, which has
	// none), onPeg is told of each PEG operator and Func compiled.
	procs  map[*Rule]int32
	onCall func(t *Rule) int32
	onPeg  func(x *Rule)
}

// frag is a piece of NFA: its first instruction and the exits left to
// patch, each pc<<1 | (0 for out, 1 for out1).
type frag struct {
	start int32
	outs  []int32
}

func (b *nfaBuilder) emit(i inst) int32 {
	if len(b.prog) >= maxInsts {
		b.tooBig = true
		return 0
	}
	i.parent = b.cur
	b.prog = append(b.prog, i)
	return int32(len(b.prog) - 1)
}

func (b *nfaBuilder) patch(outs []int32, to int32) {
	if b.tooBig {
		return
	}
	for _, o := range outs {
		if o&1 == 0 {
			b.prog[o>>1].out = to
		} else {
			b.prog[o>>1].out1 = to
		}
	}
}

// dead is a fragment that matches nothing: an instruction that leads to
// itself, which no closure keeps (a thread there neither reads nor ends).
func (b *nfaBuilder) dead() frag {
	pc := b.emit(inst{op: iNop})
	if !b.tooBig {
		b.prog[pc].out = pc
	}
	return frag{pc, nil}
}

// empty is a fragment that matches the empty string.
func (b *nfaBuilder) empty() frag {
	pc := b.emit(inst{op: iNop})
	return frag{pc, []int32{pc << 1}}
}

// bytes is a fragment that matches one byte of each set in turn, each
// labelled for a diagnosis by labels[i].
func (b *nfaBuilder) bytes(sets []CharSet, labels []*Rule) frag {
	if len(sets) == 0 {
		return b.empty()
	}
	f := frag{start: -1}
	var prev []int32
	for i, s := range sets {
		pc := b.emit(inst{op: iByte, set: s, label: labels[i]})
		if f.start < 0 {
			f.start = pc
		} else {
			b.patch(prev, pc)
		}
		prev = []int32{pc << 1}
	}
	f.outs = prev
	return f
}

func (b *nfaBuilder) cat(x, y frag) frag {
	b.patch(x.outs, y.start)
	return frag{x.start, y.outs}
}

func (b *nfaBuilder) alt(fs []frag) frag {
	if len(fs) == 0 {
		return b.dead()
	}
	f := fs[len(fs)-1]
	for i := len(fs) - 2; i >= 0; i-- {
		pc := b.emit(inst{op: iSplit, out: fs[i].start, out1: f.start})
		f = frag{pc, append(append([]int32(nil), fs[i].outs...), f.outs...)}
	}
	return f
}

// compile compiles r read as ABNF.
func (b *nfaBuilder) compile(r *Rule) frag {
	if b.tooBig {
		return frag{}
	}
	switch r.kind {
	case kLit, kLitFold:
		sets := make([]CharSet, len(r.lit))
		labels := make([]*Rule, len(r.lit))
		for i := 0; i < len(r.lit); i++ {
			sets[i] = Chars(r.lit[i : i+1])
			if r.kind == kLitFold {
				sets[i] = foldSet(sets[i])
			}
			labels[i] = r
			if i > 0 && r.name == "" {
				labels[i] = &Rule{kind: r.kind, lit: r.lit[i:]} // the rest of it was expected
			}
		}
		return b.named(r, func() frag { return b.bytes(sets, labels) })
	case kClass:
		if r.set.IsEmpty() {
			return b.named(r, b.dead)
		}
		return b.named(r, func() frag { return b.bytes([]CharSet{r.set}, []*Rule{r}) })
	case kRunes:
		return b.named(r, func() frag {
			var fs []frag
			for _, rg := range r.runes.ranges {
				utf8Sequences(rg.Lo, rg.Hi, func(seq []CharSet) {
					labels := make([]*Rule, len(seq))
					for i := range labels {
						labels[i] = r
					}
					fs = append(fs, b.bytes(seq, labels))
				})
			}
			return b.alt(fs)
		})
	case kSeq:
		return b.named(r, func() frag {
			if len(r.subs) == 0 {
				return b.empty()
			}
			f := b.compile(r.subs[0])
			for _, s := range r.subs[1:] {
				f = b.cat(f, b.compile(s))
			}
			return f
		})
	case kAlt:
		return b.named(r, func() frag {
			fs := make([]frag, len(r.subs))
			for i, s := range r.subs {
				fs[i] = b.compile(s)
			}
			return b.alt(fs)
		})
	case kRep:
		if r.name != "" {
			return b.named(r, func() frag { return b.rep(r) })
		}
		return b.rep(r)
	case kCap:
		return b.compile(r.subs[0])
	case kRef, kExact:
		return b.reference(r.target())
	case kNot, kPeek, kEnd, kFunc:
		if b.onPeg != nil {
			b.onPeg(r)
			pc := b.emit(inst{op: iPeg, label: r})
			return frag{pc, []int32{pc << 1}}
		}
	}
	b.tooBig = true // not regular: not met, the analysis refuses it first
	return frag{}
}

// reference compiles a reference to the definition t: a call of its
// procedure in a recognizer's program, a jump within a right-linear
// component being compiled, else its body inlined (a right-linear
// component whole, entered at t).
func (b *nfaBuilder) reference(t *Rule) frag {
	x := t.ex
	if !x.derives {
		return b.dead() // a = a: no string, and no call that would never end
	}
	if _, ok := b.groups[x.comp]; !ok && b.onCall != nil && (x.called() || x.proc) {
		k := b.onCall(t)
		pc := b.emit(inst{op: iCall, out1: k, label: t})
		return frag{pc, []int32{pc << 1}}
	}
	return b.inline(t)
}

// inline compiles the definition t inlined: its body, or, for a member
// of a right-linear component, the component whole entered at t (a
// reference within it a jump).
func (b *nfaBuilder) inline(t *Rule) frag {
	x := t.ex
	if b.depth >= maxInline {
		b.tooBig = true // the analysis refuses such a grammar first
		return frag{}
	}
	b.depth++
	defer func() { b.depth-- }()
	c := x.comp
	if c == nil || !c.cyclic {
		return b.named(t, func() frag { return b.compile(x.body) })
	}
	if entries, ok := b.groups[c]; ok {
		pc := b.emit(inst{op: iNop, out: entries[t]})
		return frag{pc, nil} // a tail reference: it never falls through
	}
	// The group is bracketed by an iEnter and an iLeave of no rule, so
	// that Tree and diagnoses close there every member the jumps entered,
	// each ending where the group does.
	mark := b.emit(inst{op: iEnter, label: groupMark})
	if !b.tooBig {
		b.prog[mark].parent = -1
	}
	entries := map[*Rule]int32{}
	for _, m := range c.members {
		entries[m] = b.emit(inst{op: iNop})
	}
	if b.groups == nil {
		b.groups = map[*component]map[*Rule]int32{}
	}
	b.groups[c] = entries
	var outs []int32
	for _, m := range c.members {
		f := b.named(m, func() frag { return b.compile(m.ex.body) })
		if !b.tooBig {
			b.prog[entries[m]].out = f.start
		}
		outs = append(outs, f.outs...)
	}
	delete(b.groups, c)
	if b.tooBig {
		return frag{}
	}
	b.prog[mark].out = entries[t]
	l := b.emit(inst{op: iLeave, out1: mark, label: groupMark})
	b.patch(outs, l)
	return frag{mark, []int32{l << 1}}
}

// groupMark labels the iEnter and iLeave around a right-linear group: a
// rule of no name, which no tree and no diagnosis shows.
var groupMark = &Rule{kind: kSeq}

// named compiles a rule with compile, under an iEnter when it has a name.
func (b *nfaBuilder) named(r *Rule, compile func() frag) frag {
	if r.name == "" {
		return compile()
	}
	pc := b.emit(inst{op: iEnter, label: r})
	save := b.cur
	b.cur = pc
	f := compile()
	b.cur = save
	b.patch([]int32{pc << 1}, f.start)
	if len(f.outs) > 0 {
		// Where the rule ends, for Tree and diagnoses.
		l := b.emit(inst{op: iLeave, out1: pc, label: r})
		b.patch(f.outs, l)
		return frag{pc, []int32{l << 1}}
	}
	return frag{pc, f.outs}
}

// rep compiles a repetition: its rule min times, then max-min optional
// copies or a loop.
func (b *nfaBuilder) rep(r *Rule) frag {
	sub := r.subs[0]
	if r.max == 0 {
		return b.empty()
	}
	f := b.empty()
	for i := 0; i < r.min && !b.tooBig; i++ {
		f = b.cat(f, b.compile(sub))
	}
	if r.max == Unbounded {
		x := b.compile(sub)
		pc := b.emit(inst{op: iSplit, out: x.start})
		b.patch(x.outs, pc)
		return b.cat(f, frag{pc, []int32{pc<<1 | 1}})
	}
	for i := r.min; i < r.max && !b.tooBig; i++ {
		x := b.compile(sub)
		pc := b.emit(inst{op: iSplit, out: x.start})
		f = b.cat(f, frag{pc, append(x.outs, pc<<1|1)})
	}
	return f
}

// nfaSize returns about how many instructions compile would emit for r,
// at most maxInsts+1, in an automaton or in a recognizer's program (prog),
// the definitions r names being inlined with the sizes the analysis of
// their grammar found (exactgraph.go); a reference that is a jump or a
// call (to a member of a component not yet sized, of a recursive
// component, or a procedure of a program) counts one.
func nfaSize(r *Rule, prog bool) int {
	capped := func(n int) int { return min(n, maxInsts+1) }
	switch r.kind {
	case kLit, kLitFold:
		return len(r.lit) + 1
	case kClass:
		return 1
	case kRunes:
		return 8 * (len(r.runes.ranges) + 1)
	case kSeq, kAlt:
		n := 1
		for _, s := range r.subs {
			n = capped(n + nfaSize(s, prog) + 1)
		}
		return n
	case kRep:
		if r.max == 0 {
			return 1
		}
		sub := nfaSize(r.subs[0], prog) + 1
		copies := r.max
		if copies == Unbounded {
			copies = r.min + 1
		}
		if sub > 0 && copies > (maxInsts+1)/sub {
			return maxInsts + 1
		}
		return capped(copies*sub + 1)
	case kCap, kNot, kPeek:
		return nfaSize(r.subs[0], prog) + 1
	case kRef, kExact:
		t := r.target()
		switch {
		case t == nil || t.ex.called() || prog && (t.ex.proc || t.ex.psize == 0) || !prog && t.ex.size == 0:
			return 1
		case prog:
			return t.ex.psize
		}
		return t.ex.size
	}
	return 1
}

// trim makes dead every instruction of prog from which no iMatch can be
// reached (a call reaches past it: its procedure, trimmed too, can end), so
// that a thread there dies at once: the states of an automaton and the
// items of a recognizer are then those of strings of the language, and a
// diagnosis stops where the input leaves every one of them.
func trim(prog []inst) {
	preds := make([][]int32, len(prog))
	var work []int32
	for pc := range prog {
		in := &prog[pc]
		switch in.op {
		case iMatch:
			work = append(work, int32(pc))
		case iSplit:
			preds[in.out1] = append(preds[in.out1], int32(pc))
			fallthrough
		default:
			preds[in.out] = append(preds[in.out], int32(pc))
		}
	}
	live := make([]bool, len(prog))
	for _, pc := range work {
		live[pc] = true
	}
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range preds[pc] {
			if !live[p] {
				live[p] = true
				work = append(work, p)
			}
		}
	}
	for pc := range prog {
		if !live[pc] {
			prog[pc].op, prog[pc].out = iNop, int32(pc)
		}
	}
}

// utf8Sequences calls f with the byte ranges of the UTF-8 encodings of the
// code points lo to hi, one call per run of encodings whose bytes range
// independently (the known split of regexp engines), surrogates left out.
func utf8Sequences(lo, hi rune, f func([]CharSet)) {
	if lo > hi {
		return
	}
	if lo <= 0xD7FF && hi >= 0xD800 || lo >= 0xD800 && lo <= 0xDFFF {
		utf8Sequences(lo, min(hi, 0xD7FF), f)
		utf8Sequences(max(lo, 0xE000), hi, f)
		return
	}
	for _, b := range []rune{0x7F, 0x7FF, 0xFFFF} {
		if lo <= b && b < hi {
			utf8Sequences(lo, b, f)
			utf8Sequences(b+1, hi, f)
			return
		}
	}
	if hi <= 0x7F {
		f([]CharSet{ByteRange(byte(lo), byte(hi))})
		return
	}
	for i := uint(1); i < 4; i++ {
		m := rune(1)<<(6*i) - 1
		if lo&^m != hi&^m {
			if lo&m != 0 {
				utf8Sequences(lo, lo|m, f)
				utf8Sequences((lo|m)+1, hi, f)
				return
			}
			if hi&m != m {
				utf8Sequences(lo, hi&^m-1, f)
				utf8Sequences(hi&^m, hi, f)
				return
			}
		}
	}
	var a, z [utf8.UTFMax]byte
	n := utf8.EncodeRune(a[:], lo)
	utf8.EncodeRune(z[:], hi)
	seq := make([]CharSet, n)
	for i := range seq {
		seq[i] = ByteRange(a[i], z[i])
	}
	f(seq)
}

// Bounds of the states a DFA's cache keeps. A cache that reaches them is
// flushed (RE2's way): the match that needs one more state starts a fresh
// cache from the state it is in and goes on, one pass over the input
// whatever the automaton's size; the next matches take the fresh cache.
const (
	maxStates = 1 << 13
	maxTrans  = 1 << 21
)

// dfa is the lazily built automaton of a regular exact rule: its NFA and
// byte classes, fixed, and a cache of the states met so far.
type dfa struct {
	prog    []inst
	cls     [256]uint8 // the class of each byte: bytes no set tells apart share one
	ncls    int
	rep     []byte // a byte of each class
	startPC int32  // the first instruction of the NFA
	cache   atomic.Pointer[dcache]
	flushes atomic.Int64 // how many times a cache was found full and replaced
}

// dcache is the states of a dfa built so far. A match reads it under the
// read lock, taken once a match; a state not built yet is added under the
// write lock, briefly. A full cache is never changed again: it is replaced.
// Nor is a complete one, which a match reads without the lock.
type dcache struct {
	mu     sync.RWMutex
	trans  []int32 // [state*ncls+class]: the next state, encoded (enc); 0 when not yet computed
	accept []bool
	loops  []*[256]bool // [state]: the bytes that lead from the state to itself, once one did
	sets   [][]int32    // the NFA instructions (iByte, iMatch) of each state
	index  map[string]int32
	start  int32
	full   bool // maxStates or maxTrans reached: no state is added
	limit  int  // the states it may hold

	// complete is set before the cache is published (dfa.cache.Store) when
	// every transition of every state is built, each loop's table too: no
	// match misses, so none writes, and a match takes no lock, whose two
	// atomic operations cost a short match most of its time.
	complete bool

	closer closer // the closure's work list and marks (mu held for writing)
}

// compileDFA compiles body to an automaton, or returns nil when its NFA
// would be too big.
func compileDFA(body *Rule) *dfa {
	if nfaSize(body, false) > maxInsts {
		return nil // known too big before a byte of it is built
	}
	b := &nfaBuilder{cur: -1}
	f := b.compile(body)
	m := b.emit(inst{op: iMatch})
	b.patch(f.outs, m)
	if b.tooBig {
		return nil
	}
	trim(b.prog)
	d := &dfa{prog: b.prog, startPC: f.start}
	d.cls, d.ncls, d.rep = byteClasses(d.prog)
	c := d.newCache(maxStates)
	c.start = c.addState(d, c.closure(d, []int32{f.start}))
	c.complete = c.build(d, smallDFA)
	d.cache.Store(c)
	return d
}

// smallDFA is the most transitions (states times byte classes) that
// compileDFA builds before a match asks for them: an automaton that small
// is built whole, so that its matches read it without a lock (ALPHA, DIGIT,
// a date, a port), at a cost bounded by its size; a larger one is built as
// the matches need, its cost bounded by what they read.
const smallDFA = 1 << 12

// build computes the transitions of c's states in the order they are
// added, with the table of each state's loop, and reports whether it built
// every one before the cache held more than most transitions (not yet
// published: no lock).
func (c *dcache) build(d *dfa, most int) bool {
	for s := int32(1); int(s) < len(c.sets); s++ {
		loops := false
		for k := 0; k < d.ncls; k++ {
			i := int(s)*d.ncls + k
			if len(c.trans)+d.ncls > most {
				return false
			}
			t := c.addState(d, c.step(d, c.sets[s], d.rep[k]))
			if t < 0 {
				return false
			}
			c.trans[i] = c.enc(d, t)
			loops = loops || t == s
		}
		if loops {
			c.loopRow(d, s, s)
		}
	}
	return true
}

// newCache returns an empty cache of d holding at most limit states, its
// dead state 0 added.
func (d *dfa) newCache(limit int) *dcache {
	c := &dcache{index: map[string]int32{}, limit: limit}
	c.addState(d, nil) // 0: the dead state
	for k := 0; k < d.ncls; k++ {
		c.trans[k] = 1 // the dead state: offset 0, not accepting
	}
	return c
}

// byteClasses partitions the bytes into classes that no set of prog tells
// apart: the class of each byte, the number of classes and a byte of each.
func byteClasses(prog []inst) (cls [256]uint8, n int, rep []byte) {
	seen := map[CharSet]bool{}
	n = 1
	for _, in := range prog {
		if in.op != iByte || seen[in.set] {
			continue
		}
		seen[in.set] = true
		remap := map[[2]int]uint8{}
		var next [256]uint8
		for c := 0; c < 256; c++ {
			k := [2]int{int(cls[c]), 0}
			if in.set.Contains(byte(c)) {
				k[1] = 1
			}
			v, ok := remap[k]
			if !ok {
				v = uint8(len(remap))
				remap[k] = v
			}
			next[c] = v
		}
		cls = next
		n = len(remap)
	}
	rep = make([]byte, n)
	for c := 255; c >= 0; c-- {
		rep[cls[c]] = byte(c)
	}
	return cls, n, rep
}

// closure returns the iByte and iMatch instructions reachable from seeds
// without consuming input, in a canonical order (mu held for writing).
func (c *dcache) closure(d *dfa, seeds []int32) []int32 {
	return epsClosure(d.prog, &c.closer, seeds)
}

// closer is the scratch of epsClosure: its work list and marks.
type closer struct {
	mark    []uint32
	gen     uint32
	scratch []int32
}

// epsClosure returns the instructions of prog reachable from seeds without
// reading a byte (through iSplit, iNop, iEnter and iLeave), those that
// read, call, return or test, sorted.
func epsClosure(prog []inst, c *closer, seeds []int32) []int32 {
	if len(c.mark) < len(prog) {
		c.mark = make([]uint32, len(prog))
	}
	c.gen++
	if c.gen == 0 {
		clear(c.mark)
		c.gen = 1
	}
	stack := append(c.scratch[:0], seeds...)
	var out []int32
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c.mark[pc] == c.gen {
			continue
		}
		c.mark[pc] = c.gen
		switch in := &prog[pc]; in.op {
		case iSplit:
			stack = append(stack, in.out1, in.out)
		case iNop, iEnter, iLeave:
			stack = append(stack, in.out)
		default:
			out = append(out, pc)
		}
	}
	c.scratch = stack
	slices.Sort(out)
	return out
}

// addState returns the state of the instructions set, adding it when new
// (-1 when the cache is full).
func (c *dcache) addState(d *dfa, set []int32) int32 {
	key := make([]byte, 0, 4*len(set))
	for _, pc := range set {
		key = append(key, byte(pc), byte(pc>>8), byte(pc>>16), byte(pc>>24))
	}
	if s, ok := c.index[string(key)]; ok {
		return s
	}
	if c.full || len(c.sets) >= c.limit || len(c.trans)+d.ncls > maxTrans {
		c.full = true
		return -1
	}
	s := int32(len(c.sets))
	c.index[string(key)] = s
	c.sets = append(c.sets, set)
	acc := false
	for _, pc := range set {
		acc = acc || d.prog[pc].op == iMatch
	}
	c.accept = append(c.accept, acc)
	c.loops = append(c.loops, nil)
	c.trans = append(c.trans, make([]int32, d.ncls)...)
	return s
}

// step returns the instructions after the byte b from set.
func (c *dcache) step(d *dfa, set []int32, b byte) []int32 {
	var seeds []int32
	for _, pc := range set {
		if in := &d.prog[pc]; in.op == iByte && in.set.Contains(b) {
			seeds = append(seeds, in.out)
		}
	}
	return c.closure(d, seeds)
}

// enc encodes the state t for the transition table: its offset in the
// table + 1, negative when it accepts, so that a match reads the next
// state and whether it accepts in one load and multiplies nothing.
func (c *dcache) enc(d *dfa, t int32) int32 {
	v := t*int32(d.ncls) + 1
	if c.accept[t] {
		return -v
	}
	return v
}

// state decodes a transition: the state's index.
func (d *dfa) state(v int32) int32 {
	if v < 0 {
		v = -v
	}
	return (v - 1) / int32(d.ncls)
}

// miss computes the transition of state s of cache c on class k, adding
// its target; the caller holds no lock. It returns the transition, encoded,
// the cache it belongs to and the offset of s in it: c, or, when c is
// full, a fresh cache that holds s's instructions and replaces c for the
// matches to come.
func (d *dfa) miss(c *dcache, s int32, k uint8) (int32, *dcache, int) {
	c.mu.Lock()
	i := int(s)*d.ncls + int(k)
	if t := c.trans[i]; t != 0 {
		c.mu.Unlock()
		return t, c, int(s) * d.ncls
	}
	set := c.sets[s]
	t := c.addState(d, c.step(d, set, d.rep[k]))
	if t >= 0 {
		c.trans[i] = c.enc(d, t)
		c.loopRow(d, s, t)
		v := c.trans[i]
		c.mu.Unlock()
		return v, c, int(s) * d.ncls
	}
	c.mu.Unlock()
	// Full: flush, as RE2 does, keeping only the state the match is in.
	d.flushes.Add(1)
	nc := d.newCache(maxStates)
	nc.mu.Lock()
	s = nc.addState(d, set)
	nc.start = nc.addState(d, nc.closure(d, []int32{d.startPC}))
	t = nc.addState(d, nc.step(d, set, d.rep[k]))
	i = int(s)*d.ncls + int(k)
	nc.trans[i] = nc.enc(d, t)
	v := nc.trans[i]
	nc.mu.Unlock()
	d.cache.Store(nc)
	return v, nc, int(s) * d.ncls
}

// loopRow fills, for a state s that leads to itself (t == s), as inside
// *pchar, its whole row and the table of the bytes that keep it in s, so
// that a match scans a run of them without following the table, one
// independent load a byte (mu held for writing).
func (c *dcache) loopRow(d *dfa, s, t int32) {
	if t != s || c.loops[s] != nil {
		return
	}
	var tab [256]bool
	for b := 0; b < 256; b++ {
		k := int(s)*d.ncls + int(d.cls[b])
		if c.trans[k] == 0 {
			u := c.addState(d, c.step(d, c.sets[s], byte(b)))
			if u < 0 {
				return // full: no table
			}
			c.trans[k] = c.enc(d, u)
		}
		tab[b] = d.state(c.trans[k]) == s
	}
	c.loops[s] = &tab
}

// longest returns the end of the longest match at pos, or -1.
func (d *dfa) longest(in string, pos int) int {
	end := -1
	c := d.cache.Load()
	locked := !c.complete
	if locked {
		c.mu.RLock()
	}
	if c.accept[c.start] {
		end = pos
	}
	trans, cls, ncls := c.trans, &d.cls, d.ncls
	off := int(c.start) * ncls
	for i := pos; i < len(in); i++ {
		k := cls[in[i]]
		t := trans[off+int(k)]
		if t == 0 { // never in a complete cache: locked
			c.mu.RUnlock()
			t, c, off = d.miss(c, int32(off/ncls), k)
			c.mu.RLock()
			trans = c.trans
		}
		acc := t < 0
		if acc {
			t = -t
			end = i + 1
		}
		if int(t-1) == off {
			// A loop: scan the run of bytes that stay in this state.
			if tab := c.loops[off/ncls]; tab != nil {
				j := i + 1
				for j < len(in) && tab[in[j]] {
					j++
				}
				if acc {
					end = j
				}
				i = j - 1
				continue
			}
		}
		off = int(t - 1)
		if off == 0 {
			break // the dead state
		}
	}
	if locked {
		c.mu.RUnlock()
	}
	return end
}

// next returns the state after class k from s in c (for the preparation
// and Automaton), or -1 when c is full.
func (d *dfa) next(c *dcache, s int32, k uint8) int32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	i := int(s)*d.ncls + int(k)
	if t := c.trans[i]; t != 0 {
		return d.state(t)
	}
	t := c.addState(d, c.step(d, c.sets[s], d.rep[k]))
	if t < 0 {
		return -1
	}
	c.trans[i] = c.enc(d, t)
	return t
}

// firstBytes returns the bytes a non-empty match can start with and
// whether the rule matches empty.
func (d *dfa) firstBytes() (first CharSet, nullable bool) {
	c := d.newCache(maxStates)
	c.start = c.addState(d, c.closure(d, []int32{d.startPC}))
	for b := 0; b < 256; b++ {
		if t := d.next(c, c.start, d.cls[b]); t != 0 {
			first[b>>6] |= 1 << (b & 63)
		}
	}
	return first, c.accept[c.start]
}

// diagnose matches at pos for a diagnosis, simulating the NFA: it records
// in d the offset where no match can go farther and what was expected
// there, and returns the end of the longest match, or -1. What is expected
// is each instruction that could consume the next byte, named by the
// outermost named rule that starts there around it (pchar, not ALPHA),
// else by its terminal (outers). It takes time linear in the input, and
// allocates.
func (a *dfa) diagnose(d *diag, in string, pos int) int {
	mark := make([]uint32, len(a.prog))
	var gen uint32
	var stack []int32
	closure := func(seeds []int32, out []int32) []int32 {
		gen++
		stack = append(stack[:0], seeds...)
		out = out[:0]
		for len(stack) > 0 {
			pc := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if mark[pc] == gen {
				continue
			}
			mark[pc] = gen
			switch in := &a.prog[pc]; in.op {
			case iByte, iMatch:
				out = append(out, pc)
			case iSplit:
				stack = append(stack, in.out1, in.out)
			case iNop, iEnter, iLeave:
				stack = append(stack, in.out)
			}
		}
		return out
	}
	matches := func(set []int32) bool {
		for _, pc := range set {
			if a.prog[pc].op == iMatch {
				return true
			}
		}
		return false
	}
	seeds := []int32{a.startPC}
	set := closure(seeds, nil)
	var next []int32
	end, p := -1, pos
	if matches(set) {
		end = pos
	}
	for ; p < len(in); p++ {
		next = next[:0]
		for _, pc := range set {
			if i := &a.prog[pc]; i.op == iByte && i.set.Contains(in[p]) {
				next = append(next, i.out)
			}
		}
		if len(next) == 0 {
			break
		}
		seeds, next = next, seeds
		set = closure(seeds, set)
		if matches(set) {
			end = p + 1
		}
	}
	for _, o := range outers(a.prog, seeds, d.root, -1) {
		if x := o.label(a.prog); x != nil && a.prog[o.pc].op == iByte {
			d.fail(p, x)
		}
	}
	return end
}
