package combinator

import "github.com/seed42851778/rfc3986/internal/errtext"

// Check returns nil when the whole of s matches r, else a *SyntaxError that
// says where and what was expected.
func (r *Rule) Check(s string) error {
	e, err := r.prepared().run(s, 0)
	if err != nil {
		return err
	}
	if e == len(s) {
		return nil
	}
	return r.Explain(s)
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
	r = r.prepared()
	c := r.begin(s)
	if c != nil && c.err != nil {
		return r.stoppedError(s, c.err)
	}
	d := diag{far: far, root: r}
	m := matcher{mode: modeExplain, d: &d, c: c}
	if c != nil {
		c.budget = explainBudget(len(s))
	}
	end := m.match(r, s, 0)
	if err := m.stopped(); err != nil {
		return r.stoppedError(s, err)
	}
	if d.limit != nil {
		return &SyntaxError{Input: s, Offset: d.limit.Offset, Rule: r.label(), Limit: d.limit}
	}
	if c != nil && c.budget < 0 {
		return r.explainMemo(s)
	}
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
		Offset:   max(d.far, 0), // none recorded: the rule matches no string at all (a = a)
		Rule:     r.label(),
		In:       d.in(),
		Expected: d.labels(),
	}
}

// explainBudget is how many nodes a diagnosis of a rule that needs the
// memoizing matcher matches, node by node as diagnoses do, on an input of n
// bytes before it gives up for explainMemo: the diagnosis backtracks without
// memory, which on such a rule may cost the square of n or more.
func explainBudget(n int) int {
	return 64*(n+1) + 1<<20
}

// explainMemo is the diagnosis of a rule the memoizing matcher matches
// when the diagnosis node by node has run out of its budget: a match by
// the memoizing matcher, which matches each node at most once at each
// offset, recording failures. The offset is the same farthest offset, as
// each failure of a backtracking match is a failure of the memoized one;
// what was expected there is what the terminals and scans that failed there
// expected, without the names of the rules around them (In is empty).
func (r *Rule) explainMemo(s string) *SyntaxError {
	c := newContext(s)
	if c.depth = int(r.height); c.depth > MaxDepth {
		return r.stoppedError(s, &DepthError{Rule: r.label(), Depth: c.depth})
	}
	d := diag{far: -1, root: r}
	c.d = &d
	end := c.match(r, s, 0)
	if c.err != nil {
		return r.stoppedError(s, c.err)
	}
	if end == len(s) {
		return nil
	}
	if end >= 0 {
		d.fail(end, End)
	}
	return &SyntaxError{Input: s, Offset: max(d.far, 0), Rule: r.label(), Expected: d.labels()}
}

// stoppedError is the diagnosis of a match stopped by err: a SyntaxError at
// the offset where it stopped, Stopped telling why.
func (r *Rule) stoppedError(s string, err *DepthError) *SyntaxError {
	return &SyntaxError{Input: s, Offset: err.Offset, Rule: r.label(), Stopped: err}
}

// diag is what a diagnosis run records: the farthest failure and what was
// expected there.
//
// It lives on the stack of Explain: it keeps what was expected in an array,
// spilling to a slice only past its size, and the named rules in progress on
// the Go stack of matchNamed (top is the innermost).
type diag struct {
	far     int         // farthest failure offset
	at      *Rule       // innermost named rule in progress at far
	top     *Rule       // innermost named rule in progress
	entered *Rule       // the named rule matchNamed is entering
	root    *Rule       // the rule explained: never reported under its own name
	limit   *LimitError // an exact rule's match stopped at a bound of its Limits

	n     int           // how many rules were expected at far
	exp   [16]*Rule     // the first of them, each labelled only for the error
	more  []*Rule       // the others
	index map[*Rule]int // past len(exp) rules: the index of each, so that fail finds one in constant time
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
	for i := n; d.index != nil && i < d.n; i++ {
		delete(d.index, d.expected(i))
	}
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
	var seen map[string]bool // past a few labels, to keep this linear
next:
	for i := 0; i < d.n; i++ {
		l := d.expected(i).label()
		if seen != nil {
			if seen[l] {
				continue
			}
			seen[l] = true
		} else {
			for _, o := range out {
				if o == l {
					continue next
				}
			}
			if len(out) == 16 {
				seen = make(map[string]bool)
				for _, o := range out {
					seen[o] = true
				}
				seen[l] = true
			}
		}
		out = append(out, l)
	}
	return out
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
	if d.index != nil {
		if _, ok := d.index[r]; ok {
			return
		}
	} else {
		for i := 0; i < d.n; i++ {
			if d.expected(i) == r {
				return
			}
		}
	}
	if d.n < len(d.exp) {
		d.exp[d.n] = r
	} else {
		if d.index == nil {
			// Many rules expected at one offset (a grammar of many
			// alternatives): look them up in a map from now on.
			d.index = make(map[*Rule]int, 2*len(d.exp))
			for i := 0; i < d.n; i++ {
				d.index[d.expected(i)] = i
			}
		}
		d.more = append(d.more, r)
	}
	if d.index != nil {
		d.index[r] = d.n
	}
	d.n++
}

// in is the name of the named rule in progress at the farthest failure.
func (d *diag) in() string {
	if d.at == nil {
		return ""
	}
	return errtext.Clip(escapeName(d.at.name), labelMax)
}

// behind reports, in a diagnosis run, whether pos lies before the farthest
// failure so far. There a rule that cannot start with the next byte may be
// skipped as the fast path skips it: it would fail at pos, and a failure
// before the farthest one is not recorded.
func (m *matcher) behind(pos int) bool {
	return m.d != nil && pos < m.d.far
}

// fusedDiag matches a fused node in a diagnosis run and records what the
// unfused rule would have expected where the scan stopped: the labels of its
// unit (and of the separator), and HEXDIG after a "%" that does not start a
// pct-encoded triplet.
func (m *matcher) fusedDiag(r *Rule, in string, pos int) int {
	e := m.fused(r, in, pos) // memoized where the grammar needs it: a run is scanned once
	var unit *Rule           // the rule one step of the scan matches
	stop := e                // where the scan stopped
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

// failTerminal records, in a diagnosis, that the terminal r failed at pos.
// A literal fails at its first byte that differs, where its tail was
// expected (the first byte that cannot be part of the rule).
func (m *matcher) failTerminal(r *Rule, in string, pos int) {
	if (r.kind == kLit || r.kind == kLitFold) && len(r.lit) > 1 {
		if k := litPrefix(r, in, pos); k > 0 {
			m.failTail(pos+k, r, r.lit[k:])
			return
		}
	}
	m.fail(pos, r)
}

// failTail records that rest, what is left of the literal r, was expected at
// pos. The literal of rest is made here, when a diagnosis needs it, rather
// than one for each byte of every literal when the grammar is prepared
// (which would cost the square of a literal's length); a failure that
// records the same rest of the same literal again adds nothing.
func (m *matcher) failTail(pos int, r *Rule, rest string) {
	if m.quiet > 0 || pos < m.d.far {
		return
	}
	for i := 0; pos == m.d.far && i < m.d.n; i++ {
		if e := m.d.expected(i); e.tailOf == r && len(e.lit) == len(rest) {
			m.d.fail(pos, e) // the context of the last failure, as fail keeps it
			return
		}
	}
	m.d.fail(pos, &Rule{kind: r.kind, lit: rest, tailOf: r})
}
