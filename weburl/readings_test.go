package weburl_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

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

func TestCompareReadingsStringHidesThePassword(t *testing.T) {
	for _, in := range []string{
		"http://alice:s3cr3t@example.com/",
		`http://alice:s3cr3t@example.com\@evil/`,
		"http://alice:s3cr3t@exa mple.com/",
	} {
		s := weburl.CompareReadings(in, "").String()
		if strings.Contains(s, "s3cr3t") {
			t.Errorf("CompareReadings(%q).String() shows the password:\n%s", in, s)
		}
	}
	s := weburl.CompareReadings("g", "http://bob:hunter2@h/").String()
	if strings.Contains(s, "hunter2") {
		t.Errorf("the base's password shows:\n%s", s)
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

func FuzzCompareReadings(f *testing.F) {
	for _, s := range []string{`http://example.com\@evil.com/`, "http://0x7f.1/", `https:/\evil.example`, "http://u:p@[::1]:80/?#", "file:///C:/x"} {
		f.Add(s, "")
		f.Add(s, "http://a/b/c/d;p?q")
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		r := weburl.CompareReadings(input, base)
		s := r.String()
		if len(s) > 8<<10 {
			t.Fatalf("String is %d bytes", len(s))
		}
		if r.Dangerous() && (r.RFC3986.Err != nil) && (r.URLStandard.Err != nil) && (r.NetURL.Err != nil) {
			t.Fatalf("a hazard with every reading refused")
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
