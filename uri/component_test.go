package uri

import "testing"

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
