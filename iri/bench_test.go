package iri

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/uri"
)

// benchLines returns the URI references of the shared corpus (all ASCII),
// and the same references with characters outside ASCII: each decoded by
// FromURI where that gives any, else with the letters "a", "e" and "o" of
// the path, query and fragment written "ä", "é" and "ö".
func benchLines(b *testing.B) (ascii, nonASCII []string) {
	return iriLines(corpus.Full(b, "urls.txt", "figures over the 20,000 URLs"))
}

// iriLines returns the lines that are URI references, and IRIs made from
// them as benchLines says.
func iriLines(lines []string) (ascii, nonASCII []string) {
	for _, l := range lines {
		u, err := uri.ParseReference(l)
		if err != nil {
			continue
		}
		ascii = append(ascii, l)
		s := FromURI(u).String()
		if s == l {
			i := MustParseReference(l)
			end := len(l) - len(i.Path()) - len(i.Query()) - len(i.Fragment())
			if i.HasQuery() {
				end--
			}
			if i.HasFragment() {
				end--
			}
			s = l[:end] + strings.NewReplacer("a", "ä", "e", "é", "o", "ö").Replace(l[end:])
		}
		if _, err := ParseReference(s); err == nil && utf8.ValidString(s) && s != l {
			nonASCII = append(nonASCII, s)
		}
	}
	return ascii, nonASCII
}

// BenchmarkParseReference compares iri.ParseReference with
// uri.ParseReference on the valid URIs of the corpus (ASCII), and runs
// iri.ParseReference on IRIs made from them (non-ASCII); one op is one
// reference.
func BenchmarkParseReference(b *testing.B) {
	ascii, nonASCII := benchLines(b)
	b.Run("ascii/iri.ParseReference", func(b *testing.B) {
		b.ReportAllocs()
		for k := 0; k < b.N; k++ {
			_, _ = ParseReference(ascii[k%len(ascii)])
		}
	})
	b.Run("ascii/uri.ParseReference", func(b *testing.B) {
		b.ReportAllocs()
		for k := 0; k < b.N; k++ {
			_, _ = uri.ParseReference(ascii[k%len(ascii)])
		}
	})
	b.Run("nonascii/iri.ParseReference", func(b *testing.B) {
		b.ReportAllocs()
		for k := 0; k < b.N; k++ {
			_, _ = ParseReference(nonASCII[k%len(nonASCII)])
		}
	})
	b.Run("nonascii-as-uri/uri.ParseReference", func(b *testing.B) {
		// The same references mapped to URIs (ToURI), parsed by uri: what
		// reading an IRI as its URI costs.
		us := make([]string, len(nonASCII))
		for k, s := range nonASCII {
			us[k] = MustParseReference(s).ToURI().String()
		}
		b.ReportAllocs()
		b.ResetTimer()
		for k := 0; k < b.N; k++ {
			_, _ = uri.ParseReference(us[k%len(us)])
		}
	})
}

// BenchmarkIRIvsURI measures the ratio the issue sets a bound to: one op is
// one reference parsed by iri.ParseReference and its URI (itself when ASCII,
// its ToURI form otherwise) by uri.ParseReference, in turns of 64
// references, the order of the two swapped every turn, so that a loaded
// machine disturbs both alike. It reports the time of each per reference
// and their ratio (iri/uri).
func BenchmarkIRIvsURI(b *testing.B) {
	ascii, nonASCII := benchLines(b)
	asURI := make([]string, len(nonASCII))
	for k, s := range nonASCII {
		asURI[k] = MustParseReference(s).ToURI().String()
	}
	for _, bc := range []struct {
		name       string
		iris, uris []string
	}{{"ascii", ascii, ascii}, {"nonascii", nonASCII, asURI}} {
		b.Run(bc.name, func(b *testing.B) {
			const turn = 64
			iris, uris := bc.iris, bc.uris
			runIRI := func(k, m int) time.Duration {
				t0 := time.Now()
				for j := 0; j < m; j++ {
					_, _ = ParseReference(iris[(k+j)%len(iris)])
				}
				return time.Since(t0)
			}
			runURI := func(k, m int) time.Duration {
				t0 := time.Now()
				for j := 0; j < m; j++ {
					_, _ = uri.ParseReference(uris[(k+j)%len(uris)])
				}
				return time.Since(t0)
			}
			b.ReportAllocs()
			var ti, tu time.Duration
			for n, t := 0, 0; n < b.N; n, t = n+turn, t+1 {
				k, m := n%len(iris), min(turn, b.N-n)
				if t%2 == 0 {
					ti += runIRI(k, m)
					tu += runURI(k, m)
				} else {
					tu += runURI(k, m)
					ti += runIRI(k, m)
				}
			}
			b.ReportMetric(float64(ti.Nanoseconds())/float64(b.N), "iri-ns/op")
			b.ReportMetric(float64(tu.Nanoseconds())/float64(b.N), "uri-ns/op")
			b.ReportMetric(float64(ti)/float64(tu), "iri/uri")
		})
	}
}
