package combinator

import "slices"

// The diagnosis of an exact rule that is not regular (recog.go): the
// recognizer, run once more, keeps the items of the last offset L where
// any was alive, the farthest offset any derivation reached, and what
// their byte instructions could have read there is what was expected, each
// under the outermost named rule that starts at L around it, the rule
// explained excepted (pchar, not ALPHA), else as its terminal.
//
// "Starts at L around it" is judged by the derivations, not by the
// grammar's text: the run keeps, for each item of the current set, where
// its threads stood when they came to the offset (its seeds: past the
// byte read, a procedure's start, past a call or a test), and a named rule
// counts when the item's threads went through its entry at L on their way
// to the instruction (inside a loop entered earlier, it does not). An
// invocation that started at L is inside the rules around its calls, at L
// too: its outermost rule is one of its callers', when theirs started at
// L, found by a fixpoint over the procedures predicted at L.

// diagnoseExact matches the exact rule r at pos for a diagnosis, recording
// in d the farthest offset and what was expected there; it returns the end
// of the longest match, or -1, and the error of a bound passed.
//
// The diagnosis reads the input twice: a match finds the last offset L
// where an item was alive (a procedure the next byte cannot start, not
// predicted there, would have died at once: L is the same), then a match
// keeps, for the byte before L and the set at L only, what the
// diagnosis needs: the seeds, and a prediction of every procedure called.
func diagnoseExact(r *Rule, d *diag, in string, pos int) (int, *LimitError) {
	b := &budget{lim: r.ex.g.limits, rule: r}
	m := &recog{p: r.ex.prog, in: in, pos: int32(pos), budget: b, end: -1, last: -1}
	m.run()
	if b.err != nil || m.last < 0 {
		return m.end, b.err
	}
	end := m.end
	m = &recog{p: r.ex.prog, in: in, pos: int32(pos), budget: b, end: -1, last: -1, diagFrom: int32(m.last) + 1}
	m.run()
	if b.err != nil {
		return -1, b.err
	}
	m.expected(d, d.root)
	return end, nil
}

// startDiag turns on, from the set being made, what a diagnosis keeps.
func (m *recog) startDiag() {
	m.diag = true
	m.dcur, m.dnxt = map[item]int32{}, map[item]int32{}
	m.seeds = make([][]seed, len(m.cur))
}

// seed is where a thread of an item stood when it came to the offset of
// its set: at pc, having come through the call call of the item from of
// the same set (a call that ended empty there), whose rules around the
// call it is still in; from -1 for none.
type seed struct{ pc, from, call int32 }

// addSeeded adds it to set, once, with no seeds in seeds when new, and
// returns its index; index holds the indexes of the items of a set grown
// past a few (filled when first needed, emptied when the set is).
func (m *recog) addSeeded(set *[]item, seeds *[][]seed, index map[item]int32, it item) int {
	if len(*set) < 16 {
		for i, x := range *set {
			if x == it {
				return i
			}
		}
	} else {
		if len(index) == 0 {
			for i, x := range *set {
				index[x] = int32(i)
			}
		}
		if i, ok := index[it]; ok {
			return int(i)
		}
		index[it] = int32(len(*set))
	}
	*set = append(*set, it)
	*seeds = append(*seeds, nil)
	return len(*set) - 1
}

// note records, in a diagnosis, that a thread of the i-th item of the
// current set stands at the instruction pc.
func (m *recog) note(i int, pc int32) {
	if i >= 0 {
		m.seeds[i] = append(m.seeds[i], seed{pc, -1, -1})
	}
}

// noteCalls notes, for the i-th item, the instructions past the calls of
// procedure q in state s, those of the item from of the set when the call
// ended empty here (-1 otherwise).
func (m *recog) noteCalls(i int, s int32, q int32, from int) {
	if i < 0 {
		return
	}
	for _, pc := range m.st(s).pcs {
		if in := &m.p.prog[pc]; in.op == iCall && in.out1 == q {
			m.seeds[i] = append(m.seeds[i], seed{in.out, int32(from), pc})
		}
	}
}

// waiterAt returns, in a diagnosis, the index in the current set of the
// item w that waited at node o, when o is the set's own node (a call that
// ended empty), else -1.
func (m *recog) waiterAt(o int32, w item) int {
	if !m.diag || m.nodes[o].pos != m.at {
		return -1
	}
	if i, ok := m.dcur[w]; ok {
		return int(i)
	}
	for i, x := range m.cur {
		if x == w {
			return i
		}
	}
	return -1
}

// noteBytes notes, for the i-th item of the next set, the instructions
// past the byte b read in state s.
func (m *recog) noteBytes(i int, s int32, b byte) {
	for _, pc := range m.st(s).pcs {
		if in := &m.p.prog[pc]; in.op == iByte && in.set.Contains(b) {
			m.nseeds[i] = append(m.nseeds[i], seed{in.out, -1, -1})
		}
	}
}

// keepLast keeps the current set, closed at j, as the last where an item
// was alive, each item with the offset of its origin: before Leo's
// entries move any.
func (m *recog) keepLast(j int32) {
	m.last = int(j)
	m.lastSet = m.lastSet[:0]
	for _, it := range m.cur {
		m.lastSet = append(m.lastSet, item{it.s, m.nodes[it.o].pos})
	}
	m.lastSeeds = append(m.lastSeeds[:0], m.seeds...)
}

// outerAt is what a diagnosis finds around an instruction at the last
// offset: the iEnter of the outermost named rule a thread started there
// and had not left when it came to pc, -1 for none.
type outerAt struct{ pc, outer int32 }

// label returns what o expects: its outer rule, else the instruction's own
// label (a byte's terminal).
func (o outerAt) label(prog []inst) *Rule {
	if o.outer >= 0 {
		return prog[o.outer].label
	}
	return prog[o.pc].label
}

// outers follows the threads at seeds, without reading, to the
// instructions that read, call, return or test, keeping the outermost
// named rule each entered on the way and has not left (the rule explained
// and the group marks excepted: a group's end closes the members its jumps
// entered). It returns each instruction with each such rule, in the order
// found. The threads start in the rule of the iEnter open (-1: none).
func outers(prog []inst, seeds []int32, root *Rule, open int32) []outerAt {
	seen := map[outerAt]bool{}
	var out []outerAt
	stack := make([]outerAt, 0, len(seeds))
	for i := len(seeds) - 1; i >= 0; i-- {
		stack = append(stack, outerAt{seeds[i], open})
	}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[s] {
			continue
		}
		seen[s] = true
		in := &prog[s.pc]
		switch in.op {
		case iSplit:
			stack = append(stack, outerAt{in.out1, s.outer}, outerAt{in.out, s.outer})
		case iNop:
			stack = append(stack, outerAt{in.out, s.outer})
		case iEnter:
			if s.outer < 0 && in.label != root && in.label != groupMark {
				s.outer = s.pc
			}
			stack = append(stack, outerAt{in.out, s.outer})
		case iLeave:
			if in.out1 == s.outer || in.label == groupMark && in.out1 < s.outer && s.outer < s.pc {
				s.outer = -1
			}
			stack = append(stack, outerAt{in.out, s.outer})
		default:
			out = append(out, s)
		}
	}
	return out
}

// expected records in d, at the last offset L, what each byte instruction
// of an item alive there expected (an end of input, for End).
func (m *recog) expected(d *diag, root *Rule) {
	L := int32(m.last)
	prog := m.p.prog
	found := m.threadsAt(L, root)
	ctx := m.contexts(L, found)
	for i, it := range m.lastSet {
		st := m.st(it.s)
		for _, pc := range st.pcs {
			if in := &prog[pc]; in.op == iPeg && in.label.kind == kEnd && int(L) < len(m.in) {
				d.fail(int(L), in.label)
			}
		}
		for _, o := range found[i] {
			if prog[o.pc].op != iByte {
				continue
			}
			if it.o != L {
				// Not started here: the outermost is inside the invocation.
				if x := o.label(prog); x != nil {
					d.fail(int(L), x)
				}
				continue
			}
			for _, x := range ctx[st.proc] {
				if x < 0 {
					x = o.outer // no rule of a caller's around it
				}
				if y := (outerAt{o.pc, x}).label(prog); y != nil {
					d.fail(int(L), y)
				}
			}
		}
	}
}

// threadsAt returns, for each item of the last set, the instructions its
// threads come to there, each with the outermost rule they started there
// and are in, in the order found: a fixpoint, as a thread past a call that
// ended empty is in the rules its waiting item was in at the call.
func (m *recog) threadsAt(L int32, root *Rule) [][]outerAt {
	found := make([][]outerAt, len(m.lastSet))
	for changed := true; changed; {
		changed = false
		for i, it := range m.lastSet {
			// An invocation started at L is in its own rule still, whatever
			// its threads did since.
			open := int32(-1)
			if it.o == L {
				open = m.ownRule(m.st(it.s).proc, root)
			}
			seen := map[outerAt]bool{}
			var got []outerAt
			for _, sd := range m.lastSeeds[i] {
				opens := []int32{open}
				if sd.from >= 0 {
					opens = opens[:0]
					for _, o := range found[sd.from] {
						if o.pc == sd.call && o.outer >= 0 {
							opens = append(opens, o.outer)
						} else if o.pc == sd.call {
							opens = append(opens, open)
						}
					}
				}
				for _, x := range opens {
					for _, o := range outers(m.p.prog, []int32{sd.pc}, root, x) {
						if !seen[o] {
							seen[o] = true
							got = append(got, o)
						}
					}
				}
			}
			if len(got) != len(found[i]) { // the sets only grow
				found[i], changed = got, true
			}
		}
	}
	return found
}

// contexts returns, for each procedure predicted at L, the outermost named
// rules started at L around its invocations there (iEnters, -1: none), a
// fixpoint over the items that call it: an item that started at L passes
// on its own context, or where that has none the rule of its own around
// the call; any other item the rule around its call.
func (m *recog) contexts(L int32, found [][]outerAt) map[int32][]int32 {
	ctx := map[int32][]int32{}
	add := func(q, x int32) bool {
		if slices.Contains(ctx[q], x) {
			return false
		}
		ctx[q] = append(ctx[q], x)
		return true
	}
	if m.pos == L {
		add(0, -1) // the match itself
	}
	for changed := true; changed; {
		changed = false
		for i, it := range m.lastSet {
			proc := m.st(it.s).proc
			for _, o := range found[i] {
				in := &m.p.prog[o.pc]
				if in.op != iCall {
					continue
				}
				if it.o != L {
					changed = add(in.out1, o.outer) || changed
					continue
				}
				for _, x := range slices.Clone(ctx[proc]) {
					if x < 0 {
						x = o.outer
					}
					changed = add(in.out1, x) || changed
				}
			}
		}
	}
	return ctx
}

// ownRule returns the iEnter of the rule procedure q is, past the entry
// of its right-linear group if it is in one, or -1 (the rule explained,
// or none).
func (m *recog) ownRule(q int32, root *Rule) int32 {
	prog := m.p.prog
	e := m.p.procs[q].start
	for prog[e].op == iNop || prog[e].op == iEnter && prog[e].label == groupMark {
		e = prog[e].out
	}
	if prog[e].op != iEnter || prog[e].label == root {
		return -1
	}
	return e
}
