package codegen

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
)

// byteIn returns a Go condition that holds when the next byte is in set, or,
// when in is false, when it is not (or there is none). p < len(in) is
// written uint(p) < uint(len(in)), p being never negative, so that the
// compiler drops the bounds check of in[p]: a branch less at each test.
func (f *genFunc) byteIn(set c.CharSet, in bool) string {
	if c, ok := single(set); ok {
		if in {
			return fmt.Sprintf("uint(p) < uint(len(in)) && in[p] == %s", byteLit(c))
		}
		return fmt.Sprintf("uint(p) >= uint(len(in)) || in[p] != %s", byteLit(c))
	}
	t := f.g.table(set)
	if in {
		return fmt.Sprintf("uint(p) < uint(len(in)) && %s[in[p]] != 0", t)
	}
	return fmt.Sprintf("uint(p) >= uint(len(in)) || %s[in[p]] == 0", t)
}

// single reports whether set holds exactly one byte, and which.
func single(set c.CharSet) (byte, bool) {
	n, b := 0, byte(0)
	for c := 0; c < 256; c++ {
		if set.Contains(byte(c)) {
			n, b = n+1, byte(c)
		}
	}
	return b, n == 1
}

func byteLit(c byte) string {
	if c >= ' ' && c < 0x7f && c != '\'' && c != '\\' {
		return "'" + string(rune(c)) + "'"
	}
	return fmt.Sprintf("0x%02x", c)
}

// startsOwn reports whether the code of r begins by testing the next byte
// against r.first, so that a caller need not test it first.
func startsOwn(r *node) bool {
	if callable(r) {
		return false // a call: test the first byte before making it
	}
	switch {
	case r.fast == fUnit, r.fast == fRun && r.min > 0:
		return true
	case r.kind == kLit, r.kind == kLitFold, r.kind == kClass:
		return true
	case r.kind == kCap:
		return startsOwn(r.subs[0])
	case r.kind == kSeq && len(r.subs) > 0:
		return !r.subs[0].nullable && startsOwn(r.subs[0])
	}
	return false
}

// canSkip reports whether the first byte alone can rule r out: r cannot match
// empty and its first set is not everything.
func canSkip(r *node) bool {
	all := c.CharSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	return !r.nullable && r.first != all
}

// unitStep is the code of one unit of the fused node r: it advances p over a
// byte of r's set or a pct-encoded triplet, else runs orElse.
func (f *genFunc) unitStep(r *node, orElse string) string {
	var b strings.Builder
	t := f.g.table(r.set)
	fmt.Fprintf(&b, "if c := in[p]; %s[c] != 0 {\np++\n}", t)
	if r.pct {
		h := f.g.table(c.HexDigSet)
		fmt.Fprintf(&b, " else if c == '%%' && p+2 < len(in) && %s[in[p+1]] != 0 && %s[in[p+2]] != 0 {\np += 3\n}", h, h)
	}
	fmt.Fprintf(&b, " else {\n%s\n}", orElse)
	return b.String()
}

// unitCond is the condition that one unit of the fused node r stands at p.
func (f *genFunc) unitCond(r *node) string {
	cond := fmt.Sprintf("%s[in[p]] != 0", f.g.table(r.set))
	if r.pct {
		h := f.g.table(c.HexDigSet)
		cond = fmt.Sprintf("(%s || in[p] == '%%' && p+2 < len(in) && %s[in[p+1]] != 0 && %s[in[p+2]] != 0)", cond, h, h)
	}
	return "uint(p) < uint(len(in)) && " + cond
}

// node emits the code of r: on a match it falls through with p at the end of
// the match; otherwise it jumps to fail.
func (f *genFunc) node(r *node, fail *label) {
	if f.dead {
		return
	}
	if f.commitCall && r == f.commit {
		f.callCaps(r, fail)
		return
	}
	if expr, ok := f.callExpr(r); ok {
		if neverFails(r) {
			f.set("p", expr)
		} else {
			f.call(expr, fail)
		}
		return
	}
	if r.name != "" {
		f.comment(r.name)
		if slices.Contains(f.g.ColdRules, r.rule) {
			f.cold++
			defer func() { f.cold-- }()
		}
	}
	if r.fast != fNone {
		f.fused(r, fail)
		return
	}
	if r.rfast != fNone {
		f.runeFused(r, fail)
		return
	}
	switch r.kind {
	case kLit, kLitFold:
		f.literal(r, fail)
	case kClass:
		f.jumpIf(f.byteIn(r.set, false), fail)
		f.emit("p++")
	case kSeq:
		for _, s := range r.subs {
			f.node(s, fail)
			if s == f.commit && !f.commitsInAlt(s) && !f.commitCall {
				f.storeFinal()
			}
		}
	case kAlt:
		f.alt(r, fail)
	case kRep:
		f.rep(r, fail)
	case kCap:
		f.capture(r, fail)
	case kNot, kPeek:
		f.look(r, fail)
	case kEnd:
		f.jumpIf("p != len(in)", fail)
	case kFunc:
		fn, ok := f.g.Funcs[r.name]
		if !ok {
			if f.err == nil {
				f.err = fmt.Errorf("codegen: generate: Func terminal %q has no Go name in Generator.Funcs", r.name)
			}
			return
		}
		f.emit("if e := %s(in, p); e >= p && e <= len(in) {\np = e\n} else {\ngoto %s\n}", fn, fail.name)
		fail.uses++
	case kRunes:
		f.runeClass(r, fail)
	default:
		if f.err == nil {
			f.err = errors.New("codegen: generate: unknown rule kind")
		}
	}
}

// alt emits an ordered choice: each alternative in turn from the same
// position and captures, the first that matches wins.
func (f *genFunc) alt(r *node, fail *label) {
	if len(r.subs) == 0 {
		f.jump(fail)
		return
	}
	slots := f.slotsOf(r)
	save := f.newVar()
	f.set(save, "p")
	snap := f.snapshot(slots)
	done := f.newLabel()
	moved := false // p has moved since save, by an alternative that failed
	for i, s := range r.subs {
		last := i == len(r.subs)-1
		if moved {
			f.set("p", save)
			moved = false
		}
		if r == f.commit && f.commitsInAlt(r) {
			f.prestore(r.subs[i:])
		}
		if expr, ok := f.callExpr(s); ok && !last && r != f.commit {
			// One call, which leaves p and the captures as they were
			// where it fails.
			cond := ""
			if canSkip(s) {
				cond = f.byteIn(s.first, true)
			}
			f.tryCall(expr, cond, done)
			continue
		}
		next := fail
		if !last {
			next = f.newLabel()
		}
		if canSkip(s) && !startsOwn(s) {
			f.jumpIf(f.byteIn(s.first, false), next)
		}
		if f.capCallableAlt(r, s) {
			// The function of a shared piece, which stores its captures
			// itself, then the stores of the slots it does not set; p and
			// the captures are as they were where it fails. The call is
			// made where the next byte can start s.
			if canSkip(s) && startsOwn(s) {
				f.jumpIf(f.byteIn(s.first, false), next)
			}
			f.altCaps(s, done)
			if last {
				f.jump(fail)
			} else {
				f.place(next)
			}
			continue
		}
		f.needle(s, next)
		f.node(s, next)
		if r == f.commit && f.commitsInAlt(r) {
			f.storeFinal()
		}
		if last {
			break
		}
		f.jump(done)
		f.place(next)
		if f.dead {
			break // s cannot fail: the alternatives after it are never tried
		}
		moved = true
		f.restoreSubset(slots, f.slotsOf(s), snap)
	}
	f.place(done)
}

// rep emits a greedy repetition, which stops when its rule matches empty:
// a call of the function of its loop (repFunc) where it has one, else its
// code in place.
func (f *genFunc) rep(r *node, fail *label) {
	s := r.subs[0]
	if r.max == 0 {
		return
	}
	if f.loopCalled(r, false) {
		f.callLoop(r, fail, false)
		return
	}
	if r.min == 0 && r.max == 1 {
		f.opt(s)
		return
	}
	lo, hi := "", ""
	if r.min > 0 {
		lo = strconv.Itoa(r.min)
	}
	if r.max != Unbounded {
		hi = strconv.Itoa(r.max)
	}
	f.loop(s, lo, hi, fail)
}

// opt emits [ s ]: s, or nothing where s does not match.
func (f *genFunc) opt(s *node) {
	if expr, ok := f.callExpr(s); ok {
		cond := ""
		if canSkip(s) {
			cond = f.byteIn(s.first, true)
		}
		f.tryCall(expr, cond, nil)
		return
	}
	if s.kind == kSeq && len(s.subs) > 1 && !s.hasCaps && neverFails(&node{kind: kSeq, subs: s.subs[1:]}) {
		if expr, ok := f.callExpr(s.subs[0]); ok {
			// A call, then what cannot fail: p need not be saved.
			stop := f.newLabel()
			if canSkip(s) {
				f.jumpIf(f.byteIn(s.first, false), stop)
			}
			f.emit("if e := %s; e >= 0 {\np = e\n} else {\n%s\n}", expr, goTo(stop))
			for _, x := range s.subs[1:] {
				f.node(x, stop)
			}
			f.place(stop)
			return
		}
	}
	slots := f.slotsOf(s)
	stop, iterFail := f.newLabel(), f.newLabel()
	if canSkip(s) {
		f.jumpIf(f.byteIn(s.first, false), stop)
	}
	f.needle(s, stop)
	save := f.newVar()
	f.set(save, "p")
	snap := f.snapshot(slots)
	f.node(s, iterFail)
	f.jump(stop)
	f.place(iterFail)
	f.set("p", save)
	f.restore(slots, snap)
	f.place(stop)
}

// loop emits the loop of a repetition of s, at least lo times (none when
// lo is empty) and at most hi (no bound when hi is empty): Go expressions,
// constants in place or the parameters of a function of the loop.
func (f *genFunc) loop(s *node, lo, hi string, fail *label) {
	slots := f.slotsOf(s)
	n := ""
	if lo != "" || hi != "" {
		n = f.newVar()
		f.set(n, "0")
	}
	head, stop, iterFail, ok := f.newLabel(), f.newLabel(), f.newLabel(), f.newLabel()
	f.loopHead(head)
	f.loops++
	if hi != "" {
		f.jumpIf(n+" == "+hi, stop)
	}
	if canSkip(s) {
		f.jumpIf(f.byteIn(s.first, false), stop)
	}
	save := f.newVar()
	f.set(save, "p")
	snap := f.snapshot(slots)
	f.node(s, iterFail)
	if n != "" {
		f.emit("%s++", n)
	}
	if s.nullable {
		// The rule matched empty: it would again, as often as asked.
		f.jumpIf("p == "+save, ok)
	}
	f.jump(head)
	f.loops--
	f.place(iterFail)
	f.set("p", save)
	f.restore(slots, snap)
	f.place(stop)
	if lo != "" {
		f.jumpIf(n+" < "+lo, fail)
	}
	f.place(ok)
}

// needle emits, before a choice point tries r, a test that sends it to fail
// when r cannot match because a byte every match of r holds is not in the
// rest of the input: r is a sequence that starts with an unbounded run and
// holds a literal of one byte after it. That byte is one strings.IndexByte
// finds faster than the run could be scanned to no avail, which is what it
// saves: [ userinfo "@" ] before a host, say, where most inputs hold no "@"
// and the host would be scanned twice. The test reads the rest of the input,
// so it is made only where it runs once a match, for the cost to stay linear
// in the input: in the function of Add, which nothing calls in a loop, and
// not in a repetition.
func (f *genFunc) needle(r *node, fail *label) {
	if f.dead || !f.top || f.loops > 0 || f.nocaps || r.kind != kSeq || len(r.subs) < 2 {
		return
	}
	run := r.subs[0]
	for run.kind == kCap {
		run = run.subs[0]
	}
	if (run.fast != fRun && run.rfast != fRun) || run.max != Unbounded {
		return
	}
	for _, s := range r.subs[1:] {
		if s.byte1 {
			f.g.needles = true
			f.jumpIf(fmt.Sprintf("strings.IndexByte(in[p:], %s) < 0", byteLit(s.lit[0])), fail)
			return
		}
	}
}

// fused emits a node in its fused form: a byte test or a loop.
func (f *genFunc) fused(r *node, fail *label) {
	switch r.fast {
	case fUnit:
		if !r.pct {
			f.jumpIf(f.byteIn(r.set, false), fail)
			f.emit("p++")
			return
		}
		fail.uses++
		f.emit("if p >= len(in) {\ngoto %s\n}", fail.name)
		fail.uses++
		f.emit("%s", f.unitStep(r, "goto "+fail.name))
	case fRun:
		switch {
		case r.max == Unbounded && r.min <= 1:
			start := ""
			if r.min == 1 {
				start = f.newVar()
				f.set(start, "p")
			}
			f.emit("%s", f.runLoop(r))
			if r.min == 1 {
				f.jumpIf("p == "+start, fail)
			}
		case r.max == 0:
			// Zero units (path-empty = 0<pchar>): nothing to scan.
		default:
			n := f.newVar()
			f.set(n, "0")
			bound := "p < len(in)"
			if r.max != Unbounded {
				bound = fmt.Sprintf("%s != %d && p < len(in)", n, r.max)
			}
			f.emit("for %s {\n%s\n%s++\n}", bound, f.unitStep(r, "break"), n)
			if r.min > 0 {
				f.jumpIf(fmt.Sprintf("%s < %d", n, r.min), fail)
			}
		}
	case fSepRun:
		f.emit("if uint(p) < uint(len(in)) && in[p] == %s {\np++\n%s\n}", byteLit(r.sep), f.runLoop(r))
	default:
		if f.err == nil {
			f.err = errors.New("codegen: generate: unknown fused form")
		}
	}
}

// callable reports whether r is compiled to a function of its own that the
// functions using it call: a named rule that captures nothing and is not a
// fused scan, a literal, a class or a terminal, nor a sequence of those
// (straight), which are a few lines inline. Such a rule is written once,
// however often it is used, which keeps the output's size that of the
// grammar and not of its tree written out; the Go compiler inlines what is
// small. A shared piece that captures nothing is one too (Generator).
func callable(r *node) bool {
	if r.hasCaps {
		return false
	}
	if r.name == "" {
		return r.shared
	}
	if r.fast == fRun && r.max > 1 {
		// A bounded run (h16 = 1*4HEXDIG) is a counted loop, not a scan:
		// longer than its call.
		return true
	}
	if r.fast != fNone || r.rfast != fNone {
		return false
	}
	switch r.kind {
	case kSeq:
		return !straight(r)
	case kAlt, kRep, kNot, kPeek:
		return true
	}
	return false
}

// straight reports whether r is a sequence of byte tests and scans without
// a choice point: literals, classes and fused nodes (scheme = ALPHA *(
// ALPHA / DIGIT / "+" / "-" / "." ) is a test and a loop). Its code is as
// short as the call that would run it, which the Go compiler does not
// inline (its budget counts the loops of the runs), and a call from a
// function with captures spills and reloads their variables around it.
func straight(r *node) bool {
	if r.kind != kSeq || len(r.subs) == 0 {
		return false
	}
	for _, s := range r.subs {
		switch {
		case s.hasCaps:
			return false
		case s.fast != fNone, s.rfast != fNone:
		case s.kind == kLit, s.kind == kLitFold, s.kind == kClass:
		default:
			return false
		}
	}
	return true
}

// literal emits a literal, case-sensitive or not.
func (f *genFunc) literal(r *node, fail *label) {
	switch r.kind {
	case kLit:
		switch n := len(r.lit); n {
		case 0:
		case 1:
			f.jumpIf(fmt.Sprintf("uint(p) >= uint(len(in)) || in[p] != %s", byteLit(r.lit[0])), fail)
			f.emit("p++")
		default:
			// in[p:][:n] is one bounds check, in[p:p+n] two.
			f.jumpIf(fmt.Sprintf("len(in)-p < %d || in[p:][:%d] != %s", n, n, strconv.Quote(r.lit)), fail)
			f.emit("p += %d", n)
		}
	case kLitFold:
		n := len(r.lit)
		if n == 0 {
			return
		}
		conds := []string{fmt.Sprintf("len(in)-p < %d", n)}
		for i := 0; i < n; i++ {
			c, at := r.lit[i], "in[p+"+strconv.Itoa(i)+"]"
			if i == 0 {
				at = "in[p]"
			}
			if lc := c | 0x20; lc >= 'a' && lc <= 'z' {
				conds = append(conds, fmt.Sprintf("%s|0x20 != %s", at, byteLit(lc)))
			} else {
				conds = append(conds, fmt.Sprintf("%s != %s", at, byteLit(c)))
			}
		}
		f.jumpIf(strings.Join(conds, " || "), fail)
		if n == 1 {
			f.emit("p++")
		} else {
			f.emit("p += %d", n)
		}
	}
}

// capture emits a Capture: its rule, between the stores of its start and
// end into the variables of its slot.
func (f *genFunc) capture(r *node, fail *label) {
	s := r.subs[0]
	if f.nocaps || f.looks > 0 {
		f.node(s, fail)
		return
	}
	if capturesSlot(s, r.slot) {
		v := f.newVar()
		f.set(v, f.g.capStart())
		f.node(s, fail)
		f.set(capVar(r.slot, false), v)
	} else {
		f.set(capVar(r.slot, false), f.g.capStart())
		f.node(s, fail)
	}
	f.set(capVar(r.slot, true), "p")
}

// look emits a look-ahead (Not, Peek): its rule is tried and p is restored
// whatever the outcome. So are the captures, which the interpreter sets and
// rolls back: its rule is matched without them (looks), as no capture
// changes what matches. A function that keeps no caps, that of a rule whose
// captures are all in look-aheads (HasCaptures is false), has no variables
// of them to set.
func (f *genFunc) look(r *node, fail *label) {
	s := r.subs[0]
	f.looks++
	defer func() { f.looks-- }()
	if (s.fast == fUnit || s.rfast == fUnit) && !s.hasCaps {
		// A look-ahead at one unit is a test of the next bytes: no
		// position to save and restore.
		cond := f.lookCond(s)
		if r.kind == kPeek {
			cond = "!(" + cond + ")"
		}
		f.jumpIf(cond, fail)
		return
	}
	slots := f.slotsOf(s)
	save := f.newVar()
	f.set(save, "p")
	snap := f.snapshot(slots)
	subFail, ok := f.newLabel(), f.newLabel()
	f.node(s, subFail)
	f.set("p", save)
	f.restore(slots, snap)
	if r.kind == kNot {
		f.jump(fail)
	} else {
		f.jump(ok)
	}
	f.place(subFail)
	f.set("p", save)
	f.restore(slots, snap)
	if r.kind == kPeek {
		f.jump(fail)
	}
	f.place(ok)
}
