package codegen

import (
	"strconv"
	"strings"
	"unicode"
)

// placeholder returns the text that stands for the name of the function
// numbered id of kind ('M' a matcher of a named rule, 'X' a diagnosis) until
// Source gives the functions their names, once every name of Add and
// AddExplain is known.
func placeholder(kind byte, id int) string {
	return "\x00" + string(kind) + strconv.Itoa(id) + "\x00"
}

// matchFunc returns the name (a placeholder) of the function of the
// callable rule r, compiling it the first time.
func (g *Generator) matchFunc(r *node) (string, error) {
	if g.ruleFunc == nil {
		g.ruleFunc = map[*node]int{}
	}
	if id, ok := g.ruleFunc[r]; ok {
		return placeholder('M', id), nil
	}
	id := len(g.ruleFuncs)
	g.ruleFunc[r] = id
	g.ruleFuncs = append(g.ruleFuncs, r)
	name := placeholder('M', id)
	f := &genFunc{g: g, self: r}
	src, err := f.compileAs(name, r, true)
	if err != nil {
		return "", err
	}
	g.funcs = append(g.funcs, src)
	return name, nil
}

// reserve records a name given to Add or AddExplain: the functions of named
// rules take other names.
func (g *Generator) reserve(name string) {
	if g.names == nil {
		g.names = map[string]bool{}
	}
	g.names[name] = true
}

// funcNames returns the replacements of the placeholders by the names of
// the functions of named rules: "match" and "explain" followed by the
// rule's name in Go (dec-octet: matchDecOctet), "Rule" added (and a number)
// where that is taken. They are given in the order the functions were made.
func (g *Generator) funcNames() *strings.Replacer {
	taken := map[string]bool{g.diagType(): true, g.prefix() + "Labels": true, g.prefix() + "Word": true,
		g.prefix() + "Stop": true}
	for n := range g.names {
		taken[n] = true
	}
	pick := func(base string) string {
		name := base
		for i := 1; taken[name]; i++ {
			name = base + "Rule"
			if i > 1 {
				name += strconv.Itoa(i)
			}
		}
		taken[name] = true
		return name
	}
	var pairs []string
	for id, r := range g.ruleFuncs {
		pairs = append(pairs, placeholder('M', id), pick("match"+goName(r.name)))
	}
	for id, r := range g.capRules {
		pairs = append(pairs, placeholder('C', id), pick("match"+goName(r.name)))
	}
	for id, r := range g.reps {
		kind := "match"
		if r.explain {
			kind = "explain"
		}
		pairs = append(pairs, placeholder('R', id), pick(kind+"Rep"+repName(r.rule)))
	}
	for id, r := range g.explainOrder {
		pairs = append(pairs, placeholder('X', id), pick("explain"+goName(r.name)))
	}
	return strings.NewReplacer(pairs...)
}

// goName returns an ABNF rule name as a Go identifier's tail: split at "-",
// each part with its first letter in upper case, other bytes dropped where
// an identifier cannot hold them ("IPv6address", "dec-octet": "DecOctet");
// "Rule" for an unnamed rule or one with nothing left.
func goName(name string) string {
	var b strings.Builder
	up := true
	for _, r := range name {
		switch {
		case r == '-' || r == '_' || r == ' ':
			up = true
		case unicode.IsLetter(r) || unicode.IsDigit(r) && b.Len() > 0:
			if up {
				r = unicode.ToUpper(r)
				up = false
			}
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "Rule"
	}
	return b.String()
}
