package uri

import (
	"errors"
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// fuzzSeeds are the RFC's examples and inputs that have tripped parsers.
var fuzzSeeds = []string{
	"", "s:", "s:?", "s:?#", "s:#", "//@h", "//h:", "//", "///", "?", "#", "s://", "s:///",
	"ftp://ftp.is.co.za/rfc/rfc1808.txt",
	"http://www.ietf.org/rfc/rfc2396.txt",
	"ldap://[2001:db8::7]/c=GB?objectClass?one",
	"mailto:John.Doe@example.com",
	"news:comp.infosystems.www.servers.unix",
	"tel:+1-816-555-1212",
	"telnet://192.0.2.16:80/",
	"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
	"foo://example.com:8042/over/there?name=ferret#nose",
	"urn:example:animal:ferret:nose",
	"http://a/b/c/d;p?q", "g:h", "../../g", "g;x=1/../y", "g#s/../x", "./a:b",
	"//1.2.3.4", "//1.2.3.256", "//01.2.3.4", "//[::1]", "//[v1.x]", "//[V1.x]",
	"//[::ffff:1.2.3.4]", "//[1:2:3:4:5:6:7:8]", "//[1:2:3:4:5:6:7:8:9]", "//[::1%25en0]",
	"http://a b", "%zz", "%4", "1a:b", "http://[::1/", "a:b#c#d", "http://h:8x/", "http://h:8x@h/",
	"//u:p@h:99999999999999999999/", "a:b:c", "a/b:c", "\xff", "\x00", "s:\x80", "é:x",
	"//h/%2F%2f", "s:%", "//[", "//]", "//@@", "//h::", "[::1]", "s:[::1]",
}

func fuzzParse(f *testing.F, parse func(string) (URI, error), rule *c.Rule) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := parse(s)
		if matched := rule.Match(s); matched != (err == nil) {
			t.Fatalf("parse(%q) error = %v, but %s.Match = %v", s, err, rule.Name(), matched)
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("parse(%q) error %T %v, want a *ParseError", s, err, err)
			}
			if pe.Offset < 0 || pe.Offset > len(s) || pe.Input != s || pe.Rule != rule.Name() {
				t.Fatalf("parse(%q): Offset %d, Input %q, Rule %q", s, pe.Offset, pe.Input, pe.Rule)
			}
			checkMessage(t, s, err.Error())
			return
		}
		if u.String() != s {
			t.Fatalf("parse(%q).String() = %q", s, u)
		}
		if got := recompose(u); got != s {
			t.Fatalf("parse(%q): the components recompose to %q (§5.3)", s, got)
		}
	})
}

// recompose is the algorithm of §5.3, written from the accessors, and the
// authority from its subcomponents (§3.2).
func recompose(u URI) string {
	var b strings.Builder
	if !u.IsRelative() {
		b.WriteString(u.Scheme() + ":")
	}
	if u.HasAuthority() {
		var a strings.Builder
		if u.HasUserInfo() {
			a.WriteString(u.UserInfo() + "@")
		}
		a.WriteString(u.Host())
		if u.HasPort() {
			a.WriteString(":" + u.Port())
		}
		if a.String() != u.Authority() {
			return "authority " + a.String() + " != " + u.Authority()
		}
		b.WriteString("//" + u.Authority())
	}
	b.WriteString(u.Path())
	if u.HasQuery() {
		b.WriteString("?" + u.Query())
	}
	if u.HasFragment() {
		b.WriteString("#" + u.Fragment())
	}
	return b.String()
}

func FuzzParse(f *testing.F)          { fuzzParse(f, Parse, c.URI) }
func FuzzParseReference(f *testing.F) { fuzzParse(f, ParseReference, c.URIReference) }
func FuzzParseAbsolute(f *testing.F)  { fuzzParse(f, ParseAbsolute, c.AbsoluteURI) }
func FuzzParseRelative(f *testing.F)  { fuzzParse(f, ParseRelative, c.RelativeRef) }

// pctWellFormed matches text whose every "%" starts a pct-encoded triplet.
var pctWellFormed = c.Star(c.Alt(c.PctEncoded, c.Class(c.ByteRange(0, 255).Minus(c.Chars("%")))))

// FuzzPercent checks that PercentEncode and PercentDecode are inverse, and
// that PercentDecode fails exactly on a "%" without two hex digits.
func FuzzPercent(f *testing.F) {
	for _, s := range []string{"", "a", "%", "%4", "%41", "%zz", "a b/c?d#e", "é\x00\xff", "100%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for k := ComponentUserInfo; k <= ComponentFragment; k++ {
			e := PercentEncode(s, k)
			if d, err := PercentDecode(e); err != nil || d != s {
				t.Fatalf("PercentDecode(PercentEncode(%q, %d)) = %q, %v", s, k, d, err)
			}
		}
		d, err := PercentDecode(s)
		var ee *EscapeError
		if err != nil && (!errors.As(err, &ee) || ee.Offset < 0 || ee.Offset >= len(s) || s[ee.Offset] != '%') {
			t.Fatalf("PercentDecode(%q) error %v", s, err)
		}
		wellFormed := pctWellFormed.Match(s)
		if (err == nil) != wellFormed {
			t.Fatalf("PercentDecode(%q) = %q, %v; well formed: %v", s, d, err, wellFormed)
		}
	})
}
