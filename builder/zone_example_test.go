package builder_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/builder"
	"github.com/seed42851778/rfc3986/uri"
)

func ExampleBuilder_BuildWith() {
	// A link-local address with its interface, as net.Interface gives it.
	b := builder.New().Scheme("http").Host("fe80::1%en0").Port(8080).Path("/status")
	_, err := b.Build()
	fmt.Println(err != nil) // RFC 3986 has no zone
	u, err := b.BuildWith(uri.ParseOptions{IPv6Zone: true})
	fmt.Println(u, err)
	fmt.Println(u.DialAddr())
	// Output:
	// true
	// http://[fe80::1%25en0]:8080/status <nil>
	// [fe80::1%en0]:8080 <nil>
}
