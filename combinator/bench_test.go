package combinator

import (
	"net/url"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// BenchmarkMatch compares a whole match of URI-reference over the corpus with
// net/url.Parse over the same corpus, one op being one URI.
func BenchmarkMatch(b *testing.B) {
	lines := corpus.Lines(b, "urls.txt")
	b.Run("combinator.URIReference", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for i := 0; i < b.N; i++ {
			if URIReference.Match(lines[i%len(lines)]) {
				n++
			}
		}
		_ = n
	})
	b.Run("net-url.Parse", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = url.Parse(lines[i%len(lines)])
		}
	})
}
