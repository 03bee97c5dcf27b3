// Package rulegen generates strings for property tests from any rule of
// package combinator: strings of its language (Strings) and strings one
// edit away from it that it refuses (NearMisses). A grammar author gets
// generators for free, for rules written by hand or compiled from ABNF
// (combinator/abnf).
//
// Generation reads the rule as ABNF: an alternative or a repetition count
// drawn for each Alt and Rep, a byte of each Class, a character of each
// RuneClass, a case for each letter of a LitFold. Every alternative and
// both bounds of every repetition are reached, and rapid shrinks toward
// short strings: the first alternative, the fewest repetitions. Strings of
// a hand-written (PEG) rule are checked with the rule's Match, so that a
// string its ordered choice refuses is never drawn; nor is one a look-ahead
// (Not, Peek) forbids. A Func terminal cannot be generated: a rule that
// needs one to match anything gets no strings. The strings of a recursive
// grammar (combinator/abnf) nest a few levels deep and stay short: past
// six levels, or a couple of hundred bytes, inside a recursion, a draw
// takes the shortest way out; a repetition with no upper bound is drawn at
// most four times past its minimum.
package rulegen

import (
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/combinator"
	"pgregory.net/rapid"
)

// maxDepth is how deep the rules of a recursive grammar nest in a string
// drawn before generation takes the shortest way out of each; inside a
// recursion, a repetition is drawn at most maxInner times past its
// minimum, so that the strings stay short.
const (
	maxDepth  = 6
	maxInner  = 2
	maxRecLen = 200
)

// maxLen bounds a string drawn: past it, generation stops (the string,
// then not of the language, is drawn again), so that a grammar of huge
// counted repetitions cannot exhaust memory.
const maxLen = 1 << 16

// Strings returns a generator of strings that r matches (Match), drawn
// from its ABNF reading.
func Strings(r *combinator.Rule) *rapid.Generator[string] {
	g := newGen(r)
	return rapid.Custom(func(t *rapid.T) string {
		// One draw at least, which rapid requires of a generator, even
		// for a language of one string.
		b := make([]byte, 0, rapid.IntRange(0, 1).Draw(t, "_")*16)
		d := &drawing{open: map[*combinator.Rule]int{}}
		b = g.draw(t, d, r, b)
		return string(b)
	}).Filter(r.Match)
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

// gen holds what generation knows of a grammar: how far each node is from
// a string without recursion, so that deep in a recursive grammar it takes
// the shortest way out.
type gen struct {
	height map[*combinator.Rule]int // the least nesting of named rules a string of the node needs
	chars  map[string]bool
}

const inf = 1 << 30

func newGen(r *combinator.Rule) *gen {
	g := &gen{height: map[*combinator.Rule]int{}, chars: map[string]bool{}}
	var nodes []*combinator.Rule
	seen := map[*combinator.Rule]bool{}
	var walk func(x *combinator.Rule)
	walk = func(x *combinator.Rule) {
		if seen[x] {
			return
		}
		seen[x] = true
		nodes = append(nodes, x)
		g.height[x] = inf
		if t := x.Target(); t != nil {
			walk(t)
		}
		for _, s := range x.Subs() {
			walk(s)
		}
	}
	walk(r)
	for changed := true; changed; {
		changed = false
		for _, x := range nodes {
			if h := g.heightOf(x); h < g.height[x] {
				g.height[x], changed = h, true
			}
		}
	}
	for _, x := range nodes {
		g.collect(x)
	}
	return g
}

// heightOf computes the height of x from those of the nodes under it.
func (g *gen) heightOf(x *combinator.Rule) int {
	subs := x.Subs()
	switch x.Op() {
	case combinator.OpSeq:
		h := 0
		for _, s := range subs {
			h = max(h, g.height[s])
		}
		return h
	case combinator.OpAlt:
		h := inf
		for _, s := range subs {
			h = min(h, g.height[s])
		}
		return h
	case combinator.OpRep:
		if x.Min() == 0 {
			return 0
		}
		return g.height[subs[0]]
	case combinator.OpCapture, combinator.OpPeek:
		return g.height[subs[0]]
	case combinator.OpExact:
		if h := g.height[subs[0]]; h < inf {
			return h + 1
		}
		return inf
	case combinator.OpRef:
		if h := g.height[x.Target()]; h < inf {
			return h
		}
		return inf
	case combinator.OpFunc:
		return inf
	}
	return 0
}

// collect adds the characters of x to the alphabet of near misses.
func (g *gen) collect(x *combinator.Rule) {
	switch x.Op() {
	case combinator.OpLit, combinator.OpLitFold:
		for _, c := range x.Literal() {
			g.chars[string(c)] = true
		}
	case combinator.OpClass:
		set := x.Set()
		n := 0
		for c := 0; c < 256 && n < 8; c++ {
			if set.Contains(byte(c)) {
				g.chars[string([]byte{byte(c)})] = true
				n++
			}
		}
	case combinator.OpRunes:
		for _, rg := range x.Runes().Ranges() {
			for _, c := range []rune{rg.Lo, rg.Hi} {
				if utf8.ValidRune(c) {
					g.chars[string(c)] = true
				}
			}
		}
	}
}

func (g *gen) alphabet() []string {
	out := []string{" ", "\x00", "%", "é", "\n", "\U0001F600"}
	for c := range g.chars {
		out = append(out, c)
	}
	// A fixed order, so that a seed draws the same strings.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// drawing is the state of one draw: the rules in progress and how deep
// in a recursion the draw is.
type drawing struct {
	open map[*combinator.Rule]int // the rules of ExactGrammar in progress, and how often each
	rec  int                      // how many of them are in progress a second time or more
}

// draw appends a string of x's ABNF reading to b. Past maxDepth levels of
// recursion, it takes the alternatives and repetition counts that nest
// least.
func (g *gen) draw(t *rapid.T, d *drawing, x *combinator.Rule, b []byte) []byte {
	if len(b) > maxLen {
		return b
	}
	subs := x.Subs()
	// Deep in a recursion, or long already inside one: the shortest way out.
	deep := d.rec > maxDepth || d.rec > 0 && len(b) > maxRecLen
	switch x.Op() {
	case combinator.OpLit:
		return append(b, x.Literal()...)
	case combinator.OpLitFold:
		for _, c := range []byte(x.Literal()) {
			if c|0x20 >= 'a' && c|0x20 <= 'z' && rapid.Bool().Draw(t, "upper") {
				c ^= 0x20
			}
			b = append(b, c)
		}
		return b
	case combinator.OpClass:
		return drawByte(t, x.Set(), b)
	case combinator.OpRunes:
		return drawRune(t, x.Runes().Ranges(), b)
	case combinator.OpSeq:
		for _, s := range subs {
			b = g.draw(t, d, s, b)
		}
		return b
	case combinator.OpAlt:
		if i := g.alternative(t, subs, deep); i >= 0 {
			return g.draw(t, d, subs[i], b)
		}
		return b
	case combinator.OpRep:
		n := g.count(t, d, x, deep)
		for i := 0; i < n; i++ {
			b = g.draw(t, d, subs[0], b)
		}
		return b
	case combinator.OpCapture:
		return g.draw(t, d, subs[0], b)
	case combinator.OpExact:
		d.open[x]++
		if d.open[x] > 1 {
			d.rec++
		}
		b = g.draw(t, d, subs[0], b)
		if d.open[x] > 1 {
			d.rec--
		}
		d.open[x]--
		return b
	case combinator.OpRef:
		if tg := x.Target(); tg != nil {
			return g.draw(t, d, tg, b)
		}
	}
	return b // Not, Peek, End: nothing; Func: unknown
}

// drawByte appends a byte of set to b, nothing when set is empty.
func drawByte(t *rapid.T, set combinator.CharSet, b []byte) []byte {
	var members []byte
	for c := 0; c < 256; c++ {
		if set.Contains(byte(c)) {
			members = append(members, byte(c))
		}
	}
	if len(members) == 0 {
		return b
	}
	return append(b, members[rapid.IntRange(0, len(members)-1).Draw(t, "byte")])
}

// drawRune appends the UTF-8 of a code point in one of rs to b (the range's
// low end, or U+E000, in place of a surrogate), nothing when rs is empty.
func drawRune(t *rapid.T, rs []combinator.RuneRange, b []byte) []byte {
	if len(rs) == 0 {
		return b
	}
	rg := rs[rapid.IntRange(0, len(rs)-1).Draw(t, "range")]
	c := rapid.Int32Range(rg.Lo, rg.Hi).Draw(t, "rune")
	if !utf8.ValidRune(c) {
		c = rg.Lo
		if !utf8.ValidRune(c) {
			c = 0xE000
		}
	}
	return utf8.AppendRune(b, c)
}

// alternative returns the index of the alternative of subs to draw, or -1
// when none can end: any that can, or deep in a recursion one of those
// that nest least.
func (g *gen) alternative(t *rapid.T, subs []*combinator.Rule, deep bool) int {
	var ok []int // the alternatives to draw from
	best := inf
	for i, s := range subs {
		h := g.height[s]
		switch {
		case !deep && h < inf:
			ok = append(ok, i)
		case deep && h < best:
			ok, best = []int{i}, h
		case deep && h == best:
			ok = append(ok, i)
		}
	}
	if len(ok) == 0 {
		return -1
	}
	return ok[rapid.IntRange(0, len(ok)-1).Draw(t, "alt")]
}

// count returns how many times to draw the repetition x's rule: at most
// four past its minimum (maxInner inside a recursion), and the minimum deep
// in one or when the rule cannot end.
func (g *gen) count(t *rapid.T, d *drawing, x *combinator.Rule, deep bool) int {
	lo, hi := x.Min(), x.Max()
	if hi == combinator.Unbounded || hi > lo+4 {
		hi = lo + 4
	}
	if d.rec > 0 && hi > lo+maxInner {
		hi = lo + maxInner
	}
	if deep || g.height[x.Subs()[0]] >= inf {
		hi = lo
	}
	if hi <= lo {
		return lo
	}
	// The bounds themselves half of the time, so that both are reached.
	switch rapid.IntRange(0, 3).Draw(t, "bound") {
	case 0:
		return lo
	case 1:
		if n := x.Max(); n != combinator.Unbounded && n <= hi {
			return n
		}
		return hi
	}
	return rapid.IntRange(lo, hi).Draw(t, "count")
}
