package uri_test

import (
	"errors"
	"net/netip"
	"testing"

	"github.com/seed42851778/rfc3986/uri"
)

var zoneOK = uri.ParseOptions{IPv6Zone: true}

// TestParseZone checks RFC 6874's example ("fe80::a%en1" in a URI is
// "http://[fe80::a%25en1]", §2) and the ZoneID rule, 1*( unreserved /
// pct-encoded ).
func TestParseZone(t *testing.T) {
	tests := []struct {
		in, host, hostname, port, path string
		zone                           string
	}{
		{"http://[fe80::a%25en1]", "[fe80::a%25en1]", "fe80::a%en1", "", "", "en1"},
		{"http://[fe80::1%25en0]:8080/x?y#z", "[fe80::1%25en0]", "fe80::1%en0", "8080", "/x", "en0"},
		{"http://u:p@[fe80::1%25eth0.100]/", "[fe80::1%25eth0.100]", "fe80::1%eth0.100", "", "/", "eth0.100"},
		{"//[fe80::1%251]", "[fe80::1%251]", "fe80::1%1", "", "", "1"},
		{"http://[fe80::1%25%41b~_-]/", "[fe80::1%25%41b~_-]", "fe80::1%Ab~_-", "", "/", "Ab~_-"},
		{"http://[::1]/", "[::1]", "::1", "", "/", ""},
	}
	for _, tt := range tests {
		u, err := uri.ParseReferenceWith(tt.in, zoneOK)
		if err != nil {
			t.Errorf("ParseReferenceWith(%q): %v", tt.in, err)
			continue
		}
		if u.String() != tt.in || u.Host() != tt.host || u.Hostname() != tt.hostname || u.Port() != tt.port ||
			u.Path() != tt.path || u.HostKind() != uri.IPv6 {
			t.Errorf("ParseReferenceWith(%q) = host %q hostname %q port %q path %q kind %v", tt.in, u.Host(), u.Hostname(), u.Port(), u.Path(), u.HostKind())
		}
		a, ok := u.Addr()
		if !ok || a.Zone() != tt.zone {
			t.Errorf("ParseReferenceWith(%q).Addr() = %v, %v; want zone %q", tt.in, a, ok, tt.zone)
		}
		if _, err := uri.ParseReference(tt.in); (err == nil) != (tt.zone == "") {
			t.Errorf("ParseReference(%q): %v; a zone is not strict syntax", tt.in, err)
		}
	}
	u, _ := uri.ParseReferenceWith("http://[fe80::1%25en0]:8080/", zoneOK)
	if d, err := u.DialAddr(); err != nil || d != "[fe80::1%en0]:8080" {
		t.Errorf("DialAddr = %q, %v", d, err)
	}
	if a, _ := u.Addr(); a != netip.MustParseAddr("fe80::1%en0") {
		t.Errorf("Addr = %v", a)
	}
	if o := u.Origin(); o != "null" {
		t.Errorf("Origin = %q, want null: a zone names an interface of one machine", o)
	}
}

func TestParseZoneRefuses(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		opts   uri.ParseOptions
	}{
		{"http://[fe80::1%25en0]/", 15, uri.ParseOptions{}}, // not without the option
		{"http://[fe80::1%en0]/", 15, zoneOK},               // "%" must be "%25" (RFC 6874 §2)
		{"http://[fe80::1%25]/", 18, zoneOK},                // an empty ZoneID
		{"http://[fe80::1%25e/0]/", 15, zoneOK},             // the authority ends at "/": no "]"
		{"http://[fe80::1%25e n]/", 19, zoneOK},
		{"http://[fe80::1%25e%zz]/", 19, zoneOK},
		{"http://[v1.x%25e]/", 12, zoneOK}, // IPvFuture has no zone
		{"http://[1.2.3.4%25e]/", 9, zoneOK},
		{"http://[fe80::1%25en0]:x/", 23, zoneOK},
		{"http://[fe80::1%25en0]/ a", 23, zoneOK},
	}
	for _, tt := range tests {
		u, err := uri.ParseReferenceWith(tt.in, tt.opts)
		var pe *uri.ParseError
		if !errors.As(err, &pe) || pe.Input != tt.in || pe.Offset != tt.offset {
			t.Errorf("ParseReferenceWith(%q, %+v) = %q, %v; want a *ParseError at %d", tt.in, tt.opts, u, err, tt.offset)
		}
	}
}

// TestZoneKeptByMethods checks that the methods that keep the host as
// written keep the zone, and that their results parse again with the
// option.
func TestZoneKeptByMethods(t *testing.T) {
	u, err := uri.ParseReferenceWith("HTTP://[FE80::1%25En0]:80/a/./b?q#f", zoneOK)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		got  uri.URI
		want string
	}{
		{"WithoutFragment", u.WithoutFragment(), "HTTP://[FE80::1%25En0]:80/a/./b?q"},
		{"WithoutQuery", u.WithoutQuery(), "HTTP://[FE80::1%25En0]:80/a/./b#f"},
		{"WithoutPort", u.WithoutPort(), "HTTP://[FE80::1%25En0]/a/./b?q#f"},
		{"Normalize", u.Normalize(), "http://[fe80::1%25en0]/a/b?q#f"},
	} {
		if c.got.String() != c.want {
			t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
			continue
		}
		back, err := uri.ParseReferenceWith(c.got.String(), zoneOK)
		if err != nil || back != c.got {
			t.Errorf("%s = %q, which parses back as %q, %v", c.name, c.got, back, err)
		}
	}
	r, err := u.ResolveString("../c")
	if err != nil || r.String() != "HTTP://[FE80::1%25En0]:80/c" {
		t.Errorf("ResolveString = %q, %v", r, err)
	}
}

// FuzzParseZone checks that ParseReferenceWith never panics, agrees with
// ParseReference on what it accepts, and returns URIs whose methods do not
// panic and whose text parses back the same with the option.
func FuzzParseZone(f *testing.F) {
	for _, s := range []string{"http://[fe80::a%25en1]", "http://[fe80::1%25en0]:8080/x?y#z", "//[::1%25%41]",
		"http://[fe80::1%en0]/", "http://[v1.x%25e]/", "http://u@[::1%25x]:/"} {
		f.Add(s)
	}
	base := uri.MustParse("http://b/c/d")
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.ParseReferenceWith(s, zoneOK)
		strict, serr := uri.ParseReference(s)
		if serr == nil && (err != nil || u != strict) {
			t.Fatalf("ParseReferenceWith(%q) = %q, %v; ParseReference: %q", s, u, err, strict)
		}
		if err != nil {
			var pe *uri.ParseError
			if !errors.As(err, &pe) || pe.Input != s || pe.Offset < 0 || pe.Offset > len(s) {
				t.Fatalf("ParseReferenceWith(%q): %#v", s, err)
			}
			_ = err.Error()
			return
		}
		if u.String() != s {
			t.Fatalf("ParseReferenceWith(%q) = %q", s, u)
		}
		_, _ = u.Addr()
		_, _ = u.DialAddr()
		_ = u.Origin()
		for _, v := range []uri.URI{u.Normalize(), u.NormalizeSyntax(), u.WithoutPort(), u.WithoutUserInfo()} {
			if back, err := uri.ParseReferenceWith(v.String(), zoneOK); err != nil || back != v {
				t.Fatalf("%q: %q parses back as %q, %v", s, v, back, err)
			}
		}
		if r, err := base.Resolve(u); err == nil {
			if back, err := uri.ParseReferenceWith(r.String(), zoneOK); err != nil || back != r {
				t.Fatalf("%q: Resolve = %q, parses back as %q, %v", s, r, back, err)
			}
		}
		_, _ = base.Relativize(u)
	})
}
