package uri_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/uri"
)

func ExampleParseRequestTarget() {
	for _, line := range [][2]string{
		{"GET", "/where?q=now"},
		{"GET", "//evil.example/x?y"},
		{"CONNECT", "example.com:443"},
		{"OPTIONS", "*"},
		{"GET", "http://www.example.org/pub/WWW/TheProject.html"},
	} {
		u, form, err := uri.ParseRequestTarget(line[0], line[1])
		fmt.Printf("%-14s host=%q port=%q path=%q query=%q %v\n", form, u.Host(), u.Port(), u.Path(), u.Query(), err)
	}
	// Output:
	// origin-form    host="" port="" path="/where" query="q=now" <nil>
	// origin-form    host="" port="" path="//evil.example/x" query="y" <nil>
	// authority-form host="example.com" port="443" path="" query="" <nil>
	// asterisk-form  host="" port="" path="*" query="" <nil>
	// absolute-form  host="www.example.org" port="" path="/pub/WWW/TheProject.html" query="" <nil>
}
