package weburl

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/internal/facts"
	"pgregory.net/rapid"
)

// urlTestInputs returns every input of urltestdata.json.
func urlTestInputs(t *testing.T) []string {
	t.Helper()
	var ins []string
	var raw []json.RawMessage
	readWPT(t, "urltestdata.json", &raw)
	for _, r := range raw {
		var tc urlTest
		if json.Unmarshal(r, &tc) == nil {
			ins = append(ins, tc.Input)
		}
	}
	return ins
}

// idnaInputs returns each input of toascii.json and IdnaTestV2.json as
// the host of an https URL and of a non-special one.
func idnaInputs(t *testing.T) []string {
	t.Helper()
	var ins []string
	for _, name := range []string{"toascii.json", "IdnaTestV2.json"} {
		var cases []json.RawMessage
		readWPT(t, name, &cases)
		for _, r := range cases {
			var tc struct {
				Input string `json:"input"`
			}
			if json.Unmarshal(r, &tc) == nil && tc.Input != "" {
				ins = append(ins, "https://"+tc.Input+"/x", "sc://"+tc.Input+"/x")
			}
		}
	}
	return ins
}

// hostileInputs are shapes that make a parser work: long runs, many
// delimiters, tabs and invalid UTF-8 where they change the reading.
func hostileInputs() []string {
	long := func(s string, n int) string { return strings.Repeat(s, n) }
	return []string{
		"", " ", long(" ", 1<<16), long("a", 1<<16), long("a", 1<<16) + ":",
		"http://" + long("a", 1<<16) + "/", "http://" + long("A", 1<<16) + "/",
		"http://" + long("a:", 1<<14) + "@h/", "http://" + long("%", 1<<14) + "@h/",
		"http://" + long("@", 1<<14) + "h/", "http://h/" + long("../", 1<<14),
		"http://h/" + long("%", 1<<16), "http://h/?" + long("{", 1<<16), "http://h/#" + long("#", 1<<16),
		"http://" + long("%30", 1<<10) + "/", "http://" + long("0", 1<<12) + "/",
		"http://0x" + long("0", 1<<12) + "1/", "http://1.2.3." + long("9", 50) + "/",
		"http://[" + long("1:", 7) + "1]/", "http://[" + long(":", 1<<12) + "]/", "http://[::" + long("1.", 1<<10) + "]/",
		"http://[", "http://]", "http://[]/", "sc://[::1]:" + long("9", 1<<10) + "/",
		"h\tt\nt\rp://ex\tample.com:8\t0/", "http://\xc3\t\xa9/", "sc://\xff\xfe/", "http://\xff/",
		"http:" + long("/\\", 1<<12) + "h/", "file:" + long("/", 1<<12) + "c:/", "file://" + long("l", 1<<12) + "/",
		"sc:" + long(" ", 1<<12) + "?", long("\t", 1<<12) + "http://h/" + long("\n", 1<<12),
		"http://u:p@" + long("\t", 1<<12) + "/", "https://%00/", "https://%25/", "https://%41%42/",
	}
}

// mayMapDomain reports whether in has a special scheme and a host (the
// text after the scheme's slashes, up to a '/', '\\', '?' or '#', after its
// last '@') that holds a byte outside ASCII or a triplet of one: a host UTS
// #46 maps.
func mayMapDomain(in string) bool {
	in = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, strings.TrimFunc(in, func(r rune) bool { return r <= ' ' }))
	scheme, rest, ok := strings.Cut(in, ":")
	if !ok || !facts.LookupFold(scheme).Special() {
		return false
	}
	rest = strings.TrimLeft(rest, "/\\")
	if k := strings.IndexAny(rest, "/\\?#"); k >= 0 {
		rest = rest[:k]
	}
	host := rest[strings.LastIndexByte(rest, '@')+1:]
	for i := 0; i < len(host); i++ {
		if host[i] >= 0x80 || host[i] == '%' && i+1 < len(host) && strings.IndexByte("89abcdefABCDEF", host[i+1]) >= 0 {
			return true
		}
	}
	return false
}

func TestCanParseIsParse(t *testing.T) {
	ins := append(urlTestInputs(t), idnaInputs(t)...)
	ins = append(ins, hostileInputs()...)
	ins = append(ins, corpus.Lines(t, "urls.txt")...)
	for _, in := range ins {
		_, err := Parse(in)
		if got := CanParse(in); got != (err == nil) {
			t.Errorf("CanParse(%q) = %v; Parse error: %v", clip(in), got, err)
		}
	}
	t.Logf("%d inputs", len(ins))
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

func TestCanParseAllocatesNothing(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocations are counted without coverage and the race detector")
	}
	groups := []struct {
		name string
		ins  []string
	}{
		{"urltestdata.json", urlTestInputs(t)},
		{"toascii.json and IdnaTestV2.json hosts", idnaInputs(t)},
		{"hostile shapes", hostileInputs()},
	}
	for _, g := range groups {
		mapped := 0
		for _, in := range g.ins {
			if n := testing.AllocsPerRun(5, func() { CanParse(in) }); n != 0 {
				t.Errorf("CanParse(%q) allocates %v times", clip(in), n)
			}
			if mayMapDomain(in) {
				mapped++
			}
		}
		t.Logf("%s: %d inputs, %d of them with a host UTS #46 maps, allocate nothing", g.name, len(g.ins), mapped)
	}
}

func TestValidIPv6IsParseIPv6(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		piece := rapid.SampledFrom([]string{"", "0", "1", "ffff", "FfFf", "12345", "g", ":", "::", ".", "1.2.3.4",
			"255.255.255.255", "256.1.1.1", "01.1.1.1", "1.2.3", "1.2.3.4.5", "0.0.0.0", "%", "]", " "})
		s := strings.Join(rapid.SliceOfN(piece, 0, 12).Draw(t, "pieces"), rapid.SampledFrom([]string{":", "", "::", "."}).Draw(t, "sep"))
		_, err := parseIPv6(s, 0, nil)
		if got := validIPv6(s); got != (err == nil) {
			t.Fatalf("validIPv6(%q) = %v; parseIPv6 error: %v", s, got, err)
		}
	})
}

// canParsePieces are the pieces of the rapid inputs of the CanParse law:
// those that make the parser's states before the path part.
var canParsePieces = []string{
	"http", "HTTPS", "file", "sc", "ws", "h\ttp", ":", "/", "//", "\\", "\t", "\n", " ", "\x00",
	"@", "u:p@", ":@", "[", "]", "[::1]", "[1:2:3:4:5:6:7:8]", "[::1.2.3.4]", "1.2.3.4", "0x7f.1",
	"256", "4294967296", "09", "example.com", "EXAMPLE", "%41", "%zz", "%2e", "%ff", "%c3%a9", "é",
	"\xff", "xn--", "xn--a", "ß", "localhost", "c:", "c|", ":80", ":65536", ":0x", "?", "#", "a",
}

func TestCanParseLaw(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := strings.Join(rapid.SliceOfN(rapid.SampledFrom(canParsePieces), 0, 10).Draw(t, "pieces"), "")
		_, err := Parse(in)
		if got := CanParse(in); got != (err == nil) {
			t.Fatalf("CanParse(%q) = %v; Parse error: %v", in, got, err)
		}
	})
}

func FuzzCanParse(f *testing.F) {
	for _, s := range []string{"http://example.com/", "h\tttp://[::1]:80/", "file://c:/", "sc://a%zz@b", "https://ℵa/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		_, err := Parse(in)
		if got := CanParse(in); got != (err == nil) {
			t.Fatalf("CanParse(%q) = %v; Parse error: %v", in, got, err)
		}
	})
}

// BenchmarkCanParse compares CanParse with net/url.Parse over the shared
// corpus of 20,000 URLs, one op being one URL: the validate-only path
// beside the cheapest parse the standard library offers.
func BenchmarkCanParse(b *testing.B) {
	lines := corpus.Full(b, "urls.txt", "figures over the 20,000 URLs")
	b.Run("weburl", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		n := 0
		for i := 0; i < b.N; i++ {
			if CanParse(lines[i%len(lines)]) {
				n++
			}
		}
		benchSink = n
	})
	b.Run("net-url", func(b *testing.B) { benchNetURLParse(b, lines) })
}
