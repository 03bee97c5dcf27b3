package builder

import (
	"strconv"
	"testing"

	"github.com/seed42851778/rfc3986/uri"
)

// BenchmarkBuild measures a typical chain, New to Build: scheme, host, port,
// two segments, two query parameters, fragment. Build includes
// uri.ParseReference of the final string; the sub-benchmarks split the cost.
//
//	go test ./builder -run XXX -bench Build -benchmem
func BenchmarkBuild(b *testing.B) {
	chain := func() Builder {
		return New().Scheme("https").Host("example.com").Port(8443).
			Segments("api", "items").QueryParam("page", "2").QueryParam("q", "a b").
			Fragment("top")
	}
	b.Run("chain+Build", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := chain().Build(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("chain", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = chain()
		}
	})
	bl := chain()
	b.Run("Build", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := bl.Build(); err != nil {
				b.Fatal(err)
			}
		}
	})
	s := bl.MustBuild().String()
	b.Run("ParseReference", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := uri.ParseReference(s); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkChain calls QueryParam or AppendSegments n times on one chain,
// then Build: the cost a call (ns/op divided by n, reported as ns/call)
// stays flat as n grows when a call costs amortized O(1).
//
//	go test ./builder -run '^$' -bench Chain -benchmem -cpu 1
func BenchmarkChain(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run("QueryParam/n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				x := New().Scheme("s").Host("h")
				for range n {
					x = x.QueryParam("k", "v")
				}
				if _, err := x.Build(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/call")
		})
		b.Run("AppendSegments/n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				x := New().Scheme("s").Host("h")
				for range n {
					x = x.AppendSegments("seg")
				}
				if _, err := x.Build(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/call")
		})
	}
}
