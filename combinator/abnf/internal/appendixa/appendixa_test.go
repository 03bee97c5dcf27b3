package appendixa

import (
	"bytes"
	"net/url"
	"os"
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
		{Name: "MatchURIReference", Rule: g.MustRule("URI-reference")},
		{Name: "MatchURI", Rule: g.MustRule("URI")},
		{Name: "MatchAbsoluteURI", Rule: g.MustRule("absolute-URI")},
		{Name: "MatchRelativeRef", Rule: g.MustRule("relative-ref")},
		{Name: "MatchAuthority", Rule: g.MustRule("authority")},
		{Name: "MatchIPv6Address", Rule: g.MustRule("IPv6address")},
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

// TestGeneratedMatchersAgreeWithTheRules: each generated function accepts
// what the rule compiled from the text and the hand-written rule accept.
func TestGeneratedMatchersAgreeWithTheRules(t *testing.T) {
	g := abnf.RFC3986Grammar()
	char := rapid.SampledFrom([]rune(":/?#[]@!$&'()*+,;=%-._~aZv09AF é"))
	rapid.Check(t, func(t *rapid.T) {
		s := properties.URIReference().Draw(t, "uri")
		switch rapid.IntRange(0, 3).Draw(t, "how") {
		case 1:
			i := rapid.IntRange(0, len(s)).Draw(t, "i")
			s = s[:i] + string(char.Draw(t, "c")) + s[i:]
		case 2:
			s = rapid.StringOfN(char, 0, 12, -1).Draw(t, "random")
		case 3:
			s = rapid.SampledFrom([]string{"::1", "1::", "::ffff:1.2.3.4", "1:2:3:4:5:6:7:8", "1::2::3", "v1.x"}).Draw(t, "ip")
		}
		for _, gen := range generated {
			want := gen.hand.Match(s)
			if got := gen.match(s); got != want || g.MustRule(gen.rule).Match(s) != want {
				t.Fatalf("%s(%q): generated %v, compiled %v, hand-written %v", gen.rule, s, got, g.MustRule(gen.rule).Match(s), want)
			}
		}
	})
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
