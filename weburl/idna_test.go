package weburl

import (
	"net/url"
	"runtime"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// idnaBenchInputs returns the URLs of the IDNA benchmarks that Parse
// accepts: the corpus lines whose special host is not ASCII, and each
// input of IdnaTestV2.json that is not ASCII and that the file says
// converts, as the host of an https URL.
func idnaBenchInputs(tb testing.TB) (fromCorpus, fromIdnaTest []string) {
	for _, l := range corpus.Lines(tb, "urls.txt") {
		if _, err := Parse(l); err == nil && mayMapDomain(l) {
			fromCorpus = append(fromCorpus, l)
		}
	}
	for _, c := range readWPTCases(tb, "IdnaTestV2.json") {
		if in := "https://" + c.Input + "/"; c.Output != nil && !isASCII(c.Input) && mayMapDomain(in) {
			if _, err := Parse(in); err == nil {
				fromIdnaTest = append(fromIdnaTest, in)
			}
		}
	}
	return fromCorpus, fromIdnaTest
}

// BenchmarkIDNA compares Parse with net/url.Parse (which reads a host that
// is not ASCII without mapping it) on URLs whose host goes through
// UTS #46, one op being every URL of a set once. Beside ns/op and B/op it
// reports ns/B and B/B, per byte of the URLs.
func BenchmarkIDNA(b *testing.B) {
	fromCorpus, fromIdnaTest := idnaBenchInputs(b)
	for _, set := range []struct {
		name string
		ins  []string
	}{{"corpus", fromCorpus}, {"IdnaTestV2", fromIdnaTest}} {
		size := 0
		for _, in := range set.ins {
			size += len(in)
		}
		b.Run(set.name+"/weburl", func(b *testing.B) {
			defer reportPerByte(b, size)()
			n := 0
			for b.Loop() {
				for _, in := range set.ins {
					u, _ := Parse(in)
					n += len(u.href)
				}
			}
			benchSink = n
		})
		b.Run(set.name+"/net-url", func(b *testing.B) {
			defer reportPerByte(b, size)()
			n := 0
			for b.Loop() {
				for _, in := range set.ins {
					if u, err := url.Parse(in); err == nil {
						n += len(u.Host)
					}
				}
			}
			benchSink = n
		})
	}
}

// reportPerByte reports, for a benchmark whose op reads size bytes, the
// CPU time (as reportCPU does, less disturbed than the clock by the load of
// a shared machine) and the bytes allocated per byte (cpu-ns/B, B/B), and
// the allocations per op.
func reportPerByte(b *testing.B, size int) func() {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ReportAllocs()
	start := cpuTime()
	b.ResetTimer()
	return func() {
		b.StopTimer()
		cpu := cpuTime() - start
		runtime.ReadMemStats(&after)
		if b.N > 0 {
			n := float64(b.N) * float64(size)
			b.ReportMetric(float64(cpu)/n, "cpu-ns/B")
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/n, "B/B")
		}
	}
}
