package abnf

import (
	"net/url"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/corpus"
)

// BenchmarkURIReference compares URI-reference compiled from Appendix A's
// text (an automaton) with the hand-written combinator.URIReference (the
// PEG interpreter) and net/url.Parse, over the corpus, one op being one URI.
func BenchmarkURIReference(b *testing.B) {
	lines := corpus.Full(b, "urls.txt", "figures over the 20,000 URLs")
	compiled := RFC3986Grammar().MustRule("URI-reference")
	for _, s := range lines { // the states the corpus needs, built once
		compiled.Match(s)
	}
	b.Run("abnf", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			compiled.Match(lines[i%len(lines)])
		}
	})
	b.Run("combinator", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			combinator.URIReference.Match(lines[i%len(lines)])
		}
	})
	b.Run("net-url", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = url.Parse(lines[i%len(lines)])
		}
	})
}

// BenchmarkURIReferenceSize matches one long URI of 1 KiB to 1 MiB: the
// time per byte stays flat.
func BenchmarkURIReferenceSize(b *testing.B) {
	compiled := RFC3986Grammar().MustRule("URI-reference")
	for _, n := range []int{1 << 10, 1 << 15, 1 << 20} {
		s := "http://user@example.com:8080/" + strings.Repeat("seg%20ment/", n/11)
		s = s[:n-3] + "abc"
		compiled.Match(s)
		b.Run(strings.Repeat("", 0)+sizeName(n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s)))
			for i := 0; i < b.N; i++ {
				if !compiled.Match(s) {
					b.Fatal("no match")
				}
			}
		})
	}
}

func sizeName(n int) string {
	switch {
	case n >= 1<<20:
		return "1MiB"
	case n >= 1<<15:
		return "32KiB"
	}
	return "1KiB"
}
