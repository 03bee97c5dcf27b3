package uri

import (
	"errors"
	"strconv"

	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/internal/hint"
)

// ParseError is the error of every Parse function: where the text stops being
// a URI reference and what the grammar expected there. Reach it with
// errors.As.
//
// Errors of the same shape may share the array of their Expected list: read
// the list, do not write to it (slices.Clone it to edit it).
type ParseError struct {
	Input     string   // the text, as given
	Offset    int      // byte offset of the first byte that cannot be part of the rule: the length of the longest prefix of Input that some string of Rule starts with
	Rule      string   // the top rule: "URI", "URI-reference", "absolute-URI" or "relative-ref"
	Component string   // the component Offset falls in as Rule reads Input: "scheme", "authority", "userinfo", "host", "port", "path", "query" or "fragment"
	Expected  []string // what the grammar could have matched at Offset: rule names and terminals (shared: see above)
	Hint      string   // what the mistake probably was, in plain words ("a space is not allowed as it stands: ..."), in the words iri.ParseError uses for it; "" when there is nothing to add

	// Suggestion is the text the input probably meant, whole, when the Hint
	// proposes one ("did you mean ...": "https://example.com/a" for
	// "example.com/a", "file:///C:/dir" for `C:\dir`, "./a:b" for the
	// relative "a:b"); else "". It is a guess from the shape of the input,
	// not a repair: it may itself fail to parse when the input holds a
	// second mistake. Unlike the Hint, which quotes it cut to 64 bytes and
	// its password redacted, it keeps every byte, as Input does. It is ""
	// for an input longer than 4 KiB, so that no error of a long input
	// copies it.
	Suggestion string
}

// Error returns a message such as
//
//	uri: invalid character ' ' at offset 8 in path: expected pchar, "/", "?", "#" or end of input; a space is not allowed as it stands: percent-encode it as "%20"
//
// It ends with the Hint, when there is one. It quotes no more than 64 bytes
// of the input and escapes control characters, however long the input.
// When Offset falls in what reads as the password of the userinfo (from
// its first ":" to the last "@" of the authority, as errtext.InPassword
// finds it in text that does not parse), it names neither the character nor
// its percent-encoding (§3.2.1: a password is not to be rendered), and the
// hint is errtext.PasswordHint; the fields keep the details.
func (e *ParseError) Error() string {
	found, hint := errtext.DescribeAt(e.Input, e.Offset), e.Hint
	if errtext.InPassword(e.Input, e.Offset) {
		found, hint = errtext.PasswordFound, errtext.PasswordHint
	}
	msg := "uri: " + found + " at offset " + strconv.Itoa(e.Offset) +
		" in " + e.Component + ": expected " + errtext.JoinExpected(e.Expected)
	if hint != "" {
		msg += "; " + hint
	}
	return msg
}

// GoString returns the error as %#v shows it: Input without a password
// that any reading sees (errtext.RedactURI), cut to 64 bytes and quoted, and
// the rest as Error writes it, so that %#v is as safe to log as %v.
func (e *ParseError) GoString() string {
	in, _ := errtext.RedactURI(e.Input, 0)
	return "&uri.ParseError{Input:" + strconv.Quote(errtext.Clip(in, errtext.Max)) + "} /* " + e.Error() + " */"
}

// ErrInvalid is matched by every *ParseError under errors.Is, for callers that
// only need to know that the text was not a URI.
var ErrInvalid = errors.New("uri: invalid URI reference")

// Is reports whether target is ErrInvalid.
func (e *ParseError) Is(target error) bool { return target == ErrInvalid }

// newParseError explains why s does not match rule with its generated
// diagnosis; prefix, the end of the prefix of s that rule matches (or -1), is
// a lower bound of where it fails, and sp holds the captures of that match
// (zero spans where it set none).
//
// Most rejections are known without the diagnosis (stopOf, stop.go): a
// byte that no position of the grammar takes after a host name, where one
// starts, in a path, query or fragment (a space, a "{" of an unexpanded
// template, a raw non-ASCII byte), a "%" that two HEXDIG do not follow:
// the stops tell the offset and the labels, the same for every input of
// that shape (stop_test.go compares them with the diagnosis). When the
// stop is where the fast match stopped and the hint of the byte is one of
// the constants of internal/hint (stopHint), as it is for most of them,
// knownError makes the error; else explainError does. Where only an IP
// literal takes the byte, its diagnosis alone is run (genHaltExplain).
func newParseError(s string, rule topRule, prefix int, sp *[nslots]span) *ParseError {
	off, labels, alone := stopOf(s, rule, sp)
	switch {
	case labels != nil:
		comp := stopComponent(s, off, rule, prefix, sp)
		// A port's hints quote the port: hintOf writes them.
		if off == prefix && off < len(s) && comp != "port" {
			if h := stopHint(s, off, rule, comp); h != "" {
				return knownError(s, rule, off, labels, comp, h)
			}
		}
		return explainError(s, rule, off, labels, comp, nil)
	case alone > 0:
		var d genDiag
		if genHaltExplain(alone, s, off, &d) {
			// The one rule the stops leave alone is IP-literal, where
			// a host starts (after "//" or a userinfo's "@"), and its
			// diagnosis fails before its "]": in the host, as
			// componentAt would say (TestIPLiteralStop compares them).
			return explainError(s, rule, d.far, nil, "host", &d)
		}
	}
	return explainError(s, rule, prefix, nil, "", nil)
}

// explainError is newParseError where knownError does not make the error:
// the labels exp and the component comp at off, where the stops found
// them; when exp is nil, those a diagnosis recorded in d (an IP literal's,
// failing at off), or, when d is nil too, those of the diagnosis of rule,
// for which off is a lower bound of where s fails.
func explainError(s string, rule topRule, off int, exp []string, comp string, d *genDiag) *ParseError {
	var e *ParseError
	if exp != nil {
		e = new(ParseError)
	} else {
		if d == nil {
			d = new(genDiag)
			if off = diagnose(rule, s, off, d); off < 0 { // cannot happen: the fast match failed; the rule is expected at 0
				off = 0
			}
			comp = componentAt(s, off, rule)
		}
		e, exp = errorWithLabels(d)
	}
	if len(exp) == 0 { // as off < 0 above
		exp = []string{rule.Name()}
	}
	// The hint is written on the stack first: most hints are constants
	// (hint.Of's fixed), and only one that quotes the input is copied.
	var text [320]byte
	h, fixed, sug := hint.Of(text[:0], &hint.Text{S: s, Off: off, Rule: hint.Rule(rule), Component: comp})
	if len(h) > 0 {
		fixed = string(h)
	}
	var suggestion string
	if len(s) <= maxSuggestion {
		suggestion = sug.String()
	}
	*e = ParseError{
		Input:      s,
		Offset:     off,
		Rule:       rule.Name(),
		Component:  comp,
		Expected:   exp[:len(exp):len(exp)],
		Hint:       fixed,
		Suggestion: suggestion,
	}
	return e
}

// errorWithRoom is a ParseError and the array of the Expected list of a
// diagnosis, allocated together: one allocation where a separate list made
// two. It holds the lists of most diagnoses (of a broken IP literal: one
// to five labels); a longer list is allocated apart.
type errorWithRoom struct {
	e   ParseError
	exp [6]string
}

// errorWithLabels returns a new ParseError and the labels d recorded, in
// an array allocated with it where they fit: the labels are the error's
// own, never shared, as the diagnosis's always were.
func errorWithLabels(d *genDiag) (*ParseError, []string) {
	var e *ParseError
	var exp []string
	if d.n <= len(errorWithRoom{}.exp) {
		r := new(errorWithRoom)
		e, exp = &r.e, r.exp[:0]
	} else {
		e, exp = new(ParseError), make([]string, 0, d.n)
	}
	return e, d.appendLabels(exp)
}

// maxSuggestion is the longest input whose ParseError gets a Suggestion: the
// suggestion copies the input, which the rest of an error never does.
const maxSuggestion = 4 << 10
