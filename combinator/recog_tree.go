package combinator

import "slices"

// Tree on exact rules: a derivation found from what the recognizer
// recorded (recog.go), on explicit stacks. The recognizer, run once more,
// records where each invocation of a procedure ended; then each invocation
// of the derivation, from the root's down, gets a path through its
// procedure's NFA from its start to its return, found by a depth-first
// search over (instruction, offset) pairs, each tried once. The path's
// iEnter and iLeave instructions are the named rules inlined in it, its
// calls the invocations under it.
//
// The derivation chosen, on an ambiguous grammar, is the first the search
// meets: at each choice, the alternatives in the order they are written;
// each repetition taking one more time before it stops; each call of a
// recursive rule its longest match that leaves the rest a match; the
// left-to-right longest-match reading, the same on every run.

// treeProg returns the program Tree derives r's matches with: the
// recognizer's own for a rule that is not regular, else one built on the
// first call (a regular rule's automaton has no calls to record).
func (x *exact) treeProg() *rprog {
	if x.prog != nil {
		return x.prog
	}
	x.tonce.Do(func() { x.tprog = compileProg(x.rule) })
	return x.tprog
}

// treeEvent is a step of a derivation: a named rule entered or left, or
// an invocation of a procedure.
type treeEvent struct {
	op     instOp // iEnter, iLeave (pc: the iEnter it closes), iCall, iMatch (the invocation's end)
	pc     int32
	pos, e int32
	q      int32
}

// deriveExact logs, for Tree, the named rules of a derivation of
// in[pos:end] from the exact rule r, matched there.
func (m *matcher) deriveExact(r *Rule, in string, pos, end int) *LimitError {
	p := r.ex.treeProg()
	b := &budget{lim: r.ex.g.limits, rule: r}
	rc := &recog{p: p, in: in, pos: int32(pos), budget: b, end: -1, last: -1, rec: map[leoKey][]int32{}}
	rc.run()
	if b.err != nil {
		return b.err
	}
	type frame struct {
		ev   []treeEvent
		i    int
		base int    // the height of open when it started
		inv  leoKey // the invocation: its procedure and origin
		end  int32
	}
	type opened struct {
		pc  int32
		idx int // its entry in the log, -1 when Tree does not keep it
	}
	var open []opened
	x := m.x
	closeTo := func(h int, at int32) {
		for len(open) > h {
			o := open[len(open)-1]
			open = open[:len(open)-1]
			if o.idx >= 0 {
				x.nodes[o.idx].end = int(at)
				x.depth--
			}
		}
	}
	// The root's own rule is logged by the matcher already (treeStep).
	root := leoKey{0, int32(pos)}
	ev := slices.DeleteFunc(rc.derivation(0, int32(pos), int32(end), []leoKey{root}, x.amb), func(e treeEvent) bool {
		return (e.op == iEnter || e.op == iLeave) && e.pc == p.procs[0].start
	})
	frames := []frame{{ev: ev, inv: root, end: int32(end)}}
	var same []leoKey
	for len(frames) > 0 && b.err == nil {
		f := &frames[len(frames)-1]
		if f.i == len(f.ev) {
			frames = frames[:len(frames)-1]
			continue
		}
		e := f.ev[f.i]
		f.i++
		switch e.op {
		case iEnter:
			o := opened{pc: e.pc, idx: -1}
			if t := p.prog[e.pc].label; t != groupMark && x.keep(t.name) {
				o.idx = m.nundo
				x.nodes = append(x.nodes[:m.nundo], treeEntry{rule: t, start: int(e.pos), end: -1, depth: x.depth})
				m.nundo++
				x.depth++
			}
			open = append(open, o)
		case iLeave:
			h := len(open)
			for h > f.base && open[h-1].pc != e.pc {
				h--
			}
			closeTo(max(h-1, f.base), e.pos)
		case iMatch:
			closeTo(f.base, e.pos)
		case iCall:
			// The invocations in progress over the same span: a call of
			// one of them would be a cycle, which no derivation takes.
			same = append(same[:0], leoKey{e.q, e.pos})
			for k := len(frames) - 1; k >= 0 && frames[k].inv.o == e.pos && frames[k].end == e.e; k-- {
				same = append(same, frames[k].inv)
			}
			frames = append(frames, frame{ev: rc.derivation(e.q, e.pos, e.e, same, x.amb), base: len(open), inv: leoKey{e.q, e.pos}, end: e.e})
		}
	}
	return b.err
}

// dnode is a node of the search of path: an instruction at an offset, and
// the next of its successors to try.
type dnode struct {
	pc, pos int32
	k       int32
}

// path returns the events of a derivation of the invocation of procedure
// q over in[o:j]: the first path of the search, as deriveExact says.
func (m *recog) path(q, o, j int32, same []leoKey) []treeEvent {
	prog := m.p.prog
	seen := map[[2]int32]bool{}
	stack := []dnode{{pc: m.p.procs[q].start, pos: o}}
	seen[[2]int32{stack[0].pc, o}] = true
	for len(stack) > 0 {
		n := &stack[len(stack)-1]
		if in := &prog[n.pc]; in.op == iMatch {
			if in.out1 == q && n.pos == j {
				break
			}
			stack = stack[:len(stack)-1]
			continue
		}
		next, ok := m.successor(o, j, n, same)
		if !m.budget.spend(1, 0, int(n.pos)) {
			return nil
		}
		if !ok {
			stack = stack[:len(stack)-1]
			continue
		}
		if k := [2]int32{next.pc, next.pos}; !seen[k] {
			seen[k] = true
			m.budget.spend(0, 32, int(next.pos))
			stack = append(stack, next)
		}
	}
	if len(stack) == 0 {
		return nil // none that is not a cycle
	}
	return m.eventsOf(stack, j)
}

// maxSameSpan bounds how many invocations over one span a derivation nests
// (a unit rule calling a unit rule ..., each over the same text), so that
// grounded, which follows them on the Go stack, stays within a bound.
const maxSameSpan = 64

// grounded reports whether the invocation of q over in[o:j] has a
// derivation that does not go through the invocations of same, in
// progress over the same span: a call of q there is no cycle.
func (m *recog) grounded(q, o, j int32, same []leoKey) bool {
	if len(same) >= maxSameSpan {
		return false
	}
	return m.path(q, o, j, append(slices.Clip(same), leoKey{q, o})) != nil
}

// eventsOf returns the events of the path of an invocation ending at j,
// its nodes in order.
func (m *recog) eventsOf(path []dnode, j int32) []treeEvent {
	var ev []treeEvent
	for i, n := range path {
		if e, ok := m.eventOf(n, path[min(i+1, len(path)-1)]); ok {
			ev = append(ev, e)
		}
	}
	return append(ev, treeEvent{op: iMatch, pos: j})
}

// eventOf returns the event of the step of a path from n to next, if any.
func (m *recog) eventOf(n, next dnode) (treeEvent, bool) {
	switch in := &m.p.prog[n.pc]; in.op {
	case iEnter:
		return treeEvent{op: iEnter, pc: n.pc, pos: n.pos}, true
	case iLeave:
		return treeEvent{op: iLeave, pc: in.out1, pos: n.pos}, true
	case iCall:
		return treeEvent{op: iCall, q: in.out1, pos: n.pos, e: next.pos}, true
	}
	return treeEvent{}, false
}

// successor returns the next successor of n to try in the search of a path
// of an invocation over in[o:j], advancing n.k; false when none is left. A
// call of an invocation of same (those in progress over in[o:j]) over the
// whole span is not tried.
func (m *recog) successor(o, j int32, n *dnode, same []leoKey) (dnode, bool) {
	in := &m.p.prog[n.pc]
	k := n.k
	n.k++
	switch in.op {
	case iByte:
		if k == 0 && n.pos < j && in.set.Contains(m.in[n.pos]) {
			return dnode{pc: in.out, pos: n.pos + 1}, true
		}
	case iSplit:
		if k == 0 {
			return dnode{pc: in.out, pos: n.pos}, true
		}
		if k == 1 {
			return dnode{pc: in.out1, pos: n.pos}, true
		}
	case iNop, iEnter, iLeave:
		if k == 0 {
			return dnode{pc: in.out, pos: n.pos}, true
		}
	case iCall:
		ends := m.rec[leoKey{in.out1, n.pos}]
		hi, _ := slices.BinarySearch(ends, j+1)
		for i := hi - 1 - int(k); i >= 0; i-- {
			e := ends[i]
			if n.pos == o && e == j && (slices.Contains(same, leoKey{in.out1, o}) || !m.grounded(in.out1, o, j, same)) {
				n.k++ // a cycle: no derivation
				continue
			}
			return dnode{pc: in.out, pos: e}, true
		}
	case iPeg:
		if k == 0 {
			return m.pegStep(in, n, j)
		}
	}
	return dnode{}, false
}

// pegStep is successor for a PEG instruction.
func (m *recog) pegStep(in *inst, n *dnode, j int32) (dnode, bool) {
	x := in.label
	switch x.kind {
	case kEnd:
		return dnode{pc: in.out, pos: n.pos}, int(n.pos) == len(m.in)
	case kFunc:
		if x.fn == nil {
			return dnode{}, false
		}
		e := x.fn(m.in, int(n.pos))
		return dnode{pc: in.out, pos: int32(e)}, e >= int(n.pos) && e <= int(j)
	}
	return dnode{pc: in.out, pos: n.pos}, m.lookahead(x, n.pos) == (x.kind == kPeek)
}
