package iri

import (
	"errors"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/internal/hint"
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
	Hint      string   // what the mistake probably was, in the words uri.ParseError uses for it; "" when there is nothing to add

	// Suggestion is the text the input probably meant, whole, when the Hint
	// proposes one ("did you mean ...": "https://example.com/a" for
	// "example.com/a"), as uri.ParseError.Suggestion is; else "". It is ""
	// for an input longer than 4 KiB.
	Suggestion string
}

// Error returns a message such as
//
//	iri: invalid character ' ' at offset 8 in path of "http://h/a b": expected ipchar, "/", "?", "#" or end of input; a space is not allowed as it stands: percent-encode it as "%20"
//
// quoting at most 64 bytes of input around Offset, and ending with the
// Hint, when there is one. When Offset falls in what reads as the
// password of the userinfo, it names neither the character nor its
// percent-encoding, and the hint is errtext.PasswordHint, as uri's
// message does.
func (e *ParseError) Error() string {
	found, h := errtext.DescribeAt(e.Input, e.Offset), e.Hint
	if errtext.InPassword(e.Input, e.Offset) {
		found, h = errtext.PasswordFound, errtext.PasswordHint
	}
	msg := "iri: " + found + " at offset " + strconv.Itoa(e.Offset) + " in " + e.Component +
		" of " + excerpt(e.Input, e.Offset) + ": expected " + c.JoinExpected(e.Expected)
	if h != "" {
		msg += "; " + h
	}
	return msg
}

// ErrInvalid is matched by every *ParseError under errors.Is, for callers
// that only need to know that the text was not an IRI reference.
var ErrInvalid = errors.New("iri: invalid IRI reference")

// Is reports whether target is ErrInvalid.
func (e *ParseError) Is(target error) bool { return target == ErrInvalid }

// newParseError explains why s does not match rule, whose generated
// matcher stopped at prefix (or failed, -1), with the hint internal/hint
// gives an IRI.
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
	var text [320]byte
	h, fixed, sug := hint.Of(text[:0], &hint.Text{S: s, Off: off, Rule: hint.Rule(rule), Component: comp, Syntax: hint.IRI})
	if len(h) > 0 {
		fixed = string(h)
	}
	var suggestion string
	if len(s) <= maxSuggestion {
		suggestion = sug.String()
	}
	e.ParseError = ParseError{Input: s, Offset: off, Rule: rule.Name(), Component: comp,
		Expected: exp[:len(exp):len(exp)], Hint: fixed, Suggestion: suggestion}
	return &e.ParseError
}

// maxSuggestion is the longest input whose ParseError gets a Suggestion: the
// suggestion copies the input, which the rest of an error never does.
const maxSuggestion = 4 << 10

// hint.Rule(r) converts a topRule r: the lists are in the same order (a
// constant that overflows when they are not).
const _ = -uint(hint.Rule(ruleIRI) ^ hint.Absolute | hint.Rule(ruleAbsoluteIRI) ^ hint.AbsoluteForm |
	hint.Rule(ruleIRelativeRef) ^ hint.Relative | hint.Rule(ruleIRIReference) ^ hint.Reference)

// excerpt quotes s for a message: its password, if it has one, replaced by
// "xxxxx" (RFC 3986 §3.2.1), and at most 64 bytes of it around off.
func excerpt(s string, off int) string {
	return errtext.QuoteURI(s, off)
}

// GoString returns the error as %#v shows it: its fields, Input and
// Suggestion quoted as Error quotes Input (the password as "xxxxx", at most
// 64 bytes, escaped), so that %#v is as safe to log as %v.
func (e *ParseError) GoString() string {
	exp := make([]string, len(e.Expected))
	for k, x := range e.Expected {
		exp[k] = strconv.Quote(errtext.Clip(x, errtext.Max))
	}
	return "&iri.ParseError{Input:" + excerpt(e.Input, e.Offset) + ", Offset:" + strconv.Itoa(e.Offset) +
		", Rule:" + strconv.Quote(errtext.Clip(e.Rule, errtext.Max)) + ", Component:" + strconv.Quote(errtext.Clip(e.Component, errtext.Max)) +
		", Expected:[]string{" + errtext.Clip(strings.Join(exp, ", "), 512) + "}, Hint:" + strconv.Quote(errtext.Clip(e.Hint, 256)) +
		", Suggestion:" + excerpt(e.Suggestion, 0) + "}"
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
