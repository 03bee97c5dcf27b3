package uri

import (
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/seed42851778/rfc3986/internal/ruletest"
)

// rsRFCBase is the base URI of the examples of RFC 3986 §5.4.
const rsRFCBase = "http://a/b/c/d;p?q"

// TestResolveRFCExamples checks the 23 normal examples of §5.4.1 and the 19
// abnormal ones of §5.4.2 (the last, "http:g", under both readings: 43
// results). Expected values are the RFC's text.
func TestResolveRFCExamples(t *testing.T) {
	type example struct {
		ref, want string
		nonStrict bool
	}
	var tests []example
	for _, r := range append(append([]ruletest.Resolution(nil), ruletest.Normal...), ruletest.Abnormal...) {
		tests = append(tests, example{ref: r.Ref, want: r.Target})
	}
	// §5.4.2: "http:g" of a non-strict parser.
	tests = append(tests, example{ref: "http:g", want: "http://a/b/c/g", nonStrict: true})
	if len(tests) != 43 {
		t.Fatalf("%d examples, want 43", len(tests))
	}
	base := MustParse(rsRFCBase)
	var got, want []string
	for _, tt := range tests {
		ref := MustParseReference(tt.ref)
		var u URI
		var err error
		if tt.nonStrict {
			u, err = base.ResolveWith(ref, ResolveOptions{NonStrict: true})
		} else {
			u, err = base.Resolve(ref)
		}
		if err != nil {
			t.Fatalf("%q: %v", tt.ref, err)
		}
		rsCheckReparse(t, u)
		got = append(got, tt.ref+" -> "+u.String())
		want = append(want, tt.ref+" -> "+tt.want)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("resolution against %s (-want +got):\n%s", rsRFCBase, d)
	}
}

// TestResolvePolicies checks the named policies of Resolve's documentation
// and the corner cases of §5.2.2 and §5.2.3, each worked by hand from the
// pseudocode.
func TestResolvePolicies(t *testing.T) {
	tests := []struct{ name, base, ref, want string }{
		// Double-slash path: "f:/a" + ".//g" merges to "/.//g", which
		// remove_dot_segments makes "//g"; "f://g" would read "g" as an authority.
		{"double-slash path", "f:/a", ".//g", "f:/.//g"},
		{"double-slash path, rootless base", "f:a/b", "..//g", "f:/.//g"},
		{"double-slash path, absolute ref", "f:/a", "/.//g", "f:/.//g"},
		{"double-slash path, ref with scheme", "f:/a", "s:/.//g", "s:/.//g"},
		{"double-slash path with authority is kept", "f://h/a", ".//g", "f://h//g"},
		// Empty path with an authority (§5.2.3, first rule).
		{"authority, empty path", "s://h", "g", "s://h/g"},
		{"authority, empty path, dots", "s://h", "../g", "s://h/g"},
		{"authority, empty path, dot", "s://h", ".", "s://h/"},
		{"authority, empty path, empty ref", "s://h?q", "", "s://h?q"},
		{"authority, slash path", "s://h/", "g", "s://h/g"},
		// Rootless base path (§5.2.3, second rule).
		{"rootless base", "s:a/b", "c", "s:a/c"},
		{"rootless base without slash", "s:b", "c", "s:c"},
		{"rootless base, dot", "s:a/b", ".", "s:a/"},
		{"rootless base, dot-dot", "s:a/b", "../c", "s:/c"},
		{"rootless base without slash, dot-dot", "s:b", "../c", "s:c"},
		{"empty base path, no authority", "s:", "c", "s:c"},
		{"empty base path, no authority, query", "s:?q", "#f", "s:?q#f"},
		// Empty-path reference with a query or not.
		{"empty path and query", "http://a/b/c/d;p?q", "?y", "http://a/b/c/d;p?y"},
		{"empty path and empty query", "http://a/b/c/d;p?q", "?", "http://a/b/c/d;p?"},
		{"empty path keeps base dots", "s:/a/./b?q", "#f", "s:/a/./b?q#f"},
		{"empty ref drops base fragment", "s:/a#f", "", "s:/a"},
		// More ".." than segments.
		{"surplus dot-dot", "http://a/b", "../../../../g", "http://a/g"},
		{"surplus dot-dot, absolute", "http://a/b", "/../../g/..", "http://a/"},
		{"only dot-dots", "http://a/b/c", "../../..", "http://a/"},
		// The reference's components win.
		{"ref authority", "http://a/b", "//u@[::1]:8/x/../y?z#f", "http://u@[::1]:8/y?z#f"},
		{"ref authority empty", "http://a/b", "//", "http://"},
		{"ref scheme, dots", "http://a/b", "s:a/../../b", "s:/b"},
		{"ref scheme, empty path", "http://a/b?q", "s:", "s:"},
		{"base fragment ignored", "http://a/b#f", "c", "http://a/c"},
		{"colon in merged segment", "s:/a/b", "./c:d", "s:/a/c:d"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := MustParseReference(tt.base).Resolve(MustParseReference(tt.ref))
			if err != nil {
				t.Fatal(err)
			}
			rsCheckReparse(t, u)
			if u.String() != tt.want {
				t.Errorf("%q + %q = %q, want %q", tt.base, tt.ref, u, tt.want)
			}
		})
	}
}

func TestResolveNonStrict(t *testing.T) {
	base := MustParse(rsRFCBase)
	for _, tt := range []struct{ ref, want string }{
		{"http:g", "http://a/b/c/g"},
		{"HTTP:g", "http://a/b/c/g"},
		{"http:?y", "http://a/b/c/d;p?y"},
		{"http://x/../y", "http://x/y"},
		{"https:g", "https:g"},
		{"g:h", "g:h"},
	} {
		u, err := base.ResolveWith(MustParseReference(tt.ref), ResolveOptions{NonStrict: true})
		if err != nil {
			t.Fatal(err)
		}
		rsCheckReparse(t, u)
		if u.String() != tt.want {
			t.Errorf("non-strict %q = %q, want %q", tt.ref, u, tt.want)
		}
	}
}

func TestResolveError(t *testing.T) {
	for _, b := range []string{"", "a/b", "//h/p", "/p?q"} {
		_, err := MustParseReference(b).Resolve(MustParseReference("g"))
		var re *ResolveError
		if !errors.As(err, &re) {
			t.Fatalf("base %q: error %v is not a *ResolveError", b, err)
		}
		if re.Base != b || re.Ref != "g" || re.Op != "resolve" {
			t.Errorf("base %q: %+v", b, re)
		}
		if !strings.Contains(err.Error(), "§5.2.1") {
			t.Errorf("message %q", err)
		}
	}
	_, err := URI{}.ResolveWith(URI{}, ResolveOptions{NonStrict: true})
	var re *ResolveError
	if !errors.As(err, &re) {
		t.Fatalf("ResolveWith: %v", err)
	}
}

// TestRemoveDotSegments checks the two traces of §5.2.4 and the rules one by
// one; expected values are worked from the rules by hand.
func TestRemoveDotSegments(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/a/b/c/./../../g", "/a/g"}, // §5.2.4 first trace
		{"mid/content=5/../6", "mid/6"},
		{"", ""},
		{".", ""},
		{"..", ""},
		{"./", ""},
		{"../", ""},
		{"../g", "g"},
		{"./g", "g"},
		{"../../g", "g"},
		{"/.", "/"},
		{"/..", "/"},
		{"/./", "/"},
		{"/../", "/"},
		{"/../g", "/g"},
		{"/a/..", "/"},
		{"/a/.", "/a/"},
		{"/a/b/..", "/a/"},
		{"a/..", "/"}, // C leaves "/" in the input
		{"a/../b", "/b"},
		{"a/./b", "a/b"},
		{"/a//../b", "/a/b"},
		{"/a/.//b", "/a//b"},
		{"/.//g", "//g"},
		{"g.", "g."},
		{".g/..g/g../...", ".g/..g/g../..."},
		{"/a/%2E/b", "/a/%2E/b"},
	}
	for _, tt := range tests {
		if got := RemoveDotSegments(tt.in); got != tt.want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := rdsLiteral(tt.in); got != tt.want {
			t.Errorf("rdsLiteral(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// rdsLiteral is remove_dot_segments transcribed from §5.2.4 word for word,
// with two string buffers: the oracle of RemoveDotSegments.
func rdsLiteral(path string) string {
	// 1. The input buffer is initialized with the now-appended path
	// components and the output buffer is initialized to the empty string.
	in, out := path, ""
	// 2. While the input buffer is not empty, loop as follows:
	for in != "" {
		switch {
		// A. If the input buffer begins with a prefix of "../" or "./",
		// then remove that prefix from the input buffer; otherwise,
		case strings.HasPrefix(in, "../"):
			in = strings.TrimPrefix(in, "../")
		case strings.HasPrefix(in, "./"):
			in = strings.TrimPrefix(in, "./")
		// B. if the input buffer begins with a prefix of "/./" or "/.",
		// where "." is a complete path segment, then replace that prefix
		// with "/" in the input buffer; otherwise,
		case strings.HasPrefix(in, "/./"):
			in = "/" + strings.TrimPrefix(in, "/./")
		case in == "/.":
			in = "/"
		// C. if the input buffer begins with a prefix of "/../" or "/..",
		// where ".." is a complete path segment, then replace that prefix
		// with "/" in the input buffer and remove the last segment and its
		// preceding "/" (if any) from the output buffer; otherwise,
		case strings.HasPrefix(in, "/../"), in == "/..":
			if in == "/.." {
				in = "/"
			} else {
				in = "/" + strings.TrimPrefix(in, "/../")
			}
			if i := strings.LastIndex(out, "/"); i >= 0 {
				out = out[:i]
			} else {
				out = ""
			}
		// D. if the input buffer consists only of "." or "..", then remove
		// that from the input buffer; otherwise,
		case in == "." || in == "..":
			in = ""
		// E. move the first path segment in the input buffer to the end of
		// the output buffer, including the initial "/" character (if any)
		// and any subsequent characters up to, but not including, the next
		// "/" character or the end of the input buffer.
		default:
			seg := in
			start := 0
			if strings.HasPrefix(in, "/") {
				start = 1
			}
			if i := strings.Index(in[start:], "/"); i >= 0 {
				seg = in[:start+i]
			}
			out += seg
			in = in[len(seg):]
		}
	}
	// 3. Finally, the output buffer is returned as the result of
	// remove_dot_segments.
	return out
}

// rsDotPath draws strings made mostly of "/", "." and short segments, where
// remove_dot_segments has work to do.
func rsDotPath() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		parts := rapid.SliceOfN(rapid.SampledFrom([]string{
			"/", ".", "..", "a", "b", "/.", "/..", "./", "../", "...", ".a", "a.", "%2E", "//", ":"}), 0, 10).Draw(t, "parts")
		return strings.Join(parts, "")
	})
}

func TestRemoveDotSegmentsMatchesLiteral(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := rapid.OneOf(rsDotPath(), rapid.String()).Draw(t, "path")
		if got, want := RemoveDotSegments(p), rdsLiteral(p); got != want {
			t.Fatalf("RemoveDotSegments(%q) = %q, literal §5.2.4 gives %q", p, got, want)
		}
	})
}

func FuzzRemoveDotSegments(f *testing.F) {
	for _, s := range []string{"/a/b/c/./../../g", "mid/content=5/../6", "", ".", "..", "/..", "a/..", "../g", "/./", "//..//.", "a/b/../../../c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		got, want := RemoveDotSegments(p), rdsLiteral(p)
		if got != want {
			t.Fatalf("RemoveDotSegments(%q) = %q, literal §5.2.4 gives %q", p, got, want)
		}
		if again := RemoveDotSegments(got); again != got {
			t.Fatalf("not idempotent: %q -> %q -> %q", p, got, again)
		}
	})
}

// rsCheckReparse fails unless u's text parses, as a URI reference, to exactly u:
// the same spans and host kind. Resolve, Normalize and Relativize build their
// results without a parse; this is the check that they build them right.
func rsCheckReparse(t interface {
	Helper()
	Fatalf(string, ...any)
}, u URI) {
	t.Helper()
	v, err := ParseReference(u.s)
	if err != nil {
		t.Fatalf("result %q does not parse: %v", u.s, err)
	}
	if v != u {
		t.Fatalf("result %q: built %+v, parses as %+v", u.s, u, v)
	}
}

// resolveLiteral is §5.2.2 transcribed on parts, with rdsLiteral, the merge
// of §5.2.3 and the double-slash policy, recomposed and parsed back by
// parts.uri: the oracle of Resolve.
func resolveLiteral(base, ref URI, strict bool) (URI, error) {
	B, R := base.parts(), ref.parts()
	var T parts
	if !strict && R.hasScheme && strings.EqualFold(R.scheme, B.scheme) {
		R.hasScheme, R.scheme = false, ""
	}
	merge := func() string {
		if B.hasAuthority && B.path == "" {
			return "/" + R.path
		}
		i := strings.LastIndex(B.path, "/")
		return B.path[:i+1] + R.path
	}
	if R.hasScheme {
		T.scheme, T.hasScheme = R.scheme, true
		T.authority, T.hasAuthority = R.authority, R.hasAuthority
		T.path = rdsLiteral(R.path)
		T.query, T.hasQuery = R.query, R.hasQuery
	} else {
		if R.hasAuthority {
			T.authority, T.hasAuthority = R.authority, true
			T.path = rdsLiteral(R.path)
			T.query, T.hasQuery = R.query, R.hasQuery
		} else {
			if R.path == "" {
				T.path = B.path
				if R.hasQuery {
					T.query, T.hasQuery = R.query, true
				} else {
					T.query, T.hasQuery = B.query, B.hasQuery
				}
			} else {
				if strings.HasPrefix(R.path, "/") {
					T.path = rdsLiteral(R.path)
				} else {
					T.path = rdsLiteral(merge())
				}
				T.query, T.hasQuery = R.query, R.hasQuery
			}
			T.authority, T.hasAuthority = B.authority, B.hasAuthority
		}
		T.scheme, T.hasScheme = B.scheme, true
	}
	T.fragment, T.hasFragment = R.fragment, R.hasFragment
	if !T.hasAuthority && strings.HasPrefix(T.path, "//") {
		T.path = "/." + T.path
	}
	return T.uri()
}

// Generators of URI references for the properties. Segments come from a pool
// with dot segments, colons, empty segments and percent-encodings.

var (
	rsSegPool = []string{"a", "b", "c", "", ".", "..", "g;x", "a:b", "%41", "%7e", "%7B", "x%3a", "..g", "g.", "A", "~", "%2E", "%2e%2E", ".%2E"}
	// rsSegPoolNoEncDots leaves out the segments that decode to dot segments.
	rsSegPoolNoEncDots = rsSegPool[:len(rsSegPool)-3]
	rsAuthPool         = []string{"a", "h", "H", "", "u@h", "h:80", "h:", "h:080", "[::1]", "[::A]", "[V7.X]", "%41b", "%31.2.3.4", "1.2.3.4", "U%7e@h"}
	rsSchemePool       = []string{"s", "http", "HTTP", "g", "f"}
	rsQueryPool        = []string{"", "y", "q=1", "a/./b", "%7e", "%2F", "%7b"}
)

// rsGenPath draws a path of kind: 'a' path-abempty (after an authority), '/'
// path-absolute, 'r' rootless (a first segment with a colon is fine: a
// scheme precedes), 'n' noscheme, 'e' empty.
func rsGenPath(t *rapid.T, kind byte, pool []string) string {
	if kind == 'e' {
		return ""
	}
	min := 1
	if kind == 'a' {
		min = 0
	}
	segs := rapid.SliceOfN(rapid.SampledFrom(pool), min, 5).Draw(t, "segs")
	p := strings.Join(segs, "/")
	switch kind {
	case 'a', '/':
		p = "/" + p
		if kind == '/' && strings.HasPrefix(p, "//") {
			p = "/." + p
		}
	case 'r', 'n':
		if p == "" || p[0] == '/' {
			p = "." + "/" + p
		}
		if kind == 'n' && strings.Contains(strings.SplitN(p, "/", 2)[0], ":") {
			p = "./" + p
		}
	}
	return p
}

func rsGenQF(t *rapid.T, pool ...string) string {
	if pool == nil {
		pool = rsQueryPool
	}
	s := ""
	if rapid.Bool().Draw(t, "hasQuery") {
		s += "?" + rapid.SampledFrom(pool).Draw(t, "query")
	}
	if rapid.Bool().Draw(t, "hasFragment") {
		s += "#" + rapid.SampledFrom(pool).Draw(t, "fragment")
	}
	return s
}

// rsGenURI draws a URI with a scheme: bases of the shapes the brief asks for,
// and free ones.
func rsGenURI(pool []string) *rapid.Generator[URI] {
	return rapid.Custom(func(t *rapid.T) URI {
		var s string
		switch rapid.IntRange(0, 3).Draw(t, "baseKind") {
		case 0:
			s = rapid.SampledFrom([]string{rsRFCBase, "s:rootless/x", "s:/x", "s://h", "s://h/", "s:b", "s:", "s:?q",
				"http://a/b/c/", "http://a", "f:/a", "http://u@a:80/b/c?q#f"}).Draw(t, "fixed")
		case 1:
			s = rapid.SampledFrom(rsSchemePool).Draw(t, "scheme") + "://" + rapid.SampledFrom(rsAuthPool).Draw(t, "auth") +
				rsGenPath(t, 'a', pool) + rsGenQF(t)
		default:
			kind := rapid.SampledFrom([]byte("/re")).Draw(t, "pathKind")
			s = rapid.SampledFrom(rsSchemePool).Draw(t, "scheme") + ":" + rsGenPath(t, kind, pool) + rsGenQF(t)
		}
		u, err := ParseReference(s)
		if err != nil {
			t.Fatalf("generator: %q: %v", s, err)
		}
		return u
	})
}

// rsGenRef draws a URI reference of any of the five shapes.
func rsGenRef(pool []string) *rapid.Generator[URI] {
	return rapid.Custom(func(t *rapid.T) URI {
		var s string
		switch rapid.IntRange(0, 4).Draw(t, "refKind") {
		case 0:
			return rsGenURI(pool).Draw(t, "uri")
		case 1:
			s = "//" + rapid.SampledFrom(rsAuthPool).Draw(t, "auth") + rsGenPath(t, 'a', pool)
		case 2:
			s = rsGenPath(t, '/', pool)
		case 3:
			s = rsGenPath(t, 'n', pool)
		default:
			s = ""
		}
		s += rsGenQF(t)
		u, err := ParseReference(s)
		if err != nil {
			t.Fatalf("generator: %q: %v", s, err)
		}
		return u
	})
}

// TestResolveMatchesLiteral: Resolve, strict and not, gives exactly what the
// word-for-word transcription of §5.2.2 gives (spans included).
func TestResolveMatchesLiteral(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base := rsGenURI(rsSegPool).Draw(t, "base")
		ref := rsGenRef(rsSegPool).Draw(t, "ref")
		for _, strict := range []bool{true, false} {
			got, err := base.ResolveWith(ref, ResolveOptions{NonStrict: !strict})
			if err != nil {
				t.Fatal(err)
			}
			rsCheckReparse(t, got)
			want, err := resolveLiteral(base, ref, strict)
			if err != nil {
				t.Fatalf("literal %q + %q: %v", base, ref, err)
			}
			if got != want {
				t.Fatalf("%q + %q (strict %v) = %q, literal §5.2.2 gives %q", base, ref, strict, got, want)
			}
		}
	})
}

// TestResolveHasNoDotSegments: the target's path has no dot segments when it
// comes from the reference (§5.2.2 keeps the base path as is for an
// empty-path reference), but for the "/." of the double-slash policy.
func TestResolveHasNoDotSegments(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base := rsGenURI(rsSegPool).Draw(t, "base")
		ref := rsGenRef(rsSegPool).Draw(t, "ref")
		u, err := base.Resolve(ref)
		if err != nil {
			t.Fatal(err)
		}
		if ref.Path() == "" && ref.IsRelative() && !ref.HasAuthority() {
			return
		}
		p := u.Path()
		if !u.HasAuthority() && strings.HasPrefix(p, "/.//") {
			p = p[2:]
		}
		if RemoveDotSegments(p) != p {
			t.Fatalf("%q + %q = %q: path has dot segments", base, ref, u)
		}
		if u.IsRelative() {
			t.Fatalf("%q + %q = %q: relative", base, ref, u)
		}
	})
}

// TestResolveAbsoluteIgnoresBase: a reference with a scheme resolves to
// itself with its dot segments removed (and the double-slash policy),
// whatever the base.
func TestResolveAbsoluteIgnoresBase(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base := rsGenURI(rsSegPool).Draw(t, "base")
		ref := rsGenURI(rsSegPool).Draw(t, "ref")
		u, err := base.Resolve(ref)
		if err != nil {
			t.Fatal(err)
		}
		if want := rsWithoutDotSegments(ref); u.String() != want {
			t.Fatalf("%q + %q = %q, want %q", base, ref, u, want)
		}
	})
}

// rsWithoutDotSegments is u's text with rdsLiteral on its path (and "/." in
// front of a path that would start with "//" without an authority).
func rsWithoutDotSegments(u URI) string {
	p := u.parts()
	p.path = rdsLiteral(p.path)
	if !p.hasAuthority && strings.HasPrefix(p.path, "//") {
		p.path = "/." + p.path
	}
	return p.String()
}

// TestResolveEmptyRef: "" resolves to the base without its fragment.
func TestResolveEmptyRef(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base := rsGenURI(rsSegPool).Draw(t, "base")
		u, err := base.Resolve(URI{})
		if err != nil {
			t.Fatal(err)
		}
		want, _, _ := strings.Cut(base.String(), "#")
		if u.String() != want {
			t.Fatalf("%q + \"\" = %q, want %q", base, u, want)
		}
	})
}

// TestResolveKeepsNoRoom: a result much shorter than the room Resolve
// wrote it in (dot segments removed: §5.4.2's surplus ".." dropped) gets a
// text of its own size, so that a short URI does not keep a long
// reference's bytes alive; an ordinary one is written in place, once, or
// on the stack and copied, once.
func TestResolveKeepsNoRoom(t *testing.T) {
	base := MustParse("http://a/b")
	for _, tt := range []struct {
		ref, want string
		allocs    float64
	}{
		{"../g", "http://a/g", 1},
		{strings.Repeat("../", 30) + "g", "http://a/g", 1}, // written on the stack, then copied
		{strings.Repeat("x/../", 200) + "g", "http://a/g", 2},
		// At the bounds, with more room than resolveStack: the room is
		// "http://a/" and the reference, 9 bytes more, and the dot segments
		// remove 3 bytes a "../" and 2 a "./": 64 bytes of room left over
		// (not more than 64) beside a result of 65 bytes, and 65 beside 64;
		// 66 left over beside results of 66 bytes (not more than half) and
		// 65.
		{strings.Repeat("../", 20) + "././" + strings.Repeat("g", 56), "http://a/" + strings.Repeat("g", 56), 1},
		{strings.Repeat("../", 21) + "./" + strings.Repeat("g", 55), "http://a/" + strings.Repeat("g", 55), 2},
		{strings.Repeat("../", 22) + strings.Repeat("g", 57), "http://a/" + strings.Repeat("g", 57), 1},
		{strings.Repeat("../", 22) + strings.Repeat("g", 56), "http://a/" + strings.Repeat("g", 56), 2},
	} {
		ref := MustParseReference(tt.ref)
		got, err := base.Resolve(ref)
		if err != nil || got.String() != tt.want {
			t.Errorf("Resolve(%.20q...) = %q, %v; want %q", tt.ref, got, err, tt.want)
			continue
		}
		if n := testing.AllocsPerRun(20, func() { _, _ = base.Resolve(ref) }); n != tt.allocs {
			t.Errorf("Resolve(%.20q...): %v allocations, want %v", tt.ref, n, tt.allocs)
		}
	}

	// Eight results of a 3 MiB reference keep about their own 80 bytes.
	ref := MustParseReference(strings.Repeat("../", 1<<20) + "g")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	kept := make([]URI, 8)
	for i := range kept {
		kept[i], _ = base.Resolve(ref)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 1<<20 {
		t.Errorf("8 results of %q kept %d bytes of heap, want well under 1 MiB", kept[0], grew)
	}
	runtime.KeepAlive(kept)
	runtime.KeepAlive(ref)
}

// TestResolveSharesBaseText: a target that is the base's text up to some
// point (the examples of RFC 3986 §5.4.1 whose target is a prefix of
// "http://a/b/c/d;p?q", and the base's own path and query written out) is
// that text, with no allocation; the others are one. Each result is the
// URI its text parses to.
func TestResolveSharesBaseText(t *testing.T) {
	base := MustParse(rsRFCBase)
	for _, tt := range []struct {
		ref, want string
		shared    bool
	}{
		{".", "http://a/b/c/", true},
		{"./", "http://a/b/c/", true},
		{"..", "http://a/b/", true},
		{"../", "http://a/b/", true},
		{"../..", "http://a/", true},
		{"/", "http://a/", true},
		{"d;p?q", "http://a/b/c/d;p?q", true},
		{"../c/d;p", "http://a/b/c/d;p", true},
		{"g", "http://a/b/c/g", false},
		{"?y", "http://a/b/c/d;p?y", false},
		{"#s", "http://a/b/c/d;p?q#s", false},
		{"d;p?q#s", "http://a/b/c/d;p?q#s", false},
		{"//a/b/c", "http://a/b/c", false}, // the scheme comes from the base, the rest from the reference
	} {
		got, err := base.Resolve(MustParseReference(tt.ref))
		if err != nil || got.String() != tt.want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", tt.ref, got, err, tt.want)
			continue
		}
		if got != MustParseReference(tt.want) {
			t.Errorf("Resolve(%q) = %#v, its text parses to %#v", tt.ref, got, MustParseReference(tt.want))
		}
		if shared := unsafe.StringData(got.String()) == unsafe.StringData(base.String()); shared != tt.shared {
			t.Errorf("Resolve(%q): shares the base's text: %v, want %v", tt.ref, shared, tt.shared)
		}
		want := 1.0
		if tt.shared {
			want = 0
		}
		ref := MustParseReference(tt.ref)
		if n := testing.AllocsPerRun(20, func() { _, _ = base.Resolve(ref) }); n != want {
			t.Errorf("Resolve(%q): %v allocations, want %v", tt.ref, n, want)
		}
	}
}

// TestResolveDoubleSlashFitsItsRoom: the "/." of the double-slash policy
// fits in the room Resolve allocates for the pieces it joins, without room
// of its own: when a path without an authority starts with "//" after dot
// removal, §5.2.4 removed two bytes or more (resolveJoin says why). The
// results were worked by hand: "s:a/b" + "..//g" merges to "a/..//g"
// (§5.2.3), rule C makes it "//g" (§5.2.4); the others as in
// TestResolveExamples' double-slash rows. Then every reference path of up to
// six bytes of ".", "/" and "g" against four bases: each result that gets
// the "/." is one allocation.
func TestResolveDoubleSlashFitsItsRoom(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		{"s:/a", ".//g", "s:/.//g"},
		{"s:/a", "s:/.//g", "s:/.//g"},
		{"s:a/b", "..//g?q#f", "s:/.//g?q#f"},
		{"s:/a/b", "../..//", "s:/.//"},
	} {
		base := MustParse(tt.base)
		// Text added at the end of the reference ends the result too. A
		// query longer than resolveStack makes resolveJoin write in the
		// room it allocates: one allocation. Shorter, the result is copied
		// from its stack, or is the reference's text: one at most.
		for _, q := range []string{"", "?" + strings.Repeat("q", resolveStack)} {
			ref := MustParseReference(tt.ref + q)
			if got, err := base.Resolve(ref); err != nil || got.String() != tt.want+q {
				t.Errorf("%q.Resolve(%q) = %q, %v; want %q", tt.base, ref, got, err, tt.want+q)
			}
			if n := testing.AllocsPerRun(20, func() { _, _ = base.Resolve(ref) }); n > 1 || q != "" && n != 1 {
				t.Errorf("%q.Resolve(%q): %v allocations, want 1", tt.base, ref, n)
			}
		}
	}
	fixed := 0
	for _, b := range []string{"s:", "s:/", "s:/a/", "s:a/b"} {
		base := MustParse(b)
		for n := 1; n <= 6; n++ {
			for code := 0; code < pow3(n); code++ {
				p := make([]byte, n)
				for i, c := 0, code; i < n; i, c = i+1, c/3 {
					p[i] = "./g"[c%3]
				}
				ref, err := ParseReference(string(p))
				if err != nil || ref.HasAuthority() {
					continue // "//..." is a network-path reference
				}
				got, err := base.Resolve(ref)
				if err != nil || !strings.HasPrefix(got.Path(), "/.//") {
					continue
				}
				fixed++
				long := MustParseReference(string(p) + "?" + strings.Repeat("q", resolveStack))
				if a := testing.AllocsPerRun(2, func() { _, _ = base.Resolve(long) }); a != 1 {
					t.Errorf("%q.Resolve(%q) = %q: %v allocations, want 1", b, long, got, a)
				}
			}
		}
	}
	if fixed < 50 {
		t.Errorf("%d results got the double-slash policy's \"/.\", want at least 50", fixed)
	}
}

func pow3(n int) int {
	r := 1
	for range n {
		r *= 3
	}
	return r
}

// TestResolveDoubleSlashExactly: a target path that is exactly "//" without
// an authority gets "/." in front too (Resolve's double-slash policy): "s:/"
// + ".//" merges to "/.//" (§5.2.3), which RemoveDotSegments makes "//"
// (§5.2.4, rule B), whose text "s://" would read as an empty authority.
func TestResolveDoubleSlashExactly(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		{"s:/", ".//", "s:/.//"},
		{"s:/a/b", ".././/", "s:/.//"},
		{"s:/", "/.//", "s:/.//"},
		{"s:/x", ".//g/h?q#f", "s:/.//g/h?q#f"},
		{"s://h/", ".//", "s://h//"}, // with an authority the path stays
	} {
		got, err := MustParse(tt.base).Resolve(MustParseReference(tt.ref))
		if err != nil || got.String() != tt.want {
			t.Errorf("%q.Resolve(%q) = %q, %v; want %q", tt.base, tt.ref, got, err, tt.want)
		}
		if got.HasAuthority() != MustParse(tt.base).HasAuthority() {
			t.Errorf("%q.Resolve(%q) = %q: authority %v", tt.base, tt.ref, got, got.HasAuthority())
		}
	}
}

// TestResolveErrorNamesTheOp: Relativize's error says "target", Resolve's
// "reference".
func TestResolveErrorNamesTheOp(t *testing.T) {
	_, err := MustParseReference("a").Relativize(MustParse("s:b"))
	if want := `uri: cannot relativize target "s:b" against "a": the base is a relative reference; a base URI needs a scheme (RFC 3986 §5.2.1)`; err == nil || err.Error() != want {
		t.Errorf("Relativize error %v, want %s", err, want)
	}
	_, err = MustParseReference("a").Resolve(MustParseReference("b"))
	if want := `uri: cannot resolve reference "b" against "a": the base is a relative reference; a base URI needs a scheme (RFC 3986 §5.2.1)`; err == nil || err.Error() != want {
		t.Errorf("Resolve error %v, want %s", err, want)
	}
}

// TestResolveAllocations pins what Resolve's doc promises: it allocates the
// text of the result once, however long (its room is worked out before it is
// written; TestResolveKeepsNoRoom has the one exception, a result that dot
// segments shortened by more than half). The results are worked by §5.2.2 and
// §5.2.3: a merge after the base's last "/", an authority from the reference
// (in the non-strict variant a reference with the base's scheme counts as
// without one).
func TestResolveAllocations(t *testing.T) {
	rep := strings.Repeat
	for _, tt := range []struct {
		name, base, ref, want string
		nonStrict             bool
		allocs                float64
	}{
		{"short merge, long tail", "http://h/" + rep("b", 60) + "/x", rep("r", 80) + "?" + rep("q", 80),
			"http://h/" + rep("b", 60) + "/" + rep("r", 80) + "?" + rep("q", 80), false, 1},
		{"merge of 253 bytes", "http://h/x", rep("r", 244), "http://h/" + rep("r", 244), false, 1},
		{"authority of 250 bytes", "http://a/", "HTTP://h/" + rep("p", 241), "http://h/" + rep("p", 241), true, 1},
		{"authority of 254 bytes", "http://a/", "//h/" + rep("p", 245), "http://h/" + rep("p", 245), false, 1},
		{"authority of 255 bytes", "http://a/", "//h/" + rep("p", 246), "http://h/" + rep("p", 246), false, 1},
		{"long merge", "http://h/" + rep("b", 300) + "/x", rep("r", 300) + "?" + rep("q", 400),
			"http://h/" + rep("b", 300) + "/" + rep("r", 300) + "?" + rep("q", 400), false, 1},
	} {
		base, ref := MustParse(tt.base), MustParseReference(tt.ref)
		got, err := base.ResolveWith(ref, ResolveOptions{NonStrict: tt.nonStrict})
		if err != nil || got.String() != tt.want {
			t.Errorf("%s: Resolve = %q, %v; want %q", tt.name, got, err, tt.want)
			continue
		}
		if n := testing.AllocsPerRun(50, func() { _, _ = base.ResolveWith(ref, ResolveOptions{NonStrict: tt.nonStrict}) }); n != tt.allocs {
			t.Errorf("%s: %d bytes: %v allocations, want %v", tt.name, len(tt.want), n, tt.allocs)
		}
	}
}

// TestResolveSpansAsParsed: Resolve writes the spans of its result's
// components without a parse; they must be those a parse of its text finds
// (the same URI value), when the base brings the components up to its path or
// its query and the reference brings nothing or only a fragment (§5.2.2: T
// takes Base.path and Base.query, not Base.fragment).
func TestResolveSpansAsParsed(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		{"http://a/b?q#f", "", "http://a/b?q"},
		{"http://a/b#f", "", "http://a/b"},
		{"http://a/b?q#f", "#g", "http://a/b?q#g"},
		{"http://a/b#f", "#g", "http://a/b#g"},
		{"http://a/b?q#f", "?", "http://a/b?"},
		{"s:b#f", "", "s:b"},
		{"http://a/b?q#f", "//h", "http://h"},
		{"s:a#f", "//h?x", "s://h?x"},
	} {
		got, err := MustParse(tt.base).Resolve(MustParseReference(tt.ref))
		if err != nil || got.String() != tt.want {
			t.Errorf("%q.Resolve(%q) = %q, %v; want %q", tt.base, tt.ref, got, err, tt.want)
			continue
		}
		// URI.Equal compares the text only: compare the spans and the host kind.
		p := MustParseReference(tt.want)
		if d := cmp.Diff(p.sp, got.sp, cmp.AllowUnexported(span{})); d != "" || p.host != got.host {
			t.Errorf("%q.Resolve(%q): spans not those of a parse (-parse +got):\n%s\nhost kind %v, parse %v", tt.base, tt.ref, d, got.host, p.host)
		}
	}
}

// TestResolveDotSegmentsOnlyInTheReference: with a base directory free of dot
// segments, RemoveDotSegments must start where the reference's first dot
// segment lies in the merged path (§5.2.3, then §5.2.4), not at its offset in
// the reference: a base segment such as "a.." is a name, not a "..".
func TestResolveDotSegmentsOnlyInTheReference(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		{"http://h/a../b", "x/../y", "http://h/a../y"},
		{"http://h/a./b", "x/./y", "http://h/a./x/y"},
		{"http://h/p/q/r", "g/..", "http://h/p/q/"},
		{"http://h/.a/b", "../g", "http://h/g"},
	} {
		got, err := MustParse(tt.base).Resolve(MustParseReference(tt.ref))
		if err != nil || got.String() != tt.want {
			t.Errorf("%q.Resolve(%q) = %q, %v; want %q", tt.base, tt.ref, got, err, tt.want)
		}
	}
}

var resolveSink URI

// TestResolveSizesItsText: Resolve's one allocation holds the result's text
// and only the room removing dot segments needs. "#f" against "http://a/bc?q"
// is "http://a/bc?q#f" (§5.2.2: the base's path and query, the reference's
// fragment), 15 bytes; "http://a/./b" against "http://x/" in the non-strict
// variant (§5.2.2: the reference's scheme, the base's, is left out and its
// authority taken) is "http://a/b" (§5.2.4: "./" removed), 10 bytes and 5 of
// room for the path: both the allocator's 16-byte class.
func TestResolveSizesItsText(t *testing.T) {
	for _, tt := range []struct {
		base, ref, want string
		opts            ResolveOptions
	}{
		{"http://a/bc?q", "#f", "http://a/bc?q#f", ResolveOptions{}},
		{"http://x/", "http://a/./b", "http://a/b", ResolveOptions{NonStrict: true}},
	} {
		base, ref := MustParse(tt.base), MustParseReference(tt.ref)
		if got, _ := base.ResolveWith(ref, tt.opts); got.String() != tt.want {
			t.Errorf("Resolve(%q, %q) = %q, want %q", tt.base, tt.ref, got, tt.want)
			continue
		}
		// The least of three counts, so that what another goroutine
		// allocates meanwhile (the runtime's, the test runner's) is left out.
		const runs = 2000
		per := math.Inf(1)
		for range 3 {
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			for range runs {
				resolveSink, _ = base.ResolveWith(ref, tt.opts)
			}
			runtime.ReadMemStats(&m1)
			per = min(per, float64(m1.TotalAlloc-m0.TotalAlloc)/runs)
		}
		if per > 20 {
			t.Errorf("Resolve(%q, %q) allocated %.1f bytes per call, want 16", tt.base, tt.ref, per)
		}
	}
}

// TestResolveString checks the examples of RFC 3986 §5.4.1 and §5.4.2
// through ResolveString.
func TestResolveString(t *testing.T) {
	base := MustParse(ruletest.Base)
	for _, tc := range append(append([]ruletest.Resolution(nil), ruletest.Normal...), ruletest.Abnormal...) {
		got, err := base.ResolveString(tc.Ref)
		if err != nil || got.String() != tc.Target {
			t.Errorf("ResolveString(%q) = %q, %v; want %q", tc.Ref, got, err, tc.Target)
		}
	}
	_, err := base.ResolveString("g h")
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Offset != 1 {
		t.Errorf(`ResolveString("g h") error %v; want a *ParseError at offset 1`, err)
	}
	_, err = MustParseReference("/rel").ResolveString("g")
	var re *ResolveError
	if !errors.As(err, &re) {
		t.Errorf("ResolveString against a relative base: error %v; want a *ResolveError", err)
	}
}
