package weburl_test

import (
	"errors"
	"fmt"

	"github.com/seed42851778/rfc3986/weburl"
)

func ExampleParse() {
	u, err := weburl.Parse("HTTPS://EXAMPLE.com:443/a/./b/../c?q=1#top")
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	fmt.Println(u.Protocol(), u.Host(), u.Pathname(), u.Search(), u.Hash())
	// Output:
	// https://example.com/a/c?q=1#top
	// https: example.com /a/c ?q=1 #top
}

// A backslash ends the host of a special URL, as in a browser: the "@"
// after it is in the path, so the host is example.com, not evil.com.
func ExampleParse_backslash() {
	u, _ := weburl.Parse(`http://example.com\@evil.com/`)
	fmt.Println(u.Hostname())
	fmt.Println(u)
	// Output:
	// example.com
	// http://example.com/@evil.com/
}

// A host that ends in a number is an IPv4 address, in any of the forms
// inet_aton reads: hexadecimal, octal, fewer than four parts.
func ExampleParse_ipv4() {
	u, _ := weburl.Parse("http://0x7f.1/")
	fmt.Println(u.Hostname())
	// Output:
	// 127.0.0.1
}

// Any run of slashes and backslashes after a special scheme introduces
// the host.
func ExampleParse_slashes() {
	u, _ := weburl.Parse(`https:/\evil.example`)
	fmt.Println(u.Hostname())
	fmt.Println(u)
	// Output:
	// evil.example
	// https://evil.example/
}

func ExampleParse_error() {
	_, err := weburl.Parse("http://example.com:99999/")
	var e *weburl.Error
	if errors.As(err, &e) {
		fmt.Println(e.Type, e.Offset)
	}
	fmt.Println(err)
	// Output:
	// port-out-of-range 19
	// weburl: parse "http://example.com:99999/": port-out-of-range at offset 19 (a port is at most 65535)
}

func ExampleURL_Parse() {
	base, _ := weburl.Parse("https://example.com/docs/guide/intro.html?x=1")
	for _, ref := range []string{"../api/", "?y=2", "#s2", "//cdn.example/lib.js", "/"} {
		u, _ := base.Parse(ref)
		fmt.Println(u)
	}
	// Output:
	// https://example.com/docs/api/
	// https://example.com/docs/guide/intro.html?y=2
	// https://example.com/docs/guide/intro.html?x=1#s2
	// https://cdn.example/lib.js
	// https://example.com/
}

func ExampleParseValidated() {
	u, errs, err := weburl.ParseValidated(" http://user@example.com/a b", weburl.URL{})
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	for _, e := range errs {
		fmt.Println(e.Type, e.Offset)
	}
	// Output:
	// http://user@example.com/a%20b
	// invalid-URL-unit 0
	// invalid-credentials 12
	// invalid-URL-unit 26
}

func ExampleURL_Origin() {
	for _, s := range []string{
		"https://user:pw@example.com:8443/x",
		"blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f",
		"file:///etc/hosts",
		"data:text/plain,hi",
	} {
		u, _ := weburl.Parse(s)
		fmt.Println(u.Origin())
	}
	// Output:
	// https://example.com:8443
	// https://whatwg.org
	// null
	// null
}

func ExampleURL_WithHost() {
	u, _ := weburl.Parse("https://example.com:8080/a?b")
	fmt.Println(u.WithHost("example.org"))
	fmt.Println(u.WithHost("example.org:9090"))
	fmt.Println(u.WithHostname("example.org:9090")) // a port in a hostname: unchanged
	// Output:
	// https://example.org:8080/a?b
	// https://example.org:9090/a?b
	// https://example.com:8080/a?b
}

func ExampleURL_WithProtocol() {
	u, _ := weburl.Parse("http://example.com:443/")
	fmt.Println(u.WithProtocol("https"))
	fmt.Println(u.WithProtocol("mailto")) // special to non-special: unchanged
	// Output:
	// https://example.com/
	// http://example.com:443/
}

func ExampleURL_WithPathname() {
	u, _ := weburl.Parse("https://example.com/old?q#f")
	fmt.Println(u.WithPathname("/a/../b c?d"))
	// Output:
	// https://example.com/b%20c%3Fd?q#f
}

func ExampleURL_WithSearch() {
	u, _ := weburl.Parse("https://example.com/p?old#f")
	fmt.Println(u.WithSearch("?q=a b&r='"))
	fmt.Println(u.WithSearch(""))
	// Output:
	// https://example.com/p?q=a%20b&r=%27#f
	// https://example.com/p#f
}

func ExampleURL_WithHash() {
	u, _ := weburl.Parse("https://example.com/p")
	fmt.Println(u.WithHash("#sec 2"))
	// Output:
	// https://example.com/p#sec%202
}

func ExampleURL_WithUsername() {
	u, _ := weburl.Parse("https://example.com/")
	fmt.Println(u.WithUsername("a@b").WithPassword("p:w"))
	// Output:
	// https://a%40b:p%3Aw@example.com/
}

func ExampleURL_WithPort() {
	u, _ := weburl.Parse("https://example.com/")
	fmt.Println(u.WithPort("8443"))
	fmt.Println(u.WithPort("443"))
	fmt.Println(u.WithPort("8443abc"))
	// Output:
	// https://example.com:8443/
	// https://example.com/
	// https://example.com:8443/
}

func ExampleURL_URI() {
	u, _ := weburl.Parse("https://example.com/a|b")
	_, err := u.URI()
	fmt.Println(err != nil)
	v, _ := weburl.Parse("https://example.com/a b")
	r, err := v.URI()
	fmt.Println(r, err)
	// Output:
	// true
	// https://example.com/a%20b <nil>
}

func ExampleURL_SearchParams() {
	u, _ := weburl.Parse("https://example.com/search?q=go+url&lang=en&q=whatwg")
	p := u.SearchParams()
	fmt.Println(p.GetAll("q"))
	fmt.Println(u.WithSearchParams(p.Set("lang", "fr").Delete("q").Append("page", "2")))
	fmt.Println(u.WithSearchParams(p.Delete("q").Delete("lang")))
	// Output:
	// [go url whatwg]
	// https://example.com/search?lang=fr&page=2
	// https://example.com/search
}
