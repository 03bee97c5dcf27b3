package uri

import (
	"net/url"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// BenchmarkParse compares ParseReference with net/url.Parse over the shared
// corpus of 20,000 URLs, one op being one URI.
func BenchmarkParse(b *testing.B) {
	lines := corpus.Lines(b, "urls.txt")
	b.Run("uri.ParseReference", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = ParseReference(lines[i%len(lines)])
		}
	})
	b.Run("net-url.Parse", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = url.Parse(lines[i%len(lines)])
		}
	})
}

// BenchmarkParseValid is BenchmarkParse on the valid URIs of the corpus only,
// so that no error is built.
func BenchmarkParseValid(b *testing.B) {
	var lines []string
	for _, l := range corpus.Lines(b, "urls.txt") {
		if _, err := ParseReference(l); err == nil {
			lines = append(lines, l)
		}
	}
	b.Run("uri.ParseReference", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = ParseReference(lines[i%len(lines)])
		}
	})
	b.Run("net-url.Parse", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = url.Parse(lines[i%len(lines)])
		}
	})
}

// BenchmarkParseInvalid is BenchmarkParse on the corpus lines that are not URI
// references: the cost of a rejection with its diagnosis (offset, component,
// expected), beside net/url, which accepts most of them.
func BenchmarkParseInvalid(b *testing.B) {
	var lines []string
	for _, l := range corpus.Lines(b, "urls.txt") {
		if _, err := ParseReference(l); err != nil {
			lines = append(lines, l)
		}
	}
	b.Run("uri.ParseReference", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = ParseReference(lines[i%len(lines)])
		}
	})
	b.Run("net-url.Parse", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = url.Parse(lines[i%len(lines)])
		}
	})
}
