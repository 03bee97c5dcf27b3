package uri_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/uri"
)

func ExampleURI_SchemeIs() {
	u := uri.MustParse("HTTPS://example.com/")
	fmt.Println(u.Scheme(), u.SchemeIs("https"), u.SchemeIs("http"))
	// Output: HTTPS true false
}

func ExampleURI_PortOrDefault() {
	for _, s := range []string{"https://example.com/", "http://example.com:8080/", "redis://cache/0"} {
		fmt.Println(uri.MustParse(s).PortOrDefault())
	}
	// Output:
	// 443 <nil>
	// 8080 <nil>
	// 0 uri: no port number
}

func ExampleURI_Origin() {
	// A CORS check: the request's Origin header against the allowed page.
	page := uri.MustParse("https://App.Example.com:443/settings?tab=1")
	fmt.Println(page.Origin())
	fmt.Println(page.Origin() == uri.MustParse("https://app.example.com/").Origin())
	fmt.Println(uri.MustParse("file:///etc/hosts").Origin())
	// Output:
	// https://app.example.com
	// true
	// null
}

func ExampleURI_DialAddr() {
	for _, s := range []string{"https://example.com/", "http://[2001:db8::1]/", "postgres://db:5433/app"} {
		fmt.Println(uri.MustParse(s).DialAddr())
	}
	// Output:
	// example.com:443 <nil>
	// [2001:db8::1]:80 <nil>
	// db:5433 <nil>
}

func ExampleURI_Origin_redirect() {
	// An open-redirect check: follow ?next= only within the site.
	page := uri.MustParse("https://app.example.com/login?next=%2Fhome")
	for _, next := range []string{"/home", "//evil.example/", "https://APP.example.com:443/x", "javascript:alert(1)"} {
		target, err := page.ResolveString(next)
		fmt.Println(next, err == nil && target.Origin() == page.Origin())
	}
	// Output:
	// /home true
	// //evil.example/ false
	// https://APP.example.com:443/x true
	// javascript:alert(1) false
}
