package properties_test

import (
	"errors"
	"fmt"
	"net/url"

	"github.com/seed42851778/rfc3986/properties"
)

// netURL adapts net/url to properties.Impl. net/url has no component struct
// with undefined-versus-empty, so Parse reports the components of what
// url.URL.String writes back, split by RFC 3986 Appendix B.
var netURL = properties.Impl{
	Name: "net/url",
	Parse: func(s string) (properties.Components, error) {
		u, err := url.Parse(s)
		if err != nil {
			return properties.Components{}, errors.New("url.Parse rejects it")
		}
		return properties.Split(u.String()), nil
	},
	Resolve: func(base, ref string) (string, error) {
		b, err := url.Parse(base)
		if err != nil {
			return "", errors.New("url.Parse rejects the base")
		}
		r, err := url.Parse(ref)
		if err != nil {
			return "", errors.New("url.Parse rejects the reference")
		}
		return b.ResolveReference(r).String(), nil
	},
}

// Example_netURL runs the laws on fixed inputs against net/url and prints
// where it departs from RFC 3986.
func Example_netURL() {
	// Round trip (§5.3): parse then recompose must give the input back.
	for _, s := range []string{
		"foo://example.com:8042/over/there?name=ferret#nose",
		"http://h?",
		"http://h#",  // §3.5: an empty fragment is still a fragment
		"s:?#",       // §5.3: defined-but-empty query and fragment
		"//",         // §3.2: an empty authority is still an authority
		"HTTP://h/",  // §3.1: case is kept by parsing; lower-casing is §6.2.2.1 normalization
		"s://[v1.x]", // §3.2.2: IPvFuture is valid syntax
	} {
		if err := properties.LawRoundTrip(netURL, s); err != nil {
			fmt.Println(err)
		} else {
			fmt.Printf("net/url: round trip of %q holds\n", s)
		}
	}

	// Resolution (§5.2): every example of §5.4.1 and §5.4.2.
	base := "http://a/b/c/d;p?q"
	deviations := 0
	for _, ref := range []string{
		"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x", "g;x?y#s",
		"", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
		"../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.",
		"g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x", "http:g",
	} {
		if err := properties.LawResolve(netURL, base, ref); err != nil {
			fmt.Println(err)
			deviations++
		}
	}
	fmt.Printf("net/url: %d deviations on the 42 examples of §5.4\n", deviations)

	// Resolution beyond §5.4.
	for _, c := range []struct{ base, ref string }{
		{base, "#"},                  // §5.2.2: T.fragment = R.fragment, defined and empty
		{base, "//"},                 // §5.2.2: R.authority is defined (empty)
		{"http://a/b/c/d;p?q#f", ""}, // §5.2.2: T.fragment = R.fragment (undefined)
		{"s:a/b", "c"},               // §5.2.3: merge keeps a rootless base path rootless
		{"s:/a/b", "../../../g"},     // §5.2.4: no authority appears from nowhere
		{"s:/a", ".//g"},             // §5.2.4 gives "//g" with no authority: "s:/.//g" keeps it
	} {
		if err := properties.LawResolve(netURL, c.base, c.ref); err != nil {
			fmt.Println(err)
		} else {
			fmt.Printf("net/url: Resolve(%q, %q) holds\n", c.base, c.ref)
		}
	}
	// Output:
	// net/url: round trip of "foo://example.com:8042/over/there?name=ferret#nose" holds
	// net/url: round trip of "http://h?" holds
	// net/url: recompose(Parse("http://h#")) = "http://h", want the input (RFC 3986 §5.3)
	// net/url: recompose(Parse("s:?#")) = "s:?", want the input (RFC 3986 §5.3)
	// net/url: recompose(Parse("//")) = "", want the input (RFC 3986 §5.3)
	// net/url: recompose(Parse("HTTP://h/")) = "http://h/", want the input (RFC 3986 §5.3)
	// net/url: Parse("s://[v1.x]") failed on a valid URI-reference: url.Parse rejects it
	// net/url: 0 deviations on the 42 examples of §5.4
	// net/url: Resolve("http://a/b/c/d;p?q", "#") = "http://a/b/c/d;p?q", want "http://a/b/c/d;p?q#" (RFC 3986 §5.2.2)
	// net/url: Resolve("http://a/b/c/d;p?q", "//") = "http://a/b/c/d;p?q", want "http://" (RFC 3986 §5.2.2)
	// net/url: Resolve("http://a/b/c/d;p?q#f", "") = "http://a/b/c/d;p?q#f", want "http://a/b/c/d;p?q" (RFC 3986 §5.2.2)
	// net/url: Resolve("s:a/b", "c") = "s:///c", want "s:a/c" (RFC 3986 §5.2.2)
	// net/url: Resolve("s:/a/b", "../../../g") = "s:///g", want "s:/g" (RFC 3986 §5.2.2)
	// net/url: Resolve("s:/a", ".//g") = "s:////g", want "s://g" (path "//g" with no authority; or "s:/.//g") (RFC 3986 §5.2.2)
}
