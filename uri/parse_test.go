package uri

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// components is what a URI says about each component, for cmp.Diff.
type components struct {
	Scheme       string
	HasAuthority bool
	Authority    string
	HasUserInfo  bool
	UserInfo     string
	Host         string
	HostKind     HostKind
	HasPort      bool
	Port         string
	Path         string
	HasQuery     bool
	Query        string
	HasFragment  bool
	Fragment     string
}

func componentsOf(u URI) components {
	return components{
		Scheme:       u.Scheme(),
		HasAuthority: u.HasAuthority(),
		Authority:    u.Authority(),
		HasUserInfo:  u.HasUserInfo(),
		UserInfo:     u.UserInfo(),
		Host:         u.Host(),
		HostKind:     u.HostKind(),
		HasPort:      u.HasPort(),
		Port:         u.Port(),
		Path:         u.Path(),
		HasQuery:     u.HasQuery(),
		Query:        u.Query(),
		HasFragment:  u.HasFragment(),
		Fragment:     u.Fragment(),
	}
}

// path is the components of a reference that is only a path.
func path(p string) components { return components{Path: p} }

// rfcExamples are the examples of RFC 3986 with their components, written by
// hand from the RFC text (§1.1.2, §3, §5.4).
var rfcExamples = []struct {
	in   string
	want components
}{
	// §1.1.2
	{"ftp://ftp.is.co.za/rfc/rfc1808.txt", components{Scheme: "ftp", HasAuthority: true,
		Authority: "ftp.is.co.za", Host: "ftp.is.co.za", HostKind: RegName, Path: "/rfc/rfc1808.txt"}},
	{"http://www.ietf.org/rfc/rfc2396.txt", components{Scheme: "http", HasAuthority: true,
		Authority: "www.ietf.org", Host: "www.ietf.org", HostKind: RegName, Path: "/rfc/rfc2396.txt"}},
	{"ldap://[2001:db8::7]/c=GB?objectClass?one", components{Scheme: "ldap", HasAuthority: true,
		Authority: "[2001:db8::7]", Host: "[2001:db8::7]", HostKind: IPv6, Path: "/c=GB",
		HasQuery: true, Query: "objectClass?one"}},
	{"mailto:John.Doe@example.com", components{Scheme: "mailto", Path: "John.Doe@example.com"}},
	{"news:comp.infosystems.www.servers.unix", components{Scheme: "news", Path: "comp.infosystems.www.servers.unix"}},
	{"tel:+1-816-555-1212", components{Scheme: "tel", Path: "+1-816-555-1212"}},
	{"telnet://192.0.2.16:80/", components{Scheme: "telnet", HasAuthority: true,
		Authority: "192.0.2.16:80", Host: "192.0.2.16", HostKind: IPv4, HasPort: true, Port: "80", Path: "/"}},
	{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", components{Scheme: "urn",
		Path: "oasis:names:specification:docbook:dtd:xml:4.1.2"}},
	// §3
	{"foo://example.com:8042/over/there?name=ferret#nose", components{Scheme: "foo", HasAuthority: true,
		Authority: "example.com:8042", Host: "example.com", HostKind: RegName, HasPort: true, Port: "8042",
		Path: "/over/there", HasQuery: true, Query: "name=ferret", HasFragment: true, Fragment: "nose"}},
	{"urn:example:animal:ferret:nose", components{Scheme: "urn", Path: "example:animal:ferret:nose"}},
	// §5.4: the base URI
	{"http://a/b/c/d;p?q", components{Scheme: "http", HasAuthority: true, Authority: "a", Host: "a",
		HostKind: RegName, Path: "/b/c/d;p", HasQuery: true, Query: "q"}},
	// §5.4.1 normal examples
	{"g:h", components{Scheme: "g", Path: "h"}},
	{"g", path("g")},
	{"./g", path("./g")},
	{"g/", path("g/")},
	{"/g", path("/g")},
	{"//g", components{HasAuthority: true, Authority: "g", Host: "g", HostKind: RegName}},
	{"?y", components{HasQuery: true, Query: "y"}},
	{"g?y", components{Path: "g", HasQuery: true, Query: "y"}},
	{"#s", components{HasFragment: true, Fragment: "s"}},
	{"g#s", components{Path: "g", HasFragment: true, Fragment: "s"}},
	{"g?y#s", components{Path: "g", HasQuery: true, Query: "y", HasFragment: true, Fragment: "s"}},
	{";x", path(";x")},
	{"g;x", path("g;x")},
	{"g;x?y#s", components{Path: "g;x", HasQuery: true, Query: "y", HasFragment: true, Fragment: "s"}},
	{"", path("")},
	{".", path(".")},
	{"./", path("./")},
	{"..", path("..")},
	{"../", path("../")},
	{"../g", path("../g")},
	{"../..", path("../..")},
	{"../../", path("../../")},
	{"../../g", path("../../g")},
	// §5.4.2 abnormal examples
	{"../../../g", path("../../../g")},
	{"../../../../g", path("../../../../g")},
	{"/./g", path("/./g")},
	{"/../g", path("/../g")},
	{"g.", path("g.")},
	{".g", path(".g")},
	{"g..", path("g..")},
	{"..g", path("..g")},
	{"./../g", path("./../g")},
	{"./g/.", path("./g/.")},
	{"g/./h", path("g/./h")},
	{"g/../h", path("g/../h")},
	{"g;x=1/./y", path("g;x=1/./y")},
	{"g;x=1/../y", path("g;x=1/../y")},
	{"g?y/./x", components{Path: "g", HasQuery: true, Query: "y/./x"}},
	{"g?y/../x", components{Path: "g", HasQuery: true, Query: "y/../x"}},
	{"g#s/./x", components{Path: "g", HasFragment: true, Fragment: "s/./x"}},
	{"g#s/../x", components{Path: "g", HasFragment: true, Fragment: "s/../x"}},
	{"http:g", components{Scheme: "http", Path: "g"}},
	// §5.4 results with every component
	{"http://a/b/c/g;x?y#s", components{Scheme: "http", HasAuthority: true, Authority: "a", Host: "a",
		HostKind: RegName, Path: "/b/c/g;x", HasQuery: true, Query: "y", HasFragment: true, Fragment: "s"}},
}

func TestRFCExamples(t *testing.T) {
	for _, tc := range rfcExamples {
		u, err := ParseReference(tc.in)
		if err != nil {
			t.Errorf("ParseReference(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(tc.want, componentsOf(u)); diff != "" {
			t.Errorf("ParseReference(%q) components (-want +got):\n%s", tc.in, diff)
		}
		if got := u.String(); got != tc.in {
			t.Errorf("ParseReference(%q).String() = %q", tc.in, got)
		}
		if got := u.IsRelative(); got != (tc.want.Scheme == "") {
			t.Errorf("ParseReference(%q).IsRelative() = %v", tc.in, got)
		}
		// The other entry points agree with the kind of reference (§4).
		_, errURI := Parse(tc.in)
		_, errAbs := ParseAbsolute(tc.in)
		_, errRel := ParseRelative(tc.in)
		isURI := tc.want.Scheme != ""
		if (errURI == nil) != isURI {
			t.Errorf("Parse(%q) error = %v, want error: %v", tc.in, errURI, !isURI)
		}
		if (errAbs == nil) != (isURI && !tc.want.HasFragment) {
			t.Errorf("ParseAbsolute(%q) error = %v", tc.in, errAbs)
		}
		if (errRel == nil) != !isURI {
			t.Errorf("ParseRelative(%q) error = %v", tc.in, errRel)
		}
	}
}

// checkDefinedEmpty parses in, compares its components with want and checks
// that String gives the input back (§5.3).
func checkDefinedEmpty(t *testing.T, in string, want components) {
	t.Helper()
	u, err := ParseReference(in)
	if err != nil {
		t.Fatalf("ParseReference(%q): %v", in, err)
	}
	if diff := cmp.Diff(want, componentsOf(u)); diff != "" {
		t.Errorf("ParseReference(%q) components (-want +got):\n%s", in, diff)
	}
	if got := u.String(); got != in {
		t.Errorf("ParseReference(%q).String() = %q, want the input", in, got)
	}
}

func TestDefinedEmptySchemeOnly(t *testing.T) {
	checkDefinedEmpty(t, "s:", components{Scheme: "s"})
}

func TestDefinedEmptyQuery(t *testing.T) {
	checkDefinedEmpty(t, "s:?", components{Scheme: "s", HasQuery: true})
}

func TestDefinedEmptyQueryAndFragment(t *testing.T) {
	checkDefinedEmpty(t, "s:?#", components{Scheme: "s", HasQuery: true, HasFragment: true})
}

func TestDefinedEmptyFragment(t *testing.T) {
	checkDefinedEmpty(t, "s:#", components{Scheme: "s", HasFragment: true})
}

func TestDefinedEmptyUserInfo(t *testing.T) {
	checkDefinedEmpty(t, "//@h", components{HasAuthority: true, Authority: "@h", HasUserInfo: true,
		Host: "h", HostKind: RegName})
}

func TestDefinedEmptyPort(t *testing.T) {
	checkDefinedEmpty(t, "//h:", components{HasAuthority: true, Authority: "h:", Host: "h",
		HostKind: RegName, HasPort: true})
}

func TestDefinedEmptyAuthority(t *testing.T) {
	checkDefinedEmpty(t, "//", components{HasAuthority: true, HostKind: RegName})
}

func TestDefinedEmptyAuthorityRootPath(t *testing.T) {
	checkDefinedEmpty(t, "///", components{HasAuthority: true, HostKind: RegName, Path: "/"})
}

func TestDefinedEmptyRelativeQuery(t *testing.T) {
	checkDefinedEmpty(t, "?", components{HasQuery: true})
}

func TestDefinedEmptyRelativeFragment(t *testing.T) {
	checkDefinedEmpty(t, "#", components{HasFragment: true})
}

func TestDefinedEmptyReference(t *testing.T) {
	checkDefinedEmpty(t, "", components{})
}

func TestZeroValue(t *testing.T) {
	var u URI
	if diff := cmp.Diff(components{}, componentsOf(u)); diff != "" {
		t.Errorf("zero URI components (-want +got):\n%s", diff)
	}
	if u.String() != "" || !u.IsRelative() {
		t.Errorf("zero URI: String() = %q, IsRelative() = %v", u.String(), u.IsRelative())
	}
}

func TestHostKinds(t *testing.T) {
	for _, tc := range []struct {
		host string
		kind HostKind
	}{
		{"1.2.3.4", IPv4},
		{"255.255.255.255", IPv4},
		{"0.0.0.0", IPv4},
		{"1.2.3.256", RegName}, // 256 is no dec-octet
		{"01.2.3.4", RegName},  // dec-octet has no leading zero
		{"1.2.3", RegName},
		{"1.2.3.4.", RegName},
		{"example.com", RegName},
		{"", RegName},
		{"[::1]", IPv6},
		{"[2001:db8::7]", IPv6},
		{"[::ffff:1.2.3.4]", IPv6},
		{"[v1.x]", IPvFuture},
		{"[V1.x]", IPvFuture}, // "v" is case-insensitive (ABNF strings)
		{"[vF.a:b]", IPvFuture},
		{"9.9.9.9", IPv4}, // a DIGIT up to "9" starts an IPv4address
		{"9", RegName},    // one byte: no IPv4address, no IP-literal
		{"9a.example", RegName},
		{"a9.example", RegName},
	} {
		// Each Parse function completes its own result (parse.go).
		for _, p := range []struct {
			name  string
			parse func(string) (URI, error)
			in    string
		}{
			{"ParseReference", ParseReference, "//" + tc.host},
			{"ParseReference", ParseReference, "s://" + tc.host + ":1/p"},
			{"Parse", Parse, "s://" + tc.host + ":1/p#f"},
			{"ParseAbsolute", ParseAbsolute, "s://" + tc.host + "?q"},
			{"ParseRelative", ParseRelative, "//" + tc.host + "/p"},
		} {
			u, err := p.parse(p.in)
			if err != nil {
				t.Errorf("%s(%q): %v", p.name, p.in, err)
				continue
			}
			if u.Host() != tc.host || u.HostKind() != tc.kind {
				t.Errorf("%s(%q): host %q %v, want %q %v", p.name, p.in, u.Host(), u.HostKind(), tc.host, tc.kind)
			}
		}
	}
	if k := MustParse("s:x").HostKind(); k != NoHost {
		t.Errorf("HostKind of s:x = %v, want %v", k, NoHost)
	}
	for k, want := range map[HostKind]string{NoHost: "none", RegName: "reg-name", IPv4: "IPv4",
		IPv6: "IPv6", IPvFuture: "IPvFuture"} {
		if k.String() != want {
			t.Errorf("HostKind(%d).String() = %q, want %q", k, k.String(), want)
		}
	}
}

func TestInvalid(t *testing.T) {
	for _, tc := range []struct {
		name      string
		parse     func(string) (URI, error)
		in        string
		offset    int
		rule      string
		component string
		msg       string // a prefix of the message, or ""
	}{
		{"ParseReference", ParseReference, "http://a b", 8, "URI-reference", "host",
			"uri: invalid character ' ' at offset 8 in host: expected "},
		{"ParseReference", ParseReference, "http://a/b c", 10, "URI-reference", "path",
			`uri: invalid character ' ' at offset 10 in path: expected pchar, "/", "?", "#" or end of input`},
		{"ParseReference", ParseReference, "%zz", 1, "URI-reference", "path",
			"uri: invalid character 'z' at offset 1 in path: expected HEXDIG"},
		{"ParseReference", ParseReference, "%4", 2, "URI-reference", "path",
			"uri: unexpected end of input at offset 2 in path: expected HEXDIG"},
		// "1a" is no scheme (scheme starts with ALPHA), so the text is a
		// relative reference, whose first path segment cannot hold ":"
		// (§4.2).
		{"ParseReference", ParseReference, "1a:b", 2, "URI-reference", "path",
			"uri: invalid character ':' at offset 2 in path: expected "},
		{"ParseReference", ParseReference, "exam=ple:foo", 8, "URI-reference", "path",
			"uri: invalid character ':' at offset 8 in path: expected "},
		{"Parse", Parse, "exam=ple:foo", 4, "URI", "scheme",
			`uri: invalid character '=' at offset 4 in scheme: expected ALPHA, DIGIT, "+", "-", "." or ":"`},
		// An IP-literal needs its "]" (§3.2.2).
		{"ParseReference", ParseReference, "http://[::1/", 11, "URI-reference", "host",
			"uri: invalid character '/' at offset 11 in host: expected "},
		{"ParseReference", ParseReference, "a:b#c#d", 5, "URI-reference", "fragment",
			`uri: invalid character '#' at offset 5 in fragment: expected pchar, "/", "?" or end of input`},
		// "h:8x" could still be a userinfo ("http://h:8x@h/"): the "/" is
		// the first byte that cannot be part of a URI.
		{"ParseReference", ParseReference, "http://h:8x/", 11, "URI-reference", "port",
			"uri: invalid character '/' at offset 11 in port: expected "},
		// "s://[:" begins "s://[::]": the "1" is the first byte that cannot
		// be part of a URI reference.
		{"ParseReference", ParseReference, "s://[:1]", 6, "URI-reference", "host",
			`uri: invalid character '1' at offset 6 in host: expected ":"`},
		{"ParseReference", ParseReference, "http://[::1%25en0]/", 11, "URI-reference", "host",
			"uri: invalid character '%' at offset 11 in host: expected "},
		{"ParseReference", ParseReference, "\xff", 0, "URI-reference", "path",
			"uri: invalid byte 0xFF at offset 0 in path: expected "},
		{"ParseReference", ParseReference, "a\x00", 1, "URI-reference", "path",
			`uri: invalid character '\x00' at offset 1 in path: expected `},
		{"ParseReference", ParseReference, "s:é", 2, "URI-reference", "path",
			"uri: invalid character 'é' (UTF-8 0xC3 0xA9) at offset 2 in path: expected "},
		{"ParseAbsolute", ParseAbsolute, "s:a#f", 3, "absolute-URI", "path",
			`uri: invalid character '#' at offset 3 in path: expected pchar, "/", "?" or end of input`},
		{"ParseAbsolute", ParseAbsolute, "//h", 0, "absolute-URI", "", ""},
		{"ParseRelative", ParseRelative, "s:a", 1, "relative-ref", "path", ""},
		{"ParseRelative", ParseRelative, "http://h/", 4, "relative-ref", "path", ""},
		{"Parse", Parse, "a/b", 1, "URI", "scheme", ""},
		{"Parse", Parse, "", 0, "URI", "scheme", "uri: unexpected end of input at offset 0 in scheme: expected "},
		{"Parse", Parse, "//h", 0, "URI", "", ""},
		{"Parse", Parse, "a:b#c#d", 5, "URI", "fragment", ""},
	} {
		t.Run(tc.name+"/"+tc.in, func(t *testing.T) {
			u, err := tc.parse(tc.in)
			// The matchers store the spans of a prefix they match into the
			// result as they go: with an error it is the zero URI again.
			if u != (URI{}) {
				t.Errorf("%s(%q) = %#v with its error, want the zero URI", tc.name, tc.in, u)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%s(%q) error = %v, want a *ParseError", tc.name, tc.in, err)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("errors.Is(%v, ErrInvalid) = false", err)
			}
			if pe.Input != tc.in || pe.Offset != tc.offset || pe.Rule != tc.rule {
				t.Errorf("%s(%q): Input %q, Offset %d, Rule %q; want %q, %d, %q",
					tc.name, tc.in, pe.Input, pe.Offset, pe.Rule, tc.in, tc.offset, tc.rule)
			}
			if tc.component != "" && pe.Component != tc.component {
				t.Errorf("%s(%q): Component %q, want %q", tc.name, tc.in, pe.Component, tc.component)
			}
			if len(pe.Expected) == 0 {
				t.Errorf("%s(%q): no Expected", tc.name, tc.in)
			}
			if !strings.HasPrefix(err.Error(), tc.msg) {
				t.Errorf("%s(%q) message:\n got %s\nwant %s…", tc.name, tc.in, err, tc.msg)
			}
		})
	}
}

// The grammar's expectations at the farthest failure, for "http://h:8x/": a
// userinfo could go on, so "@" is among them.
func TestInvalidExpectedUserInfo(t *testing.T) {
	_, err := ParseReference("http://h:8x/")
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error = %v, want a *ParseError", err)
	}
	if !containsString(pe.Expected, `"@"`) {
		t.Errorf("Expected = %q, want it to hold %q", pe.Expected, `"@"`)
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestParseAbsoluteRejectsFragment(t *testing.T) {
	for _, in := range []string{"s:a#f", "s:#", "http://h/p?q#"} {
		if _, err := ParseAbsolute(in); err == nil {
			t.Errorf("ParseAbsolute(%q) accepted a fragment (§4.3)", in)
		}
		if _, err := Parse(in); err != nil {
			t.Errorf("Parse(%q): %v", in, err)
		}
	}
}

func TestParseRelativeRejectsScheme(t *testing.T) {
	for _, in := range []string{"s:", "http://h/", "a:b"} {
		if _, err := ParseRelative(in); err == nil {
			t.Errorf("ParseRelative(%q) accepted a scheme (§4.2)", in)
		}
	}
	if _, err := ParseRelative("./a:b"); err != nil {
		t.Errorf(`ParseRelative("./a:b"): %v`, err)
	}
}

func TestParseRejectsRelative(t *testing.T) {
	for _, in := range []string{"", "a", "/a", "//h/a", "?q", "#f", "./a:b"} {
		if _, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) accepted a relative reference", in)
		}
		if _, err := ParseReference(in); err != nil {
			t.Errorf("ParseReference(%q): %v", in, err)
		}
	}
}

func TestMustParsePanics(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    func(string) URI
		in   string
		want string
	}{
		{"MustParse", MustParse, "a b", "uri.MustParse: uri: invalid character ' ' at offset 1 in "},
		{"MustParse", MustParse, "/relative", "uri.MustParse: uri: "},
		{"MustParseReference", MustParseReference, "%", "uri.MustParseReference: uri: unexpected end of input at offset 1 in path"},
	} {
		func() {
			defer func() {
				r := recover()
				msg, ok := r.(string)
				if !ok || !strings.HasPrefix(msg, tc.want) {
					t.Errorf("%s(%q) panicked with %v, want a message starting %q", tc.name, tc.in, r, tc.want)
				}
			}()
			tc.f(tc.in)
		}()
	}
	if u := MustParse("s:x"); u.String() != "s:x" {
		t.Errorf(`MustParse("s:x") = %q`, u)
	}
	if u := MustParseReference("x"); u.String() != "x" {
		t.Errorf(`MustParseReference("x") = %q`, u)
	}
}

func TestNoPanic(t *testing.T) {
	mib := 1 << 20
	inputs := []string{
		"\xff\xfe", "s:\x80", "//h\xc3", "\x00", "s:\x00", "//\x00@h", "?\x00", "#\x00",
		strings.Repeat("a", mib),                    // a valid path
		"s:" + strings.Repeat("/a", mib/2),          // a valid path of 1 MiB
		"s://" + strings.Repeat("h", mib) + ":1/",   // a long host
		"s:?" + strings.Repeat("%41", mib/3),        // a long query
		strings.Repeat("a", mib) + "\xff",           // invalid at the end
		"s://[" + strings.Repeat("1:", mib/2) + "]", // a long, invalid IP literal
		strings.Repeat("%", mib),                    // invalid at once
		"//" + strings.Repeat("@", mib),             // many "@"
		"s://" + strings.Repeat("h", mib) + "{@",    // a long host name, then a byte no URI holds
		strings.Repeat("s", mib) + ":" + strings.Repeat("#", mib/4),
	}
	parsers := []func(string) (URI, error){Parse, ParseReference, ParseAbsolute, ParseRelative}
	for _, in := range inputs {
		for _, p := range parsers {
			u, err := p(in)
			if err == nil {
				if u.String() != in {
					t.Errorf("String() differs from the input of %d bytes", len(in))
				}
				continue
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Offset < 0 || pe.Offset > len(in) {
				t.Errorf("input of %d bytes: error %T with offset out of range", len(in), err)
			}
		}
	}
}

func TestParseAllocs(t *testing.T) {
	for _, in := range []string{
		"foo://user:pw@example.com:8042/over/there?name=ferret#nose",
		"ldap://[2001:db8::7]/c=GB?objectClass?one",
		"../../g;x?y#s",
		"",
	} {
		n := testing.AllocsPerRun(100, func() { _, _ = ParseReference(in) })
		if n != 0 {
			t.Errorf("ParseReference(%q) allocates %v times, want 0", in, n)
		}
	}
	u := MustParse("foo://user:pw@example.com:8042/over/there?name=ferret#nose")
	n := testing.AllocsPerRun(100, func() {
		_ = u.Scheme() + u.Authority() + u.UserInfo() + u.Host() + u.Port() + u.Path() + u.Query() + u.Fragment()
	})
	if n > 1 { // the concatenation itself
		t.Errorf("accessors allocate %v times", n)
	}
}

// An empty path is the same value wherever it comes from: the zero URI, a
// parse of "", and the results of Resolve and Normalize (so that == and map
// keys agree with String).
func TestEmptyPathIsOneValue(t *testing.T) {
	if got := MustParseReference(""); got != (URI{}) {
		t.Errorf("ParseReference(\"\") != URI{}: %#v", got)
	}
	base := MustParse("s://h?q")
	r, err := base.Resolve(MustParseReference("?x"))
	if err != nil {
		t.Fatal(err)
	}
	if want := MustParse("s://h?x"); r != want {
		t.Errorf("Resolve: %#v, parse of the same text: %#v", r, want)
	}
	if n, want := MustParse("s://h?q").NormalizeSyntax(), MustParse("s://h?q"); n != want {
		t.Errorf("NormalizeSyntax: %#v, parse of the same text: %#v", n, want)
	}
}

// TestTooLongFor: a URI's spans store an offset plus one in an int32, and a
// capture may start at len(s), so the longest text the Parse functions take
// is math.MaxInt32-1 bytes (a text of math.MaxInt32 bytes was taken, and
// resolving against it overflowed a span: a panic). Checked on the bound
// itself, not on a 2 GiB input.
func TestTooLongFor(t *testing.T) {
	cases := []struct {
		n    int
		want bool
	}{{0, false}, {math.MaxInt32 - 1, false}, {math.MaxInt32, true}}
	if n := int64(math.MaxInt32) + 1; n <= math.MaxInt { // where an int holds it (not on 32-bit platforms)
		cases = append(cases, struct {
			n    int
			want bool
		}{int(n), true})
	}
	for _, tt := range cases {
		if got := tooLongFor(tt.n); got != tt.want {
			t.Errorf("tooLongFor(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
}
