package api

import (
	"strconv"
	"strings"
	"unicode/utf8"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/errtext"
)

// Railroad diagrams of rules, drawn as SVG in the shapes of the W3C and
// SQLite syntax diagrams: a terminal in a rounded box, a named rule in a
// square one (a link to its own diagram), a sequence left to right, a choice
// as branches one below the other between two rails, an optional part as a
// rail that passes above it, a repetition as a rail that loops back below
// it, labelled with its bounds. The diagram is read from the rule's
// read-only view (combinator's Op, Subs, Min, Max, Name, Target).
//
// Each piece is an item laid out around its main line: it is entered at
// its left end and left at its right end on that line, and reaches up and
// down from it.

// Sizes of the drawing, in SVG user units (CSS pixels).
const (
	charWidth = 8.0  // one character of the monospace font at 13px, rounded up
	boxHeight = 24.0 // a box, its main line through the middle
	boxPad    = 10.0 // text to box edge
	arcRadius = 10.0 // the rails' arcs
	gapX      = 10.0 // rail between two items of a sequence
	gapY      = 8.0  // room between two branches
	labelH    = 14.0 // a label under a loop
)

// maxItems bounds the items of one diagram and maxNest their nesting: past
// them the drawing shows "…".
const (
	maxItems = 2000
	maxNest  = 60
)

type item interface {
	size() (w, up, down float64)
	draw(b *svg, x, y float64)
}

// svg accumulates the markup of a diagram.
type svg struct{ strings.Builder }

func (b *svg) num(f float64) { b.WriteString(strconv.FormatFloat(f, 'f', -1, 64)) }

// path draws a rail: d is SVG path data.
func (b *svg) path(d string) {
	b.WriteString(`<path d="`)
	b.WriteString(d)
	b.WriteString(`"/>`)
}

func (b *svg) line(x1, y, x2 float64) {
	if x2 <= x1 {
		return
	}
	b.path("M" + ff(x1) + " " + ff(y) + "H" + ff(x2))
}

func ff(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// text writes s as the content of an element, escaped for XML, with the
// characters XML 1.0 cannot hold (C0 controls, U+FFFE, invalid UTF-8) as
// U+FFFD.
func (b *svg) text(s string) {
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\'':
			b.WriteString("&#39;")
		case r < ' ' && r != '\t', r == utf8.RuneError, r == 0xFFFE, r == 0xFFFF, 0x7F <= r && r < 0xA0:
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteRune(r)
		}
	}
}

// box is a terminal (rounded) or a named rule (square, a link when ref).
type box struct {
	label string
	class string // "terminal", "nonterminal", "special"
	ref   string // the rule a nonterminal links to
}

func (x box) width() float64 { return float64(utf8.RuneCountInString(x.label))*charWidth + 2*boxPad }

func (x box) size() (float64, float64, float64) { return x.width(), boxHeight / 2, boxHeight / 2 }

func (x box) draw(b *svg, px, y float64) {
	w := x.width()
	if x.ref != "" {
		b.WriteString(`<a class="nonterminal" href="#rule-`)
		b.text(x.ref)
		b.WriteString(`" data-rule="`)
		b.text(x.ref)
		b.WriteString(`" aria-label="rule `)
		b.text(x.ref)
		b.WriteString(`">`)
	} else {
		b.WriteString(`<g class="`)
		b.WriteString(x.class)
		b.WriteString(`">`)
	}
	b.WriteString(`<rect x="`)
	b.num(px)
	b.WriteString(`" y="`)
	b.num(y - boxHeight/2)
	b.WriteString(`" width="`)
	b.num(w)
	b.WriteString(`" height="`)
	b.num(boxHeight)
	if x.class == "terminal" {
		b.WriteString(`" rx="12" ry="12`)
	}
	b.WriteString(`"/><text x="`)
	b.num(px + w/2)
	b.WriteString(`" y="`)
	b.num(y + 4)
	b.WriteString(`">`)
	b.text(x.label)
	b.WriteString(`</text>`)
	if x.ref != "" {
		b.WriteString(`</a>`)
	} else {
		b.WriteString(`</g>`)
	}
}

// comment is text on the rail, without a box: "…", "nothing".
type comment struct{ label string }

func (x comment) size() (float64, float64, float64) {
	return float64(utf8.RuneCountInString(x.label))*charWidth + 2*boxPad, boxHeight / 2, boxHeight / 2
}

func (x comment) draw(b *svg, px, y float64) {
	w, _, _ := x.size()
	b.line(px, y, px+w)
	b.WriteString(`<text class="comment" x="`)
	b.num(px + w/2)
	b.WriteString(`" y="`)
	b.num(y - 4)
	b.WriteString(`">`)
	b.text(x.label)
	b.WriteString(`</text>`)
}

// dims are an item's measures, computed once when it is made, so that
// measuring a nested diagram costs its size, not its size times its depth.
type dims struct{ w, up, down float64 }

func (d dims) size() (float64, float64, float64) { return d.w, d.up, d.down }

type sequence struct {
	dims
	items []item
}

func newSequence(items []item) sequence {
	s := sequence{items: items}
	for i, x := range items {
		xw, xu, xd := x.size()
		s.w += xw
		if i > 0 {
			s.w += gapX
		}
		s.up, s.down = max(s.up, xu), max(s.down, xd)
	}
	return s
}

func (s sequence) draw(b *svg, x, y float64) {
	b.WriteString(`<g class="sequence">`)
	for i, it := range s.items {
		if i > 0 {
			b.line(x, y, x+gapX)
			x += gapX
		}
		it.draw(b, x, y)
		w, _, _ := it.size()
		x += w
	}
	b.WriteString(`</g>`)
}

// choice draws its first branch on the main line and the others below.
type choice struct {
	dims
	items []item
	inner float64   // the widest branch
	dys   []float64 // each branch's main line below the choice's
}

func newChoice(items []item) choice {
	ch := choice{items: items}
	dy := 0.0
	for i, x := range items {
		w, up, _ := x.size()
		ch.inner = max(ch.inner, w)
		if i > 0 {
			_, _, prevDown := items[i-1].size()
			dy = max(dy+prevDown+gapY+up, dy+2*arcRadius)
		}
		ch.dys = append(ch.dys, dy)
	}
	_, ch.up, _ = items[0].size()
	_, _, lastDown := items[len(items)-1].size()
	ch.w, ch.down = ch.inner+4*arcRadius, dy+lastDown
	return ch
}

func (ch choice) draw(b *svg, x, y float64) {
	inner, r := ch.inner, arcRadius
	b.WriteString(`<g class="choice" data-alternatives="`)
	b.WriteString(strconv.Itoa(len(ch.items)))
	b.WriteString(`">`)
	for i, it := range ch.items {
		w, _, _ := it.size()
		dy := ch.dys[i]
		b.WriteString(`<g class="alternative">`)
		if i == 0 {
			b.line(x, y, x+2*r)
		} else {
			b.path("M" + ff(x) + " " + ff(y) + arc(r, r, 1) + "v" + ff(dy-2*r) + arc(r, r, 0))
			b.path("M" + ff(x+inner+2*r) + " " + ff(y+dy) + arc(r, -r, 0) + "v" + ff(-(dy - 2*r)) + arc(r, -r, 1))
		}
		it.draw(b, x+2*r, y+dy)
		b.line(x+2*r+w, y+dy, x+2*r+inner)
		if i == 0 {
			b.line(x+2*r+inner, y, x+4*r+inner)
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</g>`)
}

// arc is SVG path data for a quarter circle of radius arcRadius to the
// relative point (dx, dy), clockwise when sweep is 1.
func arc(dx, dy float64, sweep int) string {
	return "a" + ff(arcRadius) + " " + ff(arcRadius) + " 0 0 " + strconv.Itoa(sweep) + " " + ff(dx) + " " + ff(dy)
}

// optional draws its item on the main line and a rail above that skips it.
type optional struct {
	dims
	it   item
	rise float64 // the skipping rail above the main line
}

func newOptional(it item) optional {
	w, up, down := it.size()
	rise := max(2*arcRadius, up+gapY)
	return optional{dims: dims{w + 4*arcRadius, rise, down}, it: it, rise: rise}
}

func (o optional) draw(b *svg, x, y float64) {
	w, _, _ := o.it.size()
	r, dy := arcRadius, o.rise
	b.WriteString(`<g class="choice optional" data-alternatives="2"><g class="alternative skip">`)
	b.path("M" + ff(x) + " " + ff(y) + arc(r, -r, 0) + "v" + ff(-(dy - 2*r)) + arc(r, -r, 1) +
		"h" + ff(w) + arc(r, r, 1) + "v" + ff(dy-2*r) + arc(r, r, 0))
	b.WriteString(`</g><g class="alternative">`)
	b.line(x, y, x+2*r)
	o.it.draw(b, x+2*r, y)
	b.line(x+2*r+w, y, x+4*r+w)
	b.WriteString(`</g></g>`)
}

// loop draws its item on the main line and a rail below that goes back to
// repeat it, labelled with the bounds when they are not "one or more".
type loop struct {
	dims
	it       item
	min, max int // max c.Unbounded for no bound
	label    string
	drop     float64 // the returning rail below the main line
}

func newLoop(it item, lo, hi int, label string) loop {
	w, up, down := it.size()
	drop := max(2*arcRadius, down+gapY)
	l := loop{dims: dims{w + 2*arcRadius, up, drop}, it: it, min: lo, max: hi, label: label, drop: drop}
	if label != "" {
		l.down += labelH
		l.w = max(l.w, float64(utf8.RuneCountInString(label))*charWidth)
	}
	return l
}

func (l loop) draw(b *svg, x, y float64) {
	w, _, _ := l.it.size()
	r, dy := arcRadius, l.drop
	x0 := x + (l.w-w-2*r)/2 // a label wider than the item centres it
	b.WriteString(`<g class="repetition" data-min="`)
	b.WriteString(strconv.Itoa(l.min))
	b.WriteString(`" data-max="`)
	if l.max == c.Unbounded {
		b.WriteString("unbounded")
	} else {
		b.WriteString(strconv.Itoa(l.max))
	}
	b.WriteString(`">`)
	b.line(x, y, x0+r)
	l.it.draw(b, x0+r, y)
	b.line(x0+r+w, y, x+l.w)
	b.path("M" + ff(x0+r+w) + " " + ff(y) + arc(r, r, 1) + "v" + ff(dy-2*r) + arc(-r, r, 1) +
		"h" + ff(-w) + arc(-r, -r, 1) + "v" + ff(-(dy - 2*r)) + arc(r, -r, 1))
	if l.label != "" {
		b.WriteString(`<text class="bounds" x="`)
		b.num(x + l.w/2)
		b.WriteString(`" y="`)
		b.num(y + dy + labelH - 2)
		b.WriteString(`">`)
		b.text(l.label)
		b.WriteString(`</text>`)
	}
	b.WriteString(`</g>`)
}

// group draws a look-ahead: its item in a dashed frame, labelled above.
type group struct {
	dims
	it    item
	label string
}

func newGroup(it item, label string) group {
	w, up, down := it.size()
	return group{dims: dims{max(w, float64(utf8.RuneCountInString(label))*charWidth) + 2*boxPad, up + boxPad + labelH, down + boxPad}, it: it, label: label}
}

func (g group) draw(b *svg, x, y float64) {
	iw, _, _ := g.it.size()
	b.WriteString(`<g class="group"><rect x="`)
	b.num(x)
	b.WriteString(`" y="`)
	b.num(y - g.up + labelH)
	b.WriteString(`" width="`)
	b.num(g.w)
	b.WriteString(`" height="`)
	b.num(g.up + g.down - labelH)
	b.WriteString(`"/><text class="comment" x="`)
	b.num(x + 4)
	b.WriteString(`" y="`)
	b.num(y - g.up + labelH - 3)
	b.WriteString(`">`)
	b.text(g.label)
	b.WriteString(`</text>`)
	b.line(x, y, x+(g.w-iw)/2)
	g.it.draw(b, x+(g.w-iw)/2, y)
	b.line(x+(g.w+iw)/2, y, x+g.w)
	b.WriteString(`</g>`)
}

// builder turns a rule's view into items, counting them.
type builder struct{ n int }

// body returns the items of the definition of the named rule r: an exact
// rule's definition (its Subs()[0]), a hand-written rule's own node.
func (bd *builder) body(r *c.Rule) item {
	if r.Op() == c.OpExact {
		return bd.item(r.Subs()[0], 0)
	}
	return bd.node(r, 0)
}

// item returns the item of r as it stands inside a definition: a named rule
// is a box that links to its own diagram.
func (bd *builder) item(r *c.Rule, depth int) item {
	if r.Name() != "" && r.Op() != c.OpFunc {
		bd.n++
		return box{label: r.Name(), class: "nonterminal", ref: r.Name()}
	}
	return bd.node(r, depth)
}

func (bd *builder) node(r *c.Rule, depth int) item {
	bd.n++
	if bd.n > maxItems || depth > maxNest {
		return comment{"…"}
	}
	subs := r.Subs()
	switch r.Op() {
	case c.OpLit, c.OpLitFold, c.OpClass, c.OpRunes:
		return box{label: r.Label(), class: "terminal"}
	case c.OpEnd:
		return box{label: "end of input", class: "special"}
	case c.OpFunc:
		return box{label: r.Name(), class: "special"}
	case c.OpRef:
		return box{label: r.Name(), class: "nonterminal", ref: r.Name()}
	case c.OpSeq:
		if len(subs) == 0 {
			return comment{"nothing"}
		}
		var s []item
		for _, x := range subs {
			s = append(s, bd.item(x, depth+1))
		}
		if len(s) == 1 {
			return s[0]
		}
		return newSequence(s)
	case c.OpAlt:
		if len(subs) == 0 {
			return comment{"no string"}
		}
		var ch []item
		for _, x := range subs {
			ch = append(ch, bd.item(x, depth+1))
		}
		if len(ch) == 1 {
			return ch[0]
		}
		return newChoice(ch)
	case c.OpRep:
		return bd.repetition(r, bd.item(subs[0], depth+1))
	case c.OpCapture, c.OpExact:
		return bd.item(subs[0], depth+1)
	case c.OpNot:
		return newGroup(bd.item(subs[0], depth+1), "not followed by")
	case c.OpPeek:
		return newGroup(bd.item(subs[0], depth+1), "followed by")
	}
	return comment{"?"}
}

// repetition draws Rep(min, max, it).
func (bd *builder) repetition(r *c.Rule, it item) item {
	lo, hi := r.Min(), r.Max()
	switch {
	case hi == 0:
		return comment{"nothing"}
	case lo == 1 && hi == 1:
		return it
	case lo == 0 && hi == 1:
		return newOptional(it)
	}
	var label string
	switch {
	case lo == hi:
		label = strconv.Itoa(lo) + " times"
	case hi == c.Unbounded && lo <= 1:
		label = ""
	case hi == c.Unbounded:
		label = "at least " + strconv.Itoa(lo) + " times"
	case lo == 0:
		label = "at most " + strconv.Itoa(hi) + " times"
	default:
		label = strconv.Itoa(lo) + " to " + strconv.Itoa(hi) + " times"
	}
	l := newLoop(it, lo, hi, label)
	if lo == 0 {
		return newOptional(l)
	}
	return l
}

// Diagram draws the railroad diagram of the named rule r as an SVG
// document, and lists the rules it links to.
func Diagram(r *c.Rule) (string, []string) {
	bd := &builder{}
	it := bd.body(r)
	w, up, down := it.size()
	const margin, ends = 12.0, 20.0
	width, height := w+2*ends+2*margin, up+down+2*margin+labelH
	y := margin + labelH + up
	var b svg
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="railroad" width="`)
	b.num(width)
	b.WriteString(`" height="`)
	b.num(height)
	b.WriteString(`" viewBox="0 0 `)
	b.num(width)
	b.WriteString(" ")
	b.num(height)
	b.WriteString(`" aria-labelledby="rr-title rr-desc"><title id="rr-title">Railroad diagram of the rule `)
	b.text(r.Name())
	b.WriteString(`</title><desc id="rr-desc">`)
	b.text(errtext.Clip(r.String(), 4096))
	b.WriteString(`</desc><text class="rule-name" x="`)
	b.num(margin)
	b.WriteString(`" y="`)
	b.num(margin + 2)
	b.WriteString(`">`)
	b.text(r.Name())
	b.WriteString(`</text>`)
	// The rails start with a double bar and end with one, as the W3C's.
	x := margin
	b.path("M" + ff(x) + " " + ff(y-8) + "v16M" + ff(x+4) + " " + ff(y-8) + "v16")
	b.line(x+4, y, x+ends)
	it.draw(&b, x+ends, y)
	b.line(x+ends+w, y, x+2*ends+w-4)
	b.path("M" + ff(x+2*ends+w-4) + " " + ff(y-8) + "v16M" + ff(x+2*ends+w) + " " + ff(y-8) + "v16")
	b.WriteString(`</svg>`)
	return b.String(), refs(it, nil)
}

// refs lists the rules the items link to, each once, in drawing order.
func refs(it item, out []string) []string {
	switch x := it.(type) {
	case box:
		if x.ref != "" {
			for _, n := range out {
				if n == x.ref {
					return out
				}
			}
			out = append(out, x.ref)
		}
	case sequence:
		return refsOf(x.items, out)
	case choice:
		return refsOf(x.items, out)
	case optional:
		out = refs(x.it, out)
	case loop:
		out = refs(x.it, out)
	case group:
		out = refs(x.it, out)
	}
	return out
}

func refsOf(items []item, out []string) []string {
	for _, y := range items {
		out = refs(y, out)
	}
	return out
}
