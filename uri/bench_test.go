package uri

import (
	"net/url"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// BenchmarkParse compares ParseReference with net/url.Parse over the shared
// corpus of 20,000 URLs, one op being one URI.
func BenchmarkParse(b *testing.B) {
	benchParse(b, corpus.Lines(b, "urls.txt"))
}

// BenchmarkParseValid is BenchmarkParse on the valid URIs of the corpus only,
// so that no error is built.
func BenchmarkParseValid(b *testing.B) {
	benchParse(b, corpusWhere(b, true))
}

// BenchmarkParseInvalid is BenchmarkParse on the corpus lines that are not URI
// references: the cost of a rejection with its diagnosis (offset, component,
// expected), beside net/url, which accepts most of them.
func BenchmarkParseInvalid(b *testing.B) {
	benchParse(b, corpusWhere(b, false))
}

// corpusWhere returns the corpus lines that are URI references (valid) or
// that are not.
func corpusWhere(b *testing.B, valid bool) []string {
	var lines []string
	for _, l := range corpus.Lines(b, "urls.txt") {
		if _, err := ParseReference(l); (err == nil) == valid {
			lines = append(lines, l)
		}
	}
	return lines
}

// benchParse runs ParseReference and net/url.Parse over lines, side by side.
func benchParse(b *testing.B, lines []string) {
	b.Run("uri.ParseReference", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		for i := 0; i < b.N; i++ {
			_, _ = ParseReference(lines[i%len(lines)])
		}
	})
	b.Run("net-url.Parse", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		for i := 0; i < b.N; i++ {
			_, _ = url.Parse(lines[i%len(lines)])
		}
	})
}

// reportCPU starts measuring the CPU time of the process (garbage collection
// included); the function it returns reports it per op as cpu-ns/op, a
// figure that the load of a shared machine disturbs less than the clock.
func reportCPU(b *testing.B) func() {
	start := cpuTime()
	b.ResetTimer()
	return func() {
		b.StopTimer()
		if b.N > 0 {
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}
