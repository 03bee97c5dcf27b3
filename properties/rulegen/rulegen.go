// Package rulegen generates strings for property tests from any rule of
// package combinator: strings of its language (Strings) and strings one
// edit away from it that it refuses (NearMisses). A grammar author gets
// generators for free, for rules written by hand or compiled from ABNF
// (combinator/abnf).
//
// Generation reads the rule as ABNF and draws toward coverage:
//
//   - an alternative is chosen with a weight that grows with the number of
//     strings it derives (2ALPHA, 2,704 strings, before "!", one), half of
//     the weight shared equally so that every alternative is reached; an
//     alternation of characters (tchar = "!" / "#" / ... / ALPHA) is one
//     set of characters;
//   - a character is, a quarter of the time each, the least of its set, a
//     bound of one of the set's ranges, one of the grammar's delimiters in
//     the set (the characters of the literals a sequence holds: ";", "=",
//     "/" in a media type, so that a quoted string holds a ";" often), or
//     any member;
//   - a repetition takes its minimum, then one more element while a drawn
//     value of 0 to 3 is not 0 (three past the minimum on average, 32 at
//     most); a bounded one with room for more than one takes, half of the
//     time, its maximum.
//
// Shrinking gives minimal counterexamples: the least draw is the shortest
// string. Alternatives are ordered by the length of their shortest string,
// so that 0 is the shortest; a repetition's zero draw stops it; each
// element of a repetition is one group of draws, which rapid removes
// whole, the next element taking its place; a character's zero draw is
// the least of its set, and a delimiter or a character drawn by value is
// the same draw in every set that holds it, so that a quoted-pair "\;"
// shrinks to a qdtext ";". Numbers are drawn a bit at a time, unbiased.
//
// Generation is bounded: a part of the rule that derives one string only
// (1000(1000("b"))) is written out with no draw; past a budget of draws,
// or six levels deep in a recursion, or a couple of hundred bytes inside
// one, every choice takes the shortest way out, with no draw. A rule whose
// shortest string is longer than 16 MiB gets no strings (the draw fails).
//
// The strings of a rule of combinator/abnf are its language by
// construction. Strings of a hand-written (PEG) rule are checked with the
// rule's Match, so that a string its ordered choice refuses is never
// drawn; nor is one a look-ahead (Not, Peek) forbids. A Func terminal cannot be generated: a
// rule that needs one to match anything gets no strings.
package rulegen

import (
	"math"
	"slices"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/combinator"
	"pgregory.net/rapid"
)

const (
	maxDepth  = 6       // recursion levels before the shortest way out
	maxInner  = 2       // repetitions past the minimum inside a recursion
	maxRecLen = 200     // bytes drawn inside a recursion before the shortest way out
	maxExtra  = 32      // repetitions past the minimum of an unbounded repetition
	maxDraws  = 4096    // draws of one string before the shortest way out
	maxLen    = 1 << 24 // the longest shortest string a rule may have
	inf       = 1 << 29 // past any length drawn; two of them sum within an int of 32 bits
)

// Strings returns a generator of strings that r matches (Match), drawn
// from its ABNF reading as the package comment says.
func Strings(r *combinator.Rule) *rapid.Generator[string] {
	g := newGen(r)
	gen := rapid.Custom(func(t *rapid.T) string {
		if g.root.minLen > maxLen {
			t.Fatalf("rulegen: the shortest string of %s is longer than %d bytes", r.Label(), maxLen)
		}
		d := &drawing{open: map[*node]int{}}
		g.draw(t, d, g.root)
		if d.draws == 0 {
			rapid.IntRange(0, 1).Draw(t, "_") // rapid requires one draw of a generator
		}
		return string(d.b)
	})
	if g.exact() {
		return gen // every string drawn is of the language: no need to match it
	}
	return gen.Filter(r.Match)
}

// exact reports whether the strings drawn are r's language by
// construction: r is a rule of ExactGrammar (whose Alt and Rep read as
// ABNF, as generation reads them) with no PEG operator or Func in it.
func (g *gen) exact() bool {
	if g.root.op != combinator.OpExact {
		return false
	}
	for _, n := range g.list {
		switch n.op {
		case combinator.OpNot, combinator.OpPeek, combinator.OpEnd, combinator.OpFunc:
			return false
		}
	}
	return true
}

// NearMisses returns a generator of strings one edit away from a string of
// r's language, a character inserted, deleted or replaced, that r does not
// match. The edits use the characters of the grammar and a few outside it
// (space, NUL, "%", "é", a line feed, an emoji), whole characters, so that
// a near miss of valid UTF-8 is valid UTF-8.
func NearMisses(r *combinator.Rule) *rapid.Generator[string] {
	g := newGen(r)
	valid := Strings(r)
	alphabet := g.alphabet()
	return rapid.Custom(func(t *rapid.T) string {
		s := valid.Draw(t, "valid")
		c := rapid.SampledFrom(alphabet).Draw(t, "char")
		i := rapid.IntRange(0, len(s)).Draw(t, "at")
		for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
			i-- // edit whole characters
		}
		switch rapid.IntRange(0, 2).Draw(t, "edit") {
		case 0:
			return s[:i] + c + s[i:]
		case 1:
			if i == len(s) {
				return s + c
			}
			_, n := utf8.DecodeRuneInString(s[i:])
			return s[:i] + s[i+n:]
		}
		if i == len(s) {
			return s + c
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		return s[:i] + c + s[i+n:]
	}).Filter(func(s string) bool { return !r.Match(s) })
}

// node is a rule of the grammar and what generation knows of it.
type node struct {
	op     combinator.Op
	r      *combinator.Rule
	subs   []*node
	lo, hi int      // Rep: the bounds, hi -1 for none
	chars  *charSet // Class, Runes, and an Alt of characters only
	height int      // the least nesting of rules of ExactGrammar a string needs
	minLen int      // the length of the shortest string
	size   float64  // log2 of (about) how many strings it derives
	order  []int    // Alt: the alternatives that can end, shortest first
	cum    []int    // Alt: their cumulative weights
	min    []byte   // the shortest string, for a node that derives one string only
}

// gen holds what generation knows of a grammar.
type gen struct {
	root   *node
	nodes  map[*combinator.Rule]*node
	list   []*node
	delims map[rune]bool // the characters of the literals of sequences
	chars  map[string]bool
}

func newGen(r *combinator.Rule) *gen {
	g := &gen{nodes: map[*combinator.Rule]*node{}, delims: map[rune]bool{}, chars: map[string]bool{}}
	g.root = g.node(r)
	g.fixpoints()
	for _, n := range g.list {
		g.collect(n)
	}
	for _, n := range g.list {
		n.chars = g.charsOf(n, 0)
	}
	for _, n := range g.list {
		g.prepare(n)
	}
	for i := len(g.list) - 1; i >= 0; i-- { // the nodes under a node first, mostly
		g.prepareMin(g.list[i])
	}
	return g
}

// node returns the node of r, making it and those under it, without
// recursion on Go's stack.
func (g *gen) node(r *combinator.Rule) *node {
	if n := g.nodes[r]; n != nil {
		return n
	}
	root := &node{op: r.Op(), r: r}
	g.nodes[r] = root
	stack := []*node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		g.list = append(g.list, n)
		subs := n.r.Subs()
		if n.op == combinator.OpRef && n.r.Target() != nil {
			subs = []*combinator.Rule{n.r.Target()}
		}
		n.lo, n.hi = n.r.Min(), n.r.Max()
		if n.hi == combinator.Unbounded {
			n.hi = -1
		}
		for _, s := range subs {
			m := g.nodes[s]
			if m == nil {
				m = &node{op: s.Op(), r: s}
				g.nodes[s] = m
				stack = append(stack, m)
			}
			n.subs = append(n.subs, m)
		}
	}
	return root
}

// fixpoints computes height, minLen and size of every node, iterating to
// the fixed point of the grammar's recursion (size: a bounded number of
// rounds, since a recursive rule derives without end).
func (g *gen) fixpoints() {
	for _, n := range g.list {
		n.height, n.minLen = inf, inf
	}
	for changed, round := true, 0; changed && round < 10000; round++ {
		changed = false
		for _, n := range g.list {
			h, l := g.heightOf(n), g.minLenOf(n)
			if h < n.height || l < n.minLen {
				n.height, n.minLen, changed = min(h, n.height), min(l, n.minLen), true
			}
		}
	}
	for round := 0; round < 32; round++ {
		for _, n := range g.list {
			n.size = min(sizeOf(n), 1000)
		}
	}
}

// heightOf computes the height of n from those of the nodes under it.
func (g *gen) heightOf(n *node) int {
	switch n.op {
	case combinator.OpSeq:
		h := 0
		for _, s := range n.subs {
			h = max(h, s.height)
		}
		return h
	case combinator.OpAlt:
		h := inf
		for _, s := range n.subs {
			h = min(h, s.height)
		}
		return h
	case combinator.OpRep:
		if n.lo == 0 {
			return 0
		}
		return n.subs[0].height
	case combinator.OpCapture, combinator.OpPeek, combinator.OpRef:
		if len(n.subs) == 0 {
			return inf
		}
		return n.subs[0].height
	case combinator.OpExact:
		return min(n.subs[0].height+1, inf)
	case combinator.OpFunc:
		return inf
	case combinator.OpClass:
		if n.r.Set().IsEmpty() {
			return inf
		}
	case combinator.OpRunes:
		if n.r.Runes().IsEmpty() {
			return inf
		}
	}
	return 0
}

// minLenOf computes the length of the shortest string of n.
func (g *gen) minLenOf(n *node) int {
	switch n.op {
	case combinator.OpLit, combinator.OpLitFold:
		return len(n.r.Literal())
	case combinator.OpClass:
		return 1
	case combinator.OpRunes:
		if rs := n.r.Runes().Ranges(); len(rs) > 0 {
			return utf8.RuneLen(validRune(rs[0].Lo, rs[0]))
		}
		return inf
	case combinator.OpSeq:
		l := 0
		for _, s := range n.subs {
			l = min(l+s.minLen, inf)
		}
		return l
	case combinator.OpAlt:
		l := inf
		for _, s := range n.subs {
			l = min(l, s.minLen)
		}
		return l
	case combinator.OpRep:
		sub := n.subs[0].minLen
		if n.lo == 0 {
			return 0
		}
		if sub > 0 && n.lo > inf/sub {
			return inf
		}
		return n.lo * sub
	case combinator.OpCapture, combinator.OpExact, combinator.OpRef:
		if len(n.subs) == 0 {
			return inf
		}
		return n.subs[0].minLen
	case combinator.OpFunc:
		return inf
	}
	return 0
}

// sizeOf estimates log2 of the number of strings of n from the sizes of
// the nodes under it (a repetition without bound counted to four past its
// minimum).
func sizeOf(n *node) float64 {
	switch n.op {
	case combinator.OpLitFold:
		letters := 0
		for _, c := range []byte(n.r.Literal()) {
			if c|0x20 >= 'a' && c|0x20 <= 'z' {
				letters++
			}
		}
		return float64(letters)
	case combinator.OpClass:
		return math.Log2(float64(max(n.r.Set().Len(), 1)))
	case combinator.OpRunes:
		total := 0.0
		for _, rg := range n.r.Runes().Ranges() {
			total += float64(rg.Hi-rg.Lo) + 1
		}
		return math.Log2(max(total, 1))
	case combinator.OpSeq:
		s := 0.0
		for _, m := range n.subs {
			if m.height < inf {
				s += m.size
			}
		}
		return s
	case combinator.OpAlt:
		var sizes []float64
		for _, m := range n.subs {
			if m.height < inf {
				sizes = append(sizes, m.size)
			}
		}
		return logSum(sizes)
	case combinator.OpRep:
		hi := n.hi
		if hi < 0 || hi > n.lo+4 {
			hi = n.lo + 4
		}
		var sizes []float64
		for k := n.lo; k <= hi; k++ {
			sizes = append(sizes, float64(k)*n.subs[0].size)
		}
		return logSum(sizes)
	case combinator.OpCapture, combinator.OpExact, combinator.OpRef:
		if len(n.subs) > 0 {
			return n.subs[0].size
		}
	}
	return 0
}

// logSum returns log2 of the sum of 2^x for x in xs.
func logSum(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	top := slices.Max(xs)
	sum := 0.0
	for _, x := range xs {
		sum += math.Exp2(x - top)
	}
	return top + math.Log2(sum)
}
