package uri

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// BenchmarkParse compares ParseReference with net/url.Parse over the shared
// corpus of 20,000 URLs, one op being one URI.
func BenchmarkParse(b *testing.B) {
	benchParse(b, corpus.Full(b, "urls.txt", "figures over the 20,000 URLs"))
}

// BenchmarkParseValid is BenchmarkParse on the valid URIs of the corpus only,
// so that no error is built.
func BenchmarkParseValid(b *testing.B) {
	benchParse(b, corpusWhere(b, true))
}

// BenchmarkParseInvalid is BenchmarkParse on the corpus lines that are not URI
// references: the cost of a rejection with its diagnosis (offset, component,
// expected), beside net/url, which accepts most of them.
//
// Its sub-benchmark uri.plainDiagnosis is ParseReference's rejection without
// the generated stops (stopOf): the match, then the generated diagnosis
// of every rejection. Beside uri.ParseReference and net/url in one run, it
// tells whether the stops still pay for their code.
func BenchmarkParseInvalid(b *testing.B) {
	lines := corpusWhere(b, false)
	benchParse(b, lines)
	b.Run("uri.plainDiagnosis", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		for i := 0; i < b.N; i++ {
			s := lines[i%len(lines)]
			var sp [nslots]span
			end := matchURI(s, 0, &sp)
			if end < 0 {
				end = matchRelativeRef(s, 0, &sp)
			}
			if end != len(s) {
				_ = explainError(s, ruleURIReference, end, nil, "", nil)
			}
		}
	})
}

// BenchmarkParseRejected is BenchmarkParseInvalid's uri.ParseReference
// on its lines split by the function that makes their error: knownError,
// where the generated stops know the labels at the byte where the fast
// match stopped and the hint of that byte is a constant (no diagnosis, no
// hint text: most rejections), and explainError, every other (the
// diagnosis of an IP literal or of the whole rule, a component found by
// componentAt, a hint that quotes the input). Their costs differ by a
// factor of three or more, so that a change to either shows here where the
// mix of BenchmarkParseInvalid would blur it.
func BenchmarkParseRejected(b *testing.B) {
	var known, explained []string
	for _, s := range corpusWhere(b, false) {
		if madeByKnownError(s) {
			known = append(known, s)
		} else {
			explained = append(explained, s)
		}
	}
	for _, c := range []struct {
		name  string
		lines []string
	}{{"knownError", known}, {"explainError", explained}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b)()
			for i := 0; i < b.N; i++ {
				_, _ = ParseReference(c.lines[i%len(c.lines)])
			}
		})
	}
}

// madeByKnownError reports whether ParseReference makes the error of s,
// which it rejects, with knownError: newParseError's first case, where
// the stops found labels at the offset where the fast match stopped, not
// in a port, and stopHint found a constant hint there.
func madeByKnownError(s string) bool {
	var sp [nslots]span
	end := matchURI(s, 0, &sp)
	if end < 0 {
		end = matchRelativeRef(s, 0, &sp)
	}
	off, labels, _ := stopOf(s, ruleURIReference, &sp)
	if labels == nil || off != end || off >= len(s) {
		return false
	}
	comp := stopComponent(s, off, ruleURIReference, end, &sp)
	return comp != "port" && stopHint(s, off, ruleURIReference, comp) != ""
}

// BenchmarkParsePercentEncoded is BenchmarkParse on URLs whose paths and
// queries are mostly percent-encoded UTF-8, as a browser writes words
// outside ASCII: triplets in runs, where a scan of plain bytes stops at each
// "%".
func BenchmarkParsePercentEncoded(b *testing.B) {
	benchParse(b, percentEncodedURLs)
}

// percentEncodedURLs are URLs of BenchmarkParsePercentEncoded and
// BenchmarkParseNormalize: the second has its triplets in lower case, as
// some programs write them, which normalization upper-cases (§6.2.2.1).
var percentEncodedURLs = []string{
	"https://www.google.com/search?q=%E4%BD%A0%E5%A5%BD%20%E4%B8%96%E7%95%8C&ie=UTF-8",
	"https://ja.wikipedia.org/wiki/%e6%97%a5%e6%9c%ac%e8%aa%9e",
	"https://ru.wikipedia.org/wiki/%D0%A3%D0%BD%D0%B8%D1%84%D0%B8%D1%86%D0%B8%D1%80%D0%BE%D0%B2%D0%B0%D0%BD%D0%BD%D1%8B%D0%B9_%D0%B8%D0%B4%D0%B5%D0%BD%D1%82%D0%B8%D1%84%D0%B8%D0%BA%D0%B0%D1%82%D0%BE%D1%80",
	"https://example.com/files/My%20Documents/Report%202024%20%28final%29.pdf",
	"https://maps.example.com/?q=Stra%C3%9Fe%20des%2017.%20Juni%2C%20Berlin&z=12",
}

// corpusWhere returns the corpus lines that are URI references (valid) or
// that are not.
func corpusWhere(b *testing.B, valid bool) []string {
	var lines []string
	for _, l := range corpus.Full(b, "urls.txt", "figures over the 20,000 URLs") {
		if _, err := ParseReference(l); (err == nil) == valid {
			lines = append(lines, l)
		}
	}
	return lines
}

// benchParse runs ParseReference and net/url.Parse over lines, side by side.
func benchParse(b *testing.B, lines []string) {
	b.Run("uri.ParseReference", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		for i := 0; i < b.N; i++ {
			_, _ = ParseReference(lines[i%len(lines)])
		}
	})
	b.Run("net-url.Parse", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		for i := 0; i < b.N; i++ {
			_, _ = url.Parse(lines[i%len(lines)])
		}
	})
	b.Run("floor.Scan", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		n := 0
		for i := 0; i < b.N; i++ {
			if floorScan(lines[i%len(lines)]) {
				n++
			}
		}
		floorSink = n
	})
}

// floorScan is the byte-scan floor of ../shared/bench/peers (FloorScan),
// the least a parser can do: every byte tested against a table of the
// characters of RFC 3986 (unreserved, gen-delims, sub-delims and "%"), no
// structure, no check of a triplet, stopping at the first byte outside.
// Issue 14 measures a parse against it (at most 3x).
func floorScan(s string) bool {
	for i := 0; i < len(s); i++ {
		if !floorTable[s[i]] {
			return false
		}
	}
	return true
}

var (
	floorTable = func() (t [256]bool) {
		const set = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" +
			"-._~" + ":/?#[]@" + "!$&'()*+,;=" + "%"
		for i := 0; i < len(set); i++ {
			t[set[i]] = true
		}
		return t
	}()
	floorSink int
)

// reportCPU starts measuring the CPU time of the process (garbage collection
// included); the function it returns reports it per op as cpu-ns/op, a
// figure that the load of a shared machine disturbs less than the clock.
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

// BenchmarkParseLong parses adversarial inputs of 1 KiB, 32 KiB and 1 MiB,
// valid and rejected (with their diagnosis and hint), and reports the time
// per byte (ns/B): it stays the same from 1 KiB to 1 MiB while parsing and
// the diagnosis of a rejection are linear in the input.
func BenchmarkParseLong(b *testing.B) {
	shapes := []struct {
		name string
		make func(n int) string
	}{
		{"path", func(n int) string { return "http://example.com/" + strings.Repeat("a%41/", n/5) }},
		{"brokenPct", func(n int) string { return "/" + strings.Repeat("%4", n/2) + "%" }},
		{"brackets", func(n int) string { return strings.Repeat("[", n) }},
		{"ipv6", func(n int) string { return "//[" + strings.Repeat("1:", n/2) + "]" }},
		{"userinfo", func(n int) string { return "//" + strings.Repeat("a:", n/2) + "@@" }},
		{"nonASCII", func(n int) string { return "https://h/" + strings.Repeat("a/", n/2) + "é" }},
		// Rejections newParseError knows without the diagnosis (the stops):
		// a long host name, then a long text with an "@" at its end.
		{"hostStop", func(n int) string {
			return "https://" + strings.Repeat("a.", n/4) + "{" + strings.Repeat("b", n/2) + "@"
		}},
	}
	for _, sh := range shapes {
		for _, size := range []int{1 << 10, 32 << 10, 1 << 20} {
			s := sh.make(size)
			b.Run(fmt.Sprintf("%s/%dKiB", sh.name, size>>10), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					_, _ = ParseReference(s)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(s)), "ns/B")
			})
		}
	}
}

// BenchmarkPercent compares PercentEncode (a path segment) and PercentDecode
// with net/url's PathEscape and PathUnescape, which do the same for a path
// segment: on words outside ASCII, where most bytes are encoded, and on a
// long ASCII text with one space.
func BenchmarkPercent(b *testing.B) {
	words, _ := url.PathUnescape("%E4%BD%A0%E5%A5%BD %E4%B8%96%E7%95%8C x=y&z")
	ascii := strings.Repeat("abcdefghij", 10) + " x"
	for _, tc := range []struct{ name, s string }{{"words", words}, {"ascii", ascii}} {
		enc := PercentEncode(tc.s, ComponentPathSegment)
		if got := url.PathEscape(tc.s); got != enc {
			b.Fatalf("PathEscape(%q) = %q, PercentEncode gives %q", tc.s, got, enc)
		}
		b.Run("encode/"+tc.name+"/uri.PercentEncode", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_ = PercentEncode(tc.s, ComponentPathSegment)
			}
		})
		b.Run("encode/"+tc.name+"/net-url.PathEscape", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_ = url.PathEscape(tc.s)
			}
		})
		b.Run("decode/"+tc.name+"/uri.PercentDecode", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_, _ = PercentDecode(enc)
			}
		})
		b.Run("decode/"+tc.name+"/net-url.PathUnescape", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_, _ = url.PathUnescape(enc)
			}
		})
	}
}
