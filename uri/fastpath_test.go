package uri

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// The fast paths of normalize and Resolve answer without writing the
// result. These tests hold them to the slow paths they skip: normalize to
// normalizeWrite, which writes the normal form of every URI and compares.

// checkNormalFast fails unless normalize (isNormal first) returns exactly
// what normalizeWrite returns for u, and unless isNormal, when it says yes,
// is right.
func checkNormalFast(t interface{ Fatalf(string, ...any) }, u URI) {
	for _, schemeBased := range []bool{false, true} {
		slow := u.normalizeWrite(schemeBased)
		if got := u.normalize(schemeBased); got != slow {
			t.Fatalf("normalize(%q, %v) = %q, normalizeWrite gives %q", u, schemeBased, got, slow)
		}
		if u.isNormal(schemeBased) && slow.s != u.s {
			t.Fatalf("isNormal(%q, %v) but its normal form is %q", u, schemeBased, slow)
		}
	}
}

func TestIsNormal(t *testing.T) {
	for _, tt := range []struct {
		in           string
		syntax, full bool // isNormal for NormalizeSyntax, for Normalize
	}{
		{"http://example.com/a?b#c", true, true},
		{"HTTP://example.com/", false, false},                           // §6.2.2.1: scheme case
		{"http://Example.com/", false, false},                           // §6.2.2.1: host case
		{"http://[FE80::1]/", false, false},                             // hex digits of an IP literal
		{"http://192.168.0.1/", true, true},                             // an IPv4 address has no case
		{"http://h/%7e", false, false},                                  // §6.2.2.2: "~" is unreserved
		{"http://h/%2f", false, false},                                  // §6.2.2.1: lower-case hex
		{"http://h/%2F?%3D#%C3%A9", true, true},                         // upper-case, reserved or other
		{"http://h/a/./b", false, false},                                // §6.2.2.3
		{"http://h/a/.b/..c", true, true},                               // names with dots
		{"a/../b", false, false},                                        // a relative path with a dot segment
		{"http://h:80/", true, false},                                   // §6.2.3: default port
		{"http://h:/", true, false},                                     // §6.2.3: empty port
		{"http://h", true, false},                                       // §6.2.3: empty path is "/"
		{"http://h:8080/", true, true},                                  // another port
		{"foo://H/", false, false},                                      // a host is lower-cased for any scheme
		{"foo://h", true, true},                                         // no rule for foo
		{"mailto:Joe@Example.COM", true, true},                          // a path keeps its case
		{"//u%40ser@h/p", true, true},                                   // "%40" is "@", reserved
		{"", true, true},                                                // the empty reference
		{"?q=%ab", false, false},                                        // lower-case hex in a query
		{"#%41", false, false},                                          // "A", unreserved, in a fragment
		{"http://%65xample.com/", false, false},                         // "e" in a host
		{"s:/.//a", false, false},                                       // the "/." of a double-slash path: a dot segment
		{"http://a/b/c/d;p?q=%2E%2E", false, false},                     // "." is unreserved, also in a query
		{"https://h:443/p", true, false},                                // https's default port
		{"ftp://h:021/p", true, false},                                  // "021" is 21
		{"http://user:Pass@h/P", true, true},                            // userinfo and path keep their case
		{"urn:ISBN:0-395-36341-1", true, true},                          // no authority: nothing of §6.2.3
		{"http://h/" + strings.Repeat("a/", 200) + "%7E", false, false}, // longer than the stack buffer
	} {
		u := MustParseReference(tt.in)
		if got := u.isNormal(false); got != tt.syntax {
			t.Errorf("isNormal(%q, syntax) = %v, want %v", tt.in, got, tt.syntax)
		}
		if got := u.isNormal(true); got != tt.full {
			t.Errorf("isNormal(%q, scheme-based) = %v, want %v", tt.in, got, tt.full)
		}
		checkNormalFast(t, u)
	}
}

func TestIsNormalProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		checkNormalFast(t, rsGenRef(rsSegPool).Draw(t, "u"))
	})
}

// TestFastPathsCorpus runs the normalize check on every valid line of the
// corpus, and Resolve on every pair, against the literal §5.2.2.
func TestFastPathsCorpus(t *testing.T) {
	for _, l := range corpus.Lines(t, "urls.txt") {
		if u, err := ParseReference(l); err == nil {
			checkNormalFast(t, u)
		}
	}
	for _, l := range corpus.Lines(t, "resolve.tsv") {
		bs, rs, _ := strings.Cut(l, "\t")
		base, err1 := Parse(bs)
		ref, err2 := ParseReference(rs)
		if err1 != nil || err2 != nil {
			continue
		}
		for _, strict := range []bool{true, false} {
			got, err := base.ResolveWith(ref, ResolveOptions{NonStrict: !strict})
			want, werr := resolveLiteral(base, ref, strict)
			if err != nil || werr != nil || got != want {
				t.Fatalf("%q.Resolve(%q) = %q, %v; literal §5.2.2 gives %q, %v", bs, rs, got, err, want, werr)
			}
			rsCheckReparse(t, got)
		}
	}
}

// FuzzNormalizeFast checks normalize's fast path against normalizeWrite on
// any URI reference.
func FuzzNormalizeFast(f *testing.F) {
	fuzzAddShapes(f, false)
	f.Fuzz(func(t *testing.T, s string) {
		if u, err := ParseReference(s); err == nil {
			checkNormalFast(t, u)
		}
	})
}

// TestNormHasUpper checks the word-at-a-time test of normHasUpper against
// the plain one, for every ASCII byte at every position of texts of 1 to 17
// bytes (each way it reads: a byte at a time below 4, two overlapping words
// of four from 4 to 7, words of eight and an overlapping last one from 8),
// the others bytes being each neighbour of the range A-Z; and "" has none.
func TestNormHasUpper(t *testing.T) {
	if normHasUpper("") {
		t.Fatal(`normHasUpper("") = true, want false`)
	}
	for _, fill := range []byte{'a', '@', '[', 0, 0x7F, 'z', '0'} {
		for n := 1; n <= 17; n++ {
			for pos := range n {
				for x := range 128 {
					b := []byte(strings.Repeat(string(fill), n))
					b[pos] = byte(x)
					want := 'A' <= x && x <= 'Z'
					if got := normHasUpper(string(b)); got != want {
						t.Fatalf("normHasUpper(%q) = %v, want %v", b, got, want)
					}
				}
			}
		}
	}
}
