package weburl

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// urlish generates strings built from the pieces that drive the parser's
// states: schemes special or not and in any case, every spelling of the
// slashes, userinfo, hosts of each kind, ports, dot segments, drive
// letters, characters of every percent-encode set, tabs and spaces.
func urlish() *rapid.Generator[string] {
	schemes := []string{"http", "HTTPS", "file", "sc", "blob", "ws", "ftp", "a+b", "", "1x", "data"}
	seps := []string{":", "://", ":/", `:\\`, ":///", `:/\`, "", "//", "/"}
	userinfo := []string{"", "user@", "u:p@", ":@", "a@b@", "u:p:q@", "é@", "@"}
	hosts := []string{"example.com", "EXAMPLE.com", "0x7f.1", "[::1]", "[1:0::0:1]", "xn--nxasmq6b", "ñ",
		"a b", "", "1.2.3.256", "localhost", "%41", "h\t", "[", "09.1", "ß.de", "xn--a", "a..b"}
	ports := []string{"", ":", ":80", ":0443", ":65536", ":8080", ":x"}
	pathPieces := []string{"/", `\`, ".", "..", "%2e", "%2E.", "a", "%41", " ", "|", "C:", "c|", "?", "#",
		"^", "{}", "é", "%", "\x00", "\n", "'", "\"", "<", "`", "//", "/./", "/../", "@", ":"}
	return rapid.Custom(func(t *rapid.T) string {
		var b strings.Builder
		if rapid.Bool().Draw(t, "space") {
			b.WriteString(" ")
		}
		b.WriteString(rapid.SampledFrom(schemes).Draw(t, "scheme"))
		b.WriteString(rapid.SampledFrom(seps).Draw(t, "sep"))
		b.WriteString(rapid.SampledFrom(userinfo).Draw(t, "userinfo"))
		b.WriteString(rapid.SampledFrom(hosts).Draw(t, "host"))
		b.WriteString(rapid.SampledFrom(ports).Draw(t, "port"))
		for _, p := range rapid.SliceOfN(rapid.SampledFrom(pathPieces), 0, 8).Draw(t, "path") {
			b.WriteString(p)
		}
		return b.String()
	})
}

// bases are base URLs of each kind for the properties.
var bases = []string{"", "http://example.com/a/b?q#f", "file:///C:/x/y", "sc://h/p/q", "sc:opaque", "about:blank",
	"file://host/share/f", "sc:/a/b"}

func drawBase(t *rapid.T) URL {
	s := rapid.SampledFrom(bases).Draw(t, "base")
	if s == "" {
		return URL{}
	}
	b, err := Parse(s)
	if err != nil {
		t.Fatalf("base %q: %v", s, err)
	}
	return b
}

// TestParseSerializationIsIdempotent checks that a URL's href parses back to
// the same URL: the serializer's output is a fixed point of the parser
// (the standard's goal of idempotence, §4.5).
func TestParseSerializationIsIdempotent(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := urlish().Draw(t, "input")
		base := drawBase(t)
		u, err := base.Parse(in)
		if err != nil {
			return
		}
		again, err := Parse(u.Href())
		if err != nil {
			t.Fatalf("Parse(%q) from %q: %v", u.Href(), in, err)
		}
		if again != u {
			t.Fatalf("Parse(%q) = %+v, want %+v (from %q)", u.Href(), again, u, in)
		}
	})
}

// TestParseValidatedAgreesWithParse checks that collecting validation errors
// changes nothing in the result, and that a failure's last validation error
// is the one marked Failure.
func TestParseValidatedAgreesWithParse(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := urlish().Draw(t, "input")
		base := drawBase(t)
		u, err := base.Parse(in)
		v, errs, verr := ParseValidated(in, base)
		if (err == nil) != (verr == nil) || u != v {
			t.Fatalf("Parse(%q) = %q, %v; ParseValidated = %q, %v", in, u.Href(), err, v.Href(), verr)
		}
		if err != nil && (len(errs) == 0 || !errs[len(errs)-1].Failure) {
			t.Fatalf("ParseValidated(%q) failed without a failing validation error: %v", in, errs)
		}
		for _, e := range errs {
			if e.Offset < 0 || e.Offset > len(in) {
				t.Fatalf("ParseValidated(%q): offset out of range: %+v", in, e)
			}
		}
	})
}

// TestSetterResultReparses checks that every setter's result is a URL the
// parser reads back from its href unchanged.
func TestSetterResultReparses(t *testing.T) {
	values := []string{"", "x", "EXAMPLE.org:81", "[::1]", "0x7f.1", "/a/../b", "?q", "#f", "a b", "8080",
		"65536", "https", "file", "sc", "é", "..", "C:", "\t", "@", "host/path", "ws:", "//x"}
	rapid.Check(t, func(t *rapid.T) {
		in := urlish().Draw(t, "input")
		u, err := Parse(in)
		if err != nil {
			return
		}
		k := rapid.IntRange(0, len(setters)-1).Draw(t, "setter")
		v := rapid.SampledFrom(values).Draw(t, "value")
		r := setters[k].set(u, v)
		again, err := Parse(r.Href())
		if err != nil || again != r {
			t.Fatalf("Parse(%q).%s(%q) = %+v; Parse of its href = %+v, %v", in, setters[k].name, v, r, again, err)
		}
	})
}

// setters lists the setters for the properties and fuzz targets.
var setters = []struct {
	name string
	set  func(URL, string) URL
}{
	{"WithProtocol", URL.WithProtocol}, {"WithUsername", URL.WithUsername}, {"WithPassword", URL.WithPassword},
	{"WithHost", URL.WithHost}, {"WithHostname", URL.WithHostname}, {"WithPort", URL.WithPort},
	{"WithPathname", URL.WithPathname}, {"WithSearch", URL.WithSearch}, {"WithHash", URL.WithHash},
}

// TestURIRoundTrips checks that when URI succeeds, the RFC 3986 URI is the
// href byte for byte.
func TestURIRoundTrips(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u, err := drawBase(t).Parse(urlish().Draw(t, "input"))
		if err != nil {
			return
		}
		r, err := u.URI()
		if err == nil && r.String() != u.Href() {
			t.Fatalf("URI of %q = %q", u.Href(), r.String())
		}
	})
}
