package uri_test

import (
	"errors"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/properties"
	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

// TestJoinPath checks the reverse-proxy join and the dot segments of
// RFC 3986 §5.2.4 (with §5.4.2's surplus "..": dropped), read as the WHATWG
// URL Standard reads encoded dots ("%2e" is ".").
func TestJoinPath(t *testing.T) {
	tests := []struct{ base, p, want string }{
		{"http://backend/api/", "/v1/users/a%2Fb", "http://backend/api/v1/users/a%2Fb"},
		{"http://backend/api", "/v1/users/a%2Fb", "http://backend/api/v1/users/a%2Fb"},
		{"http://backend/api/", "v1/x", "http://backend/api/v1/x"},
		{"http://backend", "/v1", "http://backend/v1"},
		{"http://backend", "", "http://backend/"},
		{"http://backend/api", "", "http://backend/api/"},
		{"http://backend/api/", "/", "http://backend/api/"},
		{"http://backend/api/", "/v1/", "http://backend/api/v1/"},
		{"http://backend/api/", "//x//y", "http://backend/api//x//y"},
		// ".." never climbs out of /api/.
		{"http://backend/api/", "/../../etc/passwd", "http://backend/api/etc/passwd"},
		{"http://backend/api/", "/a/../../b", "http://backend/api/b"},
		{"http://backend/api/", "/a/b/..", "http://backend/api/a/"},
		{"http://backend/api/", "/a/./b/.", "http://backend/api/a/b/"},
		{"http://backend/api/", "/..", "http://backend/api/"},
		{"http://backend/api/", "/%2e%2E/%2e/x", "http://backend/api/x"},
		{"http://backend/api/", "/.%2e/x/%2E.", "http://backend/api/"},
		{"http://backend/api/", "/..%2F../x", "http://backend/api/..%2F../x"}, // one segment, not a dot segment
		{"http://backend/api/", "/...", "http://backend/api/..."},
		{"http://backend/api/", "/a.b/..c", "http://backend/api/a.b/..c"},
		// Queries.
		{"http://backend/api/", "/v1?x=1", "http://backend/api/v1?x=1"},
		{"http://backend/api/?key=k", "/v1?x=1", "http://backend/api/v1?key=k&x=1"},
		{"http://backend/api/?key=k", "/v1", "http://backend/api/v1?key=k"},
		{"http://backend/api/?", "/v1?x", "http://backend/api/v1?x"},
		{"http://backend/api/?a", "/v1?", "http://backend/api/v1?a"},
		{"http://backend/api/#f", "/v1", "http://backend/api/v1#f"},
		// Keeps the rest of the base, byte for byte.
		{"HTTP://u@[::1]:8080/api/", "/x", "HTTP://u@[::1]:8080/api/x"},
		// No authority: a path that would start with "//" keeps "/." (Resolve's policy).
		{"s:", "//x", "s:/.//x"},
		{"s:a", "b", "s:a/b"},
	}
	for _, tt := range tests {
		got, err := uri.MustParseReference(tt.base).JoinPath(tt.p)
		if tt.p == "" {
			if g2, err2 := uri.MustParseReference(tt.base).JoinPath(); g2 != got || (err2 == nil) != (err == nil) {
				t.Errorf("%q.JoinPath() = %q, %v; JoinPath(\"\") = %q, %v", tt.base, g2, err2, got, err)
			}
		}
		if err != nil {
			t.Errorf("%q.JoinPath(%q): %v", tt.base, tt.p, err)
			continue
		}
		if got.String() != tt.want {
			t.Errorf("%q.JoinPath(%q) = %q, want %q", tt.base, tt.p, got, tt.want)
		}
	}
}

// TestJoinPathElements joins several elements as net/url's JoinPath takes
// them: one "/" between two.
func TestJoinPathElements(t *testing.T) {
	base := uri.MustParse("https://api.example.com/v1")
	tests := []struct {
		elem []string
		want string
	}{
		{[]string{"users", "42"}, "https://api.example.com/v1/users/42"},
		{[]string{"users/", "/42"}, "https://api.example.com/v1/users/42"},
		{[]string{"/users/", "42/"}, "https://api.example.com/v1/users/42/"},
		{[]string{"users", "a%2Fb", "..", "c?x=1"}, "https://api.example.com/v1/users/c?x=1"},
		{[]string{"..", "..", "admin"}, "https://api.example.com/v1/admin"},
		{[]string{"a//b", "c"}, "https://api.example.com/v1/a//b/c"},
		{[]string{"", "x"}, "https://api.example.com/v1/x"},
	}
	for _, tt := range tests {
		got, err := base.JoinPath(tt.elem...)
		if err != nil || got.String() != tt.want {
			t.Errorf("JoinPath(%q) = %q, %v; want %q", tt.elem, got, err, tt.want)
		}
	}
	var pe *uri.ParseError
	if _, err := base.JoinPath("a?x", "b"); !errors.As(err, &pe) || pe.Input != "a?x" || pe.Offset != 1 {
		t.Errorf(`JoinPath("a?x", "b") = %v; want a *ParseError at 1 of "a?x"`, err)
	}
	if _, err := base.JoinPath("a", "b c"); !errors.As(err, &pe) || pe.Input != "b c" || pe.Offset != 1 {
		t.Errorf(`JoinPath("a", "b c") = %v; want a *ParseError at 1 of "b c"`, err)
	}
}

func TestJoinPathRefuses(t *testing.T) {
	tests := []struct {
		p         string
		offset    int
		component string
	}{
		{"/a b", 2, "path"},
		{"/a#b", 2, "path"},
		{"/a?b#c", 4, "query"},
		{"/%zz", 1, "path"},
		{"/%", 1, "path"},
		{"/a\\b", 2, "path"},
		{"/ü", 1, "path"},
		{"/a?b c", 4, "query"},
	}
	base := uri.MustParse("http://backend/api/")
	for _, tt := range tests {
		_, err := base.JoinPath(tt.p)
		var pe *uri.ParseError
		if !errors.As(err, &pe) || pe.Offset != tt.offset || pe.Component != tt.component || pe.Input != tt.p {
			t.Errorf("JoinPath(%q) = %v; want a *ParseError at %d in %s", tt.p, err, tt.offset, tt.component)
		}
	}
}

// httputilJoin is what net/http/httputil's ReverseProxy makes of target and
// a request for p: its path and query.
func httputilJoin(t *rapid.T, target, p string) string {
	tu, err := url.Parse(target)
	if err != nil {
		t.Fatalf("url.Parse(%q): %v", target, err)
	}
	in, err := http.NewRequest("GET", "http://front"+p, nil)
	if err != nil {
		t.Skip("net/http refuses", p)
	}
	pr := &httputil.ProxyRequest{In: in, Out: in.Clone(in.Context())}
	pr.SetURL(tu)
	s := pr.Out.URL.EscapedPath()
	if pr.Out.URL.RawQuery != "" || pr.Out.URL.ForceQuery {
		s += "?" + pr.Out.URL.RawQuery
	}
	return s
}

// TestPropertyJoinPath checks, on generated paths and queries, that the
// join stays under the base however many ".." it holds, that it keeps every
// byte of a path without dot segments, and that it then agrees with
// net/http/httputil's ReverseProxy.
func TestPropertyJoinPath(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		basePath := rapid.SampledFrom([]string{"", "/", "/api", "/api/", "/a/b/"}).Draw(t, "basePath")
		p := rapid.OneOf(properties.PathAbsolute(), properties.PathAbempty(), properties.PathRootless()).Draw(t, "p")
		if rapid.Bool().Draw(t, "query") {
			p += "?" + properties.Query().Draw(t, "q")
		}
		base := uri.MustParse("http://backend" + basePath)
		got, err := base.JoinPath(p)
		if err != nil {
			t.Fatalf("JoinPath(%q): %v", p, err)
		}
		if got.Host() != "backend" || !got.SchemeIs("http") {
			t.Fatalf("JoinPath(%q) = %q: left the backend", p, got)
		}
		under := strings.TrimSuffix(basePath, "/") + "/"
		if resolved := uri.RemoveDotSegments(got.Path()); !strings.HasPrefix(resolved+"/", under) {
			t.Fatalf("JoinPath(%q) = %q: its path resolves to %q, outside %q", p, got, resolved, under)
		}
		path, _, _ := strings.Cut(p, "?")
		dots := false
		for _, seg := range strings.Split(path, "/") {
			if d, _ := uri.PercentDecode(seg); d == "." || d == ".." {
				dots = true
			}
		}
		if dots {
			return
		}
		want := httputilJoin(t, "http://backend"+basePath, "/"+strings.TrimPrefix(p, "/"))
		if tail := got.String()[len("http://backend"):]; tail != want {
			t.Fatalf("JoinPath(%q) = %q; httputil: %q", p, tail, want)
		}
	})
}

// FuzzJoinPath checks that JoinPath never panics, stays under the base, and
// fails only with a *ParseError into p.
func FuzzJoinPath(f *testing.F) {
	for _, s := range []string{"/v1/users/a%2Fb", "/../../etc", "/%2e%2e/x", "?", "/a?b#c", "//x", "", "..", "/.%2E"} {
		f.Add("http://backend/api/", s)
	}
	f.Add("s:", "//x")
	f.Fuzz(func(t *testing.T, base, p string) {
		b, err := uri.ParseReference(base)
		if err != nil {
			return
		}
		got, err := b.JoinPath(p)
		if err != nil {
			var pe *uri.ParseError
			if !errors.As(err, &pe) || pe.Input != p || pe.Offset < 0 || pe.Offset >= len(p) {
				t.Fatalf("JoinPath(%q): %#v", p, err)
			}
			return
		}
		if v, err := uri.ParseReference(got.String()); err != nil || v != got {
			t.Fatalf("JoinPath(%q) = %q, which does not parse back: %v", p, got, err)
		}
		if got.Scheme() != b.Scheme() || got.Authority() != b.Authority() || got.HasAuthority() != b.HasAuthority() {
			t.Fatalf("JoinPath(%q) = %q: changed the base %q", p, got, b)
		}
		under := strings.TrimSuffix(b.Path(), "/") + "/"
		gp := got.Path()
		if !got.HasAuthority() && strings.HasPrefix(gp, "/.//") && !strings.HasPrefix(b.Path(), "/.//") {
			gp = gp[2:] // the double-slash policy
		}
		if !strings.HasPrefix(gp+"/", under) {
			t.Fatalf("JoinPath(%q) = %q: outside %q", p, got, under)
		}
	})
}
