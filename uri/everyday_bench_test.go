package uri_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/uri"
)

// The everyday helpers on the hot path of a web program, each beside the
// way net/url does the same job. Compare with
//
//	go test ./uri -run '^$' -bench 'Everyday' -benchmem -cpu 1 -count 6 -benchtime 200ms > e.txt
//	benchstat -col /impl e.txt

var (
	sinkString string
	sinkBool   bool
	sinkURI    uri.URI
)

const everydayURL = "HTTPS://user@Example.com:443/api/v1/items?page=2#top"

func BenchmarkEverydaySchemeIs(b *testing.B) {
	u, v := uri.MustParse(everydayURL), mustURL(b, everydayURL)
	b.Run("impl=uri", func(b *testing.B) {
		for b.Loop() {
			sinkBool = u.SchemeIs("https")
		}
	})
	b.Run("impl=net-url", func(b *testing.B) {
		for b.Loop() {
			sinkBool = v.Scheme == "https" // net/url lower-cased it when parsing
		}
	})
}

func BenchmarkEverydayWithoutFragment(b *testing.B) {
	u, v := uri.MustParse(everydayURL), mustURL(b, everydayURL)
	b.Run("impl=uri", func(b *testing.B) {
		for b.Loop() {
			sinkString = u.WithoutFragment().String()
		}
	})
	b.Run("impl=net-url", func(b *testing.B) {
		for b.Loop() {
			w := *v
			w.Fragment, w.RawFragment = "", ""
			sinkString = w.String()
		}
	})
}

func BenchmarkEverydayWithoutQuery(b *testing.B) {
	u, v := uri.MustParse(everydayURL), mustURL(b, everydayURL)
	b.Run("impl=uri", func(b *testing.B) {
		for b.Loop() {
			sinkString = u.WithoutQuery().String()
		}
	})
	b.Run("impl=net-url", func(b *testing.B) {
		for b.Loop() {
			w := *v
			w.RawQuery, w.ForceQuery = "", false
			sinkString = w.String()
		}
	})
}

func BenchmarkEverydayOrigin(b *testing.B) {
	u, v := uri.MustParse(everydayURL), mustURL(b, everydayURL)
	b.Run("impl=uri", func(b *testing.B) {
		for b.Loop() {
			sinkString = u.Origin()
		}
	})
	b.Run("impl=net-url", func(b *testing.B) {
		for b.Loop() {
			// What a CORS check writes by hand: lower-case host, default
			// port dropped.
			host, port := strings.ToLower(v.Hostname()), v.Port()
			if port == "443" && v.Scheme == "https" || port == "80" && v.Scheme == "http" {
				port = ""
			}
			if port != "" {
				host += ":" + port
			}
			sinkString = v.Scheme + "://" + host
		}
	})
}

func BenchmarkEverydayDialAddr(b *testing.B) {
	const s = "https://example.com/api"
	u, v := uri.MustParse(s), mustURL(b, s)
	b.Run("impl=uri", func(b *testing.B) {
		for b.Loop() {
			sinkString, _ = u.DialAddr()
		}
	})
	b.Run("impl=net-url", func(b *testing.B) {
		for b.Loop() {
			port := v.Port()
			if port == "" {
				port = "443"
			}
			sinkString = joinHostPort(v.Hostname(), port)
		}
	})
}

// joinHostPort is net.JoinHostPort, here so that the benchmark does not
// link package net either.
func joinHostPort(host, port string) string {
	if strings.IndexByte(host, ':') >= 0 {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}

func BenchmarkEverydayParseRequestTarget(b *testing.B) {
	const target = "/api/v1/users/a%2Fb?fields=name&page=2"
	b.Run("impl=uri", func(b *testing.B) {
		for b.Loop() {
			sinkURI, _, _ = uri.ParseRequestTarget("GET", target)
		}
	})
	b.Run("impl=net-url", func(b *testing.B) {
		for b.Loop() {
			v, _ := url.ParseRequestURI(target)
			sinkBool = v != nil
		}
	})
}

func BenchmarkEverydayJoinPath(b *testing.B) {
	const p = "/v1/users/a%2Fb"
	u, v := uri.MustParse("http://backend:8080/api/"), mustURL(b, "http://backend:8080/api/")
	b.Run("impl=uri", func(b *testing.B) {
		for b.Loop() {
			sinkURI, _ = u.JoinPath(p)
		}
	})
	b.Run("impl=net-url", func(b *testing.B) {
		for b.Loop() {
			// url.JoinPath decodes "%2F" and climbs on "..": not the same
			// job, but the call a Go programmer reaches for.
			sinkBool = v.JoinPath(p) != nil
		}
	})
}

func mustURL(b *testing.B, s string) *url.URL {
	v, err := url.Parse(s)
	if err != nil {
		b.Fatal(err)
	}
	return v
}
