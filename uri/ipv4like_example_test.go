package uri_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/uri"
)

func ExampleURI_HostIPv4() {
	// An allow-list of names lets "0x7f.1" through: RFC 3986 reads a name,
	// getaddrinfo and browsers read 127.0.0.1.
	for _, s := range []string{"http://0x7f.1/", "http://2130706433/", "http://127.0.0.1./", "http://example.com/"} {
		u := uri.MustParse(s)
		_, isAddr := u.Addr()
		a, by := u.HostIPv4()
		fmt.Println(u.Host(), isAddr, a, by)
	}
	// Output:
	// 0x7f.1 false 127.0.0.1 inet_aton+WHATWG
	// 2130706433 false 127.0.0.1 inet_aton+WHATWG
	// 127.0.0.1. false 127.0.0.1 WHATWG
	// example.com false invalid IP none
}
