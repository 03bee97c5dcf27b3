package rulegen_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

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

// TestHugeCountedRepetitionsAreFast: a part of a rule that derives one
// string only is written out with no draw, and past a budget of draws
// every choice is the shortest: Strings and NearMisses of a = 1000b,
// b = 1000"b" (one string of a million bytes) take milliseconds (issue
// 40), not a minute, and Strings of 1000 times 1000(ALPHA) too (its near
// misses cost what matching a million bytes costs, the engine's part).
// The rules are nested by name: 1000(1000("b")) in one rule is a million
// instructions, which the engine refuses at compile time.
func TestHugeCountedRepetitionsAreFast(t *testing.T) {
	for _, tt := range []struct {
		src    string
		misses bool
	}{{"a = 1000b\nb = 1000\"b\"", true}, {"a = 2*3(1000b / \"c\")\nb = 1000\"b\"", true}, {"a = 1000b\nb = 1000ALPHA", false}} {
		r := abnf.MustParse(tt.src).MustRule("a")
		start := time.Now()
		s := rulegen.Strings(r).Example(1)
		m := ""
		if tt.misses {
			m = rulegen.NearMisses(r).Example(1)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: %v", tt.src, d)
		}
		if !tt.misses && len(s) != 1e6 || tt.misses && (!r.Match(s) || r.Match(m)) {
			t.Errorf("%s: a string of %d bytes, a near miss of %d", tt.src, len(s), len(m))
		}
	}
	// A shortest string past 16 MiB: no strings, a failed draw that says why.
	r := abnf.MustParse("a = 256b\nb = 256c\nc = 257\"b\"").MustRule("a")
	setFlag(t, "rapid.nofailfile", "true")
	tb := &recorder{TB: t}
	rapid.Check(tb, func(rt *rapid.T) { rulegen.Strings(r).Draw(rt, "s") })
	if !tb.failed {
		t.Error("a rule of 4 GiB strings drew one")
	}
}

// TestAlternativesAreWeightedBySize: an alternative that derives more
// strings is drawn more often (half the weight by size, half shared), and
// each is drawn: of "!" / 2ALPHA, 2ALPHA about three times in four.
func TestAlternativesAreWeightedBySize(t *testing.T) {
	gen := rulegen.Strings(abnf.MustParse(`a = "!" / 2ALPHA`).MustRule("a"))
	letters := 0
	for i := 0; i < 2000; i++ {
		if gen.Example(i) != "!" {
			letters++
		}
	}
	if letters < 1300 || letters > 1700 {
		t.Errorf("2ALPHA drawn %d times in 2000, want about 1500", letters)
	}
}

// TestCharactersFavourBoundsAndDelimiters: a character is the least of
// its set, a bound of a range, or a delimiter of the grammar (a character
// of a literal of a sequence) far more often than by chance: ";" in the
// quoted strings of key=value pairs.
func TestCharactersFavourBoundsAndDelimiters(t *testing.T) {
	g := abnf.MustParse("pairs = pair *( \";\" pair )\npair = 1*ALPHA \"=\" DQUOTE *( %x20-21 / %x23-7E ) DQUOTE\n")
	gen := rulegen.Strings(g.MustRule("pairs"))
	quoted, semis, bounds := 0, 0, 0
	for i := 0; i < 1000; i++ {
		s := gen.Example(i)
		in := false
		for j := 0; j < len(s); j++ {
			switch c := s[j]; {
			case c == '"':
				in = !in
			case in:
				quoted++
				if c == ';' {
					semis++
				}
				if c == ' ' || c == '!' || c == '#' || c == '~' {
					bounds++
				}
			}
		}
	}
	// By chance, 1 in 94 of each; drawn, about 1 in 12 and 1 in 3.
	if semis*30 < quoted || bounds*6 < quoted {
		t.Errorf("of %d quoted characters, %d are \";\" and %d the bounds of a range", quoted, semis, bounds)
	}
}

// TestShrinkingGivesAShortestCounterexample: rapid shrinks a failure to
// the shortest string that fails: of a list of words, the one word "z".
func TestShrinkingGivesAShortestCounterexample(t *testing.T) {
	gen := rulegen.Strings(abnf.MustParse("list = word *( \",\" word )\nword = 1*( %x61-7A )\n").MustRule("list"))
	for seed := 1; seed <= 5; seed++ {
		setFlag(t, "rapid.seed", fmt.Sprint(seed))
		setFlag(t, "rapid.nofailfile", "true")
		var last string
		tb := &recorder{TB: t}
		rapid.Check(tb, func(rt *rapid.T) {
			if s := gen.Draw(rt, "s"); strings.Contains(s, "z") {
				last = s
				rt.Fatalf("%q", s)
			}
		})
		if !tb.failed || last != "z" {
			t.Errorf("seed %d: shrunk to %q, want \"z\"", seed, last)
		}
	}
}
