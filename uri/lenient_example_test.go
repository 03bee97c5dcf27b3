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
