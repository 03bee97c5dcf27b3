package abnf

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The errors of a grammar as a whole: "=/" with nothing to add to, rules
// used but not defined (with the defined name nearest to each), left
// recursion (with the rewrite that removes it), and a rule asked for that
// is not there. Each message is bounded, whatever the size of the grammar.

// checkIncremental refuses a "=/" that adds to no rule: RFC 5234 §3.3 adds
// alternatives to a rule already defined with "=", earlier in the text, or
// among the core rules or the imports when the text itself does not define
// it with "=".
func (b *builder) checkIncremental(defs, core []ruleDef) error {
	eqAt := map[string]int{} // where the text defines each rule with "=" first
	for i, d := range defs {
		if k := strings.ToLower(d.name); !d.incr {
			if _, ok := eqAt[k]; !ok {
				eqAt[k] = i
			}
		}
	}
	outside := func(k string) bool {
		if b.c.imports[k] != nil || k == "octet" {
			return true
		}
		return slices.ContainsFunc(core, func(d ruleDef) bool { return strings.EqualFold(d.name, k) })
	}
	for i, d := range defs {
		if !d.incr {
			continue
		}
		k := strings.ToLower(d.name)
		at, ok := eqAt[k]
		switch {
		case ok && at < i:
			continue
		case !ok && outside(k):
			continue
		}
		l, c := position(b.src, d.off)
		e := &Error{Line: l, Column: c, Syntax: "incremental",
			Problem: "\"=/\" adds alternatives to " + clipName(d.name) + ", which no rule before it defines with \"=\"",
			Hint:    "define it first with \"=\", or write \"=\" here"}
		if ok {
			e.Hint = "it is defined with \"=\" at " + b.where(defs[at].off) + ", after this: put that definition first"
		}
		return e
	}
	return nil
}

// where is the line:column of the offset off of the text.
func (b *builder) where(off int) string {
	l, c := position(b.src, off)
	return strconv.Itoa(l) + ":" + strconv.Itoa(c)
}

// positions returns names with the line and column of their offsets in
// src, in one pass over src however many there are.
func positions(src string, names []string, offs []int) []RulePos {
	if len(names) == 0 {
		return nil
	}
	order := make([]int, len(offs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return offs[a] - offs[b] })
	out := make([]RulePos, len(names))
	line, col, i := 1, 1, 0 // the line and column of src[i]
	for _, j := range order {
		for ; i < offs[j] && i < len(src); i++ {
			switch c := src[i]; {
			case c == '\n' || c == '\r' && (i+1 >= len(src) || src[i+1] != '\n'):
				line, col = line+1, 1 // a CRLF counted at its LF
			case utf8.RuneStart(c):
				col++
			}
		}
		out[j] = RulePos{Name: names[j], Line: line, Column: col}
	}
	return out
}

// undefinedError is the error for the rules used but not defined, each of
// the first maxListed with the defined name nearest to it, if one is near.
func (b *builder) undefinedError(undefined []RulePos) *Error {
	var known []string
	for _, k := range b.order {
		known = append(known, b.byName[k].name)
	}
	for k, r := range b.c.imports {
		if b.byName[k] == nil {
			known = append(known, r.Name())
		}
	}
	slices.Sort(known) // a fixed order, so that a tie is broken the same way every time
	for i := range undefined[:min(len(undefined), maxListed)] {
		undefined[i].DidYouMean = nearest(undefined[i].Name, known)
	}
	return &Error{Problem: "used but not defined", Rules: undefined}
}

// nearest returns the name of known nearest to name by edit distance
// (ASCII case ignored, a transposition one edit), when it is near enough
// to be a slip: at most one edit in three letters, and two at most; ""
// otherwise (no name of one or two letters has a slip).
func nearest(name string, known []string) string {
	limit := min(len(name)/3, 2)
	if limit == 0 {
		return ""
	}
	best, bestD := "", limit+1
	for _, k := range known {
		if abs(len(k)-len(name)) >= bestD {
			continue
		}
		if d := editDistance(strings.ToLower(name), strings.ToLower(k), bestD); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// editDistance returns the optimal string alignment distance between a
// and b (insertions, deletions, substitutions and transpositions of
// adjacent bytes), or bound when it is at least bound.
func editDistance(a, b string, bound int) int {
	if len(a) > 256 || len(b) > 256 {
		return bound // no name that long is a slip of another
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			low = min(low, cur[j])
		}
		if low >= bound {
			return bound
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], bound)
}

// noRule is the error of Grammar.Rule for a name the grammar lacks: the
// defined name nearest to it, and the first maxListed names of the text.
func (g *Grammar) noRule(name string) error {
	var b strings.Builder
	b.WriteString("abnf: no rule named " + strconv.Quote(clipName(name)))
	known := make([]string, 0, len(g.rules))
	for _, r := range g.rules {
		known = append(known, r.Name())
	}
	slices.Sort(known)
	if n := nearest(name, known); n != "" {
		b.WriteString("; did you mean " + n + "?")
	}
	if len(g.names) > 0 {
		b.WriteString(" (the grammar defines ")
		writeBounded(&b, len(g.names), func(i int) string { return clipName(g.names[i]) })
		b.WriteString(")")
	}
	return errors.New(b.String())
}

// selfWarnings returns a warning for each rule of the text whose every
// alternative starts with the rule itself, so that it derives nothing
// (RFC 5234 allows left recursion, which such a rule has no way out of),
// as a transcription writes digit = DIGIT, rule names being
// case-insensitive.
func (b *builder) selfWarnings() []*Error {
	var out []*Error
	for _, k := range b.order {
		m := b.byName[k]
		if len(m.alts) == 0 || !m.eq || len(out) >= maxListed {
			continue
		}
		spelled, self := "", true
		for _, a := range m.alts {
			for _, alt := range alternatives(a) {
				if _, ok := leftSelf(alt, m.name); !ok {
					self = false
				} else if first := firstName(alt); first != m.name {
					spelled = first
				}
			}
		}
		if !self {
			continue
		}
		l, c := position(b.src, m.off)
		w := &Error{Line: l, Column: c, Warning: true,
			Problem: "every alternative of " + clipName(m.name) + " starts with " + clipName(m.name) + ", so that it matches nothing",
			Hint:    "give it an alternative that does not"}
		if spelled != "" {
			w.Hint = "rule names are case-insensitive: " + clipName(spelled) + " is " + clipName(m.name) + " itself; give it a name of its own"
		}
		out = append(out, w)
	}
	return out
}

// alternatives returns the alternatives of n.
func alternatives(n *node) []*node {
	if n.kind == nAlt {
		return n.subs
	}
	return []*node{n}
}

// leftSelf reports whether the concatenation n starts with the rule name,
// and returns what follows it (nil for nothing).
func leftSelf(n *node, name string) (*node, bool) {
	switch {
	case n.kind == nName && strings.EqualFold(n.name, name):
		return nil, true
	case n.kind == nSeq && n.subs[0].kind == nName && strings.EqualFold(n.subs[0].name, name):
		if len(n.subs) == 2 {
			return n.subs[1], true
		}
		return &node{kind: nSeq, subs: n.subs[1:], off: n.subs[1].off}, true
	}
	return nil, false
}

// crossReferences resolves the rules the text defines by a prose-val alone
// (parser.crossReference): each is the imported rule the prose names first
// (RFC 9110's uri-host = <host, see [URI], Section 3.2.2> is RFC 3986's
// host), else the imported rule of its own name. It returns the other
// definitions, and an error at the first cross-reference no import
// resolves.
func (b *builder) crossReferences(defs []ruleDef) ([]ruleDef, error) {
	out := defs[:0:0]
	for _, d := range defs {
		if !d.xref {
			out = append(out, d)
			continue
		}
		r := b.c.imports[strings.ToLower(proseName(d.body.lit))]
		if r == nil {
			r = b.c.imports[strings.ToLower(d.name)]
		}
		if r == nil {
			l, c := position(b.src, d.body.off)
			return nil, &Error{Line: l, Column: c, Syntax: "prose-val",
				Problem: clipName(d.name) + " is defined in words, <" + clipText(d.body.lit) + ">, which cannot be matched",
				Hint:    "if it names a rule of another grammar, import it (ImportRFC, ImportGrammar or Import) under the name " + strconv.Quote(clipName(proseName(d.body.lit)))}
		}
		b.c.imports[strings.ToLower(d.name)] = r
	}
	return out, nil
}

// proseName returns the rule name a prose-val starts with: its first word,
// up to white space or a comma.
func proseName(prose string) string {
	i := 0
	for i < len(prose) && (isAlpha(prose[i]) || isDigit(prose[i]) || prose[i] == '-') {
		i++
	}
	return prose[:i]
}

// clipText cuts a text to 64 bytes for a message.
func clipText(s string) string {
	if len(s) > 64 {
		return s[:61] + "..."
	}
	return s
}

// firstName returns the rule name a concatenation starts with.
func firstName(n *node) string {
	if n.kind == nSeq {
		n = n.subs[0]
	}
	return n.name
}
