package weburl

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// wptDir is the folder of the web-platform-tests data (verbatim copies; see
// its README.md).
func wptDir() string { return filepath.Join("testdata", "wpt") }

// readWPT decodes the WPT file name into v, skipping t when it is missing.
func readWPT(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(wptDir(), name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

// urlTest is one object of urltestdata.json.
type urlTest struct {
	Input    string  `json:"input"`
	Base     *string `json:"base"`
	Href     string  `json:"href"`
	Origin   *string `json:"origin"`
	Protocol string  `json:"protocol"`
	Username string  `json:"username"`
	Password string  `json:"password"`
	Host     string  `json:"host"`
	Hostname string  `json:"hostname"`
	Port     string  `json:"port"`
	Pathname string  `json:"pathname"`
	Search   string  `json:"search"`
	Hash     string  `json:"hash"`
	Failure  bool    `json:"failure"`
	// RelativeTo, on a failure without a base, says the input fails only
	// for want of a base: it parses against a base without an opaque path
	// ("non-opaque-path-base") or against any base ("any-base").
	RelativeTo   string  `json:"relativeTo"`
	SearchParams *string `json:"searchParams"`
}

// parse parses the case's input against its base, if it has one.
func (tc urlTest) parse(t *testing.T) (URL, error) {
	t.Helper()
	var base URL
	if tc.Base != nil {
		b, err := Parse(*tc.Base)
		if err != nil {
			t.Fatalf("base %q: %v", *tc.Base, err)
		}
		base = b
	}
	return base.Parse(tc.Input)
}

// getters returns what the URL API's getters return for u, as a urlTest.
func getters(u URL, origin bool) urlTest {
	g := urlTest{
		Href: u.Href(), Protocol: u.Protocol(), Username: u.Username(), Password: u.Password(),
		Host: u.Host(), Hostname: u.Hostname(), Port: u.Port(), Pathname: u.Pathname(),
		Search: u.Search(), Hash: u.Hash(),
	}
	if origin {
		o := u.Origin()
		g.Origin = &o
	}
	return g
}

// runURLTests checks every case of a urltestdata-format file: the href and
// every getter, or failure.
func runURLTests(t *testing.T, name string) {
	var raw []json.RawMessage
	readWPT(t, name, &raw)
	passed, total := 0, 0
	for _, r := range raw {
		var tc urlTest
		if json.Unmarshal(r, &tc) != nil {
			continue // a comment
		}
		total++
		ok := t.Run("", func(t *testing.T) {
			u, err := tc.parse(t)
			if tc.Failure {
				if err == nil {
					t.Fatalf("Parse(%q, base %q) = %q, want failure", tc.Input, deref(tc.Base), u.Href())
				}
				checkRelativeTo(t, tc)
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q, base %q): %v", tc.Input, deref(tc.Base), err)
			}
			if tc.SearchParams != nil {
				if got := u.SearchParams().String(); got != *tc.SearchParams {
					t.Errorf("Parse(%q, base %q).SearchParams() = %q, want %q", tc.Input, deref(tc.Base), got, *tc.SearchParams)
				}
			}
			want := tc
			want.Input, want.Base, want.Failure, want.SearchParams = "", nil, false, nil
			if diff := cmp.Diff(want, getters(u, tc.Origin != nil)); diff != "" {
				t.Errorf("Parse(%q, base %q) (-want +got):\n%s", tc.Input, deref(tc.Base), diff)
			}
		})
		if ok {
			passed++
		}
	}
	t.Logf("%s: %d/%d passed", name, passed, total)
}

// checkRelativeTo checks a failure's relativeTo: the input parses against
// a base without an opaque path, and for "any-base" against one with an
// opaque path too.
func checkRelativeTo(t *testing.T, tc urlTest) {
	t.Helper()
	// A base of the input's own scheme, so that "https:@/x" reads as
	// relative.
	scheme := "http"
	if s, _, ok := strings.Cut(tc.Input, ":"); ok && s != "" && isAlpha(s[0]) &&
		strings.IndexFunc(s, func(r rune) bool { return r > 0x7f || !isSchemeByte(byte(r)) }) < 0 {
		scheme = s
	}
	var bases []string
	switch tc.RelativeTo {
	case "":
		return
	case "non-opaque-path-base":
		bases = []string{scheme + "://example.org/foo/bar"}
	case "any-base":
		bases = []string{scheme + "://example.org/foo/bar", "sc:opaque"}
	default:
		t.Fatalf("unknown relativeTo %q", tc.RelativeTo)
	}
	for _, b := range bases {
		base, err := Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := base.Parse(tc.Input); err != nil {
			t.Errorf("Parse(%q, base %q) (relativeTo %s): %v", tc.Input, b, tc.RelativeTo, err)
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

// TestURLTestData runs every case of urltestdata.json.
func TestURLTestData(t *testing.T) { runURLTests(t, "urltestdata.json") }

// TestURLTestDataJavaScriptOnly runs urltestdata-javascript-only.json: its
// lone surrogates decode (encoding/json) to U+FFFD as a browser's USVString
// conversion makes them.
func TestURLTestDataJavaScriptOnly(t *testing.T) {
	runURLTests(t, "urltestdata-javascript-only.json")
}

// TestSettersTests runs every case of setters_tests.json.
func TestSettersTests(t *testing.T) {
	var file map[string]json.RawMessage
	readWPT(t, "setters_tests.json", &file)
	setters := map[string]func(URL, string) URL{
		"protocol": URL.WithProtocol, "username": URL.WithUsername, "password": URL.WithPassword,
		"host": URL.WithHost, "hostname": URL.WithHostname, "port": URL.WithPort,
		"pathname": URL.WithPathname, "search": URL.WithSearch, "hash": URL.WithHash,
		"href": func(u URL, v string) URL {
			if r, err := Parse(v); err == nil {
				return r
			}
			return u
		},
	}
	passed, total := 0, 0
	for name, raw := range file {
		if name == "comment" {
			continue
		}
		set := setters[name]
		if set == nil {
			t.Errorf("no setter for %q", name)
			continue
		}
		var cases []struct {
			Href     string            `json:"href"`
			NewValue string            `json:"new_value"`
			Expected map[string]string `json:"expected"`
		}
		if err := json.Unmarshal(raw, &cases); err != nil {
			t.Fatal(err)
		}
		for _, tc := range cases {
			total++
			ok := t.Run(name, func(t *testing.T) {
				u, err := Parse(tc.Href)
				if err != nil {
					t.Fatalf("Parse(%q): %v", tc.Href, err)
				}
				r := set(u, tc.NewValue)
				g := getters(r, true)
				got := map[string]string{
					"href": g.Href, "protocol": g.Protocol, "username": g.Username, "password": g.Password,
					"host": g.Host, "hostname": g.Hostname, "port": g.Port, "pathname": g.Pathname,
					"search": g.Search, "hash": g.Hash, "origin": *g.Origin,
				}
				for k := range got {
					if _, ok := tc.Expected[k]; !ok {
						delete(got, k)
					}
				}
				if diff := cmp.Diff(tc.Expected, got); diff != "" {
					t.Errorf("Parse(%q).With%s(%q) (-want +got):\n%s", tc.Href, name, tc.NewValue, diff)
				}
			})
			if ok {
				passed++
			}
		}
	}
	t.Logf("setters_tests.json: %d/%d passed", passed, total)
}
