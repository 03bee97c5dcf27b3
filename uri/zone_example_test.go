package uri_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/uri"
)

func ExampleParseReferenceWith() {
	u, err := uri.ParseReferenceWith("http://[fe80::1%25en0]:8080/", uri.ParseOptions{IPv6Zone: true})
	fmt.Println(u.Host(), u.Hostname(), err)
	a, _ := u.Addr()
	fmt.Println(a.Zone())
	_, err = uri.ParseReference("http://[fe80::1%25en0]:8080/")
	fmt.Println(err != nil)
	// Output:
	// [fe80::1%25en0] fe80::1%en0 <nil>
	// en0
	// true
}
