package uri_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/uri"
)

// ParseRepaired reads an href as a browser would, within RFC 3986: it
// percent-encodes what a component cannot hold, puts a Unicode host in its
// IDNA A-label form, and says what it changed.
func ExampleParseRepaired() {
	for _, s := range []string{
		" https://bücher.de/a b?q={term}\n",
		"http://x/100%",
		"https://example.com/ok",
		"http://h:8x/",
	} {
		u, repairs, err := uri.ParseRepaired(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(u)
		for _, r := range repairs {
			fmt.Println("  ", r)
		}
	}
	// Output:
	// https://xn--bcher-kva.de/a%20b?q=%7Bterm%7D
	//    offset 0: " " → ""
	//    offset 9: "bücher.de" → "xn--bcher-kva.de"
	//    offset 21: " " → "%20"
	//    offset 26: "{term}" → "%7Bterm%7D"
	//    offset 32: "\n" → ""
	// http://x/100%25
	//    offset 12: "%" → "%25"
	// https://example.com/ok
	// uri: invalid character '/' at offset 11 in port: expected unreserved, pct-encoded, sub-delims, ":" or "@"; the port "8x" holds 'x' at offset 10: a port is decimal digits only
}
