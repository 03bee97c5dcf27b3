package combinator

import "sort"

// The run of a recognizer's program over an input (recog.go).

// match runs p at pos: the end of the longest match (or of the first found,
// with any), every end with all, and the error of a bound passed.
func (p *rprog) match(in string, pos int, all bool, b *budget) *recog {
	m := &recog{p: p, in: in, pos: int32(pos), budget: b, end: -1, all: all, last: -1}
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
	m.cur = append(m.cur[:0], item{m.startState(0), j})
	for {
		m.close(j)
		if m.budget.err != nil || m.any && m.end >= 0 {
			return
		}
		if m.diag && len(m.cur) > 0 {
			m.last = int(j)
			m.lastSet = append(m.lastSet[:0], m.cur...)
		}
		if j == n {
			return
		}
		m.scan(j)
		j++
		if ps, ok := m.pending[j]; ok {
			for _, it := range ps {
				m.add(it)
			}
			delete(m.pending, j)
		}
		if len(m.cur) == 0 {
			if len(m.pending) == 0 {
				return
			}
			j = n
			for k := range m.pending {
				j = min(j, k)
			}
			m.cur = append(m.cur, m.pending[j]...)
			delete(m.pending, j)
			continue
		}
		if len(m.cur) == 1 && len(m.pending) == 0 && !m.diag {
			j = m.run1(j)
		}
	}
}

// run1 reads on from j while the one item left is in a state that only
// reads bytes: the DFA alone, one transition a byte, a loop's run of bytes
// in one scan. It returns where it stopped, the item (if any) in m.cur.
func (m *recog) run1(j int32) int32 {
	it := m.cur[0]
	n := int32(len(m.in))
	st := m.st(it.s)
	start := j
	for j < n && st.plain {
		if tab := st.loop.Load(); tab != nil {
			for j < n && tab[m.in[j]] {
				j++
			}
			if j == n {
				break
			}
		}
		it.s = m.next(it.s, m.in[j])
		j++
		if it.s == 0 {
			break
		}
		st = m.st(it.s)
	}
	m.budget.spend(int64(j-start), 0, int(j))
	if it.s == 0 {
		m.cur = m.cur[:0]
	} else {
		m.cur[0] = it
	}
	return j
}

// close handles the items of the set at j, those it adds included: the
// predictions of the procedures they call, the completions of those they
// return from, their PEG operators.
func (m *recog) close(j int32) {
	m.here = m.here[:0]
	clear(m.done)
	for k := 0; k < len(m.cur); k++ {
		it := m.cur[k]
		st := m.st(it.s)
		if len(st.calls) > 0 {
			m.predict(st, it, j)
		}
		for _, q := range st.accepts {
			m.complete(q, it.o, j)
		}
		for _, pc := range st.pegs {
			m.peg(pc, it, j)
		}
	}
	m.budget.spend(int64(len(m.cur)), 0, int(j))
}

// predict predicts at j the procedures the state st of it calls, those
// that can start with the next byte or match empty (a procedure that can
// do neither at j would complete nothing), and records that it waits for
// them.
func (m *recog) predict(st *rstate, it item, j int32) {
	waits := false
	for ci, q := range st.calls {
		pr := &m.p.procs[q]
		if !pr.null && (int(j) == len(m.in) || !pr.first.Contains(m.in[j])) {
			continue
		}
		if !waits {
			waits = true
			m.waitAt(j, it)
		}
		m.add(item{m.startState(q), j})
		for _, h := range m.here {
			if h == q {
				m.add(item{m.gotoState(it.s, ci), it.o})
			}
		}
	}
}

// waitAt records that it waits at j for the procedures its state calls.
func (m *recog) waitAt(j int32, it item) {
	if len(m.wpos) == 0 || m.wpos[len(m.wpos)-1] != j {
		m.wpos = append(m.wpos, j)
		m.wlo = append(m.wlo, int32(len(m.wait)))
		m.budget.spend(0, 8, int(j))
	}
	m.wait = append(m.wait, it)
	m.budget.spend(0, 8, int(j))
}

// waiters returns the items that wait at o.
func (m *recog) waiters(o int32) []item {
	i := sort.Search(len(m.wpos), func(i int) bool { return m.wpos[i] >= o })
	if i == len(m.wpos) || m.wpos[i] != o {
		return nil
	}
	hi := int32(len(m.wait))
	if i+1 < len(m.wpos) {
		hi = m.wlo[i+1]
	}
	return m.wait[m.wlo[i]:hi]
}

// complete completes the invocation of procedure q started at o, at j.
func (m *recog) complete(q, o, j int32) {
	if m.rec != nil {
		k := leoKey{q, o}
		if e := m.rec[k]; len(e) == 0 || e[len(e)-1] != j {
			m.rec[k] = append(e, j)
			m.budget.spend(0, 8, int(j))
		}
	}
	if o == j {
		// Empty: for the items waiting at j now, and those to come (close).
		for _, h := range m.here {
			if h == q {
				return
			}
		}
		m.here = append(m.here, q)
		if q == 0 && o == m.pos {
			m.found(j)
		}
		if len(m.wpos) > 0 && m.wpos[len(m.wpos)-1] == j {
			m.advance(q, j)
		}
		return
	}
	top := leoKey{q, o}
	if m.rec == nil {
		top = m.leoTop(top)
	}
	if m.done == nil {
		m.done = map[leoKey]bool{}
	}
	if m.done[top] {
		return
	}
	m.done[top] = true
	if top.p == 0 && top.o == m.pos {
		m.found(j)
	}
	m.advance(top.p, top.o)
}

// advance adds the items that waited at o for procedure q, past it.
func (m *recog) advance(q, o int32) {
	for _, w := range m.waiters(o) {
		st := m.st(w.s)
		for ci, c := range st.calls {
			if c == q {
				m.add(item{m.gotoState(w.s, ci), w.o})
			}
		}
	}
}

// found records an end of the root's match.
func (m *recog) found(j int32) {
	if m.all && (len(m.ends) == 0 || m.ends[len(m.ends)-1] != int(j)) {
		m.ends = append(m.ends, int(j))
	}
	m.end = max(m.end, int(j))
}

// leoTop returns the invocation whose completion the completion of k is,
// following the deterministic chain of right recursion (Leo's memo).
func (m *recog) leoTop(k leoKey) leoKey {
	if v, ok := m.leo[k]; ok {
		return v
	}
	var chain []leoKey
	cur := k
	for !(cur.p == 0 && cur.o == m.pos) {
		if v, ok := m.leo[cur]; ok {
			cur = v
			break
		}
		next, ok := m.sole(cur)
		if !ok || next == k || len(chain) > 0 && next.o == cur.o && containsKey(chain, next) {
			break
		}
		chain = append(chain, cur)
		cur = next
	}
	if len(chain) > 0 {
		if m.leo == nil {
			m.leo = map[leoKey]leoKey{}
		}
		for _, c := range chain {
			m.leo[c] = cur
		}
		m.budget.spend(0, int64(48*len(chain)), int(k.o))
	}
	return cur
}

func containsKey(chain []leoKey, k leoKey) bool {
	for _, c := range chain {
		if c == k {
			return true
		}
	}
	return false
}

// sole returns, when exactly one item waits at k.o for procedure k.p and
// its state past the call holds only the return of its own procedure, that
// invocation.
func (m *recog) sole(k leoKey) (leoKey, bool) {
	var found leoKey
	n := 0
	for _, w := range m.waiters(k.o) {
		st := m.st(w.s)
		for ci, c := range st.calls {
			if c != k.p {
				continue
			}
			if n++; n > 1 {
				return leoKey{}, false
			}
			t := m.st(m.gotoState(w.s, ci)).term
			if t < 0 {
				return leoKey{}, false
			}
			found = leoKey{t, w.o}
		}
	}
	return found, n == 1
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
				m.pending = map[int32][]item{}
			}
			m.pending[int32(e)] = append(m.pending[int32(e)], item{m.jumpState(pc), it.o})
			m.budget.spend(0, 16, int(j))
			return
		}
		ok = e == int(j)
	case kNot, kPeek:
		ok = m.lookahead(x, j) == (x.kind == kPeek)
	}
	if ok {
		m.add(item{m.jumpState(pc), it.o})
	}
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

// add adds it to the current set, once.
func (m *recog) add(it item) {
	if it.s == 0 {
		return
	}
	addItem(&m.cur, &m.big, it)
}

func addItem(set *[]item, big *map[item]bool, it item) {
	s := *set
	if len(s) < 16 {
		for _, x := range s {
			if x == it {
				return
			}
		}
		*set = append(s, it)
		return
	}
	if *big == nil {
		*big = make(map[item]bool, 2*len(s))
	}
	if len(*big) == 0 {
		for _, x := range s {
			(*big)[x] = true
		}
	}
	if (*big)[it] {
		return
	}
	(*big)[it] = true
	*set = append(s, it)
}

// scan reads the byte at j: the items of the set at j+1.
func (m *recog) scan(j int32) {
	b := m.in[j]
	m.nxt = m.nxt[:0]
	var big map[item]bool
	for _, it := range m.cur {
		if !m.st(it.s).scans {
			continue
		}
		if t := m.next(it.s, b); t != 0 {
			addItem(&m.nxt, &big, item{t, it.o})
		}
	}
	m.budget.spend(int64(len(m.cur)), 0, int(j))
	m.cur, m.nxt = m.nxt, m.cur
	clear(m.big)
}
