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
	if r = r.prepared(); r.simple {
		return matchFast(r, s, 0) == len(s)
	}
	e, _ := r.run(s, 0)
	return e == len(s)
}

// Prefix matches r at the start of s and returns the length of the match
// (ok false when r does not match there). Under PEG semantics this is the one
// match r makes, not necessarily the longest string of its language.
func (r *Rule) Prefix(s string) (n int, ok bool) {
	n, _ = r.prepared().run(s, 0)
	return n, n >= 0
}

// MatchAt matches r in s starting at byte offset pos and returns the end
// offset of the match, or -1. It has the type of a MatchFunc, so that r can
// stand as a terminal in another grammar (Func).
func (r *Rule) MatchAt(s string, pos int) int {
	if pos < 0 || pos > len(s) {
		return -1
	}
	e, _ := r.prepared().run(s, pos)
	return e
}

// Captures matches the whole of s against r and fills spans with what each
// Capture matched, indexed by slot; slots beyond len(spans) are not recorded,
// slots that took no part hold NoSpan. It reports whether s matched; on failure
// the contents of spans are unspecified and Explain says why.
func (r *Rule) Captures(s string, spans []Span) bool {
	for i := range spans {
		spans[i] = NoSpan
	}
	r = r.prepared()
	c := r.begin(s)
	if c != nil && c.err != nil {
		return false
	}
	var undo [12]undoEntry
	m := matcher{mode: modeCaptures, spans: spans, undo: undo[:], c: c}
	end := m.match(r, s, 0)
	for m.overflow {
		// More captures to roll back than the log holds: match again with a
		// larger one. Only a match that sets more than a dozen captures, as
		// one inside a repetition may, gets here.
		for i := range spans {
			spans[i] = NoSpan
		}
		m = matcher{mode: modeCaptures, spans: spans, undo: make([]undoEntry, 4*len(m.undo)), c: r.begin(s)}
		end = m.match(r, s, 0)
	}
	return end == len(s) && m.stopped() == nil
}

// matchFast matches r at pos and returns the end offset, or -1: the fast
// path, which Match, Prefix and MatchAt take, and the recording matcher for
// the parts of a grammar where it has nothing to record (record.go). It
// records nothing, so it needs no state: it reads fused forms in one scan,
// skips what cannot start with the next byte, and never rolls back. A
// capture only matches its rule.
func matchFast(r *Rule, in string, pos int) int {
	if r.fast != fNone {
		return fused(r, in, pos)
	}
	if r.rfast != fNone {
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
	case kSeq:
		for _, s := range r.subs {
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
			if s.fast != fNone {
				pos = fused(s, in, pos)
			} else {
				pos = matchFast(s, in, pos)
			}
			if pos < 0 {
				return -1
			}
		}
		return pos
	case kAlt:
		for _, s := range r.subs {
			if !s.nullable && (pos >= len(in) || !s.starts(in[pos])) {
				continue
			}
			if e := matchFast(s, in, pos); e >= 0 {
				return e
			}
		}
	case kRep:
		if r.max == 1 && r.min == 0 { // [ rule ], the common case, without a call
			if e := matchFast(r.subs[0], in, pos); e >= 0 {
				return e
			}
			return pos
		}
		return repFast(r, in, pos)
	case kCap:
		return matchFast(r.subs[0], in, pos)
	case kNot:
		if matchFast(r.subs[0], in, pos) < 0 {
			return pos
		}
	case kPeek:
		if matchFast(r.subs[0], in, pos) >= 0 {
			return pos
		}
	case kEnd:
		if pos == len(in) {
			return pos
		}
	case kFunc:
		if e := r.fn(in, pos); e >= pos && e <= len(in) {
			return e
		}
	case kRunes:
		return matchRune(r.runes, in, pos)
	case kExact, kRef:
		return exactEnd(r, in, pos)
	}
	// kClass is always fused (prepare).
	return -1
}

// repFast matches the repetition r at pos for matchFast: greedily, from
// min to max times, stopping where its rule cannot start or matches empty.
func repFast(r *Rule, in string, pos int) int {
	s := r.subs[0]
	n := 0
	for n != r.max {
		if !s.nullable && (pos >= len(in) || !s.starts(in[pos])) {
			break
		}
		e := matchFast(s, in, pos)
		if e < 0 {
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
