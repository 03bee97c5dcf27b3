package combinator

import (
	"fmt"

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
}

// Error returns a message such as
//
//	invalid character ' ' at offset 8 in segment: expected pchar, "/", "?", "#" or end of input
func (e *SyntaxError) Error() string {
	where := e.In
	if where == "" {
		where = e.Rule
	}
	return fmt.Sprintf("%s at offset %d in %s: expected %s",
		e.Found(), e.Offset, where, JoinExpected(e.Expected))
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
