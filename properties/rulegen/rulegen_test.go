package rulegen_test

import (
	"fmt"
	"testing"

	"github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
	"github.com/seed42851778/rfc3986/combinator/rfc3987"
	"github.com/seed42851778/rfc3986/properties"
	"github.com/seed42851778/rfc3986/properties/rulegen"
	"github.com/seed42851778/rfc3986/uritemplate"
	"pgregory.net/rapid"
)

// byName finds, among the rules under r, the one named name.
func byName(r *combinator.Rule, name string) *combinator.Rule {
	seen := map[*combinator.Rule]bool{}
	var find func(x *combinator.Rule) *combinator.Rule
	find = func(x *combinator.Rule) *combinator.Rule {
		if seen[x] {
			return nil
		}
		seen[x] = true
		if x.Name() == name {
			return x
		}
		for _, s := range x.Subs() {
			if f := find(s); f != nil {
				return f
			}
		}
		return nil
	}
	return find(r)
}

// TestStringsAndNearMissesOfRFC3986AgreeWithTheRegexpOracle: for every
// rule of RFC 3986, hand-written and compiled from Appendix A, the strings
// drawn are in the rule's language and the near misses are not, as the
// regular-expression oracle of package properties (an independent
// transcription of Appendix A) judges them.
func TestStringsAndNearMissesOfRFC3986AgreeWithTheRegexpOracle(t *testing.T) {
	g := abnf.RFC3986Grammar()
	for _, name := range properties.RuleNames() {
		rules := map[string]*combinator.Rule{"compiled": g.MustRule(name)}
		if r := byName(combinator.URIReference, name); r != nil {
			rules["hand-written"] = r
		}
		for kind, r := range rules {
			t.Run(name+"/"+kind, func(t *testing.T) {
				rapid.Check(t, func(t *rapid.T) {
					s := rulegen.Strings(r).Draw(t, "s")
					if ok, _ := properties.MatchRule(name, s); !ok {
						t.Fatalf("Strings drew %q, which %s does not match", s, name)
					}
					m := rulegen.NearMisses(r).Draw(t, "miss")
					if ok, _ := properties.MatchRule(name, m); ok {
						t.Fatalf("NearMisses drew %q, which %s matches", m, name)
					}
				})
			})
		}
	}
}

// TestStringsReachEveryAlternativeAndBound: in a few hundred draws, each
// alternative is taken and each repetition reaches both of its bounds.
func TestStringsReachEveryAlternativeAndBound(t *testing.T) {
	g, err := abnf.Parse("a = (\"x\" / \"y\" / %x7A / b) 2*4\"-\"\nb = \"w\"\n")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	gen := rulegen.Strings(g.MustRule("a"))
	for i := 0; i < 400; i++ {
		s := gen.Example(i)
		seen[s[:1]] = true
		seen[fmt.Sprint(len(s)-1)] = true
	}
	for _, want := range []string{"x", "y", "z", "w", "2", "4"} {
		if !seen[want] {
			t.Errorf("never drawn: %s (drawn %v)", want, seen)
		}
	}
}

// TestStringsOfRecursiveRules: a recursive grammar gets strings of bounded
// depth, all in the language.
func TestStringsOfRecursiveRules(t *testing.T) {
	g, err := abnf.Parse("c = \"(\" *( \"x\" / c ) \")\"\n")
	if err != nil {
		t.Fatal(err)
	}
	c := g.MustRule("c")
	rapid.Check(t, func(t *rapid.T) {
		s := rulegen.Strings(c).Draw(t, "s")
		if !c.Match(s) {
			t.Fatalf("%q", s)
		}
	})
}

// TestStringsOfIRIRules: the rune classes of RFC 3987 give characters of
// their ranges, as UTF-8.
func TestStringsOfIRIRules(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rulegen.Strings(rfc3987.IRIReference).Draw(t, "s")
		if ok, _ := properties.MatchIRIRule("IRI-reference", s); !ok {
			t.Fatalf("%q", s)
		}
		m := rulegen.NearMisses(rfc3987.IRIReference).Draw(t, "m")
		if ok, _ := properties.MatchIRIRule("IRI-reference", m); ok {
			t.Fatalf("near miss %q matches", m)
		}
	})
}

func ExampleStrings() {
	g, _ := abnf.Parse(`tel = "tel:+" 1*DIGIT *( "-" 1*DIGIT )`)
	tel := g.MustRule("tel")
	s := rulegen.Strings(tel).Example(0)
	fmt.Println(tel.Match(s))
	// Output: true
}

func ExampleNearMisses() {
	g, _ := abnf.Parse(`tel = "tel:+" 1*DIGIT *( "-" 1*DIGIT )`)
	tel := g.MustRule("tel")
	s := rulegen.NearMisses(tel).Example(0)
	fmt.Println(tel.Match(s))
	// Output: false
}

// TestStringsOfURITemplates: the strings drawn from the hand-written
// RFC 6570 grammar (package uritemplate) are in the language of RFC 6570
// §2 compiled from its text, and the near misses are not. Its Func
// terminals, ucschar and iprivate, are never drawn.
func TestStringsOfURITemplates(t *testing.T) {
	judge := abnf.MustRFC("rfc6570").MustRule("URI-Template")
	rapid.Check(t, func(t *rapid.T) {
		s := rulegen.Strings(uritemplate.URITemplate).Draw(t, "s")
		if !judge.Match(s) {
			t.Fatalf("Strings drew %q, not a URI-Template", s)
		}
		m := rulegen.NearMisses(uritemplate.URITemplate).Draw(t, "m")
		if judge.Match(m) {
			t.Fatalf("NearMisses drew %q, a URI-Template", m)
		}
	})
}
