package uri

import (
	"net"
	"net/netip"
	"net/url"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The expected values come from RFC 3986 §3.2.1 and §3.2.2 (what each host
// form and userinfo is) and from net/url's documentation of URL.Hostname
// (brackets stripped, port dropped).
func TestHostname(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		// net/url's URL.Hostname example.
		{"https://example.org:8000/path", "example.org"},
		{"https://[2001:0db8:85a3:0000:0000:8a2e:0370:7334]:17000", "2001:0db8:85a3:0000:0000:8a2e:0370:7334"},
		{"http://192.0.2.1:80/", "192.0.2.1"},
		{"http://[::1]/", "::1"},
		{"http://[::FFFF:192.0.2.1]", "::FFFF:192.0.2.1"}, // case kept
		{"s://[v7.a:b]/", "v7.a:b"},                       // IPvFuture: brackets go too
		{"s://[V1.x]", "V1.x"},
		{"http://Example.COM/", "Example.COM"},        // case kept (§3.2.2, Normalize lowers it)
		{"http://caf%C3%A9.example/", "café.example"}, // reg-name decoded
		{"http://a%2Fb/", "a/b"},                      // decoded, whatever it holds
		{"http://%FF/", "\xff"},
		{"http://xn--caf-dma.example/", "xn--caf-dma.example"}, // no IDNA either way
		{"http://01.2.3.4/", "01.2.3.4"},                       // a reg-name (§3.2.2)
		{"http://u:p@h:1/", "h"},
		{"file:///etc/hosts", ""}, // empty host
		{"http://:80/", ""},
		{"mailto:a@b", ""}, // no authority
		{"/a/b", ""},
		{"", ""},
	} {
		u := MustParseReference(tc.in)
		if got := u.Hostname(); got != tc.want {
			t.Errorf("Hostname(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Where net/url accepts the URL, its Hostname agrees with ours: an
// independent computation of the same thing.
func TestHostnameAgreesWithNetURL(t *testing.T) {
	for _, s := range []string{
		"https://example.org:8000/path", "http://[::1]:80", "http://[2001:db8::1]",
		"http://192.0.2.1", "http://Example.COM", "http://caf%C3%A9.example/", "http://u@h",
		"http://[::ffff:192.0.2.1]:1/", "http://h:/", "file:///x",
	} {
		v, err := url.Parse(s)
		if err != nil {
			t.Fatalf("url.Parse(%q): %v", s, err)
		}
		if got, want := MustParse(s).Hostname(), v.Hostname(); got != want {
			t.Errorf("Hostname(%q) = %q, net/url says %q", s, got, want)
		}
	}
}

func TestAddr(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want netip.Addr
		ok   bool
	}{
		{"http://192.0.2.1:8080/", netip.AddrFrom4([4]byte{192, 0, 2, 1}), true},
		{"http://0.0.0.0", netip.AddrFrom4([4]byte{}), true},
		{"http://[::1]/", netip.IPv6Loopback(), true},
		{"http://[2001:DB8::1]", netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 15: 1}), true},
		{"http://[::ffff:192.0.2.1]", netip.AddrFrom16([16]byte{10: 0xff, 11: 0xff, 12: 192, 13: 0, 14: 2, 15: 1}), true},
		{"http://[v1.x]/", netip.Addr{}, false},     // IPvFuture
		{"http://01.2.3.4/", netip.Addr{}, false},   // reg-name (§3.2.2)
		{"http://1.2.3.256/", netip.Addr{}, false},  // reg-name
		{"http://example.com", netip.Addr{}, false}, // reg-name
		{"http://%31.2.3.4/", netip.Addr{}, false},  // reg-name, though it decodes to an IPv4 text
		{"file:///x", netip.Addr{}, false},          // empty reg-name
		{"mailto:a@192.0.2.1", netip.Addr{}, false}, // no authority
	} {
		got, ok := MustParseReference(tc.in).Addr()
		if ok != tc.ok || got != tc.want {
			t.Errorf("Addr(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// net.JoinHostPort of Hostname and Port writes an IP host and its port back
// as the authority holds them.
func TestHostnameJoinHostPort(t *testing.T) {
	for _, s := range []string{"http://[::1]:80", "http://192.0.2.1:8080", "http://[2001:db8::1]:0"} {
		u := MustParse(s)
		if got := net.JoinHostPort(u.Hostname(), u.Port()); got != u.Authority() {
			t.Errorf("JoinHostPort(Hostname, Port) of %q = %q, want %q", s, got, u.Authority())
		}
	}
}

func TestUserPassword(t *testing.T) {
	type up struct {
		User, Password string
		HasPassword    bool
	}
	for _, tc := range []struct {
		in   string
		want up
	}{
		{"ftp://anonymous@ftp.example/", up{"anonymous", "", false}},
		{"http://user:secret@h/", up{"user", "secret", true}},
		{"http://user:@h/", up{"user", "", true}},         // empty password, but one
		{"http://:pw@h/", up{"", "pw", true}},             // empty user name
		{"http://a:b:c@h/", up{"a", "b:c", true}},         // the first ":" separates (§3.2.1)
		{"http://a%3Ab:c%40d@h/", up{"a:b", "c@d", true}}, // decoded after the split
		{"http://%C3%A9:%2B+@h", up{"é", "++", true}},     // "+" is itself
		{"http://@h/", up{"", "", false}},                 // empty userinfo
		{"http://h/", up{"", "", false}},                  // none
		{"mailto:u:p@h", up{"", "", false}},               // no authority
	} {
		u := MustParseReference(tc.in)
		pw, ok := u.Password()
		if diff := cmp.Diff(tc.want, up{u.User(), pw, ok}); diff != "" {
			t.Errorf("User, Password of %q (-want +got):\n%s", tc.in, diff)
		}
	}
}

// net/url's Userinfo reads the same user name and password wherever it
// accepts the URL.
func TestUserPasswordAgreeWithNetURL(t *testing.T) {
	for _, s := range []string{
		"http://user:secret@h/", "http://user:@h/", "http://u@h", "http://a%3Ab:c%40d@h/",
		"http://%C3%A9:%2B+@h", "http://a:b:c@h",
	} {
		v, err := url.Parse(s)
		if err != nil {
			t.Fatalf("url.Parse(%q): %v", s, err)
		}
		u := MustParse(s)
		pw, ok := u.Password()
		wpw, wok := v.User.Password()
		if u.User() != v.User.Username() || pw != wpw || ok != wok {
			t.Errorf("%q: User, Password = %q, %q, %v; net/url %q, %q, %v", s, u.User(), pw, ok, v.User.Username(), wpw, wok)
		}
	}
}
