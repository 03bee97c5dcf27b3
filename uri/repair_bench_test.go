package uri

import (
	"net/url"
	"testing"
)

// BenchmarkParseRepaired runs ParseRepaired over the corpus lines that are
// not URI references (the repair path, and the strict diagnosis of those it
// cannot repair), beside ParseReference and net/url.Parse on the same lines;
// one op is one line.
func BenchmarkParseRepaired(b *testing.B) {
	lines := corpusWhere(b, false)
	b.Run("uri.ParseRepaired", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _, _ = ParseRepaired(lines[i%len(lines)])
		}
	})
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
