package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/uri"
)

type targetParts struct {
	Form                     uri.TargetForm
	String                   string
	Scheme, Host, Port, Path string
	HasAuthority, HasQuery   bool
	Query                    string
}

func partsOf(u uri.URI, f uri.TargetForm) targetParts {
	return targetParts{f, u.String(), u.Scheme(), u.Host(), u.Port(), u.Path(), u.HasAuthority(), u.HasQuery(), u.Query()}
}

// TestParseRequestTarget checks the examples of RFC 9112 §3.2.1 to §3.2.4,
// and the issue's: an origin-form path that starts with "//" stays a path,
// "example.com:443" under CONNECT is a host and a port.
func TestParseRequestTarget(t *testing.T) {
	tests := []struct {
		method, target string
		want           targetParts
	}{
		// RFC 9112 §3.2.1: GET /where?q=now HTTP/1.1
		{"GET", "/where?q=now", targetParts{Form: uri.OriginForm, String: "/where?q=now", Path: "/where", HasQuery: true, Query: "q=now"}},
		{"GET", "/", targetParts{Form: uri.OriginForm, String: "/", Path: "/"}},
		{"GET", "/pub/WWW/TheProject.html", targetParts{Form: uri.OriginForm, String: "/pub/WWW/TheProject.html", Path: "/pub/WWW/TheProject.html"}},
		// §3.2.2: GET http://www.example.org/pub/WWW/TheProject.html HTTP/1.1
		{"GET", "http://www.example.org/pub/WWW/TheProject.html", targetParts{Form: uri.AbsoluteForm,
			String: "http://www.example.org/pub/WWW/TheProject.html", Scheme: "http", Host: "www.example.org",
			Path: "/pub/WWW/TheProject.html", HasAuthority: true}},
		// §3.2.3: CONNECT www.example.com:80 HTTP/1.1
		{"CONNECT", "www.example.com:80", targetParts{Form: uri.AuthorityForm, String: "//www.example.com:80",
			Host: "www.example.com", Port: "80", HasAuthority: true}},
		{"CONNECT", "[2001:db8::1]:443", targetParts{Form: uri.AuthorityForm, String: "//[2001:db8::1]:443",
			Host: "[2001:db8::1]", Port: "443", HasAuthority: true}},
		{"CONNECT", "192.0.2.1:8443", targetParts{Form: uri.AuthorityForm, String: "//192.0.2.1:8443",
			Host: "192.0.2.1", Port: "8443", HasAuthority: true}},
		// §3.2.4: OPTIONS * HTTP/1.1, and OPTIONS http://www.example.org:8001 HTTP/1.1
		{"OPTIONS", "*", targetParts{Form: uri.AsteriskForm, String: "*", Path: "*"}},
		{"OPTIONS", "http://www.example.org:8001", targetParts{Form: uri.AbsoluteForm,
			String: "http://www.example.org:8001", Scheme: "http", Host: "www.example.org", Port: "8001", HasAuthority: true}},
		{"OPTIONS", "/x", targetParts{Form: uri.OriginForm, String: "/x", Path: "/x"}},
		// The issue: "//" starts a path in origin-form.
		{"GET", "//evil.example/x?y", targetParts{Form: uri.OriginForm, String: "//evil.example/x?y",
			Path: "//evil.example/x", HasQuery: true, Query: "y"}},
		{"GET", "//", targetParts{Form: uri.OriginForm, String: "//", Path: "//"}},
		{"GET", "///a//b?", targetParts{Form: uri.OriginForm, String: "///a//b?", Path: "///a//b", HasQuery: true}},
		// The method unknown: the text decides.
		{"", "example.com:443", targetParts{Form: uri.AuthorityForm, String: "//example.com:443",
			Host: "example.com", Port: "443", HasAuthority: true}},
		{"", "[::1]:1", targetParts{Form: uri.AuthorityForm, String: "//[::1]:1", Host: "[::1]", Port: "1", HasAuthority: true}},
		{"", "*", targetParts{Form: uri.AsteriskForm, String: "*", Path: "*"}},
		{"", "//a?b", targetParts{Form: uri.OriginForm, String: "//a?b", Path: "//a", HasQuery: true, Query: "b"}},
		{"", "urn:isbn:0451450523", targetParts{Form: uri.AbsoluteForm, String: "urn:isbn:0451450523", Scheme: "urn", Path: "isbn:0451450523"}},
		{"", "http://h", targetParts{Form: uri.AbsoluteForm, String: "http://h", Scheme: "http", Host: "h", HasAuthority: true}},
		{"", "example.com:", targetParts{Form: uri.AbsoluteForm, String: "example.com:", Scheme: "example.com"}},
		// Any other method: "host:port" is an absolute-URI there (§3.2.2).
		{"GET", "example.com:443", targetParts{Form: uri.AbsoluteForm, String: "example.com:443", Scheme: "example.com", Path: "443"}},
	}
	for _, tt := range tests {
		u, f, err := uri.ParseRequestTarget(tt.method, tt.target)
		if err != nil {
			t.Errorf("ParseRequestTarget(%q, %q): %v", tt.method, tt.target, err)
			continue
		}
		if diff := cmp.Diff(tt.want, partsOf(u, f)); diff != "" {
			t.Errorf("ParseRequestTarget(%q, %q) (-want +got):\n%s", tt.method, tt.target, diff)
		}
	}
}

func TestParseRequestTargetRefuses(t *testing.T) {
	tests := []struct {
		method, target string
		offset         int
		rule, hint     string
	}{
		{"GET", "/p#f", 2, "origin-form", "no fragment"},
		{"GET", "/a b", 2, "relative-ref", "space"},
		{"GET", "//a b", 3, "relative-ref", "space"},
		{"GET", "/%zz", 2, "relative-ref", "%25"},
		{"GET", "*", 0, "request-target", "OPTIONS"},
		{"GET", "", 0, "request-target", `"/"`},
		{"OPTIONS", "", 0, "request-target", `"/"`},
		{"GET", "http://h/#f", 9, "absolute-URI", ""},
		{"GET", "a b", 1, "absolute-URI", ""},
		{"CONNECT", "u:pw@h:1", 4, "authority-form", "no userinfo"},
		{"CONNECT", "h", 1, "authority-form", "port is missing"},
		{"CONNECT", "h:", 2, "authority-form", "port is empty"},
		{"CONNECT", ":1", 0, "authority-form", "host is missing"},
		{"CONNECT", "h:1/x", 3, "authority-form", "CONNECT"},
		{"CONNECT", "http://h:1/", 5, "authority-form", "CONNECT"}, // "http:" then "/"
		{"CONNECT", "/x", 0, "authority-form", "CONNECT"},
		{"CONNECT", "*", 1, "authority-form", "port is missing"}, // "*" is a reg-name
		{"CONNECT", "h :1", 1, "authority-form", "CONNECT"},
		{"CONNECT", "[::1:1", 6, "authority-form", "CONNECT"},
	}
	for _, tt := range tests {
		u, _, err := uri.ParseRequestTarget(tt.method, tt.target)
		var pe *uri.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseRequestTarget(%q, %q) = %q, %v; want a *ParseError", tt.method, tt.target, u, err)
			continue
		}
		if pe.Input != tt.target || pe.Offset != tt.offset || pe.Rule != tt.rule || !strings.Contains(pe.Error(), tt.hint) {
			t.Errorf("ParseRequestTarget(%q, %q): %q at %d (%s); want %q at %d containing %q",
				tt.method, tt.target, pe.Rule, pe.Offset, err, tt.rule, tt.offset, tt.hint)
		}
		if !errors.Is(err, uri.ErrInvalid) || u != (uri.URI{}) {
			t.Errorf("ParseRequestTarget(%q, %q): %q, %v", tt.method, tt.target, u, err)
		}
	}
}

// TestRequestTargetResolves checks the proxy's use: an origin-form target
// resolved against the upstream keeps its path, "//" included (RFC 3986
// §5.2.2: a reference without authority takes the base's).
func TestRequestTargetResolves(t *testing.T) {
	upstream := uri.MustParse("http://backend:8080")
	for _, tt := range []struct{ target, want string }{
		{"//evil.example/x?y", "http://backend:8080//evil.example/x?y"},
		{"/a/b?c", "http://backend:8080/a/b?c"},
		{"/a/../../b", "http://backend:8080/b"},
	} {
		u, _, err := uri.ParseRequestTarget("GET", tt.target)
		if err != nil {
			t.Fatal(err)
		}
		got, err := upstream.Resolve(u)
		if err != nil || got.String() != tt.want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", tt.target, got, err, tt.want)
		}
		if !got.SchemeIs("http") || got.Host() != "backend" {
			t.Errorf("Resolve(%q) left the upstream: %q", tt.target, got)
		}
	}
}

// FuzzParseRequestTarget checks that ParseRequestTarget never panics, that an
// error is a *ParseError into the target, and that what it returns holds the
// target's bytes in the form's components and works with the rest of the
// package (no method panics; Resolve against an origin keeps its host).
func FuzzParseRequestTarget(f *testing.F) {
	for _, s := range []string{"/where?q=now", "//evil.example/x?y", "*", "www.example.com:80", "[::1]:443",
		"http://www.example.org:8001", "", "/p#f", "u@h:1", "//", "///a?#"} {
		for _, m := range []string{"GET", "CONNECT", "OPTIONS", ""} {
			f.Add(m, s)
		}
	}
	origin := uri.MustParse("http://o:1/b/")
	f.Fuzz(func(t *testing.T, method, target string) {
		u, form, err := uri.ParseRequestTarget(method, target)
		if err != nil {
			var pe *uri.ParseError
			if !errors.As(err, &pe) || pe.Input != target || pe.Offset < 0 || pe.Offset > len(target) {
				t.Fatalf("ParseRequestTarget(%q, %q): error %#v", method, target, err)
			}
			_ = err.Error()
			return
		}
		switch form {
		case uri.OriginForm:
			if u.String() != target || u.HasAuthority() || u.HasFragment() || !strings.HasPrefix(u.Path(), "/") {
				t.Fatalf("origin-form %q: %q path %q", target, u, u.Path())
			}
			if rest := u.Path(); u.HasQuery() {
				rest += "?" + u.Query()
				if rest != target {
					t.Fatalf("origin-form %q: path %q and query %q", target, u.Path(), u.Query())
				}
			}
		case uri.AuthorityForm:
			if u.String() != "//"+target || u.Port() == "" || u.HasUserInfo() || u.Path() != "" {
				t.Fatalf("authority-form %q: %q", target, u)
			}
		case uri.AbsoluteForm:
			if v, err := uri.ParseAbsolute(target); err != nil || v != u {
				t.Fatalf("absolute-form %q: %q", target, u)
			}
		case uri.AsteriskForm:
			if target != "*" || u != uri.MustParseReference("*") {
				t.Fatalf("asterisk-form %q", target)
			}
		default:
			t.Fatalf("form %v", form)
		}
		r, err := origin.Resolve(u)
		if err != nil {
			t.Fatalf("Resolve(%q): %v", u, err)
		}
		if _, err := uri.ParseReference(r.String()); err != nil {
			t.Fatalf("Resolve(%q) = %q, which does not parse: %v", u, r, err)
		}
		if form == uri.OriginForm && (r.Host() != "o" || r.Path() != uri.RemoveDotSegments(u.Path())) {
			t.Fatalf("Resolve(%q) = %q: left the origin or changed the path", u, r)
		}
		_, _ = u.NormalizeSyntax(), u.Normalize()
		_, _ = origin.Relativize(u)
		_, _ = u.WithoutQuery(), u.WithoutPort()
		_, _ = u.DialAddr()
	})
}

func TestTargetFormString(t *testing.T) {
	for f, want := range map[uri.TargetForm]string{uri.OriginForm: "origin-form", uri.AbsoluteForm: "absolute-form",
		uri.AuthorityForm: "authority-form", uri.AsteriskForm: "asterisk-form", 0: "TargetForm(?)"} {
		if got := f.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", f, got, want)
		}
	}
}
