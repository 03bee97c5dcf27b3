package uri_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/uri"
)

func ExampleURI_Scan() {
	// rows.Scan(&u) calls Scan with the column's text.
	var u uri.URI
	err := u.Scan([]byte("https://example.com/feed.xml"))
	fmt.Println(u.Host(), err)
	v, _ := u.Value() // what db.Exec stores
	fmt.Printf("%q\n", v)
	// Output:
	// example.com <nil>
	// "https://example.com/feed.xml"
}
