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
