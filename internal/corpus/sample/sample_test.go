package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/internal/corpus"
)

// The sample in testdata is what the rule picks from the full corpus today:
// the rule, the corpus or a parser's verdicts changed otherwise.
func TestSampleUpToDate(t *testing.T) {
	for _, f := range files {
		full := corpus.Full(t, f.name, "that internal/corpus/testdata/"+f.name+" is the sample the rule picks from the full corpus")
		got, err := os.ReadFile(filepath.Join(corpus.SampleDir(), f.name))
		if err != nil {
			t.Fatal(err)
		}
		if want := sampleText(full, f.shapes); string(got) != want {
			t.Errorf("internal/corpus/testdata/%s is stale (%d bytes, the rule picks %d): run go generate ./internal/corpus",
				f.name, len(got), len(want))
		}
	}
}

// sampleLines returns the lines of the sample file name, read from
// testdata whether or not the full corpus is there.
func sampleLines(t *testing.T, name string) []string {
	data, err := os.ReadFile(filepath.Join(corpus.SampleDir(), name))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// The sample holds every shape the tests lean on, on any clone: each kind
// of host, IP literals, ports, userinfo, percent-encodings, characters
// outside ASCII, long URLs, rejections by uri in each component and by
// weburl, and each form of reference of the resolution pairs.
func TestSampleKeepsEveryShape(t *testing.T) {
	total := 0
	for _, f := range files {
		have := map[string]bool{}
		for _, l := range sampleLines(t, f.name) {
			total += len(l) + 1
			for _, s := range f.shapes(l) {
				have[s] = true
			}
		}
		for _, want := range mustHave[f.name] {
			if !have[want] && !slices.ContainsFunc(keys(have), func(s string) bool {
				return strings.HasSuffix(want, "*") && strings.HasPrefix(s, strings.TrimSuffix(want, "*"))
			}) {
				t.Errorf("the sample of %s has no line of shape %q", f.name, want)
			}
		}
	}
	if total > 1<<20 {
		t.Errorf("the sample is %d bytes, over 1 MiB", total)
	}
}

// mustHave lists, per file, shapes the sample must hold; a final "*"
// stands for any ending.
var mustHave = map[string][]string{
	"urls.txt": {
		"host:reg-name", "host:IPv4", "host:IPv6", "host:IPv6-zone", "host:IPv6-IPv4-tail", "host:IPvFuture",
		"host:empty", "host:A-label", "host:non-ASCII", "host:percent", "host:uppercase", "host:web-IPv4-number",
		"port:digits", "port:empty", "port:leading-zero", "port:over-65535", "port:not-digits",
		"userinfo", "userinfo:password", "scheme:uppercase", "scheme:file",
		"path:percent-encoded", "path:percent-lowercase", "path:percent-malformed", "path:percent-non-ASCII-byte",
		"query:percent-encoded", "path:non-ASCII", "query:non-ASCII", "path:dot-segment", "path:empty-segment",
		"query:empty", "fragment:empty", "length:2^9", "length:2^10",
		"uri rejects as URI-reference: host at *", "uri rejects as URI-reference: port at *",
		"uri rejects as URI-reference: path at *", "uri rejects as URI-reference: query at *",
		"uri rejects as URI-reference: fragment at *", "uri rejects as URI-reference: userinfo at *",
		"uri rejects as URI: *", "weburl rejects: host-missing", "weburl rejects: port-invalid",
		"weburl rejects: IPv6-unclosed", "weburl rejects: domain-to-ASCII", "weburl rejects: IPv4-*",
		"weburl validation error: invalid-credentials",
	},
	"resolve.tsv": {
		"ref:scheme", "ref:network-path", "ref:absolute-path", "ref:query-only", "ref:fragment-only",
		"ref:dot", "ref:dot-dot", "ref:relative-path", "ref:dot-segments", "ref:above-the-base-root", "ref:params",
		"base:path-empty", "base:query", "base:fragment",
		"uri rejects the base: *", "uri rejects the reference: *",
		"weburl rejects the base: *", "weburl rejects the reference: *",
	},
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// pick keeps every stride-th line and the first perShape lines of each
// shape, in the order of the input.
func TestPick(t *testing.T) {
	var lines []string
	for i := range 3 * stride {
		lines = append(lines, string(rune('a'+i)))
	}
	// "rare" on lines 2, 3, 4, 5 and 7; "common" on every line.
	shapes := func(l string) []string {
		if strings.Contains("cdefh", l) {
			return []string{"rare", "common"}
		}
		return []string{"common"}
	}
	got := pick(lines, shapes)
	// Lines 0, 10 and 20 by the stride (and 0, 1, 2 as the first "common"
	// ones), 2, 3 and 4 as the first three "rare" ones.
	want := []string{"a", "b", "c", "d", "e", "k", "u"}
	if perShape != 3 || stride != 10 {
		t.Fatalf("the table is for perShape 3 and stride 10, not %d and %d", perShape, stride)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("pick (-want +got):\n%s", d)
	}
}

// The shapes of URLs, each read off by hand by RFC 3986's grammar
// (Appendix B's split, §3.2.2's hosts, §3.2.3's port, §2.1's
// percent-encodings).
func TestURLShapes(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"http://u:p@[fe80::1%25en0]:080/a/./b%2f?#", []string{"scheme:http", "userinfo:password", "host:IPv6",
			"host:IPv6-zone", "port:leading-zero", "path:dot-segment", "path:percent-lowercase", "query:empty", "fragment:empty"}},
		{"HTTP://1.2.3.4:99999", []string{"scheme:uppercase", "scheme:http", "host:IPv4", "port:over-65535", "path:empty"}},
		{"//0x7f.1/%zz", []string{"scheme:none", "host:reg-name", "host:web-IPv4-number", "path:percent-malformed"}},
		{"file:///C:/a b", []string{"scheme:file", "host:empty", "path:space"}},
		{"a:b", []string{"authority:none", "path:rootless", "length:2^1"}},
		{"b:c/d", []string{"path:rootless"}},
		{"x:y@z/w", []string{"authority:none", "path:rootless"}},
		{"./a:b", []string{"scheme:none", "path:rootless"}},
		{"a:b/c:d", []string{"scheme:a", "path:rootless"}},
		{"http://xn--bcher-kva.de./é?é", []string{"host:A-label", "host:trailing-dot", "path:non-ASCII", "query:non-ASCII"}},
		{"http://[v1.x]:/{a}", []string{"host:IPvFuture", "port:empty", "path:{", "path:}"}},
	} {
		got := urlShapes(tc.in)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("urlShapes(%q) = %q, without %q", tc.in, got, w)
			}
		}
	}
}

// The forms of references (§4.2) and what §5.2 makes of them against
// their base.
func TestPairShapes(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"http://a/b/c/d;p?q\tg:h", []string{"ref:scheme", "base:query"}},
		{"http://a/b/c/d;p?q\t//g", []string{"ref:network-path"}},
		{"http://a/b/c/d;p?q\t/g", []string{"ref:absolute-path"}},
		{"http://a/b/c/d;p?q\t?y", []string{"ref:query-only", "ref:query"}},
		{"http://a/b/c/d;p?q\t#s", []string{"ref:fragment-only", "ref:fragment"}},
		{"http://a/b/c/d;p?q\t../../../g", []string{"ref:dot-dot", "ref:dot-segments", "ref:above-the-base-root"}},
		{"http://a/b/c/d;p?q\t../g", []string{"ref:dot-dot", "ref:dot-segments"}},
		{"http://a/b/c/d;p?q\t./g", []string{"ref:dot", "ref:dot-segments"}},
		{"http://a/b/c/d;p?q\tg;x?y#s", []string{"ref:relative-path", "ref:params", "ref:query", "ref:fragment"}},
		{"http://a\t", []string{"ref:empty", "base:path-empty"}},
		{"http://a/b", []string{"pair:no-tab"}},
	} {
		got := pairShapes(tc.in)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("pairShapes(%q) = %q, without %q", tc.in, got, w)
			}
		}
		if slices.Contains(got, "ref:above-the-base-root") && !slices.Contains(tc.want, "ref:above-the-base-root") {
			t.Errorf("pairShapes(%q): above the base's root", tc.in)
		}
	}
}

// The verdicts name the component and byte where uri stops and weburl's
// failure, as RFC 3986 and the URL Standard place them.
func TestVerdicts(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		// §3.2.3: port = *DIGIT, but "h:8x" may still be a userinfo
		// (§3.2.1) until the "/" shows no "@" comes; the Standard fails
		// on port-invalid.
		{"http://h:8x/", []string{`uri rejects as URI-reference: port at "/"`, "weburl rejects: port-invalid"}},
		// §3.2.2: "{" is no reg-name character; host-invalid-code-point
		// in the Standard's forbidden host code points.
		{"http://a{b/", []string{`uri rejects as URI: host at "{"`}},
		// §3: a relative reference is no URI; the scheme part stops at
		// "/" at offset 0.
		{"/a", []string{`uri rejects as URI: scheme at "/"`, "weburl rejects: missing-scheme-non-relative-URL"}},
		{"http://h/ a", []string{"uri rejects as URI-reference: path at a space"}},
		{"http://u:p@h/", []string{"weburl validation error: invalid-credentials"}},
	} {
		got := verdicts(tc.in)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("verdicts(%q) = %q, without %q", tc.in, got, w)
			}
		}
	}
}
