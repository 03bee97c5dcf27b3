package appendixa

import (
	"bytes"
	"errors"
	"net/url"
	"os"
	"slices"
	"testing"

	"github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
	"github.com/seed42851778/rfc3986/combinator/codegen"
	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/properties"
	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

var generated = []struct {
	rule  string
	match func(string) bool
	hand  *combinator.Rule
}{
	{"URI-reference", MatchURIReference, combinator.URIReference},
	{"URI", MatchURI, combinator.URI},
	{"absolute-URI", MatchAbsoluteURI, combinator.AbsoluteURI},
	{"relative-ref", MatchRelativeRef, combinator.RelativeRef},
	{"authority", MatchAuthority, combinator.Authority},
	{"IPv6address", MatchIPv6Address, combinator.IPv6Address},
}

// TestGeneratedFileIsCurrent: the checked-in appendixa_gen.go is what the
// generator makes of rfc3986.abnf today (go generate refreshes it).
func TestGeneratedFileIsCurrent(t *testing.T) {
	g := abnf.RFC3986Grammar()
	funcs := []codegen.AutomatonFunc{
		{Name: "MatchURIReference", Rule: g.MustRule("URI-reference"), Check: "CheckURIReference"},
		{Name: "MatchURI", Rule: g.MustRule("URI")},
		{Name: "MatchAbsoluteURI", Rule: g.MustRule("absolute-URI")},
		{Name: "MatchRelativeRef", Rule: g.MustRule("relative-ref")},
		{Name: "MatchAuthority", Rule: g.MustRule("authority"), Check: "CheckAuthority"},
		{Name: "MatchIPv6Address", Rule: g.MustRule("IPv6address"), Check: "CheckIPv6Address"},
	}
	want, err := codegen.GenerateAutomata("appendixa", funcs...)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("appendixa_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("appendixa_gen.go is not what the generator makes: run go generate ./combinator/abnf/internal/appendixa")
	}
}

// nearURIs draws strings near the URI references: one, one with a
// character of chars inserted, a string of chars, or one of pieces.
func nearURIs(chars string, pieces ...string) *rapid.Generator[string] {
	char := rapid.SampledFrom([]rune(chars))
	return rapid.Custom(func(t *rapid.T) string {
		s := properties.URIReference().Draw(t, "uri")
		switch rapid.IntRange(0, 3).Draw(t, "how") {
		case 1:
			i := rapid.IntRange(0, len(s)).Draw(t, "i")
			s = s[:i] + string(char.Draw(t, "c")) + s[i:]
		case 2:
			s = rapid.StringOfN(char, 0, 12, -1).Draw(t, "random")
		case 3:
			s = rapid.SampledFrom(pieces).Draw(t, "piece")
		}
		return s
	})
}

// TestGeneratedMatchersAgreeWithTheRules: each generated function accepts
// what the rule compiled from the text and the hand-written rule accept.
func TestGeneratedMatchersAgreeWithTheRules(t *testing.T) {
	g := abnf.RFC3986Grammar()
	near := nearURIs(":/?#[]@!$&'()*+,;=%-._~aZv09AF é", "::1", "1::", "::ffff:1.2.3.4", "1:2:3:4:5:6:7:8", "1::2::3", "v1.x")
	rapid.Check(t, func(t *rapid.T) {
		s := near.Draw(t, "s")
		for _, gen := range generated {
			want := gen.hand.Match(s)
			if got := gen.match(s); got != want || g.MustRule(gen.rule).Match(s) != want {
				t.Fatalf("%s(%q): generated %v, compiled %v, hand-written %v", gen.rule, s, got, g.MustRule(gen.rule).Match(s), want)
			}
		}
	})
}

// TestGeneratedChecksAgreeWithCheck: each generated Check function fails
// where the rule's Check fails, at the same offset, on strings near the
// language (valid, one edit away, random), and returns nil where it
// matches. What it expects is Check's for the shortest input reaching the
// same state (on these strings, Check's own message 94% of the time).
func TestGeneratedChecksAgreeWithCheck(t *testing.T) {
	g := abnf.RFC3986Grammar()
	checks := []struct {
		rule  string
		check func(string) error
	}{{"URI-reference", CheckURIReference}, {"authority", CheckAuthority}, {"IPv6address", CheckIPv6Address}}
	near := nearURIs(":/?#[]@!$&'()*+,;=%-._~aZv09AF é\x00\xff", "::1", "1::", "::ffff:1.2.3.4", "1:2:3:4:5:6:7:8", "1::2::3", "v1.x", "[::1", "a@b:c")
	rapid.Check(t, func(t *rapid.T) {
		s := near.Draw(t, "s")
		for _, c := range checks {
			want, got := g.MustRule(c.rule).Check(s), c.check(s)
			if (want == nil) != (got == nil) {
				t.Fatalf("%s(%q): generated %v, Check %v", c.rule, s, got, want)
			}
			var w *combinator.SyntaxError
			var e *SyntaxError
			if want != nil && (!errors.As(want, &w) || !errors.As(got, &e) || e.Offset != w.Offset || e.Rule != w.Rule || len(e.Expected) == 0) {
				t.Fatalf("%s(%q): generated %v, Check %v", c.rule, s, got, want)
			}
		}
	})
}

// TestGeneratedChecksSayWhatCheckSays: on the mistakes people make, the
// generated Check functions return Check's own error, message and all.
func TestGeneratedChecksSayWhatCheckSays(t *testing.T) {
	g := abnf.RFC3986Grammar()
	tests := []struct {
		rule  string
		check func(string) error
		in    string
	}{
		{"URI-reference", CheckURIReference, "http://a b"},
		{"URI-reference", CheckURIReference, "http://[::1"},
		{"URI-reference", CheckURIReference, "http://a/%zz"},
		{"URI-reference", CheckURIReference, "http://a/b#c#d"},
		{"URI-reference", CheckURIReference, "http://a/b?q\xff"},
		{"authority", CheckAuthority, "user@host:80x"},
		{"IPv6address", CheckIPv6Address, "1::2::3"},
		{"IPv6address", CheckIPv6Address, "::ffff:1.2.3.256"},
	}
	for _, tt := range tests {
		want, got := g.MustRule(tt.rule).Check(tt.in), tt.check(tt.in)
		if want == nil || got == nil || got.Error() != want.Error() {
			t.Errorf("%s(%q):\ngenerated %v\nCheck     %v", tt.rule, tt.in, got, want)
			continue
		}
		var w *combinator.SyntaxError
		var e *SyntaxError
		if errors.As(want, &w) && errors.As(got, &e) && (e.Input != w.Input || e.In != w.In || !slices.Equal(e.Expected, w.Expected)) {
			t.Errorf("%s(%q): fields %#v, want %#v", tt.rule, tt.in, e, w)
		}
	}
}

// FuzzGeneratedURIReference: the generated matcher and the hand-written
// rule agree on any input.
func FuzzGeneratedURIReference(f *testing.F) {
	for _, s := range []string{"http://a/b?c#d", "//[::1]", "a:b", "%zz", "../x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, gen := range generated {
			if gen.match(s) != gen.hand.Match(s) {
				t.Fatalf("%s(%q) = %v", gen.rule, s, gen.match(s))
			}
		}
	})
}

// BenchmarkURIReferenceGenerated compares the generated matcher with the
// rule compiled at run time, the hand-written interpreter, uri.Parse (its
// generated matchers, and a URI value made) and net/url, on the corpus, one
// op a URI.
func BenchmarkURIReferenceGenerated(b *testing.B) {
	lines := corpus.Full(b, "urls.txt", "figures over the 20,000 URLs")
	compiled := abnf.RFC3986Grammar().MustRule("URI-reference")
	for _, s := range lines {
		compiled.Match(s)
	}
	for _, bm := range []struct {
		name  string
		match func(string) bool
	}{
		{"generated", MatchURIReference},
		{"abnf", compiled.Match},
		{"combinator", combinator.URIReference.Match},
		{"uri-parse", func(s string) bool { _, err := uri.Parse(s); return err == nil }},
		{"net-url", func(s string) bool { _, err := url.Parse(s); return err == nil }},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				bm.match(lines[i%len(lines)])
			}
		})
	}
}
