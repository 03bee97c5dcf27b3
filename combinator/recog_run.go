package combinator

import "slices"

// The run of a recognizer's program over an input (recog.go).

// match runs p at pos: the end of the longest match (or of the first found,
// with any), and the error of a bound passed.
func (p *rprog) match(in string, pos int, b *budget) *recog {
	m := &recog{p: p, in: in, pos: int32(pos), budget: b, end: -1, last: -1}
	if b.rule == nil {
		b.rule = p.root
	}
	if len(in) >= 1<<31-1 {
		b.err = &LimitError{Rule: p.root.label(), Offset: pos, Limit: "bytes", Max: 1<<31 - 2}
		return m
	}
	m.run()
	return m
}

func (m *recog) run() {
	m.c = m.p.cache.Load()
	m.sts = *m.c.states.Load()
	j := m.pos
	n := int32(len(m.in))
	m.nodes = append(m.nodes[:0], node{pos: j})
	m.gcAt = gcFloor
	if np := len(m.p.procs); len(m.pmark) < np {
		m.pmark, m.pstate, m.ptop = make([]int32, np), make([]int8, np), make([]leoKey, np)
	}
	m.cur = m.cur[:0]
	if m.diagFrom == j+1 {
		m.startDiag()
	}
	m.note(m.add(item{m.startState(0), 0}), m.p.procs[0].start)
	defer m.release()
	for {
		m.close(j)
		if len(m.cur) > 0 {
			m.last = int(j)
		}
		if m.budget.err != nil || m.any && m.end >= 0 {
			return
		}
		if j == n {
			return
		}
		if m.diagFrom == j+2 {
			m.startDiag() // the byte read into the set diagnosed
		}
		if len(m.pending) == 0 && !m.diag && m.lone() {
			j = m.run1(j)
		} else {
			m.scan(j)
			j++
			if len(m.cur) > 1 && j < n && m.st(m.cur[0].s).calm.Contains(m.in[j]) &&
				len(m.pending) == 0 && !m.diag && m.rec == nil && !m.any {
				j = m.runCalm(j) // its first item is calm: the set may be
			}
		}
		if len(m.cur) == 0 && len(m.pending) > 0 {
			j = n
			for k := range m.pending {
				j = min(j, k)
			}
		}
		if ps, ok := m.pending[j]; ok {
			for _, p := range ps {
				m.note(m.add(p.it), p.seed)
			}
			delete(m.pending, j)
		}
		if len(m.cur) == 0 {
			return
		}
		if m.rec == nil && len(m.nodes) >= m.gcAt {
			m.collect()
		}
	}
}

// lone reports whether one item of the set just closed reads the next
// byte, and leaves it alone in the set: the others, handled, end there.
func (m *recog) lone() bool {
	if len(m.cur) > 2 {
		return false // the one case that pays: an item and a return beside it (RFC 5322's body)
	}
	k := -1
	for i, it := range m.cur {
		if m.st(it.s).scans {
			if k >= 0 {
				return false
			}
			k = i
		}
	}
	if k < 0 {
		return false
	}
	m.cur[0] = m.cur[k]
	m.cur = m.cur[:1]
	return true
}

// run1 reads on from j, where the one item left was handled, while the
// item is alone in a state that needs nothing but the next byte's
// transition: the DFA alone, one transition a byte, a loop's run of bytes
// in one scan. Where a return of its procedure is a match of the root and
// nothing else (the root's own, or, by Leo's memo, a procedure the root
// ends with, as RFC 5322's message ends with its body), the states that
// return are stepped too, each return an end found. It returns where it
// stopped, the item (if any) in m.cur, to be handled there.
func (m *recog) run1(j int32) int32 {
	it := m.cur[0]
	in := m.in
	n := int32(len(in))
	if m.diagFrom > 0 {
		n = min(n, m.diagFrom-2) // the diagnosis reads the byte before its set
	}
	start := j
	st := m.st(it.s)
	// root: the item's returns are the root's (Tree logs every return:
	// it steps the quiet states only); known once a state returns
	root, known := false, false
	for {
		if !known && len(st.accepts) > 0 {
			root, known = m.returnsToRoot(st.proc, it.o), true
		}
		free := &st.quiet
		if root {
			free = &st.calm
		}
		if tab := st.loop.Load(); tab != nil && (root || !st.quiet.IsEmpty() && (!st.acc0 || it.o == 0)) {
			k := j
			for k < n && tab[in[k]] {
				k++
			}
			if k > j {
				j = k
				if len(st.accepts) > 0 {
					m.found(j)
				}
				if j == n || !free.Contains(in[j]) {
					break
				}
			}
		}
		it.s = m.next(it.s, in[j])
		j++
		if it.s == 0 {
			break
		}
		st = m.st(it.s)
		if !known && len(st.accepts) > 0 {
			root, known = m.returnsToRoot(st.proc, it.o), true
		}
		if len(st.accepts) > 0 && (root || st.acc0 && it.o == 0) {
			m.found(j)
		}
		free = &st.quiet
		if root {
			free = &st.calm
		}
		if j == n || !free.Contains(in[j]) || !root && st.acc0 && it.o != 0 {
			break
		}
	}
	m.budget.spend(int64(j-start), 0, int(j))
	m.curs.reset()
	if it.s == 0 {
		m.last = int(j - 1) // the offset where it was alive last
		m.cur = m.cur[:0]
	} else {
		m.cur[0] = it
	}
	return j
}

// returnsToRoot reports whether a return of procedure q invoked at node o
// is a match of the root and nothing else: the root's own, or by Leo's memo
// a procedure the root ends with, where no Tree logs every return and the
// root is not called from within.
func (m *recog) returnsToRoot(q, o int32) bool {
	return m.rec == nil && !m.p.recursiveRoot && m.leoOf(q, o) == leoKey{0, 0}
}

// maxCalm bounds the items runCalm steps together (a set past it is
// closed offset by offset, its duplicates found through its iset).
const maxCalm = 32

// runCalm reads on from j, where the set is not closed yet, while every
// item of the set is calm at the next byte: it predicts nothing that can
// start there, tests nothing, and returns from nothing but a procedure
// whose return is the root's end (Leo's memo, as in run1). Closing such a
// set would do nothing but record that end, so the items are stepped
// together, each by its DFA transition, as the header readings of RFC
// 5322's message that may absorb the body step beside it. It returns where
// it stopped, the set there to be closed.
func (m *recog) runCalm(j int32) int32 {
	in := m.in
	n := int32(len(in))
	if m.diagFrom > 0 {
		n = min(n, m.diagFrom-2)
	}
	start := j
	var steps int64
	for j < n && len(m.cur) > 1 && len(m.cur) <= maxCalm && m.calm(j) {
		b := in[j]
		nxt := m.nxt[:0]
		for _, it := range m.cur {
			if !m.st(it.s).scans {
				continue
			}
			if t := m.next(it.s, b); t != 0 && !slices.Contains(nxt, item{t, it.o}) {
				nxt = append(nxt, item{t, it.o})
			}
		}
		steps += 2 * int64(len(m.cur)) // as its close and its scan would count
		m.cur, m.nxt = nxt, m.cur
		j++
		if len(m.cur) == 0 {
			m.last = int(j - 1) // the offset where a set was alive last
		}
	}
	if j > start {
		m.curs.reset()
		m.budget.spend(steps, 0, int(j))
	}
	return j
}

// calm reports whether every item of the set at j, not closed, is calm at
// the byte at j (runCalm), and records the root's end there if one
// returns.
func (m *recog) calm(j int32) bool {
	b := m.in[j]
	end := false
	for _, it := range m.cur {
		st := m.st(it.s)
		if !st.calm.Contains(b) {
			return false
		}
		if len(st.accepts) > 0 {
			if !m.returnsToRoot(st.proc, it.o) { // m.rec is nil: run tests it
				return false
			}
			end = true
		}
	}
	if end {
		m.found(j)
	}
	return true
}

// close handles the items of the set at j, those it adds included: the
// predictions of the procedures they call, the completions of those they
// return from, their PEG operators; then the Leo entries of the node of j.
func (m *recog) close(j int32) {
	m.at = j
	m.here = m.here[:0]
	m.done = m.done[:0]
	m.dones.reset()
	m.predicted = m.predicted[:0]
	for k := 0; k < len(m.cur); k++ {
		it := m.cur[k]
		st := m.st(it.s)
		if len(st.calls) > 0 {
			m.predict(st, it, k, j)
		}
		for _, q := range st.accepts {
			m.complete(q, it.o, j)
		}
		for _, pc := range st.pegs {
			m.peg(pc, it, j)
		}
	}
	m.budget.spend(int64(len(m.cur)), 0, int(j))
	if m.diag && len(m.cur) > 0 {
		m.keepLast(j)
	}
	if len(m.predicted) > 0 && m.rec == nil {
		m.resolve(int32(len(m.nodes) - 1))
	}
}

// predict predicts at j the procedures the state st of it calls, those
// that can start with the next byte or match empty (a procedure that can
// do neither at j would complete nothing; a diagnosis predicts it all the
// same, for what it expects there), and records that it waits for them.
func (m *recog) predict(st *rstate, it item, k int, j int32) {
	waits := false
	for ci, q := range st.calls {
		pr := &m.p.procs[q]
		if !m.diag && !pr.null && (int(j) == len(m.in) || !pr.first.Contains(m.in[j])) {
			continue
		}
		if !waits {
			waits = true
			m.waitAt(j, it)
		}
		if m.pmark[q] != j+1 {
			m.pmark[q] = j + 1
			m.predicted = append(m.predicted, q)
		}
		m.note(m.add(item{m.startState(q), int32(len(m.nodes) - 1)}), pr.start)
		for _, h := range m.here {
			if h == q {
				m.noteCalls(m.add(item{m.gotoState(it.s, ci), it.o}), it.s, q, k)
			}
		}
	}
}

// complete completes the invocation of procedure q started at node o, at
// j.
func (m *recog) complete(q, o, j int32) {
	at := m.nodes[o].pos
	if m.rec != nil {
		k := leoKey{q, at}
		if e := m.rec[k]; len(e) == 0 || e[len(e)-1] != j {
			m.rec[k] = append(e, j)
			m.budget.spend(0, 8, int(j))
		}
	}
	if at == j {
		// Empty: for the items waiting at j now, and those to come (close).
		for _, h := range m.here {
			if h == q {
				return
			}
		}
		m.here = append(m.here, q)
		if q == 0 && o == 0 {
			m.found(j)
		}
		m.advance(q, o)
		return
	}
	top := leoKey{q, o}
	if m.rec == nil {
		top = m.leoOf(q, o)
	}
	if !m.once(top) {
		return
	}
	if top.p == 0 && top.o == 0 {
		m.found(j)
	}
	m.advance(top.p, top.o)
}

// once reports whether the completion of k is new at the current offset.
func (m *recog) once(k leoKey) bool {
	if len(m.done) < 16 {
		for _, d := range m.done {
			if d == k {
				return false
			}
		}
		m.done = append(m.done, k)
		return true
	}
	if m.dones.n == 0 {
		for _, d := range m.done {
			m.dones.insert(d.p, d.o)
		}
	}
	if !m.dones.insert(k.p, k.o) {
		return false
	}
	m.done = append(m.done, k)
	return true
}

// advance adds the items that waited at node o for procedure q, past it.
func (m *recog) advance(q, o int32) {
	for _, w := range m.waiting(o) {
		st := m.st(w.s)
		for ci, c := range st.calls {
			if c == q {
				m.noteCalls(m.add(item{m.gotoState(w.s, ci), w.o}), w.s, q, m.waiterAt(o, w))
			}
		}
	}
}

// found records an end of the root's match.
func (m *recog) found(j int32) {
	m.end = max(m.end, int(j))
}

// peg handles the PEG instruction pc of item it at j.
func (m *recog) peg(pc int32, it item, j int32) {
	x := m.p.prog[pc].label
	ok := false
	switch x.kind {
	case kEnd:
		ok = int(j) == len(m.in)
	case kFunc:
		if x.fn == nil {
			return
		}
		e := x.fn(m.in, int(j))
		if e > int(j) && e <= len(m.in) {
			if m.pending == nil {
				m.pending = map[int32][]pend{}
			}
			m.pending[int32(e)] = append(m.pending[int32(e)], pend{item{m.jumpState(pc), it.o}, m.p.prog[pc].out})
			m.budget.spend(0, 16, int(j))
			return
		}
		ok = e == int(j)
	case kNot, kPeek:
		ok = m.lookahead(x, j) == (x.kind == kPeek)
	}
	if ok {
		m.note(m.add(item{m.jumpState(pc), it.o}), m.p.prog[pc].out)
	}
}

// pend is an item a Func terminal put past the current offset, and where
// its thread stands there.
type pend struct {
	it   item
	seed int32
}

// lookahead reports whether the rule of the look-ahead x matches at j, read
// as ABNF: whether it has a match there, of any length.
func (m *recog) lookahead(x *Rule, j int32) bool {
	if v, ok := m.look[lookKey{x, j}]; ok {
		return v
	}
	if m.depth >= maxLookNesting {
		if m.budget.err == nil {
			m.budget.err = &LimitError{Rule: m.budget.rule.label(), Offset: int(j), Limit: "look-ahead nesting", Max: maxLookNesting}
		}
		return false
	}
	q := m.p.looks[x]
	sub := &recog{p: q, in: m.in, pos: j, budget: m.budget, end: -1, any: true, last: -1, depth: m.depth + 1}
	sub.run()
	if m.look == nil {
		m.look = map[lookKey]bool{}
	}
	m.look[lookKey{x, j}] = sub.end >= 0
	m.budget.spend(0, 48, int(j))
	return sub.end >= 0
}

type lookKey struct {
	x *Rule
	j int32
}

// add adds it to the current set, once, and returns its index there in a
// diagnosis (-1 otherwise, or when it is dead).
func (m *recog) add(it item) int {
	if it.s == 0 {
		return -1
	}
	if m.diag {
		return m.addSeeded(&m.cur, &m.seeds, m.dcur, it)
	}
	m.cur = m.addTo(m.cur, &m.curs, it)
	return -1
}

// addTo returns set with it added unless it holds it already, looked up
// in s once set holds many.
func (m *recog) addTo(set []item, s *iset, it item) []item {
	if len(set) < 16 {
		for _, x := range set {
			if x == it {
				return set
			}
		}
	} else {
		if s.n == 0 {
			for _, x := range set {
				s.insert(x.s, x.o)
			}
		}
		if !s.insert(it.s, it.o) {
			return set
		}
	}
	if len(set) == cap(set) {
		m.budget.spend(0, 8*int64(len(set)+1), int(m.nodes[len(m.nodes)-1].pos))
	}
	return append(set, it)
}

// scan reads the byte at j: the items of the set at j+1.
func (m *recog) scan(j int32) {
	b := m.in[j]
	m.nxt = m.nxt[:0]
	m.nxts.reset()
	if m.diag {
		m.nseeds = m.nseeds[:0]
		clear(m.dnxt)
	}
	for _, it := range m.cur {
		if !m.st(it.s).scans {
			continue
		}
		t := m.next(it.s, b)
		switch {
		case t == 0:
		case m.diag:
			m.noteBytes(m.addSeeded(&m.nxt, &m.nseeds, m.dnxt, item{t, it.o}), it.s, b)
		default:
			m.nxt = m.addTo(m.nxt, &m.nxts, item{t, it.o})
		}
	}
	m.budget.spend(int64(len(m.cur)), 0, int(j))
	m.cur, m.nxt = m.nxt, m.cur
	m.curs, m.nxts = m.nxts, m.curs
	m.seeds, m.nseeds = m.nseeds, m.seeds
	m.dcur, m.dnxt = m.dnxt, m.dcur
}
