package uri_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/uri"
)

func ExampleURI_WithoutFragment() {
	u := uri.MustParse("https://example.com/doc?v=2#section-3")
	fmt.Println(u.WithoutFragment())
	// Output: https://example.com/doc?v=2
}

func ExampleURI_WithoutQuery() {
	u := uri.MustParse("https://example.com/doc?v=2#section-3")
	fmt.Println(u.WithoutQuery())
	// Output: https://example.com/doc#section-3
}

func ExampleURI_WithoutUserInfo() {
	u := uri.MustParse("https://bob:secret@example.com/repo.git")
	fmt.Println(u.WithoutUserInfo())
	// Output: https://example.com/repo.git
}

func ExampleURI_WithoutPort() {
	u := uri.MustParse("http://[::1]:8080/health")
	fmt.Println(u.WithoutPort())
	// Output: http://[::1]/health
}
