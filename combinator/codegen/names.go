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
	if ext, ok := g.Extern[r.rule]; ok {
		if g.externUsed == nil {
			g.externUsed = map[string]bool{}
		}
		g.externUsed[ext.Import] = true
		return ext.Call, nil
	}
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
		g.prefix() + "Stop": true, g.prefix() + "Run": true}
	for n := range g.names {
		taken[n] = true
	}
	// Names are compared without case: no two names of an output differ
	// in case alone.
	lower := map[string]bool{}
	for n := range taken {
		lower[strings.ToLower(n)] = true
	}
	pick := func(base string) string {
		name := base
		for i := 1; lower[strings.ToLower(name)]; i++ {
			name = base + "Rule"
			if i > 1 {
				name += strconv.Itoa(i)
			}
		}
		lower[strings.ToLower(name)] = true
		return name
	}
	var pairs []string
	for id, r := range g.ruleFuncs {
		pairs = append(pairs, placeholder('M', id), pick("match"+g.funcName(r)))
	}
	for id, name := range g.tableNames() {
		lower[strings.ToLower(name)] = true
		pairs = append(pairs, placeholder('T', id), name)
	}
	for id, r := range g.capRules {
		pairs = append(pairs, placeholder('C', id), pick("match"+g.funcName(r)))
	}
	for id, r := range g.reps {
		kind := "match"
		if r.explain {
			kind = "explain"
		}
		pairs = append(pairs, placeholder('R', id), pick(kind+"Rep"+repName(r.rule)))
	}
	for id, r := range g.explainOrder {
		pairs = append(pairs, placeholder('X', id), pick("explain"+g.funcName(r)))
	}
	return strings.NewReplacer(pairs...)
}

// funcName returns the tail of the names of the functions of r: the name of
// a named rule in Go; that of a shared piece, from PieceNames, else the
// names of the named rules it holds, in order ("Piece" where it holds
// none); "Rule" for another unnamed rule.
func (g *Generator) funcName(r *node) string {
	if r.name != "" || !r.shared {
		return goName(r.name)
	}
	if n, ok := g.PieceNames[r.rule]; ok {
		return n
	}
	var b strings.Builder
	var walk func(*node)
	walk = func(r *node) {
		if r.name != "" {
			b.WriteString(goName(r.name))
			return
		}
		for _, s := range r.subs {
			walk(s)
		}
	}
	walk(r)
	if b.Len() == 0 {
		return "Piece"
	}
	return b.String()
}

// goName returns an ABNF rule name as a Go identifier's tail, as
// DESIGN.md §5 has it: split at "-", each part with its first letter in
// upper case, acronyms kept (URI-reference: URIReference, ls32: LS32,
// IPv6address: IPv6Address, segment-nz-nc: SegmentNZNC), the "i" of RFC
// 3987's rules an acronym too (irelative-ref: IRelativeRef), other bytes
// dropped where an identifier cannot hold them; "Rule" for an unnamed rule
// or one with nothing left.
func goName(name string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' || r == ' ' }) {
		if w, ok := nameParts[strings.ToLower(part)]; ok {
			b.WriteString(w)
			continue
		}
		if rest, ok := strings.CutPrefix(part, "i"); ok && iriWords[rest] {
			b.WriteString("I")
			part = rest
		}
		up := true
		for _, r := range part {
			if !unicode.IsLetter(r) && !(unicode.IsDigit(r) && b.Len() > 0) {
				continue
			}
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

// nameParts are the parts of rule names that Go names write as acronyms.
var nameParts = map[string]string{
	"uri": "URI", "iri": "IRI", "ip": "IP", "nz": "NZ", "nc": "NC", "ls32": "LS32", "h16": "H16",
	"ipv4address": "IPv4Address", "ipv6address": "IPv6Address", "ipvfuture": "IPvFuture",
}

// iriWords are the words that RFC 3987 makes rule names of with an "i"
// before them (iuserinfo, ipath-abempty).
var iriWords = map[string]bool{
	"authority": true, "fragment": true, "hier": true, "host": true, "path": true, "pchar": true,
	"private": true, "query": true, "reg": true, "relative": true, "segment": true, "unreserved": true,
	"userinfo": true,
}
