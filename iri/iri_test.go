package iri

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/uri"
)

// parts is what the accessors of an IRI report, for table tests; nil is an
// undefined component.
type parts struct {
	Scheme, Authority, UserInfo, Host, Port *string
	Path                                    string
	Query, Fragment                         *string
	Kind                                    uri.HostKind
}

func partsOf(i IRI) parts {
	p := parts{Path: i.Path(), Kind: i.HostKind()}
	opt := func(has bool, s string) *string {
		if !has {
			return nil
		}
		return &s
	}
	p.Scheme = opt(!i.IsRelative(), i.Scheme())
	p.Authority = opt(i.HasAuthority(), i.Authority())
	p.UserInfo = opt(i.HasUserInfo(), i.UserInfo())
	p.Host = opt(i.HasAuthority(), i.Host())
	p.Port = opt(i.HasPort(), i.Port())
	p.Query = opt(i.HasQuery(), i.Query())
	p.Fragment = opt(i.HasFragment(), i.Fragment())
	return p
}

func sp(s string) *string { return &s }

// TestParseComponents: components of IRIs, read by hand from RFC 3987 §2.2
// (the same split as RFC 3986 §3, with the wider character ranges).
func TestParseComponents(t *testing.T) {
	for _, c := range []struct {
		in   string
		want parts
	}{
		{"http://r\u00E9sum\u00E9.example.org", parts{Scheme: sp("http"), Authority: sp("résumé.example.org"), Host: sp("résumé.example.org"), Kind: uri.RegName}},
		{"http://jürgen:pä@bücher.de:8080/ü/x?q=\uE000é#fé", parts{Scheme: sp("http"), Authority: sp("jürgen:pä@bücher.de:8080"), UserInfo: sp("jürgen:pä"), Host: sp("bücher.de"), Port: sp("8080"), Path: "/ü/x", Query: sp("q=\uE000é"), Fragment: sp("fé"), Kind: uri.RegName}},
		{"urn:例:え", parts{Scheme: sp("urn"), Path: "例:え"}},
		{"例/え?", parts{Path: "例/え", Query: sp("")}},
		{"//[::1]:/", parts{Authority: sp("[::1]:"), Host: sp("[::1]"), Port: sp(""), Path: "/", Kind: uri.IPv6}},
		{"//1.2.3.4é", parts{Authority: sp("1.2.3.4é"), Host: sp("1.2.3.4é"), Kind: uri.RegName}},
		{"//1.2.3.4", parts{Authority: sp("1.2.3.4"), Host: sp("1.2.3.4"), Kind: uri.IPv4}},
		{"", parts{}},
		{"#", parts{Fragment: sp("")}},
		{"s:", parts{Scheme: sp("s")}},
		{"file:///ü", parts{Scheme: sp("file"), Authority: sp(""), Host: sp(""), Path: "/ü", Kind: uri.RegName}},
	} {
		i, err := ParseReference(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if diff := cmp.Diff(c.want, partsOf(i)); diff != "" {
			t.Errorf("%q (-want +got):\n%s", c.in, diff)
		}
		if i.String() != c.in {
			t.Errorf("String = %q, want %q", i.String(), c.in)
		}
		// The same text as a URI, where it is one, has the same components.
		if u, err := uri.ParseReference(c.in); err == nil && (u.Host() != i.Host() || u.Path() != i.Path() || u.HostKind() != i.HostKind()) {
			t.Errorf("%q: uri reads other components", c.in)
		}
	}
	var zero IRI
	if diff := cmp.Diff(parts{}, partsOf(zero)); diff != "" || zero.String() != "" {
		t.Errorf("zero IRI: %s", diff)
	}
	if z, _ := ParseReference(""); z != zero {
		t.Error(`ParseReference("") != IRI{}`)
	}
}

// rfcIRIs are the IRIs of RFC 3987's examples (§1.4, §3.1, §3.2.1, §5.3.2,
// §6.4), the characters written in XML notation there written here.
var rfcIRIs = []string{
	"http://r\u00E9sum\u00E9.example.org",
	"http://xn--rsum-bpad.example.org",
	"http://r%C3%A9sum%C3%A9.example.org",
	"http://validator.w3.org/check?uri=http%3A%2F%2Fr\u00E9sum\u00E9.example.org",
	"http://www.example.org/red%09ros\u00E9#red",
	"http://example.com/\U00010300\U00010301\U00010302",
	"http://www.example.org/D\u00FCrst",
	"http://www.example.org/D%FCrst",
	"http://xn--99zt52a.example.org/%e2%80%ae",
	"http://\u7D0D\u8C46.example.org/%E2%80%AE",
	"http://www.example.org/r%E9sum%E9.html",
	"example://a/b/c/%7Bfoo%7D/ros\u00E9",
	"eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9",
	"http://www.example.org/r\u00E9sum\u00E9.html",
	"http://www.example.org/re\u0301sume\u0301.html",
	"http://example.com",
	"http://example.com/",
	"http://example.com:/",
	"http://example.com:80/",
	"http://example.org/ros\u00E9",
	"http://example.org/~user",
	"http://example.org/%7euser",
	"http://example.org/%7Euser",
	"http://www.example.org/Vi\u1EC7t%20Nam",
}

func TestParseRFCExamples(t *testing.T) {
	for _, s := range rfcIRIs {
		if _, err := Parse(s); err != nil {
			t.Errorf("Parse(%q): %v", s, err)
		}
		if _, err := ParseReference(s); err != nil {
			t.Errorf("ParseReference(%q): %v", s, err)
		}
	}
}

// TestParseErrors checks the error of each mistake: where the grammar of
// RFC 3987 §2.2 stops, the component there, and the hint, in the words of
// internal/hint (which uri gives the same mistake: TestSameMistakeSameWords
// there), its offsets those of the input as given.
func TestParseErrors(t *testing.T) {
	const (
		space      = `a space is not allowed as it stands: percent-encode it as "%20"`
		privateUse = `non-ASCII character '\ue000' is not allowed in a URI, nor outside the query of an IRI: percent-encode its UTF-8 bytes as "%EE%80%80"`
	)
	for _, c := range []struct {
		in    string
		parse bool // Parse, else ParseReference
		want  ParseError
	}{
		{"http://h/a b", false, ParseError{Offset: 10, Rule: "IRI-reference", Component: "path", Expected: []string{"ipchar", `"/"`, `"?"`, `"#"`, "end of input"}, Hint: space}},
		{"http://h/\uE000", false, ParseError{Offset: 9, Rule: "IRI-reference", Component: "path", Hint: privateUse}},
		{"http://h/?\uE000#\uE000", false, ParseError{Offset: 14, Rule: "IRI-reference", Component: "fragment", Hint: privateUse}},
		{"http://h/\xC3(", false, ParseError{Offset: 9, Rule: "IRI-reference", Component: "path",
			Hint: `byte 0xC3 is not UTF-8 text: percent-encode it as "%C3"`}},
		{"http://h/\uFDD0", false, ParseError{Offset: 9, Rule: "IRI-reference", Component: "path",
			Hint: `non-ASCII character '\ufdd0' is not allowed in a URI or an IRI: percent-encode its UTF-8 bytes as "%EF%B7%90"`}},
		{"http://h/\u0085", false, ParseError{Offset: 9, Rule: "IRI-reference", Component: "path",
			Hint: `non-ASCII character '\u0085' is not allowed in a URI or an IRI: percent-encode its UTF-8 bytes as "%C2%85"`}},
		{"http://bü cher/", false, ParseError{Offset: 10, Rule: "IRI-reference", Component: "host", Hint: space}},
		// The port ends at the "/" (up to it, the authority could be a
		// userinfo); the offset the hint names is the "é"'s, in the input.
		{"http://h:8é/", false, ParseError{Offset: 12, Rule: "IRI-reference", Component: "port",
			Hint: `the port "8é" holds 'é' at offset 10: a port is decimal digits only`}},
		{"é:x", false, ParseError{Offset: 2, Rule: "IRI-reference", Component: "path",
			Hint:       `a ":" in the first segment of a relative path would read as a scheme (RFC 3986 §4.2): begin the path with "./", as in "./é:x"`,
			Suggestion: "./é:x"}},
		{"//h/100%", false, ParseError{Offset: 8, Rule: "IRI-reference", Component: "path",
			Hint: `"%" at offset 7 is not followed by two hexadecimal digits: a "%" that stands for itself is written "%25"`}},
		{"a#b#c", false, ParseError{Offset: 3, Rule: "IRI-reference", Component: "fragment",
			Hint: `a second "#": the fragment began at offset 1 and cannot hold a "#": percent-encode it as "%23"`}},
		{"/a{b}", false, ParseError{Offset: 2, Rule: "IRI-reference", Component: "path",
			Hint: `"{" is not allowed as it stands: a URI template (RFC 6570) is expanded before it is parsed; else percent-encode it as "%7B"`}},
		{"/a[b]", false, ParseError{Offset: 2, Rule: "IRI-reference", Component: "path",
			Hint: `"[" is allowed only around an IP literal in the host: percent-encode it as "%5B"`}},
		{"bücher", true, ParseError{Offset: 1, Rule: "IRI", Component: "scheme", Hint: `no scheme: begin with one, such as "https:"`}},
	} {
		var err error
		if c.parse {
			_, err = Parse(c.in)
		} else {
			_, err = ParseReference(c.in)
		}
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v is not a *ParseError", c.in, err)
			continue
		}
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%q: not ErrInvalid", c.in)
		}
		got := *pe
		got.Input, c.want.Input = "", ""
		if c.want.Expected == nil {
			got.Expected = nil
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", c.in, diff)
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "iri: ") || !strings.HasSuffix(msg, "; "+pe.Hint) {
			t.Errorf("%q: message %q", c.in, msg)
		}
	}
}

func TestParseErrorQuotesAtMost64Bytes(t *testing.T) {
	long := "http://h/" + strings.Repeat("é", 100) + "\x01" + strings.Repeat("ü", 100)
	_, err := ParseReference(long)
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if len(msg) > 300 || strings.ContainsRune(msg, 1) || !strings.Contains(msg, `\x01`) {
		t.Errorf("message %d bytes: %s", len(msg), msg)
	}
}

func TestParseAbsoluteRelative(t *testing.T) {
	if i, err := ParseAbsolute("http://bücher.de/ü?q"); err != nil || !i.IsAbsolute() {
		t.Errorf("ParseAbsolute: %v", err)
	}
	if _, err := ParseAbsolute("http://bücher.de/#f"); err == nil {
		t.Error("ParseAbsolute accepts a fragment")
	}
	if i, err := ParseRelative("ü/a?q#f"); err != nil || !i.IsRelative() || i.IsAbsolute() {
		t.Errorf("ParseRelative: %v", err)
	}
	var pe *ParseError
	if _, err := ParseRelative("ü:a"); !errors.As(err, &pe) || pe.Rule != "irelative-ref" || pe.Component != "path" || pe.Offset != 2 {
		t.Errorf("ParseRelative(ü:a): %#v", err)
	}
	if _, err := ParseAbsolute("/ü"); !errors.As(err, &pe) || pe.Rule != "absolute-IRI" || pe.Component != "scheme" {
		t.Errorf("ParseAbsolute(/ü): %#v", err)
	}
}

func TestMustParse(t *testing.T) {
	if MustParse("s:é").Path() != "é" || MustParseReference("é").Path() != "é" {
		t.Error("MustParse")
	}
	for _, f := range []func(){func() { MustParse("é") }, func() { MustParseReference("a b") }} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.HasPrefix(r.(string), "iri.MustParse") {
					t.Errorf("recover() = %v", r)
				}
			}()
			f()
		}()
	}
}

func TestToURI(t *testing.T) {
	for _, c := range [][2]string{
		// RFC 3987 §3.1 and its notes.
		{"http://r\u00E9sum\u00E9.example.org", "http://r%C3%A9sum%C3%A9.example.org"},
		{"http://www.example.org/red%09ros\u00E9#red", "http://www.example.org/red%09ros%C3%A9#red"},
		{"http://example.com/\U00010300\U00010301\U00010302", "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"},
		{"http://validator.w3.org/check?uri=http%3A%2F%2Fr\u00E9sum\u00E9.example.org", "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org"},
		// iprivate in the query; a URI is left as it is (identity), "%" and lower-case hex included.
		{"?\uE000", "?%EE%80%80"},
		{"http://a/%7e%2f?#", "http://a/%7e%2f?#"},
		{"", ""},
	} {
		got := MustParseReference(c[0]).ToURI()
		if got.String() != c[1] {
			t.Errorf("ToURI(%q) = %q, want %q", c[0], got, c[1])
		}
		// Idempotent: the URI read as an IRI maps to itself.
		if again := MustParseReference(got.String()).ToURI(); again != got {
			t.Errorf("ToURI not idempotent on %q: %q", got, again)
		}
	}
}

func TestFromURI(t *testing.T) {
	for _, c := range [][2]string{
		// RFC 3987 §3.2.1.
		{"http://www.example.org/D%C3%BCrst", "http://www.example.org/D\u00FCrst"},
		{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"},
		{"http://xn--99zt52a.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%E2%80%AE"},
		// §3.2: "%", reserved and ASCII a URI may not hold stay encoded, as written.
		{"http://a/%25%2f%2F%3A%20%7b%7f%00?%23#%5B", "http://a/%25%2f%2F%3A%20%7b%7f%00?%23#%5B"},
		// Unreserved ASCII is decoded.
		{"http://a/%7euser%41%2d%2E", "http://a/~userA-."},
		{"http://r%C3%A9sum%C3%A9.example.org", "http://r\u00E9sum\u00E9.example.org"},
		// iprivate: decoded in the query only.
		{"http://a/%EE%80%80?%EE%80%80#%EE%80%80", "http://a/%EE%80%80?\uE000#%EE%80%80"},
		{"?%F3%B0%80%80%F4%8F%BF%BD", "?\U000F0000\U0010FFFD"},
		// Bidi formatting characters (§4.1) stay encoded, upper case.
		{"/%e2%80%8e%E2%80%8F%e2%80%aa%e2%80%ab%e2%80%ac%e2%80%ad", "/%E2%80%8E%E2%80%8F%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD"},
		// Not ucschar: C1 controls, non-characters, tags; re-encoded upper case.
		{"/%c2%85%ef%b7%90%EF%BF%BE%f3%a0%80%81", "/%C2%85%EF%B7%90%EF%BF%BE%F3%A0%80%81"},
		// Invalid UTF-8: overlong, surrogate, truncated, stray continuation; the valid part is decoded.
		{"/%C0%AF%ED%A0%80%E2%82%C3%A9%E2%82%80", "/%C0%AF%ED%A0%80%E2%82\u00E9\u2080"},
		{"/%C3%A9%C3", "/\u00E9%C3"},
		{"/%C3x%A9", "/%C3x%A9"},
		// Userinfo and fragment decode too.
		{"//j%C3%BCrgen@h#%C3%A9", "//jürgen@h#é"},
		// A reg-name that would become an IPv4address keeps its ASCII triplets.
		{"http://%31.2.3.4/", "http://%31.2.3.4/"},
		{"http://%31.2.3.4%C3%A9/", "http://1.2.3.4\u00E9/"},
		// A segment of a relative-path reference that would decode to a dot
		// segment keeps its triplets: "." resolves elsewhere than "%2E" (§5.2.4).
		{"%2e#", "%2e#"},
		{"a/%2E%2e/%C3%A9%2e", "a/%2E%2e/\u00E9."},
		{"%2e%2e%2e/b", ".../b"},
		// Elsewhere the dot segment is decoded: normalization removes it either way.
		{"/%2e/b", "/./b"},
		{"s:%2E", "s:."},
		{"", ""},
	} {
		got := FromURI(uri.MustParseReference(c[0]))
		if got.String() != c[1] {
			t.Errorf("FromURI(%q) = %q, want %q", c[0], got, c[1])
		}
	}
	if FromURI(uri.URI{}) != (IRI{}) {
		t.Error("FromURI of the zero URI")
	}
}

func TestFromURIULabels(t *testing.T) {
	for _, c := range [][2]string{
		{"http://xn--99zt52a.example.org/%e2%80%ae", "http://\u7D0D\u8C46.example.org/%E2%80%AE"}, // §3.2.1
		{"http://xn--bcher-kva.de/", "http://bücher.de/"},
		{"http://XN--BCHER-KVA.de/", "http://bücher.de/"},
		{"http://example.org/", "http://example.org/"},
		{"http://xn--a.de/", "http://xn--a.de/"}, // not valid punycode: left as it is
		{"http://[::1]/xn--bcher-kva", "http://[::1]/xn--bcher-kva"},
	} {
		got := FromURIWith(uri.MustParseReference(c[0]), FromURIOptions{ULabels: true})
		if got.String() != c[1] {
			t.Errorf("FromURIWith(%q, ULabels) = %q, want %q", c[0], got, c[1])
		}
	}
	// Off by default.
	if got := FromURI(uri.MustParse("http://xn--bcher-kva.de/")); got.Host() != "xn--bcher-kva.de" {
		t.Errorf("FromURI converted the A-label: %q", got)
	}
}

func TestToASCII(t *testing.T) {
	for _, c := range [][2]string{
		{"http://r\u00E9sum\u00E9.example.org", "http://xn--rsum-bpad.example.org"}, // §3.1
		{"https://bücher.de/ü", "https://xn--bcher-kva.de/%C3%BC"},
		{"https://Bücher.DE/", "https://xn--bcher-kva.de/"},
		{"http://faß.de/", "http://xn--fa-hia.de/"}, // nontransitional: ß stays
		{"http://b%C3%BCcher.de/", "http://xn--bcher-kva.de/"},
		{"http://jü@bücher.de:8080/?q=ü", "http://j%C3%BC@xn--bcher-kva.de:8080/?q=%C3%BC"},
		{"http://Example.com/ü", "http://Example.com/%C3%BC"}, // an ASCII host stays
		{"http://[::1]/ü", "http://[::1]/%C3%BC"},
		{"mailto:jü@example.org", "mailto:j%C3%BC@example.org"},
		{"/ü", "/%C3%BC"},
	} {
		got, err := MustParseReference(c[0]).ToASCII()
		if err != nil || got.String() != c[1] {
			t.Errorf("ToASCII(%q) = %q, %v; want %q", c[0], got, err, c[1])
		}
	}
	for _, s := range []string{"http://ü\u200D.de/", "http://\u0300ü.de/", "http://-ü.de/", "http://b%FC.de/", "http://ü_x.de/", "http://\u0661\u0041ü.de/"} {
		_, err := MustParseReference(s).ToASCII()
		var ie *IDNAError
		if !errors.As(err, &ie) || ie.Err == nil || !strings.Contains(err.Error(), ie.Err.Error()) {
			t.Errorf("ToASCII(%q): error %v", s, err)
		}
	}
}

// TestToASCIIDNSLength: an A-label past the 63 bytes DNS allows a label
// (UTS #46 VerifyDnsLength; 60 letters and a "ü" punycode to more) is an
// *IDNAError whose message names the label; 50 letters and a "ü" fit.
func TestToASCIIDNSLength(t *testing.T) {
	long := "http://www." + strings.Repeat("a", 60) + "ü.de/"
	_, err := MustParse(long).ToASCII()
	var ie *IDNAError
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "label 2 is ") || !strings.Contains(err.Error(), "DNS allows 63") {
		t.Errorf("ToASCII(%q) error %v, want an *IDNAError naming label 2", long, err)
	}
	if n := len(err.Error()); n > 1024 {
		t.Errorf("message of %d bytes", n)
	}
	short := "http://www." + strings.Repeat("a", 50) + "ü.de/"
	if _, err := MustParse(short).ToASCII(); err != nil {
		t.Errorf("ToASCII(%q): %v", short, err)
	}
	// A 16 KiB Unicode host: refused, the message short.
	huge := "http://" + strings.Repeat("ü", 8192) + "/"
	if _, err := MustParse(huge).ToASCII(); !errors.As(err, &ie) || len(err.Error()) > 1024 {
		t.Errorf("ToASCII(16 KiB host): %d-byte error %.200v", len(err.Error()), err)
	}
}

func TestResolve(t *testing.T) {
	// RFC 3986 §5.4 with characters outside ASCII in base and references:
	// "a" is "ä", "g" is "ğ"; the expected values are §5.4's with the same
	// substitution.
	const base = "http://ä/b/c/d;p?q"
	sub := strings.NewReplacer("a", "ä", "g", "ğ")
	for _, c := range [][2]string{
		{"g:h", "g:h"}, {"g", "http://a/b/c/g"}, {"./g", "http://a/b/c/g"}, {"g/", "http://a/b/c/g/"},
		{"/g", "http://a/g"}, {"//g", "http://g"}, {"?y", "http://a/b/c/d;p?y"}, {"g?y", "http://a/b/c/g?y"},
		{"#s", "http://a/b/c/d;p?q#s"}, {"g#s", "http://a/b/c/g#s"}, {"g?y#s", "http://a/b/c/g?y#s"},
		{";x", "http://a/b/c/;x"}, {"g;x", "http://a/b/c/g;x"}, {"g;x?y#s", "http://a/b/c/g;x?y#s"},
		{"", "http://a/b/c/d;p?q"}, {".", "http://a/b/c/"}, {"./", "http://a/b/c/"}, {"..", "http://a/b/"},
		{"../", "http://a/b/"}, {"../g", "http://a/b/g"}, {"../..", "http://a/"}, {"../../", "http://a/"},
		{"../../g", "http://a/g"}, {"../../../g", "http://a/g"}, {"../../../../g", "http://a/g"},
		{"/./g", "http://a/g"}, {"/../g", "http://a/g"}, {"g.", "http://a/b/c/g."}, {".g", "http://a/b/c/.g"},
		{"g..", "http://a/b/c/g.."}, {"..g", "http://a/b/c/..g"}, {"./../g", "http://a/b/g"},
		{"./g/.", "http://a/b/c/g/"}, {"g/./h", "http://a/b/c/g/h"}, {"g/../h", "http://a/b/c/h"},
		{"g;x=1/./y", "http://a/b/c/g;x=1/y"}, {"g;x=1/../y", "http://a/b/c/y"},
		{"g?y/./x", "http://a/b/c/g?y/./x"}, {"g?y/../x", "http://a/b/c/g?y/../x"},
		{"g#s/./x", "http://a/b/c/g#s/./x"}, {"g#s/../x", "http://a/b/c/g#s/../x"}, {"http:g", "http:g"},
	} {
		ref := sub.Replace(c[0])
		if c[0] == "g:h" || c[0] == "http:g" {
			ref = c[0] // the scheme stays ASCII
		}
		want := strings.Replace(sub.Replace(c[1]), "http:ğ", "http:g", 1)
		if c[0] == "g:h" {
			want = "g:h"
		}
		got, err := MustParse(base).Resolve(MustParseReference(ref))
		if err != nil || got.String() != want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", ref, got, err, want)
		}
	}
	// "%" and percent-encodings are kept as they are.
	got, _ := MustParse("s://h/%41/é%25/x").Resolve(MustParseReference("../ü%2F?%E9"))
	if got.String() != "s://h/%41/ü%2F?%E9" {
		t.Errorf("Resolve with %%: %q", got)
	}
	// The double-slash policy of uri.Resolve.
	got, _ = MustParse("f:/é").Resolve(MustParseReference(".//ü"))
	if got.String() != "f:/.//ü" || got.Path() != "/.//ü" {
		t.Errorf("double slash: %q", got)
	}
	_, err := MustParseReference("/é").Resolve(MustParseReference("x"))
	var re *uri.ResolveError
	if !errors.As(err, &re) || re.Base != "/é" {
		t.Errorf("relative base: %v", err)
	}
}

func TestNormalize(t *testing.T) {
	a := MustParse("example://a/b/c/%7Bfoo%7D/ros\u00E9")
	b := MustParse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9") // §5.3.2
	if !a.Equivalent(b) || a.Equal(b) {
		t.Error("§5.3.2 example")
	}
	if got := b.NormalizeSyntax().String(); got != a.String() {
		t.Errorf("NormalizeSyntax = %q, want %q", got, a)
	}
	for _, s := range []string{"http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"} { // §5.3.3
		if got := MustParse(s).Normalize().String(); got != "http://example.com/" {
			t.Errorf("Normalize(%q) = %q", s, got)
		}
	}
	for _, c := range [][2]string{
		{"HTTP://Bücher.DE:80", "http://bücher.de/"},
		{"http://example.org/%7euser", "http://example.org/~user"},
		{"http://a/%e2%80%ae%c3%a9", "http://a/%E2%80%AE\u00E9"},
		{"http://a/\u202E", "http://a/%E2%80%AE"},
		{"?%ee%80%80", "?\uE000"},
		// A relative-path reference keeps encoded dot segments, as
		// uri.URI.NormalizeSyntax does: "%2e/x" resolves against
		// "http://h/a/" to "http://h/a/%2e/x", "./x" to "http://h/a/x".
		{"%2e/x%c3%a9", "%2E/x\u00E9"},
		{".%2e/../%2E%2E", "%2E%2E"}, // ".." removes the segment ".%2E" (§5.2.4)
		{"/a/%2e/b", "/a/b"},
	} {
		if got := MustParseReference(c[0]).Normalize().String(); got != c[1] {
			t.Errorf("Normalize(%q) = %q, want %q", c[0], got, c[1])
		}
	}
	// No character normalization (§5.3.2.2): NFC and NFD forms differ.
	nfc := MustParse("http://www.example.org/r\u00E9sum\u00E9.html")
	nfd := MustParse("http://www.example.org/re\u0301sume\u0301.html")
	if nfc.Equivalent(nfd) {
		t.Error("NFC and NFD forms are equivalent")
	}
	if MustParse("http://example.org/ros\u00E9").Equivalent(MustParse("http://example.org/ROS\u00C9")) {
		t.Error("case folded outside the host")
	}
}

// Redacted hides what follows the first ":" of the iuserinfo (RFC 3986
// §3.2.1, which RFC 3987 keeps), even when empty, as uri.URI.Redacted
// does; the expected texts are written by hand.
func TestRedacted(t *testing.T) {
	for _, tc := range [][2]string{
		{"http://jü:pässwörd@bücher.de/ü", "http://jü:xxxxx@bücher.de/ü"},
		{"http://u:@h/", "http://u:xxxxx@h/"},
		{"http://u:p:q@h/", "http://u:xxxxx@h/"},
		{"//u:p@h", "//u:xxxxx@h"},
		{"http://u@h/", "http://u@h/"},
		{"http://@h/", "http://@h/"},
		{"http://h/a:b@c", "http://h/a:b@c"}, // a path, not a userinfo
		{"mailto:u:p@h", "mailto:u:p@h"},     // no authority
		{"", ""},
		// Browsers read a password after a special scheme whatever the
		// slashes (the URL Standard's special authority states), and in
		// the URL of a blob URL's path.
		{"https:jü:pässwörd@bücher.de/", "https:jü:xxxxx@bücher.de/"},
		{"https:///u:p@h/", "https:///u:xxxxx@h/"},
		{"blob:https://u:p@h/", "blob:https://u:xxxxx@h/"},
	} {
		i := MustParseReference(tc[0])
		if got := i.Redacted(); got != tc[1] {
			t.Errorf("Redacted(%q) = %q, want %q", tc[0], got, tc[1])
		}
		if got := i.String(); got != tc[0] {
			t.Errorf("String(%q) = %q: it is data, exact", tc[0], got)
		}
	}
}

// An IRI logged through slog, by the text and by the JSON handler, shows no
// password; %#v shows none either, while %v and %s are String, exact.
func TestPrintedFormsHidePassword(t *testing.T) {
	i := MustParse("http://alice:s3cr3t@bücher.de/ü")
	var buf strings.Builder
	for _, h := range []slog.Handler{slog.NewTextHandler(&buf, nil), slog.NewJSONHandler(&buf, nil)} {
		slog.New(h).Info("fetch", "iri", i)
	}
	if strings.Contains(buf.String(), "s3cr3t") || strings.Count(buf.String(), "alice:xxxxx@bücher.de") != 2 {
		t.Errorf("slog:\n%s", buf.String())
	}
	if got, want := fmt.Sprintf("%#v", i), `iri.MustParseReference("http://alice:xxxxx@bücher.de/ü")`; got != want {
		t.Errorf("%%#v = %s, want %s", got, want)
	}
	if got := fmt.Sprintf("%v|%s", i, i); got != i.String()+"|"+i.String() {
		t.Errorf("%%v|%%s = %s", got)
	}
}
