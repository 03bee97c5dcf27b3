package codegen

import (
	"fmt"
	"strings"
)

// loopCalled reports whether the repetition r is a call of the function of
// its loop (repFunc) rather than code in place: r is not a fused scan nor a
// star (which counts nothing) nor an option (unless other repetitions of its
// rule call the function: h16Before's *1( ":" h16 ) in IPv6address), and
// its rule keeps no captures there (none are kept in a diagnosis, diag). Its rule is tried, and
// its captures rolled back, by that function alone, so that a rule repeated
// in several places (h16 ":" in IPv6address, five times with five bounds)
// is written once.
func (f *genFunc) loopCalled(r *node, diag bool) bool {
	if r.kind != kRep || r.fast != fNone || r.rfast != fNone || r.max == 0 {
		return false
	}
	if r.max == 1 && (r.min == 1 || f.g.repeats[ruleKey(r.subs[0])] < 2) {
		return false // an option: in place, unless its rule is repeated elsewhere too
	}
	if r.min == 0 && r.max == Unbounded {
		return false // no count to keep: its loop in place is as short
	}
	return diag || !r.subs[0].hasCaps
}

// callLoop emits the call of the function of the loop of r, a repetition
// for which loopCalled holds, with r's bounds. It cannot fail when r has no
// minimum.
func (f *genFunc) callLoop(r *node, fail *label, diag bool) {
	expr := f.loopExpr(r, diag)
	if r.min == 0 {
		f.set("p", expr)
		return
	}
	f.call(expr, fail)
}

// repFunc returns the name (a placeholder) of the function of the loop of
// repetitions of s, compiling it the first time: one function for each
// rule repeated, matcher or diagnosis, whatever the bounds of each
// repetition, which its callers pass. Rules alike (ruleKey) share it.
func (g *Generator) repFunc(s *node, explain bool) (string, error) {
	key := ruleKey(s)
	if explain {
		key = "explain " + key
	}
	if id, ok := g.repIDs[key]; ok {
		return placeholder('R', id), nil
	}
	if g.repIDs == nil {
		g.repIDs = map[string]int{}
	}
	id := len(g.reps)
	g.repIDs[key] = id
	g.reps = append(g.reps, repeated{s, explain})
	name := placeholder('R', id)
	f := &genFunc{g: g, nocaps: explain}
	fail := f.newLabel()
	if explain {
		f.dloop(s, "lo", "hi", fail)
	} else {
		f.loop(s, "lo", "hi", fail)
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
	fmt.Fprintf(&b, "// %s matches lo to hi repetitions of %s (no bound when hi < 0) at pos\n", name, s.rule)
	if explain {
		fmt.Fprintf(&b, "// in a diagnosis run: it returns the end offset, or -1 when fewer than lo\n// match, and records in d what was expected where.\n")
		fmt.Fprintf(&b, "func %s(in string, pos, lo, hi int, d *%s) int {\n", name, g.diagType())
	} else {
		fmt.Fprintf(&b, "// in in and returns the end offset, or -1 when fewer than lo match.\n")
		fmt.Fprintf(&b, "func %s(in string, pos, lo, hi int) int {\n", name)
	}
	reads := f.reads()
	if reads["p"] > 0 {
		b.WriteString("p := pos\n")
	}
	f.writeBody(&b, reads)
	g.funcs = append(g.funcs, b.String())
	return name, nil
}

// repeated is a rule whose repetitions call a function of their loop.
type repeated struct {
	rule    *node
	explain bool
}

// ruleKey returns a text that two rules share when their code is the
// same: what the generator reads of them, a named rule being itself.
func ruleKey(r *node) string {
	if r.name != "" {
		return fmt.Sprintf("%p", r)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "(%d %q %v %v %d %d %d %d %t %d %t %q", r.kind, r.lit, r.set, r.runes, r.min, r.max, r.slot,
		r.fast, r.pct, r.rfast, r.nullable, r.label)
	for _, s := range r.subs {
		b.WriteString(" " + ruleKey(s))
	}
	b.WriteString(")")
	return b.String()
}

// repName returns a Go name for the rule r of a loop function, from its
// parts: the names of named rules and of common delimiters ("h16 ":"":
// H16Colon), "Part" for what has no short name.
func repName(r *node) string {
	switch {
	case r.name != "":
		return goName(r.name)
	case r.kind == kLit && len(r.lit) == 1:
		if w, ok := delimNames[r.lit[0]]; ok {
			return w
		}
	case r.kind == kSeq || r.kind == kAlt:
		var parts []string
		for _, s := range r.subs {
			parts = append(parts, repName(s))
		}
		sep := ""
		if r.kind == kAlt {
			sep = "Or"
		}
		if name := strings.Join(parts, sep); len(name) <= 24 {
			return name
		}
	}
	return "Part"
}

// delimNames are the names of the delimiters of RFC 3986 in the names of
// loop functions.
var delimNames = map[byte]string{
	':': "Colon", '/': "Slash", '?': "Question", '#': "Hash", '[': "LBracket", ']': "RBracket",
	'@': "At", '.': "Dot", '%': "Percent", '-': "Dash", '+': "Plus", '=': "Equals", '&': "Amp",
	';': "Semicolon", ',': "Comma",
}
