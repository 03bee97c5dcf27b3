package weburl

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/internal/facts"
)

// TestParseValidatedReportsTheStandardsErrors pins the validation errors
// the state machine's text names, with offsets into the input as given
// (leading spaces and removed tabs counted).
func TestParseValidatedReportsTheStandardsErrors(t *testing.T) {
	type ve = ValidationError
	tests := []struct {
		in   string
		href string
		want []ValidationError
	}{
		// The special authority slashes state reports the first backslash,
		// the ignore slashes state each backslash again.
		{`http:\\example.com\a`, "http://example.com/a", []ve{
			{"special-scheme-missing-following-solidus", 5, false},
			{"special-scheme-missing-following-solidus", 5, false},
			{"special-scheme-missing-following-solidus", 6, false},
			{"invalid-reverse-solidus", 18, false}}},
		// Every '@' of the authority is an invalid-credentials error; a
		// lone '%' is an invalid-URL-unit.
		{"https://a@b@c/%zz", "https://a%40b@c/%zz", []ve{
			{"invalid-credentials", 9, false}, {"invalid-credentials", 11, false},
			{"invalid-URL-unit", 14, false}}},
		{"file:c|/x", "file:///c:/x", []ve{
			{"special-scheme-missing-following-solidus", 5, false}, {"invalid-URL-unit", 6, false}}},
		{"file://C|/p", "file:///C:/p", []ve{
			{"file-invalid-Windows-drive-letter-host", 7, false}, {"invalid-URL-unit", 8, false}}},
		// Offsets count what was removed: the tab is at 10 of the input.
		{"http://h/a\tb", "http://h/ab", []ve{{"invalid-URL-unit", 10, false}}},
		{" http://h/a\tb c", "http://h/ab%20c", []ve{
			{"invalid-URL-unit", 0, false}, {"invalid-URL-unit", 11, false}, {"invalid-URL-unit", 13, false}}},
		{"http://1.2.3.0x4/", "http://1.2.3.4/", []ve{{"IPv4-non-decimal-part", 13, false}}},
		{"sc://h/a b#c d", "sc://h/a%20b#c%20d", []ve{
			{"invalid-URL-unit", 8, false}, {"invalid-URL-unit", 12, false}}},
		{`HTTP://EXAMPLE.COM\x`, "http://example.com/x", []ve{{"invalid-reverse-solidus", 18, false}}},
		{"https://example.com/", "https://example.com/", nil},
		// Trailing C0 control or space: one error where it starts.
		{"https://example.com/ \x01", "https://example.com/", []ve{{"invalid-URL-unit", 20, false}}},
		// Failures end the list with Failure set.
		{"http://h:99999", "", []ve{{"port-out-of-range", 9, true}}},
		{"http://h:8a/", "", []ve{{"port-invalid", 10, true}}},
		{"x", "", []ve{{"missing-scheme-non-relative-URL", 0, true}}},
		{"http://", "", []ve{{"host-missing", 7, true}}},
		{"http://u@/", "", []ve{{"invalid-credentials", 8, false}, {"host-missing", 9, true}}},
	}
	for _, tt := range tests {
		u, got, err := ParseValidated(tt.in, URL{})
		if (err != nil) != (tt.href == "") || u.Href() != tt.href {
			t.Errorf("ParseValidated(%q) = %q, %v; want %q", tt.in, u.Href(), err, tt.href)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseValidated(%q) validation errors (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestParseFailsWithTypedError checks the *Error of a failure: its type,
// offset into the input as given, and a hint.
func TestParseFailsWithTypedError(t *testing.T) {
	tests := []struct {
		in, base string
		typ      string
		off      int
	}{
		{"//example.com/", "", "missing-scheme-non-relative-URL", 0},
		{"  http://h:65536/", "", "port-out-of-range", 11},
		{"http://\th:x/", "", "port-invalid", 10},
		{"a", "sc:opaque", "missing-scheme-non-relative-URL", 0},
		// A forbidden domain code point fails the domain parser after its
		// strict run recorded domain-to-ASCII (§3.3); the offset is the
		// code point's.
		{"https://exa mple.com/", "", "domain-to-ASCII", 11},
		{"http://[::1/", "", "IPv6-unclosed", 11}, // where "]" was due
	}
	for _, tt := range tests {
		var base URL
		if tt.base != "" {
			base, _ = Parse(tt.base)
		}
		_, err := base.Parse(tt.in)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) error = %v, want an *Error", tt.in, err)
			continue
		}
		if e.Type != tt.typ || e.Offset != tt.off {
			t.Errorf("Parse(%q) error = %s at %d, want %s at %d", tt.in, e.Type, e.Offset, tt.typ, tt.off)
		}
	}
}

// TestErrorHidesPassword checks that no error message shows the password of
// the input.
func TestErrorHidesPassword(t *testing.T) {
	for _, in := range []string{
		"http://user:s3cret@host:99999/",
		"https://user:s3cret@/",
		"sc://u:s3cret@h:x",
		"HTTP:\\\\u:s3cret@@h:1x",
		"https://user:s3cret@exa mple.com/",
		"sc://u:s3cret@[::1/",
		// Where a browser reads the password after a special scheme
		// whatever the slashes (§4.4), or the authority of a
		// non-special URL runs past a "\\".
		`https:\\user:s3cret@host:x/`,
		"https:user:s3cret@host:x/",
		"https:///user:s3cret@host:x/",
		"\x01 HTTPS:/\\user:s3\tcret@host:x/",
		"sc://u:s3\\cret@h:x",
	} {
		_, err := Parse(in)
		if err == nil {
			t.Fatalf("Parse(%q) did not fail", in)
		}
		for _, f := range []string{"%v", "%#v"} {
			if s := fmt.Sprintf(f, err); strings.Contains(s, "cret") {
				t.Errorf("Parse(%q) error shows the password under %s: %s", in, f, s)
			}
		}
	}
	_, err := Parse(`https:\\user:s3cret@host:x/`)
	if want := `weburl: parse "https:\\\\user:xxxxx@host:x/": port-invalid at offset 25 (`; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Parse error %v, want it to start with %s", err, want)
	}
}

// TestErrorIsBounded checks that the message of an error on a long input
// stays short.
func TestErrorIsBounded(t *testing.T) {
	in := "http://h:1x/" + strings.Repeat("a", 1<<20)
	_, err := Parse(in)
	if err == nil || len(err.Error()) > 1024 {
		t.Fatalf("Parse(1 MiB) error of %d bytes: want under 1 KiB", len(err.Error()))
	}
}

// TestParseIsLinearInDotSegments parses long runs of dot segments, which a
// path shortening that rescans the path would make quadratic: 2 MiB of
// "/.." or "/." take milliseconds when each byte is handled a bounded
// number of times.
func TestParseIsLinearInDotSegments(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://h" + strings.Repeat("/a/..", 1<<18), "http://h/"},
		{"http://h" + strings.Repeat("/..", 1<<19), "http://h/"},
		{"http://h" + strings.Repeat("/.", 1<<19) + "/x", "http://h/x"},
		{"http://h" + strings.Repeat("/%2e%2E", 1<<18) + "/x", "http://h/x"},
		{"file:///C:" + strings.Repeat("/..", 1<<19), "file:///C:/"},
		{"sc:" + strings.Repeat("/..", 1<<19) + "//x", "sc:/.//x"},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil || u.Href() != tt.want {
			t.Errorf("Parse(%.20q…) = %q, %v; want %q", tt.in, u.Href(), err, tt.want)
		}
	}
}

// TestParseAllocatesAtMostOnce checks the allocations of Parse: none when
// the input is already the href, one (the href) otherwise.
func TestParseAllocatesAtMostOnce(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocations are counted without coverage and the race detector")
	}
	tests := []struct {
		in     string
		allocs float64
	}{
		{"https://example.com/a/b?c=d#e", 0},
		{"sc://host/a?b#c", 0},
		{"mailto:someone@example.com", 0},
		{"file:///usr/share/doc/x.html", 0},
		{"sc://%v/x", 0},
		{"HTTPS://Example.COM/a/./b", 1},
		{"http://example.com", 1},
		{"http://EXAMPLE.com:80?q", 1},
		{"https://example.com/a b?c d#e f", 1},
		{"http://h/a\xffb\tc", 1},
		{"http://h/\u202e\u202d", 1},
	}
	for _, tt := range tests {
		got := testing.AllocsPerRun(100, func() { _, _ = Parse(tt.in) })
		if got > tt.allocs {
			t.Errorf("Parse(%q): %v allocations, want at most %v", tt.in, got, tt.allocs)
		}
	}
	base, _ := Parse("https://example.com/a/b/c?q")
	for _, ref := range []string{"../x", "?y", "#z", "//h/p", "d e", "", "/p?q#f", "HTTP://H", "\tx"} {
		got := testing.AllocsPerRun(100, func() { _, _ = base.Parse(ref) })
		if got > 1 {
			t.Errorf("base.Parse(%q): %v allocations, want at most 1", ref, got)
		}
	}
}

// TestParseAllocatesOnlyTheHref checks over the corpus and urltestdata.json
// that a URL costs at most one allocation, its href, but for a host that
// UTS #46 maps (x/net/idna allocates).
func TestParseAllocatesOnlyTheHref(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocations are counted without coverage and the race detector")
	}
	ins := append(urlTestInputs(t), corpus.Lines(t, "urls.txt")...)
	for _, in := range ins {
		if _, err := Parse(in); err != nil || hostMayAllocate(in) {
			continue
		}
		if got := testing.AllocsPerRun(3, func() { _, _ = Parse(in) }); got > 1 {
			t.Errorf("Parse(%q): %v allocations, want at most 1", clip(in), got)
		}
	}
}

// hostMayAllocate reports whether in has a special URL's host that the
// domain parser percent-decodes or maps with UTS #46 (mayMapDomain), which
// allocate.
func hostMayAllocate(in string) bool {
	return mayMapDomain(in) || strings.Contains(in, "%") && facts.LookupFold(strings.TrimSpace(in[:max(strings.IndexByte(in, ':'), 0)])).Special()
}

// hostileShapes are long inputs of one run of what costs the parser most
// to write, each about n bytes: the hostile shapes of CanParse's tests and
// those of issue 38 (invalid UTF-8 and bidi controls in a path), by name.
func hostileShapes(n int) map[string]string {
	long := func(s string) string { return strings.Repeat(s, n/len(s)) }
	return map[string]string{
		"spaces": long(" "), "letters": long("a"), "letters-colon": long("a") + ":",
		"host": "http://" + long("a") + "/", "host-upper": "http://" + long("A") + "/",
		"password-colons": "http://" + long("a:") + "@h/", "userinfo-percent": "http://" + long("%") + "@h/",
		"userinfo-at": "http://" + long("@") + "h/", "path-dot-dot": "http://h/" + long("../"),
		"path-percent": "http://h/" + long("%"), "path-brace": "http://h/" + long("{"),
		"path-space": "http://h/" + long(" ") + "x", "query-brace": "http://h/?" + long("{"),
		"query-quote": "http://h/?" + long("'"), "fragment-hash": "http://h/#" + long("#"),
		"host-percent-zero": "http://" + long("%30") + "/", "host-zeros": "http://" + long("0") + "/",
		"host-hex": "http://0x" + long("0") + "1/", "ipv6-colons": "http://[" + long(":") + "]/",
		"ipv6-ipv4": "http://[::" + long("1.") + "]/", "port": "sc://[::1]:" + long("9") + "/",
		"slashes": "http:" + long("/\\") + "h/", "file-slashes": "file:" + long("/") + "c:/",
		"file-host": "file://" + long("l") + "/", "opaque-spaces": "sc:" + long(" ") + "?",
		"tabs": long("\t") + "http://h/" + long("\n"), "userinfo-tabs": "http://u:p@" + long("\t") + "/",
		"path-invalid-utf8": "http://h/" + long("\xff"), "path-bidi": "http://h/" + long("\u202e"),
		"path-non-ascii": "http://h/" + long("é"), "opaque-invalid-utf8": "sc:" + long("\xfe"),
		"path-tab-invalid": "http://h/" + long("\t\xc3"),
	}
}

// TestParseCostsAtMost4BytesAByte pins issue 38's bound: on 64 KiB of each
// hostile shape, Parse allocates at most two times (the href, and the input
// cleaned of tabs or invalid UTF-8, or an href much shorter than the most
// it could take) and at most 4 bytes for each byte of its input, beyond
// the href itself where that is longer (a byte that is not UTF-8 is nine
// in the href: U+FFFD percent-encoded).
func TestParseCostsAtMost4BytesAByte(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocations are counted without coverage and the race detector")
	}
	for name, in := range hostileShapes(1 << 16) {
		u, err := Parse(in)
		// A failure costs its *Error and its bounded text too.
		want := 2.0
		if err != nil {
			want = 4
		}
		if n := testing.AllocsPerRun(3, func() { _, _ = Parse(in) }); n > want && !hostMayAllocate(in) {
			t.Errorf("%s: %v allocations, want at most %v", name, n, want)
		}
		limit := 4 + float64(len(u.Href()))/float64(len(in))
		if len(u.Href()) <= len(in) {
			limit = 4
		}
		if got := allocatedPerByte(len(in), func() { _, _ = Parse(in) }); got > limit {
			t.Errorf("%s: %.2f bytes allocated a byte of input, want at most %.2f", name, got, limit)
		}
	}
}

// BenchmarkParseHostile runs Parse on 64 KiB and 1 MiB of each hostile
// shape, reporting the time and the bytes allocated for each byte of the
// input (ns/inB, B/inB).
func BenchmarkParseHostile(b *testing.B) {
	for _, n := range []int{64 << 10, 1 << 20} {
		for name, in := range hostileShapes(n) {
			b.Run(name+"/"+strconv.Itoa(n>>10)+"KiB", func(b *testing.B) {
				b.ReportAllocs()
				var ms0, ms1 runtime.MemStats
				runtime.ReadMemStats(&ms0)
				defer reportCPU(b)()
				for b.Loop() {
					_, _ = Parse(in)
				}
				runtime.ReadMemStats(&ms1)
				b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/float64(b.N)/float64(len(in)), "B/inB")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/inB")
			})
		}
	}
}

// TestZeroURLIsNoURL checks that the zero URL's getters are empty and that
// as a base it means none.
func TestZeroURLIsNoURL(t *testing.T) {
	var u URL
	got := getters(u, true)
	want := urlTest{Origin: got.Origin}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("zero URL getters (-want +got):\n%s", diff)
	}
	if _, err := u.Parse("/path"); err == nil {
		t.Error("URL{}.Parse(\"/path\") succeeded: the zero URL is no base")
	}
	if r := u.WithHash("x").WithSearch("y").WithPathname("/z").WithHost("h").WithProtocol("http"); r != u {
		t.Errorf("setters on the zero URL made %q", r.Href())
	}
}

// TestParseInvalidUTF8ReadsReplacementCharacter checks that each byte that
// is not part of valid UTF-8 reads as U+FFFD, percent-encoded as
// %EF%BF%BD.
func TestParseInvalidUTF8ReadsReplacementCharacter(t *testing.T) {
	u, err := Parse("http://h/a\xffb?\xc3#\xe2\x82")
	if err != nil {
		t.Fatal(err)
	}
	want := "http://h/a%EF%BF%BDb?%EF%BF%BD#%EF%BF%BD%EF%BF%BD"
	if u.Href() != want {
		t.Errorf("Parse = %q, want %q", u.Href(), want)
	}
}

// TestParseShortensEveryPathSegment pins path shortening (§4.2): only a
// file URL's lone normalized drive letter ("C:", exactly two code points)
// survives "..", so "h:80" and "u:p@x" are removed like any segment; and
// ".." at the end leaves an empty segment.
func TestParseShortensEveryPathSegment(t *testing.T) {
	tests := []struct{ in, base, want string }{
		{"file:h:80/../x", "", "file:///x"},
		{"file:/u:p@x:1/../^", "", "file:///%5E"},
		{"file:///C:/..", "", "file:///C:/"},
		{"file:///C:/../..", "", "file:///C:/"},
		{"..", "s3://bucket/key", "s3://bucket/"},
		{"blob:/\\x/../%2E.", "", "blob:/"},
		{"sc://h/a/..", "", "sc://h/"},
	}
	for _, tt := range tests {
		var base URL
		if tt.base != "" {
			base, _ = Parse(tt.base)
		}
		u, err := base.Parse(tt.in)
		if err != nil || u.Href() != tt.want {
			t.Errorf("Parse(%q, base %q) = %q, %v; want %q", tt.in, tt.base, u.Href(), err, tt.want)
		}
	}
}

// TestErrorQuotesControlCharacters checks that the message quotes the input
// with its control characters escaped.
func TestErrorQuotesControlCharacters(t *testing.T) {
	_, err := Parse("http://h:1\x00/")
	want := `weburl: parse "http://h:1\x00/": port-invalid at offset 10 (the port must be ASCII digits only; a ':' in a host needs brackets ([::1]))`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant %s", err, want)
	}
}

// TestParseValidatedIsLinear checks that mapping many validation errors
// back through removed tabs stays linear: 256 KiB of spaces after a tab
// make 256 Ki errors.
func TestParseValidatedIsLinear(t *testing.T) {
	in := "http://h/\t" + strings.Repeat(" ", 1<<18) + "x"
	_, errs, err := ParseValidated(in, URL{})
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) != 1<<18+1 || errs[1].Offset != 10 || errs[len(errs)-1].Offset != 10+1<<18-1 {
		t.Errorf("%d errors, first offsets %v, last %v", len(errs), errs[:2], errs[len(errs)-1])
	}
}

// TestHostFailureAllocatesItsErrorOnly checks that a host the host parser
// refuses costs the failure one allocation, the *Error it returns, when
// the input is short and holds no password: the host parser's error
// becomes the parser's, where a second one was made.
func TestHostFailureAllocatesItsErrorOnly(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocations are counted without coverage and the race detector")
	}
	for _, in := range []string{"http://[::1/", "http://1.2.3.4.5/", "http://0x100000000/"} {
		var err error
		if n := testing.AllocsPerRun(10, func() { _, err = Parse(in) }); n != 1 || err == nil {
			t.Errorf("Parse(%q): %v allocations and error %v, want 1 and an error", in, n, err)
		}
	}
}

// TestNeedsCleaningOnlyForTabNewlineOrInvalidUTF8 pins needsCleaning to the
// basic URL parser's cleaning inside the input (§4.4 steps 2 and 3, and
// the decoding of invalid UTF-8 as U+FFFD): a tab or newline anywhere, or
// invalid UTF-8; other C0 controls and valid non-ASCII are left to the
// states.
func TestNeedsCleaningOnlyForTabNewlineOrInvalidUTF8(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"", false}, {"/a/b?c#d", false}, {"/é/Правопис", false}, {"/a\x01b\x0bc", false}, {"/\x7f", false},
		{"/a\tb", true}, {"/a\nb", true}, {"/a\rb", true}, {"/a\xffb", true}, {"/\xc3", true}, {"/\xed\xa0\x80", true},
	}
	for _, tt := range tests {
		if got := needsCleaning(tt.in); got != tt.want {
			t.Errorf("needsCleaning(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
