package weburl_test

import (
	"encoding/json"
	"fmt"

	"github.com/seed42851778/rfc3986/weburl"
)

func ExampleURL_MarshalText() {
	u, _ := weburl.Parse("HTTPS://Example.COM:443/a/../b")
	text, _ := u.MarshalText()
	fmt.Printf("%s\n", text)
	b, _ := json.Marshal(struct{ Home weburl.URL }{u})
	fmt.Printf("%s\n", b)
	// Output:
	// https://example.com/b
	// {"Home":"https://example.com/b"}
}

func ExampleURL_UnmarshalText() {
	var cfg struct {
		Endpoint weburl.URL `json:"endpoint"`
		Fallback weburl.URL `json:"fallback"`
	}
	err := json.Unmarshal([]byte(`{"endpoint": "https://api.example.com:443/v1/", "fallback": ""}`), &cfg)
	fmt.Println(cfg.Endpoint, err, cfg.Fallback == weburl.URL{})
	err = json.Unmarshal([]byte(`{"endpoint": "https://api.example.com:99999/"}`), &cfg)
	fmt.Println(err)
	// Output:
	// https://api.example.com/v1/ <nil> true
	// weburl: parse "https://api.example.com:99999/": port-out-of-range at offset 24 (a port is at most 65535)
}
