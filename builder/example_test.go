package builder_test

import (
	"errors"
	"fmt"

	"github.com/seed42851778/rfc3986/builder"
	"github.com/seed42851778/rfc3986/uri"
)

// A fluent chain: each setter encodes what its component does not allow.
func Example() {
	u, err := builder.New().
		Scheme("https").
		UserInfo("anna").
		Host("example.com").
		Port(8443).
		Segments("reports", "2024/Q1", "café").
		QueryParam("q", "a+b & c").
		QueryParam("lang", "fr").
		Fragment("page 2").
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u)
	fmt.Println(u.Host(), u.Port(), u.Path())
	// Output:
	// https://anna@example.com:8443/reports/2024%2FQ1/caf%C3%A9?q=a%2Bb%20%26%20c&lang=fr#page%202
	// example.com 8443 /reports/2024%2FQ1/caf%C3%A9
}

// Starting from a parsed URI keeps every component, empty ones included.
func ExampleFrom() {
	base := uri.MustParse("http://example.com/search?#top")
	u := builder.From(base).
		QueryParam("q", "rfc 3986").
		WithoutFragment().
		MustBuild()
	fmt.Println(u)
	fmt.Println(builder.From(base).MustBuild() == base)
	// Output:
	// http://example.com/search?q=rfc%203986
	// true
}

// Build refuses what would parse back differently, and says why; the RFC's
// repair is there when asked for.
func ExampleBuilder_Build_refusal() {
	b := builder.New().Path("a:b") // a relative path: "a" would read as a scheme
	_, err := b.Build()
	fmt.Println(err)
	var be *builder.BuildError
	fmt.Println(errors.As(err, &be), be.Component, errors.Is(err, builder.ErrColonInFirstSegment))

	u, err := b.BuildRepaired()
	fmt.Println(u, err)
	// Output:
	// builder: path "a:b": first segment of a relative path contains ":"
	// true path true
	// ./a:b <nil>
}

func ExampleBuilder_BuildRepaired() {
	u, _ := builder.New().Scheme("s").Host("h").Path("rootless").BuildRepaired()
	fmt.Println(u)
	v, _ := builder.New().Scheme("s").Path("//not-a-host").BuildRepaired()
	fmt.Println(v)
	// Output:
	// s://h/rootless
	// s:/.//not-a-host
}

// Branches of one Builder never see each other's calls.
func ExampleBuilder_QueryParam() {
	api := builder.New().Scheme("https").Host("api.example").Segments("v1", "items")
	page1 := api.QueryParam("page", "1")
	page2 := api.QueryParam("page", "2").QueryParam("sort", "-date")
	fmt.Println(page1.MustBuild())
	fmt.Println(page2.MustBuild())
	fmt.Println(api.MustBuild())
	// Output:
	// https://api.example/v1/items?page=1
	// https://api.example/v1/items?page=2&sort=-date
	// https://api.example/v1/items
}

func ExampleBuilder_Host() {
	for _, h := range []string{"example.com", "192.0.2.1", "2001:db8::1", "[v1.x]", "my host"} {
		fmt.Println(builder.New().Host(h).MustBuild())
	}
	_, err := builder.New().Host("example.com:8080").Build()
	fmt.Println(err)
	// Output:
	// //example.com
	// //192.0.2.1
	// //[2001:db8::1]
	// //[v1.x]
	// //my%20host
	// builder: host "example.com:8080": not a reg-name, IPv4 address or IP literal (at offset 11); ":" starts a port: set "host:port" with HostPort, or the port with Port
}

// Setting "" defines an empty component; only Without… undefines it.
func ExampleBuilder_Query() {
	b := builder.New().Scheme("s").Query("")
	fmt.Println(b.MustBuild())
	fmt.Println(b.WithoutQuery().MustBuild())
	fmt.Println(b.Query("a b?c#d").MustBuild())
	// Output:
	// s:?
	// s:
	// s:?a%20b?c%23d
}

func ExampleBuilder_RawPath() {
	u, err := builder.New().Scheme("s").Host("h").RawPath("/a%2Fb").Build()
	fmt.Println(u, err)
	_, err = builder.New().RawPath("/a b").Build()
	fmt.Println(err)
	// Output:
	// s://h/a%2Fb <nil>
	// builder: path "/a b": does not match its rule (at offset 2)
}

func ExampleBuilder_String() {
	fmt.Println(builder.New().Scheme("http").Host("h"))
	fmt.Println(builder.New().Scheme("http").Host("h").Port(99999))
	// Output:
	// builder.Builder("http://h")
	// builder.Builder{scheme:"http" host:"h" port:"99999" path:""} invalid: builder: port "99999": port out of range 0-65535
}

// Host writes a Unicode name as its IDNA A-label, the form DNS resolvers
// read; a name IDNA refuses is refused with IDNA's reason.
func ExampleBuilder_Host_idna() {
	fmt.Println(builder.New().Scheme("https").Host("bücher.de").Path("/ü").MustBuild())
	fmt.Println(builder.New().Scheme("https").Host("MÜNCHEN.de").MustBuild())
	_, err := builder.New().Scheme("https").Host("ü_x.de").Build()
	fmt.Println(err)
	// Output:
	// https://xn--bcher-kva.de/%C3%BC
	// https://xn--mnchen-3ya.de
	// builder: host "ü_x.de": not a reg-name, IPv4 address or IP literal; IDNA (UTS #46 lookup) refuses the name: idna: disallowed rune U+005F
}
