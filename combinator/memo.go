package combinator

import "math"

// The memoizing matcher. The fast path (matchFast) backtracks without
// remembering anything, which is linear in the input for a grammar in
// which no repetition repeats something of unbounded cost (such as the
// rules of RFC 3986 once fused), and whose tree, unfolded, is not much
// bigger than the input's repetitions need. Elsewhere it is not: under
// Star(Alt(Seq(Star(a), b), a)), the inner Star scans to the end of a run
// of "a" from each of its bytes, a cost in the square of the run, one level
// more the cube; a grammar that uses a rule twice in each alternative of a
// choice of choices costs 2^depth on any input. The preparation measures
// each node (cost, unbounded, needsMemo below) and marks the rules the fast
// path matches in linear time (simple); the others, and every rule that
// holds a FuncContext terminal, are matched here, in O(n·|grammar|): each
// node whose match costs more than a few steps is matched at most once at
// each offset, its result kept in a table of one int32 an offset,
// allocated when the node is first matched; a repetition without an upper
// bound keeps, for each offset at which it has made its minimum count, where
// the rest of it ends (packrat parsing, repetitions read as right
// recursion).

// simpleCost is the largest unfolded cost (Rule.cost) of a rule that the
// fast path matches: beyond it, a grammar that shares a rule among many
// alternatives is matched with memoization.
const simpleCost = 1 << 16

// memoCost is the cost above which a node is memoized by the memoizing
// matcher even when its cost does not grow with the input.
const memoCost = 16

// analyse computes the cost fields of r, whose subs are analysed: cost
// (the steps a match of r takes at most for each unit a repetition without
// an upper bound reads, the grammar's tree unfolded), unbounded (a match of
// r may read without a bound), canFail, wasteful (a match of r may read
// without a bound more than it consumes: it may fail, or look ahead, after
// reading without a bound), needsMemo (the fast path may match r in more
// than linear time: a repetition without bound repeats something that
// recovers, so that it may read the same input again from each offset),
// recovers (a match of r may succeed after reading without a bound more than
// it consumes: an alternative tried after a wasteful one, a repetition whose
// last, failing count was wasteful, a look-ahead), simple and memoize. A
// repetition of something wasteful that does not recover is linear: the
// wasteful read fails the count that ends the repetition, once.
func (r *Rule) analyse() {
	r.cost, r.canFail = 1, true
	switch {
	case r.fast != fNone || r.rfast != fNone:
		// A fused form is one scan: a unit, or a run of units, that fails
		// only before its minimum count, having read that many.
		r.unbounded = (r.kind == kRep && r.max == Unbounded) || r.fast == fSepRun
		r.canFail = r.kind != kRep || r.min > 0
	case r.kind == kRep:
		s := r.subs[0]
		r.needsMemo, r.canFail = s.needsMemo, r.min > 0 && s.canFail
		// Past the first repetition, the count may fall short after the
		// first has read without a bound.
		r.wasteful = s.wasteful || r.min >= 2 && s.unbounded && s.canFail
		// The count that fails, ending the repetition, may have read
		// without a bound: the repetition succeeds all the same.
		r.recovers = s.recovers || s.wasteful && r.max != r.min
		if r.max == Unbounded {
			// Each count consumes what it reads unless its rule recovers,
			// so that the next count reads again what the last one read;
			// the last, which fails, reads once what it wastes.
			r.unbounded, r.needsMemo = true, r.needsMemo || s.recovers
			r.cost = satAdd(1, s.cost)
		} else {
			r.unbounded = s.unbounded
			r.cost = satAdd(1, satMul(s.cost, r.max))
		}
	case r.kind == kFunc:
		// A Func's cost is its own, counted as one step; one that matches
		// rules through its Context makes the grammar recursive.
		r.unbounded = r.ctxFn != nil
		r.needsMemo, r.wasteful, r.recovers = r.ctxFn != nil, r.ctxFn != nil, r.ctxFn != nil
	case r.kind == kSeq:
		r.canFail = false
		read := false // an earlier part may have read without a bound
		for _, s := range r.subs {
			r.cost = satAdd(r.cost, s.cost)
			r.needsMemo = r.needsMemo || s.needsMemo
			r.wasteful = r.wasteful || s.wasteful || read && s.canFail
			r.recovers = r.recovers || s.recovers
			r.canFail = r.canFail || s.canFail
			read = read || s.unbounded
		}
		r.unbounded = read
	case r.kind == kAlt:
		for i, s := range r.subs {
			// An alternative tried after a wasteful one may succeed.
			r.recovers = r.recovers || s.recovers || s.wasteful && i < len(r.subs)-1
			r.cost = satAdd(r.cost, s.cost)
			r.unbounded = r.unbounded || s.unbounded
			r.needsMemo = r.needsMemo || s.needsMemo
			r.wasteful = r.wasteful || s.wasteful
			r.canFail = r.canFail && s.canFail
		}
	case r.kind == kExact || r.kind == kRef:
		// Matched by its own automaton or recognizer (exact.go), which
		// may read past the longest match it finds.
		r.unbounded, r.wasteful, r.recovers = true, true, true
	default: // kCap, kNot, kPeek; the terminals have no subs
		for _, s := range r.subs {
			r.cost = satAdd(r.cost, s.cost)
			r.needsMemo = r.needsMemo || s.needsMemo
			r.wasteful = s.wasteful || r.kind != kCap && s.unbounded // a look-ahead consumes nothing
			r.recovers = s.recovers || r.kind != kCap && s.unbounded
			r.unbounded = s.unbounded
			r.canFail = r.kind != kCap || s.canFail
		}
		if r.kind == kLit && r.lit == "" {
			r.canFail = false
		}
	}
	r.simple = !r.needsMemo && r.cost <= simpleCost && r.height <= MaxDepth
	r.memoize = r.kind == kFunc && r.ctxFn != nil ||
		r.kind != kFunc && len(r.subs) > 0 && (r.unbounded || r.cost > memoCost)
}

// maxPeekReruns is how many failed Peeks explainMemo matches again to
// record what their rules expected; past it, the Peek itself is expected.
const maxPeekReruns = 64

// satMul returns a·b for a repetition's bound b, saturated as satAdd is.
func satMul(a int32, b int) int32 {
	if b != 0 && int(a) > math.MaxInt32/b {
		return math.MaxInt32
	}
	return a * int32(b)
}

// memo is the memory of a match by the memoizing matcher: for each
// memoized node, a table of what its match at each offset gave (end+2; 0:
// not matched there yet), and a stack of the offsets a repetition has
// passed, to fill in when it ends.
type memo struct {
	tabs map[*Rule][]int32
	seen []int32 // offsets fit: there are tables only for inputs that int32s index
}

// table returns the memo table of r, nil when the input is too long for
// one (offsets above an int32's range).
func (c *Context) table(r *Rule) []int32 {
	if t, ok := c.memo.tabs[r]; ok {
		return t
	}
	if len(c.in) >= math.MaxInt32-2 {
		return nil
	}
	if c.memo.tabs == nil {
		c.memo.tabs = make(map[*Rule][]int32)
	}
	t := make([]int32, len(c.in)+1)
	c.memo.tabs[r] = t
	return t
}

// match matches r (prepared) at pos and returns the end, or -1: the
// memoizing matcher, on c.in. It recurses as deep as r's height, which the
// caller has counted in c.depth.
func (c *Context) match(r *Rule, in string, pos int) int {
	if c.err != nil {
		return -1
	}
	c.steps++
	if !r.memoize {
		return c.step(r, in, pos)
	}
	var t []int32
	if in == c.in {
		t = c.table(r)
	}
	if r.kind == kRep && r.max == Unbounded {
		return c.rep(r, in, pos, t)
	}
	if t != nil {
		if e, ok := c.recall(t[pos]); ok {
			return e
		}
	}
	e := c.step(r, in, pos)
	if t != nil && c.err == nil {
		t[pos] = c.entry(e)
	}
	return e
}

// entry is what a memo table keeps of end: end+2, negated when it was
// found in a look-ahead of a diagnosis (explainMemo), which recorded
// nothing: a diagnosis recording failures matches the node again.
func (c *Context) entry(end int) int32 {
	if c.quiet {
		return -int32(end + 2)
	}
	return int32(end + 2)
}

// recall returns the end a memo table entry v keeps, and whether it may be
// used: it is there, and was not found by a look-ahead when c records.
func (c *Context) recall(v int32) (int, bool) {
	switch {
	case v > 0:
		return int(v) - 2, true
	case v < 0 && c.d == nil:
		return int(-v) - 2, true
	}
	return 0, false
}

// step matches r at pos, its subs through match.
func (c *Context) step(r *Rule, in string, pos int) int {
	if r.kind != kRep && (r.fast != fNone || r.rfast != fNone) {
		var e int
		if r.fast != fNone {
			e = fused(r, in, pos) // a unit
		} else {
			e = runeFused(r, in, pos)
		}
		if e < 0 {
			c.fail(pos, r)
			c.failPct(r, in, pos)
		}
		return e
	}
	switch r.kind {
	case kSeq:
		for _, s := range r.subs {
			// A diagnosis tries what cannot start here too, as the one
			// node by node does, for what it expected.
			if c.d == nil && s.optional && (pos >= len(in) || !s.starts(in[pos])) {
				continue
			}
			if pos = c.match(s, in, pos); pos < 0 {
				return -1
			}
		}
		return pos
	case kAlt:
		if len(r.subs) == 0 {
			c.fail(pos, r)
		}
		for _, s := range r.subs {
			if c.d == nil && !s.nullable && (pos >= len(in) || !s.starts(in[pos])) {
				continue
			}
			if e := c.match(s, in, pos); e >= 0 || c.err != nil {
				return e
			}
		}
		return -1
	case kRep:
		if r.fast != fNone || r.rfast != fNone {
			if r.fast == fSepRun || r.max == Unbounded {
				return c.rep(r, in, pos, nil) // not memoized: at most one scan
			}
			var e int
			if r.fast != fNone {
				e = fused(r, in, pos)
			} else {
				e = runeFused(r, in, pos)
			}
			if e < 0 && c.d != nil {
				c.failUnit(r, in, unitsEnd(r, in, pos))
			}
			return e
		}
		return c.rep(r, in, pos, nil)
	case kCap:
		return c.match(r.subs[0], in, pos)
	case kNot, kPeek:
		d, quiet := c.d, c.quiet
		c.d, c.quiet = nil, d != nil || quiet // a look-ahead records nothing
		e := c.match(r.subs[0], in, pos)
		c.d, c.quiet = d, quiet
		if c.err == nil && (e >= 0) == (r.kind == kPeek) {
			return pos
		}
		if r.kind == kPeek && d != nil && c.err == nil && c.peeks < maxPeekReruns {
			// What the Peek's rule expected is what the input must hold,
			// as a diagnosis node by node says: match it again, recording,
			// with tables of its own (these hold its result already). A
			// few times a diagnosis, so that this stays linear.
			c.peeks++
			sub := newContext(in)
			sub.depth, sub.d = c.depth, d
			sub.match(r.subs[0], in, pos)
			return -1
		}
		c.fail(pos, r)
		return -1
	case kFunc:
		var e int
		if r.ctxFn != nil {
			e = r.ctxFn(c.self, in, pos)
		} else {
			e = r.fn(in, pos)
		}
		if c.err == nil && e >= pos && e <= len(in) {
			return e
		}
		c.fail(pos, r)
		return -1
	}
	e := matchFast(r, in, pos) // a terminal
	if e < 0 && c.d != nil {
		if (r.kind == kLit || r.kind == kLitFold) && len(r.lit) > 1 {
			if k := litPrefix(r, in, pos); k > 0 {
				c.d.fail(pos+k, &Rule{kind: r.kind, lit: r.lit[k:], tailOf: r})
				return -1
			}
		}
		c.fail(pos, r)
	}
	return e
}

// fail records, in explainMemo, that r was expected at pos.
func (c *Context) fail(pos int, r *Rule) {
	if c.d != nil {
		c.d.fail(pos, r)
	}
}

// rep matches the repetition r at pos, greedily as repFast does, with t its
// memo table (nil: none). For a repetition without an upper bound, what is
// left of it once it has made its minimum count does not depend on the
// count: t keeps, for each offset it passed with that count made, where it
// ends, so that it reads each offset once.
func (c *Context) rep(r *Rule, in string, pos int, t []int32) int {
	unit := r.fast != fNone || r.rfast != fNone
	if r.fast == fSepRun {
		// *( sep *unit ): empty where sep does not follow, else one scan
		// of units and separators, the same from each of its offsets.
		if pos >= len(in) || in[pos] != r.sep {
			return pos
		}
	}
	if t == nil && r.max == Unbounded && in == c.in && (unit || r.memoize) {
		t = c.table(r)
	}
	mark := len(c.memo.seen)
	n, end := 0, -1
	for {
		if t != nil && n >= r.min {
			if e, ok := c.recall(t[pos]); ok {
				end = e
				break
			}
			c.memo.seen = append(c.memo.seen, int32(pos))
		}
		if n == r.max {
			end = pos
			break
		}
		var e int
		switch {
		case r.fast != fNone:
			e = scanUnit(r, in, pos)
		case r.rfast != fNone:
			e = runeUnit(r, in, pos)
		default:
			s := r.subs[0]
			if c.d == nil && !s.nullable && (pos >= len(in) || !s.starts(in[pos])) {
				e = -1
			} else {
				e = c.match(s, in, pos)
			}
		}
		if c.err != nil {
			c.memo.seen = c.memo.seen[:mark]
			return -1
		}
		if e < 0 && unit {
			c.failUnit(r, in, pos)
		}
		if e < 0 || e == pos {
			if e == pos {
				n = max(n+1, r.min) // matched empty: it would again, as often as asked
			}
			if n >= r.min {
				end = pos
			}
			break
		}
		n++
		pos = e
	}
	for _, p := range c.memo.seen[mark:] {
		t[p] = c.entry(end)
	}
	c.memo.seen = c.memo.seen[:mark]
	return end
}

// failUnit records, in explainMemo, what the repetition r expected at pos,
// where its rule did not match: its rule (for a fused run, the rule of one
// unit; for *( sep *unit ) the units and the separator).
func (c *Context) failUnit(r *Rule, in string, pos int) {
	if c.d == nil {
		return
	}
	if r.fast == fSepRun {
		body := r.subs[0]
		for body.kind == kSeq && len(body.subs) == 1 {
			body = body.subs[0]
		}
		c.d.fail(pos, body.subs[1].subs[0])
		c.d.fail(pos, body.subs[0])
	} else {
		c.d.fail(pos, r.subs[0])
	}
	c.failPct(r, in, pos)
}

// failPct records, in explainMemo, HEXDIG where a "%" at pos does not start
// a triplet that the fused node r would have matched, as recordUnits does.
func (c *Context) failPct(r *Rule, in string, pos int) {
	if c.d == nil || !r.pct || pos >= len(in) || in[pos] != '%' {
		return
	}
	q := pos + 1
	for q < len(in) && q < pos+3 && hexdig[in[q]] {
		q++
	}
	if q < pos+3 {
		c.d.fail(q, HEXDIG)
	}
}

// unitsEnd returns where the scan of the fused repetition r from pos stops:
// after max units, or where no unit matches.
func unitsEnd(r *Rule, in string, pos int) int {
	for n := 0; n != r.max; n++ {
		var e int
		if r.fast != fNone {
			e = scanUnit(r, in, pos)
		} else {
			e = runeUnit(r, in, pos)
		}
		if e < 0 {
			break
		}
		pos = e
	}
	return pos
}

// scanUnit matches one unit of the fused run r at pos (for fSepRun, a unit
// or the separator): the end, or -1.
func scanUnit(r *Rule, in string, pos int) int {
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
}
