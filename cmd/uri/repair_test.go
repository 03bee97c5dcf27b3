package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// -repair on parse, check and resolve: each repair listed, at its offset in
// the input. A line that a repair makes a relative reference is still not a
// URI for check without -ref: its error is uri.Parse's on the line.
func TestRepairFlag(t *testing.T) {
	for _, tc := range []struct {
		name           string
		args           []string
		stdin          string
		stdout, stderr string
		status         int
	}{
		{"parse", []string{"parse", "-repair", "https://bücher.de/a b"}, "", `repaired: https://xn--bcher-kva.de/a%20b
  offset 8: "bücher.de" → "xn--bcher-kva.de"
  offset 20: " " → "%20"
reference absolute-URI
scheme    (defined) "https"
authority (defined) "xn--bcher-kva.de"
userinfo  (undefined)
host      (defined) "xn--bcher-kva.de" (reg-name)
port      (undefined)
path      (defined) "/a%20b"
query     (undefined)
fragment  (undefined)
`, "", 0},
		{"parse json", []string{"parse", "-repair", "-json", "http://x/100%"}, "",
			`{"input":"http://x/100%","valid":true,"kind":"absolute-URI","scheme":"http","authority":"x","host":"x","hostKind":"reg-name","path":"/100%25","repaired":"http://x/100%25","repairs":[{"offset":12,"old":"%","new":"%25"}]}
`, "", 0},
		{"parse refused", []string{"parse", "-repair", " http://h:8x/"}, "", "",
			"uri: invalid character '/' at offset 12 in port\n   http://h:8x/\n              ^\n  the port \"8x\" holds 'x' at offset 11: a port is decimal digits only\nexpected unreserved, pct-encoded, sub-delims, \":\" or \"@\"\n", 1},
		{"resolve", []string{"resolve", "-repair", "http://a/b/c", "../v1/old page.html", "/search?q={term}"}, "",
			"http://a/v1/old%20page.html\nhttp://a/search?q=%7Bterm%7D\n",
			`uri resolve: "../v1/old page.html": repaired: ../v1/old%20page.html
uri resolve: "../v1/old page.html":   offset 9: " " → "%20"
uri resolve: "/search?q={term}": repaired: /search?q=%7Bterm%7D
uri resolve: "/search?q={term}":   offset 10: "{term}" → "%7Bterm%7D"
`, 0},
		{"resolve base", []string{"resolve", "-repair", " http://a/b c", "d"}, "", "http://a/d\n",
			`uri resolve: " http://a/b c": repaired: http://a/b%20c
uri resolve: " http://a/b c":   offset 0: " " → ""
uri resolve: " http://a/b c":   offset 11: " " → "%20"
`, 0},
		{"check", []string{"check", "-repair"}, "http://x/\nhttp://x/a b\nhttp://x\\y/\nrel path\n", `<stdin>:2: repaired: http://x/a%20b
<stdin>:2:   offset 10: " " → "%20"
<stdin>:3: uri: browsers read another authority at offset 8: a "\" in the authority is a "/" to browsers, so the host ends there; to read the text as a browser does, use package weburl (the WHATWG URL Standard)
<stdin>:4: offset 3: invalid character ' ' in scheme: expected ALPHA, DIGIT, "+", "-", "." or ":"; no scheme: begin with one, such as "https:"
1 valid, 1 repaired, 2 invalid
`, "", 1},
		{"check ref", []string{"check", "-repair", "-ref", "-q"}, "rel path\n", "0 valid, 1 repaired, 0 invalid\n", "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, tc.stdin, tc.args...)
			check3(t, tc.args, out, errOut, status, tc.stdout, tc.stderr, tc.status)
		})
	}
}

// The figure of issue 18: how many of the corpus lines rejected as URI
// references a repair makes valid (of the shared corpus, or of its sample
// where it is missing). The valid lines stay valid.
func TestRepairCorpus(t *testing.T) {
	plain, _, _ := runCmd(t, "", "check", "-q", "-ref", corpus.Path("urls.txt"))
	repaired, _, _ := runCmd(t, "", "check", "-q", "-ref", "-repair", corpus.Path("urls.txt"))
	var v, inv, v2, r, inv2 int
	if _, err := fmt.Sscanf(plain, "%d valid, %d invalid", &v, &inv); err != nil {
		t.Fatalf("%q: %v", plain, err)
	}
	if _, err := fmt.Sscanf(repaired, "%d valid, %d repaired, %d invalid", &v2, &r, &inv2); err != nil {
		t.Fatalf("%q: %v", repaired, err)
	}
	if v2 != v || r+inv2 != inv {
		t.Fatalf("without -repair %q, with %q", plain, repaired)
	}
	t.Logf("%s of the %d rejected lines, a repair makes %d valid", strings.TrimSpace(repaired), inv, r)
}
