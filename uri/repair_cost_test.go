package uri_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/google/go-cmp/cmp"
	"log/slog"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode"

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
	{"space-gap16", func(n int) string { return "http://h/" + strings.Repeat(" aaaaaaaaaaaaaaaa", (n-9)/17) }},
	{"tab-gap16", func(n int) string { return "http://h/" + strings.Repeat("\taaaaaaaaaaaaaaaa", (n-9)/17) }},
	{"tab-space-gap16", func(n int) string { return "http://h/" + strings.Repeat("\t aaaaaaaaaaaaaaaa", (n-9)/18) }},
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

// TestParseRepairedCostsAtMost8BytesAByte pins issue 31's bound: on 1 MiB of
// each hostile text, ParseRepaired allocates at most 8 bytes for each byte
// of its input, and makes at most one Repair for every 17 bytes (two changes
// 16 bytes apart or closer are one), a few more for the components.
func TestParseRepairedCostsAtMost8BytesAByte(t *testing.T) {
	const n = 1 << 20
	for _, h := range hostileRepairs {
		s := h.make(n)
		_, reps, _ := uri.ParseRepaired(s)
		if max := len(s)/17 + 16; len(reps) > max {
			t.Errorf("%s: %d repairs for %d bytes, want at most %d", h.name, len(reps), len(s), max)
		}
		const runs = 3
		var ms0, ms1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms0)
		for range runs {
			_, _, _ = uri.ParseRepaired(s)
		}
		runtime.ReadMemStats(&ms1)
		perByte := float64(ms1.TotalAlloc-ms0.TotalAlloc) / runs / float64(len(s))
		if perByte > 8 {
			t.Errorf("%s: ParseRepaired allocates %.1f bytes a byte on %d bytes, want at most 8", h.name, perByte, len(s))
		}
	}
}

// TestParseRepairedOneRepairForARun: a run of changes is one Repair, Old the
// run and New its encoding, written here by hand (§2.1: a space is %20).
func TestParseRepairedOneRepairForARun(t *testing.T) {
	run := strings.Repeat(" ", 1000)
	u, reps, err := uri.ParseRepaired("http://h/a" + run + "b")
	if err != nil {
		t.Fatal(err)
	}
	want := []uri.Repair{{Offset: 10, Old: run, New: strings.Repeat("%20", 1000)}}
	if diff := cmp.Diff(want, reps); diff != "" {
		t.Errorf("repairs (-want +got):\n%s", diff)
	}
	if got, want := u.Path(), "/a"+strings.Repeat("%20", 1000)+"b"; got != want {
		t.Errorf("path %q, want %q", got, want)
	}
}

// TestParseRepairedMergesCloseChanges checks where one Repair ends and the
// next starts: 15 unchanged bytes between two changes make one Repair, 16
// make two; a component boundary, the password's edges, an IDNA host and the
// trimmed ends always part them.
func TestParseRepairedMergesCloseChanges(t *testing.T) {
	gap15, gap16 := strings.Repeat("a", 15), strings.Repeat("a", 16)
	tests := []struct {
		in   string
		want []uri.Repair
	}{
		{"/ " + gap15 + " x", []uri.Repair{{Offset: 1, Old: " " + gap15 + " ", New: "%20" + gap15 + "%20"}}},
		{"/ " + gap16 + " x", []uri.Repair{{Offset: 1, Old: " ", New: "%20"}, {Offset: 18, Old: " ", New: "%20"}}},
		{"/\t" + gap15 + " x", []uri.Repair{{Offset: 1, Old: "\t" + gap15 + " ", New: gap15 + "%20"}}},
		{"/a b?c d#e f", []uri.Repair{{Offset: 2, Old: " ", New: "%20"}, {Offset: 6, Old: " ", New: "%20"}, {Offset: 10, Old: " ", New: "%20"}}},
		{"/a b\t?c", []uri.Repair{{Offset: 2, Old: " b\t", New: "%20b"}}}, // a removal before a delimiter is its component's
		{"/a b?\tc", []uri.Repair{{Offset: 2, Old: " ", New: "%20"}, {Offset: 5, Old: "\t"}}},
		{"http://a b:c d@h/", []uri.Repair{{Offset: 8, Old: " ", New: "%20"}, {Offset: 12, Old: " ", New: "%20", InPassword: true}}},
		{"http://a:b c\t@h/", []uri.Repair{{Offset: 10, Old: " c\t", New: "%20c", InPassword: true}}},
		{"http://a\t@bücher.de\t/ ", []uri.Repair{{Offset: 8, Old: "\t"}, {Offset: 10, Old: "bücher.de", New: "xn--bcher-kva.de"}, {Offset: 20, Old: "\t"}, {Offset: 22, Old: " "}}},
		{" / a", []uri.Repair{{Offset: 0, Old: " "}, {Offset: 2, Old: " ", New: "%20"}}},
	}
	for _, tt := range tests {
		_, reps, err := uri.ParseRepaired(tt.in)
		if err != nil {
			t.Errorf("ParseRepaired(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, reps); diff != "" {
			t.Errorf("ParseRepaired(%q) repairs (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestParseRepairedErrorOffsetInsideARepair: when the repaired text is no
// URI reference and the offending byte stands inside a Repair that merged
// changes around it, the error's offset is still that byte's in the input:
// the ":" of a relative path's first segment (§4.2, §3.3).
func TestParseRepairedErrorOffsetInsideARepair(t *testing.T) {
	for _, in := range []string{"a b:c d", "a\t b:c\td", "ü:ü", "a%:%", "\t a{:} "} {
		_, _, err := uri.ParseRepaired(in)
		var pe *uri.ParseError
		if !errors.As(err, &pe) || pe.Offset < 0 || pe.Offset >= len(in) || in[pe.Offset] != ':' {
			t.Errorf("ParseRepaired(%q) = %v; want a *ParseError at the \":\" (offset %d)", in, err, strings.IndexByte(in, ':'))
		}
	}
}

// printedForms returns every printed form of r: fmt's verbs, JSON, slog's
// text and JSON handlers.
func printedForms(t *testing.T, r uri.Repair) map[string]string {
	t.Helper()
	forms := map[string]string{"String": r.String(), "GoString": r.GoString()}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
		forms[verb] = fmt.Sprintf(verb, r)
	}
	j, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	forms["json"] = string(j)
	var text, js bytes.Buffer
	slog.New(slog.NewTextHandler(&text, nil)).Info("m", "r", r)
	slog.New(slog.NewJSONHandler(&js, nil)).Info("m", "r", r)
	forms["slog text"], forms["slog json"] = text.String(), js.String()
	return forms
}

// unescaped returns the first character of s a terminal would act on rather
// than show: a control (but the newline that ends a log line) or a bidi or
// other format character.
func unescaped(s string) (rune, bool) {
	for _, c := range strings.TrimSuffix(s, "\n") {
		if unicode.IsControl(c) || unicode.Is(unicode.Cf, c) {
			return c, true
		}
	}
	return 0, false
}

// TestRepairPrintedFormsBounded: every printed form of every repair of the
// hostile texts is at most 1 KiB and escapes controls and bidi characters,
// however long the repair.
func TestRepairPrintedFormsBounded(t *testing.T) {
	inputs := []string{
		"http://h/" + strings.Repeat("\u202e\x01", 1<<16) + "x",
		"http://h/" + strings.Repeat("\U000E0001", 1<<16),
		"http://h/" + strings.Repeat("\xff", 1<<16),
	}
	for _, h := range hostileRepairs {
		inputs = append(inputs, h.make(1<<18))
	}
	for _, s := range inputs {
		_, reps, _ := uri.ParseRepaired(s)
		for _, r := range reps {
			for name, out := range printedForms(t, r) {
				if len(out) > 1024 {
					t.Errorf("%s of a repair of %d bytes is %d bytes long: %.80q…", name, len(r.Old), len(out), out)
				}
				if c, ok := unescaped(out); ok {
					t.Errorf("%s of a repair shows %U unescaped: %.80q…", name, c, out)
				}
			}
		}
	}
}

// TestRepairPrintsLongRepairsCut pins the cut forms: the first 64 bytes,
// "…", and the length (the lengths counted here by hand: 100 "{" and their
// 300 bytes of "%7B").
func TestRepairPrintsLongRepairsCut(t *testing.T) {
	r := uri.Repair{Offset: 9, Old: strings.Repeat("{", 100), New: strings.Repeat("%7B", 100)}
	old64, new64 := strings.Repeat("{", 64), strings.Repeat("%7B", 21)+"%"
	if got, want := r.String(), `offset 9: "`+old64+`…" (100 bytes) → "`+new64+`…" (300 bytes)`; got != want {
		t.Errorf("String() = %s\nwant %s", got, want)
	}
	if got, want := fmt.Sprintf("%#v", r), `uri.Repair{Offset:9, Old:"`+old64+`…" /* 100 bytes */, New:"`+new64+`…" /* 300 bytes */, InPassword:false}`; got != want {
		t.Errorf("%%#v = %s\nwant %s", got, want)
	}
	j, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(j), `{"Offset":9,"Old":"`+old64+`…","New":"`+new64+`…","InPassword":false,"OldBytes":100,"NewBytes":300}`; got != want {
		t.Errorf("JSON %s\nwant %s", got, want)
	}
	short, err := json.Marshal(uri.Repair{Offset: 1, Old: "\u202e<", New: "%E2%80%AE%3C"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(short), `{"Offset":1,"Old":"\u202e\u003c","New":"%E2%80%AE%3C","InPassword":false}`; got != want {
		t.Errorf("JSON %s\nwant %s", got, want)
	}
}
