package weburl

import (
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
	"pgregory.net/rapid"
)

// resolvePairs returns the base URLs and references of the resolution
// corpus and of urltestdata.json, and references at the fast path's edges
// against a few bases.
func resolvePairs(t *testing.T) (bases []URL, refs []string) {
	add := func(base, ref string) {
		if b, err := Parse(base); err == nil {
			bases, refs = append(bases, b), append(refs, ref)
		}
	}
	for _, l := range corpus.Lines(t, "resolve.tsv") {
		if base, ref, ok := strings.Cut(l, "\t"); ok {
			add(base, ref)
		}
	}
	var wpt []urlTest
	readWPTLoose(t, "urltestdata.json", &wpt)
	for _, tc := range wpt {
		if tc.Base != nil {
			add(*tc.Base, tc.Input)
		}
	}
	edges := []string{"", "#", "#f", "#f g", "#f#g", "?", "?q", "?q'", "?q#f", "?q#f`", "?q r", "/", "//", "///", "//h",
		"//H:80/p", "//h:8080", "//h?q", "//u@h", "//h\\p", "/\\h", "\\\\h", "\\p", "..", ".", "./", "../..", "a/../../b",
		"%2e%2E/x", "a b", "a?b c#d", "a{}", "C:", "c:/x", "x:y", "h:80", "a\tb", " a", "a ", "é", "/a\\b", ";x", "g?y/./x",
		"a.b/c?d#e", "/p.q", ".a/b", "a/..b", "a/%2Fb", "a/%2e/b", "a?", "a#", "/?#", "a/b/",
		"./x", "../x", "../../../../x", "a/./b", "a/../b?q#f", "./.", "x/..", "x/.", "..?q", ".#f", "/./a", "/../a",
		"a//../b", "../a/", "..%2Fx", ".../x", "..a", "a/.../b", "./%2e/x", ".%2e/x", "%2e./x", "a/..#f", "./?", "a/./",
		"../.", "./..", "../../", "/..", "/.", "/a/../../b/.", "..\\x", "./a\\b", "../a b", "../é", "../x?é", ".. /x",
		"#a\tb", "?a\nb", "//h\t/p", "//h/\rp", "/a\rb", "a/\tb", "#é", "?é", "//é/", "a/é", "#\x01", "?\x7f", "a\x00"}
	for _, base := range []string{"http://h/a/b/c?q#f", "https://h", "ws://h:81/a", "ftp://u:p@h/d/", "file:///c:/a/b",
		"sc://h/a/b", "sc:/a/b", "sc:opaque", "http://h/", "https://h//a//b/"} {
		for _, ref := range edges {
			add(base, ref)
		}
	}
	return bases, refs
}

// TestResolveFastAgreesWithStateMachine checks that every reference the
// resolution fast path takes resolves to the URL the state machine makes.
func TestResolveFastAgreesWithStateMachine(t *testing.T) {
	bases, refs := resolvePairs(t)
	taken := 0
	for k, base := range bases {
		fast, ok := base.resolveFast(refs[k])
		if !ok {
			continue
		}
		taken++
		slow, _, err := ParseValidated(refs[k], base)
		if err != nil || fast != slow {
			t.Errorf("fast path: %q against %q = %+v; the state machine %+v (%v)", refs[k], base.Href(), fast, slow, err)
		}
	}
	t.Logf("resolution fast path taken for %d of %d pairs", taken, len(refs))
}

// TestLastSlashIsLastIndexByte checks lastSlash, eight bytes a step,
// against strings.LastIndexByte, with bytes that differ from '/' by one
// bit and bytes above 0x7f, at every length and place of the slashes.
func TestLastSlashIsLastIndexByte(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := string(rapid.SliceOfN(rapid.SampledFrom([]byte{'/', '/', 'a', '.', '/' ^ 0x80, '/' ^ 1, 0xaf, 0, 0xff}), 0, 40).Draw(t, "in"))
		if got, want := lastSlash(in), strings.LastIndexByte(in, '/'); got != want {
			t.Fatalf("lastSlash(%q) = %d, want %d", in, got, want)
		}
	})
}

// TestResolveFastDotSegmentsAgreeWithStateMachine checks the fast path on
// references made of dot segments, their percent-encoded forms, empty and
// plain segments, a query and a fragment, against special bases of
// several path depths, one with empty segments: wherever the fast path
// resolves one, the state machine gives the same URL.
func TestResolveFastDotSegmentsAgreeWithStateMachine(t *testing.T) {
	bases := []string{"http://h", "http://h/", "https://h/a/b/c?q#f", "ws://h:81/a/", "https://h//a//b/", "ftp://u:p@h/d"}
	pieces := []string{".", "..", "/", "/", "a", "b", "%2e", "%2E", "?", "#", "\\", "...", ".a", " "}
	rapid.Check(t, func(t *rapid.T) {
		base, err := Parse(rapid.SampledFrom(bases).Draw(t, "base"))
		if err != nil {
			t.Fatal(err)
		}
		ref := strings.Join(rapid.SliceOfN(rapid.SampledFrom(pieces), 1, 10).Draw(t, "pieces"), "")
		fast, ok := base.resolveFast(ref)
		if !ok {
			return
		}
		slow, _, err := ParseValidated(ref, base)
		if err != nil || fast != slow {
			t.Fatalf("fast path: %q against %q = %+v; the state machine %+v (%v)", ref, base.Href(), fast, slow, err)
		}
	})
}
