package uri

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/internal/hint"
	"github.com/seed42851778/rfc3986/internal/urigrammar"
)

// manyLabels are inputs whose diagnosis expects more labels than the
// common allocations of a ParseError hold (12): 14 for URI-reference, the
// most a search of random strings over the delimiters found.
var manyLabels = []string{"a[:v#", "F2f[a3?"}

// longHints are inputs whose hint is among the longest: a character outside
// ASCII in a host (with the note on IDNA), a long port, a Windows path.
var longHints = []string{
	"http://\U0010FFFD/",
	"http://a\u00e9/",
	"http://h:" + strings.Repeat("9", 100) + "x/",
	`C:\` + strings.Repeat(`dir\`, 40),
	"http://" + strings.Repeat("1:", 40) + ":1/",
}

// TestParseErrorMatchesInterpreter checks each field of the errors of the four
// Parse functions, made in one allocation from the generated diagnosis and
// the hint written on the stack, against their references: Offset and
// Expected against the interpreter's ExplainFrom on the rule of
// internal/urigrammar, Component against componentAt, Hint against
// hintFor, which writes every hint out, and Suggestion against the one
// hint.Of proposes (none for an input over 4 KiB).
func TestParseErrorMatchesInterpreter(t *testing.T) {
	inputs := append(append(append([]string(nil), genInputs...), manyLabels...), longHints...)
	if !testing.Short() {
		for _, l := range corpus.Lines(t, "urls.txt") {
			if _, err := ParseReference(l); err != nil {
				inputs = append(inputs, l)
			}
		}
	}
	rules := []struct {
		rule  topRule
		parse func(string) (URI, error)
		ref   *c.Rule
	}{
		{ruleURIReference, ParseReference, urigrammar.URIReference},
		{ruleURI, Parse, urigrammar.URI},
		{ruleAbsoluteURI, ParseAbsolute, urigrammar.AbsoluteURI},
		{ruleRelativeRef, ParseRelative, urigrammar.RelativeRef},
	}
	type fields struct {
		Offset     int
		Component  string
		Expected   []string
		Hint       string
		Suggestion string
	}
	for _, s := range inputs {
		for _, r := range rules {
			_, err := r.parse(s)
			se := r.ref.ExplainFrom(s, -1)
			if (err == nil) != (se == nil) {
				t.Fatalf("%s(%q): error %v, the interpreter's diagnosis %v", r.rule.Name(), s, err, se)
			}
			if err == nil {
				continue
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%s(%q): %T, want *ParseError", r.rule.Name(), s, err)
			}
			comp := componentAt(s, se.Offset, r.rule)
			_, _, sug := hint.Of(nil, &hint.Text{S: s, Off: se.Offset, Rule: hintRule(r.rule.Name()), Component: comp})
			want := fields{se.Offset, comp, se.Expected,
				string(hintFor(nil, s, se.Offset, r.rule.Name(), comp, nil)), sug.String()}
			if len(s) > 4<<10 {
				want.Suggestion = ""
			}
			got := fields{pe.Offset, pe.Component, pe.Expected, pe.Hint, pe.Suggestion}
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("%s(%q) (-want +got):\n%s", r.rule.Name(), s, diff)
			}
			if cap(pe.Expected) != len(pe.Expected) {
				t.Errorf("%s(%q): Expected has room for %d more labels: an append would write into the error", r.rule.Name(), s, cap(pe.Expected)-len(pe.Expected))
			}
			if pe.Input != s || pe.Rule != r.rule.Name() {
				t.Errorf("%s(%q): Input %q, Rule %q", r.rule.Name(), s, pe.Input, pe.Rule)
			}
		}
	}
}

// TestParseErrorAllocs bounds what a rejection allocates: one allocation,
// the ParseError, for the shapes knownError makes (their labels shared,
// their hint a constant), and at most two for the others: the error with
// its own expected list in the same allocation (errorWithRoom), and a hint
// that quotes the input; and a third for a Suggestion, however long the
// input.
func TestParseErrorAllocs(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want float64
	}{
		{"http://a b", 1},                         // a space after a host name: the stops know it
		{"https://x.{Region}/", 1},                // an unexpanded template: the stops know it
		{"https://de.wikipedia.org/wiki/Köln", 2}, // non-ASCII: its hint quotes the character
		{"%zz", 2},           // a broken percent-encoding
		{"http://h:8x/", 2},  // a port hint that quotes the port
		{"C:\\dir\\file", 3}, // a Windows path: a suggestion built from the input
		{"http://" + strings.Repeat("a", 1<<16) + " b", 1}, // a long input: the hint quotes nothing of it
		{"http://[::1/", 2},     // an unclosed IP literal
		{"http://[a-z0-9]/", 2}, // an IP literal that is no address
	} {
		var err error
		n := testing.AllocsPerRun(50, func() { _, err = ParseReference(tt.in) })
		if err == nil {
			t.Fatalf("ParseReference(%.40q) succeeded", tt.in)
		}
		if n > tt.want {
			t.Errorf("ParseReference(%.40q) allocates %v times, want at most %v", tt.in, n, tt.want)
		}
	}
}

// TestParseErrorHidesEveryReadingsPassword checks the printed forms of a
// ParseError (%v, %+v, %s and %#v) for texts whose password a reading sees
// (RFC 3986 §3.2.1; browsers read one after a special scheme whatever the
// slashes): the character at fault is not described when it lies in that
// password, and %#v quotes Input without it.
func TestParseErrorHidesEveryReadingsPassword(t *testing.T) {
	for _, tc := range []struct{ in, msg, goSyntax string }{
		{"https:user:s3 cr3t@host/",
			`uri: invalid character (not shown: it may be part of a password) at offset 13 in path: expected pchar, "/", "?", "#" or end of input; ` + errtext.PasswordHint,
			`&uri.ParseError{Input:"https:user:xxxxx@host/"} /* `},
		{`https:\\user:s3cr3t@host/`, "",
			`&uri.ParseError{Input:"https:\\\\user:xxxxx@host/"} /* `},
		{"http://user:s3cr3t@host/ x", `uri: invalid character ' ' at offset 24 in path`,
			`&uri.ParseError{Input:"http://user:xxxxx@host/ x"} /* uri: invalid character ' ' at offset 24 in path`},
	} {
		_, err := ParseReference(tc.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("ParseReference(%q): %v", tc.in, err)
		}
		for _, f := range []string{"%v", "%+v", "%s", "%#v"} {
			if got := fmt.Sprintf(f, err); strings.Contains(got, "cr3t") {
				t.Errorf("%s of the error of %q shows the password: %s", f, tc.in, got)
			}
		}
		if !strings.HasPrefix(err.Error(), tc.msg) {
			t.Errorf("the error of %q:\n%s\nwant it to start with\n%s", tc.in, err, tc.msg)
		}
		if got := fmt.Sprintf("%#v", err); !strings.HasPrefix(got, tc.goSyntax) {
			t.Errorf("%%#v of the error of %q:\n%s\nwant it to start with\n%s", tc.in, got, tc.goSyntax)
		}
	}
	long := "http://user:s3cr3t@h/" + strings.Repeat("a", 1<<20) + " "
	_, err := ParseReference(long)
	if got := fmt.Sprintf("%#v", err); len(got) > 1<<10 {
		t.Errorf("%%#v of the error of a 1 MiB input is %d bytes", len(got))
	}
}
