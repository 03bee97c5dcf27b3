package abnf

import (
	"strconv"

	"github.com/seed42851778/rfc3986/combinator"
	"strings"
	"unicode/utf8"
)

// The reader of ABNF text (RFC 5234 §4, with the strings of RFC 7405): a
// recursive descent over the source, which builds the syntax tree of each
// rule (node) with the line and column of each piece, for the errors.

type nodeKind uint8

const (
	nAlt   nodeKind = iota // subs, any of them
	nSeq                   // subs, one after the other
	nRep                   // subs[0], min to max times (max -1: no bound)
	nName                  // a rule name
	nLit                   // lit: bytes; fold: ASCII letters in either case
	nRange                 // a code point from lo to hi
	nProse                 // a prose-val: lit is its text
	nRule                  // a rule defined elsewhere: rule
)

type node struct {
	kind     nodeKind
	subs     []*node
	min, max int
	name     string
	lit      string
	fold     bool
	lo, hi   rune
	rule     *combinator.Rule // nRule
	off      int              // where it starts in the source
}

// ruleDef is one definition read from the text: "name = elements" or
// "name =/ elements".
type ruleDef struct {
	name string
	incr bool // =/
	body *node
	off  int // where the name starts
}

type parser struct {
	src    string
	pos    int
	indent int // the indentation of the line the current rule starts on
	zero   int // > 0 inside a repetition of zero, where a prose-val may stand
	depth  int // groups and options open
}

// maxDepth bounds the nesting of groups and options, so that reading a
// text recurses a bounded depth.
const maxDepth = 200

// maxRepeat bounds the numbers of a repetition, so that they fit an int
// and a grammar cannot ask for an automaton of unbounded size.
const maxRepeat = 1 << 16

func (p *parser) errorf(off int, expected, hint string) *Error {
	line, col := position(p.src, off)
	return &Error{Line: line, Column: col, Expected: expected, Found: found(p.src, off), Hint: hint}
}

// position returns the line and column (both from 1, the column counted in
// characters) of the byte offset off of src.
func position(src string, off int) (line, col int) {
	line, start := 1, 0
	for i := 0; i < off; i++ {
		switch src[i] {
		case '\n':
			line, start = line+1, i+1
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				continue // CRLF: counted at its LF
			}
			line, start = line+1, i+1
		}
	}
	return line, 1 + utf8.RuneCountInString(src[start:off])
}

// found describes what stands at off, for an error.
func found(src string, off int) string {
	if off >= len(src) {
		return "end of text"
	}
	switch c := src[off]; c {
	case '\r', '\n':
		return "end of line"
	case '\t':
		return "tab"
	}
	r, _ := utf8.DecodeRuneInString(src[off:])
	if r == utf8.RuneError {
		return "byte 0x" + strconv.FormatUint(uint64(src[off]), 16)
	}
	return strconv.QuoteRune(r)
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isWSP(c byte) bool   { return c == ' ' || c == '\t' }

// parseRules reads the whole text.
func parseRules(src string) ([]ruleDef, error) {
	p := &parser{src: src}
	if strings.HasPrefix(src, "\uFEFF") {
		p.pos = len("\uFEFF") // a byte order mark, as some editors write
	}
	var defs []ruleDef
	for p.pos < len(src) {
		ls := p.pos
		ind := p.skipIndent(ls)
		if p.blankAt(ind) {
			p.pos = p.lineEnd(ind)
			p.newline()
			continue
		}
		if !p.ruleStart(ind) {
			hint := "a rule starts with its name followed by \"=\" or \"=/\"; a line that continues a rule must be indented more than the rule's first line"
			if len(defs) == 0 && ind > ls {
				hint = "an indented line continues the rule before it, and there is none"
			}
			if ind < len(src) && !isAlpha(src[ind]) && len(defs) == 0 {
				hint = "a rule starts with its name, a letter followed by letters, digits and \"-\""
			}
			return nil, p.errorf(ind, "a rule name", hint)
		}
		p.indent = ind - ls
		d, err := p.rule(ind)
		if err != nil {
			return nil, err
		}
		defs = append(defs, d)
	}
	return defs, nil
}

// skipIndent returns the offset of the first byte of the line at ls that
// is not white space.
func (p *parser) skipIndent(ls int) int {
	for ls < len(p.src) && isWSP(p.src[ls]) {
		ls++
	}
	return ls
}

// blankAt reports whether the line holds nothing from off but a comment.
func (p *parser) blankAt(off int) bool {
	return off >= len(p.src) || p.src[off] == '\r' || p.src[off] == '\n' || p.src[off] == ';'
}

// lineEnd returns the offset of the end of the line that holds off.
func (p *parser) lineEnd(off int) int {
	for off < len(p.src) && p.src[off] != '\n' && p.src[off] != '\r' {
		off++
	}
	return off
}

// newline consumes a line end at p.pos: CRLF, LF or CR.
func (p *parser) newline() {
	if p.pos < len(p.src) && p.src[p.pos] == '\r' {
		p.pos++
	}
	if p.pos < len(p.src) && p.src[p.pos] == '\n' {
		p.pos++
	}
}

// ruleStart reports whether a rule definition starts at off: a rule name,
// white space, "=".
func (p *parser) ruleStart(off int) bool {
	s := p.src
	if off >= len(s) || !isAlpha(s[off]) {
		return false
	}
	for off < len(s) && (isAlpha(s[off]) || isDigit(s[off]) || s[off] == '-') {
		off++
	}
	for off < len(s) && isWSP(s[off]) {
		off++
	}
	return off < len(s) && s[off] == '='
}

// continues reports whether the line that starts at ls continues the
// current rule: a line of white space and comment only, or one indented
// more than the rule's first line that does not start a rule.
func (p *parser) continues(ls int) bool {
	ind := p.skipIndent(ls)
	if p.blankAt(ind) {
		return ind < len(p.src)
	}
	return ind-ls > p.indent && !p.ruleStart(ind)
}

// ws skips white space, comments and line ends followed by a continuation
// line (c-wsp and c-nl of RFC 5234 §4). It stops at the line end that ends
// the rule.
func (p *parser) ws() {
	s := p.src
	for p.pos < len(s) {
		switch c := s[p.pos]; {
		case isWSP(c):
			p.pos++
		case c == ';':
			p.pos = p.lineEnd(p.pos)
		case c == '\r' || c == '\n':
			nl := p.pos
			p.newline()
			if !p.continues(p.pos) {
				p.pos = nl
				return
			}
		default:
			return
		}
	}
}

// atRuleEnd reports whether p.pos is at the end of the current rule.
func (p *parser) atRuleEnd() bool {
	return p.pos >= len(p.src) || p.src[p.pos] == '\r' || p.src[p.pos] == '\n'
}

func (p *parser) rule(start int) (ruleDef, error) {
	p.pos = start
	name := p.name()
	d := ruleDef{name: name, off: start}
	for p.pos < len(p.src) && isWSP(p.src[p.pos]) {
		p.pos++
	}
	p.pos++ // "=", seen by ruleStart
	if p.pos < len(p.src) && p.src[p.pos] == '/' {
		d.incr = true
		p.pos++
	}
	p.ws()
	body, err := p.alternation()
	if err != nil {
		return d, err
	}
	d.body = body
	p.ws()
	if !p.atRuleEnd() {
		return d, p.unexpected("\"/\", an element or the end of the rule")
	}
	p.newline()
	return d, nil
}

// name reads a rule name at p.pos, which starts with a letter.
func (p *parser) name() string {
	s, start := p.src, p.pos
	for p.pos < len(s) && (isAlpha(s[p.pos]) || isDigit(s[p.pos]) || s[p.pos] == '-') {
		p.pos++
	}
	return s[start:p.pos]
}

// unexpected is the error for the byte at p.pos, with a hint for the
// mistakes people make in ABNF.
func (p *parser) unexpected(expected string) *Error {
	hint := ""
	if p.pos < len(p.src) {
		switch c := p.src[p.pos]; c {
		case '|':
			hint = "ABNF separates alternatives with \"/\""
		case '\'':
			hint = "ABNF quotes strings with double quotes: \"abc\""
		case '=':
			hint = "a new rule starts on a line of its own, indented no more than the rule before it"
		case '{', '}':
			hint = "ABNF repeats with a prefix: *( ... ), 1*( ... ), n*m( ... )"
		case '?', '+':
			hint = "ABNF writes an option as [ x ] and repetitions with a prefix: *x, 1*x"
		case '_':
			hint = "rule names hold letters, digits and \"-\" only"
		case ')', ']':
			hint = "this closes a group or an option that was not opened"
		default:
			if c >= utf8.RuneSelf {
				hint = "ABNF text is ASCII: write other characters as %x values"
			} else if c < 0x20 {
				hint = "a control character: write it as a %x value"
			}
		}
	}
	return p.errorf(p.pos, expected, hint)
}

func (p *parser) alternation() (*node, error) {
	start := p.pos
	first, err := p.concatenation()
	if err != nil {
		return nil, err
	}
	alts := []*node{first}
	for {
		save := p.pos
		p.ws()
		if p.pos >= len(p.src) || p.src[p.pos] != '/' {
			p.pos = save
			break
		}
		p.pos++
		p.ws()
		c, err := p.concatenation()
		if err != nil {
			return nil, err
		}
		alts = append(alts, c)
	}
	if len(alts) == 1 {
		return first, nil
	}
	return &node{kind: nAlt, subs: alts, off: start}, nil
}

// startsRepetition reports whether a repetition can start with c.
func startsRepetition(c byte) bool {
	return isAlpha(c) || isDigit(c) || strings.IndexByte(`*(["%<`, c) >= 0
}

func (p *parser) concatenation() (*node, error) {
	start := p.pos
	first, err := p.repetition()
	if err != nil {
		return nil, err
	}
	parts := []*node{first}
	for {
		save := p.pos
		p.ws()
		// RFC 5234 §4 separates the elements of a concatenation with white
		// space; RFCs print some without (RFC 3966: ( HEXDIG / "*" / "#"
		// )*phonedigit-hex), which reads only one way, so it is accepted.
		if p.pos >= len(p.src) || !startsRepetition(p.src[p.pos]) {
			p.pos = save
			break
		}
		r, err := p.repetition()
		if err != nil {
			return nil, err
		}
		parts = append(parts, r)
	}
	if len(parts) == 1 {
		return first, nil
	}
	return &node{kind: nSeq, subs: parts, off: start}, nil
}

// number reads decimal digits, or returns -1 when there are none.
func (p *parser) number() (int, error) {
	s, start := p.src, p.pos
	for p.pos < len(s) && isDigit(s[p.pos]) {
		p.pos++
	}
	if p.pos == start {
		return -1, nil
	}
	n, err := strconv.Atoi(s[start:p.pos])
	if err != nil || n > maxRepeat {
		return 0, p.errorf(start, "a repetition count of at most "+strconv.Itoa(maxRepeat), "")
	}
	return n, nil
}

func (p *parser) repetition() (*node, error) {
	start := p.pos
	if p.pos >= len(p.src) {
		return nil, p.errorf(p.pos, "an element", "")
	}
	lo, err := p.number()
	if err != nil {
		return nil, err
	}
	hi := lo
	star := p.pos < len(p.src) && p.src[p.pos] == '*'
	if star {
		p.pos++
		if lo < 0 {
			lo = 0
		}
		n, err := p.number()
		if err != nil {
			return nil, err
		}
		hi = n // -1: no bound
		if hi >= 0 && hi < lo {
			return nil, p.errorf(start, "a repetition n*m with m at least n", "")
		}
	}
	repeated := star || lo >= 0
	zero := repeated && hi == 0
	if p.pos < len(p.src) && p.src[p.pos] == '<' {
		if !zero && p.zero == 0 {
			line, _ := position(p.src, p.pos)
			return nil, p.errorf(p.pos, "an element that can be matched",
				"a prose-val (line "+strconv.Itoa(line)+") describes its strings in words and cannot be matched; only a repetition of zero, as in 0<pchar>, may hold one")
		}
	}
	if repeated && p.pos < len(p.src) && (isWSP(p.src[p.pos]) || p.atRuleEnd()) {
		return nil, p.errorf(p.pos, "the element repeated, right after the repetition count", "write 1*DIGIT, not 1* DIGIT")
	}
	if zero {
		p.zero++
	}
	e, err := p.element()
	if zero {
		p.zero--
	}
	if err != nil {
		return nil, err
	}
	if !repeated {
		return e, nil
	}
	return &node{kind: nRep, subs: []*node{e}, min: lo, max: hi, off: start}, nil
}

func (p *parser) element() (*node, error) {
	s := p.src
	if p.pos >= len(s) || p.atRuleEnd() {
		return nil, p.errorf(p.pos, "an element", "a rule, a group or an option cannot end here")
	}
	start := p.pos
	switch c := s[p.pos]; {
	case isAlpha(c):
		return &node{kind: nName, name: p.name(), off: start}, nil
	case c == '(' || c == '[':
		if p.depth >= maxDepth {
			return nil, p.errorf(p.pos, "groups and options nested at most "+strconv.Itoa(maxDepth)+" deep", "")
		}
		p.pos++
		p.ws()
		p.depth++
		a, err := p.alternation()
		p.depth--
		if err != nil {
			return nil, err
		}
		p.ws()
		want := byte(')')
		if c == '[' {
			want = ']'
		}
		if p.pos >= len(s) || s[p.pos] != want {
			return nil, p.unexpected(strconv.Quote(string(want)) + " to close the " + map[byte]string{'(': "group", '[': "option"}[c] + " opened at " + p.where(start))
		}
		p.pos++
		if c == '[' {
			return &node{kind: nRep, subs: []*node{a}, min: 0, max: 1, off: start}, nil
		}
		return a, nil
	case c == '"':
		lit, err := p.quoted()
		if err != nil {
			return nil, err
		}
		return &node{kind: nLit, lit: lit, fold: true, off: start}, nil
	case c == '%':
		return p.numOrString()
	case c == '<':
		end := strings.IndexByte(s[p.pos:], '>')
		nl := strings.IndexAny(s[p.pos:], "\r\n")
		if end < 0 || nl >= 0 && nl < end {
			return nil, p.errorf(p.pos, "\">\" to close the prose-val", "")
		}
		text := s[p.pos+1 : p.pos+end]
		p.pos += end + 1
		return &node{kind: nProse, lit: text, off: start}, nil
	}
	return nil, p.unexpected("an element: a rule name, a group, an option, a string or a value")
}

// where is the line:column of off.
func (p *parser) where(off int) string {
	l, c := position(p.src, off)
	return strconv.Itoa(l) + ":" + strconv.Itoa(c)
}

// quoted reads a quoted string at p.pos (RFC 5234 char-val).
func (p *parser) quoted() (string, error) {
	s, start := p.src, p.pos
	p.pos++
	for p.pos < len(s) && s[p.pos] != '"' {
		c := s[p.pos]
		if c == '\r' || c == '\n' {
			return "", p.errorf(p.pos, "'\"' to close the string opened at "+p.where(start), "a quoted string ends on its line; there is no escape: write a quote as %x22")
		}
		if c < 0x20 || c > 0x7E {
			return "", p.errorf(p.pos, "a printable ASCII character or '\"'", "write other characters as %x values: a quoted string holds %x20-21 / %x23-7E")
		}
		p.pos++
	}
	if p.pos >= len(s) {
		return "", p.errorf(p.pos, "'\"' to close the string opened at "+p.where(start), "")
	}
	p.pos++
	return s[start+1 : p.pos-1], nil
}

// numOrString reads %s"..." / %i"..." (RFC 7405) or a num-val: %b, %d or
// %x, then one value, a range or values joined by ".".
func (p *parser) numOrString() (*node, error) {
	s, start := p.src, p.pos
	p.pos++
	if p.pos >= len(s) {
		return nil, p.errorf(p.pos, "b, d, x, s or i after %", "")
	}
	base := 0
	switch s[p.pos] | 0x20 {
	case 's', 'i':
		fold := s[p.pos]|0x20 == 'i'
		p.pos++
		if p.pos >= len(s) || s[p.pos] != '"' {
			return nil, p.errorf(p.pos, "a quoted string after %s or %i", "")
		}
		lit, err := p.quoted()
		if err != nil {
			return nil, err
		}
		return &node{kind: nLit, lit: lit, fold: fold, off: start}, nil
	case 'b':
		base = 2
	case 'd':
		base = 10
	case 'x':
		base = 16
	default:
		return nil, p.errorf(p.pos, "b, d or x (a value) or s or i (a string) after %", "")
	}
	p.pos++
	first, err := p.value(base)
	if err != nil {
		return nil, err
	}
	if p.pos < len(s) && s[p.pos] == '-' {
		p.pos++
		last, err := p.value(base)
		if err != nil {
			return nil, err
		}
		if last < first {
			return nil, p.errorf(start, "a range whose second value is not below its first", "")
		}
		return &node{kind: nRange, lo: first, hi: last, off: start}, nil
	}
	var b strings.Builder
	for {
		if first >= 0xD800 && first <= 0xDFFF {
			return nil, p.errorf(start, "a value that is not a surrogate (U+D800 to U+DFFF)", "values above %x7F are characters, matched as their UTF-8 encoding, which surrogates do not have")
		}
		b.WriteRune(first)
		if p.pos >= len(s) || s[p.pos] != '.' {
			break
		}
		p.pos++
		if first, err = p.value(base); err != nil {
			return nil, err
		}
	}
	return &node{kind: nLit, lit: b.String(), off: start}, nil
}

// value reads one number in base.
func (p *parser) value(base int) (rune, error) {
	s, start := p.src, p.pos
	for p.pos < len(s) && digitValue(s[p.pos]) < base {
		p.pos++
	}
	names := map[int]string{2: "binary", 10: "decimal", 16: "hexadecimal"}
	if p.pos == start {
		return 0, p.errorf(p.pos, names[base]+" digits", "")
	}
	n, err := strconv.ParseUint(s[start:p.pos], base, 32)
	if err != nil || n > utf8.MaxRune {
		return 0, p.errorf(start, "a value of at most %x10FFFF", "")
	}
	return rune(n), nil
}

func digitValue(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case c|0x20 >= 'a' && c|0x20 <= 'f':
		return int(c|0x20-'a') + 10
	}
	return 99
}
