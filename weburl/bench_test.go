package weburl

import (
	"net/url"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// BenchmarkParse compares Parse with net/url.Parse over the shared corpus of
// 20,000 URLs (../shared/bench/corpus/urls.txt), one op being one URL.
func BenchmarkParse(b *testing.B) {
	benchParse(b, corpus.Full(b, "urls.txt", "figures over the 20,000 URLs"))
}

// BenchmarkParseCanonical is BenchmarkParse on the corpus lines that are
// already their own serialization: Parse's case without an allocation.
func BenchmarkParseCanonical(b *testing.B) {
	var lines []string
	for _, l := range corpus.Full(b, "urls.txt", "figures over the 20,000 URLs") {
		if u, err := Parse(l); err == nil && u.Href() == l {
			lines = append(lines, l)
		}
	}
	benchParse(b, lines)
}

// BenchmarkParseRepaired is BenchmarkParse on the corpus lines whose href
// differs from the input: the state machine's case, one allocation.
func BenchmarkParseRepaired(b *testing.B) {
	var lines []string
	for _, l := range corpus.Full(b, "urls.txt", "figures over the 20,000 URLs") {
		if u, err := Parse(l); err == nil && u.Href() != l {
			lines = append(lines, l)
		}
	}
	benchParse(b, lines)
}

func benchParse(b *testing.B, lines []string) {
	b.Run("weburl", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		n := 0
		for i := 0; i < b.N; i++ {
			u, _ := Parse(lines[i%len(lines)])
			n += len(u.href)
		}
		benchSink = n
	})
	b.Run("net-url", func(b *testing.B) { benchNetURLParse(b, lines) })
}

// benchNetURLParse runs net/url.Parse over lines, the peer of Parse and
// CanParse.
func benchNetURLParse(b *testing.B, lines []string) {
	b.ReportAllocs()
	defer reportCPU(b)()
	n := 0
	for i := 0; i < b.N; i++ {
		u, err := url.Parse(lines[i%len(lines)])
		if err == nil {
			n += len(u.Path)
		}
	}
	benchSink = n
}

var benchSink int

// BenchmarkResolve compares base.Parse(ref) with net/url's
// ResolveReference and String (the href a browser would fetch) over the
// 5,000 pairs of ../shared/bench/corpus/resolve.tsv that both accept.
func BenchmarkResolve(b *testing.B) {
	type pair struct {
		base URL
		nb   *url.URL
		ref  string
	}
	var pairs []pair
	for _, l := range corpus.Full(b, "resolve.tsv", "figures over the 5,000 pairs") {
		bs, ref, ok := strings.Cut(l, "\t")
		if !ok {
			continue
		}
		base, err1 := Parse(bs)
		nb, err2 := url.Parse(bs)
		_, err3 := base.Parse(ref)
		_, err4 := url.Parse(ref)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
			continue
		}
		pairs = append(pairs, pair{base, nb, ref})
	}
	if len(pairs) == 0 {
		b.Skip("no valid pairs")
	}
	b.Run("weburl", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		n := 0
		for i := 0; i < b.N; i++ {
			p := &pairs[i%len(pairs)]
			u, _ := p.base.Parse(p.ref)
			n += len(u.Href())
		}
		benchSink = n
	})
	b.Run("net-url", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		n := 0
		for i := 0; i < b.N; i++ {
			p := &pairs[i%len(pairs)]
			ref, _ := url.Parse(p.ref)
			n += len(p.nb.ResolveReference(ref).String())
		}
		benchSink = n
	})
}

// reportCPU starts measuring the CPU time of the process; the function it
// returns reports it per op as cpu-ns/op, which the load of a shared
// machine disturbs less than the clock.
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
