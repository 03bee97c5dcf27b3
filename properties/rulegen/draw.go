package rulegen

import (
	"cmp"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/combinator"
	"pgregory.net/rapid"
)

// charSet is the characters one draw chooses from: code points, or bytes
// when raw (a class of bytes that holds some above 0x7F).
type charSet struct {
	ranges []combinator.RuneRange // sorted, disjoint
	raw    bool
	total  int
	delims []rune // the grammar's delimiters in the set
	all    []rune // the grammar's delimiters, in or out of the set
}

// delim returns the i-th delimiter of the grammar when it is in c, else
// the next one that is. The draw of a delimiter is its index in the
// grammar's list, so that it means the same character in every set: when
// rapid shrinks a quoted-pair "\;" to a qdtext, the ";" stays.
func (c *charSet) delim(i int) rune {
	for k := 0; k < len(c.all); k++ {
		if r := c.all[(i+k)%len(c.all)]; slices.Contains(c.delims, r) {
			return r
		}
	}
	return c.ranges[0].Lo
}

// collect adds what n tells of the grammar: the characters of its
// literals to the alphabet of near misses, and, for a literal that a
// sequence holds, its punctuation to the delimiters.
func (g *gen) collect(n *node) {
	switch n.op {
	case combinator.OpLit, combinator.OpLitFold:
		for _, c := range n.r.Literal() {
			g.chars[string(c)] = true
		}
	case combinator.OpClass:
		set, k := n.r.Set(), 0
		for c := 0; c < 256 && k < 8; c++ {
			if set.Contains(byte(c)) {
				g.chars[string([]byte{byte(c)})] = true
				k++
			}
		}
	case combinator.OpRunes:
		for _, rg := range n.r.Runes().Ranges() {
			for _, c := range []rune{rg.Lo, rg.Hi} {
				if utf8.ValidRune(c) {
					g.chars[string(c)] = true
				}
			}
		}
	case combinator.OpSeq:
		for _, s := range n.subs {
			// Through repetitions and names, a few levels (a cycle of
			// names, a = b / b = a, has no literal at its end).
			for k := 0; k < 16 && len(s.subs) > 0 && (s.op == combinator.OpRep || s.op == combinator.OpExact || s.op == combinator.OpRef || s.op == combinator.OpCapture); k++ {
				s = s.subs[0]
			}
			switch s.op {
			case combinator.OpLit, combinator.OpLitFold:
				for _, c := range s.r.Literal() {
					if !isAlnum(c) {
						g.delims[c] = true
					}
				}
			case combinator.OpClass:
				if set := s.r.Set(); set.Len() == 1 {
					for c := 0; c < 256; c++ {
						if set.Contains(byte(c)) && !isAlnum(rune(c)) {
							g.delims[rune(c)] = true
						}
					}
				}
			}
		}
	}
}

func isAlnum(c rune) bool {
	return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z'
}

func (g *gen) alphabet() []string {
	out := []string{" ", "\x00", "%", "é", "\n", "\U0001F600"}
	for c := range g.chars {
		out = append(out, c)
	}
	slices.Sort(out) // a fixed order, so that a seed draws the same strings
	return slices.Compact(out)
}

// prepare sets the character set, the order and weights of alternatives
// and the one string of n, once the fixed points are known.
func (g *gen) prepare(n *node) {
	if n.op == combinator.OpAlt && n.chars == nil {
		for i, s := range n.subs {
			if s.height < inf {
				n.order = append(n.order, i)
			}
		}
		slices.SortStableFunc(n.order, func(a, b int) int { return cmp.Compare(n.subs[a].minLen, n.subs[b].minLen) })
		var sizes []float64
		for _, i := range n.order {
			sizes = append(sizes, n.subs[i].size)
		}
		total := logSum(sizes)
		// Half by size, half shared, so that every alternative is reached,
		// in 64ths (or finer, for many alternatives), each one at least.
		scale := 64.0
		for scale < 4*float64(len(n.order)) {
			scale *= 2
		}
		sum := 0
		for _, i := range n.order {
			w := 0.5*math.Exp2(n.subs[i].size-total) + 0.5/float64(len(n.order))
			sum += max(1, int(math.Round(w*scale)))
			n.cum = append(n.cum, sum)
		}
	}
}

// prepareMin writes out the one string of n, when n derives one only.
func (g *gen) prepareMin(n *node) {
	if n.size == 0 && n.height == 0 && n.minLen <= 1<<16 && g.single(n) {
		n.min = g.appendMin(nil, n, 0)
		if n.min == nil {
			n.min = []byte{}
		}
	}
}

// single reports whether n derives one string only and holds no rule of
// ExactGrammar in progress (so that its one string is written out).
func (g *gen) single(n *node) bool {
	switch n.op {
	case combinator.OpLit, combinator.OpSeq, combinator.OpRep, combinator.OpCapture, combinator.OpExact, combinator.OpRef, combinator.OpClass, combinator.OpRunes:
		return n.chars == nil || n.chars.total == 1
	case combinator.OpLitFold:
		return n.size == 0
	}
	return false
}

// charsOf returns the characters n stands for when it is one character of
// a set: a Class, a RuneClass, a one-character literal, or an alternation
// of those (through names), else nil.
func (g *gen) charsOf(n *node, depth int) *charSet {
	if depth > 64 {
		return nil
	}
	var rs []combinator.RuneRange
	raw := false
	switch n.op {
	case combinator.OpClass:
		set := n.r.Set()
		for c := 0; c < 256; c++ {
			if set.Contains(byte(c)) {
				rs = append(rs, combinator.RuneRange{Lo: rune(c), Hi: rune(c)})
				raw = raw || c >= utf8.RuneSelf
			}
		}
	case combinator.OpRunes:
		rs = n.r.Runes().Ranges()
	case combinator.OpLit, combinator.OpLitFold:
		lit := n.r.Literal()
		if len(lit) != 1 || lit[0] >= utf8.RuneSelf || n.op == combinator.OpLitFold && isAlnum(rune(lit[0])) && lit[0] > '9' {
			return nil
		}
		rs = []combinator.RuneRange{{Lo: rune(lit[0]), Hi: rune(lit[0])}}
	case combinator.OpAlt, combinator.OpExact, combinator.OpRef, combinator.OpCapture:
		if len(n.subs) == 0 {
			return nil
		}
		wide := false // a part of characters above 0x7F: no set of bytes takes it
		for _, s := range n.subs {
			c := g.charsOf(s, depth+1)
			if c == nil {
				return nil
			}
			wide = wide || !c.raw && c.hasNonASCII()
			rs, raw = append(rs, c.ranges...), raw || c.raw
			if raw && wide {
				return nil
			}
		}
	default:
		return nil
	}
	return g.newCharSet(rs, raw)
}

func (c *charSet) hasNonASCII() bool { return hasNonASCII(c.ranges) }

func hasNonASCII(rs []combinator.RuneRange) bool {
	for _, r := range rs {
		if r.Hi >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// newCharSet merges rs into a set and finds the grammar's delimiters in it.
func (g *gen) newCharSet(rs []combinator.RuneRange, raw bool) *charSet {
	if len(rs) == 0 {
		return nil
	}
	set := combinator.Runes(rs...)
	c := &charSet{ranges: set.Ranges(), raw: raw}
	for _, r := range c.ranges {
		c.total += int(r.Hi-r.Lo) + 1
	}
	for d := range g.delims {
		c.all = append(c.all, d)
		if set.Contains(d) {
			c.delims = append(c.delims, d)
		}
	}
	slices.Sort(c.delims)
	slices.Sort(c.all)
	return c
}

// drawing is the state of one draw: the rules in progress, how deep in a
// recursion the draw is, how many draws it took, and the string so far.
type drawing struct {
	open  map[*node]int
	rec   int
	draws int
	b     []byte
}

// short reports whether choices take the shortest way out: deep in a
// recursion, long inside one, or past the budget of draws.
func (d *drawing) short() bool {
	return d.rec > maxDepth || d.rec > 0 && len(d.b) > maxRecLen || d.draws > maxDraws || len(d.b) > maxLen
}

// intn draws a number from 0 to n-1, counting the draw.
func (d *drawing) intn(t *rapid.T, n int, label string) int {
	d.draws++
	return rapid.IntRange(0, n-1).Draw(t, label)
}

// draw appends a string of n to d.b.
func (g *gen) draw(t *rapid.T, d *drawing, n *node) {
	switch {
	case n.min != nil:
		d.b = append(d.b, n.min...)
		return
	case d.short():
		d.b = g.appendMin(d.b, n, 0)
		return
	case n.chars != nil:
		d.b = d.char(t, n.chars)
		return
	}
	switch n.op {
	case combinator.OpLit:
		d.b = append(d.b, n.r.Literal()...)
	case combinator.OpLitFold:
		for _, c := range []byte(n.r.Literal()) {
			if c|0x20 >= 'a' && c|0x20 <= 'z' && d.intn(t, 2, "upper") == 1 {
				c ^= 0x20
			}
			d.b = append(d.b, c)
		}
	case combinator.OpSeq:
		for _, s := range n.subs {
			g.draw(t, d, s)
		}
	case combinator.OpAlt:
		if i := g.alternative(t, d, n); i >= 0 {
			g.draw(t, d, n.subs[i])
		}
	case combinator.OpRep:
		g.rep(t, d, n)
	case combinator.OpCapture, combinator.OpRef:
		if len(n.subs) > 0 {
			g.draw(t, d, n.subs[0])
		}
	case combinator.OpExact:
		d.open[n]++
		if d.open[n] > 1 {
			d.rec++
		}
		g.draw(t, d, n.subs[0])
		if d.open[n] > 1 {
			d.rec--
		}
		d.open[n]--
	}
}

// alternative returns the index of the alternative of n to draw, or -1
// when none can end: one of those that can, by weight, a draw of 0 the
// shortest.
func (g *gen) alternative(t *rapid.T, d *drawing, n *node) int {
	if len(n.order) == 0 {
		return -1
	}
	v := d.uniform(t, n.cum[len(n.cum)-1], "alt")
	for k, c := range n.cum {
		if v < c {
			return n.order[k]
		}
	}
	return n.order[len(n.order)-1]
}

// uniform draws a number from 0 to n-1, its bits one by one, unbiased
// (rapid's IntRange draws small numbers more often than large ones): a
// draw of 0 is 0, and every 0 bit makes it smaller.
func (d *drawing) uniform(t *rapid.T, n int, label string) int {
	v := 0
	for bit := 1; bit < n; bit <<= 1 {
		d.draws++
		if rapid.Bool().Draw(t, label) {
			v |= bit
		}
	}
	return v % n
}

// rep draws the repetition n: its minimum, then one element more while a
// drawn value is not 0; or, for half of the draws of a bounded repetition
// with room for more than one, its maximum. Each element is one group of
// draws, the value first (not read for the minimum), so that when rapid
// removes an element the next takes its place, the minimum's included.
func (g *gen) rep(t *rapid.T, d *drawing, n *node) {
	sub := n.subs[0]
	if sub.height >= inf {
		d.b = g.appendMin(d.b, n, 0)
		return
	}
	extra := n.hi - n.lo
	if n.hi < 0 {
		extra = maxExtra
	}
	if d.rec > 0 {
		extra = min(extra, maxInner)
	}
	count := n.lo // the elements drawn whatever the value
	if n.hi >= 0 && extra > 1 && d.intn(t, 2, "to max") == 1 {
		count = n.lo + extra
	}
	i := 0
	elem := rapid.Custom(func(t *rapid.T) bool {
		if d.intn(t, 4, "more") == 0 && i >= count {
			return false
		}
		g.draw(t, d, sub)
		return true
	})
	for ; i < n.lo+extra; i++ {
		if d.short() {
			if i < n.lo {
				d.b = g.appendMin(d.b, sub, 0)
				continue
			}
			break
		}
		d.draws++
		if !elem.Draw(t, "elem") {
			break
		}
	}
}

// char appends a character of c: a quarter of the time each, the least,
// a bound of one of its ranges, one of the grammar's delimiters in it, or
// any (a member after a gap a little more often than the others).
func (d *drawing) char(t *rapid.T, c *charSet) []byte {
	var r rune
	switch d.intn(t, 4, "how") {
	case 0:
		r = c.ranges[0].Lo
	case 1:
		rg := c.ranges[d.intn(t, len(c.ranges), "range")]
		r = rg.Lo
		if d.intn(t, 2, "bound") == 1 {
			r = rg.Hi
		}
	case 2:
		if len(c.delims) > 0 {
			r = c.delim(d.intn(t, len(c.all), "delimiter"))
			break
		}
		fallthrough
	default:
		// A value, then the first member from it: the same value is the
		// same character in every set that holds it (see delim). Its bits
		// are drawn one by one, unbiased, where rapid's IntRange draws
		// small numbers more often than large ones.
		v := rune(d.uniform(t, int(c.ranges[len(c.ranges)-1].Hi)+1, "char"))
		r = c.ranges[0].Lo
		for _, rg := range c.ranges {
			if v <= rg.Hi {
				r = max(v, rg.Lo)
				break
			}
		}
	}
	return c.append(d.b, r)
}

// append appends r to b as c's sets hold it: a byte, or UTF-8 (a
// surrogate, which has none, as the least valid code point of its range).
func (c *charSet) append(b []byte, r rune) []byte {
	if c.raw {
		return append(b, byte(r))
	}
	for _, rg := range c.ranges {
		if r >= rg.Lo && r <= rg.Hi {
			r = validRune(r, rg)
		}
	}
	return utf8.AppendRune(b, r)
}

// validRune returns r, or when it is not a valid code point the least
// valid one of rg, or U+E000.
func validRune(r rune, rg combinator.RuneRange) rune {
	if utf8.ValidRune(r) {
		return r
	}
	if rg.Hi > 0xDFFF && rg.Lo <= 0xDFFF {
		return 0xE000
	}
	if utf8.ValidRune(rg.Lo) {
		return rg.Lo
	}
	return 0xE000
}

// appendMin appends the shortest string of n (the least character, the
// alternative that nests least and is shortest, the minimum of each
// repetition), with no draw. depth bounds the walk (the nesting of rules
// of ExactGrammar a shortest string needs is n.height, which is finite
// for every node generation walks into).
func (g *gen) appendMin(b []byte, n *node, depth int) []byte {
	if n.min != nil {
		return append(b, n.min...)
	}
	if n.chars != nil {
		return n.chars.append(b, n.chars.ranges[0].Lo)
	}
	if depth > 10000 || len(b) > maxLen {
		return b
	}
	switch n.op {
	case combinator.OpLit, combinator.OpLitFold:
		return append(b, n.r.Literal()...)
	case combinator.OpSeq:
		for _, s := range n.subs {
			b = g.appendMin(b, s, depth+1)
		}
	case combinator.OpAlt:
		best := -1
		for i, s := range n.subs {
			if best < 0 || s.height < n.subs[best].height || s.height == n.subs[best].height && s.minLen < n.subs[best].minLen {
				best = i
			}
		}
		if best >= 0 && n.subs[best].height < inf {
			b = g.appendMin(b, n.subs[best], depth+1)
		}
	case combinator.OpRep:
		if n.lo > 0 {
			start := len(b)
			b = g.appendMin(b, n.subs[0], depth+1)
			one := b[start:]
			for i := 1; i < n.lo && len(b) <= maxLen; i++ {
				b = append(b, one...)
			}
		}
	case combinator.OpCapture, combinator.OpExact, combinator.OpRef:
		if len(n.subs) > 0 {
			b = g.appendMin(b, n.subs[0], depth+1)
		}
	}
	return b
}
