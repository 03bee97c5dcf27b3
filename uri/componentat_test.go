package uri

import (
	"regexp"
	"testing"
)

// appendixB is the regular expression of RFC 3986 Appendix B, which splits any
// string into the five components; appendixBRelative is the same without its
// scheme, the split of a relative reference.
var (
	appendixB         = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)
	appendixBRelative = regexp.MustCompile(`^(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)
)

// componentByAppendixB names the component that offset off of s falls in, as
// componentAt does for URI-reference, from the groups of appendixB: of
// appendixBRelative where what Appendix B takes for a scheme is none (§3.1:
// ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); of this test's alphabet, only
// "a"). The parts of authority count as "authority". An offset at the end of
// a component belongs to the one that would go on there: the ":" after a
// scheme to the scheme, the "/", "?" or "#" after an authority to the
// authority.
func componentByAppendixB(s string, off int) string {
	m := appendixB.FindStringSubmatchIndex(s)
	if m[4] >= 0 && !allBytes(s[m[4]:m[5]], 'a') {
		r := appendixBRelative.FindStringSubmatchIndex(s)
		m = append([]int{r[0], r[1], -1, -1, -1, -1}, r[2:]...) // its groups numbered as appendixB's
	}
	switch {
	case m[4] >= 0 && off <= m[5]: // scheme, up to its ":"
		return "scheme"
	case m[6] >= 0 && off <= m[9]: // "//" authority
		return "authority"
	case m[16] >= 0 && off > m[16]: // after "#"
		return "fragment"
	case m[12] >= 0 && off > m[12]: // after "?"
		return "query"
	}
	return "path"
}

// allBytes reports whether s is all b.
func allBytes(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != b {
			return false
		}
	}
	return true
}

// TestComponentAt checks componentAt for URI-reference against Appendix B on
// every string of up to six bytes over the delimiters and a letter, at every
// offset (five bytes under -short, an eighth of the strings).
func TestComponentAt(t *testing.T) {
	const alphabet = ":/?#@[]a"
	maxLen := 6
	if testing.Short() {
		maxLen = 5
	}
	var walk func(s string)
	walk = func(s string) {
		for off := 0; off <= len(s); off++ {
			got := componentAt(s, off, ruleURIReference)
			switch got {
			case "userinfo", "host", "port":
				got = "authority"
			}
			if want := componentByAppendixB(s, off); got != want {
				t.Fatalf("componentAt(%q, %d) = %q, want %q", s, off, got, want)
			}
		}
		if len(s) < maxLen {
			for i := 0; i < len(alphabet); i++ {
				walk(s + alphabet[i:i+1])
			}
		}
	}
	walk("")
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
		// requires, wherever the offset (kills componentAt's hasScheme
		// `j > 0` → `>=`).
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
		// at 0: offset 0 is in it, as at the "@" of "u@h" (kills
		// authorityPart's `j >= 0` → `j > 0`).
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
