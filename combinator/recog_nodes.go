package combinator

// The nodes of a recognizer's match (recog.go): the items that wait at
// each offset where a procedure was predicted, Leo's memo of the
// completions there, and the collection of the nodes no item can reach
// any more.
//
// Leo's memo is computed once a node's set is closed, when the items that
// wait there are all known: where exactly one item waits at the node for
// a procedure q, and its state past q only returns from its own procedure
// t, a completion of q there is a completion of t at that item's origin,
// itself resolved the same way when it was closed (its node is older). So
// a right recursion n deep completes in one step, and the item that
// waited is not needed any more: it is dropped, and with it the node's
// reference to its origin.
//
// The collection: an item's origin is a node; a node refers to the
// origins of the items that wait there and to the tops of its Leo
// entries, all older than itself. The nodes that the current items, the
// items a Func terminal put ahead, and the root's node reach are alive;
// the others can never be completed again. When the nodes have doubled
// since the last collection, the dead ones are dropped and the others
// renumbered, in one pass from the newest: a match holds what it may
// still need, not all it met. Tree keeps every node, for its log.

// A match drops its dead nodes when it holds gcGrowth times those alive
// at the last collection, and at least gcFloor (variables: the tests
// collect at every offset).
var gcFloor, gcGrowth = 1 << 12, 2

// waitAt records that it waits at j for the procedures its state calls,
// in the node of j, made when it is the first.
func (m *recog) waitAt(j int32, it item) {
	if m.nodes[len(m.nodes)-1].pos != j {
		m.nodes = grow(m.nodes)
		m.nodes = append(m.nodes, node{pos: j, lo: int32(len(m.wait)), llo: int32(len(m.leos))})
	}
	m.wait = grow(m.wait)
	m.wait = append(m.wait, it)
	if len(m.wait)&63 == 0 {
		m.hold()
	}
}

// grow returns s with room for one more element, its capacity doubled
// when full (append's growth, by a quarter past 256 elements, would copy
// a long slice about five times over).
func grow[T any](s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	t := make([]T, len(s), max(2*len(s), 64))
	copy(t, s)
	return t
}

// waiting returns the items that wait at node o.
func (m *recog) waiting(o int32) []item {
	hi := len(m.wait)
	if int(o)+1 < len(m.nodes) {
		hi = int(m.nodes[o+1].lo)
	}
	return m.wait[m.nodes[o].lo:hi]
}

// leoEntries returns the Leo entries of node o.
func (m *recog) leoEntries(o int32) []leoEntry {
	hi := len(m.leos)
	if int(o)+1 < len(m.nodes) {
		hi = int(m.nodes[o+1].llo)
	}
	return m.leos[m.nodes[o].llo:hi]
}

// hold accounts in the budget for the bytes of the nodes, the waiting
// items and the Leo entries the match holds.
func (m *recog) hold() {
	h := int64(12*cap(m.nodes) + 8*cap(m.wait) + 12*cap(m.leos) + 4*cap(m.live) + 40*len(m.canon))
	m.budget.spend(0, h-m.held, int(m.nodes[len(m.nodes)-1].pos))
	m.held = h
}

// release gives back the bytes the match held.
func (m *recog) release() {
	m.budget.spend(0, -m.held, -1)
	m.held = 0
}

// leoOf returns the invocation whose completion the completion of
// procedure q at node o is.
func (m *recog) leoOf(q, o int32) leoKey {
	for _, e := range m.leoEntries(o) {
		if e.q == q {
			return e.top
		}
	}
	return leoKey{q, o}
}

// The states of a procedure in resolve.
const (
	pNone     = iota // no item seen waiting for it
	pTop             // every item seen completes the invocation ptop past it
	pNo              // some item does more past it, or two complete different invocations
	pWait            // some item completes its own procedure at this node, not resolved yet
	pResolved        // it has its Leo entry
)

// resolve computes the Leo entries of node o, closed (the procedures
// predicted there: m.predicted), and drops the items waiting there that
// they make useless. A procedure q is resolved at o when every item that
// waits there for q would, past q, only return from its own procedure t,
// and the completions of those t are all one invocation's (an item
// alone, as in Leo's algorithm, or several, as an ambiguous grammar
// makes them: two readings waiting for the same last rule).
func (m *recog) resolve(o int32) {
	ws := m.waiting(o)
	pos := m.nodes[o].pos
	for _, q := range m.predicted {
		m.pstate[q] = pNone
	}
	resolved := false
	for again := true; again; {
		again = false
		for _, q := range m.predicted {
			if m.pstate[q] != pResolved {
				m.pstate[q] = pNone
			}
		}
		for _, w := range ws {
			for ci, c := range m.st(w.s).calls {
				if m.pmark[c] == pos+1 && m.pstate[c] != pResolved && m.pstate[c] != pNo {
					m.weigh(c, w, ci, o)
				}
			}
		}
		for _, q := range m.predicted {
			if m.pstate[q] == pTop {
				m.leos = grow(m.leos)
				m.leos = append(m.leos, leoEntry{q, m.ptop[q]})
				m.pstate[q] = pResolved
				resolved, again = true, true
			}
		}
	}
	if !resolved {
		return
	}
	m.rehome(o)
	// Keep the waiting items that a procedure not resolved still needs.
	k := m.nodes[o].lo
	for _, w := range ws {
		for _, c := range m.st(w.s).calls {
			if m.pmark[c] == pos+1 && m.pstate[c] != pResolved {
				m.wait[k] = w
				k++
				break
			}
		}
	}
	m.wait = m.wait[:k]
	m.hold()
}

// weigh updates the state of procedure q in resolve with the item w that
// waits for it at node o, through its call ci.
func (m *recog) weigh(q int32, w item, ci int, o int32) {
	t := m.st(m.gotoState(w.s, ci)).term
	if t < 0 {
		m.pstate[q] = pNo
		return
	}
	top := m.leoOf(t, w.o)
	switch {
	case w.o == o && top == leoKey{t, o}:
		m.pstate[q] = pWait
	case m.pstate[q] == pNone:
		m.pstate[q], m.ptop[q] = pTop, top
	case m.pstate[q] == pTop && m.ptop[q] != top:
		m.pstate[q] = pNo
	}
}

// rehome moves the items of the current set whose procedure's completion
// at node o is an invocation's, resolved, to the first node where the
// same procedure's completion was found to be the same invocation's: from
// either node, the items would do the same, so that they are now one. An
// ambiguous grammar that starts the same procedure at offset after offset
// for the same end (RFC 5322's message, whose header may absorb blank lines
// of the body that follows) keeps one item a state, not one an offset.
func (m *recog) rehome(o int32) {
	if m.canon == nil {
		m.canon = map[leoEntry]int32{}
	}
	for _, e := range m.leoEntries(o) {
		if c, ok := m.canon[e]; !ok {
			m.canon[e] = o
		} else if c != o {
			m.pmark[e.q] = -c - 1 // where its items go, for the loop below
		}
	}
	for i, it := range m.cur {
		if it.o != o {
			continue
		}
		if q := m.st(it.s).proc; q >= 0 && m.pmark[q] < 0 {
			m.cur[i].o = -m.pmark[q] - 1
		}
	}
	for _, e := range m.leoEntries(o) {
		m.pmark[e.q] = m.nodes[o].pos + 1
	}
}

// collect drops the nodes no item can reach any more and renumbers the
// others, in their order.
func (m *recog) collect() {
	n := len(m.nodes)
	if cap(m.live) < n {
		m.live = make([]int32, n, 2*n)
	}
	live := m.live[:n]
	for i := range live {
		live[i] = -1
	}
	live[0] = 0
	for _, it := range m.cur {
		live[it.o] = 0
	}
	for _, ps := range m.pending {
		for _, p := range ps {
			live[p.it.o] = 0
		}
	}
	for o := int32(n - 1); o > 0; o-- {
		if live[o] < 0 {
			continue
		}
		for _, w := range m.waiting(o) {
			live[w.o] = 0
		}
		for _, e := range m.leoEntries(o) {
			live[e.top.o] = 0
		}
	}
	k, wk, lk := int32(0), int32(0), int32(0)
	for o := int32(0); o < int32(n); o++ {
		if live[o] < 0 {
			continue
		}
		live[o] = k
		ws, ls := m.waiting(o), m.leoEntries(o)
		m.nodes[k] = node{pos: m.nodes[o].pos, lo: wk, llo: lk}
		for _, w := range ws {
			m.wait[wk] = item{w.s, live[w.o]}
			wk++
		}
		for _, e := range ls {
			m.leos[lk] = leoEntry{e.q, leoKey{e.top.p, live[e.top.o]}}
			lk++
		}
		k++
	}
	m.nodes, m.wait, m.leos = m.nodes[:k], m.wait[:wk], m.leos[:lk]
	if len(m.canon) > 0 {
		canon := make(map[leoEntry]int32, len(m.canon))
		for e, c := range m.canon {
			if live[c] >= 0 && live[e.top.o] >= 0 {
				canon[leoEntry{e.q, leoKey{e.top.p, live[e.top.o]}}] = live[c]
			}
		}
		m.canon = canon
	}
	for i, it := range m.cur {
		m.cur[i].o = live[it.o]
	}
	for _, ps := range m.pending {
		for i, p := range ps {
			ps[i].it.o = live[p.it.o]
		}
	}
	m.curs.reset()
	clear(m.dcur) // the origins changed
	m.hold()
	m.gcAt = max(gcGrowth*int(k), gcFloor)
	m.budget.spend(int64(n), 0, int(m.nodes[k-1].pos))
}

// iset is a set of pairs of int32 (items, invocations), open addressing
// over a table whose entries are valid in the generation they were put in,
// so that emptying it costs nothing.
type iset struct {
	keys []uint64
	gens []uint32
	gen  uint32
	n    int
}

func (s *iset) reset() {
	if s.n == 0 {
		return
	}
	s.n = 0
	s.gen++
	if s.gen == 0 {
		clear(s.gens)
		s.gen = 1
	}
}

// insert adds (a, b) and reports whether it was not there.
func (s *iset) insert(a, b int32) bool {
	if 2*(s.n+1) > len(s.keys) {
		s.grow()
	}
	k := uint64(uint32(a))<<32 | uint64(uint32(b))
	mask := uint64(len(s.keys) - 1)
	for i := (k * 0x9E3779B97F4A7C15 >> 20) & mask; ; i = (i + 1) & mask {
		if s.gens[i] != s.gen {
			s.keys[i], s.gens[i] = k, s.gen
			s.n++
			return true
		}
		if s.keys[i] == k {
			return false
		}
	}
}

func (s *iset) grow() {
	old, oldGens, gen := s.keys, s.gens, s.gen
	size := max(64, 2*len(old))
	s.keys, s.gens, s.gen, s.n = make([]uint64, size), make([]uint32, size), 1, 0
	for i, k := range old {
		if oldGens[i] == gen {
			s.insert(int32(k>>32), int32(uint32(k)))
		}
	}
}
