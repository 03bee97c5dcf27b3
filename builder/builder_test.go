package builder

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/uri"
	"golang.org/x/net/idna"
)

// The expected strings below are written by hand from the character sets of
// RFC 3986: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~";
// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=";
// userinfo adds ":"; pchar adds ":" and "@"; query and fragment add "/" and
// "?" to pchar; reg-name is unreserved and sub-delims only. Every other byte
// is "%" and two uppercase hex digits (§2.1): " " %20, "#" %23, "%" %25,
// "/" %2F, ":" %3A, "?" %3F, "@" %40, "[" %5B, "]" %5D, "é" (UTF-8 C3 A9)
// %C3%A9, the invalid byte FF %FF.

type buildCase struct {
	name string
	b    Builder
	want string
}

func runBuild(t *testing.T, cases []buildCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u, err := tc.b.Build()
			if err != nil {
				t.Fatalf("Build: %v", err)
			}
			if got := u.String(); got != tc.want {
				t.Fatalf("Build = %q, want %q", got, tc.want)
			}
			// The result is the URI the parser makes of the same text.
			if p := uri.MustParseReference(tc.want); p != u {
				t.Fatalf("Build = %#v, ParseReference = %#v", u, p)
			}
		})
	}
}

func TestBuildEncodesUserInfo(t *testing.T) {
	h := New().Scheme("s").Host("h")
	runBuild(t, []buildCase{
		{"letters", h.UserInfo("user"), "s://user@h"},
		{"space", h.UserInfo("a b"), "s://a%20b@h"},
		{"percent", h.UserInfo("100%"), "s://100%25@h"},
		{"percent looking like a triplet", h.UserInfo("%41"), "s://%2541@h"},
		{"hash", h.UserInfo("a#b"), "s://a%23b@h"},
		{"question", h.UserInfo("a?b"), "s://a%3Fb@h"},
		{"slash", h.UserInfo("a/b"), "s://a%2Fb@h"},
		{"at", h.UserInfo("a@b"), "s://a%40b@h"},
		{"colon stays", h.UserInfo("user:pass"), "s://user:pass@h"},
		{"brackets", h.UserInfo("[x]"), "s://%5Bx%5D@h"},
		{"utf-8", h.UserInfo("é"), "s://%C3%A9@h"},
		{"invalid utf-8", h.UserInfo("\xff"), "s://%FF@h"},
		{"unreserved and sub-delims stay", h.UserInfo("aZ0-._~!$&'()*+,;="), "s://aZ0-._~!$&'()*+,;=@h"},
		{"empty", h.UserInfo(""), "s://@h"},
		{"raw", h.RawUserInfo("a%20b:c"), "s://a%20b:c@h"},
	})
}

func TestBuildEncodesHost(t *testing.T) {
	s := New().Scheme("s")
	runBuild(t, []buildCase{
		{"reg-name", s.Host("example.com"), "s://example.com"},
		{"case kept", s.Host("Example.COM"), "s://Example.COM"},
		{"space", s.Host("a b"), "s://a%20b"},
		{"percent", s.Host("a%b"), "s://a%25b"},
		{"bracket not first", s.Host("a[b"), "s://a%5Bb"},
		{"utf-8", s.Host("café.fr"), "s://xn--caf-dma.fr"}, // IDNA (RFC 3492 §7.1's algorithm)
		{"utf-8 upper case", s.Host("BÜCHER.de"), "s://xn--bcher-kva.de"},
		{"utf-8 not transitional", s.Host("faß.de"), "s://xn--fa-hia.de"},
		{"utf-8 full stops", s.Host("bücher。de"), "s://xn--bcher-kva.de"}, // U+3002 maps to "." (UTS #46)
		{"raw utf-8", s.RawHost("caf%c3%a9"), "s://caf%c3%a9"},
		{"sub-delims stay", s.Host("a!$&'()*+,;=b"), "s://a!$&'()*+,;=b"},
		{"empty", s.Host(""), "s://"},
		{"IPv4", s.Host("192.0.2.1"), "s://192.0.2.1"},
		{"not IPv4 is a reg-name", s.Host("1.2.3.256"), "s://1.2.3.256"},
		{"IPv6 gets brackets", s.Host("2001:db8::1"), "s://[2001:db8::1]"},
		{"IPv6 loopback", s.Host("::1"), "s://[::1]"},
		{"IPv6 with IPv4 tail", s.Host("::ffff:192.0.2.1"), "s://[::ffff:192.0.2.1]"},
		{"IPv6 in brackets", s.Host("[2001:db8::1]"), "s://[2001:db8::1]"},
		{"IPvFuture", s.Host("[v1.fe:x]"), "s://[v1.fe:x]"},
		{"raw", s.RawHost("caf%C3%A9"), "s://caf%C3%A9"},
		{"raw IP literal", s.RawHost("[::1]"), "s://[::1]"},
	})
}

func TestBuildPort(t *testing.T) {
	h := New().Scheme("s").Host("h")
	runBuild(t, []buildCase{
		{"zero", h.Port(0), "s://h:0"},
		{"80", h.Port(80), "s://h:80"},
		{"max", h.Port(65535), "s://h:65535"},
		{"port alone defines the authority", New().Port(8080), "//:8080"},
		{"without port", h.Port(80).WithoutPort(), "s://h"},
		// port = *DIGIT (§3.2.3): RawPort takes any digits, none included.
		{"raw empty port", h.RawPort(""), "s://h:"},
		{"raw port keeps its zero", h.RawPort("080"), "s://h:080"},
		{"raw port then Port", h.RawPort("").Port(8), "s://h:8"},
		{"Port then raw port", h.Port(8).RawPort("9"), "s://h:9"},
	})
}

func TestBuildEncodesPath(t *testing.T) {
	h := New().Scheme("s").Host("h")
	runBuild(t, []buildCase{
		{"segments", h.Path("/a/b"), "s://h/a/b"},
		{"space", h.Path("/a b"), "s://h/a%20b"},
		{"percent", h.Path("/100%"), "s://h/100%25"},
		{"hash", h.Path("/a#b"), "s://h/a%23b"},
		{"question", h.Path("/a?b"), "s://h/a%3Fb"},
		{"at and colon stay", h.Path("/a@b:c"), "s://h/a@b:c"},
		{"brackets", h.Path("/[x]"), "s://h/%5Bx%5D"},
		{"utf-8", h.Path("/é"), "s://h/%C3%A9"},
		{"invalid utf-8", h.Path("/\xff"), "s://h/%FF"},
		{"sub-delims stay", h.Path("/!$&'()*+,;="), "s://h/!$&'()*+,;="},
		{"empty", h.Path(""), "s://h"},
		{"root", h.Path("/"), "s://h/"},
		{"rootless with a scheme", New().Scheme("mailto").Path("a@b.example"), "mailto:a@b.example"},
		{"colon in first segment with a scheme", New().Scheme("urn").Path("isbn:0451450523"), "urn:isbn:0451450523"},
		{"colon in a later segment, relative", New().Path("a/b:c"), "a/b:c"},
		{"absolute path, relative", New().Path("/a:b"), "/a:b"},
		{"raw", h.RawPath("/a%20b"), "s://h/a%20b"},
		{"raw dot segments kept", New().RawPath("./a:b"), "./a:b"},
	})
}

func TestBuildEncodesSegments(t *testing.T) {
	h := New().Scheme("s").Host("h")
	runBuild(t, []buildCase{
		{"two", h.Segments("a", "b"), "s://h/a/b"},
		{"slash inside", h.Segments("a/b", "c"), "s://h/a%2Fb/c"},
		{"space", h.Segments("a b"), "s://h/a%20b"},
		{"percent", h.Segments("%"), "s://h/%25"},
		{"hash and question", h.Segments("#?"), "s://h/%23%3F"},
		{"at and colon stay", h.Segments("a@b:c"), "s://h/a@b:c"},
		{"bracket", h.Segments("["), "s://h/%5B"},
		{"utf-8", h.Segments("é"), "s://h/%C3%A9"},
		{"invalid utf-8", h.Segments("\xff"), "s://h/%FF"},
		{"empty segment", h.Segments(""), "s://h/"},
		{"empty segment in the middle", h.Segments("a", "", "b"), "s://h/a//b"},
		{"no segment", h.Segments(), "s://h"},
		{"without authority", New().Segments("a:b", "c"), "/a:b/c"},
	})
}

func TestBuildEncodesQuery(t *testing.T) {
	s := New().Scheme("s").Host("h")
	runBuild(t, []buildCase{
		{"text", s.Query("a=1&b=2"), "s://h?a=1&b=2"},
		{"space", s.Query("a b"), "s://h?a%20b"},
		{"percent", s.Query("100%"), "s://h?100%25"},
		{"hash", s.Query("a#b"), "s://h?a%23b"},
		{"question, slash, at, colon stay", s.Query("?/@:"), "s://h??/@:"},
		{"brackets", s.Query("[]"), "s://h?%5B%5D"},
		{"utf-8", s.Query("é"), "s://h?%C3%A9"},
		{"invalid utf-8", s.Query("\xff"), "s://h?%FF"},
		{"plus stays in Query", s.Query("a+b"), "s://h?a+b"},
		{"empty", s.Query(""), "s://h?"},
		{"raw", s.RawQuery("a=%20"), "s://h?a=%20"},
		{"param", s.QueryParam("a", "1"), "s://h?a=1"},
		{"two params", s.QueryParam("a", "1").QueryParam("b", "2"), "s://h?a=1&b=2"},
		{"param after empty query", s.Query("").QueryParam("a", "1"), "s://h?a=1"},
		{"param after text", s.Query("x").QueryParam("a", "1"), "s://h?x&a=1"},
		{"param delimiters encoded", s.QueryParam("a&b=c", "d+e;f#g"), "s://h?a%26b%3Dc=d%2Be%3Bf%23g"},
		{"param space and percent", s.QueryParam("a b", "100%"), "s://h?a%20b=100%25"},
		{"param question and slash stay", s.QueryParam("next", "/a?b"), "s://h?next=/a?b"},
		{"param utf-8 and invalid byte", s.QueryParam("é", "\xff"), "s://h?%C3%A9=%FF"},
		{"param empty", s.QueryParam("", ""), "s://h?="},
		{"reset", s.QueryParam("a", "1").WithoutQuery().QueryParam("b", "2"), "s://h?b=2"},
	})
}

func TestBuildEncodesFragment(t *testing.T) {
	s := New().Scheme("s").Host("h")
	runBuild(t, []buildCase{
		{"text", s.Fragment("sec-1"), "s://h#sec-1"},
		{"space", s.Fragment("a b"), "s://h#a%20b"},
		{"percent", s.Fragment("%"), "s://h#%25"},
		{"hash", s.Fragment("a#b"), "s://h#a%23b"},
		{"question, slash, at, colon stay", s.Fragment("?/@:"), "s://h#?/@:"},
		{"bracket", s.Fragment("["), "s://h#%5B"},
		{"utf-8", s.Fragment("é"), "s://h#%C3%A9"},
		{"invalid utf-8", s.Fragment("\xff"), "s://h#%FF"},
		{"empty", s.Fragment(""), "s://h#"},
		{"raw", s.RawFragment("a%23b"), "s://h#a%23b"},
	})
}

func TestBuildDefinedEmptyUndefined(t *testing.T) {
	runBuild(t, []buildCase{
		{"nothing", New(), ""},
		{"scheme only", New().Scheme("s"), "s:"},
		{"scheme case kept", New().Scheme("HTTP+x.y-z"), "HTTP+x.y-z:"},
		{"empty host", New().Scheme("file").Host("").Path("/x"), "file:///x"},
		{"empty userinfo", New().UserInfo("").Host("h"), "//@h"},
		{"userinfo without host", New().UserInfo("u"), "//u@"},
		{"empty query and fragment", New().Scheme("s").Query("").Fragment(""), "s:?#"},
		{"query alone", New().Query(""), "?"},
		{"fragment alone", New().Fragment(""), "#"},
		{"without scheme", New().Scheme("s").Path("/a").WithoutScheme(), "/a"},
		{"without userinfo keeps the authority", New().UserInfo("u").WithoutUserInfo(), "//"},
		{"without authority", New().Scheme("s").UserInfo("u").Host("h").Port(1).Path("/p").WithoutAuthority(), "s:/p"},
		{"without query", New().Scheme("s").Query("q").WithoutQuery(), "s:"},
		{"without fragment", New().Scheme("s").Fragment("f").WithoutFragment(), "s:"},
		{"everything", New().Scheme("http").UserInfo("u:p").Host("h").Port(8080).
			Segments("a", "b").QueryParam("k", "v").Fragment("f"), "http://u:p@h:8080/a/b?k=v#f"},
	})
}

type refusal struct {
	name      string
	b         Builder
	component string
	err       error
}

func TestBuildRefuses(t *testing.T) {
	h := New().Scheme("s").Host("h")
	cases := []refusal{
		{"empty scheme", New().Scheme(""), "scheme", ErrInvalidScheme},
		{"scheme starting with a digit", New().Scheme("1a"), "scheme", ErrInvalidScheme},
		{"scheme with a space", New().Scheme("a b"), "scheme", ErrInvalidScheme},
		{"scheme with a colon", New().Scheme("a:b"), "scheme", ErrInvalidScheme},
		{"scheme with UTF-8", New().Scheme("é"), "scheme", ErrInvalidScheme},
		{"raw userinfo with @", h.RawUserInfo("a@b"), "userinfo", ErrSyntax},
		{"raw userinfo with a bad triplet", h.RawUserInfo("%zz"), "userinfo", ErrSyntax},
		{"negative port", h.Port(-1), "port", ErrPortRange},
		{"port too large", h.Port(65536), "port", ErrPortRange},
		{"unclosed IP literal", New().Host("[::1"), "host", ErrInvalidHost},
		{"IPv4 in brackets", New().Host("[192.0.2.1]"), "host", ErrInvalidHost},
		{"zone identifier", New().Host("[fe80::1%25eth0]"), "host", ErrInvalidHost},
		{"zone identifier, no brackets", New().Host("fe80::1%eth0"), "host", ErrInvalidHost},
		{"host with a port", New().Host("example.com:8080"), "host", ErrInvalidHost},
		{"IPvFuture without a dot", New().Host("[v1]"), "host", ErrInvalidHost},
		{"raw host with a space", New().RawHost("a b"), "host", ErrInvalidHost},
		{"raw host with a short triplet", New().RawHost("a%2"), "host", ErrInvalidHost},
		{"raw host with a colon", New().RawHost("a:1"), "host", ErrInvalidHost},
		// §3.2.2: a host's percent-encoding stands for UTF-8 only.
		{"host not UTF-8", New().Host("caf\xe9"), "host", ErrInvalidHost},
		{"host with truncated UTF-8", New().Host("\xc3"), "host", ErrInvalidHost},
		{"raw host not UTF-8", New().RawHost("%FF"), "host", ErrInvalidHost},
		{"raw port with a letter", h.RawPort("8a"), "port", ErrSyntax},
		// A dot segment cannot be data (§2.3, §5.2.4).
		{"dot-dot segment", h.Segments("files", "..", "etc"), "path", ErrDotSegment},
		{"dot segment", New().Segments("."), "path", ErrDotSegment},
		{"rootless path after an authority", New().Host("h").Path("a"), "path", ErrPathNeedsSlash},
		{"rootless raw path after userinfo", New().UserInfo("u").RawPath("a"), "path", ErrPathNeedsSlash},
		{"double slash, relative", New().Path("//a"), "path", ErrPathDoubleSlash},
		{"double slash with a scheme", New().Scheme("s").Path("//a"), "path", ErrPathDoubleSlash},
		{"double slash from segments", New().Segments("", "a"), "path", ErrPathDoubleSlash},
		{"colon in first segment", New().Path("a:b"), "path", ErrColonInFirstSegment},
		{"colon in first of several", New().Path("a:b/c"), "path", ErrColonInFirstSegment},
		{"colon in first segment, with a query", New().Path("a:").Query("q"), "path", ErrColonInFirstSegment},
		{"colon after without scheme", New().Scheme("s").Path("a:b").WithoutScheme(), "path", ErrColonInFirstSegment},
		{"raw path with a space", New().RawPath("/a b"), "path", ErrSyntax},
		{"raw path with a question mark", New().RawPath("/a?b"), "path", ErrSyntax},
		{"raw query with a hash", New().RawQuery("a#b"), "query", ErrSyntax},
		{"raw query with a lone percent", New().RawQuery("%"), "query", ErrSyntax},
		{"raw fragment with a hash", New().RawFragment("a#b"), "fragment", ErrSyntax},
		{"raw fragment with a bracket", New().RawFragment("["), "fragment", ErrSyntax},
		{"the first component wins", New().Scheme("1").Port(-1).RawQuery("#"), "scheme", ErrInvalidScheme},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u, err := tc.b.Build()
			if err == nil {
				t.Fatalf("Build = %q, want an error", u.String())
			}
			var be *BuildError
			if !errors.As(err, &be) {
				t.Fatalf("Build error %T %v is not a *BuildError", err, err)
			}
			if be.Component != tc.component || !errors.Is(err, tc.err) {
				t.Fatalf("Build error %v: component %q, reason %v; want %q, %v", err, be.Component, be.Err, tc.component, tc.err)
			}
			if u != (uri.URI{}) {
				t.Fatalf("Build returned %q with its error", u.String())
			}
		})
	}
}

// The offset in a refusal is that of the fault, in the value as written.
func TestBuildErrorOffset(t *testing.T) {
	for _, tc := range []struct {
		name   string
		b      Builder
		value  string
		offset int
	}{
		{"colon in a plain host", New().Host("a b:80"), "a%20b:80", 5},
		{"zone of an IPv6 address", New().Host("fe80::1%eth0"), "fe80::1%25eth0", 7},
		{"bytes not UTF-8", New().Host("a\xc3\xa9\xff"), "a%C3%A9%FF", 7},
		{"raw bytes not UTF-8", New().RawHost("%e9t%C3%A9"), "%e9t%C3%A9", 0},
		{"dot-dot segment", New().Segments("files", "..", "etc"), "/files/../etc", 7},
		{"dot segment", New().Segments("a.", "."), "/a./.", 4},
	} {
		_, err := tc.b.Build()
		var be *BuildError
		if !errors.As(err, &be) || be.Value != tc.value || be.Offset != tc.offset {
			t.Errorf("%s: Build error %#v; want value %q, offset %d", tc.name, be, tc.value, tc.offset)
		}
	}
}

// A segment with dots that is not a dot segment is data like any other, and
// a path set after Segments leaves its refusal behind.
func TestBuildDotsInSegments(t *testing.T) {
	runBuild(t, []buildCase{
		{"dots with more", New().Segments("...", ".a", "a..", ".%2E"), "/.../.a/a../.%252E"},
		{"Path after Segments", New().Segments("..").Path("/a"), "/a"},
		{"RawPath after Segments", New().Segments(".").RawPath("/b"), "/b"},
		{"Segments after Segments", New().Segments(".").Segments("c"), "/c"},
	})
}

// From keeps a host the RFC would not let a producer write (§3.2.2): it
// reproduces, it does not produce.
func TestFromKeepsNonUTF8Host(t *testing.T) {
	u := uri.MustParse("http://%FF/")
	if got, err := From(u).Build(); err != nil || got != u {
		t.Errorf("From(%q).Build = %q, %v", u, got, err)
	}
}

func TestBuildErrorMessage(t *testing.T) {
	_, err := New().Path("a:b").Build()
	want := `builder: path "a:b": first segment of a relative path contains ":"`
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v, want %s", err, want)
	}
	_, err = New().RawQuery("a#b").Build()
	want = `builder: query "a#b": does not match its rule (at offset 1)`
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v, want %s", err, want)
	}
}

func TestBuildRepaired(t *testing.T) {
	cases := []buildCase{
		{"slash in front under an authority", New().Host("h").Path("a/b"), "//h/a/b"},
		{"slash-dot in front of a double slash", New().Path("//a"), "/.//a"},
		{"slash-dot with a scheme", New().Scheme("s").Path("//a/b"), "s:/.//a/b"},
		{"dot-slash in front of a colon", New().Path("a:b/c"), "./a:b/c"},
		{"nothing to repair", New().Scheme("s").Host("h").Path("/a"), "s://h/a"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u, err := tc.b.BuildRepaired()
			if err != nil {
				t.Fatalf("BuildRepaired: %v", err)
			}
			if u.String() != tc.want || uri.MustParseReference(tc.want) != u {
				t.Fatalf("BuildRepaired = %q, want %q", u.String(), tc.want)
			}
		})
	}
	// Other refusals stand.
	if _, err := New().Host("h").Port(70000).Path("a").BuildRepaired(); !errors.Is(err, ErrPortRange) {
		t.Fatalf("BuildRepaired with port 70000: %v, want ErrPortRange", err)
	}
	if _, err := New().RawPath("a b").BuildRepaired(); !errors.Is(err, ErrSyntax) {
		t.Fatalf("BuildRepaired of raw path \"a b\": %v, want ErrSyntax", err)
	}
}

func TestFromIsIdentity(t *testing.T) {
	for _, s := range []string{
		"", "s:", "s://", "//@h", "//h:", "?", "#", "s:?#", "//", "///",
		"http://u:p@[::1]:0080/a/b?c#d", "file:///x", "mailto:a@b", "//h:99999999",
		"a/b:c", "./a:b", "/.//x", "urn:isbn:123", "http://[v7.x]/", "HTTP://EXAMPLE.COM/%7e",
		"foo://example.com:8042/over/there?name=ferret#nose", "//192.0.2.1:/?#",
		"s:%41/b", "?a=1&b=2&&", "#x?y/z",
	} {
		u := uri.MustParseReference(s)
		got, err := From(u).Build()
		if err != nil {
			t.Errorf("From(%q).Build: %v", s, err)
			continue
		}
		if got != u || got.String() != s {
			t.Errorf("From(%q).Build = %q (%#v), want %#v", s, got.String(), got, u)
		}
	}
}

// The zero URI is the empty relative reference; From keeps what its
// accessors say. (uri.URI{} and uri.MustParseReference("") differ under ==,
// which is the uri package's business: the zero value holds no path span.)
func TestFromZeroURI(t *testing.T) {
	var z uri.URI
	got, err := From(z).Build()
	if err != nil || got != z {
		t.Fatalf("From(uri.URI{}).Build = %q, %v; want the zero URI itself", got.String(), err)
	}
}

func TestFromThenEdit(t *testing.T) {
	base := uri.MustParse("http://u@h:81/p?q#f")
	runBuild(t, []buildCase{
		{"add a param", From(base).QueryParam("a", "1"), "http://u@h:81/p?q&a=1#f"},
		{"replace the query", From(base).WithoutQuery().QueryParam("a", "1"), "http://u@h:81/p?a=1#f"},
		{"drop userinfo and port", From(base).WithoutUserInfo().WithoutPort(), "http://h/p?q#f"},
		{"other host", From(base).Host("::1"), "http://u@[::1]:81/p?q#f"},
		{"relative", From(base).WithoutScheme().WithoutAuthority().WithoutFragment(), "/p?q"},
	})
}

func TestBranchesAreIndependent(t *testing.T) {
	b := New().Scheme("s").Host("h").QueryParam("x", "0")
	b1 := b.QueryParam("a", "1")
	b2 := b.QueryParam("b", "2")
	b3 := b2.Fragment("f")
	for _, tc := range []struct {
		b    Builder
		want string
	}{
		{b, "s://h?x=0"}, {b1, "s://h?x=0&a=1"}, {b2, "s://h?x=0&b=2"}, {b3, "s://h?x=0&b=2#f"},
	} {
		if got := tc.b.MustBuild().String(); got != tc.want {
			t.Errorf("Build = %q, want %q", got, tc.want)
		}
	}

	// Segments copies what it is given: the caller's slice may change after.
	segs := []string{"a", "b"}
	p := New().Segments(segs...)
	segs[0] = "changed"
	if got := p.MustBuild().String(); got != "/a/b" {
		t.Errorf("after changing the slice, Build = %q, want /a/b", got)
	}
}

func TestMustBuildPanics(t *testing.T) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		var be *BuildError
		if !ok || !strings.HasPrefix(err.Error(), "builder.MustBuild: ") || !errors.As(err, &be) || be.Err != ErrInvalidScheme {
			t.Fatalf("recover() = %#v, want an error wrapping the *BuildError", r)
		}
	}()
	New().Scheme("").MustBuild()
}

func TestString(t *testing.T) {
	if got, want := New().Scheme("http").Host("h").Segments("a b").String(), `builder.Builder("http://h/a%20b")`; got != want {
		t.Errorf("String = %s, want %s", got, want)
	}
	got := New().Scheme("1http").Host("h").Query("").String()
	want := `builder.Builder{scheme:"1http" host:"h" path:"" query:""} invalid: builder: scheme "1http": invalid scheme`
	if got != want {
		t.Errorf("String = %s, want %s", got, want)
	}
}

func TestZeroValueIsNew(t *testing.T) {
	var b Builder
	if b != New() {
		t.Fatal("the zero Builder differs from New()")
	}
}

// A Unicode name IDNA refuses is a *BuildError with ErrInvalidHost whose
// Hint quotes IDNA's reason, as idna.Lookup gives it.
func TestHostIDNARefused(t *testing.T) {
	for _, h := range []string{
		"a\u200eb.de", // U+200E LEFT-TO-RIGHT MARK: disallowed
		"ü_x.de",      // "_" is not LDH (STD3 rules)
		"-bücher.de",  // a label starts with "-"
		"ü%41.de",     // "%" is not LDH
		"\u05d0ü.de",  // a label mixes Hebrew and Latin: the bidi rule
	} {
		_, idnaErr := idna.Lookup.ToASCII(h)
		if idnaErr == nil {
			t.Fatalf("idna.Lookup accepts %q: the test needs another name", h)
		}
		_, err := New().Scheme("s").Host(h).Build()
		var be *BuildError
		if !errors.As(err, &be) || be.Err != ErrInvalidHost || be.Component != "host" || be.Offset != -1 {
			t.Errorf("Host(%q).Build() error %#v; want ErrInvalidHost at offset -1", h, err)
			continue
		}
		if want := "IDNA (UTS #46 lookup) refuses the name: " + idnaErr.Error(); be.Hint != want {
			t.Errorf("Host(%q): Hint %q, want %q", h, be.Hint, want)
		}
		if be.Value != h || !strings.Contains(err.Error(), idnaErr.Error()) {
			t.Errorf("Host(%q): Value %q, message %q", h, be.Value, err)
		}
	}
	// RawHost takes percent-encoded UTF-8 as it is: no IDNA.
	if got := New().Scheme("s").RawHost("b%C3%BCcher.de").MustBuild().String(); got != "s://b%C3%BCcher.de" {
		t.Errorf("RawHost = %q", got)
	}
	// Invalid UTF-8 is not IDNA's business: percent-encoded, then refused.
	if _, err := New().Host("\xff.de").Build(); !errors.Is(err, ErrInvalidHost) {
		t.Errorf("Host(\"\\xff.de\"): %v", err)
	}
}

// A Unicode name whose A-label passes the 63 bytes DNS allows a label (UTS
// #46 VerifyDnsLength; 60 letters and a "ü" punycode to more) is refused
// with ErrInvalidHost, the Hint naming the label; the same label in ASCII
// is the caller's business (RawHost and Host keep it: §3.2.2 sets no
// length).
func TestHostDNSLength(t *testing.T) {
	long := "www." + strings.Repeat("a", 60) + "ü.de"
	_, err := New().Scheme("s").Host(long).Build()
	var be *BuildError
	if !errors.As(err, &be) || be.Err != ErrInvalidHost || !strings.Contains(be.Hint, "label 2 is ") || !strings.Contains(be.Hint, "DNS allows 63") {
		t.Errorf("Host(%q).Build() error %v; want ErrInvalidHost naming label 2", long, err)
	}
	ascii := strings.Repeat("a", 70) + ".de"
	if u, err := New().Scheme("s").Host(ascii).Build(); err != nil || u.Host() != ascii {
		t.Errorf("Host(%q).Build() = %v, %v", ascii, u, err)
	}
	// An empty label breaks VerifyDnsLength too (a Unicode name the
	// property test drew); ".a" in ASCII is a reg-name as it stands.
	if _, err := New().Scheme("s").Host(".À").Build(); !errors.As(err, &be) || be.Err != ErrInvalidHost || !strings.Contains(be.Hint, "label 1 is empty") {
		t.Errorf(`Host(".À").Build() error %v; want ErrInvalidHost naming label 1`, err)
	}
	if u, err := New().Scheme("s").Host(".a").Build(); err != nil || u.Host() != ".a" {
		t.Errorf(`Host(".a").Build() = %v, %v`, u, err)
	}
}

// One component much longer than all the others together is recomposed
// whole (§5.3): the length Build sizes its buffer with adds every
// component.
func TestBuildRecomposesOneLongComponent(t *testing.T) {
	long := strings.Repeat("9", 40)
	for _, tt := range []struct {
		b    Builder
		want string
	}{
		{New().RawPort(long), "//:" + long},
		{New().Scheme("s" + long), "s" + long + ":"},
		{New().RawUserInfo(long), "//" + long + "@"},
		{New().RawHost("h" + long), "//h" + long},
		{New().RawPath("/" + long), "/" + long},
		{New().RawQuery(long), "?" + long},
		{New().RawFragment(long), "#" + long},
	} {
		u, err := tt.b.Build()
		if err != nil || u.String() != tt.want {
			t.Errorf("Build() = %q, %v; want %q", u.String(), err, tt.want)
		}
	}
}

// Build says where a refusal is at the edges of its scans: at offset 0, at
// a dot segment after an empty one, at a "%" that ends the path too soon;
// and a ":" that starts a relative path's first segment (§4.2) is the first
// segment's hazard, repaired by BuildRepaired.
func TestBuildErrorOffsetsAtEdges(t *testing.T) {
	for _, tt := range []struct {
		name string
		b    Builder
		want string
	}{
		{"offset 0", New().RawQuery("#"), `builder: query "#": does not match its rule (at offset 0)`},
		{"dot segment after an empty one", New().Host("h").Segments("", ".."),
			`builder: path "//..": a segment "." or ".." would be removed by resolution (at offset 2)`},
		{"a truncated triplet", New().RawPath("/a%4"), `builder: path "/a%4": does not match its rule (at offset 2)`},
		{"a lone % at the end", New().RawPath("/a%"), `builder: path "/a%": does not match its rule (at offset 2)`},
		{"a first segment starting with a colon", New().RawPath(":a/b"),
			`builder: path ":a/b": first segment of a relative path contains ":"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.b.Build()
			if err == nil || err.Error() != tt.want {
				t.Errorf("Build() error = %v\nwant %s", err, tt.want)
			}
		})
	}
	if u, err := New().RawPath(":a/b").BuildRepaired(); err != nil || u.String() != "./:a/b" {
		t.Errorf("BuildRepaired() = %q, %v; want \"./:a/b\"", u.String(), err)
	}
}

// buildFault is what a test of a refused host compares of the *BuildError.
type buildFault struct {
	Component string
	Offset    int
	Hint      string
	Invalid   bool // errors.Is(err, ErrInvalidHost)
}

// Host given text that starts with a part of a URL other than a host says
// so at offset 0: a "/" that starts a path, a "?" a query, a "://" that
// follows a scheme (a whole URI, here with an empty scheme: the "://" wins
// over the "/" inside it).
func TestHostDelimiterAtStart(t *testing.T) {
	for _, tt := range []struct {
		host string
		want buildFault
	}{
		{"/p", buildFault{"host", 0, `"/" starts a path: set it with Path or AppendSegments`, true}},
		{"?q", buildFault{"host", 0, `"?" starts a query: set it with Query or SetQueryParam`, true}},
		{"://h/p", buildFault{"host", 0, `"://" follows a scheme: this is a whole URI; parse it with uri.Parse and edit it with From`, true}},
	} {
		_, err := New().Scheme("http").Host(tt.host).Build()
		var be *BuildError
		if !errors.As(err, &be) {
			t.Fatalf("Host(%q): Build() error = %v, want a *BuildError", tt.host, err)
		}
		got := buildFault{be.Component, be.Offset, be.Hint, errors.Is(err, ErrInvalidHost)}
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("Host(%q) (-want +got):\n%s", tt.host, d)
		}
	}
}

// A Unicode host that IDNA maps to nothing (U+00AD SOFT HYPHEN and U+200B
// ZERO WIDTH SPACE are "ignored" in the UTS #46 mapping) is refused with
// ErrInvalidHost at no offset (-1, as for every host IDNA refuses), the
// reason as the Hint: an empty name breaks VerifyDnsLength, and an empty
// reg-name would be another URI (§3.2.2).
func TestHostIDNAMapsToEmptyName(t *testing.T) {
	for _, host := range []string{"\u00ad", "\u200b\u00ad"} {
		_, err := New().Scheme("http").Host(host).Build()
		var be *BuildError
		if !errors.As(err, &be) {
			t.Fatalf("Host(%q): Build() error = %v, want a *BuildError", host, err)
		}
		got := buildFault{be.Component, be.Offset, be.Hint, errors.Is(err, ErrInvalidHost)}
		if d := cmp.Diff(buildFault{"host", -1, "IDNA (UTS #46 lookup) refuses the name: idna: the name is empty, DNS allows 1 to 253 bytes (UTS #46 VerifyDnsLength)", true}, got); d != "" {
			t.Errorf("Host(%q) (-want +got):\n%s", host, d)
		}
	}
}

// With a scheme and no authority, the path is path-absolute when it starts
// with "/", path-empty when empty, else path-rootless (§3: hier-part); each
// is valid, so a Build that fails must name the component at fault, here a
// query holding "#" (§3.4), and not the path. Such a Builder goes past
// Build's quick path (its text does not parse) to the check of each
// component.
func TestBuildSchemeNoAuthorityPath(t *testing.T) {
	for _, p := range []string{"", "x", "/x", "x:y/z", "/"} {
		_, err := New().Scheme("s").RawPath(p).RawQuery("#").Build()
		var be *BuildError
		if !errors.As(err, &be) || be.Component != "query" || be.Offset != 0 || !errors.Is(err, ErrSyntax) {
			t.Errorf("path %q, query \"#\": Build() error = %v, want one about the query at offset 0", p, err)
		}
		if u, err := New().Scheme("s").RawPath(p).Build(); err != nil || u.String() != "s:"+p {
			t.Errorf("path %q: Build() = %q, %v; want %q", p, u.String(), err, "s:"+p)
		}
	}
}

// Ports 0 and 65535 are in range (§3.2.3 leaves the range to the scheme;
// the builder takes 0 to 65535), also where Build checks each component
// because the text does not parse (here a query holding "#"): the error is
// the query's. A port out of range from HostPort is an ErrPortRange with no
// offset (BuildError's doc: Offset is -1 for it).
func TestBuildPortBoundsPastTheQuickPath(t *testing.T) {
	for _, p := range []int{0, 65535} {
		_, err := New().Scheme("s").Host("h").Port(p).RawQuery("#").Build()
		var be *BuildError
		if !errors.As(err, &be) || be.Component != "query" || !errors.Is(err, ErrSyntax) {
			t.Errorf("Port(%d), query \"#\": Build() error = %v, want the query's", p, err)
		}
	}
	_, err := New().Scheme("s").HostPort("h:65536").RawQuery("#").Build()
	var be *BuildError
	if !errors.As(err, &be) || be.Component != "port" || be.Offset != -1 || !errors.Is(err, ErrPortRange) {
		t.Errorf("HostPort(h:65536): Build() error = %#v, want ErrPortRange at offset -1", err)
	}
}

// A path whose first byte is the fault is refused with ErrSyntax at offset
// 0: a "%" that starts no pct-encoded triplet (§2.1), a space (in no rule of
// §3.3), also under an authority, where the path's missing "/" is not the
// error.
func TestBuildPathFaultAtZero(t *testing.T) {
	for _, b := range []Builder{New().RawPath("%zz"), New().Host("h").RawPath(" /a"), New().Scheme("s").RawPath("%")} {
		_, err := b.Build()
		var be *BuildError
		if !errors.As(err, &be) || be.Component != "path" || be.Offset != 0 || !errors.Is(err, ErrSyntax) {
			t.Errorf("%v: Build() error = %v, want ErrSyntax in the path at offset 0", b, err)
		}
	}
}

// String shows at most 1 KiB of a URI that builds, cut at the start of a
// character, with "…" and the URI's length; a *BuildError without its Err
// still prints.
func TestStringCutsLongURI(t *testing.T) {
	long := "/" + strings.Repeat("a", 2000)
	got := New().Scheme("s").Host("h").Path(long).String()
	want := `builder.Builder("s://h` + long[:1024-len("s://h")] + `…" (2006 bytes))` // 5 + 1 + 2000
	if got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
	// Exactly 1 KiB: not cut.
	exact := "/" + strings.Repeat("a", 1024-len("s://h/"))
	if got, want := New().Scheme("s").Host("h").Path(exact).String(), `builder.Builder("s://h`+exact+`")`; got != want {
		t.Errorf("String() of 1024 bytes =\n%s\nwant\n%s", got, want)
	}
	// Bytes that start no character, from the first: cut to nothing.
	if got, want := quoteCut(strings.Repeat("\x80", 10), 4), `"…" (10 bytes)`; got != want {
		t.Errorf("quoteCut = %s, want %s", got, want)
	}
	// 1023 bytes of "é" cut at 1022, between two characters.
	if got, want := quoteCut(strings.Repeat("é", 600), 1023), `"`+strings.Repeat("é", 511)+`…" (1200 bytes)`; got != want {
		t.Errorf("quoteCut = %s, want %s", got, want)
	}
	if got, want := (&BuildError{Component: "path", Offset: -1}).Error(), `builder: path "": <nil>`; got != want {
		t.Errorf("Error() = %s, want %s", got, want)
	}
}
