package http

import (
	"errors"
	"fmt"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in, scheme, host string
		port             int
		path             string
	}{
		{"http://www.example.com/", "http", "www.example.com", 80, "/"},
		{"https://www.example.com", "https", "www.example.com", 443, ""},
		{"HTTP://EXAMPLE.com:/%7esmith/home.html", "http", "example.com", 80, "/%7esmith/home.html"},
		{"http://example.com:8080/a?b#c", "http", "example.com", 8080, "/a"},
		{"https://[2001:db8::1]:8443", "https", "[2001:db8::1]", 8443, ""},
		{"http://192.0.2.1/", "http", "192.0.2.1", 80, "/"},
	} {
		u, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if u.Scheme != tc.scheme || u.Host != tc.host || u.Port != tc.port || u.Path != tc.path {
			t.Errorf("Parse(%q) = %s %s %d %s, want %s %s %d %s", tc.in, u.Scheme, u.Host, u.Port, u.Path, tc.scheme, tc.host, tc.port, tc.path)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		err    error // nil: a syntax error
	}{
		{"http:///a", 7, ErrEmptyHost},   // RFC 9110 §4.2.1
		{"http://:80/", 7, ErrEmptyHost}, //
		{"https://user:pw@example.com/", 8, ErrUserInfo},
		{"http://example.com:65536/", 19, ErrPort},
		{"http:/a", 6, nil}, // no authority: "//" after "http:" expected, the second "/" missing
		{"http:a", 5, nil},
		{"ftp://a/", 0, nil},
		{"http://a b/", 8, nil},
		{"http://a/?q#f#", 13, nil},
	} {
		_, err := Parse(tc.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) = %v, want a *ParseError", tc.in, err)
			continue
		}
		var se *c.SyntaxError
		ok := errors.Is(err, tc.err)
		if tc.err == nil {
			ok = errors.As(err, &se)
		}
		if pe.Offset != tc.offset || !ok {
			t.Errorf("Parse(%q) = %v (offset %d), want %v at %d", tc.in, err, pe.Offset, tc.err, tc.offset)
		}
	}
}

// RFC 9110 §4.2.3: these three are equivalent.
func TestEquivalent(t *testing.T) {
	same := []string{
		"http://example.com:80/~smith/home.html",
		"http://EXAMPLE.com/%7Esmith/home.html",
		"http://EXAMPLE.com:/%7esmith/home.html",
	}
	for _, a := range same {
		for _, b := range same {
			if ok, err := Equivalent(a, b); !ok || err != nil {
				t.Errorf("Equivalent(%q, %q) = %t, %v", a, b, ok, err)
			}
		}
		u, _ := Parse(a)
		if got := u.Normalize(); got != "http://example.com/~smith/home.html" {
			t.Errorf("Parse(%q).Normalize() = %q", a, got)
		}
	}
	for _, p := range [][2]string{
		{"http://example.com/", "https://example.com/"},
		{"http://example.com:8080/", "http://example.com/"},
		{"http://example.com/a", "http://example.com/A"},
		{"http://example.com/?", "http://example.com/"},
	} {
		if ok, err := Equivalent(p[0], p[1]); ok || err != nil {
			t.Errorf("Equivalent(%q, %q) = %t, %v", p[0], p[1], ok, err)
		}
	}
	if ok, _ := Equivalent("https://example.com", "https://example.com:443/"); !ok {
		t.Error("https default port and empty path")
	}
}

// uri's built-in rule for https, which uri.URI.Normalize applies.
func TestRegistered(t *testing.T) {
	r, ok := uri.LookupScheme("HTTPS")
	if !ok || r.DefaultPort != "443" || !r.EmptyPathIsSlash {
		t.Errorf("LookupScheme(https) = %+v, %t", r, ok)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"http://example.com:80/~smith/home.html", "HTTPS://[::1]:/a/../b?q#f", "http://a:99999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		n := u.Normalize()
		v, err := Parse(n)
		if err != nil {
			t.Fatalf("Normalize(%q) = %q does not parse: %v", s, n, err)
		}
		if v.Normalize() != n || v.Origin() != u.Origin() {
			t.Fatalf("%q: normalized %q, again %q; origins %q %q", s, n, v.Normalize(), u.Origin(), v.Origin())
		}
	})
}

func ExampleParse() {
	u, err := Parse("HTTP://Example.COM:/%7esmith/home.html")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.Origin(), u.Normalize())
	_, err = Parse("http:///no/host")
	fmt.Println(err)
	// Output:
	// http://example.com:80 http://example.com/~smith/home.html
	// http: empty host at offset 7
}
