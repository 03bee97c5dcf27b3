package uritemplate

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

// FuzzExpandURI checks ExpandURI against Expand and RFC 3986's grammar: it
// fails with Expand's error where Expand fails; otherwise it succeeds
// exactly when the expansion is a URI-reference (§4.1), with the expansion
// as its text, and fails with the *uri.ParseError of the expansion when it is
// not one (RFC 6570 §3: "{+x}" expands to whatever x holds).
func FuzzExpandURI(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "Hello World!", "a/b")
	}
	f.Add("{+x}{#y}", "%2F%", "%C3%BC")
	f.Add("{+x}", "[::1", "")
	f.Add("{+x}{+y}", "http://h", "#a#b")
	f.Add("http://{host}{/p*}{?q}", "example.com", "a b")
	f.Fuzz(func(t *testing.T, template, v1, v2 string) {
		tp, err := Parse(template)
		if err != nil {
			return
		}
		vars := map[string]any{}
		for i, name := range tp.Varnames() {
			switch i % 4 {
			case 0:
				vars[name] = v1
			case 1:
				vars[name] = []string{v2, v1}
			case 2:
				vars[name] = Pairs{{v1, v2}}
			case 3:
				vars[name] = v2
			}
		}
		u, err := tp.ExpandURI(vars)
		s, xerr := tp.Expand(vars)
		if xerr != nil {
			if diff := cmp.Diff(xerr, err); diff != "" {
				t.Fatalf("%s: ExpandURI's error is not Expand's (-want +got):\n%s", template, diff)
			}
			return
		}
		if !c.URIReference.Match(s) {
			var pe *uri.ParseError
			if !errors.As(err, &pe) || pe.Input != s || pe.Rule != "URI-reference" {
				t.Fatalf("%s expands to %q, not a URI-reference, but ExpandURI = %q, %v", template, s, u, err)
			}
			return
		}
		if err != nil || u.String() != s {
			t.Fatalf("%s expands to the URI-reference %q, but ExpandURI = %q, %v", template, s, u, err)
		}
		if want, _ := uri.ParseReference(s); u != want {
			t.Fatalf("%s: ExpandURI = %q is not ParseReference(%q)", template, u, s)
		}
	})
}
