package combinator

// Span is the part of the input a Capture matched: in[Start:End]. A slot that
// did not take part in the match holds NoSpan.
type Span struct{ Start, End int }

// NoSpan marks a capture slot that matched nothing: the component is undefined.
var NoSpan = Span{-1, -1}

// Defined reports whether the span holds a match (possibly empty).
func (s Span) Defined() bool { return s.Start >= 0 }

// Match reports whether the whole of s matches r.
func (r *Rule) Match(s string) bool {
	var m matcher
	return m.match(r.prepared(), s, 0) == len(s)
}

// Prefix matches r at the start of s and returns the length of the match
// (ok false when r does not match there). Under PEG semantics this is the one
// match r makes, not necessarily the longest string of its language.
func (r *Rule) Prefix(s string) (n int, ok bool) {
	var m matcher
	n = m.match(r.prepared(), s, 0)
	return n, n >= 0
}

// MatchAt matches r in s starting at byte offset pos and returns the end
// offset of the match, or -1. It has the type of a MatchFunc, so that r can
// stand as a terminal in another grammar (Func).
func (r *Rule) MatchAt(s string, pos int) int {
	if pos < 0 || pos > len(s) {
		return -1
	}
	var m matcher
	return m.match(r.prepared(), s, pos)
}

// Captures matches the whole of s against r and fills spans with what each
// Capture matched, indexed by slot; slots beyond len(spans) are not recorded,
// slots that took no part hold NoSpan. It reports whether s matched; on failure
// the contents of spans are unspecified and Explain says why.
func (r *Rule) Captures(s string, spans []Span) bool {
	for i := range spans {
		spans[i] = NoSpan
	}
	r.prepared()
	var undo [12]undoEntry
	m := matcher{spans: spans, undo: undo[:]}
	end := m.match(r, s, 0)
	for m.overflow {
		// More captures to roll back than the log holds: match again with a
		// larger one. Only grammars with captures inside repetitions get here.
		for i := range spans {
			spans[i] = NoSpan
		}
		m = matcher{spans: spans, undo: make([]undoEntry, 4*len(m.undo))}
		end = m.match(r, s, 0)
	}
	return end == len(s)
}

// matcher is the state of one match. It lives on the caller's stack: match
// stores no pointer into it, so that it, the spans and the undo log do not
// escape. What a diagnosis records lives apart, in diag.
type matcher struct {
	spans  []Span
	plain  bool  // ignore the fused forms (and skip nothing: noskip too)
	noskip bool  // try every alternative, as a diagnosis must, whatever its first bytes
	quiet  int   // > 0 inside a look-ahead: record nothing
	d      *diag // non-nil in a diagnosis run (Explain)

	undo     []undoEntry // the log of captures to roll back: undo[:nundo]
	nundo    int
	overflow bool // the log was too small: the captures are not to be trusted

	x  *recorder // non-nil for the results of Events and Tree (events.go, tree.go)
	ev []Event   // Events: the log of events, ev[:nundo] where it fits (a field, so that it can stay on the stack)
}

type undoEntry struct {
	slot int
	old  Span
}

// match matches r at pos and returns the end offset, or -1.
func (m *matcher) match(r *Rule, in string, pos int) int {
	if m.d != nil && r.name != "" {
		if m.d.entered != r {
			return m.matchNamed(r, in, pos)
		}
		m.d.entered = nil
	}
	if m.plain {
		if m.x != nil && m.x.tree && m.x.entered != r { // Tree matches plain (tree.go)
			return m.treeStep(r, in, pos)
		}
	} else if r.fast != fNone {
		if m.d != nil {
			return m.fusedDiag(r, in, pos)
		}
		return fused(r, in, pos)
	}
	if r.rfast != fNone && !m.plain && m.d == nil {
		return runeFused(r, in, pos)
	}
	switch r.kind {
	case kLit:
		if len(in)-pos >= len(r.lit) && in[pos:pos+len(r.lit)] == r.lit {
			return pos + len(r.lit)
		}
	case kLitFold:
		if len(in)-pos >= len(r.lit) && litPrefix(r, in, pos) == len(r.lit) {
			return pos + len(r.lit)
		}
	case kClass:
		if pos < len(in) && r.set.Contains(in[pos]) {
			return pos + 1
		}
	case kSeq:
		skip := !m.noskip
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
			if skip && s.fast != fNone {
				pos = fused(s, in, pos)
			} else {
				pos = m.match(s, in, pos)
			}
			if pos < 0 {
				return -1
			}
		}
		return pos
	case kAlt:
		if len(r.subs) == 0 {
			// Alt() matches nothing: a diagnosis records it where it
			// fails, as it does a Not, so that the failure has an offset.
			if m.d != nil {
				m.fail(pos, r)
			}
			return -1
		}
		skip := !m.noskip
		for _, s := range r.subs {
			if !s.nullable && (pos >= len(in) || !s.starts(in[pos])) {
				if skip || m.behind(pos) {
					continue
				}
				if m.d != nil && s.name != "" {
					m.fail(pos, s) // what matchNamed would record, without the run
					continue
				}
			}
			mark := m.nundo
			if e := m.match(s, in, pos); e >= 0 {
				return e
			}
			m.rollback(mark)
		}
		return -1
	case kRep:
		s := r.subs[0]
		if r.max == 1 && r.min == 0 && !s.hasCaps && m.x == nil {
			// [ rule ]: no count, nothing to roll back.
			if e := m.match(s, in, pos); e >= 0 {
				return e
			}
			return pos
		}
		n := 0
		for n != r.max {
			if !s.nullable && (pos >= len(in) || !s.starts(in[pos])) {
				if !m.noskip || m.behind(pos) {
					break
				}
				if m.d != nil && s.name != "" {
					m.fail(pos, s) // what matchNamed would record, without the run
					break
				}
			}
			mark := m.nundo
			e := m.match(s, in, pos)
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
	case kCap:
		if m.x != nil && !m.x.tree {
			return m.captureEvent(r, in, pos)
		}
		var e int
		if s := r.subs[0]; !m.noskip && s.fast != fNone {
			e = fused(s, in, pos)
		} else {
			e = m.match(s, in, pos)
		}
		if e >= 0 && r.slot < len(m.spans) {
			m.set(r.slot, Span{pos, e})
		}
		return e
	case kNot, kPeek:
		if m.look(r, in, pos) {
			return pos
		}
		if m.d != nil && m.quiet == 0 {
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
	case kEnd:
		if pos == len(in) {
			return pos
		}
	case kFunc:
		if e := r.fn(in, pos); e >= pos && e <= len(in) {
			return e
		}
	case kRunes:
		if e := matchRune(r.runes, in, pos); e >= 0 {
			return e
		}
	}
	if m.d != nil {
		// A literal fails at its first byte that differs, where its tail
		// was expected (the first byte that cannot be part of the rule).
		if r.tail != nil {
			if k := litPrefix(r, in, pos); k > 0 {
				m.fail(pos+k, r.tail[k-1])
				return -1
			}
		}
		m.fail(pos, r)
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

// litPrefix returns how many bytes of the literal r match at pos, ASCII
// letters in either case for LitFold: all of them where r matches, else
// where a diagnosis stops in it.
func litPrefix(r *Rule, in string, pos int) int {
	k := 0
	for k < len(r.lit) && pos+k < len(in) && (in[pos+k] == r.lit[k] ||
		r.kind == kLitFold && isLetter(r.lit[k]) && in[pos+k]|0x20 == r.lit[k]|0x20) {
		k++
	}
	return k
}
