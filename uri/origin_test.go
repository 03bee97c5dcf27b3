package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/properties"
	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

func TestPortOrDefault(t *testing.T) {
	tests := []struct {
		in   string
		want int
		err  error
	}{
		{"https://h/", 443, nil}, // RFC 9110 §4.2.2
		{"http://h/", 80, nil},   // RFC 9110 §4.2.1
		{"HTTP://h/", 80, nil},
		{"ws://h/", 80, nil}, // RFC 6455 §3
		{"wss://h/", 443, nil},
		{"ftp://h/", 21, nil}, // RFC 1738 §3.2
		{"http://h:/", 80, nil},
		{"http://h:8080/", 8080, nil},
		{"http://h:0080/", 80, nil},
		{"https://h:0/", 0, nil},
		{"foo://h:7/", 7, nil},
		{"foo://h/", 0, uri.ErrNoPort},
		{"//h/", 0, uri.ErrNoPort},
		{"mailto:x@y", 0, uri.ErrNoPort},
	}
	for _, tt := range tests {
		got, err := uri.MustParseReference(tt.in).PortOrDefault()
		if got != tt.want || err != tt.err {
			t.Errorf("%q.PortOrDefault() = %d, %v; want %d, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
	var re *uri.PortRangeError
	if _, err := uri.MustParse("http://h:65536/").PortOrDefault(); !errors.As(err, &re) {
		t.Errorf("port 65536: %v, want a *PortRangeError", err)
	}
}

func TestPortOrDefaultRegistered(t *testing.T) {
	uri.RegisterScheme("x-origin-test", uri.SchemeRule{DefaultPort: "7070"})
	if got, err := uri.MustParse("X-Origin-Test://h").PortOrDefault(); got != 7070 || err != nil {
		t.Errorf("registered scheme: %d, %v; want 7070", got, err)
	}
	if got := uri.MustParse("x-origin-test://h:7070/a").Origin(); got != "x-origin-test://h" {
		t.Errorf("Origin = %q", got)
	}
}

// TestOrigin checks the ASCII serialization of RFC 6454 §6.2: its examples
// (§3.2, §5: "http://example.com/", "http://example.com:80/" and
// "http://example.com/path/file" share the origin "http://example.com") and
// the rules of §4 (lower case, default port omitted, IDNA for the host).
func TestOrigin(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://example.com/", "http://example.com"},
		{"http://example.com:80/", "http://example.com"},
		{"http://example.com/path/file", "http://example.com"},
		{"http://example.com:8080/", "http://example.com:8080"},
		{"https://example.com/", "https://example.com"},
		{"https://example.com:80/", "https://example.com:80"},
		{"HTTPS://user:pw@Example.COM:443/a?b#c", "https://example.com"},
		{"http://example.com:/", "http://example.com"},
		{"http://example.com:0080/", "http://example.com"},
		{"http://%65xample.com/", "http://example.com"},
		{"https://b%C3%BCcher.de/", "https://xn--bcher-kva.de"},
		{"https://B%C3%9CCHER.de/", "https://xn--bcher-kva.de"},
		{"http://192.0.2.1:81/", "http://192.0.2.1:81"},
		{"http://[2001:DB8:0:0::1]:80/", "http://[2001:db8::1]"},
		{"http://[::FFFF:192.0.2.1]/", "http://[::ffff:192.0.2.1]"},
		{"foo://h/", "foo://h"},
		{"foo://h:1/", "foo://h:1"},
		// Unique origins (RFC 6454 §4, step 1 and 4).
		{"/a/b", "null"},
		{"//example.com/", "null"},
		{"mailto:user@example.com", "null"},
		{"file:///etc/hosts", "null"},
		{"file://host/share/x", "null"},
		{"FILE://host/x", "null"},
		{"urn:isbn:0451450523", "null"},
		{"http://[v1.x]/", "null"},
		{"http://h:65536/", "null"},
		{"http://a%2Fb/", "null"},
		{"http://a%20b/", "null"},
		{"http://%FF/", "null"},
	}
	for _, tt := range tests {
		if got := uri.MustParseReference(tt.in).Origin(); got != tt.want {
			t.Errorf("%q.Origin() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDialAddr(t *testing.T) {
	tests := []struct {
		in, want string
		err      error
	}{
		{"https://example.com/", "example.com:443", nil},
		{"http://example.com/", "example.com:80", nil},
		{"http://Example.com:8080/", "Example.com:8080", nil},
		{"https://[2001:db8::1]/", "[2001:db8::1]:443", nil},
		{"https://[2001:db8::1]:8443/", "[2001:db8::1]:8443", nil},
		{"http://192.0.2.1:0081/", "192.0.2.1:81", nil},
		{"http://caf%C3%A9.example/", "café.example:80", nil},
		{"redis://cache:6379/0", "cache:6379", nil},
		{"redis://cache/0", "", uri.ErrNoPort},
		{"file:///etc/hosts", "", uri.ErrNoHost},
		{"mailto:x@y", "", uri.ErrNoHost},
		{"/a", "", uri.ErrNoHost},
		{"http://[v1.x]/", "", uri.ErrNoHost},
	}
	for _, tt := range tests {
		got, err := uri.MustParseReference(tt.in).DialAddr()
		if diff := cmp.Diff(tt.want, got); diff != "" || err != tt.err {
			t.Errorf("%q.DialAddr() = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// TestOriginAllocs: Origin writes its result in one allocation; SchemeIs and
// PortOrDefault allocate nothing, a scheme in upper case included.
func TestOriginAllocs(t *testing.T) {
	u := uri.MustParse("HTTPS://user@Example.COM:443/a?b#c")
	if n := testing.AllocsPerRun(100, func() { _ = u.Origin() }); n != 1 {
		t.Errorf("Origin: %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = u.PortOrDefault() }); n != 0 {
		t.Errorf("PortOrDefault: %v allocations, want 0", n)
	}
	v := uri.MustParse("HTTPS://example.com/")
	if n := testing.AllocsPerRun(100, func() { _, _ = v.PortOrDefault() }); n != 0 {
		t.Errorf("PortOrDefault (default): %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = v.DialAddr() }); n != 1 {
		t.Errorf("DialAddr (default): %v allocations, want 1", n)
	}
}

// FuzzOrigin checks that Origin never panics and that an origin other than
// "null" is a URI of a scheme and a host, maybe a port, in lower case, that
// is its own origin; and that DialAddr, PortOrDefault and SchemeIs never
// panic.
func FuzzOrigin(f *testing.F) {
	for _, s := range []string{"HTTPS://user:pw@Example.COM:443/a?b#c", "http://[2001:DB8::1]:80/", "http://b%C3%BCcher.de/",
		"foo://h:0007/", "file:///x", "http://%FF/", "s:", "//h:99999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.ParseReference(s)
		if err != nil {
			return
		}
		_, _ = u.DialAddr()
		_, _ = u.PortOrDefault()
		_ = u.SchemeIs(u.Scheme())
		o := u.Origin()
		if o == "null" {
			return
		}
		v, err := uri.Parse(o)
		if err != nil || v.Path() != "" || v.HasQuery() || v.HasFragment() || v.HasUserInfo() || v.Host() == "" {
			t.Fatalf("%q.Origin() = %q: not scheme://host[:port] (%v)", s, o, err)
		}
		if o != strings.ToLower(o) || v.Origin() != o || !v.SchemeIs(u.Scheme()) {
			t.Fatalf("%q.Origin() = %q, whose origin is %q", s, o, v.Origin())
		}
	})
}

func TestSchemeIs(t *testing.T) {
	tests := []struct {
		in, scheme string
		want       bool
	}{
		{"HTTPS://h/", "https", true},
		{"https://h/", "HTTPS", true},
		{"hTtP://h/", "http", true},
		{"http://h/", "https", false},
		{"https://h/", "http", false},
		{"a+b-c.d:x", "A+B-C.D", true},
		{"a+b:x", "a-b", false},
		{"//h/", "", false},
		{"x", "", false},
		{"h1:x", "H1", true},
		{"h1:x", "h\x11", false}, // '1'|0x20 == '1', '\x11'|0x20 == '1': not letters
		{"s:x", "s\x00", false},
	}
	for _, tt := range tests {
		if got := uri.MustParseReference(tt.in).SchemeIs(tt.scheme); got != tt.want {
			t.Errorf("%q.SchemeIs(%q) = %v, want %v", tt.in, tt.scheme, got, tt.want)
		}
	}
}

// TestPropertySchemeIsEqualFold checks SchemeIs against strings.EqualFold on
// the scheme, which is ASCII (§3.1).
func TestPropertySchemeIsEqualFold(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u := uri.MustParseReference(properties.URIReference().Draw(t, "s"))
		other := rapid.OneOf(properties.Scheme(), rapid.String(),
			rapid.Just(strings.ToUpper(u.Scheme())), rapid.Just(strings.ToLower(u.Scheme()))).Draw(t, "scheme")
		// strings.EqualFold folds Unicode too ("K", U+212A, is "k"):
		// only an ASCII other can name a scheme.
		ascii := strings.IndexFunc(other, func(r rune) bool { return r >= 0x80 }) < 0
		want := !u.IsRelative() && ascii && strings.EqualFold(u.Scheme(), other)
		if got := u.SchemeIs(other); got != want {
			t.Fatalf("%q.SchemeIs(%q) = %v, want %v", u, other, got, want)
		}
	})
}

func TestSchemeIsAllocs(t *testing.T) {
	u := uri.MustParse("HTTPS://h/")
	if n := testing.AllocsPerRun(100, func() { _ = u.SchemeIs("https") }); n != 0 {
		t.Errorf("SchemeIs: %v allocations", n)
	}
}
