package uri_test

import (
	"encoding/json"
	"fmt"

	"github.com/seed42851778/rfc3986/uri"
)

func ExampleLenient() {
	var config struct {
		Webhook uri.Lenient `json:"webhook"`
		Page    uri.Lenient `json:"page"`
	}
	err := json.Unmarshal([]byte(`{"webhook": "https://bücher.de/hook", "page": "../old page.html"}`), &config)
	fmt.Println(config.Webhook, config.Page, err)
	fmt.Println(config.Webhook.Hostname())
	// Output:
	// https://xn--bcher-kva.de/hook ../old%20page.html <nil>
	// xn--bcher-kva.de
}

func ExampleURI_ResolveRepaired() {
	base := uri.MustParse("https://example.com/docs/v2/index.html")
	u, reps, err := base.ResolveRepaired("../old page.html")
	fmt.Println(u, reps, err)
	// Output: https://example.com/docs/old%20page.html [offset 6: " " → "%20"] <nil>
}

// Against an http base, browsers read "http:?q" as relative to the base,
// with its host; RFC 3986 reads it as it stands, with no host.
func ExampleURI_ResolveRepaired_sameScheme() {
	base := uri.MustParse("http://example.com/search")
	_, _, err := base.ResolveRepaired("http:?q=a b")
	fmt.Println(err)
	u, _, err := base.ResolveRepaired("?q=a b")
	fmt.Println(u, err)
	// Output:
	// uri: browsers read another authority at offset 5: against a base URL of the same special scheme, browsers read "http:" without "//" as a reference relative to the base, with its host, where RFC 3986 (§5.2.2, strict) reads the reference as it stands, with no host; to read the text as a browser does, use package weburl (the WHATWG URL Standard)
	// http://example.com/search?q=a%20b <nil>
}
