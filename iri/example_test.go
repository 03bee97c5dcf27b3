package iri_test

import (
	"errors"
	"fmt"
	"log/slog"
	"os"

	"github.com/seed42851778/rfc3986/iri"
	"github.com/seed42851778/rfc3986/uri"
)

func ExampleParse() {
	i, err := iri.Parse("http://jürgen@bücher.de:8080/straße?q=ü#kapitel")
	if err != nil {
		panic(err)
	}
	fmt.Println(i.Scheme(), i.UserInfo(), i.Host(), i.Port(), i.Path(), i.Query(), i.Fragment())
	// Output: http jürgen bücher.de 8080 /straße q=ü kapitel
}

func ExampleParseReference() {
	for _, s := range []string{"../résumé.html", "//例え.テスト/", "?\uE000", "#\uE000"} {
		i, err := iri.ParseReference(s)
		fmt.Printf("%q %q %v\n", i.Path(), i.Host(), err != nil)
	}
	// Output:
	// "../résumé.html" "" false
	// "/" "例え.テスト" false
	// "" "" false
	// "" "" true
}

func ExampleParseAbsolute() {
	_, err := iri.ParseAbsolute("http://bücher.de/#f")
	fmt.Println(err != nil)
	// Output: true
}

func ExampleParseRelative() {
	i, _ := iri.ParseRelative("ü/a?q")
	fmt.Println(i.IsRelative(), i.Path())
	// Output: true ü/a
}

func ExampleMustParse() {
	fmt.Println(iri.MustParse("urn:例:え").Path())
	// Output: 例:え
}

func ExampleMustParseReference() {
	fmt.Println(iri.MustParseReference("résumé#é").Fragment())
	// Output: é
}

func ExampleParseError() {
	_, err := iri.ParseReference("http://example.org/\uE000")
	var pe *iri.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Offset, pe.Component)
		fmt.Println(pe.Hint)
	}
	fmt.Println(errors.Is(err, iri.ErrInvalid))
	// Output:
	// 19 path
	// non-ASCII character '\ue000' is not allowed in a URI, nor outside the query of an IRI: percent-encode its UTF-8 bytes as "%EE%80%80"
	// true
}

func ExampleIRI_ToURI() {
	// RFC 3987 §3.1.
	fmt.Println(iri.MustParse("http://www.example.org/red%09rosé#red").ToURI())
	fmt.Println(iri.MustParse("http://résumé.example.org").ToURI())
	// Output:
	// http://www.example.org/red%09ros%C3%A9#red
	// http://r%C3%A9sum%C3%A9.example.org
}

func ExampleIRI_ToASCII() {
	u, err := iri.MustParse("https://bücher.de/ü").ToASCII()
	fmt.Println(u, err)
	_, err = iri.MustParse("http://bü_cher.de/").ToASCII()
	fmt.Println(err)
	// Output:
	// https://xn--bcher-kva.de/%C3%BC <nil>
	// iri: host "bü_cher.de" is not a valid IDNA domain name: idna: disallowed rune U+005F
}

func ExampleFromURI() {
	// RFC 3987 §3.2.1.
	for _, s := range []string{
		"http://www.example.org/D%C3%BCrst",
		"http://www.example.org/D%FCrst",
		"http://xn--99zt52a.example.org/%e2%80%ae",
	} {
		fmt.Println(iri.FromURI(uri.MustParse(s)))
	}
	// Output:
	// http://www.example.org/Dürst
	// http://www.example.org/D%FCrst
	// http://xn--99zt52a.example.org/%E2%80%AE
}

func ExampleFromURIWith() {
	u := uri.MustParse("http://xn--99zt52a.example.org/%e2%80%ae")
	fmt.Println(iri.FromURIWith(u, iri.FromURIOptions{ULabels: true}))
	// Output: http://納豆.example.org/%E2%80%AE
}

func ExampleIRI_Resolve() {
	base := iri.MustParse("http://bücher.de/ä/b/c")
	for _, ref := range []string{"../ö", "ü?q=é", "//例え.テスト/"} {
		t, _ := base.Resolve(iri.MustParseReference(ref))
		fmt.Println(t)
	}
	// Output:
	// http://bücher.de/ä/ö
	// http://bücher.de/ä/b/ü?q=é
	// http://例え.テスト/
}

func ExampleIRI_NormalizeSyntax() {
	// RFC 3987 §5.3.2.
	fmt.Println(iri.MustParse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9").NormalizeSyntax())
	// Output: example://a/b/c/%7Bfoo%7D/rosé
}

func ExampleIRI_Normalize() {
	fmt.Println(iri.MustParse("HTTP://Bücher.de:80").Normalize())
	// Output: http://bücher.de/
}

func ExampleIRI_Equivalent() {
	a := iri.MustParse("example://a/b/c/%7Bfoo%7D/rosé")
	b := iri.MustParse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9")
	nfd := iri.MustParse("example://a/b/c/%7Bfoo%7D/rose\u0301")
	fmt.Println(a.Equivalent(b), a.Equivalent(nfd))
	// Output: true false
}

func ExampleIRI_Equal() {
	a := iri.MustParse("http://example.org/rosé")
	fmt.Println(a.Equal(iri.MustParse("http://example.org/rosé")), a.Equal(iri.MustParse("http://example.org/ros%C3%A9")))
	// Output: true false
}

func ExampleIRI_String() {
	fmt.Println(iri.MustParse("http://bücher.de/ü"))
	// Output: http://bücher.de/ü
}

func ExampleIRI_HostKind() {
	fmt.Println(iri.MustParse("http://1.2.3.4/").HostKind(), iri.MustParse("http://1.2.3.4é/").HostKind())
	// Output: IPv4 reg-name
}

// Redacted is the form to print or log: the password shows as "xxxxx".
// LogValue makes slog log an IRI so.
func ExampleIRI_Redacted() {
	i := iri.MustParse("https://jü:s3cr3t@bücher.de/ü")
	fmt.Println(i.Redacted())
	slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		},
	})).Info("fetch", "iri", i)
	// Output:
	// https://jü:xxxxx@bücher.de/ü
	// level=INFO msg=fetch iri=https://jü:xxxxx@bücher.de/ü
}
