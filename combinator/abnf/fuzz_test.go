package abnf

import (
	"errors"
	"testing"
)

// FuzzParse: any text, ABNF or not, is compiled or refused with an *Error,
// never a panic, with or without the options that read #lists and bytes;
// every rule compiled then matches any input without a panic, Match and
// Check agreeing.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"a = \"x\" / b\nb = *%x30-39\n",
		"a = \"(\" *( b / a ) \")\"\nb = %x61-7A\n",
		"a = 2*3( %s\"Ab\" / %i\"c\" ) [ %d65.66 ] 0<p>\n",
		"a = b\nb = a\n",
		"   x = %x10000-10FFFF\n         / \"y\" ; c\r\n",
		"l = 1#( \"a\" / %xE9 ) 2#3\"b\"\n",
	} {
		f.Add(s, "(ab)x")
	}
	f.Fuzz(func(t *testing.T, src, in string) {
		if len(src) > 2000 || len(in) > 200 {
			return
		}
		// The options read the same text otherwise: #lists, bytes.
		if g, err := ParseWith(src, WithEncoding(Octets), Lists(ListRecipient)); err == nil {
			for _, name := range g.Names() {
				if r := g.MustRule(name); r.Match(in) != (r.Check(in) == nil) {
					t.Fatalf("octets, lists: rule %s of %q: Match(%q) and Check disagree", name, src, in)
				}
			}
		} else if !errors.As(err, new(*Error)) {
			t.Fatalf("ParseWith(%q, Octets, Lists) = %v, not an *Error", src, err)
		}
		g, err := Parse(src)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q) = %v, not an *Error", src, err)
			}
			if len(err.Error()) > 1024 {
				t.Fatalf("a message of %d bytes", len(err.Error()))
			}
			return
		}
		for _, name := range g.Names() {
			r := g.MustRule(name)
			if r.Match(in) != (r.Check(in) == nil) {
				t.Fatalf("rule %s of %q: Match(%q) and Check disagree", name, src, in)
			}
			if n, ok := r.Prefix(in); ok && (n < 0 || n > len(in)) {
				t.Fatalf("Prefix = %d", n)
			}
		}
	})
}
