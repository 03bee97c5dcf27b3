package weburl

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTextRoundTrip(t *testing.T) {
	for _, u := range acceptedWPT(t) {
		text, err := u.MarshalText()
		if err != nil || string(text) != u.Href() {
			t.Fatalf("%q: MarshalText() = %q, %v; want the href", u.Href(), text, err)
		}
		var back URL
		if err := back.UnmarshalText(text); err != nil {
			t.Fatalf("%q: UnmarshalText: %v", u.Href(), err)
		}
		if back != u {
			t.Fatalf("%q: UnmarshalText gave %#v, want %#v", u.Href(), back, u)
		}
	}
}

func TestTextZeroURL(t *testing.T) {
	text, err := URL{}.MarshalText()
	if err != nil || len(text) != 0 {
		t.Errorf("URL{}.MarshalText() = %q, %v; want empty", text, err)
	}
	u, _ := Parse("https://example.com/")
	if err := u.UnmarshalText(nil); err != nil || u != (URL{}) {
		t.Errorf("UnmarshalText(nil) = %v, left %q; want the zero URL", err, u.Href())
	}
}

func TestUnmarshalTextRefusesWhatParseRefuses(t *testing.T) {
	u, _ := Parse("https://example.com/")
	before := u
	err := u.UnmarshalText([]byte("https://exa mple.com/"))
	var perr *Error
	if !errors.As(err, &perr) || perr.Type != "domain-to-ASCII" && perr.Type != "host-invalid-code-point" {
		t.Errorf("UnmarshalText(bad host) = %v, want Parse's *Error", err)
	}
	if u != before {
		t.Errorf("UnmarshalText changed u on failure to %q", u.Href())
	}
	// Relative references have no base here.
	if err := u.UnmarshalText([]byte("/a")); err == nil {
		t.Errorf("UnmarshalText(%q) = nil, want an error", "/a")
	}
}

func TestJSON(t *testing.T) {
	type config struct {
		Home  URL  `json:"home"`
		Proxy URL  `json:"proxy"`
		Next  *URL `json:"next,omitempty"`
	}
	var c config
	in := `{"home":"HTTPS://Example.COM:443/a/../b","proxy":""}`
	if err := json.Unmarshal([]byte(in), &c); err != nil {
		t.Fatal(err)
	}
	if c.Home.Href() != "https://example.com/b" || c.Proxy != (URL{}) {
		t.Errorf("json.Unmarshal(%s) = %q, %q", in, c.Home.Href(), c.Proxy.Href())
	}
	out, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(`{"home":"https://example.com/b","proxy":""}`, string(out)); diff != "" {
		t.Errorf("json.Marshal (-want +got):\n%s", diff)
	}
	if err := json.Unmarshal([]byte(`{"home":"http://[::1"}`), &c); err == nil {
		t.Errorf("json.Unmarshal of an unclosed IPv6 host succeeded")
	}
}
