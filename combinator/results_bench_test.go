package combinator_test

import (
	"net/url"
	"runtime"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/internal/urigrammar"
)

// BenchmarkResults compares, over the corpus, the structured results of a
// whole match of URI-reference with captures (urigrammar.URIReference), one
// op being one URI: the fixed slots of Captures, every capture (Events, and
// AppendEvents into a reused slice), the tree of a few named rules and of all
// of them (Tree), beside net/url.Parse.
//
// Each reports allocs/URI beside allocs/op, which rounds down (Events
// allocates once for the URIs with a capture and not for those that fail),
// and cpu-ns/URI, the CPU time of the process per op, which a loaded machine
// disturbs less than ns/op.
func BenchmarkResults(b *testing.B) {
	lines := corpus.Full(b, "urls.txt", "figures over the 20,000 URLs")
	r := urigrammar.URIReference
	b.Run("Captures", func(b *testing.B) {
		defer perURI(b)()
		var sp [urigrammar.NSlots]c.Span
		for i := 0; i < b.N; i++ {
			r.Captures(lines[i%len(lines)], sp[:])
		}
	})
	b.Run("Events", func(b *testing.B) {
		defer perURI(b)()
		for i := 0; i < b.N; i++ {
			r.Events(lines[i%len(lines)])
		}
	})
	b.Run("AppendEvents", func(b *testing.B) {
		defer perURI(b)()
		buf := make([]c.Event, 0, 64)
		for i := 0; i < b.N; i++ {
			buf, _ = r.AppendEvents(buf[:0], lines[i%len(lines)])
		}
	})
	b.Run("Tree-names", func(b *testing.B) {
		defer perURI(b)()
		for i := 0; i < b.N; i++ {
			_, _ = r.Tree(lines[i%len(lines)], "scheme", "host", "port", "segment", "query", "fragment")
		}
	})
	b.Run("Tree-all", func(b *testing.B) {
		defer perURI(b)()
		for i := 0; i < b.N; i++ {
			_, _ = r.Tree(lines[i%len(lines)])
		}
	})
	b.Run("net-url.Parse", func(b *testing.B) {
		defer perURI(b)()
		for i := 0; i < b.N; i++ {
			_, _ = url.Parse(lines[i%len(lines)])
		}
	})
}

// perURI reports the mallocs per op, unrounded, and the CPU time per op,
// when the function it returns is called at the end of the benchmark.
func perURI(b *testing.B) func() {
	b.ReportAllocs()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	before, cpu := m.Mallocs, cpuTime()
	return func() {
		cpu = cpuTime() - cpu
		runtime.ReadMemStats(&m)
		b.ReportMetric(float64(m.Mallocs-before)/float64(b.N), "allocs/URI")
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/URI")
	}
}
