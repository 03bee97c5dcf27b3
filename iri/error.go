package iri

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/rfc3987"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
)

// ParseError is the error of Parse and ParseReference: where the text stops
// being an IRI reference, what the grammar expected there, and, for a common
// mistake, what was probably meant. Reach it with errors.As; errors.Is
// matches it with ErrInvalid.
type ParseError struct {
	Input     string   // the text, as given
	Offset    int      // byte offset of the first byte that cannot be part of the rule (len(Input) at its end); the start of a character outside ASCII
	Rule      string   // the top rule: "IRI", "IRI-reference", "absolute-IRI" or "irelative-ref"
	Component string   // the component Offset falls in: "scheme", "authority", "userinfo", "host", "port", "path", "query" or "fragment"
	Expected  []string // what the grammar could have matched at Offset: rule names and terminals
	Hint      string   // what was probably meant, or ""
}

// Error returns a message such as
//
//	iri: invalid character ' ' at offset 8 in path: expected ipchar, "/", "?", "#" or end of input (a space is written %20)
//
// quoting at most 64 bytes of input around Offset.
func (e *ParseError) Error() string {
	found, hint := errtext.DescribeAt(e.Input, e.Offset), e.Hint
	if errtext.InPassword(e.Input, e.Offset) {
		found, hint = errtext.PasswordFound, errtext.PasswordHint
	}
	msg := "iri: " + found + " at offset " + strconv.Itoa(e.Offset) +
		" in " + e.Component + ": expected " + c.JoinExpected(e.Expected)
	if hint != "" {
		msg += " (" + hint + ")"
	}
	return msg + " in " + excerpt(e.Input, e.Offset)
}

// ErrInvalid is matched by every *ParseError under errors.Is, for callers
// that only need to know that the text was not an IRI reference.
var ErrInvalid = errors.New("iri: invalid IRI reference")

// Is reports whether target is ErrInvalid.
func (e *ParseError) Is(target error) bool { return target == ErrInvalid }

// newParseError explains why s does not match rule, whose generated
// matcher stopped at prefix (or failed, -1).
func newParseError(s string, rule topRule, prefix int) *ParseError {
	// One allocation for the error and, most often, what it expected.
	e := new(struct {
		ParseError
		buf [12]string
	})
	off, exp := explain(rule, s, prefix, e.buf[:0])
	if off < 0 { // cannot happen: the match failed
		off, exp = 0, append(exp, rule.Name())
	}
	comp := uri.ComponentAt(s, off, rule.uriName())
	e.ParseError = ParseError{Input: s, Offset: off, Rule: rule.Name(), Component: comp,
		Expected: exp[:len(exp):len(exp)], Hint: hint(s, off, comp)}
	return &e.ParseError
}

// hint says what was probably meant by the byte at off of s, in comp, when
// it is a common mistake.
func hint(s string, off int, comp string) string {
	// A "%" up to two bytes before off that HEXDIGs do not follow.
	for k := max(0, off-2); k < off && k < len(s); k++ {
		if s[k] == '%' && strings.Trim(s[k+1:off], "0123456789ABCDEFabcdef") == "" {
			return `"%" starts a percent-encoding "%" HEXDIG HEXDIG; a "%" itself is written %25`
		}
	}
	if off < 0 || off >= len(s) {
		return ""
	}
	b := s[off]
	if b >= utf8.RuneSelf {
		r, size := utf8.DecodeRuneInString(s[off:])
		enc := pctEncode(s[off : off+size])
		switch {
		case size == 1:
			return fmt.Sprintf("the text is not valid UTF-8 here; an IRI is UTF-8 text: percent-encode the byte as %%%02X", b)
		case r >= 0x80 && r <= 0x9F:
			return fmt.Sprintf("%U is a control character, not a ucschar (RFC 3987 §2.2): percent-encode it as %s", r, enc)
		case rfc3987.IPrivateSet.Contains(r) && comp != "query":
			return fmt.Sprintf("%U is a private-use character, allowed in the query only (RFC 3987 §2.2): percent-encode it as %s", r, enc)
		case !rfc3987.UCSCharSet.Contains(r) && !rfc3987.IPrivateSet.Contains(r):
			return fmt.Sprintf("%U is not a ucschar (RFC 3987 §2.2): percent-encode it as %s", r, enc)
		}
		return ""
	}
	switch {
	case b == ' ':
		return "a space is written %20"
	case b == '%':
		return `"%" starts a percent-encoding "%" HEXDIG HEXDIG; a "%" itself is written %25`
	case b == '#' && comp == "fragment":
		return `a second "#" is written %23`
	case (b == '[' || b == ']') && comp != "host":
		return fmt.Sprintf("%q outside an IP literal is written %%%02X", b, b)
	case b < 0x20 || b == 0x7F || strings.IndexByte(`"<>\^`+"`{|}", b) >= 0:
		return fmt.Sprintf("percent-encode it as %%%02X", b)
	}
	return ""
}

// pctEncode percent-encodes every byte of s, upper-case hex.
func pctEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, "%%%02X", s[i])
	}
	return b.String()
}

// excerpt quotes s for a message: its password, if it has one, replaced by
// "xxxxx" (RFC 3986 §3.2.1), and at most 64 bytes of it around off.
func excerpt(s string, off int) string {
	return errtext.QuoteURI(s, off)
}

// GoString returns the error as %#v shows it: its fields, Input quoted as
// Error quotes it (the password as "xxxxx", at most 64 bytes around Offset,
// escaped), so that %#v is as safe to log as %v.
func (e *ParseError) GoString() string {
	exp := make([]string, len(e.Expected))
	for k, x := range e.Expected {
		exp[k] = strconv.Quote(errtext.Clip(x, errtext.Max))
	}
	return "&iri.ParseError{Input:" + excerpt(e.Input, e.Offset) + ", Offset:" + strconv.Itoa(e.Offset) +
		", Rule:" + strconv.Quote(errtext.Clip(e.Rule, errtext.Max)) + ", Component:" + strconv.Quote(errtext.Clip(e.Component, errtext.Max)) +
		", Expected:[]string{" + errtext.Clip(strings.Join(exp, ", "), 512) + "}, Hint:" + strconv.Quote(errtext.Clip(e.Hint, 256)) + "}"
}

// GoString returns the error as %#v shows it: Host quoted as Error quotes
// it (at most 64 bytes, escaped), Err as its message cut as Error cuts it.
func (e *IDNAError) GoString() string {
	reason := "<nil>"
	if e.Err != nil {
		reason = errtext.Clip(e.Err.Error(), 2*errtext.Max)
	}
	return "&iri.IDNAError{Host:" + quote(e.Host) + ", Err:" + strconv.Quote(reason) + "}"
}
