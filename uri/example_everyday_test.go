package uri_test

import (
	"fmt"
	"log/slog"
	"net"
	"os"

	"github.com/seed42851778/rfc3986/uri"
)

func ExampleURI_Hostname() {
	for _, s := range []string{
		"https://example.org:8000/path",
		"https://[2001:db8::1]:17000/",
		"s://[v7.a:b]/",
		"http://caf%C3%A9.example/",
		"mailto:joe@example.com",
	} {
		fmt.Printf("%q\n", uri.MustParse(s).Hostname())
	}
	// Output:
	// "example.org"
	// "2001:db8::1"
	// "v7.a:b"
	// "café.example"
	// ""
}

func ExampleURI_Addr() {
	u := uri.MustParse("http://[2001:db8::1]:8080/")
	if a, ok := u.Addr(); ok {
		fmt.Println(a, a.Is6(), net.JoinHostPort(a.String(), u.Port()))
	}
	_, ok := uri.MustParse("http://01.2.3.4/").Addr() // a reg-name (§3.2.2)
	fmt.Println(ok)
	// Output:
	// 2001:db8::1 true [2001:db8::1]:8080
	// false
}

func ExampleURI_User() {
	fmt.Println(uri.MustParse("ftp://anonymous@ftp.example.com/").User())
	fmt.Println(uri.MustParse("https://j%C3%B6rg:pw@example.com/").User())
	// Output:
	// anonymous
	// jörg
}

func ExampleURI_Password() {
	fmt.Println(uri.MustParse("https://bob:p%40ss@example.com/").Password())
	fmt.Println(uri.MustParse("https://bob:@example.com/").Password())
	fmt.Println(uri.MustParse("https://bob@example.com/").Password())
	// Output:
	// p@ss true
	//  true
	//  false
}

func ExampleURI_QueryValues() {
	u := uri.MustParse("https://example.com/search?tag=go&tag=c%2B%2B&q=a+b&flag")
	fmt.Printf("%q\n", u.QueryValues("tag"))
	fmt.Printf("%q\n", u.QueryValues("q")) // "+" is a "+" in RFC 3986
	fmt.Printf("%q\n", u.QueryValues("flag"))
	fmt.Printf("%q\n", u.QueryValues("page"))
	// Output:
	// ["go" "c++"]
	// ["a+b"]
	// [""]
	// []
}

func ExampleURI_FormValues() {
	// A query as an HTML form writes it: "+" is a space, "%2B" a "+".
	v := uri.MustParse("https://example.com/search?q=red+shoes&size=10%2B&flag").FormValues()
	fmt.Printf("%q %q %v\n", v.Get("q"), v.Get("size"), v.Has("flag"))
	// Output: "red shoes" "10+" true
}

// A URI logged as an attribute goes through LogValue, without its password.
// Inside a struct, a JSON handler marshals it with MarshalText, in clear.
// Put the Redacted string in what you log, or give the struct a LogValue.
func ExampleURI_Redacted_jsonHandler() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // for a stable output
			}
			return a
		},
	}))
	u := uri.MustParse("https://bob:hunter2@db.example/")

	log.Info("attr", "dsn", u) // safe: LogValue
	type leaky struct{ DSN uri.URI }
	log.Info("struct", "cfg", leaky{u}) // leaks: MarshalText
	type safe struct{ DSN string }
	log.Info("struct", "cfg", safe{u.Redacted()}) // safe
	// Output:
	// {"level":"INFO","msg":"attr","dsn":"https://bob:xxxxx@db.example/"}
	// {"level":"INFO","msg":"struct","cfg":{"DSN":"https://bob:hunter2@db.example/"}}
	// {"level":"INFO","msg":"struct","cfg":{"DSN":"https://bob:xxxxx@db.example/"}}
}
