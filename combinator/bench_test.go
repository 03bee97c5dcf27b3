package combinator

import (
	"bufio"
	"net/url"
	"os"
	"testing"
)

// corpus reads ../shared/bench/corpus/urls.txt, the shared benchmark corpus of
// 20,000 real URLs; the benchmark is skipped where it is missing.
func corpus(b *testing.B) []string {
	b.Helper()
	f, err := os.Open("../../shared/bench/corpus/urls.txt")
	if err != nil {
		b.Skip("corpus not found:", err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

// BenchmarkMatch compares a whole match of URI-reference over the corpus with
// net/url.Parse over the same corpus, one op being one URI.
func BenchmarkMatch(b *testing.B) {
	lines := corpus(b)
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
