package abnf

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/combinator"
)

// Encoding is what the terminal values of a grammar (%x41, %xE9,
// %x80-FF) stand for. RFC 5234 leaves it to the application (§2.4): some
// RFCs mean octets (HTTP's obs-text = %x80-FF, RFC 3629's UTF8-2 = %xC2-DF
// UTF8-tail), others characters (RFC 3987's ucschar = %xA0-D7FF / ...).
// A grammar compiles in one of them, chosen with WithEncoding.
type Encoding uint8

const (
	// Characters reads each value as a Unicode code point, matched as its
	// UTF-8 encoding: %xE9 matches "é", the bytes C3 A9, and %xA0-D7FF any
	// character of that range. It is the default. A surrogate (%xD800 to
	// %xDFFF) has no UTF-8 encoding: a value that is one, or a range that
	// holds nothing else, is an error.
	Characters Encoding = iota
	// Octets reads each value as one byte: %xE9 matches the byte E9 alone,
	// %x80-FF any byte from 80 to FF. A value above %xFF is an error.
	Octets
)

// String returns "characters" or "octets".
func (e Encoding) String() string {
	if e == Octets {
		return "octets"
	}
	return "characters"
}

// WithEncoding compiles the grammar's values in e: Characters (the
// default) or Octets. Quoted strings are ASCII (RFC 5234 §4 char-val),
// the same bytes in both; rules imported keep the encoding they were
// compiled in; the core rule OCTET is any byte in both.
//
// A grammar that reads one way but is spelled the other gets a warning
// (Grammar.Warnings): in characters, a value of %xC0-FD followed by one of
// %x80-BF, which is how RFC 3629 spells a UTF-8 byte sequence
// (%xC3.A9 matches "Ã©" as characters, "é" as octets).
func WithEncoding(e Encoding) Option {
	return Option{func(c *config) error {
		if e != Characters && e != Octets {
			return errors.New("abnf: WithEncoding of an unknown encoding " + strconv.Itoa(int(e)) + " (want Characters or Octets)")
		}
		c.enc = e
		return nil
	}}
}

// Encoding returns the encoding the grammar's values were compiled in.
func (g *Grammar) Encoding() Encoding { return g.enc }

// Warnings returns what compiled but is likely not what the text means,
// each an *Error with its line and column: a characters grammar that
// spells UTF-8 byte sequences, an element that follows a group with no
// white space. At most maxListed are kept.
func (g *Grammar) Warnings() []*Error {
	out := make([]*Error, len(g.warnings))
	copy(out, g.warnings)
	return out
}

// lowerValues replaces the values of every rule (num-vals: nVals and
// nRange) with the terminals of b's encoding: bytes in octets, the UTF-8
// of code points in characters. It refuses a value that the encoding has
// not: above %xFF in octets, a surrogate or a range of surrogates only in
// characters.
func (b *builder) lowerValues() error {
	var walk func(n *node) error
	walk = func(n *node) error {
		switch n.kind {
		case nVals, nRange:
			r, err := b.terminal(n)
			if err != nil {
				return err
			}
			n.kind, n.rule = nRule, r
			return nil
		}
		for _, s := range n.subs {
			if err := walk(s); err != nil {
				return err
			}
		}
		return nil
	}
	for _, k := range b.order {
		for _, a := range b.byName[k].alts {
			if err := walk(a); err != nil {
				return err
			}
		}
	}
	return nil
}

// terminal returns the rule of the value node n in b's encoding.
func (b *builder) terminal(n *node) (*combinator.Rule, error) {
	octets := b.c.enc == Octets
	if n.kind == nRange {
		switch {
		case octets && n.hi > 0xFF:
			return nil, b.valueError(n, n.hi)
		case octets || n.hi < utf8.RuneSelf:
			return combinator.Class(combinator.ByteRange(byte(n.lo), byte(n.hi))), nil
		case n.lo >= 0xD800 && n.hi <= 0xDFFF:
			l, c := position(b.src, n.off)
			return nil, &Error{Line: l, Column: c, Expected: "a range that holds a character", Found: "%x" + hexValue(n.lo) + "-" + hexValue(n.hi),
				Hint: "it holds surrogates only (U+D800 to U+DFFF), which have no UTF-8 encoding, so it matches nothing", Syntax: "num-val"}
		}
		return combinator.RuneClass(combinator.Runes(combinator.RuneRange{Lo: n.lo, Hi: n.hi})), nil
	}
	var s []byte
	for _, v := range n.vals {
		switch {
		case octets && v > 0xFF:
			return nil, b.valueError(n, v)
		case octets:
			s = append(s, byte(v))
		case v >= 0xD800 && v <= 0xDFFF:
			l, c := position(b.src, n.off)
			return nil, &Error{Line: l, Column: c, Expected: "a value that is not a surrogate (U+D800 to U+DFFF)", Found: "%x" + hexValue(v),
				Hint: "values are characters, matched as their UTF-8 encoding, which surrogates do not have", Syntax: "num-val"}
		default:
			s = utf8.AppendRune(s, v)
		}
	}
	return combinator.Lit(string(s)), nil
}

// valueError is the error of a value above %xFF in octets.
func (b *builder) valueError(n *node, v rune) *Error {
	l, c := position(b.src, n.off)
	return &Error{Line: l, Column: c, Expected: "an octet, a value of at most %xFF", Found: "%x" + hexValue(v),
		Hint: "the grammar is compiled in octets, where a value is a byte; a value above %xFF is a character: compile it with WithEncoding(Characters)", Syntax: "num-val"}
}

func hexValue(v rune) string {
	s := strings.ToUpper(strconv.FormatInt(int64(v), 16))
	if len(s) == 1 {
		s = "0" + s
	}
	return s
}

// span is the values a node can start with, when they are all values of
// one range: lo to hi; ok false for anything else.
type span struct {
	lo, hi rune
	ok     bool
}

// utf8Warnings returns, for a grammar compiled in characters, where its
// text spells a UTF-8 byte sequence: a value of %xC0-FD (a lead byte, as
// RFC 3629 or, before it, RFC 2279 and RFC 3261 write them)
// followed by one of %x80-BF (a continuation byte), directly or through
// the rules it names (UTF8-2 = %xC2-DF UTF8-tail). It runs before
// lowerValues, on the values as written.
func (b *builder) utf8Warnings() []*Error {
	if b.c.enc == Octets {
		return nil
	}
	memo := map[string]span{}
	var out []*Error
	warn := func(at *node, lead, tail span) {
		if len(out) >= maxListed {
			return
		}
		l, c := position(b.src, at.off)
		out = append(out, &Error{Line: l, Column: c, Warning: true,
			Problem: spanText(lead) + " followed by " + spanText(tail) + " spells a UTF-8 byte sequence, but the grammar is compiled in characters",
			Hint:    "a value is then a code point, matched as its UTF-8 encoding (%xC3 matches the bytes C3 83); to match bytes, compile with WithEncoding(Octets)"})
	}
	var walk func(n *node, depth int)
	walk = func(n *node, depth int) {
		switch n.kind {
		case nVals:
			for i := 0; i+1 < len(n.vals); i++ {
				if isLead(n.vals[i], n.vals[i]) && isTail(n.vals[i+1], n.vals[i+1]) {
					warn(n, span{n.vals[i], n.vals[i], true}, span{n.vals[i+1], n.vals[i+1], true})
					break
				}
			}
		case nSeq:
			for i := 0; i+1 < len(n.subs); i++ {
				a, z := b.valueSpan(n.subs[i], memo, 0), b.valueSpan(n.subs[i+1], memo, 0)
				if a.ok && z.ok && isLead(a.lo, a.hi) && isTail(z.lo, z.hi) {
					warn(n.subs[i], a, z)
					break
				}
			}
		}
		if depth < maxDepth {
			for _, s := range n.subs {
				walk(s, depth+1)
			}
		}
	}
	for _, k := range b.order {
		for _, a := range b.byName[k].alts {
			walk(a, 0)
		}
	}
	return out
}

func isLead(lo, hi rune) bool { return lo >= 0xC0 && hi <= 0xFD }
func isTail(lo, hi rune) bool { return lo >= 0x80 && hi <= 0xBF }

func spanText(s span) string {
	if s.lo == s.hi {
		return "%x" + hexValue(s.lo)
	}
	return "%x" + hexValue(s.lo) + "-" + hexValue(s.hi)
}

// valueSpan returns the range of the values n is made of, when n is one
// value, a range, a repetition or an alternation of those, or a rule whose
// definition is; names are followed a few levels deep.
func (b *builder) valueSpan(n *node, memo map[string]span, depth int) span {
	switch n.kind {
	case nRange:
		return span{n.lo, n.hi, true}
	case nVals:
		if len(n.vals) == 1 {
			return span{n.vals[0], n.vals[0], true}
		}
	case nRep:
		if n.max != 0 {
			return b.valueSpan(n.subs[0], memo, depth)
		}
	case nAlt:
		out := span{}
		for i, s := range n.subs {
			x := b.valueSpan(s, memo, depth)
			if !x.ok {
				return span{}
			}
			if i == 0 {
				out = x
			}
			out.lo, out.hi = min(out.lo, x.lo), max(out.hi, x.hi)
		}
		return out
	case nName:
		k := strings.ToLower(n.name)
		if s, ok := memo[k]; ok || depth > 8 {
			return s
		}
		m := b.byName[k]
		if m == nil || len(m.alts) == 0 {
			return span{}
		}
		memo[k] = span{} // a recursion reads as no span
		s := b.valueSpan(&node{kind: nAlt, subs: m.alts}, memo, depth+1)
		memo[k] = s
		return s
	}
	return span{}
}
