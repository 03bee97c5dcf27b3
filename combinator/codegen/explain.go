package codegen

import (
	"fmt"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
)

// AddExplain compiles the diagnosis of r to a function named funcName:
//
//	func funcName(in string, lowerBound int, buf []string) (offset int, expected []string)
//
// and a function funcName + "Diag", which leaves what was expected in the
// record (Prefix + "Diag") for the caller to count and append:
//
//	func funcNameDiag(in string, lowerBound int, d *PrefixDiag) (offset int)
//
// It returns what r.ExplainFrom(in, lowerBound) does, without the
// interpreter: the Offset of the *SyntaxError, and its Expected appended to
// buf (which may be nil: a caller can pass storage it allocates with the
// error, as with strconv.AppendInt); or -1 and buf when the whole of in
// matches r. Like ExplainFrom, it is for after a failed match, with the end
// of the prefix r matched as lowerBound (or -1).
//
// The diagnosis is a second run of the grammar that records, at the farthest
// offset any alternative reached, each rule expected there; it is emitted as
// one function per named rule, which call each other as the rules refer to
// each other, so that its size grows with the grammar and not with the tree
// written out. Look-aheads inside it match as Add's functions do, recording
// nothing. The output also holds, once, the type of the record
// (Prefix + "Diag") and the table of labels (Prefix + "Labels").
func (g *Generator) AddExplain(funcName string, rule *c.Rule) error {
	if !goIdent.MatchString(funcName) {
		return fmt.Errorf("codegen: generate: %q is not a Go identifier", funcName)
	}
	if err := g.checkPieceNames(); err != nil {
		return err
	}
	r := g.nodeOf(rule)
	g.nameSets(r, "")
	g.reserve(funcName)
	g.reserve(funcName + "Diag")
	root, rootID, err := g.explainFunc(r)
	if err != nil {
		return err
	}
	end := g.labelID(c.End.Label())
	var b strings.Builder
	label := docName(r)
	fmt.Fprintf(&b, "// %s explains why in does not match %s as a whole: the farthest offset\n", funcName, label)
	fmt.Fprintf(&b, "// any alternative reached, and what was expected there appended to buf; or\n")
	fmt.Fprintf(&b, "// -1 and buf when in matches. lowerBound is a lower bound of the offset, or -1\n")
	fmt.Fprintf(&b, "// (ExplainFrom).\n")
	fmt.Fprintf(&b, "func %s(in string, lowerBound int, buf []string) (offset int, expected []string) {\n", funcName)
	fmt.Fprintf(&b, `var d %[1]s
if off := %[2]sDiag(in, lowerBound, &d); off >= 0 {
return off, d.appendLabels(buf)
}
return -1, buf
}

`, g.diagType(), funcName)
	fmt.Fprintf(&b, "// %sDiag is %s with what was expected left in d, so that a caller\n", funcName, funcName)
	fmt.Fprintf(&b, "// can size the storage of the labels (d.n of them) before it appends them\n")
	fmt.Fprintf(&b, "// (d.appendLabels).\n")
	fmt.Fprintf(&b, "func %sDiag(in string, lowerBound int, d *%s) (offset int) {\n", funcName, g.diagType())
	fmt.Fprintf(&b, "return d.explain(in, lowerBound, %d, %d)\n}\n", rootID, end)
	g.roots = append(g.roots, rootFunc{rootID, root})
	g.funcs = append(g.funcs, b.String())
	return nil
}

// diagType returns the name of the type of a diagnosis record.
func (g *Generator) diagType() string { return g.prefix() + "Diag" }

// labelID returns the index of r's label in the table of labels. Rules with
// one label share it: the diagnosis records labels, each once, as
// SyntaxError.Expected lists them.
func (g *Generator) labelID(l string) int {
	for i, o := range g.labels {
		if o == l {
			return i
		}
	}
	g.labels = append(g.labels, l)
	return len(g.labels) - 1
}

// explainFunc returns the name and number of the diagnosis function of r,
// compiling it (and those of the named rules it uses) if it is not yet. The
// number stands for r in the record's root: the rule explained is not
// reported under its own name.
func (g *Generator) explainFunc(r *node) (string, int, error) {
	if id, ok := g.explained[r]; ok {
		return g.explainName(id), id, nil
	}
	if g.explained == nil {
		g.explained = map[*node]int{}
	}
	id := len(g.explained)
	name := g.explainName(id)
	g.explained[r] = id
	g.explainOrder = append(g.explainOrder, r)
	f := &genFunc{g: g, nocaps: true}
	fail := f.newLabel()
	f.dbody(r, fail)
	f.emit("return p")
	f.dead = true
	f.place(fail)
	if r.name != "" && fail.uses > 0 {
		f.emit("return d.miss(pos, far, mark, %d, %d)", id, g.labelID(r.label))
	} else {
		f.emit("return -1")
	}
	if f.err != nil {
		return "", 0, f.err
	}
	f.prune()

	var b strings.Builder
	if r.name == "" && r.shared {
		fmt.Fprintf(&b, "// %s is the diagnosis run of a piece that rules share at pos: it\n", name)
		fmt.Fprintf(&b, "// returns the end offset of the match, or -1, and records in d what was\n")
		fmt.Fprintf(&b, "// expected where, as the code of the piece in place would.\n//\n//\t%s\n", docABNF(r))
	} else {
		fmt.Fprintf(&b, "// %s is the diagnosis run of %s at pos: it returns the end offset\n", name, docName(r))
		fmt.Fprintf(&b, "// of the match, or -1, and records in d what was expected where.\n")
	}
	fmt.Fprintf(&b, "func %s(in string, pos int, d *%s) int {\n", name, g.diagType())
	reads := f.reads()
	if reads["p"] > 0 {
		b.WriteString("p := pos\n")
	}
	if r.name != "" && fail.uses > 0 {
		b.WriteString("far, mark := d.far, d.n\n")
	}
	f.writeBody(&b, reads)
	g.funcs = append(g.funcs, b.String())
	return name, id, nil
}

// explainName is the name of the diagnosis function numbered id: a
// placeholder until Source names it after its rule (funcNames).
func (g *Generator) explainName(id int) string { return placeholder('X', id) }

// dnode emits the diagnosis run of r: as node, it falls through on a match
// and jumps to fail otherwise. A named rule is a call of its own function,
// which reports it under its name when it fails where it starts; a shared
// piece is a call of its own function too, which reports nothing of its own.
func (f *genFunc) dnode(r *node, fail *label) {
	if f.dead {
		return
	}
	if r.name == "" && !r.shared {
		f.dbody(r, fail)
		return
	}
	if expr, ok := f.diagExpr(r); ok {
		f.call(expr, fail)
	}
}

// goTo returns the text of a jump to l, counting the use: only for a
// statement that is emitted, where the code is not dead.
func goTo(l *label) string {
	l.uses++
	return "goto " + l.name
}

// dbody emits the diagnosis run of r itself, whatever its name: what the
// interpreter does in a diagnosis (Explain), step for step.
func (f *genFunc) dbody(r *node, fail *label) {
	if f.dead {
		return
	}
	if r.fast != fNone {
		f.dfused(r, fail)
		return
	}
	switch r.kind {
	case kLit, kLitFold:
		if expr, ok := f.termExpr(r); ok {
			f.call(expr, fail)
		}
	case kEnd, kFunc, kRunes:
		miss, ok := f.newLabel(), f.newLabel()
		f.node(r, miss)
		f.jump(ok)
		f.place(miss)
		f.emit("d.fail(p, %d)", f.g.labelID(r.label))
		f.jump(fail)
		f.place(ok)
	case kSeq:
		for _, s := range r.subs {
			if f.dead {
				break // what comes after a node that cannot match is never run
			}
			// An optional s that cannot start here is run too: it fails
			// where it starts, and records that only at or past the
			// farthest failure, as a test of its first byte would.
			f.dnode(s, fail)
		}
	case kAlt:
		if len(r.subs) == 0 { // Alt() matches nothing: recorded as a Not is
			f.emit("d.fail(p, %d)", f.g.labelID(r.label))
			f.jump(fail)
			return
		}
		f.dalt(r, fail)
	case kRep:
		f.drep(r, fail)
	case kCap:
		f.dnode(r.subs[0], fail)
	case kNot, kPeek:
		// A look-ahead records nothing when it succeeds. A Not that fails
		// records itself; a Peek that fails, what its rule expected, by a
		// second run that records (and fails again).
		miss, ok := f.newLabel(), f.newLabel()
		if expr, isCall := f.callExpr(r); isCall {
			// The look-ahead's own function (a named rule, a shared
			// piece), whose -1 must not take the place of p, which the
			// record after a failure reads.
			f.jumpIf(expr+" < 0", miss)
		} else {
			f.node(r, miss)
		}
		f.jump(ok)
		f.place(miss)
		if r.kind == kNot {
			f.emit("d.fail(p, %d)", f.g.labelID(r.label))
		} else {
			f.dnode(r.subs[0], fail)
		}
		f.jump(fail)
		f.place(ok)
	default:
		if f.err == nil {
			f.err = fmt.Errorf("codegen: generate: unknown rule kind")
		}
	}
}

// skipOrRecord emits what a choice or a repetition does, in a diagnosis, with
// a named subrule s that cannot start with the next byte: record it as
// expected without running it, and jump to next. An unnamed one is run: it
// fails where it starts and records that only at or past the farthest
// failure, which is all a test of its first byte would have saved, at the
// cost of the test's code at every choice of a run that seldom runs
// (measured: see BENCHMARKS.md, "What a program links").
func (f *genFunc) skipOrRecord(s *node, next *label) {
	if f.dead || s.nullable || s.name == "" {
		return
	}
	cant := f.byteIn(s.first, false)
	f.emit("if %s {\nif p >= d.far {\nd.fail(p, %d)\n}\n%s\n}", cant, f.g.labelID(s.label), goTo(next))
}

// drep emits the diagnosis run of a repetition: a call of the function of
// its loop where it has one (repFunc), else its code in place.
func (f *genFunc) drep(r *node, fail *label) {
	s := r.subs[0]
	if r.max == 1 && r.min == 0 && !f.loopCalled(r, true) {
		if expr, ok := f.diagExpr(s); ok {
			f.tryCall(expr, "", nil) // a call leaves p as it was where it fails
			return
		}
	}
	if r.max == 1 && r.min == 0 && !f.loopCalled(r, true) {
		save, miss := f.newVar(), f.newLabel()
		f.set(save, "p")
		f.dnode(s, miss)
		ok := f.newLabel()
		f.jump(ok)
		f.place(miss)
		f.set("p", save)
		f.place(ok)
		return
	}
	if r.max == 0 {
		return
	}
	if f.loopCalled(r, true) {
		f.callLoop(r, fail, true)
		return
	}
	lo, hi := "", ""
	if r.min > 0 {
		lo = strconv.Itoa(r.min)
	}
	if r.max != Unbounded {
		hi = strconv.Itoa(r.max)
	}
	f.dloop(s, lo, hi, fail)
}

// dloop emits the diagnosis run of the loop of a repetition of s, bounded
// as loop's.
func (f *genFunc) dloop(s *node, lo, hi string, fail *label) {
	n := f.newVar()
	if lo != "" || hi != "" {
		f.set(n, "0")
	}
	head, stop, iterFail, ok := f.newLabel(), f.newLabel(), f.newLabel(), f.newLabel()
	f.loopHead(head)
	if hi != "" {
		f.jumpIf(n+" == "+hi, stop)
	}
	f.skipOrRecord(s, stop)
	save := f.newVar()
	f.set(save, "p")
	f.dnode(s, iterFail)
	if lo != "" || hi != "" {
		f.emit("%s++", n)
	}
	if s.nullable {
		f.jumpIf("p == "+save, ok) // it would match empty again, as often as asked
	}
	f.jump(head)
	f.place(iterFail)
	f.set("p", save)
	f.place(stop)
	if lo != "" {
		f.jumpIf(n+" < "+lo, fail)
	}
	f.place(ok)
}

// dfused emits the diagnosis run of a fused node: its scan, then what the
// unfused rule would have expected where the scan stopped.
//
// What is recorded at the stop lies at most two bytes past it (HEXDIG after a
// "%"): before the farthest failure by more, there is nothing to record.
func (f *genFunc) dfused(r *node, fail *label) {
	switch r.fast {
	case fUnit:
		if expr, ok := f.termExpr(r); ok {
			f.call(expr, fail)
			return
		}
		miss, ok := f.newLabel(), f.newLabel()
		f.fused(r, miss)
		f.jump(ok)
		f.place(miss) // p has not moved
		f.emit("if p+2 >= d.far {\n%s\n}", f.recordUnits(r, "p"))
		f.jump(fail)
		f.place(ok)
	case fRun:
		record := fmt.Sprintf("if p+2 >= d.far {\n%s\n}", f.recordUnits(r.subs[0], "p"))
		n, ok := f.newVar(), f.newLabel()
		if r.min == 0 && r.max == Unbounded {
			f.emit("for p < len(in) {\n%s\n}", f.unitStep(r, "break"))
		} else {
			f.set(n, "0")
			bound := "p < len(in)"
			if r.max != Unbounded {
				bound = fmt.Sprintf("%s != %d && p < len(in)", n, r.max)
			}
			f.emit("for %s {\n%s\n%s++\n}", bound, f.unitStep(r, "break"), n)
		}
		if r.max != Unbounded {
			f.jumpIf(fmt.Sprintf("%s == %d", n, r.max), ok) // stopped at its bound: nothing was expected
		}
		f.emit("%s", record)
		if r.min > 0 {
			f.jumpIf(fmt.Sprintf("%s < %d", n, r.min), fail)
		}
		f.place(ok)
	case fSepRun:
		body := r.subs[0]
		for body.kind == kSeq && len(body.subs) == 1 {
			body = body.subs[0]
		}
		start := f.newVar()
		f.set(start, "p")
		f.fused(r, fail)
		f.emit("if p+2 >= d.far {\nif p > %s {\n%s\n}\nd.fail(p, %d)\n}",
			start, f.recordUnits(body.subs[1].subs[0], "p"), f.g.labelID(body.subs[0].label))
	default:
		if f.err == nil {
			f.err = fmt.Errorf("codegen: generate: unknown fused form")
		}
	}
}

// recordUnits returns the code that records unit, one step of a scan, as
// expected at pos: the labels of its alternatives, and HEXDIG where a "%"
// there is not followed by two (matcher.recordUnits).
func (f *genFunc) recordUnits(unit *node, pos string) string {
	if unit.name == "" && unit.kind == kAlt {
		var parts []string
		for _, a := range unit.subs {
			parts = append(parts, f.recordUnits(a, pos))
		}
		return strings.Join(parts, "\n")
	}
	if unit.name == "" && unit.kind == kSeq && len(unit.subs) == 1 {
		return f.recordUnits(unit.subs[0], pos)
	}
	s := fmt.Sprintf("d.fail(%s, %d)", pos, f.g.labelID(unit.label))
	if unit.pct { // a unit that is or holds "%" HEXDIG HEXDIG (combinator's unitOf)
		f.g.hexdig = true
		s += fmt.Sprintf("\nd.hexdig(in, %s)", pos)
	}
	return s
}

// unitLabel returns the label that the diagnosis of the fused unit r
// records where r does not match, when there is one: r takes no
// pct-encoded triplet and is not a choice of labelled units (recordUnits).
func unitLabel(r *node) (string, bool) {
	unit := r
	for unit.name == "" && unit.kind == kSeq && len(unit.subs) == 1 {
		unit = unit.subs[0]
	}
	if unit.pct || unit.name == "" && unit.kind == kAlt {
		return "", false
	}
	return unit.label, true
}

// dalt emits the diagnosis run of an ordered choice: each alternative in
// turn from the same position, skipped or recorded (skipOrRecord) where it
// cannot start with the next byte. An alternative that is one call
// (callExpr) leaves p as it was where it fails.
func (f *genFunc) dalt(r *node, fail *label) {
	save := f.newVar()
	f.set(save, "p")
	done := f.newLabel()
	moved := false // p has moved since save, by an alternative that failed
	for _, s := range r.subs {
		if moved {
			f.set("p", save)
			moved = false
		}
		cond := ""
		if s.name != "" && !s.nullable {
			// What skipOrRecord does, as a condition; made before the
			// call, which numbers the labels of its rule.
			cond = f.expectExpr(s) + " >= 0"
		}
		if s.name == "" && s.shared {
			// A shared piece: run as in place (skipOrRecord runs an
			// unnamed subrule), by a call, which leaves p as it was
			// where it fails.
			if expr, ok := f.diagExpr(s); ok {
				f.tryCall(expr, "", done)
			}
			continue
		}
		if expr, ok := f.diagExpr(s); ok {
			f.tryCall(expr, cond, done)
			continue
		}
		next := f.newLabel()
		f.skipOrRecord(s, next)
		f.dnode(s, next)
		f.jump(done)
		f.place(next)
		moved = true
	}
	f.jump(fail)
	f.place(done)
}

// expectExpr returns the expression that records the named rule s as
// expected at p, at or past the farthest failure, and evaluates to -1 when
// the next byte cannot start s, to p+1 otherwise (the runtime's byte1 or
// class on s's first set).
func (f *genFunc) expectExpr(s *node) string {
	f.g.useByte = true
	if b, ok := single(s.first); ok {
		return fmt.Sprintf("d.byte1(in, p, %s, %d)", byteLit(b), f.g.labelID(s.label))
	}
	return fmt.Sprintf("d.class(in, p, &%s, %d)", f.g.table(s.first), f.g.labelID(s.label))
}
