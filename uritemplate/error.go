package uritemplate

import (
	"errors"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/ascii"
)

// ParseError is the error of Parse: where the text stops being a URI
// Template, what the grammar of RFC 6570 §2 expected there and, for a common
// mistake, what was probably meant. Reach it with errors.As.
type ParseError struct {
	Input    string   // the template, as given
	Offset   int      // byte offset of the first byte that cannot be part of the template (len(Input) at its end)
	In       string   // the rule Offset falls in: "URI-Template", "literals", "expression", "varname", "prefix", …
	Expected []string // what the grammar could have matched at Offset: rule names and terminals
	Hint     string   // plain words on the probable mistake, "" when there is none to give
}

// Error returns a message such as
//
//	uritemplate: invalid character ' ' at offset 5 in expression: expected ".", varchar, modifier-level4, "," or "}"; a varname cannot hold a space
func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString("uritemplate: ")
	b.WriteString(c.DescribeAt(e.Input, e.Offset))
	b.WriteString(" at offset ")
	b.WriteString(strconv.Itoa(e.Offset))
	if e.In != "" {
		b.WriteString(" in ")
		b.WriteString(e.In)
	}
	if len(e.Expected) > 0 {
		b.WriteString(": expected ")
		b.WriteString(c.JoinExpected(e.Expected))
	}
	if e.Hint != "" {
		b.WriteString("; ")
		b.WriteString(e.Hint)
	}
	return b.String()
}

// ErrInvalid is matched by every *ParseError under errors.Is, for callers
// that only need to know that the text was not a URI Template.
var ErrInvalid = errors.New("uritemplate: invalid URI Template")

// Is reports whether target is ErrInvalid.
func (e *ParseError) Is(target error) bool { return target == ErrInvalid }

// ExpandError is the error of Expand, ExpandURI and the expansion steps of
// the uri command: a variable whose value the template cannot expand. Reach
// it with errors.As.
type ExpandError struct {
	Offset int    // byte offset in the template of the varspec
	Var    string // the variable's name
	Reason string // what is wrong, in plain words
}

// Error returns a message such as
//
//	uritemplate: variable "keys" at offset 1: a prefix modifier applies to a string value, not to map[string]string (RFC 6570 §2.4.1)
func (e *ExpandError) Error() string {
	name := e.Var
	if len(name) > 64 { // a varname is ASCII: cut it anywhere
		name = name[:64] + "..."
	}
	return "uritemplate: variable " + strconv.Quote(name) + " at offset " + strconv.Itoa(e.Offset) + ": " + e.Reason
}

// newParseError explains why s is not a URI Template: the grammar's
// diagnosis and a hint for the common mistakes.
func newParseError(s string) *ParseError {
	se := URITemplate.Explain(s)
	if se == nil { // cannot happen: s did not match
		return &ParseError{Input: s, Offset: 0, In: "URI-Template", Expected: []string{"URI-Template"}}
	}
	e := &ParseError{Input: s, Offset: se.Offset, In: se.In, Expected: se.Expected}
	if e.In == "" {
		e.In = "URI-Template"
	}
	e.Hint = hint(s, se.Offset)
	return e
}

// hint says in plain words what is probably wrong at offset off of s, a
// template that fails to match there.
func hint(s string, off int) string {
	open := strings.LastIndexByte(s[:off], '{')
	inExpr := open >= 0 && strings.IndexByte(s[open:off], '}') < 0
	var ch byte
	if off < len(s) {
		ch = s[off]
	}
	pct := off >= 1 && s[off-1] == '%' || off >= 2 && s[off-2] == '%' && isHex(s[off-1])
	if !inExpr {
		switch {
		case pct:
			return `a "%" must start a pct-encoded triplet: write %25 for "%" itself`
		case off >= len(s):
			return ""
		case ch == '}':
			return `a "}" without an opening "{"`
		case ch == ' ':
			return "a space cannot stand in a template: write %20"
		case ch == '%':
			return `a "%" must start a pct-encoded triplet: write %25 for "%" itself`
		case ch >= utf8RuneSelf:
			return "invalid UTF-8, or a code point that is neither ucschar nor iprivate"
		case ch < 0x20 || ch == 0x7F:
			return "a control character cannot stand in a template: pct-encode it"
		}
		return "this character cannot stand as a literal (RFC 6570 §2.1): write it pct-encoded as %" + hex2(ch)
	}
	body := s[open+1 : off]
	switch {
	case off >= len(s):
		return `unclosed "{" at offset ` + strconv.Itoa(open)
	case ch == ' ':
		if body == "" {
			return "an expression cannot start with a space"
		}
		return "a varname cannot hold a space"
	case ch == '{':
		return `expressions cannot be nested: a "{" inside an expression (unclosed "{" at offset ` + strconv.Itoa(open) + ")"
	case ch == '$' || ch == '(' || ch == ')':
		return `"$", "(" and ")" are excluded from expressions (RFC 6570 §2.2)`
	case (ch == '*' || ch == ':') && (strings.HasSuffix(body, "*") || prefixDone(body)):
		return "a varspec takes one modifier at most: a prefix or explode, not both"
	case prefixInProgress(body):
		return "a prefix max-length is a number from 1 to 9999 (RFC 6570 §2.4.1)"
	case (ch == '}' || ch == ',') && (body == "" || strings.HasSuffix(body, ",") || len(body) == 1 && isOperator(body[0])):
		return "a variable name is missing"
	case ch == '}' && strings.HasSuffix(body, "."):
		return `a varname cannot end with "."`
	case ch == '.' && strings.HasSuffix(body, "."):
		return `a varname cannot hold ".."`
	case pct:
		return `a "%" in a varname must start a pct-encoded triplet`
	case len(body) == 1 && isOperator(body[0]) && (isOperator(ch) || isReserved(ch)):
		return "an expression takes one operator at most"
	case !strings.ContainsRune(".,:*}", rune(ch)):
		return `a varname holds ALPHA, DIGIT, "_", "." and pct-encoded only`
	}
	return ""
}

const utf8RuneSelf = 0x80

// prefixInProgress reports whether body, the text of an expression up to a
// failure, ends inside a prefix modifier: ":" and up to four digits.
func prefixInProgress(body string) bool {
	i := len(body)
	for i > 0 && body[i-1] >= '0' && body[i-1] <= '9' {
		i--
	}
	return i > 0 && body[i-1] == ':' && len(body)-i <= 4
}

// prefixDone reports whether body ends with a complete prefix modifier.
func prefixDone(body string) bool {
	i := len(body)
	for i > 0 && body[i-1] >= '0' && body[i-1] <= '9' {
		i--
	}
	return i < len(body) && i > 0 && body[i-1] == ':'
}

func isOperator(b byte) bool { return strings.IndexByte("+#./;?&", b) >= 0 }
func isReserved(b byte) bool { return strings.IndexByte("=,!@|", b) >= 0 }

func hex2(b byte) string {
	return string([]byte{ascii.UpperHex[b>>4], ascii.UpperHex[b&15]})
}
