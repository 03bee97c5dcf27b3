package weburl_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/weburl"
)

func ExampleCanParse() {
	for _, s := range []string{"https://example.com/a b", "https://exa mple.com/", "/relative", "http://[::1]:65536/"} {
		fmt.Println(weburl.CanParse(s))
	}
	// Output:
	// true
	// false
	// false
	// false
}
