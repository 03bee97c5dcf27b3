package combinator

// Every capture of a match, in input order: what Captures would keep if it
// kept more than the last match of each slot. The engine records an event
// where a Capture starts, in the log Captures uses to roll back, fills in its
// end when the Capture matches and drops it with the rest of the log when an
// alternative, a repetition or a look-ahead gives it up.

// Event is one match of a Capture: its slot and the span it matched.
type Event struct {
	Slot int
	Span
}

// Text returns the text of the event in s, the input it was matched in:
// s[e.Start:e.End].
func (e Event) Text(s string) string { return s[e.Start:e.End] }

// recorder is what Events and Tree record beside a match; it lives on the
// caller's stack, as the matcher does. The matcher's nundo counts its
// entries, so that the marks and rollbacks of alternatives, repetitions and
// look-aheads drop what a failed attempt recorded.
type recorder struct {
	// Events (the log is the matcher's ev).
	high int // the most entries the log held at once: its size for a second run

	// Tree.
	entered *Rule       // the rule treeStep is entering
	bits    []uint64    // the bits of each name kept in Bloom filters (nameBit)
	names   []string    // the names kept; none: every name
	nodes   []treeEntry // the log: nodes[:nundo]
	depth   int         // how many kept named rules are in progress
	limit   *LimitError // an exact rule's derivation stopped at a bound of its Limits
	amb     *ambSearch  // Ambiguity: the derivation looked for, or taken (recog_ambig.go)
}

// eventsBuf is how many events a match records without allocating: beyond
// it, Events matches a second time, with a log of the size the first run
// found.
const eventsBuf = 32

// Events matches the whole of s against r and returns every match of every
// Capture that belongs to the match, in input order: ordered by where the
// Capture starts, an enclosing Capture before those inside it. A Capture
// inside a repetition gives one event per repetition; a Capture inside an
// alternative that was given up, or inside a Not or a Peek, gives none.
// Every slot is recorded, whatever its number. Captures reports, for each
// slot, the event of the Capture that finished last: the slot's last event
// in the list, unless a Capture of the slot holds another of the same slot.
//
// Events reports whether s matched; on failure it returns nil and Explain
// says why. It allocates once, for the result, and not at all when no
// Capture matched; AppendEvents reuses a slice instead.
//
// Events works on any rule, a Func terminal being a leaf (as are the rules
// from combinator/parsec's FromParsec). The Go code that combinator/codegen
// generates reports fixed slots only, as Captures does: match with the rule
// itself for events.
func (r *Rule) Events(s string) ([]Event, bool) {
	return r.AppendEvents(nil, s)
}

// AppendEvents is Events appending to dst: it returns dst extended by the
// events of the match and true, or dst unchanged and false when s does not
// match. It allocates nothing when dst has room for the events, and at most
// once otherwise.
func (r *Rule) AppendEvents(dst []Event, s string) ([]Event, bool) {
	r = r.prepared()
	c := r.begin(s)
	if c != nil && c.err != nil {
		return dst, false
	}
	var buf [eventsBuf]Event
	log, inPlace := buf[:], false
	if spare := dst[len(dst):cap(dst)]; len(spare) > len(log) {
		log, inPlace = spare, true // the result is written where it goes
	}
	var x recorder
	m := matcher{mode: modeEvents, x: &x, ev: log, c: c}
	if m.match(r, s, 0) != len(s) || m.stopped() != nil {
		return dst, false
	}
	if x.high > len(log) {
		// The log overflowed: match again with one of the size it needed,
		// which is then the result. The run is the same, and fits.
		grown := make([]Event, len(dst), len(dst)+x.high)
		copy(grown, dst)
		x = recorder{}
		m = matcher{mode: modeEvents, x: &x, ev: grown[len(dst):cap(grown)], c: r.begin(s)}
		m.match(r, s, 0)
		return grown[:len(dst)+m.nundo], true
	}
	if inPlace {
		return dst[:len(dst)+m.nundo], true
	}
	return append(dst, log[:m.nundo]...), true
}

// captureEvent matches a Capture for Events: it logs an event where the
// Capture starts, so that events come in input order, and fills in its end
// when the Capture matches. A Capture that fails leaves its entry to be
// dropped by the rollback of whatever gives up the attempt (every failure
// that a match survives passes through one).
func (m *matcher) captureEvent(r *Rule, in string, pos int) int {
	i := m.nundo
	m.nundo++
	x := m.x
	if m.nundo > x.high {
		x.high = m.nundo
	}
	var e int
	if s := r.subs[0]; s.fast != fNone {
		e = m.fused(s, in, pos)
	} else if m.fastFor(s) {
		e = m.fast(s, in, pos)
	} else {
		e = m.match(s, in, pos)
	}
	if e >= 0 && i < len(m.ev) {
		m.ev[i] = Event{Slot: r.slot, Span: Span{pos, e}}
	}
	return e
}
