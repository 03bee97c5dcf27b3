package uri

import (
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/properties"
)

// split is a text with its two splits by properties.Split, the regular
// expression of RFC 3986 Appendix B, an independent reading: as s, and as
// "x:" + s, made once for all the offsets checkComponentAt asks about.
type split struct {
	s        string
	c, asRel properties.Components
}

func splitOf(s string) split {
	return split{s: s, c: properties.Split(s), asRel: properties.Split("x:" + s)}
}

// component names the component that offset off of the text falls in when
// it is read as rule, as componentAt's doc defines it. A URI-reference whose
// Appendix B scheme is no scheme (§3.1), and a relative-ref, are split as a
// relative reference: "x:" + s, whose scheme group takes the "x" and is then
// dropped. An offset at the end of a component belongs to the one that
// would go on there.
func (sp split) component(off int, rule topRule) string {
	c := sp.c
	switch {
	case rule == ruleURI || rule == ruleAbsoluteURI:
		if c.Scheme == nil {
			return "scheme"
		}
	case rule == ruleRelativeRef || c.Scheme == nil || !schemeByRFC(*c.Scheme):
		c = sp.asRel
		c.Scheme = nil
	}
	i := 0 // where the next component starts in s
	if c.Scheme != nil {
		if off <= len(*c.Scheme) {
			return "scheme"
		}
		i = len(*c.Scheme) + 1
	}
	if c.Authority != nil {
		start := i + 2
		if off < start {
			return "authority"
		}
		if off <= start+len(*c.Authority) {
			return authorityPartByRFC(*c.Authority, off-start)
		}
		i = start + len(*c.Authority)
	}
	q := i + len(c.Path) // the "?" or "#" after the path
	if c.Query != nil {
		if c.Fragment != nil && off > q+1+len(*c.Query) {
			return "fragment"
		}
		if off > q {
			return "query"
		}
	} else if c.Fragment != nil && off > q {
		return "fragment"
	}
	return "path"
}

// schemeByRFC reports whether s is a scheme (§3.1):
// ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
func schemeByRFC(s string) bool {
	const alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	return s != "" && strings.IndexByte(alpha, s[0]) >= 0 && strings.Trim(s, alpha+"0123456789+-.") == ""
}

// authorityPartByRFC names the part of the authority a (§3.2, cut at its
// end by Appendix B) that offset off falls in:
//
//	authority = [ userinfo "@" ] host [ ":" port ]
//
// The text before the first "@" is a userinfo while its bytes up to off are
// userinfo's (§3.2.1: unreserved / pct-encoded / sub-delims / ":"); the
// host ends at its first ":", or an IP literal (§3.2.2) at its "]"; the port
// follows.
func authorityPartByRFC(a string, off int) string {
	const userinfo = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" + "%" + "!$&'()*+,;=" + ":"
	host := a
	if at := strings.IndexByte(a, '@'); at >= 0 && strings.Trim(a[:min(off, at)], userinfo) == "" {
		if off <= at {
			return "userinfo"
		}
		host, off = a[at+1:], off-at-1
	}
	rest := host // where the ":" before the port may be
	if strings.HasPrefix(host, "[") {
		rest = ""
		if end := strings.IndexByte(host, ']'); end >= 0 {
			rest = host[end:]
		}
	}
	if colon := strings.IndexByte(rest, ':'); colon >= 0 && off > len(host)-len(rest)+colon {
		return "port"
	}
	return "host"
}

// topRules are the four top rules of RFC 3986.
var topRules = []topRule{ruleURIReference, ruleURI, ruleAbsoluteURI, ruleRelativeRef}

// checkComponentAt checks componentAt against split.component on s at
// every offset, for the four top rules.
func checkComponentAt(t *testing.T, s string) {
	t.Helper()
	sp := splitOf(s)
	for off := 0; off <= len(s); off++ {
		for _, r := range topRules {
			if got, want := componentAt(s, off, r), sp.component(off, r); got != want {
				t.Fatalf("componentAt(%q, %d, %s) = %q, Appendix B's split says %q", s, off, r.Name(), got, want)
			}
		}
	}
}

// TestComponentAt checks componentAt against Appendix B's split on every
// string of up to six bytes over the delimiters and a letter (five under
// -short and the race detector), alone and after "s://", at every offset,
// and on the corpus.
func TestComponentAt(t *testing.T) {
	const alphabet = ":/?#@[]a"
	n := 6
	if testing.Short() || raceEnabled {
		n = 5
	}
	var walk func(s string)
	walk = func(s string) {
		checkComponentAt(t, s)
		checkComponentAt(t, "s://"+s)
		if len(s) < n {
			for i := 0; i < len(alphabet); i++ {
				walk(s + alphabet[i:i+1])
			}
		}
	}
	walk("")
	if !testing.Short() {
		for _, l := range corpus.Lines(t, "urls.txt") {
			checkComponentAt(t, l)
		}
	}
}

// FuzzComponentAt checks componentAt against Appendix B's split on any
// input (its first 256 bytes).
func FuzzComponentAt(f *testing.F) {
	for _, s := range []string{"http://u@h:1/p", "//[::1]:80@x/", "a://b@c]:d#e", "s://a:b@[v1.x]:9?q"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 256 {
			s = s[:256]
		}
		checkComponentAt(t, s)
	})
}

// TestComponentAtRule checks that what is a scheme depends on the rule.
func TestComponentAtRule(t *testing.T) {
	for _, tc := range []struct {
		rule topRule
		s    string
		off  int
		want string
	}{
		{ruleURIReference, "a:b c", 3, "path"},
		{ruleURIReference, "ab:c d", 1, "scheme"},
		{ruleURIReference, "a b:c", 1, "path"}, // " " is no scheme character
		{ruleURIReference, "1a:b", 2, "path"},  // "1a" is no scheme: a first segment
		{ruleURIReference, "a=b:c", 3, "path"}, // "=" is no scheme character
		{ruleRelativeRef, "a:b", 1, "path"},    // path-noscheme (§4.2)
		{ruleRelativeRef, "http://h/", 4, "path"},
		{ruleURI, "a/b", 1, "scheme"}, // no ":": the scheme never ended
		{ruleURI, "", 0, "scheme"},
		{ruleURI, "1a:b", 0, "scheme"},
		{ruleAbsoluteURI, "//h", 0, "scheme"},
		{ruleAbsoluteURI, "s:a#f", 3, "path"},
		// A ":" first ends no scheme: a scheme is one letter or more
		// (§3.1, Appendix B's "[^:/?#]+"), so a URI fails in the one it
		// requires, wherever the offset.
		{ruleURI, ":a", 1, "scheme"},
		{ruleAbsoluteURI, "://h/p", 4, "scheme"},
		{ruleURIReference, ":a", 1, "path"},
		{ruleURIReference, "http://[::1]@h/", 12, "host"},
		{ruleURIReference, "http://[::1]:80@h", 15, "port"},
		{ruleURIReference, "http://u@h:1:2@x", 12, "port"},
	} {
		if got := componentAt(tc.s, tc.off, tc.rule); got != tc.want {
			t.Errorf("componentAt(%q, %d, %s) = %q, want %q", tc.s, tc.off, tc.rule.Name(), got, tc.want)
		}
	}
}

// TestAuthorityPart checks the split of an authority into userinfo, host and
// port (§3.2): userinfo up to the first "@" while only userinfo bytes come
// before it, the port after the first ":" that follows the host.
func TestAuthorityPart(t *testing.T) {
	for _, tc := range []struct {
		authority string
		off       int
		want      string
	}{
		{"u@h:1", 0, "userinfo"},
		{"u@h:1", 1, "userinfo"}, // at "@": userinfo would go on
		{"u@h:1", 2, "host"},
		{"u@h:1", 3, "host"}, // at ":": host would go on
		{"u@h:1", 4, "port"},
		{"u@h:1", 5, "port"},
		{"h", 1, "host"},
		{":80", 0, "host"},
		{":80", 1, "port"},
		{"u:p@h", 1, "userinfo"},
		{"u:p@h", 4, "host"},
		{"a@b@c", 3, "host"},
		{"[::1]", 2, "host"},
		{"[::1]:8", 6, "port"},
		{"[::1]:8", 5, "host"},
		{"[::1", 3, "host"},
		{"u@[::1]:", 8, "port"},
		// What cannot be a userinfo is not one (§3.2.1), and the host ends
		// at its first ":" (§3.2.2), the port at its first non-digit (§3.2.3).
		{"[::1]@h", 5, "host"},
		{"[::1]:80@h", 8, "port"},
		{"u@h:1:2@x", 5, "port"},
		{"us er@h", 2, "userinfo"},
		{"u%41:p@h", 4, "userinfo"},
		{"h:1:2", 3, "port"},
		// An empty userinfo (userinfo = *( ... ), §3.2.1) before the "@"
		// at 0: offset 0 is in it, as at the "@" of "u@h".
		{"@h", 0, "userinfo"},
		{"@h", 1, "host"},
		{"@", 1, "host"},
	} {
		if got := authorityPart(tc.authority, tc.off); got != tc.want {
			t.Errorf("authorityPart(%q, %d) = %q, want %q", tc.authority, tc.off, got, tc.want)
		}
	}
}

// TestExportedComponentAt checks ComponentAt, the exported reading of
// componentAt, on text with bytes outside ASCII and against ParseError.
func TestExportedComponentAt(t *testing.T) {
	for _, c := range []struct {
		s    string
		off  int
		rule string
		want string
	}{
		{"http://ü@h/p?q#f", 7, "URI-reference", "userinfo"},
		{"http://ü@h/p?q#f", 10, "URI", "host"},
		{"http://jürgen@bücher.de:8x/", 27, "URI", "port"},
		{"http://h/päth?q", 11, "URI-reference", "path"},
		{"a:b", 0, "relative-ref", "path"},
		{"a:b", 0, "URI-reference", "scheme"},
		{"//h", 0, "absolute-URI", "scheme"},
		{"ü?q=ü#é", 5, "", "query"},
		{"ü?q=ü#é", 8, "URI-reference", "fragment"},
		{"", -1, "URI-reference", "path"},
		{"é:x", 2, "URI-reference", "path"},
	} {
		if got := ComponentAt(c.s, c.off, c.rule); got != c.want {
			t.Errorf("ComponentAt(%q, %d, %q) = %q, want %q", c.s, c.off, c.rule, got, c.want)
		}
	}
	// The same answers as ParseError.Component on URI text.
	for _, s := range []string{"http://a b/", "s://u ser@h", "s://h:8a", "/a b", "a?b c", "a#b#c", "1a:b"} {
		_, err := ParseReference(s)
		pe := err.(*ParseError)
		if got := ComponentAt(s, pe.Offset, pe.Rule); got != pe.Component {
			t.Errorf("%q: ComponentAt = %q, ParseError.Component = %q", s, got, pe.Component)
		}
	}
}

// TestComponentAtNonASCIIUserinfo: ComponentAt counts every byte from 0x80 up
// as one a userinfo may hold (so that an IRI's iuserinfo, RFC 3987 §2.2, is
// named as a URI's userinfo is, §3.2.1): at the "@" after such bytes the
// userinfo would go on, as at the "@" of "u@h". 0x80 is the least of them,
// alone (invalid UTF-8, still counted) or as the second byte of "À" (C3 80).
func TestComponentAtNonASCIIUserinfo(t *testing.T) {
	for _, tc := range []struct {
		s    string
		off  int
		want string
	}{
		{"http://u@h/", 8, "userinfo"},
		{"http://ü@h/", 9, "userinfo"},
		{"http://\x80@h/", 8, "userinfo"},
		{"http://\xc3\x80@h/", 9, "userinfo"},
		{"http://\xc3\x80@h/", 10, "host"},
		{"http://u ü@h/", 11, "host"}, // " " is no userinfo byte: a host with a space
	} {
		for _, rule := range []string{"URI", "URI-reference"} {
			if got := ComponentAt(tc.s, tc.off, rule); got != tc.want {
				t.Errorf("ComponentAt(%q, %d, %s) = %q, want %q", tc.s, tc.off, rule, got, tc.want)
			}
		}
	}
}
