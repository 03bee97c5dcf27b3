package uri

import (
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/corpus"
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
// internal/urigrammar, Component against componentAt, and Hint against
// hintFor, which writes every hint out.
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
		Offset    int
		Component string
		Expected  []string
		Hint      string
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
			want := fields{se.Offset, comp, se.Expected,
				string(hintFor(nil, s, se.Offset, r.rule.Name(), comp, nil))}
			got := fields{pe.Offset, pe.Component, pe.Expected, pe.Hint}
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

// TestParseErrorOneAllocation checks that a rejection costs one allocation,
// whatever its hint and however many labels it expects.
func TestParseErrorOneAllocation(t *testing.T) {
	inputs := append([]string{
		"http://a{b}",        // a hint that quotes nothing, 9 labels
		"http://a b/",        // the same, a space
		"http://h:80a/",      // a hint that quotes the input (the port)
		"http://[::1/",       // an unclosed IP literal
		"%zz",                // a broken percent-encoding
		"http://a/%4" + "\n", // a line feed at the end
		// Hints of exactly 144 bytes, the room of the 320-byte class, with
		// 5 and 2 labels: they fit with no byte to spare.
		"http://a:1111111111111111x/",
		"http://[" + strings.Repeat("a", 49) + "]/",
	}, append(manyLabels, longHints...)...)
	for _, s := range inputs {
		if n := testing.AllocsPerRun(20, func() { _, _ = ParseReference(s) }); n != 1 {
			t.Errorf("ParseReference(%q): %v allocations, want 1", s, n)
		}
	}
}

// TestHintTextMax checks that the longest hints fit in the room newParseError
// writes them in.
func TestHintTextMax(t *testing.T) {
	for _, s := range longHints {
		for r, parse := range map[topRule]func(string) (URI, error){ruleURIReference: ParseReference, ruleURI: Parse} {
			_, err := parse(s)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%s(%q): %v, want a *ParseError", r.Name(), s, err)
			}
			if len(pe.Hint) > hintTextMax || pe.Hint == "" {
				t.Errorf("%s(%q): a hint of %d bytes (room: %d): %s", r.Name(), s, len(pe.Hint), hintTextMax, pe.Hint)
			}
		}
	}
}

// parseErrorSink keeps the errors of TestParseErrorSizes alive.
var parseErrorSink error

// TestParseErrorSizes checks the size of the one allocation of a
// rejection, the allocator's class of what it holds: knownError's, for each
// shape of knownStop with a hint that quotes nothing, a ParseError (96
// bytes) alone, its labels shared; explainError's, with a hint that quotes
// the input, the ParseError, 16 bytes a label and the hint's text.
func TestParseErrorSizes(t *testing.T) {
	for _, tt := range []struct {
		in     string
		labels int
		hint   int // bytes of the hint's text, when it quotes the input
		want   int // the size class of 96, or of 96 + 16×labels + hint with a hint's text
	}{
		{"http://a{b}", 9, 0, 96},                     // hostStop
		{"s://{", 11, 0, 96},                          // emptyHostStop
		{"s://a/{", 5, 0, 96},                         // pathStop
		{"s://a#{", 4, 0, 96},                         // fragmentStop
		{"http://%s/quit", 1, 104, 224},               // hexdigStop, "%" at offset 7 …: 216 → 224
		{"http://machine:port/debug/rpc", 5, 69, 256}, // the port "port" …: 245 → 256
		{"http://a:1111111111111111x/", 5, 144, 320},  // 320
		{"http://bar.bücher.test", 9, 229, 480},       // non-ASCII character 'ü' …: 469 → 480
	} {
		_, err := ParseReference(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) || len(pe.Expected) != tt.labels || (tt.hint > 0) != (len(pe.Hint) == tt.hint) {
			t.Errorf("ParseReference(%q) = %v: %d labels and a hint of %d bytes, want %d and %d", tt.in, err, len(pe.Expected), len(pe.Hint), tt.labels, tt.hint)
			continue
		}
		// The least of three counts, so that what another goroutine
		// allocates meanwhile is left out.
		const runs = 2000
		per := math.Inf(1)
		for range 3 {
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			for range runs {
				_, parseErrorSink = ParseReference(tt.in)
			}
			runtime.ReadMemStats(&m1)
			per = min(per, float64(m1.TotalAlloc-m0.TotalAlloc)/runs)
		}
		if per < float64(tt.want) || per > float64(tt.want)+4 {
			t.Errorf("ParseReference(%q) allocated %.1f bytes per call, want %d", tt.in, per, tt.want)
		}
	}
}

// TestSharedExpectedAppend checks what ParseError's doc promises of a shared
// Expected list: errors of one shape (a "{" after a host name) hold the
// same labels, and an append to one list copies it (its capacity is its
// length), so that the other error, and the next, keep theirs.
func TestSharedExpectedAppend(t *testing.T) {
	want := []string{"unreserved", "pct-encoded", "sub-delims", `":"`, `"@"`, `"/"`, `"?"`, `"#"`, "end of input"}
	var a, b *ParseError
	_, errA := ParseReference("https://x.{Region}/")
	_, errB := ParseReference("http://a{b}")
	if !errors.As(errA, &a) || !errors.As(errB, &b) {
		t.Fatalf("ParseReference: %v, %v; want two *ParseError", errA, errB)
	}
	if cap(a.Expected) != len(a.Expected) {
		t.Errorf("cap(Expected) = %d, len %d: an append would write into the shared list", cap(a.Expected), len(a.Expected))
	}
	more := append(a.Expected, "extra")
	more[0] = "changed"
	_, errC := ParseReference("https://y.{Z}")
	var c *ParseError
	if !errors.As(errC, &c) {
		t.Fatalf("ParseReference: %v; want a *ParseError", errC)
	}
	for name, e := range map[string]*ParseError{"first": a, "second": b, "next": c} {
		if diff := cmp.Diff(want, e.Expected); diff != "" {
			t.Errorf("%s error's Expected after an append to the first's (-want +got):\n%s", name, diff)
		}
	}
}
