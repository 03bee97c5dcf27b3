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
// a lower bound of where it fails.
//
// Rejections at a byte that no URI holds there, after a host name, where
// one starts, or in a path, query or fragment (a space, a "{" of an
// unexpanded template, a raw non-ASCII byte), are known without the
// diagnosis (knownStop): they fail where the fast match stopped, with the
// labels the diagnosis gives every input of that shape (TestHostStop,
// TestTailStop and FuzzHostStop compare them with the diagnosis and
// componentAt). So are those at a "%" that two HEXDIG do not follow,
// where pct-encoded may come (hexdigStop: TestPctStop): they fail after
// it and its one HEXDIG, if any. When the hint of the byte is one of the
// constants of internal/hint (stopHint), as it is for most of them,
// knownError makes the error; else explainError does.
func newParseError(s string, rule topRule, prefix int) *ParseError {
	known, comp := knownStop(s, prefix, rule)
	switch {
	case known == portStop: // its hints quote the port: hint.Of writes them
	case comp != "":
		if h := stopHint(s, prefix, rule, comp); h != "" {
			return knownError(s, rule, prefix, known, comp, h)
		}
	case known == hexdigStop: // after the "%" and its one HEXDIG, if any
		off := prefix + 1
		if off < len(s) && hintHexDig(s[off]) {
			off++
		}
		return explainError(s, rule, off, known, componentAt(s, off, rule))
	}
	return explainError(s, rule, prefix, known, comp)
}

// explainError is newParseError where knownError does not make the error:
// the labels known and the component comp at off, where knownStop found
// them, or, when comp is "", those of the diagnosis, for which off is a
// lower bound of where s fails.
func explainError(s string, rule topRule, off int, known, comp string) *ParseError {
	var exp []string
	if comp != "" { // the diagnosis's result, without running it
		exp = stopLabelList(known)
	} else {
		var d genDiag
		if known == ipLiteralStop && diagnoseIPLiteral(s, off, &d) {
			off = d.far
		} else if off = diagnose(rule, s, off, &d); off < 0 { // cannot happen: the fast match failed; the rule is expected at 0
			off = 0
		}
		exp, comp = d.appendLabels(make([]string, 0, d.n)), componentAt(s, off, rule)
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
	return &ParseError{
		Input:      s,
		Offset:     off,
		Rule:       rule.Name(),
		Component:  comp,
		Expected:   exp[:len(exp):len(exp)],
		Hint:       fixed,
		Suggestion: suggestion,
	}
}

// maxSuggestion is the longest input whose ParseError gets a Suggestion: the
// suggestion copies the input, which the rest of an error never does.
const maxSuggestion = 4 << 10
