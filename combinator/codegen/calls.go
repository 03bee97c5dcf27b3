package codegen

import (
	"fmt"
	"strconv"
	"strings"
)

// callExpr returns the Go expression that matches r at p and evaluates to
// the end of the match, or -1, leaving p as it was, when r's code is one
// call: of the function of a named rule or of the function of a loop
// (repFunc). It is matching code, which a diagnosis runs too in its
// look-aheads; diagExpr is the diagnosis run's. What it calls is compiled
// the first time, and errors are kept in f.err.
func (f *genFunc) callExpr(r *node) (string, bool) {
	switch {
	case callable(r) && r != f.self:
		name, err := f.g.matchFunc(r)
		if err != nil {
			if f.err == nil {
				f.err = err
			}
			return "", false
		}
		return name + "(in, p)", true
	case f.loopCalled(r, false):
		return f.loopExpr(r, false), true
	}
	return "", false
}

// diagExpr is callExpr in a diagnosis run: the call of the diagnosis
// function of a named rule or of a shared piece, or termExpr.
func (f *genFunc) diagExpr(r *node) (string, bool) {
	if r.name == "" && !r.shared {
		return f.termExpr(r)
	}
	name, _, err := f.g.explainFunc(r)
	if err != nil {
		if f.err == nil {
			f.err = err
		}
		return "", false
	}
	return name + "(in, p, d)", true
}

// termExpr is callExpr of an unnamed rule in a diagnosis: a literal, a
// fused unit with one label (unitLabel), or a repetition with a loop
// function.
func (f *genFunc) termExpr(r *node) (string, bool) {
	switch {
	case r.fast == fUnit:
		id, ok := unitLabel(r)
		if !ok {
			return "", false
		}
		f.g.useByte = true
		return fmt.Sprintf("d.class(in, p, &%s, %d)", f.g.table(r.set), f.g.labelID(id)), true
	case r.fast != fNone:
		return "", false
	case r.kind == kLit && len(r.lit) == 1:
		f.g.useByte = true
		return fmt.Sprintf("d.byte1(in, p, %s, %d)", byteLit(r.lit[0]), f.g.labelID(r.label)), true
	case (r.kind == kLit || r.kind == kLitFold) && r.lit != "":
		ids := []string{strconv.Itoa(f.g.labelID(r.label))}
		for _, t := range r.tail {
			ids = append(ids, strconv.Itoa(f.g.labelID(t)))
		}
		f.g.useLit = true
		return fmt.Sprintf("d.lit(in, p, %s, %t, %s)", strconv.Quote(r.lit), r.kind == kLitFold, strings.Join(ids, ", ")), true
	case f.loopCalled(r, true):
		return f.loopExpr(r, true), true
	}
	return "", false
}

// loopExpr is the call of the function of the loop of the repetition r, a
// matcher's or a diagnosis run's.
func (f *genFunc) loopExpr(r *node, diag bool) string {
	name, err := f.g.repFunc(r.subs[0], diag)
	if err != nil && f.err == nil {
		f.err = err
	}
	d := ""
	if diag {
		d = ", d"
	}
	return fmt.Sprintf("%s(in, p, %d, %d%s)", name, r.min, r.max, d)
}

// call emits the call expr of callExpr, which sends a failure to fail. On a
// failure p is -1, which every path to fail sets anew.
func (f *genFunc) call(expr string, fail *label) {
	if !f.dead {
		f.emit("if p = %s; p < 0 {\n%s\n}", expr, goTo(fail))
	}
}

// tryCall emits the call expr of callExpr for a rule that may not match
// (an alternative, an option): where it matches, p takes its end and the
// code goes to done, when given; where it does not, p is as it was. cond,
// when given, must hold for the call to be made.
func (f *genFunc) tryCall(expr, cond string, done *label) {
	if f.dead {
		return
	}
	text := fmt.Sprintf("if e := %s; e >= 0 {\np = e", expr)
	if done != nil {
		text += "\n" + goTo(done)
	}
	text += "\n}"
	if cond != "" {
		text = fmt.Sprintf("if %s {\n%s\n}", cond, text)
	}
	f.emit("%s", text)
}
