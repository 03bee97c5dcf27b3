package iri

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/uri"
)

// benchLines returns the URI references of the shared corpus (all ASCII),
// and the same references with characters outside ASCII: each decoded by
// FromURI where that gives any, else with the letters "a", "e" and "o" of
// the path, query and fragment written "ä", "é" and "ö".
func benchLines(b *testing.B) (ascii, nonASCII []string) {
	return iriLines(corpus.Lines(b, "urls.txt"))
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
