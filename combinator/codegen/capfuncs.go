package codegen

import (
	"fmt"
	"slices"
	"strings"
)

// callCaps emits the call of the function of r, a named rule with captures
// at the commit point of this function (commitPoint), which stores r's
// captures into caps itself when it matches; then the stores of the final
// captures of this function's own slots.
func (f *genFunc) callCaps(r *node, fail *label) {
	name, err := f.g.capFunc(r, f.nslots)
	if err != nil {
		if f.err == nil {
			f.err = err
		}
		return
	}
	if first, ok := f.firstAltCaps(r); ok {
		// The call of the function of r's first alternative, which is
		// all of r's match where it matches; else r's own, which tries
		// that alternative again and fails it at its first bytes. No
		// pretest of the first byte here: the callee tests its first
		// bytes at once, and on the URIs of the corpus, nearly all with
		// an authority, the test would be made twice (measured: see
		// BENCHMARKS.md, "Issue 38").
		done := f.newLabel()
		f.tryCall(first+"(in, p, caps)", "", done)
		f.emit("if p = %s(in, p, caps); p < 0 {\n%s\n}", name, goTo(fail))
		f.place(done)
	} else {
		f.emit("if p = %s(in, p, caps); p < 0 {\n%s\n}", name, goTo(fail))
	}
	f.storeFinal()
}

// firstAltCaps returns the function of the first alternative of r, the
// rule of a function of capFunc, where that function begins by calling it
// and, where it matches, returns its end and stores nothing more (altCaps
// with no final slot left): r is a choice whose captures are stored in
// each alternative (commitsInAlt), and its first alternative is a shared
// piece with captures (capCallableAlt) that sets every slot r sets
// (hier-part and its "//" authority path-abempty). A caller that calls
// it first saves a call where it matches, as most URIs' authorities do.
func (f *genFunc) firstAltCaps(r *node) (string, bool) {
	if r.kind != kAlt || len(r.subs) < 2 || !f.commitsInAlt(r) {
		return "", false
	}
	s := r.subs[0]
	if !s.shared || !capRule(s) {
		return "", false
	}
	own := setOf(slotsOf(s))
	for _, slot := range slotsOf(r) {
		if !own[slot] {
			return "", false
		}
	}
	name, err := f.g.capFunc(s, f.nslots)
	if err != nil {
		if f.err == nil {
			f.err = err
		}
		return "", false
	}
	return name, true
}

// altCaps emits the call of the function of the shared piece s, an
// alternative of the choice at this function's commit point (capCallableAlt):
// where it matches, p takes its end, the final captures of the slots s does
// not set are stored, and the code goes to done; where it does not, p and
// the captures are as they were.
func (f *genFunc) altCaps(s *node, done *label) {
	name, err := f.g.capFunc(s, f.nslots)
	if err != nil {
		if f.err == nil {
			f.err = err
		}
		return
	}
	if f.dead {
		return
	}
	own := setOf(slotsOf(s))
	var b strings.Builder
	fmt.Fprintf(&b, "if e := %s(in, p, caps); e >= 0 {\np = e\n", name)
	for _, slot := range f.final {
		if !own[slot] && !slices.Contains(f.prestored, slot) {
			b.WriteString(f.g.capStore(slot, capVar(slot, false), capVar(slot, true)) + "\n")
		}
	}
	fmt.Fprintf(&b, "%s\n}", goTo(done))
	f.emit("%s", b.String())
}

// capFunc returns the name (a placeholder) of the function of the named rule
// r with captures, for caps of nslots slots, compiling it the first time.
// It matches r from pos, which is within in, and stores into caps the slots
// r sets, or leaves caps as it was when r does not match: it is called only
// where the match of the function that calls it can no longer fail after
// it (commitPoint).
func (g *Generator) capFunc(r *node, nslots int) (string, error) {
	key := fmt.Sprintf("%p/%d", r, nslots)
	if id, ok := g.capIDs[key]; ok {
		return placeholder('C', id), nil
	}
	if g.capIDs == nil {
		g.capIDs = map[string]int{}
	}
	id := len(g.capRules)
	g.capIDs[key] = id
	g.capRules = append(g.capRules, r)
	name := placeholder('C', id)
	f := &genFunc{g: g, nslots: nslots, self: r, own: slotsOf(r), top: true}
	src, err := f.compileCaps(name, r)
	if err != nil {
		return "", err
	}
	g.funcs = append(g.funcs, src)
	return name, nil
}

// compileCaps compiles the function name of capFunc.
func (f *genFunc) compileCaps(name string, r *node) (string, error) {
	fail := f.newLabel()
	stored := f.commitPoint(r)
	f.node(r, fail)
	for _, s := range f.own {
		if !stored[s] {
			f.emit("%s", f.g.capStore(s, capVar(s, false), capVar(s, true)))
		}
	}
	f.emit("return p")
	f.dead = true
	f.place(fail)
	f.emit("return -1")
	if f.err != nil {
		return "", f.err
	}
	f.prune()
	var b strings.Builder
	var slots []string
	for _, s := range f.own {
		slots = append(slots, fmt.Sprint(s))
	}
	if r.name != "" {
		fmt.Fprintf(&b, "// %s matches %s at pos in in, pos within in, and returns the end offset of\n", name, r.name)
		fmt.Fprintf(&b, "// the match, or -1. On a match it stores the captures of slots %s\n// into", strings.Join(slots, ", "))
	} else {
		fmt.Fprintf(&b, "// %s matches a piece that rules share at pos in in, pos within in,\n", name)
		fmt.Fprintf(&b, "// and returns the end offset of the match, or -1. On a match it stores the\n// captures of slots %s into", strings.Join(slots, ", "))
	}
	fmt.Fprintf(&b, " caps; else it leaves caps as it was.\n//\n//\t%s\n", docABNF(r))
	fmt.Fprintf(&b, "func %s(in string, pos int, caps *[%d]%s) int {\n", name, f.nslots, f.g.capsType())
	reads := f.reads()
	if reads["p"] > 0 {
		b.WriteString("p := pos\n")
	}
	var names, inits []string
	for _, s := range f.own {
		for _, v := range []string{capVar(s, false), capVar(s, true)} {
			if reads[v] > 0 {
				names, inits = append(names, v), append(inits, f.g.capNone())
			}
		}
	}
	if len(names) > 0 {
		fmt.Fprintf(&b, "%s := %s\n", strings.Join(names, ", "), strings.Join(inits, ", "))
	}
	f.writeBody(&b, reads)
	return b.String(), nil
}
