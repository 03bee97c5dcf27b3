package uritemplate

import (
	"github.com/google/go-cmp/cmp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// hostileTemplates are templates, valid and not, made of one run of what
// costs Parse most, n bytes long in all.
var hostileTemplates = []struct {
	name string
	make func(n int) string
}{
	{"literal", func(n int) string { return strings.Repeat("a", n) }},
	{"literal-pct", func(n int) string { return strings.Repeat("%41", n/3) }},
	{"literal-u", func(n int) string { return strings.Repeat("ü", n/2) }},
	{"exprs", func(n int) string { return strings.Repeat("{a}", n/3) }},
	{"exprs-op", func(n int) string { return strings.Repeat("{/a}", n/4) }},
	{"vars", func(n int) string { return "{" + strings.Repeat("a,", n/2-1) + "a}" }},
	{"vars-distinct", func(n int) string {
		var b strings.Builder
		b.WriteString("{")
		for i := 0; b.Len() < n-8; i++ {
			b.WriteString("v" + strconv.Itoa(i) + ",")
		}
		b.WriteString("z}")
		return b.String()
	}},
	{"varname", func(n int) string { return "{" + strings.Repeat("a", n-2) + "}" }},
	{"prefix", func(n int) string { return strings.Repeat("{a:9999}", n/8) }},
	{"open-brace", func(n int) string { return strings.Repeat("{", n) }},
	{"pct", func(n int) string { return strings.Repeat("%", n) }},
	{"unclosed", func(n int) string { return "{" + strings.Repeat("a", n-1) }},
	{"space-late", func(n int) string { return strings.Repeat("{a}", n/3-1) + "{ }" }},
}

// BenchmarkParseHostile parses each hostile template at sizes from 64 KiB to
// 4 MiB: bytes and ns per template byte (B/inB, ns/inB) must stay flat.
func BenchmarkParseHostile(b *testing.B) {
	for _, h := range hostileTemplates {
		for _, n := range []int{64 << 10, 1 << 20, 4 << 20} {
			s := h.make(n)
			b.Run(h.name+"/"+strconv.Itoa(n>>10)+"KiB", func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(s)))
				var ms0, ms1 runtime.MemStats
				runtime.ReadMemStats(&ms0)
				for b.Loop() {
					_, _ = Parse(s)
				}
				runtime.ReadMemStats(&ms1)
				b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/float64(b.N)/float64(len(s)), "B/inB")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(s)), "ns/inB")
			})
		}
	}
}

// TestParseCostsAtMost8BytesAByte pins issue 31's bound on template
// parsing: on 1 MiB of each hostile template, valid or not, Parse allocates
// at most 8 bytes for each byte of it.
func TestParseCostsAtMost8BytesAByte(t *testing.T) {
	for _, h := range hostileTemplates {
		s := h.make(1 << 20)
		const runs = 3
		var ms0, ms1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms0)
		for range runs {
			_, _ = Parse(s)
		}
		runtime.ReadMemStats(&ms1)
		if perByte := float64(ms1.TotalAlloc-ms0.TotalAlloc) / runs / float64(len(s)); perByte > 8 {
			t.Errorf("%s: Parse allocates %.1f bytes a byte on %d bytes, want at most 8", h.name, perByte, len(s))
		}
	}
}

// TestHostileTemplatesStillWork: a template of many expressions, read part
// by part, expands and matches as the RFC says (§3.2.2, §3.2.6: "{a}" is the
// value, "{/a}" a "/" and the value), and its variables are listed once.
func TestHostileTemplatesStillWork(t *testing.T) {
	tp := MustParse(strings.Repeat("{/a}", 1000) + "x{b,c}")
	got, err := tp.Expand(map[string]any{"a": "é", "b": "1", "c": "2"})
	if want := strings.Repeat("/%C3%A9", 1000) + "x1,2"; got != want || err != nil {
		t.Errorf("Expand = %.40q…, %v; want %.40q…", got, err, want)
	}
	if diff := cmp.Diff([]string{"a", "b", "c"}, tp.Varnames()); diff != "" {
		t.Errorf("Varnames (-want +got):\n%s", diff)
	}
	if _, ok := tp.Match("/x"); ok {
		t.Errorf("Match of a template with a thousand %q in a row: supported", "{/a}")
	}
	lit := MustParse(strings.Repeat("ü", 1000) + "{x}")
	got, err = lit.Expand(map[string]any{"x": "%"})
	if want := strings.Repeat("%C3%BC", 1000) + "%25"; got != want || err != nil {
		t.Errorf("Expand = %.40q…, %v; want %.40q…", got, err, want)
	}
}

// TestMatchFirstCallsConcurrent: Match prepares its parts on its first call;
// calls from many goroutines at once on a new Template agree (run with
// -race: a Template is safe for concurrent use).
func TestMatchFirstCallsConcurrent(t *testing.T) {
	tp := MustParse("/users/{id}{?page}")
	done := make(chan map[string]any)
	for range 8 {
		go func() {
			m, _ := tp.Match("/users/42?page=3")
			done <- m
		}()
	}
	for range 8 {
		if diff := cmp.Diff(map[string]any{"id": "42", "page": "3"}, <-done); diff != "" {
			t.Errorf("Match (-want +got):\n%s", diff)
		}
	}
}
