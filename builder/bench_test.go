package builder

import (
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
