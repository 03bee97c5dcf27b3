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

// Check returns nil when the whole of s matches r, else a *SyntaxError that
// says where and what was expected.
func (r *Rule) Check(s string) error {
	if r.Match(s) {
		return nil
	}
	return r.Explain(s)
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

// Explain returns the diagnosis of a failed whole match of s against r: the
// farthest offset any alternative reached and what was expected there. It
// returns nil when s matches. Explain re-runs the match with bookkeeping the
// fast path does not do, so call it only after a failure.
func (r *Rule) Explain(s string) *SyntaxError {
	return r.explain(s, -1)
}

// ExplainFrom is Explain given a lower bound of the farthest offset, such as
// the end of the prefix r matches (Prefix, MatchAt, a generated matcher):
// before it the diagnosis skips, as the fast path does, what it would not
// record, which makes it cheaper. A bound past the farthest offset is
// detected and the diagnosis made again without it, so the result is always
// Explain's.
func (r *Rule) ExplainFrom(s string, lowerBound int) *SyntaxError {
	if lowerBound < 0 || lowerBound > len(s) {
		lowerBound = -1
	}
	return r.explain(s, lowerBound)
}

func (r *Rule) explain(s string, far int) *SyntaxError {
	r.prepared()
	d := diag{far: far, root: r}
	m := matcher{d: &d, noskip: true}
	end := m.match(r, s, 0)
	if end == len(s) {
		return nil
	}
	if end >= 0 {
		d.top = nil
		d.fail(end, End)
	}
	if d.n == 0 && far >= 0 {
		return r.explain(s, -1) // the bound was past the farthest failure
	}
	return &SyntaxError{
		Input:    s,
		Offset:   d.far,
		Rule:     r.label(),
		In:       d.in(),
		Expected: d.labels(),
	}
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

	x  *recorder // non-nil for the results of Events and Tree (events.go, tree_match.go)
	ev []Event   // Events: the log of events, ev[:nundo] where it fits (a field, so that it can stay on the stack)
}

// diag is what a diagnosis run records: the farthest failure and what was
// expected there.
//
// It lives on the stack of Explain: it keeps what was expected in an array,
// spilling to a slice only past its size, and the named rules in progress on
// the Go stack of matchNamed (top is the innermost).
type diag struct {
	far     int   // farthest failure offset
	at      *Rule // innermost named rule in progress at far
	top     *Rule // innermost named rule in progress
	entered *Rule // the named rule matchNamed is entering
	root    *Rule // the rule explained: never reported under its own name

	n    int       // how many rules were expected at far
	exp  [16]*Rule // the first of them, each labelled only for the error
	more []*Rule   // the others
}

// expected returns the i-th rule expected at far.
func (d *diag) expected(i int) *Rule {
	if i < len(d.exp) {
		return d.exp[i]
	}
	return d.more[i-len(d.exp)]
}

// truncate keeps the first n rules expected at far.
func (d *diag) truncate(n int) {
	d.n = n
	if n <= len(d.exp) {
		d.more = d.more[:0]
	} else {
		d.more = d.more[:n-len(d.exp)]
	}
}

// labels returns the labels of the rules expected at far, each once.
func (d *diag) labels() []string {
	out := make([]string, 0, d.n)
next:
	for i := 0; i < d.n; i++ {
		l := d.expected(i).label()
		for _, o := range out {
			if o == l {
				continue next
			}
		}
		out = append(out, l)
	}
	return out
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
		if m.x != nil && m.x.tree && m.x.entered != r { // Tree matches plain (tree_match.go)
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
	case kExact, kRef:
		return m.matchExact(r, in, pos)
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

// fused matches a node in its fused form: one scan, no call.
func fused(r *Rule, in string, pos int) int {
	switch r.fast {
	case fUnit:
		if pos < len(in) {
			c := in[pos]
			if r.tab[c] {
				return pos + 1
			}
			if r.pct && c == '%' && pos+2 < len(in) && hexdig[in[pos+1]] && hexdig[in[pos+2]] {
				return pos + 3
			}
		}
		return -1
	case fRun:
		tab, pct, start := r.tab, r.pct, pos
		if r.max == Unbounded {
			for pos < len(in) {
				c := in[pos]
				if tab[c] {
					pos++
				} else if pct && c == '%' && pos+2 < len(in) && hexdig[in[pos+1]] && hexdig[in[pos+2]] {
					pos += 3
				} else {
					break
				}
			}
			if r.min == 0 || (r.min == 1 && pos > start) {
				return pos
			}
		}
		return r.countRun(in, start)
	case fSepRun:
		if pos >= len(in) || in[pos] != r.sep {
			return pos
		}
		tab, pct := r.tab, r.pct
		for pos++; pos < len(in); {
			c := in[pos]
			if tab[c] {
				pos++
			} else if pct && c == '%' && pos+2 < len(in) && hexdig[in[pos+1]] && hexdig[in[pos+2]] {
				pos += 3
			} else {
				break
			}
		}
		return pos
	}
	return -1
}

// fusedDiag matches a fused node in a diagnosis run and records what the
// unfused rule would have expected where the scan stopped: the labels of its
// unit (and of the separator), and HEXDIG after a "%" that does not start a
// pct-encoded triplet.
func (m *matcher) fusedDiag(r *Rule, in string, pos int) int {
	e := fused(r, in, pos)
	var unit *Rule // the rule one step of the scan matches
	stop := e      // where the scan stopped
	switch r.fast {
	case fUnit:
		unit, stop = r, pos
		if e >= 0 {
			return e
		}
	case fRun:
		unit = r.subs[0]
		if r.max != Unbounded || e < 0 {
			stop = fused(&Rule{fast: fRun, tab: r.tab, pct: r.pct, max: r.max}, in, pos)
			if n := r.max; n != Unbounded && stop >= 0 && countUnits(r, in, pos, stop) == n {
				return e // stopped at its bound: nothing was expected
			}
		}
	case fSepRun:
		body := r.subs[0]
		for body.kind == kSeq && len(body.subs) == 1 {
			body = body.subs[0]
		}
		if m.before(stop) {
			return e
		}
		if e > pos {
			m.recordUnits(body.subs[1].subs[0], in, stop)
		}
		m.fail(stop, body.subs[0])
		return e
	}
	if !m.before(stop) {
		m.recordUnits(unit, in, stop)
	}
	return e
}

// before reports whether whatever a scan that stopped at stop would record
// lies before the farthest failure so far (HEXDIG may be expected up to two
// bytes after it), so that there is nothing to record.
func (m *matcher) before(stop int) bool {
	return m.quiet > 0 || stop+2 < m.d.far
}

// recordUnits records the labels of unit, one step of a scan, as expected at
// pos, and HEXDIG where a "%" there is not followed by two.
func (m *matcher) recordUnits(unit *Rule, in string, pos int) {
	if unit.name == "" && unit.kind == kAlt {
		for _, a := range unit.subs {
			m.recordUnits(a, in, pos)
		}
		return
	}
	if unit.name == "" && unit.kind == kSeq && len(unit.subs) == 1 {
		m.recordUnits(unit.subs[0], in, pos)
		return
	}
	m.fail(pos, unit)
	if unit.pct { // a unit that is or holds "%" HEXDIG HEXDIG (unitOf)
		if pos < len(in) && in[pos] == '%' {
			q := pos + 1
			for q < len(in) && q < pos+3 && hexdig[in[q]] {
				q++
			}
			if q < pos+3 {
				m.fail(q, HEXDIG)
			}
		}
	}
}

// countUnits counts the units of r's scan between pos and end.
func countUnits(r *Rule, in string, pos, end int) int {
	n := 0
	for pos < end {
		if in[pos] == '%' && r.pct && !r.tab['%'] {
			pos += 3
		} else {
			pos++
		}
		n++
	}
	return n
}

// countRun matches a fused repetition with an upper bound, or with a lower
// bound above one, counting units.
func (r *Rule) countRun(in string, pos int) int {
	n := 0
	for pos < len(in) && n != r.max {
		c := in[pos]
		if r.tab[c] {
			pos++
		} else if r.pct && c == '%' && pos+2 < len(in) && hexdig[in[pos+1]] && hexdig[in[pos+2]] {
			pos += 3
		} else {
			break
		}
		n++
	}
	if n < r.min {
		return -1
	}
	return pos
}

// starts reports whether a non-empty match of r can start with c.
func (r *Rule) starts(c byte) bool {
	return r.first[c>>6]&(1<<(c&63)) != 0
}

var hexdig = func() (t [256]bool) {
	for b := 0; b < 256; b++ {
		t[b] = hexdigSet.Contains(byte(b))
	}
	return t
}()

// behind reports, in a diagnosis run, whether pos lies before the farthest
// failure so far. There a rule that cannot start with the next byte may be
// skipped as the fast path skips it: it would fail at pos, and a failure
// before the farthest one is not recorded.
func (m *matcher) behind(pos int) bool {
	return m.d != nil && pos < m.d.far
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

// matchNamed matches a named rule in diagnosis mode. A named rule that fails
// where it starts is reported under its name, in place of the pieces inside
// it; not the rule explained, which would say no more than that it failed.
func (m *matcher) matchNamed(r *Rule, in string, pos int) int {
	d := m.d
	farBefore, mark, parent := d.far, d.n, d.top
	d.top = r
	d.entered = r // match r itself now, not its name
	e := m.match(r, in, pos)
	d.top = parent
	if e < 0 && m.quiet == 0 && d.far == pos && r != d.root {
		if farBefore < pos {
			mark = 0
		}
		d.truncate(mark)
		d.far = -1 // let fail set the context anew
		if mark > 0 {
			d.far = pos
		}
		d.fail(pos, r)
	}
	return e
}

// fail records, in a diagnosis run, that r was expected at pos.
func (m *matcher) fail(pos int, r *Rule) {
	if m.quiet == 0 {
		m.d.fail(pos, r)
	}
}

// fail records that r was expected at pos.
func (d *diag) fail(pos int, r *Rule) {
	if pos < d.far {
		return
	}
	if pos > d.far {
		d.far = pos
		d.truncate(0)
	}
	// The context is that of the last failure at far: the parse that got
	// farthest and was tried last, the one that survived backtracking.
	d.at = d.top
	for i := 0; i < d.n; i++ {
		if d.expected(i) == r {
			return
		}
	}
	if d.n < len(d.exp) {
		d.exp[d.n] = r
	} else {
		d.more = append(d.more, r)
	}
	d.n++
}

// in is the name of the named rule in progress at the farthest failure.
func (d *diag) in() string {
	if d.at == nil {
		return ""
	}
	return d.at.name
}
