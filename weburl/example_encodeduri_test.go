package weburl_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/weburl"
)

func ExampleURL_EncodedURI() {
	u, _ := weburl.Parse("https://example.com/search?q=a|b&category=books&tag={go}")
	if _, err := u.URI(); err != nil {
		fmt.Println("URI:", err != nil)
	}
	r, repairs := u.EncodedURI()
	fmt.Println(r)
	for _, rep := range repairs {
		fmt.Println(rep)
	}
	// Output:
	// URI: true
	// https://example.com/search?q=a%7Cb&category=books&tag=%7Bgo%7D
	// offset 30: "|" → "%7C"
	// offset 52: "{go}" → "%7Bgo%7D"
}
