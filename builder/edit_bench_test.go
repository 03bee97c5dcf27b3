package builder

import (
	"net/url"
	"testing"

	"github.com/seed42851778/rfc3986/uri"
)

// editBase is a URL with 10 query parameters, as a search page's might be.
const editBase = "https://shop.example/api/v1/search?q=red+shoes&page=1&size=20&sort=price&order=asc" +
	"&color=red&brand=acme&min=10&max=200&flag"

// BenchmarkSetQueryParam changes one of 10 parameters of a parsed URL and
// makes the new URL, beside net/url's way (Query, Set, Encode, String),
// which also re-encodes and reorders the other nine.
//
//	go test ./builder -run '^$' -bench 'SetQueryParam|AppendSegments' -benchmem -cpu 1 -count 6
func BenchmarkSetQueryParam(b *testing.B) {
	u := uri.MustParse(editBase)
	v, err := url.Parse(editBase)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("builder", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			w, err := From(u).SetQueryParam("page", "2").Build()
			if err != nil || len(w.String()) == 0 {
				b.Fatal(err)
			}
		}
	})
	b.Run("net-url", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			q := v.Query()
			q.Set("page", "2")
			w := *v
			w.RawQuery = q.Encode()
			if len(w.String()) == 0 {
				b.Fatal("empty")
			}
		}
	})
}

// BenchmarkAppendSegments adds two segments to the path of a parsed URL and
// makes the new URL, beside net/url's JoinPath and String.
func BenchmarkAppendSegments(b *testing.B) {
	u := uri.MustParse(editBase)
	v, err := url.Parse(editBase)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("builder", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			w, err := From(u).AppendSegments("items", "42").Build()
			if err != nil || len(w.String()) == 0 {
				b.Fatal(err)
			}
		}
	})
	b.Run("net-url", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if len(v.JoinPath("items", "42").String()) == 0 {
				b.Fatal("empty")
			}
		}
	})
}
