package uri_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/uri"
)

func ExampleURI_JoinPath() {
	// A reverse proxy forwards the request path under the upstream's /api/.
	upstream := uri.MustParse("http://backend:8080/api/")
	for _, requestURI := range []string{"/v1/users/a%2Fb?fields=name", "/../../etc/passwd", "/%2e%2e/admin"} {
		fmt.Println(upstream.JoinPath(requestURI))
	}
	// Output:
	// http://backend:8080/api/v1/users/a%2Fb?fields=name <nil>
	// http://backend:8080/api/etc/passwd <nil>
	// http://backend:8080/api/admin <nil>
}

func ExampleURI_JoinPath_elements() {
	// An API client: elements under the base path, as net/url's JoinPath
	// takes them, but never above it.
	api := uri.MustParse("https://api.example.com/v1")
	fmt.Println(api.JoinPath("users", "42", "repos?per_page=100"))
	fmt.Println(api.JoinPath("..", "admin"))
	// Output:
	// https://api.example.com/v1/users/42/repos?per_page=100 <nil>
	// https://api.example.com/v1/admin <nil>
}
