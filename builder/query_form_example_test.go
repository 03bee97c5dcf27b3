package builder_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/builder"
	"github.com/seed42851778/rfc3986/uri"
)

func ExampleBuilder_FormParam() {
	u := builder.From(uri.MustParse("https://example.com/search")).
		FormParam("q", "go uri parser").
		FormParam("lang", "en & de").
		MustBuild()
	fmt.Println(u)
	fmt.Println(u.FormValues()["q"])
	// Output:
	// https://example.com/search?q=go+uri+parser&lang=en+%26+de
	// [go uri parser]
}

func ExampleBuilder_SetFormParam() {
	u := uri.MustParse("https://example.com/search?q=old+query&page=3")
	next := builder.From(u).SetFormParam("q", "new query").SetFormParam("page", "1").MustBuild()
	fmt.Println(next)
	// Output: https://example.com/search?q=new+query&page=1
}
