package builder

import (
	"errors"
	"net"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/uri"
)

// from is From of a parsed reference, for the tables below.
func from(s string) Builder { return From(uri.MustParseReference(s)) }

// Host refuses text that holds another part of a URL, at the offset of the
// delimiter (§3.2: the authority ends at "/", "?" or "#"; "@" ends userinfo;
// ":" starts the port), and the hint names the setter that was meant.
func TestHostRefusesOtherParts(t *testing.T) {
	type refusal struct {
		Value  string
		Offset int
		Setter string // a word the hint must hold
	}
	for _, tc := range []struct {
		host string
		want refusal
	}{
		{"example.com/path", refusal{"example.com/path", 11, "Path"}},
		{"example.com?q=1", refusal{"example.com?q=1", 11, "Query"}},
		{"example.com#top", refusal{"example.com#top", 11, "Fragment"}},
		{"user@evil.com", refusal{"user@evil.com", 4, "UserInfo"}},
		{"user:pw@host", refusal{"user:pw@host", 7, "UserInfo"}},
		{`example.com\path`, refusal{`example.com\path`, 11, "Path"}},
		{"127.0.0.1:8080", refusal{"127.0.0.1:8080", 9, "HostPort"}},
		{"example.com:8080", refusal{"example.com:8080", 11, "HostPort"}},
		{"https://example.com/", refusal{"https://example.com/", 5, "uri.Parse"}},
		{"a b/c", refusal{"a%20b/c", 5, "Path"}}, // the offset is in the value as written
		{"[::1]:8080", refusal{"[::1]:8080", 5, "HostPort"}},
		{"[::1]/x", refusal{"[::1]/x", 5, "Path"}},
		{"[v1.x]@h", refusal{"[v1.x]@h", 6, "UserInfo"}},
		{"fe80::1%en0", refusal{"fe80::1%25en0", 7, "zone"}},
	} {
		_, err := New().Scheme("https").Host(tc.host).Build()
		var be *BuildError
		if !errors.As(err, &be) || be.Component != "host" || !errors.Is(err, ErrInvalidHost) {
			t.Errorf("Host(%q): Build error %v; want a host refusal", tc.host, err)
			continue
		}
		got := refusal{be.Value, be.Offset, tc.want.Setter}
		if !strings.Contains(be.Hint, tc.want.Setter) {
			got.Setter = be.Hint
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Host(%q) refusal (-want +got):\n%s", tc.host, diff)
		}
		// The hint names the character, and the message carries the hint.
		if c := be.Value[be.Offset : be.Offset+1]; !strings.Contains(be.Hint, `"`+c) && c != "%" {
			t.Errorf("Host(%q): hint %q does not name %q", tc.host, be.Hint, c)
		}
		if !strings.HasSuffix(err.Error(), "; "+be.Hint) {
			t.Errorf("Host(%q): message %q lacks the hint", tc.host, err)
		}
	}
}

// HostPort takes what net.JoinHostPort writes; net.SplitHostPort of the
// input gives back the host and port the URI holds.
func TestHostPort(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"example.com", "https://example.com"},
		{"example.com:8080", "https://example.com:8080"},
		{"127.0.0.1:80", "https://127.0.0.1:80"},
		{"[::1]", "https://[::1]"},
		{"[::1]:443", "https://[::1]:443"},
		{"[2001:db8::1]:0", "https://[2001:db8::1]:0"},
		{"[v1.x]:1", "https://[v1.x]:1"},
		{"h:", "https://h:"},       // an empty port (§3.2.3), as JoinHostPort("h", "") writes
		{"h:080", "https://h:080"}, // as written
		{"h:65535", "https://h:65535"},
		{"café:1", "https://xn--caf-dma:1"},
		{"", "https://"},
	} {
		u, err := New().Scheme("https").HostPort(tc.in).Build()
		if err != nil || u.String() != tc.want {
			t.Errorf("HostPort(%q) = %q, %v; want %q", tc.in, u, err, tc.want)
			continue
		}
		if host, port, err := net.SplitHostPort(tc.in); err == nil {
			if a, ok := aLabel(host); ok && !isASCIIText(host) {
				host = a // a Unicode name is written as its IDNA A-label
			}
			if u.Hostname() != host || u.Port() != port || !u.HasPort() {
				t.Errorf("HostPort(%q): Hostname %q, Port %q; net.SplitHostPort %q, %q", tc.in, u.Hostname(), u.Port(), host, port)
			}
		} else if u.HasPort() {
			t.Errorf("HostPort(%q) has port %q; net.SplitHostPort finds none: %v", tc.in, u.Port(), err)
		}
	}
	// HostPort sets the port too: without one in the text, none.
	if got := New().Scheme("s").Port(9).HostPort("h").MustBuild().String(); got != "s://h" {
		t.Errorf("Port(9).HostPort(h) = %q, want s://h", got)
	}
	if got := New().Scheme("s").HostPort("h:1").Port(2).MustBuild().String(); got != "s://h:2" {
		t.Errorf("HostPort(h:1).Port(2) = %q, want s://h:2", got)
	}
	if got := New().Scheme("s").HostPort("h:99999").RawPort("99999").MustBuild().String(); got != "s://h:99999" {
		t.Errorf("RawPort after HostPort keeps RawPort's rule: %q", got)
	}
}

func TestHostPortRefuses(t *testing.T) {
	for _, tc := range []struct {
		in, component string
		err           error
		hint          string
	}{
		{"::1", "host", ErrInvalidHost, "brackets"}, // net.SplitHostPort: too many colons
		{"2001:db8::1:80", "host", ErrInvalidHost, "brackets"},
		{"a:b:c", "host", ErrInvalidHost, "brackets"},
		{"h:http", "port", ErrSyntax, ""},
		{"h:65536", "port", ErrPortRange, ""},
		{"h:99999999999999999999999", "port", ErrPortRange, ""},
		{"[::1]:80:90", "port", ErrSyntax, ""},
		{"[::1", "host", ErrInvalidHost, ""},
		{"[::1]x", "host", ErrInvalidHost, ""},
		{"h/x:80", "host", ErrInvalidHost, "Path"},
		{"u@h:80", "host", ErrInvalidHost, "UserInfo"},
		{"https://example.com:443", "host", ErrInvalidHost, "uri.Parse"},
	} {
		_, err := New().Scheme("s").HostPort(tc.in).Build()
		var be *BuildError
		if !errors.As(err, &be) || be.Component != tc.component || !errors.Is(err, tc.err) || !strings.Contains(be.Hint, tc.hint) {
			t.Errorf("HostPort(%q): Build error %v; want %s refused with %v, hint with %q", tc.in, err, tc.component, tc.err, tc.hint)
		}
	}
}

// AppendSegments against net/url's documented JoinPath ("the provided path
// elements joined to any existing path"): the same result wherever JoinPath
// has nothing to clean. Where it cleans, AppendSegments keeps the segments as
// given (empty ones) or refuses them (dot segments).
func TestAppendSegments(t *testing.T) {
	for _, tc := range []struct {
		base string
		segs []string
		want string
		join bool // net/url's JoinPath gives the same
	}{
		{"https://h", []string{"a", "b"}, "https://h/a/b", true},
		{"https://h/", []string{"a"}, "https://h/a", true},
		{"https://h/a", []string{"b"}, "https://h/a/b", true},
		{"https://h/a/", []string{"b"}, "https://h/a/b", true}, // the trailing empty segment goes
		{"https://h/a/", []string{"b", "c"}, "https://h/a/b/c", true},
		{"https://h/a%20b", []string{"c d"}, "https://h/a%20b/c%20d", true},
		{"https://h/a?q=1#f", []string{"b"}, "https://h/a/b?q=1#f", true},
		{"https://h", []string{"a:b", "@"}, "https://h/a:b/@", true},
		{"", []string{"a", "b"}, "a/b", true},
		{"x/", []string{"y"}, "x/y", true},
		{"/x", []string{"y"}, "/x/y", true},
		{"https://h/a", []string{"b/c"}, "https://h/a/b%2Fc", false}, // "/" is data in a segment
		{"https://h/a", []string{""}, "https://h/a/", false},         // JoinPath: "https://h/a"
		{"https://h/a", []string{"b", ""}, "https://h/a/b/", false},
		{"https://h/a//", []string{"b"}, "https://h/a//b", false}, // JoinPath: "https://h/a/b"
		{"https://h/a", nil, "https://h/a", true},
		{"https://h", nil, "https://h", false}, // JoinPath() gives "https://h/"
		{"s:a", []string{"b"}, "s:a/b", false}, // net/url: an opaque URL
		{"mailto:", []string{"x"}, "mailto:x", false},
		{"mailto:", []string{""}, "mailto:/", false}, // an empty first segment keeps its "/"
		{"", []string{"", "a"}, "/.//a", false},      // with BuildRepaired, below: "//a" would be an authority
	} {
		got, err := from(tc.base).AppendSegments(tc.segs...).BuildRepaired()
		if err != nil || got.String() != tc.want {
			t.Errorf("%q.AppendSegments(%q) = %q, %v; want %q", tc.base, tc.segs, got, err, tc.want)
		}
		if tc.join {
			v, _ := url.Parse(tc.base)
			if j := v.JoinPath(tc.segs...).String(); j != tc.want {
				t.Errorf("url.JoinPath(%q, %q) = %q, want %q: the table is wrong", tc.base, tc.segs, j, tc.want)
			}
		}
	}
	for _, tc := range []struct {
		base string
		segs []string
		err  error
	}{
		{"https://h/a", []string{".."}, ErrDotSegment}, // JoinPath: "https://h/"
		{"https://h/a", []string{"b", "."}, ErrDotSegment},
		{"", []string{"a:b"}, ErrColonInFirstSegment}, // a relative reference (§4.2)
	} {
		_, err := from(tc.base).AppendSegments(tc.segs...).Build()
		if !errors.Is(err, tc.err) {
			t.Errorf("%q.AppendSegments(%q): error %v, want %v", tc.base, tc.segs, err, tc.err)
		}
	}
	// A dot segment stays refused whatever is appended after it.
	if _, err := New().Segments("..").AppendSegments("a").Build(); !errors.Is(err, ErrDotSegment) {
		t.Errorf(`Segments("..").AppendSegments("a"): error %v, want ErrDotSegment`, err)
	}
}

func TestSetQueryParam(t *testing.T) {
	for _, tc := range []struct {
		in, key, value, want string
	}{
		// The case: "+" and "flag" stay as written.
		{"http://h/?q=red+shoes&page=1&flag", "page", "2", "http://h/?q=red+shoes&page=2&flag"},
		{"http://h/?q=red+shoes&page=1&flag", "q", "a b", "http://h/?q=a%20b&page=1&flag"},
		{"http://h/?q=red+shoes&page=1&flag", "flag", "on", "http://h/?q=red+shoes&page=1&flag=on"},
		{"http://h/?a=1&b=2&a=3", "a", "9", "http://h/?a=9&b=2"},     // later ones go
		{"http://h/?b=2&a=1&c&a=3&a", "a", "", "http://h/?b=2&a=&c"}, // every later one
		{"http://h/?%61=1&b=2", "a", "x", "http://h/?%61=x&b=2"},     // decoded comparison, key kept
		{"http://h/?a=1&&b=2&", "c", "3", "http://h/?a=1&&b=2&&c=3"}, // empty pieces stay
		{"http://h/?a=1&&b=2&", "b", "3", "http://h/?a=1&&b=3&"},
		{"http://h/", "k", "v", "http://h/?k=v"},
		{"http://h/?", "k", "v", "http://h/?k=v"},
		{"http://h/?x=1#frag", "y", "2", "http://h/?x=1&y=2#frag"},
		{"http://h/", "a&b", "1+2;3=4", "http://h/?a%26b=1%2B2%3B3%3D4"}, // delimiters encoded
		{"http://h/?a=1;b=2", "b", "3", "http://h/?a=1;b=2&b=3"},         // ";" separates nothing
		{"http://h/?a+b=1", "a b", "2", "http://h/?a+b=1&a%20b=2"},       // "+" is not a space here
		{"http://h/?a+b=1", "a+b", "2", "http://h/?a+b=2"},
		{"http://h/?=1", "", "2", "http://h/?=2"},
		{"http://h/?k=v", "k", "é", "http://h/?k=%C3%A9"},
	} {
		got, err := from(tc.in).SetQueryParam(tc.key, tc.value).Build()
		if err != nil || got.String() != tc.want {
			t.Errorf("%q.SetQueryParam(%q, %q) = %q, %v; want %q", tc.in, tc.key, tc.value, got, err, tc.want)
			continue
		}
		if diff := cmp.Diff([]string{tc.value}, got.QueryValues(tc.key)); diff != "" {
			t.Errorf("QueryValues(%q) of %q (-want +got):\n%s", tc.key, got, diff)
		}
	}
}

func TestDelQueryParam(t *testing.T) {
	for _, tc := range []struct{ in, key, want string }{
		{"http://h/?q=red+shoes&page=1&flag", "page", "http://h/?q=red+shoes&flag"},
		{"http://h/?q=red+shoes&page=1&flag", "flag", "http://h/?q=red+shoes&page=1"},
		{"http://h/?q=red+shoes&page=1&flag", "q", "http://h/?page=1&flag"},
		{"http://h/?a=1&b=2&a=3", "a", "http://h/?b=2"},
		{"http://h/?%61=1&b", "a", "http://h/?b"},
		{"http://h/?a=1&&b=2", "b", "http://h/?a=1&"}, // the empty piece stays
		{"http://h/?a=1#f", "a", "http://h/#f"},       // none left: no query
		{"http://h/?&a=1&", "a", "http://h/"},
		{"http://h/?x", "y", "http://h/?x"},
		{"http://h/?a=1;b=2", "b", "http://h/?a=1;b=2"},
		{"http://h/?", "y", "http://h/"}, // no parameter left
		{"http://h/", "y", "http://h/"},
	} {
		got, err := from(tc.in).DelQueryParam(tc.key).Build()
		if err != nil || got.String() != tc.want {
			t.Errorf("%q.DelQueryParam(%q) = %q, %v; want %q", tc.in, tc.key, got, err, tc.want)
		}
		if vs := got.QueryValues(tc.key); vs != nil {
			t.Errorf("QueryValues(%q) of %q = %q after DelQueryParam", tc.key, got, vs)
		}
	}
}

// A raw query Build would refuse is edited all the same, its keys compared
// as written where they do not decode; Build then refuses the query.
func TestEditMalformedRawQuery(t *testing.T) {
	b := New().RawQuery("%zz=1&a=2").SetQueryParam("%zz", "3").DelQueryParam("a")
	if _, err := b.Build(); !errors.Is(err, ErrSyntax) {
		t.Errorf("Build error %v, want ErrSyntax", err)
	}
	if got, want := b.String(), `builder.Builder{path:"" query:"%zz=3"}`; !strings.HasPrefix(got, want) {
		t.Errorf("String = %s, want prefix %s", got, want)
	}
}
