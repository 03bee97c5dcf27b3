package codegen

import (
	"fmt"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
)

// table returns the name (a placeholder until Source names it, tableNames)
// of the table of set: a [256]uint8 of the output, 1 for a byte of set.
func (g *Generator) table(set c.CharSet) string {
	id, ok := g.setID[set]
	if !ok {
		if g.setID == nil {
			g.setID = map[c.CharSet]int{}
		}
		id = len(g.sets)
		g.setID[set] = id
		g.sets = append(g.sets, set)
	}
	return placeholder('T', id)
}

// A setName is a name a rule gives a set: the lower its rank, the better.
type setName struct {
	set  c.CharSet
	name string
	rank int
}

// nameSets records the names that r and the rules under it give sets, owner
// being the name of the named rule r is part of, best first: a named class
// gives its set its name (DIGIT), a named run its own (reg-name); a class or
// a run without a name, the name of its owner (the bytes after scheme's
// first); a named rule, its name and "First" to the bytes it can start
// with.
func (g *Generator) nameSets(r *node, owner string) {
	if g.walked[r] {
		return
	}
	if g.walked == nil {
		g.walked = map[*node]bool{}
	}
	g.walked[r] = true
	unit := r.kind == kClass || r.fast != fNone || r.rfast != fNone
	switch {
	case r.name != "" && r.kind == kClass:
		g.setNames = append(g.setNames, setName{r.set, goName(r.name), 0})
	case r.name != "" && unit:
		g.setNames = append(g.setNames, setName{r.set, goName(r.name), 1})
	case unit && owner != "":
		g.setNames = append(g.setNames, setName{r.set, goName(owner), 2})
	}
	if r.name != "" {
		g.setNames = append(g.setNames, setName{r.first, goName(r.name) + "First", 3})
		owner = r.name
	}
	for _, s := range r.subs {
		g.nameSets(s, owner)
	}
}

// tableNames returns the names of the tables, by number, as the code reads
// them: a field of the variable setVar, named after its set (tableFields).
func (g *Generator) tableNames() []string {
	names := g.tableFields()
	for id, f := range names {
		names[id] = g.setVar() + "." + f
	}
	return names
}

// setVar is the name of the variable that holds the tables: "set", or
// Prefix + "Set" where Prefix is given.
func (g *Generator) setVar() string {
	if g.Prefix != "" {
		return g.Prefix + "Set"
	}
	return "set"
}

// tableFields returns the names of the fields of the tables, by number:
// the name of a named rule that is that set (DIGIT), or its bytes where one
// range of letters or digits is all it holds (AToF, Digits0To5), or the
// best name a rule gives it (nameSets), with a number where two sets would
// have one name.
func (g *Generator) tableFields() []string {
	taken := map[string]bool{}
	names := make([]string, len(g.sets))
	for id, set := range g.sets {
		best := setName{rank: 1 << 30}
		for _, n := range g.setNames {
			if n.set == set && n.rank < best.rank && !taken[n.name] {
				best = n
			}
		}
		name := best.name
		if rn := rangeName(set); rn != "" && (best.rank > 1 || name == "") {
			name = rn
		}
		if name != "" && name[0] >= '0' && name[0] <= '9' {
			name = "Digits" + name // a field name begins with a letter
		}
		for i := 2; taken[name] || name == ""; i++ {
			name = fmt.Sprintf("%s%d", best.name, i)
			if best.name == "" {
				name = fmt.Sprintf("Set%d", i)
			}
		}
		taken[name] = true
		names[id] = name
	}
	return names
}

// rangeName names a set that is one range of ASCII letters or digits after
// its bounds ("0To5"), or returns "" .
func rangeName(set c.CharSet) string {
	lo, hi := -1, -1
	for b := 0; b < 256; b++ {
		if !set.Contains(byte(b)) {
			continue
		}
		if lo < 0 {
			lo = b
		} else if b != hi+1 {
			return ""
		}
		hi = b
	}
	alnum := func(b int) bool { return b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
	if lo < 0 || !alnum(lo) || !alnum(hi) {
		return ""
	}
	if lo == hi {
		return string(rune(lo))
	}
	return string(rune(lo)) + "To" + string(rune(hi))
}

// tableSource returns the declarations of the tables and the code that
// fills them: one variable (setVar) whose fields are the tables, each
// filled from the list of the ranges of its set, a line of the output,
// where a composite literal of its bytes took a line for every twelve bytes
// of the set. The variable is initialised by a call, not by init: a
// package-level variable of the target package whose initialiser calls a
// matcher is then initialised after the tables the matcher reads (the Go
// specification's order of package initialisation), as with literals. It
// is no data in the binary (it goes to the zeroed segment), at the cost of
// the call.
func (g *Generator) tableSource() string {
	if len(g.sets) == 0 {
		return ""
	}
	fields := g.tableFields()
	var b strings.Builder
	fmt.Fprintf(&b, `// %[1]s holds the tables of the byte classes: %[1]s.X[b] is 1
// for a byte b of the set X, 0 for any other.
var %[1]s = %[2]sSets()

// %[2]sTables are the tables of %[1]s, each named after its set.
type %[2]sTables struct {
`, g.setVar(), g.prefix())
	for id, set := range g.sets {
		fmt.Fprintf(&b, "%s [256]uint8 // %s\n", fields[id], set)
	}
	fmt.Fprintf(&b, `}

// %[1]sSets returns the tables, each filled from the ranges of its set:
// pairs of bytes, the first and the last of each range.
func %[1]sSets() (t %[1]sTables) {
`, g.prefix())
	for id, set := range g.sets {
		fmt.Fprintf(&b, "%sFill(&t.%s, %s)\n", g.prefix(), fields[id], rangesLit(set))
	}
	fmt.Fprintf(&b, `return t
}

// %[1]sFill sets the entries of the bytes of ranges in t to 1. It is
// not inlined: %[1]sSets is then a call for each table, not a copy of the
// loops.
//
//go:noinline
func %[1]sFill(t *[256]uint8, ranges string) {
	for i := 0; i+1 < len(ranges); i += 2 {
		for c := int(ranges[i]); c <= int(ranges[i+1]); c++ {
			t[c] = 1
		}
	}
}

`, g.prefix())
	return b.String()
}

// rangesLit returns the Go string literal that lists the ranges of set as
// pairs of bytes, first and last, in byte order: "AZaz" for ALPHA. A byte
// that is printable ASCII is written as itself, any other (and the quote
// and the backslash) as a hexadecimal escape.
func rangesLit(set c.CharSet) string {
	var b strings.Builder
	b.WriteByte('"')
	put := func(x int) {
		if x >= 0x20 && x < 0x7f && x != '"' && x != '\\' {
			b.WriteByte(byte(x))
			return
		}
		fmt.Fprintf(&b, "\\x%02x", x)
	}
	for lo := 0; lo < 256; lo++ {
		if !set.Contains(byte(lo)) {
			continue
		}
		hi := lo
		for hi+1 < 256 && set.Contains(byte(hi+1)) {
			hi++
		}
		put(lo)
		put(hi)
		lo = hi
	}
	b.WriteByte('"')
	return b.String()
}
