package combinator

// The recording matcher: the matcher of Captures, Events, Tree and the
// diagnosis, and the plain, node-by-node reading that the tests hold the
// fused forms to. Its mode says what it keeps and how it reads the grammar.
// Where a part of the grammar gives it nothing to keep, it hands that part
// to matchFast (match.go), so that the fast path tests no mode at all.

// mode is what a recording matcher keeps, and how it reads the grammar. The
// modes that read it as the fast path does come first (skips, fastFor).
type mode uint8

const (
	// modeCaptures and modeEvents read the grammar as the fast path does,
	// fused forms and skipping included, recording the spans of captures
	// (Captures) or every capture in a log (Events).
	modeCaptures mode = iota
	modeEvents
	// modeExplain is a diagnosis (explain.go): it tries every alternative
	// where a failure could still be recorded, records failures, and reads
	// the fused forms through fusedDiag.
	modeExplain
	// modeTree logs named rules for Tree (tree.go): node by node, without
	// fused forms or skipping, where a rule to keep may lie.
	modeTree
	// modePlain matches node by node, without fused forms or skipping: the
	// ABNF-literal reading of the constructors that the tests compare the
	// others with.
	modePlain
)

// matcher is the state of one recording match. It lives on the caller's
// stack: match stores no pointer into it, so that it, the spans and the undo
// log do not escape. What a diagnosis records lives apart, in diag.
type matcher struct {
	mode  mode
	spans []Span
	quiet int   // > 0 inside a look-ahead: record nothing
	d     *diag // modeExplain: what the diagnosis records

	undo     []undoEntry // the log of captures to roll back: undo[:nundo]
	nundo    int
	overflow bool // the log was too small: the captures are not to be trusted

	c *Context // the memoizing matcher's state, for a rule the fast path does not match (memo.go); nil else

	x  *recorder // modeEvents, modeTree: what they record (events.go, tree.go)
	ev []Event   // modeEvents: the log of events, ev[:nundo] where it fits (a field, so that it can stay on the stack)
}

type undoEntry struct {
	slot int
	old  Span
}

// fast matches s, a part with nothing for m to record, as Match does: with
// matchFast, or with the memoizing matcher for a rule that needs it.
func (m *matcher) fast(s *Rule, in string, pos int) int {
	if m.c != nil {
		return m.c.match(s, in, pos)
	}
	return matchFast(s, in, pos)
}

// fused matches the fused node s as fused does, or with the memoizing
// matcher for a rule that needs it (which reads each offset of a run once).
func (m *matcher) fused(s *Rule, in string, pos int) int {
	if m.c != nil {
		return m.c.match(s, in, pos)
	}
	return fused(s, in, pos)
}

// stopped returns the error that stopped the match at a bound, or nil.
func (m *matcher) stopped() *DepthError {
	if m.c == nil {
		return nil
	}
	return m.c.err
}

// skips reports whether m skips, as the fast path does, a part that cannot
// start with the next byte: modeCaptures and modeEvents do.
func (m *matcher) skips() bool { return m.mode <= modeEvents }

// match matches r at pos and returns the end offset, or -1.
func (m *matcher) match(r *Rule, in string, pos int) int {
	if m.c != nil && m.mode == modeExplain {
		// A diagnosis of a rule that needs memoizing: give up past the
		// budget (explainMemo takes over).
		if m.c.budget--; m.c.budget < 0 {
			return -1
		}
	}
	switch m.mode {
	case modeCaptures, modeEvents:
		if !r.hasCaps { // nothing to record: no fused node has a capture
			return m.fast(r, in, pos)
		}
	case modeExplain:
		if r.name != "" {
			if m.d.entered != r {
				return m.matchNamed(r, in, pos)
			}
			m.d.entered = nil
		}
		if r.fast != fNone {
			return m.fusedDiag(r, in, pos)
		}
	case modeTree:
		if m.x.entered != r {
			return m.treeStep(r, in, pos)
		}
	}
	switch r.kind {
	case kSeq: // the most common node, matched here without a call
		skip := m.skips()
		for _, s := range r.subs {
			if skip || m.behind(pos) {
				// Settle without a call what the next byte alone decides: a
				// one-byte literal, or an optional part that cannot start here.
				if pos < len(in) {
					if s.byte1 {
						if in[pos] != s.lit[0] {
							return -1
						}
						pos++
						continue
					}
					if s.optional && !s.starts(in[pos]) {
						continue
					}
				} else if s.optional {
					continue
				}
			}
			switch {
			case skip && s.fast != fNone:
				pos = m.fused(s, in, pos)
			case m.fastFor(s):
				pos = m.fast(s, in, pos)
			default:
				pos = m.match(s, in, pos)
			}
			if pos < 0 {
				return -1
			}
		}
		return pos
	case kAlt:
		return m.alt(r, in, pos)
	case kRep:
		return m.rep(r, in, pos)
	case kCap: // matched here without a call, as Captures needs
		if m.mode == modeEvents {
			return m.captureEvent(r, in, pos)
		}
		var e int
		switch s := r.subs[0]; {
		case m.mode == modeCaptures && s.fast != fNone:
			e = m.fused(s, in, pos)
		case m.fastFor(s):
			e = m.fast(s, in, pos)
		default:
			e = m.match(s, in, pos)
		}
		if e >= 0 && r.slot < len(m.spans) {
			m.set(r.slot, Span{pos, e})
		}
		return e
	case kNot, kPeek:
		return m.lookAhead(r, in, pos)
	case kExact, kRef:
		return m.matchExact(r, in, pos)
	}
	// A terminal: matchFast matches it as the plain reading does.
	if e := m.fast(r, in, pos); e >= 0 {
		return e
	}
	if m.mode == modeExplain {
		m.failTerminal(r, in, pos)
	}
	return -1
}

// fastFor reports whether m can leave s, a part of the rule it is matching,
// to matchFast: m reads the grammar as the fast path does and s holds no
// capture to record. The callers test it before calling, so that such a
// part costs one call, not a call to match that hands it on.
func (m *matcher) fastFor(s *Rule) bool { return m.mode <= modeEvents && !s.hasCaps }

// alt matches the ordered choice r at pos, rolling back what each
// alternative that fails recorded.
func (m *matcher) alt(r *Rule, in string, pos int) int {
	if len(r.subs) == 0 {
		// Alt() matches nothing: a diagnosis records it where it fails, as
		// it does a Not, so that the failure has an offset.
		if m.mode == modeExplain {
			m.fail(pos, r)
		}
		return -1
	}
	skip := m.skips()
	for _, s := range r.subs {
		if !s.nullable && (pos >= len(in) || !s.starts(in[pos])) {
			if skip || m.behind(pos) {
				continue
			}
			if m.mode == modeExplain && s.name != "" {
				m.fail(pos, s) // what matchNamed would record, without the run
				continue
			}
		}
		if m.fastFor(s) {
			if e := m.fast(s, in, pos); e >= 0 {
				return e
			}
			continue // it recorded nothing to roll back
		}
		mark := m.nundo
		if e := m.match(s, in, pos); e >= 0 {
			return e
		}
		m.rollback(mark)
	}
	return -1
}

// rep matches the repetition r at pos.
func (m *matcher) rep(r *Rule, in string, pos int) int {
	s := r.subs[0]
	if r.max == 1 && r.min == 0 && !s.hasCaps && m.x == nil {
		// [ rule ]: no count, nothing to roll back.
		if e := m.match(s, in, pos); e >= 0 {
			return e
		}
		return pos
	}
	skip := m.skips()
	n := 0
	for n != r.max {
		if !s.nullable && (pos >= len(in) || !s.starts(in[pos])) {
			if skip || m.behind(pos) {
				break
			}
			if m.mode == modeExplain && s.name != "" {
				m.fail(pos, s) // what matchNamed would record, without the run
				break
			}
		}
		mark := m.nundo
		var e int
		if m.fastFor(s) {
			e = m.fast(s, in, pos)
		} else {
			e = m.match(s, in, pos)
		}
		if e < 0 {
			m.rollback(mark)
			break
		}
		n++
		if e == pos {
			// The rule matched empty: it would again, as often as asked.
			n = max(n, r.min)
			break
		}
		pos = e
	}
	if n < r.min {
		return -1
	}
	return pos
}

// lookAhead matches the Not or Peek r at pos: the empty string, or -1.
func (m *matcher) lookAhead(r *Rule, in string, pos int) int {
	if m.look(r, in, pos) {
		return pos
	}
	if m.mode == modeExplain && m.quiet == 0 {
		if r.kind == kNot {
			m.fail(pos, r) // its rule matched here: what was expected is that it not
		} else {
			// What the Peek's rule expected is what the input must hold:
			// match it again, recording; it fails again.
			mark := m.nundo
			m.match(r.subs[0], in, pos)
			m.rollback(mark)
		}
	}
	return -1
}

// set records a capture, logging the old value so that a failed alternative
// can roll it back.
func (m *matcher) set(slot int, sp Span) {
	if m.nundo == len(m.undo) {
		m.overflow = true
	} else {
		m.undo[m.nundo] = undoEntry{slot, m.spans[slot]}
		m.nundo++
	}
	m.spans[slot] = sp
}

// rollback undoes the captures recorded since mark.
func (m *matcher) rollback(mark int) {
	for m.nundo > mark {
		if m.x != nil { // a log of results, not of old spans: drop what follows mark
			m.nundo = mark
			return
		}
		m.nundo--
		e := m.undo[m.nundo]
		m.spans[e.slot] = e.old
	}
}

// look reports whether the look-ahead r (Not or Peek) succeeds at pos. It
// consumes nothing, keeps no capture and records nothing: a diagnosis
// records a look-ahead only when it fails (match).
func (m *matcher) look(r *Rule, in string, pos int) bool {
	mark := m.nundo
	m.quiet++
	e := m.match(r.subs[0], in, pos)
	m.quiet--
	m.rollback(mark)
	return (e >= 0) == (r.kind == kPeek)
}
