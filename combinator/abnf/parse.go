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
	nRange                 // a value from lo to hi (a num-val range)
	nVals                  // vals, one after the other (a num-val, its values joined by ".")
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
	vals     []rune           // nVals
	rule     *combinator.Rule // nRule
	off      int              // where it starts in the source
}

// ruleDef is one definition read from the text: "name = elements" or
// "name =/ elements".
type ruleDef struct {
	name string
	incr bool // =/
	body *node
	off  int  // where the name starts
	xref bool // defined by one prose-val: a cross-reference to another grammar's rule (body.lit)
}

type parser struct {
	src      string
	pos      int
	indent   int // the indentation of the line the current rule starts on
	zero     int // > 0 inside a repetition of zero, where a prose-val may stand
	depth    int // groups and options open
	lists    ListForm
	warnings []*Error
}

// maxDepth bounds the nesting of groups and options, so that reading a
// text recurses a bounded depth.
const maxDepth = 200

// maxRepeat bounds the numbers of a repetition, so that they fit an int
// and a grammar cannot ask for an automaton of unbounded size.
const maxRepeat = 1 << 16

// errorf is the error at off: what was expected there, a hint, and the
// rule of RFC 5234 §4 (a key of syntaxRules) that the text breaks.
func (p *parser) errorf(off int, expected, hint, syntax string) *Error {
	line, col := position(p.src, off)
	return &Error{Line: line, Column: col, Expected: expected, Found: found(p.src, off), Hint: hint, Syntax: syntax}
}

// syntaxRules are the rules of RFC 5234 §4 (and RFC 7405 §2.2) that an
// error names, by name, as a message prints them.
var syntaxRules = map[string]string{
	"rulelist":      "RFC 5234 §4: rulelist = 1*( rule / (*c-wsp c-nl) )",
	"rule":          "RFC 5234 §4: rule = rulename defined-as elements c-nl",
	"rulename":      `RFC 5234 §4: rulename = ALPHA *(ALPHA / DIGIT / "-")`,
	"defined-as":    `RFC 5234 §4: defined-as = *c-wsp ("=" / "=/") *c-wsp`,
	"elements":      "RFC 5234 §4: elements = alternation *c-wsp",
	"c-wsp":         "RFC 5234 §4: c-wsp = WSP / (c-nl WSP)",
	"alternation":   `RFC 5234 §4: alternation = concatenation *(*c-wsp "/" *c-wsp concatenation)`,
	"concatenation": "RFC 5234 §4: concatenation = repetition *(1*c-wsp repetition)",
	"repetition":    "RFC 5234 §4: repetition = [repeat] element",
	"repeat":        `RFC 5234 §4: repeat = 1*DIGIT / (*DIGIT "*" *DIGIT)`,
	"element":       "RFC 5234 §4: element = rulename / group / option / char-val / num-val / prose-val",
	"group":         `RFC 5234 §4: group = "(" *c-wsp alternation *c-wsp ")"`,
	"option":        `RFC 5234 §4: option = "[" *c-wsp alternation *c-wsp "]"`,
	"char-val":      "RFC 5234 §4: char-val = DQUOTE *(%x20-21 / %x23-7E) DQUOTE",
	"num-val":       `RFC 5234 §4: num-val = "%" (bin-val / dec-val / hex-val)`,
	"bin-val":       `RFC 5234 §4: bin-val = "b" 1*BIT [ 1*("." 1*BIT) / ("-" 1*BIT) ]`,
	"dec-val":       `RFC 5234 §4: dec-val = "d" 1*DIGIT [ 1*("." 1*DIGIT) / ("-" 1*DIGIT) ]`,
	"hex-val":       `RFC 5234 §4: hex-val = "x" 1*HEXDIG [ 1*("." 1*HEXDIG) / ("-" 1*HEXDIG) ]`,
	"prose-val":     `RFC 5234 §4: prose-val = "<" *(%x20-3D / %x3F-7E) ">"`,
	"case-string":   `RFC 7405 §2.2: case-sensitive-string = "%s" quoted-string; case-insensitive-string = [ "%i" ] quoted-string`,
	"incremental":   `RFC 5234 §3.3: ruleset =/ alternatives, added to a rule defined with "="`,
	"list":          `RFC 9110 §5.6.1: 1#element => element *( OWS "," OWS element )`,
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

// parseRules reads the whole text: a rulelist of RFC 5234 §4, its lists
// (#) read as lists says (0: no lists). It returns the warnings of the
// text with its rules.
func parseRules(src string, lists ListForm) ([]ruleDef, []*Error, error) {
	p := &parser{src: src, lists: lists}
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
		if !isAlpha(src[ind]) {
			hint := "a rule starts with its name, a letter followed by letters, digits and \"-\""
			if len(defs) > 0 && ind > ls {
				hint = "a line that continues a rule is indented more than the rule's first line"
			}
			return nil, nil, p.errorf(ind, "a rule name", hint, "rulename")
		}
		p.indent = ind - ls
		d, err := p.rule(ind, len(defs) > 0)
		if err != nil {
			return nil, nil, err
		}
		defs = append(defs, d)
	}
	return defs, p.warnings, nil
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

// rule reads a rule at start, which starts with a letter: rulename
// defined-as elements c-nl. more says whether a rule came before it.
func (p *parser) rule(start int, more bool) (ruleDef, error) {
	p.pos = start
	name := p.name()
	d := ruleDef{name: name, off: start}
	for p.pos < len(p.src) && isWSP(p.src[p.pos]) {
		p.pos++
	}
	if err := p.definedAs(name, more); err != nil {
		return d, err
	}
	p.pos++ // "="
	if p.pos < len(p.src) && p.src[p.pos] == '/' {
		d.incr = true
		p.pos++
	}
	p.ws()
	if p.pos < len(p.src) && p.src[p.pos] == '=' {
		return d, p.errorf(p.pos, "the elements of the rule", "defined-as is \"=\", or \"=/\" to add alternatives; \"==\" is not ABNF", "defined-as")
	}
	if x, ok := p.crossReference(); ok {
		d.body, d.xref = x, true
		p.newline()
		return d, nil
	}
	body, err := p.alternation()
	if err != nil {
		return d, err
	}
	d.body = body
	p.ws()
	if !p.atRuleEnd() {
		return d, p.unexpected("\"/\", an element or the end of the rule", "alternation")
	}
	p.newline()
	return d, nil
}

// crossReference reads a rule's elements when they are one prose-val and
// nothing else, as RFCs write a rule of another document (RFC 9110:
// uri-host = <host, see [URI], Section 3.2.2>), and reports whether they
// are; otherwise it reads nothing.
func (p *parser) crossReference() (*node, bool) {
	start := p.pos
	if start >= len(p.src) || p.src[start] != '<' {
		return nil, false
	}
	e, err := p.element()
	if err == nil {
		p.ws()
		if p.atRuleEnd() {
			return e, true
		}
	}
	p.pos = start
	return nil, false
}

// definedAs checks that "=" follows the rule name name at p.pos, and
// otherwise says what stands there instead. more says whether a rule came
// before.
func (p *parser) definedAs(name string, more bool) error {
	if p.pos < len(p.src) && p.src[p.pos] == '=' {
		return nil
	}
	expected := "\"=\" or \"=/\" after the rule name " + strconv.Quote(clipName(name))
	hint, syntax := "a rule is its name, \"=\" and its elements", "defined-as"
	switch {
	case p.pos < len(p.src) && p.src[p.pos] == ':':
		hint = "ABNF defines a rule with \"=\", where BNF writes \":=\" or \"::=\""
	case p.pos < len(p.src) && p.src[p.pos] == '_':
		hint, syntax = "rule names hold letters, digits and \"-\" only", "rulename"
	case more:
		hint = "a line that continues a rule is indented more than the rule's first line"
	}
	return p.errorf(p.pos, expected, hint, syntax)
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
// mistakes people make in ABNF, naming the rule syntax of RFC 5234 §4.
func (p *parser) unexpected(expected, syntax string) *Error {
	hint := ""
	if p.pos < len(p.src) {
		switch c := p.src[p.pos]; c {
		case '|':
			hint, syntax = "ABNF separates alternatives with \"/\"", "alternation"
		case '\'':
			hint, syntax = "ABNF quotes strings with double quotes: \"abc\"", "char-val"
		case '=':
			hint, syntax = "a new rule starts on a line of its own, indented no more than the rule before it", "rule"
		case '{', '}':
			hint, syntax = "ABNF repeats with a prefix: *( ... ), 1*( ... ), n*m( ... )", "repetition"
		case '?', '+':
			hint, syntax = "ABNF writes an option as [ x ] and repetitions with a prefix: *x, 1*x", "repetition"
		case '_':
			hint, syntax = "rule names hold letters, digits and \"-\" only", "rulename"
		case ')', ']':
			hint = "this closes a group or an option that was not opened"
		case '#':
			hint, syntax = "RFC 9110's #list (§5.6.1) is not RFC 5234: compile with the option Lists(ListSender) to expand it", "repetition"
		case '\r', '\n':
			// the end of a line: found says so
		default:
			if c >= utf8.RuneSelf {
				hint = "ABNF text is ASCII: write other characters as %x values"
			} else if c < 0x20 {
				hint = "a control character: write it as a %x value"
			}
		}
	}
	return p.errorf(p.pos, expected, hint, syntax)
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
	return isAlpha(c) || isDigit(c) || strings.IndexByte(`*(["%<#`, c) >= 0
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
		if p.pos >= len(p.src) || !startsRepetition(p.src[p.pos]) {
			p.pos = save
			break
		}
		if p.pos == save {
			if err := p.adjacent(save); err != nil {
				return nil, err
			}
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

// adjacent is the error for an element at off that follows the one before
// it with no white space, which RFC 5234 §4 requires between the elements
// of a concatenation. After a group or an option, where the element can
// be read only one way and RFCs print it so (RFC 3966 §3:
// (HEXDIG / "*" / "#")*phonedigit-hex), it is a warning.
func (p *parser) adjacent(off int) error {
	prev := p.src[off-1]
	if prev == ')' || prev == ']' {
		if len(p.warnings) < maxListed {
			l, c := position(p.src, off)
			p.warnings = append(p.warnings, &Error{Line: l, Column: c, Warning: true, Syntax: "concatenation",
				Problem: "an element follows " + strconv.Quote(string(prev)) + " with no white space between them",
				Hint:    "read as two elements; RFC 5234 separates the elements of a concatenation with white space"})
		}
		return nil
	}
	hint := "RFC 5234 separates the elements of a concatenation with white space: write a space before it"
	if c := p.src[off]; (isAlpha(c) || isDigit(c)) && p.afterValue(off) {
		base := map[byte]string{'b': "binary digit (0 or 1)", 'd': "decimal digit (0 to 9)", 'x': "hexadecimal digit (0 to 9, A to F)"}[p.valueBase(off)]
		hint = strconv.QuoteRune(rune(c)) + " is not a " + base + ", so the value ends before it"
	}
	return p.errorf(off, "white space between two elements", hint, "concatenation")
}

// afterValue reports whether a num-val ends at off.
func (p *parser) afterValue(off int) bool { return p.valueBase(off) != 0 }

// valueBase returns the base letter (b, d or x) of the num-val that ends
// at off, or 0 when none does.
func (p *parser) valueBase(off int) byte {
	i := off - 1
	for i >= 0 && (isDigit(p.src[i]) || isAlpha(p.src[i]) || p.src[i] == '.' || p.src[i] == '-') && p.src[i] != '%' {
		i--
	}
	if i < 0 || p.src[i] != '%' || i+1 >= off {
		return 0
	}
	switch b := p.src[i+1] | 0x20; b {
	case 'b', 'd', 'x':
		return b
	}
	return 0
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
		return 0, p.errorf(start, "a repetition count of at most "+strconv.Itoa(maxRepeat), "", "repeat")
	}
	return n, nil
}

// repeat reads the repeat of a repetition (RFC 5234 §4): n, n*m, *m, n*
// or none. It returns lo -1 when there is none; hi -1 is no bound.
// With lists on, "#" stands for "*" (sep tells which).
func (p *parser) repeat() (lo, hi int, sep byte, err error) {
	start := p.pos
	if lo, err = p.number(); err != nil {
		return 0, 0, 0, err
	}
	hi = lo
	if p.pos < len(p.src) && (p.src[p.pos] == '*' || p.lists != 0 && p.src[p.pos] == '#') {
		sep = p.src[p.pos]
		p.pos++
		lo = max(lo, 0)
		if hi, err = p.number(); err != nil {
			return 0, 0, 0, err
		}
		if hi >= 0 && hi < lo {
			return 0, 0, 0, p.errorf(start, "a repetition n"+string(sep)+"m with m at least n", "", "repeat")
		}
	}
	return lo, hi, sep, nil
}

func (p *parser) repetition() (*node, error) {
	start := p.pos
	if p.pos >= len(p.src) {
		return nil, p.errorf(p.pos, "an element", "", "repetition")
	}
	lo, hi, sep, err := p.repeat()
	if err != nil {
		return nil, err
	}
	list := sep == '#'
	repeated := sep != 0 || lo >= 0
	zero := repeated && hi == 0
	if p.pos < len(p.src) && p.src[p.pos] == '<' && !zero && p.zero == 0 {
		line, _ := position(p.src, p.pos)
		return nil, p.errorf(p.pos, "an element that can be matched",
			"a prose-val (line "+strconv.Itoa(line)+") describes its strings in words and cannot be matched; only a repetition of zero, as in 0<pchar>, may hold one", "prose-val")
	}
	if repeated && p.pos < len(p.src) && (isWSP(p.src[p.pos]) || p.atRuleEnd()) {
		return nil, p.errorf(p.pos, "the element repeated, right after the repetition count", "write 1*DIGIT, not 1* DIGIT", "repetition")
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
	switch {
	case list:
		return expandList(p.lists, lo, hi, e, start), nil
	case !repeated:
		return e, nil
	}
	return &node{kind: nRep, subs: []*node{e}, min: lo, max: hi, off: start}, nil
}

func (p *parser) element() (*node, error) {
	s := p.src
	if p.pos >= len(s) || p.atRuleEnd() {
		return nil, p.errorf(p.pos, "an element", "a rule, a group or an option cannot end here", "element")
	}
	start := p.pos
	switch c := s[p.pos]; {
	case isAlpha(c):
		return &node{kind: nName, name: p.name(), off: start}, nil
	case c == '(' || c == '[':
		return p.group(c)
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
			return nil, p.errorf(p.pos, "\">\" to close the prose-val", "a prose-val ends on its line", "prose-val")
		}
		text := s[p.pos+1 : p.pos+end]
		p.pos += end + 1
		return &node{kind: nProse, lit: text, off: start}, nil
	}
	return nil, p.unexpected("an element: a rule name, a group, an option, a string or a value", "element")
}

// group reads a group or an option, opened by c at p.pos.
func (p *parser) group(c byte) (*node, error) {
	s, start := p.src, p.pos
	what, want, syntax := "group", byte(')'), "group"
	if c == '[' {
		what, want, syntax = "option", ']', "option"
	}
	if p.depth >= maxDepth {
		return nil, p.errorf(p.pos, "groups and options nested at most "+strconv.Itoa(maxDepth)+" deep", "", syntax)
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
	if p.pos >= len(s) || s[p.pos] != want {
		expected := strconv.Quote(string(want)) + " to close the " + what + " opened at " + p.where(start)
		if p.atRuleEnd() {
			return nil, p.errorf(p.pos, expected, "the rule ends here with the "+what+" still open", syntax)
		}
		return nil, p.unexpected(expected, syntax)
	}
	p.pos++
	if c == '[' {
		return &node{kind: nRep, subs: []*node{a}, min: 0, max: 1, off: start}, nil
	}
	return a, nil
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
			return "", p.errorf(p.pos, "'\"' to close the string opened at "+p.where(start), "a quoted string ends on its line; there is no escape: write a quote as %x22", "char-val")
		}
		if c < 0x20 || c > 0x7E {
			return "", p.errorf(p.pos, "a printable ASCII character or '\"'", "write other characters as %x values: a quoted string holds %x20-21 / %x23-7E", "char-val")
		}
		p.pos++
	}
	if p.pos >= len(s) {
		return "", p.errorf(p.pos, "'\"' to close the string opened at "+p.where(start), "", "char-val")
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
		return nil, p.errorf(p.pos, "b, d, x, s or i after %", "", "num-val")
	}
	base, syntax := 0, ""
	switch s[p.pos] | 0x20 {
	case 's', 'i':
		fold := s[p.pos]|0x20 == 'i'
		p.pos++
		if p.pos >= len(s) || s[p.pos] != '"' {
			return nil, p.errorf(p.pos, "a quoted string after %s or %i", "", "case-string")
		}
		lit, err := p.quoted()
		if err != nil {
			return nil, err
		}
		return &node{kind: nLit, lit: lit, fold: fold, off: start}, nil
	case 'b':
		base, syntax = 2, "bin-val"
	case 'd':
		base, syntax = 10, "dec-val"
	case 'x':
		base, syntax = 16, "hex-val"
	default:
		return nil, p.errorf(p.pos, "b, d or x (a value) or s or i (a string) after %", "", "num-val")
	}
	p.pos++
	first, err := p.value(base, syntax)
	if err != nil {
		return nil, err
	}
	if p.pos < len(s) && s[p.pos] == '-' {
		p.pos++
		last, err := p.value(base, syntax)
		if err != nil {
			return nil, err
		}
		if last < first {
			return nil, p.errorf(start, "a range whose second value is not below its first", "", syntax)
		}
		return &node{kind: nRange, lo: first, hi: last, off: start}, nil
	}
	vals := []rune{first}
	for p.pos < len(s) && s[p.pos] == '.' {
		p.pos++
		if first, err = p.value(base, syntax); err != nil {
			return nil, err
		}
		vals = append(vals, first)
	}
	return &node{kind: nVals, vals: vals, off: start}, nil
}

// value reads one number in base.
func (p *parser) value(base int, syntax string) (rune, error) {
	s, start := p.src, p.pos
	for p.pos < len(s) && digitValue(s[p.pos]) < base {
		p.pos++
	}
	names := map[int]string{2: "binary", 10: "decimal", 16: "hexadecimal"}
	if p.pos == start {
		return 0, p.errorf(p.pos, names[base]+" digits", "", syntax)
	}
	n, err := strconv.ParseUint(s[start:p.pos], base, 32)
	if err != nil || n > utf8.MaxRune {
		return 0, p.errorf(start, "a value of at most %x10FFFF", "", syntax)
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
