package abnf

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/properties/rulegen"
	"pgregory.net/rapid"
)

// The oracle: random grammars without recursion, each written twice by the
// generator below, as ABNF text and as an RE2 regular expression of the
// same language. RE2 is an automaton, so ^(?:re)$ is exact membership of a
// regular language, whatever the order of alternatives; the two are made
// from the generator's own tree, never from what the package parsed.

type gkind int

const (
	gAlt gkind = iota
	gSeq
	gRep
	gRef    // another rule, by index (only to later rules: no recursion)
	gStr    // "..." : ASCII letters in either case
	gSens   // %s"..."
	gInsens // %i"..."
	gVals   // %x41.42 / %d65.66 / %b...: exact code points
	gRange  // %x41-43
	gProse0 // 0<prose>: the empty string
	gOpt    // [ x ]
)

type gnode struct {
	kind     gkind
	subs     []*gnode
	min, max int // gRep; max -1: unbounded
	ref      int
	s        string
	lo, hi   rune
}

type ggrammar struct {
	rules [][]*gnode // each rule: its increments ("=" then "=/" ...), alternatives of one another
	names []string
}

var points = []rune{'a', 'b', 'A', 'B', 'c', '0', '1', '-', '.', ' ', 0x7F, 0x80, 0xE9, 0x436, 0x7FF, 0x800, 0xFFFD, 0x10000, 0x1F600}

var rangePairs = [][2]rune{{'a', 'c'}, {'A', 'B'}, {'0', '1'}, {0x7F, 0x81}, {0xE0, 0xEA}, {0x7FF, 0x801}, {0xFFFD, 0x10001}, {' ', '-'}, {'b', 'b'}}

func genNode(t *rapid.T, depth, rule, nrules int) *gnode {
	kinds := []gkind{gStr, gSens, gInsens, gVals, gRange, gProse0}
	if rule+1 < nrules {
		kinds = append(kinds, gRef, gRef)
	}
	if depth > 0 {
		kinds = append(kinds, gAlt, gAlt, gSeq, gSeq, gRep, gRep, gOpt)
	}
	k := rapid.SampledFrom(kinds).Draw(t, "kind")
	n := &gnode{kind: k}
	switch k {
	case gAlt, gSeq:
		c := rapid.IntRange(1, 3).Draw(t, "n")
		for i := 0; i < c; i++ {
			n.subs = append(n.subs, genNode(t, depth-1, rule, nrules))
		}
	case gRep:
		n.min = rapid.IntRange(0, 2).Draw(t, "min")
		n.max = rapid.SampledFrom([]int{-1, n.min, n.min + 1, n.min + 2}).Draw(t, "max")
		n.subs = []*gnode{genNode(t, depth-1, rule, nrules)}
	case gOpt:
		n.subs = []*gnode{genNode(t, depth-1, rule, nrules)}
	case gRef:
		n.ref = rapid.IntRange(rule+1, nrules-1).Draw(t, "ref")
	case gStr, gInsens:
		n.s = rapid.StringOfN(rapid.SampledFrom([]rune("abAB-.0 ")), 0, 3, -1).Draw(t, "s")
	case gSens:
		n.s = rapid.StringOfN(rapid.SampledFrom([]rune("abAB-")), 0, 3, -1).Draw(t, "s")
	case gVals:
		n.s = rapid.StringOfN(rapid.SampledFrom(points), 1, 3, -1).Draw(t, "v")
	case gRange:
		p := rapid.SampledFrom(rangePairs).Draw(t, "range")
		n.lo, n.hi = p[0], p[1]
	}
	return n
}

func genGrammar(t *rapid.T) *ggrammar {
	nrules := rapid.IntRange(1, 4).Draw(t, "rules")
	g := &ggrammar{}
	for i := 0; i < nrules; i++ {
		incs := rapid.IntRange(1, 2).Draw(t, "increments")
		var bodies []*gnode
		for j := 0; j < incs; j++ {
			bodies = append(bodies, genNode(t, 3, i, nrules))
		}
		g.rules = append(g.rules, bodies)
		g.names = append(g.names, fmt.Sprintf("r%d-x", i))
	}
	return g
}

// abnf writes the grammar as ABNF text, with the liberties RFC 5234 gives:
// names in any case, comments, continuation lines, CRLF or LF.
func (g *ggrammar) abnf(t *rapid.T) string {
	nl := rapid.SampledFrom([]string{"\n", "\r\n"}).Draw(t, "newline")
	var b strings.Builder
	for i, bodies := range g.rules {
		for j, body := range bodies {
			name := g.names[i]
			if rapid.Bool().Draw(t, "upper") {
				name = strings.ToUpper(name)
			}
			op := " = "
			if j > 0 {
				op = " =/ "
			}
			b.WriteString(name + op + g.write(t, body, nl))
			if rapid.Bool().Draw(t, "comment") {
				b.WriteString(" ; a comment \"with quotes\" / and slashes")
			}
			b.WriteString(nl)
		}
		if rapid.Bool().Draw(t, "blank") {
			b.WriteString(nl)
		}
	}
	return b.String()
}

func (g *ggrammar) write(t *rapid.T, n *gnode, nl string) string {
	sep := func() string {
		if rapid.IntRange(0, 5).Draw(t, "wrap") == 0 {
			return nl + "    "
		}
		return " "
	}
	switch n.kind {
	case gAlt:
		parts := make([]string, len(n.subs))
		for i, s := range n.subs {
			parts[i] = g.write(t, s, nl)
		}
		return "(" + strings.Join(parts, sep()+"/ ") + ")"
	case gSeq:
		parts := make([]string, len(n.subs))
		for i, s := range n.subs {
			parts[i] = g.write(t, s, nl)
		}
		return "(" + strings.Join(parts, sep()) + ")"
	case gRep:
		var rep string
		switch {
		case n.max == -1 && n.min == 0:
			rep = "*"
		case n.max == -1:
			rep = strconv.Itoa(n.min) + "*"
		case n.min == n.max:
			rep = strconv.Itoa(n.min)
		case n.min == 0 && rapid.Bool().Draw(t, "0"):
			rep = "*" + strconv.Itoa(n.max)
		default:
			rep = strconv.Itoa(n.min) + "*" + strconv.Itoa(n.max)
		}
		return rep + "(" + g.write(t, n.subs[0], nl) + ")"
	case gOpt:
		return "[ " + g.write(t, n.subs[0], nl) + " ]"
	case gRef:
		name := g.names[n.ref]
		if rapid.Bool().Draw(t, "refcase") {
			name = strings.ToUpper(name)
		}
		return name
	case gStr:
		return strconv.Quote(n.s)
	case gSens:
		return "%s" + strconv.Quote(n.s)
	case gInsens:
		return "%i" + strconv.Quote(n.s)
	case gVals:
		base := rapid.SampledFrom([]int{2, 10, 16}).Draw(t, "base")
		var parts []string
		for _, r := range n.s {
			parts = append(parts, strconv.FormatInt(int64(r), base))
		}
		return "%" + map[int]string{2: "b", 10: "d", 16: "x"}[base] + strings.Join(parts, ".")
	case gRange:
		return fmt.Sprintf("%%x%X-%X", n.lo, n.hi)
	case gProse0:
		return "0<any prose>"
	}
	panic("kind")
}

// re writes the grammar's rule i as an RE2 expression.
func (g *ggrammar) re(i int) string {
	parts := make([]string, len(g.rules[i]))
	for j, b := range g.rules[i] {
		parts[j] = g.reNode(b)
	}
	return "(?:" + strings.Join(parts, "|") + ")"
}

func (g *ggrammar) reNode(n *gnode) string {
	switch n.kind {
	case gAlt:
		parts := make([]string, len(n.subs))
		for i, s := range n.subs {
			parts[i] = g.reNode(s)
		}
		return "(?:" + strings.Join(parts, "|") + ")"
	case gSeq:
		var b strings.Builder
		for _, s := range n.subs {
			b.WriteString(g.reNode(s))
		}
		return "(?:" + b.String() + ")"
	case gRep:
		if n.max == -1 {
			return fmt.Sprintf("(?:%s){%d,}", g.reNode(n.subs[0]), n.min)
		}
		return fmt.Sprintf("(?:%s){%d,%d}", g.reNode(n.subs[0]), n.min, n.max)
	case gOpt:
		return "(?:" + g.reNode(n.subs[0]) + ")?"
	case gRef:
		return g.re(n.ref)
	case gStr, gInsens:
		var b strings.Builder
		for _, r := range n.s {
			if r < 0x80 && (r|0x20 >= 'a' && r|0x20 <= 'z') {
				fmt.Fprintf(&b, "[%c%c]", r|0x20, r&^0x20)
			} else {
				b.WriteString(regexp.QuoteMeta(string(r)))
			}
		}
		return "(?:" + b.String() + ")"
	case gSens, gVals:
		return "(?:" + regexp.QuoteMeta(n.s) + ")"
	case gRange:
		return fmt.Sprintf(`[\x{%X}-\x{%X}]`, n.lo, n.hi)
	case gProse0:
		return "(?:)"
	}
	panic("kind")
}

// sample draws a string of rule i's language from the generator's tree.
func (g *ggrammar) sample(t *rapid.T, i int) string {
	bodies := g.rules[i]
	return g.sampleNode(t, bodies[rapid.IntRange(0, len(bodies)-1).Draw(t, "inc")])
}

func (g *ggrammar) sampleNode(t *rapid.T, n *gnode) string {
	switch n.kind {
	case gAlt:
		return g.sampleNode(t, n.subs[rapid.IntRange(0, len(n.subs)-1).Draw(t, "alt")])
	case gSeq:
		var b strings.Builder
		for _, s := range n.subs {
			b.WriteString(g.sampleNode(t, s))
		}
		return b.String()
	case gRep:
		hi := n.max
		if hi == -1 {
			hi = n.min + 3
		}
		k := rapid.IntRange(n.min, hi).Draw(t, "times")
		var b strings.Builder
		for j := 0; j < k; j++ {
			b.WriteString(g.sampleNode(t, n.subs[0]))
		}
		return b.String()
	case gOpt:
		if rapid.Bool().Draw(t, "opt") {
			return g.sampleNode(t, n.subs[0])
		}
		return ""
	case gRef:
		return g.sample(t, n.ref)
	case gStr, gInsens:
		var b strings.Builder
		for _, r := range n.s {
			if r < 0x80 && (r|0x20 >= 'a' && r|0x20 <= 'z') && rapid.Bool().Draw(t, "case") {
				r ^= 0x20
			}
			b.WriteRune(r)
		}
		return b.String()
	case gSens, gVals:
		return n.s
	case gRange:
		r := rapid.Int32Range(n.lo, n.hi).Draw(t, "rune")
		if r >= 0xD800 && r <= 0xDFFF {
			r = n.lo
		}
		return string(r)
	}
	return ""
}

// mutate makes one edit to s: a character inserted, deleted or replaced.
func mutate(t *rapid.T, s string) string {
	rs := []rune(s)
	c := rapid.SampledFrom(points).Draw(t, "char")
	i := rapid.IntRange(0, len(rs)).Draw(t, "at")
	switch rapid.IntRange(0, 2).Draw(t, "edit") {
	case 0:
		rs = append(rs[:i], append([]rune{c}, rs[i:]...)...)
	case 1:
		if i < len(rs) {
			rs = append(rs[:i], rs[i+1:]...)
		}
	default:
		if i < len(rs) {
			rs[i] = c
		}
	}
	return string(rs)
}

// TestRandomGrammarsMatchTheirRegularExpression: every rule of a random
// grammar without recursion accepts exactly what RE2 accepts of the same
// language written as a regular expression, on strings of the language,
// strings one edit away and random strings.
func TestRandomGrammarsMatchTheirRegularExpression(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		gg := genGrammar(t)
		src := gg.abnf(t)
		g, err := Parse(src)
		if err != nil {
			t.Fatalf("Parse(%q): %v", src, err)
		}
		for i := range gg.rules {
			rule, err := g.Rule(gg.names[i])
			if err != nil {
				t.Fatal(err)
			}
			re := regexp.MustCompile("^" + gg.re(i) + "$")
			// The rule printed back (Grammar) and read again: the same language.
			back, err := Parse(rule.Grammar())
			if err != nil {
				t.Fatalf("grammar\n%s\nrule %s: Parse(Grammar()) = %v\n%s", src, gg.names[i], err, rule.Grammar())
			}
			printed := back.MustRule(gg.names[i])
			var inputs []string
			for k := 0; k < 4; k++ {
				s := gg.sample(t, i)
				inputs = append(inputs, s, mutate(t, s))
			}
			inputs = append(inputs, rapid.StringOfN(rapid.SampledFrom(points), 0, 6, -1).Draw(t, "random"))
			// The generators of properties/rulegen, judged by RE2.
			if s := rulegen.Strings(rule).Draw(t, "member"); !re.MatchString(s) {
				t.Fatalf("grammar\n%s\nrule %s: rulegen.Strings drew %q, which RE2 %s refuses", src, gg.names[i], s, re)
			}
			if s := rulegen.NearMisses(rule).Draw(t, "miss"); re.MatchString(s) {
				t.Fatalf("grammar\n%s\nrule %s: rulegen.NearMisses drew %q, which RE2 %s accepts", src, gg.names[i], s, re)
			}
			for _, s := range inputs {
				if !utf8.ValidString(s) {
					continue
				}
				if got, want := rule.Match(s), re.MatchString(s); got != want {
					t.Fatalf("grammar\n%s\nrule %s: Match(%q) = %v, RE2 %s says %v", src, gg.names[i], s, got, re, want)
				}
				if got, want := printed.Match(s), re.MatchString(s); got != want {
					t.Fatalf("grammar\n%s\nrule %s printed back\n%s: Match(%q) = %v, RE2 says %v", src, gg.names[i], rule.Grammar(), s, got, want)
				}
				if n, ok := rule.Prefix(s); ok && !re.MatchString(s[:n]) {
					t.Fatalf("grammar\n%s\nrule %s: Prefix(%q) = %d, not in the language", src, gg.names[i], s, n)
				}
				err := rule.Check(s)
				if (err == nil) != re.MatchString(s) {
					t.Fatalf("grammar\n%s\nrule %s: Check(%q) = %v", src, gg.names[i], s, err)
				}
				if tree, err := rule.Tree(s); (err == nil) != re.MatchString(s) || err == nil && tree.Text != s {
					t.Fatalf("grammar\n%s\nrule %s: Tree(%q) = %v, %v", src, gg.names[i], s, tree, err)
				} else if err == nil {
					if bad := checkTree(g, tree); bad != "" {
						t.Fatalf("grammar\n%s\nrule %s: Tree(%q):\n%s%s", src, gg.names[i], s, tree, bad)
					}
				}
			}
		}
	})
}

// TestAutomatonPastItsStateBound: a rule whose automaton has more states
// than are kept (the 15th letter from the end is an "x": 2^15 states)
// goes on matching by simulation, as RE2 does, alone and inside a
// recursive rule.
func TestAutomatonPastItsStateBound(t *testing.T) {
	g, err := Parse("a = *(\"x\" / \"y\") \"x\" 14(\"x\" / \"y\")\nr = \"(\" r \")\" / a\n")
	if err != nil {
		t.Fatal(err)
	}
	a, r := g.MustRule("a"), g.MustRule("r")
	if _, err := a.Automaton(); err == nil {
		t.Fatal("the whole automaton was built: the bound is not reached")
	}
	re := regexp.MustCompile(`^[xXyY]*[xX][xXyY]{14}$`)
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOfN(rapid.SampledFrom([]rune("xy")), 0, 60, -1).Draw(t, "s")
		if got, want := a.Match(s), re.MatchString(s); got != want {
			t.Fatalf("Match(%q) = %v, RE2 %v", s, got, want)
		}
		if got, want := r.Match("(("+s+"))"), re.MatchString(s); got != want {
			t.Fatalf("r: Match(((%q))) = %v, RE2 %v", s, got, want)
		}
	})
}

// checkTree checks a tree of a compiled rule: each node's children lie in
// it, in order, without overlapping, and each named node's text matches
// the rule of its name. It returns what is wrong, or "".
func checkTree(g *Grammar, n *combinator.Node) string {
	if n.Name != "" {
		if r, err := g.Rule(n.Name); err == nil && !r.Match(n.Text) {
			return fmt.Sprintf("%s does not match %q", n.Name, n.Text)
		}
	}
	at := n.Start
	for _, c := range n.Children {
		if c.Start < at || c.End > n.End || c.Start > c.End {
			return fmt.Sprintf("%s %d:%d out of place in %s %d:%d", c.Name, c.Start, c.End, n.Name, n.Start, n.End)
		}
		at = c.End
		if bad := checkTree(g, c); bad != "" {
			return bad
		}
	}
	return ""
}
