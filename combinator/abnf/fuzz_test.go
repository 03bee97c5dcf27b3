package abnf

import (
	"errors"
	"testing"
)

// FuzzParse: any text, ABNF or not, is compiled or refused with an *Error,
// never a panic; every rule compiled then matches any input without a
// panic, Match and Check agreeing.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"a = \"x\" / b\nb = *%x30-39\n",
		"a = \"(\" *( b / a ) \")\"\nb = %x61-7A\n",
		"a = 2*3( %s\"Ab\" / %i\"c\" ) [ %d65.66 ] 0<p>\n",
		"a = b\nb = a\n",
		"   x = %x10000-10FFFF\n         / \"y\" ; c\r\n",
	} {
		f.Add(s, "(ab)x")
	}
	f.Fuzz(func(t *testing.T, src, in string) {
		if len(src) > 2000 || len(in) > 200 {
			return
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
