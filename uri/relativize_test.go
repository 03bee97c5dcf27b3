package uri

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestRelativize checks Relativize on worked cases: against the base of
// §5.4 they invert the examples of §5.4.1; each expected reference is the
// shortest that resolves to the target, found by hand.
func TestRelativize(t *testing.T) {
	tests := []struct{ base, target, want string }{
		{rsRFCBase, "http://a/b/c/g", "g"},
		{rsRFCBase, "http://a/b/c/", "."},
		{rsRFCBase, "http://a/b/", ".."},
		{rsRFCBase, "http://a/", "/"},
		{rsRFCBase, "http://a/g", "/g"},
		{rsRFCBase, "http://a/b/g", "../g"}, // as short as "/b/g": relative wins
		{rsRFCBase, "http://g", "//g"},
		{rsRFCBase, "http://a/b/c/d;p?y", "?y"},
		{rsRFCBase, "http://a/b/c/d;p?", "?"},
		{rsRFCBase, "http://a/b/c/d;p?q#s", "#s"},
		{rsRFCBase, "http://a/b/c/d;p?q#", "#"},
		{rsRFCBase, "http://a/b/c/d;p?q", ""},
		{rsRFCBase, "http://a/b/c/d;p", "d;p"}, // not "": that keeps the query
		{rsRFCBase, "http://a/b/c/d;p#s", "d;p#s"},
		{rsRFCBase, "http://a/b/c/g?y#s", "g?y#s"},
		{rsRFCBase, "http://a/b/c/g/../h", "h"}, // dot segments removed
		{rsRFCBase, "http://a/b/c/a:b", "./a:b"},
		{rsRFCBase, "http://a/b/c//g", ".//g"},
		{rsRFCBase, "http://a", "//a"},
		{rsRFCBase, "http://A/b", "//A/b"},
		{rsRFCBase, "g:h", "g:h"},
		{rsRFCBase, "https://a/b/c/g", "https://a/b/c/g"},
		{rsRFCBase, "HTTP://a/b/c/g", "HTTP://a/b/c/g"}, // Resolve copies the scheme as written
		{rsRFCBase, "http:g", "http:g"},                 // no relative reference drops the authority
		{rsRFCBase, "../g", "../g"},                     // a relative target is resolved first
		{"http://a/b/c/?q", "http://a/b/c/", "."},
		{"s:/x", "s:/y", "y"},
		{"s://h", "s://h/g", "g"},
		{"s://h", "s://h", ""},
		{"s://h?q", "s://h", "//h"},
		{"s:?q", "s:", "."}, // merge gives ".", which rule D empties
		{"s:rootless/x", "s:rootless/y", "y"},
		{"s:rootless/x", "s:other", "s:other"},
		{"s:rootless/x", "s:/abs", "/abs"},
		{"f:/a", "f:/.//g", ".//g"},
		{"f:/a/b", "f:/.//g", "..//g"}, // "/a/..//g" is "//g" (§5.2.4), written "/.//g": as short, relative wins
		// A base with dot segments: the merge removes them (§5.2.3, §5.2.4).
		{"http://h/a/./b/c", "http://h/a/b/x", "x"},
		{"s://h/a/../b", "s://h/a/x", "a/x"},
		{"s:./a", "s:g", "g"},
		{"s:/a/b/../c/d", "s:/a/c/x", "x"},
	}
	var got, want []string
	for _, tt := range tests {
		base, target := MustParseReference(tt.base), MustParseReference(tt.target)
		r, err := base.Relativize(target)
		if err != nil {
			t.Fatalf("%q, %q: %v", tt.base, tt.target, err)
		}
		rsCheckReparse(t, r)
		got = append(got, tt.base+" | "+tt.target+" -> "+r.String())
		want = append(want, tt.base+" | "+tt.target+" -> "+tt.want)
		back, _ := base.Resolve(r)
		if exp, _ := base.Resolve(target); back != exp {
			t.Errorf("%q.Resolve(%q) = %q, want %q", tt.base, r, back, exp)
		}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Relativize (-want +got):\n%s", d)
	}
}

func TestRelativizeError(t *testing.T) {
	_, err := MustParseReference("a/b").Relativize(MustParse("s:x"))
	var re *ResolveError
	if !errors.As(err, &re) || re.Op != "relativize" || re.Base != "a/b" || re.Ref != "s:x" {
		t.Fatalf("error %v (%+v)", err, re)
	}
}

// TestRelativizeRoundTrip is the law of Relativize, for every base with a
// scheme and every target:
//
//	base.Resolve(base.Relativize(t)) == base.Resolve(t)
//
// which for a target with a scheme is the target with its dot segments
// removed, computed here by rdsLiteral. The reference is never longer than
// the resolved target.
func TestRelativizeRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base := rsGenURI(rsSegPool).Draw(t, "base")
		target := rsGenRef(rsSegPool).Draw(t, "target")
		r, err := base.Relativize(target)
		if err != nil {
			t.Fatal(err)
		}
		rsCheckReparse(t, r)
		back, err := base.Resolve(r)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := base.Resolve(target)
		if !target.IsRelative() {
			if w := rsWithoutDotSegments(target); want.String() != w {
				t.Fatalf("oracle: %q + %q = %q, want %q", base, target, want, w)
			}
		}
		if back != want {
			t.Fatalf("base %q, target %q: Relativize = %q, which resolves to %q, want %q", base, target, r, back, want)
		}
		if len(r.String()) > len(want.String()) {
			t.Fatalf("base %q, target %q: Relativize = %q, longer than %q", base, target, r, want)
		}
	})
}

// TestRelativizeRootless: a rootless base path climbs with ".." as a
// hierarchy does, as long as the climb stays under its first segment:
// §5.2.3 merges "a/b/" and ".." into "a/b/..", which §5.2.4 reduces to "a/".
func TestRelativizeRootless(t *testing.T) {
	for _, tc := range []struct{ base, target, want string }{
		{"s:a/b/", "s:a/", ".."},
		{"s:a/b/c", "s:a/", ".."},
		{"s:a/b/c", "s:a/x", "../x"},
		{"s:a/b/c/d", "s:a/x/y", "s:a/x/y"}, // shorter than "../../x/y"
		{"s:a/b/c/d", "s:a/b/x", "../x"},
		{"s:a/b/c/d", "s:a/b/", ".."},
		{"s:a/b/", "s:x/", "s:x/"}, // "../.." would reach "/" (§5.2.4 of "a/b/../.."), never "x/"
		{"s:a/b/", "s:a", "s:a"},   // no relative path loses the "/" after "a"
	} {
		r, err := MustParse(tc.base).Relativize(MustParse(tc.target))
		if err != nil {
			t.Fatal(err)
		}
		if r.String() != tc.want {
			t.Errorf("%q.Relativize(%q) = %q, want %q", tc.base, tc.target, r, tc.want)
		}
	}
}

// TestRelativizeShortestBruteForce: on small bases and targets, no string
// shorter than Relativize's answer, over the bytes that can make one, is a
// reference that resolves to the same URI (strings of up to five bytes are
// tried).
func TestRelativizeShortestBruteForce(t *testing.T) {
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		n := 10
		if testing.Short() {
			n = 2
		}
		for range n {
			checked += checkShortest(t)
		}
	})
	t.Logf("%d shorter references resolved", checked)
}

// shortStrings holds every string of up to five bytes over the bytes of the
// references of TestRelativizeShortestBruteForce, by length.
var shortStrings = func() (byLen [6][]string) {
	const alphabet = "ab/.?#:s"
	byLen[0] = []string{""}
	for n := 1; n < len(byLen); n++ {
		for _, p := range byLen[n-1] {
			for i := 0; i < len(alphabet); i++ {
				byLen[n] = append(byLen[n], p+alphabet[i:i+1])
			}
		}
	}
	return byLen
}()

// checkShortest draws a base and a target over the segments "a", "b", "",
// "." and "..", and resolves every shorter string than base.Relativize's
// answer; it returns how many it resolved.
func checkShortest(t *rapid.T) int {
	segs := []string{"a", "b", "", ".", ".."}
	path := func(label string) string {
		p := strings.Join(rapid.SliceOfN(rapid.SampledFrom(segs), 0, 3).Draw(t, label), "/")
		switch rapid.IntRange(0, 2).Draw(t, label+" kind") {
		case 0:
			p = "/" + p
		case 1: // rootless
			if strings.HasPrefix(p, "/") || p == "" {
				p = "a" + p
			}
		}
		return p
	}
	auth := rapid.SampledFrom([]string{"", "//a", "//b"}).Draw(t, "authority")
	bp := path("base path")
	if auth != "" && bp != "" && bp[0] != '/' || auth == "" && strings.HasPrefix(bp, "//") {
		bp = "/" + bp
	}
	base := MustParse("s:" + auth + bp + rapid.SampledFrom([]string{"", "?a"}).Draw(t, "base query"))
	tauth := rapid.SampledFrom([]string{"", auth}).Draw(t, "target authority")
	tp := path("target path")
	if rapid.Bool().Draw(t, "ancestor") {
		// A path up to some "/" of the base's, and maybe a segment: where
		// a climb with ".." would lead.
		var cuts []int
		for i := 0; i < len(bp); i++ {
			if bp[i] == '/' {
				cuts = append(cuts, i+1)
			}
		}
		if len(cuts) > 0 {
			tp = bp[:rapid.SampledFrom(cuts).Draw(t, "cut")] + rapid.SampledFrom([]string{"", "a", "b"}).Draw(t, "last")
		}
	}
	if tauth != "" && tp != "" && tp[0] != '/' || tauth == "" && strings.HasPrefix(tp, "//") {
		tp = "/" + tp
	}
	target := MustParse("s:" + tauth + tp + rapid.SampledFrom([]string{"", "?a", "?b", "#a"}).Draw(t, "target query"))
	r, err := base.Relativize(target)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := base.Resolve(target)
	n := 0
	for k := 0; k < len(r.String()) && k < len(shortStrings); k++ {
		for _, s := range shortStrings[k] {
			c, err := ParseReference(s)
			if err != nil {
				continue
			}
			n++
			if got, err := base.Resolve(c); err == nil && got == want {
				t.Fatalf("%q.Relativize(%q) = %q, but the shorter %q resolves to %q too", base, target, r, s, want)
			}
		}
	}
	return n
}

// TestRelativizeColonFirst: a relative path whose first segment starts with
// ":" needs "./" in front (§4.2: path-noscheme), so that it is not read as a
// scheme.
func TestRelativizeColonFirst(t *testing.T) {
	for _, tt := range []struct{ base, target, want string }{
		{"http://h/a/b", "http://h/a/:x", "./:x"},
		{"http://h/a/b", "http://h/a/x:", "./x:"},
		// A target path that is a proper prefix of the base's directory:
		// "/a" is shorter than "../../a", and no byte past the target's
		// path is compared.
		{"http://h/a/b/c", "http://h/a", "/a"},
		{"http://h/ab/c/d", "http://h/a", "/a"},
	} {
		got, err := MustParse(tt.base).Relativize(MustParse(tt.target))
		if err != nil || got.String() != tt.want {
			t.Errorf("%q.Relativize(%q) = %q, %v; want %q", tt.base, tt.target, got, err, tt.want)
		}
	}
}
