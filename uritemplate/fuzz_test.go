package uritemplate

import (
	"errors"
	"strings"
	"testing"
)

// fuzzSeeds are templates of every section of RFC 6570 and its mistakes.
var fuzzSeeds = []string{
	"", "{var}", "{+path}/here", "X{#hello}", "map?{x,y}", "{/list*,path:4}", "{;keys*}",
	"{?x,y,empty}", "?fixed=yes{&x}", "{var:3}", "{x:9999}", "www{.dom*}", "{Stra%C3%9Fe}",
	"ü{x}\ue000", "%2F{x}", "{", "}", "{}", "{var", "{=x}", "{??x}", "{x:0}", "{x:10000}",
	"{a.}", "{a..b}", "{x*:1}", "{x y}", "a b", "%zz", "\xff", "{\xff}", "{$x}", "{a{b}}",
}

// FuzzParse: Parse never panics, agrees with the grammar, keeps the text,
// and its errors point inside the input.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tp, err := Parse(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Offset < 0 || pe.Offset > len(s) || pe.Input != s || len(pe.Expected) == 0 {
				t.Fatalf("Parse(%q): %#v", s, err)
			}
			if URITemplate.Match(s) && !strings.Contains(pe.Hint, "reserved for future extensions") {
				t.Fatalf("Parse(%q) = %v, but the grammar matches", s, err)
			}
			_ = err.Error()
			return
		}
		if !URITemplate.Match(s) || tp.String() != s {
			t.Fatalf("Parse(%q) = %q", s, tp.String())
		}
		for _, name := range tp.Varnames() {
			if !Varname.Match(name) {
				t.Fatalf("Parse(%q): varname %q", s, name)
			}
		}
	})
}

// FuzzExpand: Expand never panics, expands to URI characters and triplets
// only, and whatever Match reads back expands to the same text.
func FuzzExpand(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "Hello World!", "a/b")
	}
	f.Add("{+x}{#y}", "%2F%", "%C3%BC")
	f.Add("/u/{x}{?y,z}", "a,b", "")
	f.Add("{/path*}{?q*}", "a b", "c=d")
	f.Add("{;x*,y}{#z*}", "%", "")
	f.Fuzz(func(t *testing.T, template, v1, v2 string) {
		tp, err := Parse(template)
		if err != nil {
			return
		}
		vars := map[string]any{}
		for i, name := range tp.Varnames() {
			switch i % 5 {
			case 0:
				vars[name] = v1
			case 1:
				vars[name] = []string{v1, v2}
			case 2:
				vars[name] = Pairs{{v1, v2}, {v2, v1}}
			case 3:
				vars[name] = v2
			case 4:
				vars[name] = map[string]string{v1: v2}
			}
		}
		s, err := tp.Expand(vars)
		if err != nil {
			var ee *ExpandError
			if !errors.As(err, &ee) || !strings.Contains(ee.Reason, "prefix modifier") {
				t.Fatalf("%s: %v", template, err)
			}
			return
		}
		if !reservedOrTriplets.Match(s) {
			t.Fatalf("%s expands to %q", template, s)
		}
		if m, ok := tp.Match(s); ok {
			back, err := tp.Expand(m)
			if err != nil || !equalPct(back, s) {
				t.Fatalf("%s: Match(%q) = %v, which expands to %q, %v", template, s, m, back, err)
			}
		}
		if m, ok := tp.Match(v1); ok {
			if back, err := tp.Expand(m); err != nil || !equalPct(back, v1) {
				t.Fatalf("%s: Match(%q) = %v, which expands to %q, %v", template, v1, m, back, err)
			}
		}
	})
}
