package combinator

// The states of a recognizer's program, determinized as a match needs
// them (recog.go): read without a lock, added under the cache's.

// st returns the state s.
func (m *recog) st(s int32) *rstate {
	if int(s) >= len(m.sts) {
		m.sts = *m.c.states.Load()
	}
	return m.sts[s]
}

// added accounts for the bytes of the states a match added.
func (m *recog) added(bytes int64) {
	if bytes > 0 {
		m.budget.spend(0, bytes, -1)
	}
}

// next returns the state after the byte b from s (0: dead).
func (m *recog) next(s int32, b byte) int32 {
	st := m.st(s)
	k := m.p.cls[b]
	if t := st.next[k].Load(); t != 0 {
		return t - 1
	}
	c, p := m.c, m.p
	c.mu.Lock()
	var seeds []int32
	for _, pc := range st.pcs {
		if in := &p.prog[pc]; in.op == iByte && in.set.Contains(b) {
			seeds = append(seeds, in.out)
		}
	}
	t, bytes := c.state(p, seeds)
	st.next[k].Store(t + 1)
	if t == s && !st.quiet.IsEmpty() && st.loop.Load() == nil {
		var tab [256]bool
		for x := 0; x < 256; x++ {
			seeds = seeds[:0]
			for _, pc := range st.pcs {
				if in := &p.prog[pc]; in.op == iByte && in.set.Contains(byte(x)) {
					seeds = append(seeds, in.out)
				}
			}
			u, more := c.state(p, seeds)
			bytes += more
			st.next[p.cls[x]].Store(u + 1)
			tab[x] = u == s && st.quiet.Contains(byte(x))
		}
		st.loop.Store(&tab)
	}
	c.mu.Unlock()
	m.added(bytes)
	return t
}

// gotoState returns the state of s past the return of its i-th call.
func (m *recog) gotoState(s int32, i int) int32 {
	st := m.st(s)
	if t := st.gotos[i].Load(); t != 0 {
		return t - 1
	}
	c, p := m.c, m.p
	q := st.calls[i]
	c.mu.Lock()
	var seeds []int32
	for _, pc := range st.pcs {
		if in := &p.prog[pc]; in.op == iCall && in.out1 == q {
			seeds = append(seeds, in.out)
		}
	}
	t, bytes := c.state(p, seeds)
	st.gotos[i].Store(t + 1)
	c.mu.Unlock()
	m.added(bytes)
	return t
}

// jumpState returns the state past the PEG instruction pc.
func (m *recog) jumpState(pc int32) int32 {
	if t := m.c.jump[pc].Load(); t != 0 {
		return t - 1
	}
	c, p := m.c, m.p
	c.mu.Lock()
	t, bytes := c.state(p, []int32{p.prog[pc].out})
	c.jump[pc].Store(t + 1)
	c.mu.Unlock()
	m.added(bytes)
	return t
}

// startState returns the state where procedure q starts.
func (m *recog) startState(q int32) int32 {
	if t := m.c.start[q].Load(); t != 0 {
		return t - 1
	}
	c, p := m.c, m.p
	c.mu.Lock()
	t, bytes := c.state(p, []int32{p.procs[q].start})
	c.start[q].Store(t + 1)
	c.mu.Unlock()
	m.added(bytes)
	return t
}
