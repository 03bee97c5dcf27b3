package uri

import (
	"net/url"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// BenchmarkResolve resolves the 5,000 pairs of resolve.tsv (base<TAB>ref),
// one op being one pair: the reference is parsed, resolved against its base
// (parsed once up front) and the result turned into a string, by this
// package and by net/url in the same run. Pairs either side cannot parse
// are left out of both.
func BenchmarkResolve(b *testing.B) {
	type pair struct {
		base URI
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
		_, err3 := ParseReference(ref)
		_, err4 := url.Parse(ref)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
			continue
		}
		pairs = append(pairs, pair{base, nb, ref})
	}
	if len(pairs) == 0 {
		b.Skip("no valid pairs")
	}
	b.Run("uri", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		n := 0
		for i := 0; i < b.N; i++ {
			p := &pairs[i%len(pairs)]
			ref, _ := ParseReference(p.ref)
			u, _ := p.base.Resolve(ref)
			n += len(u.String())
		}
		_ = n
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
		_ = n
	})
}

// BenchmarkNormalize normalizes the valid URI references of urls.txt (parsed
// up front), one op being one URI.
func BenchmarkNormalize(b *testing.B) {
	var us []URI
	for _, l := range corpus.Full(b, "urls.txt", "figures over the 20,000 URLs") {
		if u, err := ParseReference(l); err == nil {
			us = append(us, u)
		}
	}
	b.Run("Normalize", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		n := 0
		for i := 0; i < b.N; i++ {
			n += len(us[i%len(us)].Normalize().String())
		}
		_ = n
	})
	b.Run("NormalizeSyntax", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		n := 0
		for i := 0; i < b.N; i++ {
			n += len(us[i%len(us)].NormalizeSyntax().String())
		}
		_ = n
	})
}

// BenchmarkResolveOnly is BenchmarkResolve/uri without the parse of the
// reference (parsed up front): the cost of Resolve and String alone.
func BenchmarkResolveOnly(b *testing.B) {
	type pair struct{ base, ref URI }
	var pairs []pair
	for _, l := range corpus.Full(b, "resolve.tsv", "figures over the 5,000 pairs") {
		bs, rs, _ := strings.Cut(l, "\t")
		base, err1 := Parse(bs)
		ref, err2 := ParseReference(rs)
		if err1 == nil && err2 == nil {
			pairs = append(pairs, pair{base, ref})
		}
	}
	b.ReportAllocs()
	defer reportCPU(b)()
	n := 0
	for i := 0; i < b.N; i++ {
		p := &pairs[i%len(pairs)]
		u, _ := p.base.Resolve(p.ref)
		n += len(u.String())
	}
	_ = n
}

// BenchmarkParseNormalize parses each valid line of urls.txt, normalizes it
// (NormalizeSyntax) and makes its string, one op being one URI, beside the
// same on the lines that are already normal, where it allocates nothing,
// and on URLs of percent-encoded UTF-8 (percentEncodedURLs).
func BenchmarkParseNormalize(b *testing.B) {
	var all, normal []string
	for _, l := range corpus.Full(b, "urls.txt", "figures over the 20,000 URLs") {
		if u, err := ParseReference(l); err == nil {
			all = append(all, l)
			if u.NormalizeSyntax().String() == l {
				normal = append(normal, l)
			}
		}
	}
	for _, bc := range []struct {
		name  string
		lines []string
	}{{"valid", all}, {"normal", normal}, {"percentEncoded", percentEncodedURLs}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b)()
			n := 0
			for i := 0; i < b.N; i++ {
				u, _ := ParseReference(bc.lines[i%len(bc.lines)])
				n += len(u.NormalizeSyntax().String())
			}
			_ = n
		})
	}
}

// BenchmarkRelativize finds the shortest reference from a base to a target
// of each kind: another directory, the same directory, the same page with
// a fragment, another host. net/url has no counterpart.
func BenchmarkRelativize(b *testing.B) {
	base := MustParse("https://example.com/a/b/c/d?q")
	for _, tc := range []struct{ name, target string }{
		{"otherDir", "https://example.com/a/x/y?z"},
		{"sameDir", "https://example.com/a/b/c/e"},
		{"fragment", "https://example.com/a/b/c/d?q#f"},
		{"otherHost", "https://other.org/a"},
	} {
		t := MustParse(tc.target)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_, _ = base.Relativize(t)
			}
		})
	}
}
