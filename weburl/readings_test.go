package weburl_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/seed42851778/rfc3986/internal/readingtest"
	"github.com/seed42851778/rfc3986/uri"
	"github.com/seed42851778/rfc3986/weburl"
)

// verdict is what a test of CompareReadings pins: which parsers accept the
// text, the host each reads, and where the readings are marked.
type verdict struct {
	Accepted  [3]bool
	Hosts     [3]string
	Differ    []string
	Hazard    []string
	Dangerous bool
}

func verdictOf(r weburl.Readings) verdict {
	var v verdict
	for i, x := range []weburl.Reading{r.RFC3986, r.URLStandard, r.NetURL} {
		v.Accepted[i] = x.Err == nil
		v.Hosts[i] = x.Parts[weburl.PartHost]
	}
	for p := weburl.PartScheme; p <= weburl.PartFragment; p++ {
		if r.Differ[p] {
			v.Differ = append(v.Differ, p.String())
		}
		if r.Hazard[p] {
			v.Hazard = append(v.Hazard, p.String())
		}
	}
	v.Dangerous = r.Dangerous()
	return v
}

// The expected readings come from the texts: RFC 3986 §3.2.2 (a host is a
// reg-name unless the whole of it is an IPv4address), the URL Standard's
// special-authority states ("\" is "/" in a special URL) and its IPv4
// parser (0x7f is 127; a last part of 1 fills the three bytes left), and
// net/url's documented reading (Go's url.Parse).
func TestCompareReadingsMarksHostDifferences(t *testing.T) {
	tests := []struct {
		name, input, base string
		want              verdict
	}{
		{
			name:  "backslash before @: a browser connects to example.com, the others refuse",
			input: `http://example.com\@evil.com/`,
			want: verdict{
				Accepted: [3]bool{false, true, false},
				Hosts:    [3]string{"", "example.com", ""},
			},
		},
		{
			name:  "hexadecimal IPv4 number: a name to RFC 3986 and net/url, 127.0.0.1 to a browser",
			input: "http://0x7f.1/",
			want: verdict{
				Accepted:  [3]bool{true, true, true},
				Hosts:     [3]string{"0x7f.1", "127.0.0.1", "0x7f.1"},
				Differ:    []string{"host"},
				Hazard:    []string{"host"},
				Dangerous: true,
			},
		},
		{
			name:  "slash and backslash after a special scheme: a host to a browser, a path to net/url",
			input: `https:/\evil.example`,
			want: verdict{
				Accepted:  [3]bool{false, true, true},
				Hosts:     [3]string{"", "evil.example", ""},
				Differ:    []string{"host", "path"},
				Hazard:    []string{"host"},
				Dangerous: true,
			},
		},
		{
			name:  "case and a default port differ as text, not as a place",
			input: "http://EXAMPLE.com:80/a",
			want: verdict{
				Accepted: [3]bool{true, true, true},
				Hosts:    [3]string{"EXAMPLE.com", "example.com", "EXAMPLE.com"},
				Differ:   []string{"host", "port"},
			},
		},
		{
			name:  "a port written with a leading zero is the same port",
			input: "http://h:080/",
			want: verdict{
				Accepted: [3]bool{true, true, true},
				Hosts:    [3]string{"h", "h", "h"},
				Differ:   []string{"port"},
			},
		},
		{
			name:  "an IPv6 literal all three read alike",
			input: "http://[::1]:8080/",
			want: verdict{
				Accepted: [3]bool{true, true, true},
				Hosts:    [3]string{"[::1]", "[::1]", "[::1]"},
			},
		},
		{
			name:  "a reference resolved against a base (RFC 3986 §5.4.1)",
			input: "../g?y",
			base:  "http://a/b/c/d;p?q",
			want: verdict{
				Accepted: [3]bool{true, true, true},
				Hosts:    [3]string{"a", "a", "a"},
			},
		},
		{
			name:  "an opaque path has no host in any reading",
			input: "mailto:x@y",
			want: verdict{
				Accepted: [3]bool{true, true, true},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := verdictOf(weburl.CompareReadings(tt.input, tt.base))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("CompareReadings(%q, %q) (-want +got):\n%s", tt.input, tt.base, diff)
			}
		})
	}
}

// No printed form of a Readings shows a password that a reading sees: the
// URL Standard reads one after a special scheme whatever the slashes (its
// special authority states, §4.4), in any case, with leading C0 controls
// and spaces and inner tabs and newlines removed (§4.1), and in the URL a
// blob URL's path holds (its origin, §4.7); RFC 3986 and net/url after
// "//". A part that one reading prints and another reads a password in
// ("user:s3cr3t@host/", net/url's opaque path) hides it too, as do the
// parsers' messages.
func TestCompareReadingsStringHidesThePassword(t *testing.T) {
	for _, tc := range []struct{ in, base string }{
		{"http://alice:s3cr3t@example.com/", ""},
		{`http://alice:s3cr3t@example.com\@evil/`, ""},
		{"http://alice:s3cr3t@exa mple.com/", ""},
		{`https:\\user:s3cr3t@host/`, ""},
		{"https:user:s3cr3t@host/", ""},
		{`https:/\user:s3cr3t@host/`, ""},
		{`https:/\user:s3 cr3t@host/`, ""},
		{"https:///user:s3cr3t@host/", ""},
		{"blob:https://user:s3cr3t@host/", ""},
		{" \x01HTTPS:user:s3cr3t@host/", ""},
		{"ht\ttps:user:s3c\nr3t@host/", ""},
		{"http://u:s3cr3t@h/\x00", ""},
		{"http://u:s3cr3t%zz@h/", ""},
		{`\\user:s3cr3t@host/`, "https://b/"},
		{"g", "http://bob:s3cr3t@h/"},
		{"g", "https:bob:s3cr3t@h/"},
	} {
		r := weburl.CompareReadings(tc.in, tc.base)
		for _, f := range []string{"%v", "%+v", "%s", "%q", "%#v", "%x"} {
			for name, v := range map[string]any{"Readings": r, "RFC3986": r.RFC3986, "URLStandard": r.URLStandard, "NetURL": r.NetURL} {
				if got := fmt.Sprintf(f, v); strings.Contains(got, "cr3t") || strings.Contains(got, "s3c\\n") {
					t.Errorf("CompareReadings(%q, %q): %s of %s shows the password:\n%s", tc.in, tc.base, f, name, got)
				}
			}
		}
	}
	// The table where the readings part most: a browser reads the
	// authority after the backslashes (§4.4), RFC 3986 refuses the
	// backslash, net/url takes what follows "https:" without a "/" for an
	// opaque path.
	got := weburl.CompareReadings(`https:\\user:s3cr3t@host/`, "").String()
	want := `input "https:\\\\user:xxxxx@host/"
            RFC 3986 (uri)  URL Standard (weburl)  net/url
            refused         accepted               accepted
  scheme                    "https"                "https"
≠ userinfo                  "user:xxxxx"           —
! host                      "host"                 —
  port                      —                      —
≠ path                      "/"                    "\\\\user:xxxxx@host/"
  query                     —                      —
  fragment                  —                      —
RFC 3986 (uri) refused it: uri: invalid character '\\' at offset 6 in path: expected "//", path-absolute, path-rootless, "?", "#" or end of input; a backslash is not a delimiter: use "/"; a backslash that stands for itself is written "%5C"
! the readings connect to different places: check and fetch with one parser
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("String (-want +got):\n%s", diff)
	}
	if got, want := fmt.Sprintf("%#v", weburl.CompareReadings("https:user:s3cr3t@host/", "http://u:pw@b/")),
		`weburl.CompareReadings("https:user:xxxxx@host/", "http://u:xxxxx@b/")`; got != want {
		t.Errorf("%%#v = %s, want %s", got, want)
	}
	if got, want := fmt.Sprint(weburl.CompareReadings("http://u:s3cr3t@h/\x00", "").NetURL),
		`net/url refused it: parse "http://u:xxxxx@h/\x00": net/url: invalid control character in URL`; got != want {
		t.Errorf("a Reading prints %s, want %s", got, want)
	}
}

func TestCompareReadingsStringIsBounded(t *testing.T) {
	long := "http://h/" + strings.Repeat("a\u202e\x01", 100000)
	s := weburl.CompareReadings(long, "").String()
	if len(s) > 8<<10 {
		t.Errorf("String is %d bytes for an input of %d", len(s), len(long))
	}
	if strings.ContainsAny(s, "\u202e\x01") {
		t.Errorf("String shows a bidi or control character raw")
	}
}

func TestPartString(t *testing.T) {
	var got []string
	for p := weburl.PartScheme; p <= weburl.PartFragment+1; p++ {
		got = append(got, p.String())
	}
	want := []string{"scheme", "userinfo", "host", "port", "path", "query", "fragment", "Part(7)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Part.String (-want +got):\n%s", diff)
	}
}

// secretMark is the password the fuzz targets plant; the fuzzed texts may
// not hold it.
const secretMark = "Pw7Zq9Kx"

// FuzzCompareReadings reads texts that plant the password secretMark, shaped
// like URLs where the readings part (readingtest.Shaped, chosen by the
// bytes of shape) or free (head + secretMark + tail, for shape 0), in the
// input or, with the top bit of shape, in the base. No panic; String is
// bounded; and when a reading sees secretMark as a password (asked of
// uri, weburl and net/url themselves), no printed form of the Readings or
// of a Reading shows it.
func FuzzCompareReadings(f *testing.F) {
	for _, s := range []string{`http://example.com\@evil.com/`, "http://0x7f.1/", `https:/\evil.example`, "http://u:p@[::1]:80/?#", "file:///C:/x"} {
		f.Add(uint64(0), s, "", "")
		f.Add(uint64(0), s, "", "http://a/b/c/d;p?q")
	}
	for _, seed := range []struct {
		shape            uint64
		head, tail, base string
	}{
		{0, `https:\\user:`, "@host/", ""}, {0, "https:user:", "@host/", ""}, {0, `https:/\user:`, "@host/", ""},
		{0, "https:///user:", "@host/", ""}, {0, "blob:https://user:", "@host/", ""}, {0, " \x01HtTpS:\\u:", "@h", ""},
		{0, "ht\ttps:u:", "@h/\x00", ""}, {0, "http://u:", "%zz@h/", ""}, {0, `\\u:`, "@h/", "https://b/"},
		{0x0102030405, "", "", ""}, {0x0a000102030405, "", "/x", "s://b/"}, {1 << 63, "g", "", ""},
	} {
		f.Add(seed.shape, seed.head, seed.tail, seed.base)
	}
	f.Fuzz(func(t *testing.T, shape uint64, head, tail, base string) {
		for _, s := range []string{head, tail, base} {
			for k := 0; k+3 <= len(secretMark); k++ {
				if strings.Contains(s, secretMark[k:k+3]) {
					return // the fuzzed text would hold part of the password
				}
			}
		}
		input := head + secretMark + tail
		if shape&^(1<<63) != 0 {
			var i [7]uint8
			for k := range i {
				i[k] = uint8(shape >> (8 * k))
			}
			input = head + readingtest.Shaped(i, secretMark, tail)
		}
		if shape&(1<<63) != 0 {
			input, base = head+tail, input
		}
		r := weburl.CompareReadings(input, base)
		s := r.String()
		if len(s) > 8<<10 {
			t.Fatalf("String is %d bytes", len(s))
		}
		if r.Dangerous() && (r.RFC3986.Err != nil) && (r.URLStandard.Err != nil) && (r.NetURL.Err != nil) {
			t.Fatalf("a hazard with every reading refused")
		}
		if !readingtest.Sees(input, base, secretMark) {
			return
		}
		for _, f := range []string{"%v", "%+v", "%#v", "%q"} {
			for _, v := range []any{r, r.RFC3986, r.URLStandard, r.NetURL} {
				if out := fmt.Sprintf(f, v); strings.Contains(out, secretMark) {
					t.Fatalf("CompareReadings(%q, %q): %s shows the password:\n%s", input, base, f, out)
				}
			}
		}
	})
}

// Where the readings part, CompareReadings says so: a browser reads the
// hexadecimal IPv4 number that RFC 3986 and net/url take as a name.
func ExampleCompareReadings() {
	r := weburl.CompareReadings("http://0x7f.1/", "")
	fmt.Println(r.Dangerous())
	fmt.Print(r)
	// Output:
	// true
	// input "http://0x7f.1/"
	//             RFC 3986 (uri)  URL Standard (weburl)  net/url
	//             accepted        accepted               accepted
	//   scheme    "http"          "http"                 "http"
	//   userinfo  —               —                      —
	// ! host      "0x7f.1"        "127.0.0.1"            "0x7f.1"
	//   port      —               —                      —
	//   path      "/"             "/"                    "/"
	//   query     —               —                      —
	//   fragment  —               —                      —
	// ! the readings connect to different places: check and fetch with one parser
}

// TestCompareReadingsDocClaims reads the texts of CompareReadings' doc with
// the parsers themselves, not through CompareReadings: what each claim says
// net/url (Go's url.Parse), the URL Standard (Parse) and RFC 3986
// (uri.Parse) make of them.
func TestCompareReadingsDocClaims(t *testing.T) {
	type reading struct {
		Err        bool
		Host, Path string
	}
	netURL := func(s string) reading {
		u, err := url.Parse(s)
		if err != nil {
			return reading{Err: true}
		}
		return reading{Host: u.Host, Path: u.Path}
	}
	web := func(s string) reading {
		u, err := weburl.Parse(s)
		if err != nil {
			return reading{Err: true}
		}
		return reading{Host: u.Host(), Path: u.Pathname()}
	}
	rfc := func(s string) reading {
		u, err := uri.Parse(s)
		if err != nil {
			return reading{Err: true}
		}
		return reading{Host: u.Host(), Path: u.Path()}
	}
	for _, tc := range []struct {
		in                   string
		netURL, web, rfc3986 reading
	}{
		{"http://0x7f.1/", reading{Host: "0x7f.1", Path: "/"}, reading{Host: "127.0.0.1", Path: "/"}, reading{Host: "0x7f.1", Path: "/"}},
		{`https:/\evil.example`, reading{Path: `/\evil.example`}, reading{Host: "evil.example", Path: "/"}, reading{Err: true}},
		{`http://example.com\@evil.com/`, reading{Err: true}, reading{Host: "example.com", Path: "/@evil.com/"}, reading{Err: true}},
		// "EXAMPLE.com" and "example.com" differ as text: net/url and
		// RFC 3986 keep the case, the URL Standard folds it.
		{"http://EXAMPLE.com/", reading{Host: "EXAMPLE.com", Path: "/"}, reading{Host: "example.com", Path: "/"}, reading{Host: "EXAMPLE.com", Path: "/"}},
	} {
		got := [3]reading{netURL(tc.in), web(tc.in), rfc(tc.in)}
		if diff := cmp.Diff([3]reading{tc.netURL, tc.web, tc.rfc3986}, got); diff != "" {
			t.Errorf("%q read by net/url, the URL Standard, RFC 3986 (-doc +parsers):\n%s", tc.in, diff)
		}
	}
	// net/url's refusal is the one the doc names.
	for _, in := range []string{`http://example.com\@evil.com/`} {
		if _, err := url.Parse(in); err == nil || !strings.Contains(err.Error(), "invalid userinfo") {
			t.Errorf(`url.Parse(%q): %v, want "invalid userinfo"`, in, err)
		}
	}
}
