package uri_test

import (
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/properties"
	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

// TestWithoutRemovesOneComponent checks each Without method against the text
// §5.3's recomposition writes without that component, written out by hand,
// and that the result is the URI ParseReference makes of that text, spans
// and host kind included (URIs compare with ==).
func TestWithoutRemovesOneComponent(t *testing.T) {
	tests := []struct {
		in                      string
		noFrag, noQuery, noUser string
		noPort                  string
	}{
		{"foo://user@example.com:8042/over/there?name=ferret#nose",
			"foo://user@example.com:8042/over/there?name=ferret",
			"foo://user@example.com:8042/over/there#nose",
			"foo://example.com:8042/over/there?name=ferret#nose",
			"foo://user@example.com/over/there?name=ferret#nose"},
		{"s:", "s:", "s:", "s:", "s:"},
		{"s:?#", "s:?", "s:#", "s:?#", "s:?#"},
		{"//@", "//@", "//@", "//", "//@"},
		{"//@h:", "//@h:", "//@h:", "//h:", "//@h"},
		{"//u:p@[::1]:/x?#", "//u:p@[::1]:/x?", "//u:p@[::1]:/x#", "//[::1]:/x?#", "//u:p@[::1]/x?#"},
		{"http://a:b@1.2.3.4:80?q", "http://a:b@1.2.3.4:80?q", "http://a:b@1.2.3.4:80",
			"http://1.2.3.4:80?q", "http://a:b@1.2.3.4?q"},
		{"?q#f", "?q", "#f", "?q#f", "?q#f"},
		{"", "", "", "", ""},
		{"#", "", "#", "#", "#"},
		{"mailto:a@b?subject=x", "mailto:a@b?subject=x", "mailto:a@b", "mailto:a@b?subject=x", "mailto:a@b?subject=x"},
	}
	for _, tt := range tests {
		u := uri.MustParseReference(tt.in)
		for _, c := range []struct {
			name string
			got  uri.URI
			want string
		}{
			{"WithoutFragment", u.WithoutFragment(), tt.noFrag},
			{"WithoutQuery", u.WithoutQuery(), tt.noQuery},
			{"WithoutUserInfo", u.WithoutUserInfo(), tt.noUser},
			{"WithoutPort", u.WithoutPort(), tt.noPort},
		} {
			want := uri.MustParseReference(c.want)
			if c.got != want {
				t.Errorf("%q.%s() = %q (%v), want %q", tt.in, c.name, c.got, c.got.HostKind(), c.want)
			}
		}
	}
}

// TestPropertyWithoutIsRecomposition checks the Without methods on generated
// references against the recomposition (§5.3) of the Appendix B split less
// the component, and against ParseReference of that text.
func TestPropertyWithoutIsRecomposition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := properties.URIReference().Draw(t, "s")
		u := uri.MustParseReference(s)
		c := properties.Split(s)
		nf, nq := c, c
		nf.Fragment, nq.Query = nil, nil
		check := func(name string, got uri.URI, want string) {
			if w := uri.MustParseReference(want); got != w {
				t.Fatalf("%q.%s() = %q, want %q", s, name, got, want)
			}
		}
		check("WithoutFragment", u.WithoutFragment(), nf.String())
		check("WithoutQuery", u.WithoutQuery(), nq.String())
		if c.Authority != nil {
			// The userinfo runs to the last "@" of the authority; the port
			// follows the last ":" after the host (§3.2).
			a := *c.Authority
			nu := c
			if at := strings.LastIndexByte(a, '@'); at >= 0 {
				x := a[at+1:]
				nu.Authority = &x
			}
			np := c
			hostStart := strings.LastIndexByte(a, '@') + 1
			if colon := strings.LastIndexByte(a, ':'); colon >= hostStart && !strings.Contains(a[colon:], "]") {
				x := a[:colon]
				np.Authority = &x
			}
			check("WithoutUserInfo", u.WithoutUserInfo(), nu.String())
			check("WithoutPort", u.WithoutPort(), np.String())
		}
	})
}

// TestWithoutAllocs checks that removing a component that is not there, or
// one that ends the text, allocates nothing.
func TestWithoutAllocs(t *testing.T) {
	u := uri.MustParse("https://user@example.com:8443/a?b#c")
	plain := uri.MustParse("https://example.com/a")
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"WithoutFragment/none", func() { _ = plain.WithoutFragment() }},
		{"WithoutQuery/none", func() { _ = plain.WithoutQuery() }},
		{"WithoutUserInfo/none", func() { _ = plain.WithoutUserInfo() }},
		{"WithoutPort/none", func() { _ = plain.WithoutPort() }},
		{"WithoutFragment/last", func() { _ = u.WithoutFragment() }},
		{"WithoutQuery/last", func() { _ = u.WithoutFragment().WithoutQuery() }},
	} {
		if n := testing.AllocsPerRun(100, c.f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", c.name, n)
		}
	}
	if got := plain.WithoutFragment(); got.String() != plain.String() {
		t.Errorf("WithoutFragment changed %q to %q", plain, got)
	}
}
