package combinator

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// Precedences of ABNF operators, lowest first (RFC 5234 §3.10).
const (
	precAlt  = iota // a / b
	precSeq         // a b
	precRep         // *a, and the PEG prefixes !a, &a
	precElem        // [a], (a), names, terminals: what a repetition repeats
)

// String returns the rule in ABNF (RFC 5234). A named rule prints as its
// definition, "name = elements"; inside it, named rules print as their names.
// Captures print as what they capture. The PEG extensions print as PEG does:
// "!x" for Not, "&x" for Peek, and <end> for End. A name that is not
// printable text (a control or bidirectional formatting character, invalid
// UTF-8, a quotation mark) prints quoted as strconv.Quote quotes it.
//
// Printing costs time linear in the size of what is printed, which is at
// most MaxPrint bytes: a longer definition is cut there, and one nested
// deeper than printDepth is cut where it goes deeper, with "…" in place of
// what was left out. (An unnamed rule used in several places prints in
// each of them, so a grammar that shares its parts prints bigger than it
// is: name the parts.)
func (r *Rule) String() string {
	p := printer{limit: MaxPrint}
	if r.name != "" {
		p.WriteString(escapeName(r.name))
		p.WriteString(" = ")
	}
	p.body(r, precAlt, 0)
	return p.String()
}

// MaxPrint is the most bytes String and Grammar print for one rule; a
// longer definition is cut, "…" standing for the rest.
const MaxPrint = 1 << 20

// labelMax is the most bytes of a label in an error message (label).
const labelMax = 256

// printDepth is how deep a rule prints; deeper parts print as "…".
const printDepth = 1000

// printer writes ABNF into a strings.Builder, up to limit bytes.
type printer struct {
	strings.Builder
	limit int
	cut   bool // what was printed was cut: the rest is left out
	abnf  bool // print for Grammar: literals and PEG operators as ABNF reads them (abnfTerm)
}

// write writes s, cutting it at limit.
func (p *printer) write(s string) {
	if p.cut {
		return
	}
	if p.Len()+len(s) > p.limit {
		n := p.limit - p.Len()
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		p.WriteString(s[:n])
		p.WriteString("…")
		p.cut = true
		return
	}
	p.WriteString(s)
}

// Grammar returns the rule and every named rule it uses, one definition a
// line, in the order they are first met (the way RFC 3986 Appendix A lists its
// rules). The text is ABNF that combinator/abnf reads back: the PEG
// operators, which ABNF has not, print as prose under a repetition of zero
// (0<not followed by ALPHA>, 0<end of input>), read back as the empty
// string. It visits each node of the grammar once, with a stack of its own.
func (r *Rule) Grammar() string {
	var b strings.Builder
	seen := map[string]bool{}
	visited := map[*Rule]bool{}
	if r.name == "" {
		b.WriteString(r.abnfBody(precAlt))
		b.WriteByte('\n')
	}
	// A depth-first walk, subs in order, as the recursion it replaces.
	stack := []*Rule{r}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x.kind == kRef && x.ex != nil {
			x = x.ex.rule // the definition a Ref names, printed where first met
		}
		if visited[x] {
			continue
		}
		visited[x] = true
		if x.name != "" && (x != r || r.name != "") {
			if seen[x.name] {
				continue
			}
			seen[x.name] = true
			b.WriteString(x.definition())
			b.WriteByte('\n')
		}
		if x.kind == kRep && x.max == 0 {
			continue // never matched: what it names is not part of the grammar (0<pchar>)
		}
		for i := len(x.subs) - 1; i >= 0; i-- {
			stack = append(stack, x.subs[i])
		}
	}
	return b.String()
}

// label is how a rule is named in error messages: its name, escaped, or its
// ABNF, both cut to about labelMax bytes.
func (r *Rule) label() string {
	if r.name != "" {
		return errtext.Clip(escapeName(r.name), labelMax)
	}
	switch r.kind { // the terminals without a printer, which would cost an allocation more
	case kEnd:
		return "end of input"
	case kLit, kLitFold:
		return errtext.Clip(litABNF(r.lit, r.kind == kLitFold, labelMax), labelMax)
	case kClass:
		return errtext.Clip(r.set.String(), labelMax)
	}
	p := printer{limit: labelMax}
	p.body(r, precAlt, 0)
	return p.String()
}

// escapeName returns name as it prints: as it is when it is printable text,
// else quoted as strconv.Quote quotes it (control characters, bidirectional
// formatting characters and invalid UTF-8 escaped).
func escapeName(name string) string {
	for _, c := range name {
		if c == utf8.RuneError || c == '"' || c == '\\' || !strconv.IsPrint(c) {
			return strconv.Quote(name)
		}
	}
	return name
}

// ref prints r where it is used: by name if it has one.
func (p *printer) ref(r *Rule, prec, depth int) {
	if r.name != "" {
		p.write(escapeName(r.name))
		return
	}
	p.body(r, prec, depth)
}

// open writes "( " when yes, and returns yes for close.
func (p *printer) open(yes bool) bool {
	if yes {
		p.write("( ")
	}
	return yes
}

// close writes " )" when yes.
func (p *printer) close(yes bool) {
	if yes {
		p.write(" )")
	}
}

func (p *printer) body(r *Rule, prec, depth int) {
	if p.cut {
		return
	}
	if depth > printDepth {
		p.write("…")
		p.cut = true
		return
	}
	depth++
	if p.abnf && p.abnfTerm(r, prec) {
		return
	}
	switch r.kind {
	case kLit:
		p.write(litABNF(r.lit, false, p.limit))
	case kLitFold:
		p.write(litABNF(r.lit, true, p.limit))
	case kClass:
		s := r.set.String()
		paren := p.open(prec > precAlt && strings.Contains(s, " / "))
		p.write(s)
		p.close(paren)
	case kRunes:
		paren := p.open(prec > precAlt && len(r.runes.ranges) > 1)
		p.write(r.runes.String())
		p.close(paren)
	case kSeq:
		switch len(r.subs) {
		case 0:
			p.write(`""`)
			return
		case 1:
			p.ref(r.subs[0], prec, depth)
			return
		}
		paren := p.open(prec > precSeq)
		for i, s := range r.subs {
			if i > 0 {
				p.write(" ")
			}
			if s.name == "" && s.kind == kSeq {
				p.body(s, precSeq, depth) // concatenation is associative: no parentheses, however deep
				continue
			}
			p.ref(s, precRep, depth)
		}
		p.close(paren)
	case kAlt:
		if len(r.subs) == 0 {
			p.write("( )") // matches nothing, as the empty CharSet
			return
		}
		if len(r.subs) == 1 {
			p.ref(r.subs[0], prec, depth)
			return
		}
		paren := p.open(prec > precAlt)
		for i, s := range r.subs {
			if i > 0 {
				p.write(" / ")
			}
			p.ref(s, precSeq, depth)
		}
		p.close(paren)
	case kRep:
		sub := r.subs[0]
		if r.min == 0 && r.max == 1 {
			p.write("[ ")
			p.ref(sub, precAlt, depth)
			p.write(" ]")
			return
		}
		// RFC 5234: repetition = [repeat] element; a repetition of a
		// repetition needs its group: 3( 2"a" ), not 32"a".
		paren := p.open(prec > precRep)
		p.write(repeatABNF(r.min, r.max))
		p.ref(sub, precElem, depth)
		p.close(paren)
	case kCap:
		p.ref(r.subs[0], prec, depth)
	case kNot, kPeek:
		paren := p.open(prec > precRep)
		if r.kind == kNot {
			p.write("!")
		} else {
			p.write("&")
		}
		p.ref(r.subs[0], precElem, depth)
		p.close(paren)
	case kEnd:
		p.write("<end>")
	case kFunc:
		p.write("<" + escapeName(r.name) + ">")
	case kExact:
		p.ref(r.subs[0], prec, depth)
	case kRef:
		p.write(escapeName(r.name))
	default:
		p.write("?")
	}
}

// repeatABNF prints the repeat prefix of RFC 5234 §3.6 and §3.7.
func repeatABNF(min, max int) string {
	switch {
	case min == max:
		return strconv.Itoa(min)
	case max == Unbounded && min == 0:
		return "*"
	case max == Unbounded:
		return strconv.Itoa(min) + "*"
	case min == 0:
		return "*" + strconv.Itoa(max)
	}
	return strconv.Itoa(min) + "*" + strconv.Itoa(max)
}

// litABNF prints a literal: a quoted string where ABNF's case-insensitive
// quoting says exactly what is matched, %s"..." (RFC 7405) for a case-sensitive
// string with letters, and %x values otherwise.
//
// At most about limit bytes of it are printed: a longer literal is cut, "…"
// after the closing quotation mark or the last value standing for the rest.
func litABNF(s string, fold bool, limit int) string {
	var rest string
	if len(s) > limit/4 {
		// A %x value takes up to 3 bytes a byte: keep what fits either way.
		s, rest = s[:limit/4], "…"
	}
	return litABNFWhole(s, fold) + rest
}

func litABNFWhole(s string, fold bool) string {
	printable := s != ""
	letters := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7F || c == '"' {
			printable = false
		}
		letters = letters || isLetter(c)
	}
	switch {
	case s == "":
		return `""`
	case printable && (fold || !letters):
		return `"` + s + `"`
	case printable:
		return `%s"` + s + `"`
	}
	var b strings.Builder
	b.WriteString("%x")
	for i := 0; i < len(s); i++ {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(hex2(s[i]))
	}
	return b.String()
}
