package combinator

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// SyntaxError is the diagnosis of input that does not match a rule: where the
// match could go no farther and what the grammar expected there.
//
// A named rule that fails where it starts is expected under its name, in
// place of the pieces inside it ("scheme", not ALPHA, for "/x" against URI);
// the rule explained is not, since its own name would say nothing: "1abc"
// against Scheme expects ALPHA. A rule with no pieces to name instead, a
// terminal or a character class such as ALPHA or pchar, is expected as
// itself when it is the rule explained. A literal of several bytes fails at its first
// byte that differs, expecting the rest of it: "s://[:1]" fails at the "1",
// where the second ":" of "::" was expected.
type SyntaxError struct {
	Input    string   // the input, as given
	Offset   int      // byte offset of the first byte that cannot be part of the rule (len(Input) at its end)
	Rule     string   // the rule that was matched (its name, or its ABNF)
	In       string   // the innermost named rule in progress at Offset, "" when none inside Rule
	Expected []string // what could have matched at Offset: rule names and ABNF terminals

	// Stopped is set when the match was stopped at a bound of the engine
	// (MaxDepth) rather than failing: Offset is then where it stopped, and
	// Expected is empty.
	Stopped *DepthError

	// Limit is set when the match of an exact rule was stopped at a bound
	// of its Limits: Offset is then where it stopped, and Expected is
	// empty.
	Limit *LimitError
}

// MaxMessage is about the most bytes that SyntaxError's Error and GoString
// return: each label is cut to 256 bytes, the list of what was expected
// after as many labels as fit, and the input is quoted around Offset, so
// that a user grammar with long literals or many alternatives cannot make a
// message of any size. Rule names that are not printable text are quoted,
// control and bidirectional formatting characters escaped.
const MaxMessage = 1024

// Error returns a message such as
//
//	invalid character ' ' at offset 8 in segment: expected pchar, "/", "?", "#" or end of input
//
// of at most about MaxMessage bytes.
func (e *SyntaxError) Error() string {
	if e.Stopped != nil {
		return e.Stopped.Error()
	}
	if e.Limit != nil {
		return e.Limit.Error()
	}
	where := e.In
	if where == "" {
		where = e.Rule
	}
	where = errtext.Clip(escapeLabel(where), labelMax)
	head := fmt.Sprintf("%s at offset %d in %s: expected ", e.Found(), e.Offset, where)
	return head + joinBounded(e.Expected, MaxMessage-len(head))
}

// joinBounded is JoinExpected of labels, each escaped and cut to labelMax
// bytes, and as many of them as fit in about room bytes, "n more" standing
// for the others.
func joinBounded(labels []string, room int) string {
	room = max(room, labelMax)
	out := make([]string, 0, min(len(labels), 16))
	n := 0
	for i, l := range labels {
		l = errtext.Clip(escapeLabel(l), labelMax)
		if n+len(l) > room && i > 0 {
			out = append(out, fmt.Sprintf("%d more", len(labels)-i))
			break
		}
		n += len(l) + 2
		out = append(out, l)
	}
	return JoinExpected(out)
}

// escapeLabel escapes, as escapeName does, a label that holds a control or
// bidirectional formatting character or invalid UTF-8; labels made by this
// package never do (they escape names and print bytes as %x values), but a
// SyntaxError may be made by hand.
func escapeLabel(l string) string {
	for _, c := range l {
		if c == utf8.RuneError || !strconv.IsPrint(c) {
			return strconv.Quote(l)
		}
	}
	return l
}

// GoString returns the error in Go syntax, for %#v, as bounded as Error: the
// input is quoted around Offset (errtext.Quote) and the labels cut.
func (e *SyntaxError) GoString() string {
	var b strings.Builder
	fmt.Fprintf(&b, "&combinator.SyntaxError{Input:%s, Offset:%d, Rule:%s, In:%s, Expected:[]string{",
		errtext.Quote(e.Input, e.Offset), e.Offset, strconv.Quote(errtext.Clip(e.Rule, labelMax)),
		strconv.Quote(errtext.Clip(e.In, labelMax)))
	for i, l := range e.Expected {
		if b.Len() > MaxMessage {
			fmt.Fprintf(&b, "/* %d more */", len(e.Expected)-i)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(errtext.Clip(l, labelMax)))
	}
	b.WriteString("}")
	if e.Stopped != nil {
		fmt.Fprintf(&b, ", Stopped:%#v", *e.Stopped)
	}
	if e.Limit != nil {
		fmt.Fprintf(&b, ", Limit:%#v", *e.Limit)
	}
	b.WriteString("}")
	return b.String()
}

// Unwrap returns the error that stopped the match: Stopped (a
// *DepthError) or Limit (a *LimitError), or nil.
func (e *SyntaxError) Unwrap() error {
	switch {
	case e.Stopped != nil:
		return e.Stopped
	case e.Limit != nil:
		return e.Limit
	}
	return nil
}

// Found describes the input at Offset: "invalid character 'x'", "invalid byte
// 0xFF" or "unexpected end of input".
func (e *SyntaxError) Found() string {
	return DescribeAt(e.Input, e.Offset)
}

// DescribeAt describes what stands at offset off of s, for error messages:
// "invalid character 'x'", "invalid character 'é' (UTF-8 0xC3 0xA9)", "invalid
// byte 0xFF" or "unexpected end of input".
func DescribeAt(s string, off int) string { return errtext.DescribeAt(s, off) }

// JoinExpected joins labels as a list: `a`, `a or b`, `a, b or c`.
func JoinExpected(labels []string) string { return errtext.JoinExpected(labels) }
