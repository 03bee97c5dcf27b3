package uri_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/uri"
)

func ExampleRepair_String() {
	_, reps, err := uri.ParseRepaired("https://bob:sä cret@example.com/a b")
	if err != nil {
		panic(err)
	}
	for _, r := range reps {
		fmt.Println(r)
	}
	// Output:
	// offset 13: 3 bytes of the password percent-encoded
	// offset 34: " " → "%20"
}
