package uri_test

import (
	"errors"
	"fmt"

	"github.com/seed42851778/rfc3986/uri"
)

func ExampleURI_Resolve() {
	base := uri.MustParse("http://a/b/c/d;p?q") // the base of RFC 3986 §5.4
	for _, s := range []string{"g", "../g", "?y", "#s", "//g", "../../../g", "g:h"} {
		u, err := base.Resolve(uri.MustParseReference(s))
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-12q %s\n", s, u)
	}

	// A base needs a scheme (§5.2.1).
	_, err := uri.MustParseReference("a/b").Resolve(uri.MustParseReference("g"))
	var re *uri.ResolveError
	fmt.Println(errors.As(err, &re))
	// Output:
	// "g"          http://a/b/c/g
	// "../g"       http://a/b/g
	// "?y"         http://a/b/c/d;p?y
	// "#s"         http://a/b/c/d;p?q#s
	// "//g"        http://g
	// "../../../g" http://a/g
	// "g:h"        g:h
	// true
}

func ExampleURI_ResolveString() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, ref := range []string{"../g", "g?y#s", "//h/x"} {
		t, err := base.ResolveString(ref)
		fmt.Println(t, err)
	}
	_, err := base.ResolveString("g h")
	var pe *uri.ParseError
	fmt.Println(errors.As(err, &pe), pe.Offset)
	// Output:
	// http://a/b/g <nil>
	// http://a/b/c/g?y#s <nil>
	// http://h/x <nil>
	// true 1
}

func ExampleURI_ResolveWith() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	ref := uri.MustParseReference("http:g")
	strict, _ := base.Resolve(ref)
	loose, _ := base.ResolveWith(ref, uri.ResolveOptions{NonStrict: true})
	fmt.Println(strict)
	fmt.Println(loose)
	// Output:
	// http:g
	// http://a/b/c/g
}

func ExampleURI_Resolve_doubleSlash() {
	// The literal result would be "f:" with path "//g", whose text "f://g"
	// reads "g" as an authority: Resolve writes "/." in front of the path.
	u, _ := uri.MustParse("f:/a").Resolve(uri.MustParseReference(".//g"))
	fmt.Println(u, u.HasAuthority(), u.Path())
	// Output:
	// f:/.//g false /.//g
}

func ExampleURI_Relativize() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, s := range []string{
		"http://a/b/c/g", "http://a/b/", "http://a/g", "http://a/b/c/d;p?q#s",
		"http://a/b/c/d;p", "http://a/b/c/a:b", "http://g/x", "https://a/b",
	} {
		r, _ := base.Relativize(uri.MustParse(s))
		back, _ := base.Resolve(r)
		fmt.Printf("%-22s %-10q %s\n", s, r, back)
	}
	// Output:
	// http://a/b/c/g         "g"        http://a/b/c/g
	// http://a/b/            ".."       http://a/b/
	// http://a/g             "/g"       http://a/g
	// http://a/b/c/d;p?q#s   "#s"       http://a/b/c/d;p?q#s
	// http://a/b/c/d;p       "d;p"      http://a/b/c/d;p
	// http://a/b/c/a:b       "./a:b"    http://a/b/c/a:b
	// http://g/x             "//g/x"    http://g/x
	// https://a/b            "https://a/b" https://a/b
}

func ExampleRemoveDotSegments() {
	fmt.Println(uri.RemoveDotSegments("/a/b/c/./../../g")) // the traces of §5.2.4
	fmt.Println(uri.RemoveDotSegments("mid/content=5/../6"))
	fmt.Println(uri.RemoveDotSegments("/../g"))
	fmt.Printf("%q\n", uri.RemoveDotSegments(".."))
	// Output:
	// /a/g
	// mid/6
	// /g
	// ""
}

func ExampleURI_NormalizeSyntax() {
	for _, s := range []string{
		"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", // §6.2.2
		"HTTP://www.EXAMPLE.com/",            // §6.2.2.1
		"http://example.com/%7esmith",        // §6.2.2.2
		"../a/./b/../c",                      // relative: leading ".." kept
		"http://example.com:80",              // ports are scheme-based
	} {
		fmt.Println(uri.MustParseReference(s).NormalizeSyntax())
	}
	// Output:
	// example://a/b/c/%7Bfoo%7D
	// http://www.example.com/
	// http://example.com/~smith
	// ../a/c
	// http://example.com:80
}

func ExampleURI_Normalize() {
	// §6.2.3: four forms of one http URI.
	for _, s := range []string{"http://example.com", "http://example.com/", "http://example.com:/", "HTTP://example.com:80/"} {
		fmt.Println(uri.MustParse(s).Normalize())
	}
	// Output:
	// http://example.com/
	// http://example.com/
	// http://example.com/
	// http://example.com/
}

func ExampleURI_Equal() {
	a := uri.MustParse("http://example.com/~smith")
	b := uri.MustParse("HTTP://example.com/%7Esmith")
	fmt.Println(a.Equal(a), a.Equal(b))
	// Output:
	// true false
}

func ExampleURI_Equivalent() {
	a := uri.MustParse("http://example.com/~smith")
	b := uri.MustParse("HTTP://example.com:80/%7Esmith")
	c := uri.MustParse("http://example.com/~smith?")
	fmt.Println(a.Equivalent(b), a.Equivalent(c))
	// Output:
	// true false
}

func ExampleRegisterScheme() {
	// Usually in an init function.
	uri.RegisterScheme("gopher", uri.SchemeRule{DefaultPort: "70", EmptyPathIsSlash: true})
	fmt.Println(uri.MustParse("Gopher://Example.org:70").Normalize())
	// Output:
	// gopher://example.org/
}
