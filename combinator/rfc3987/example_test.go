package rfc3987_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/combinator/rfc3987"
)

func ExampleIRIReference() {
	for _, s := range []string{"http://bücher.de/ü?q=\uE000", "http://bücher.de/\uE000", "../résumé.html", "http://h/\xFF"} {
		fmt.Println(rfc3987.IRIReference.Match(s))
	}
	// Output:
	// true
	// false
	// true
	// false
}
