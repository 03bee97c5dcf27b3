package combinator

import (
	"net/url"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// BenchmarkMatch compares a whole match of URI-reference over the corpus with
// net/url.Parse over the same corpus, one op being one URI.
func BenchmarkMatch(b *testing.B) {
	lines := corpus.Full(b, "urls.txt", "figures over the 20,000 URLs")
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

// BenchmarkExplain diagnoses, over the corpus with a space put in the middle
// of each URI (a byte no component allows), a failed whole match of
// URI-reference: Check, which matches and then explains, and ExplainFrom
// given the end of the prefix that matched, as a generated matcher would.
// One op is one URI.
func BenchmarkExplain(b *testing.B) {
	lines := corpus.Full(b, "urls.txt", "figures over the 20,000 URLs")
	bad := make([]string, len(lines))
	for i, l := range lines {
		bad[i] = l[:len(l)/2] + " " + l[len(l)/2:]
	}
	b.Run("Check", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = URIReference.Check(bad[i%len(bad)])
		}
	})
	b.Run("ExplainFrom", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			s := bad[i%len(bad)]
			n, _ := URIReference.Prefix(s)
			_ = URIReference.ExplainFrom(s, n)
		}
	})
}
