package uri_test

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/uri"
)

// hostileRepairs are texts ParseRepaired treats specially, each made of one
// run of the character (or pair) that costs it most, n bytes long in all.
var hostileRepairs = []struct {
	name string
	make func(n int) string
}{
	{"pct", func(n int) string { return "http://h/" + strings.Repeat("%", n-9) }},
	{"brace", func(n int) string { return "http://h/" + strings.Repeat("{", n-9) }},
	{"backslash", func(n int) string { return "http://h/" + strings.Repeat(`\`, n-9) }},
	{"space", func(n int) string { return "http://h/" + strings.Repeat(" ", n-10) + "x" }},
	{"space-a", func(n int) string { return "http://h/" + strings.Repeat(" a", (n-9)/2) }},
	{"u-umlaut", func(n int) string { return "http://h/" + strings.Repeat("ü", (n-9)/2) }},
	{"tab", func(n int) string { return "http://h/a" + strings.Repeat("\t", n-11) + "b" }},
	{"tab-a", func(n int) string { return "http://h/" + strings.Repeat("\ta", (n-9)/2) }},
	{"tab-space", func(n int) string { return "http://h/a" + strings.Repeat("\t ", (n-11)/2) + "b" }},
	{"c0", func(n int) string { return "http://h/" + strings.Repeat("\x01", n-10) + "x" }},
	{"c0-ends", func(n int) string {
		return strings.Repeat("\x01", n/2) + "http://h/ " + strings.Repeat("\x01", n-n/2-10)
	}},
	{"bracket", func(n int) string { return "http://h/" + strings.Repeat("[", n-9) }},
	{"bar", func(n int) string { return "http://h/" + strings.Repeat("|", n-9) }},
	{"hash", func(n int) string { return "http://h/#" + strings.Repeat("#", n-10) }},
	{"at", func(n int) string { return "http://" + strings.Repeat("@", n-9) + "h/" }},
	{"password", func(n int) string { return "http://u:" + strings.Repeat(" ", n-12) + "@h/" }},
	{"host", func(n int) string { return "http://" + strings.Repeat("ü", (n-11)/2) + ".de/" }},
	{"host-labels", func(n int) string { return "http://" + strings.Repeat("ü.", (n-11)/3) + "de/" }},
}

// BenchmarkParseRepairedHostile runs ParseRepaired on each hostile text at
// sizes from 64 KiB to 4 MiB; bytes/op and ns/op divided by the size must stay
// flat (b/B and ns/B are reported).
func BenchmarkParseRepairedHostile(b *testing.B) {
	for _, h := range hostileRepairs {
		for _, n := range []int{64 << 10, 1 << 20, 4 << 20} {
			s := h.make(n)
			b.Run(h.name+"/"+strconv.Itoa(n>>10)+"KiB", func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(s)))
				var ms0, ms1 runtime.MemStats
				runtime.ReadMemStats(&ms0)
				for b.Loop() {
					_, _, _ = uri.ParseRepaired(s)
				}
				runtime.ReadMemStats(&ms1)
				b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/float64(b.N)/float64(len(s)), "B/inB")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(s)), "ns/inB")
			})
		}
	}
}
