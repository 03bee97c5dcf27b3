package webhost

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// describe writes what read found: "fail", "none", "base", or the host's
// kind, the text it was read from and its value.
func describe(t string, r reading) string {
	switch r.src {
	case srcFail:
		return "fail"
	case srcNone:
		if r.drive >= 0 {
			return "none, drive " + t[r.drive:r.drive+2]
		}
		return "none"
	case srcBase:
		return "base"
	}
	raw := t[r.hostAt:r.hostEnd]
	switch r.kind {
	case kindName:
		return "name " + raw + " = " + r.host
	case kindIPv4:
		return "ipv4 " + raw + " = " + r.host
	case kindSame:
		return "as written " + raw
	}
	return "unknown " + raw
}

// The readings below are those of the URL Standard's basic URL parser
// (§4.4: the scheme, special authority slashes, special authority ignore
// slashes, relative, relative slash, authority, host, port, file, file
// slash and file host states) and host parser (§3.5), worked by hand from
// the Standard's text; weburl's law tests (weburl/repaired_test.go) check
// the same against weburl on every WPT input and a million more.
func TestReadFollowsTheBasicURLParser(t *testing.T) {
	tests := []struct{ in, base, want string }{
		{"http://EXAMPLE.com:80/", "", "name EXAMPLE.com = example.com"},
		{`http:\\x\y`, "", "name x = x"},
		{"http:x", "", "name x = x"},
		{"HTTP:x", "http", "base"},          // special relative or authority, then relative
		{"http:x", "https", "name x = x"},   // another scheme: no base
		{"http:///x", "http", "name x = x"}, // "//", then every slash ignored
		{"http:/\\x", "http", "name x = x"}, // relative slash state
		{"http://", "", "fail"},             // host-missing
		{"http://u@/", "", "fail"},          // host-missing after "@"
		{"http://u@:1/", "", "fail"},
		{"http://a:/", "", "name a = a"}, // an empty port is no port
		{"http://a:65535/", "", "name a = a"},
		{"http://a:65536/", "", "fail"},
		{"http://a:8x/", "", "fail"},
		{`http://a:1\@b/`, "", "name a = a"}, // "\" ends the authority
		{"http://u:p@a@b:1/", "", "name b = b"},
		{"sc://:80/", "", "fail"},
		{"sc:///x", "", "none"}, // the empty host of a non-special URL
		{"sc://A%41:80/", "", "as written A%41"},
		{"sc://a<b/", "", "fail"}, // a forbidden host code point
		{`sc:\\x`, "", "none"},
		{"sc:x", "sc", "none"}, // an opaque path: no host
		{"file://c:/x", "", "none, drive c:"},
		{"file://C|/x", "", "none, drive C|"},
		{"file://localhost/x", "", "none"},
		{"file://LOCALHOST/x", "", "none"},
		{"file:///x", "", "none"},
		{"file:x", "", "none"},
		{"file:x", "file", "base"},
		{"file:/x", "file", "base"},
		{"x", "file", "base"},
		{`file:\\h\x`, "", "name h = h"},
		{`\/h/x`, "file", "name h = h"},
		{"file://u@h/", "", "fail"}, // no userinfo: "@" is a forbidden domain code point
		{"file://h:1/", "", "fail"},
		{"//h", "", "fail"}, // no scheme, no base
		{"//h", "http", "name h = h"},
		{`\\h`, "http", "name h = h"},
		{`\\h`, "sc", "base"},
		{"//h", "sc", "as written h"},
		{"///h", "sc", "none"},
		{"x", "http", "base"},
		{"/x", "http", "base"},
		{"http://0x7f.1/", "", "ipv4 0x7f.1 = 127.0.0.1"},
		{"http://0X7F.1/", "", "ipv4 0X7F.1 = 127.0.0.1"},
		{"http://127.1/", "", "ipv4 127.1 = 127.0.0.1"},
		{"http://2130706433/", "", "ipv4 2130706433 = 127.0.0.1"},
		{"http://1.2.3.4./", "", "ipv4 1.2.3.4. = 1.2.3.4"},
		{"http://%30x7f.1/", "", "ipv4 %30x7f.1 = 127.0.0.1"},
		{"http://127.0.0.%EF%BC%91/", "", "ipv4 127.0.0.%EF%BC%91 = 127.0.0.1"},
		{"http://１２７.0.0.1/", "", "ipv4 １２７.0.0.1 = 127.0.0.1"},
		{"http://1.2.3.256/", "", "fail"},
		{"http://1.2.3.09/", "", "fail"},
		{"http://a.09/", "", "fail"},
		{"http://a%3Cb/", "", "fail"},
		{"http://%00/", "", "fail"},
		{"http://%FF/", "", "fail"},
		{"http://a%/", "", "fail"},
		{"http://ẞ/", "", "name ẞ = xn--zca"}, // UTS #46 15.1 maps ẞ to ß, as browsers do
		{"http://%C3%BC_/", "", "unknown %C3%BC_"},
		{"http://bücher.de/", "", "name bücher.de = xn--bcher-kva.de"},
		{"http://[::1]/", "", "as written [::1]"},
		{"http://[::1/", "", "fail"},
		{"http://[v1.x]/", "", "fail"},
		{"http://[::1]:99999/", "", "fail"},
	}
	for _, tt := range tests {
		scheme, i := splitScheme(tt.in)
		got := describe(tt.in, read(tt.in, i, scheme, tt.base))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("read(%q, base %q) (-want +got):\n%s", tt.in, tt.base, diff)
		}
	}
}

// Check reports a Finding at the place the readings part, and nothing
// where they agree or browsers refuse the text.
func TestCheck(t *testing.T) {
	httpBase := &Base{Scheme: "http", Authority: true, Host: "example.com"}
	tests := []struct {
		t    string
		ref  Ref
		base *Base
		want Finding
	}{
		{"http://example.com/", Ref{Parsed: true, Host: "example.com"}, nil, Finding{}},
		{"http://0x7f.1/", Ref{Parsed: true, Host: "0x7f.1"}, nil, Finding{At: 7, Component: "host"}},
		{"http://127.0.0.%31/", Ref{Parsed: true, Host: "127.0.0.%31"}, nil, Finding{}},
		{"http://127.0.0.%EF%BC%91/", Ref{Parsed: true, Host: "127.0.0.%EF%BC%91"}, nil, Finding{At: 7, Component: "host"}},
		{"https:evil.com", Ref{Parsed: true}, nil, Finding{At: 6, Component: "authority"}},
		{`https:/\evil.com`, Ref{Parsed: true}, nil, Finding{At: 7, Component: "authority"}},
		{`http://a\b`, Ref{}, nil, Finding{At: 8, Component: "authority"}},
		{"http://a:99999/", Ref{Parsed: true, Host: "a"}, nil, Finding{}},
		{"file://c:/x", Ref{Parsed: true, Host: "c"}, nil, Finding{At: 7, Component: "host"}},
		{"file://localhost/x", Ref{Parsed: true, Host: "localhost"}, nil, Finding{}},
		{"http:", Ref{Parsed: true}, nil, Finding{}},
		{"http:", Ref{Parsed: true}, httpBase, Finding{At: 5, Component: "authority"}},
		{"http:", Ref{Parsed: true}, &Base{Scheme: "http", Authority: true}, Finding{}}, // no host in either
		{"file:x", Ref{Parsed: true}, &Base{Scheme: "file", Authority: true, Host: "h"}, Finding{At: 5, Component: "authority"}},
		{"file:x", Ref{Parsed: true}, &Base{Scheme: "file", Authority: true, Host: "localhost"}, Finding{}},
		{"//c:/x", Ref{Parsed: true, Host: "c"}, &Base{Scheme: "file", Authority: true}, Finding{At: 2, Component: "host"}},
		{`/\c:/x`, Ref{Parsed: true}, &Base{Scheme: "file", Authority: true, Host: "h"}, Finding{At: 1, Component: "authority"}},
	}
	for _, tt := range tests {
		got, ok := Check(tt.t, tt.ref, tt.base)
		if ok != (tt.want != Finding{}) {
			t.Errorf("Check(%q, %+v) = %+v, %t", tt.t, tt.ref, got, ok)
			continue
		}
		got.Reason = ""
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Check(%q, %+v) (-want +got):\n%s", tt.t, tt.ref, diff)
		}
	}
}
