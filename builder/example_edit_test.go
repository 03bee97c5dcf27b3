package builder_test

import (
	"errors"
	"fmt"

	"github.com/seed42851778/rfc3986/builder"
	"github.com/seed42851778/rfc3986/uri"
)

// Edit a URL you parsed: each call changes one part, the rest stays byte for
// byte ("+" is still "+", "flag" still has no "=").
func ExampleBuilder_SetQueryParam() {
	u := uri.MustParse("https://shop.example/search?q=red+shoes&page=1&flag")
	next := builder.From(u).SetQueryParam("page", "2").MustBuild()
	fmt.Println(next)
	fmt.Println(next.FormValues().Get("q"), next.QueryValues("page"))

	// Appended when missing; "+", "&", "=" and ";" in the value are encoded.
	fmt.Println(builder.From(u).SetQueryParam("sort", "price+asc").MustBuild())
	// Output:
	// https://shop.example/search?q=red+shoes&page=2&flag
	// red shoes [2]
	// https://shop.example/search?q=red+shoes&page=1&flag&sort=price%2Basc
}

func ExampleBuilder_DelQueryParam() {
	u := uri.MustParse("https://example.com/a?utm_source=x&id=7&utm_source=y#top")
	fmt.Println(builder.From(u).DelQueryParam("utm_source").MustBuild())
	fmt.Println(builder.From(u).DelQueryParam("utm_source").DelQueryParam("id").MustBuild())
	// Output:
	// https://example.com/a?id=7#top
	// https://example.com/a#top
}

func ExampleBuilder_AppendSegments() {
	base := uri.MustParse("https://api.example/v1/")
	fmt.Println(builder.From(base).AppendSegments("users", "ann b", "a/b").MustBuild())
	fmt.Println(builder.From(uri.MustParse("https://api.example")).AppendSegments("v2").MustBuild())

	// A dot segment would be removed by resolution: refused.
	_, err := builder.From(base).AppendSegments("..").Build()
	fmt.Println(errors.Is(err, builder.ErrDotSegment))
	// Output:
	// https://api.example/v1/users/ann%20b/a%2Fb
	// https://api.example/v2
	// true
}

func ExampleBuilder_HostPort() {
	for _, addr := range []string{"localhost:8080", "[::1]:443", "example.com"} {
		fmt.Println(builder.New().Scheme("http").HostPort(addr).MustBuild())
	}
	_, err := builder.New().Scheme("http").HostPort("::1").Build()
	var be *builder.BuildError
	if errors.As(err, &be) {
		fmt.Println(be.Offset, be.Hint)
	}
	// Output:
	// http://localhost:8080
	// http://[::1]:443
	// http://example.com
	// 0 an IPv6 address is written in brackets: "[v6]" or "[v6]:port", as net.JoinHostPort writes it
}

// Host refuses text that holds another part of a URL, and says which setter
// was meant.
func ExampleBuilder_Host_refusal() {
	for _, h := range []string{"example.com/path", "user@evil.com", "127.0.0.1:8080"} {
		_, err := builder.New().Scheme("https").Host(h).Build()
		var be *builder.BuildError
		if errors.As(err, &be) {
			fmt.Printf("%d: %s\n", be.Offset, be.Hint)
		}
	}
	// Output:
	// 11: "/" starts a path: set it with Path or AppendSegments
	// 4: "@" ends a userinfo: set "user" or "user:password" with UserInfo
	// 9: ":" starts a port: set "host:port" with HostPort, or the port with Port
}
