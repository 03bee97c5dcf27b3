package properties

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// agree fails t when the two oracles disagree on s for rule.
func agree(t interface {
	Helper()
	Fatalf(string, ...any)
}, rule, s string) bool {
	t.Helper()
	want, known := MatchRule(rule, s)
	got, gknown := GoparsecMatch(rule, s)
	if !known || !gknown {
		t.Fatalf("rule %q unknown to an oracle (regexp %v, goparsec %v)", rule, known, gknown)
	}
	if got != want {
		t.Fatalf("rule %s on %q: goparsec %v, regexp %v", rule, s, got, want)
	}
	return got
}

func goparsecRuleNames() []string {
	var names []string
	for _, r := range RuleNames() {
		if _, known := GoparsecMatch(r, ""); known {
			names = append(names, r)
		}
	}
	return names
}

func TestGoparsecKnowsRequiredRules(t *testing.T) {
	for _, r := range []string{"URI-reference", "URI", "absolute-URI", "relative-ref", "host", "IPv6address",
		"IPv4address", "path-abempty", "path-absolute", "path-noscheme", "path-rootless", "segment", "query",
		"fragment", "scheme", "authority", "port", "userinfo"} {
		if _, known := GoparsecMatch(r, ""); !known {
			t.Errorf("GoparsecMatch does not know %q", r)
		}
	}
	if _, known := GoparsecMatch("nope", ""); known {
		t.Errorf("GoparsecMatch knows rule \"nope\"")
	}
}

// TestGoparsecTable runs the hand-written ok/bad table of the regexp oracle
// through the goparsec oracle: the expected values are the RFC's.
func TestGoparsecTable(t *testing.T) {
	for _, rule := range goparsecRuleNames() {
		c := ruleCases[rule]
		for _, s := range c.ok {
			if m, _ := GoparsecMatch(rule, s); !m {
				t.Errorf("GoparsecMatch(%q, %q) = false, want true", rule, s)
			}
		}
		for _, s := range c.bad {
			if m, _ := GoparsecMatch(rule, s); m {
				t.Errorf("GoparsecMatch(%q, %q) = true, want false", rule, s)
			}
		}
	}
	for _, s := range append(rfcExamples, rfc54Base) {
		if m, _ := GoparsecMatch("URI", s); !m {
			t.Errorf("GoparsecMatch(URI, %q) = false", s)
		}
	}
	for _, c := range rfc54Refs {
		if m, _ := GoparsecMatch("URI-reference", c.ref); !m {
			t.Errorf("GoparsecMatch(URI-reference, %q) = false", c.ref)
		}
	}
}

// TestOraclesAgreeOnGenerated: both oracles accept every generated valid
// string for its own rule, and agree on it for every other rule they share.
func TestOraclesAgreeOnGenerated(t *testing.T) {
	rules := goparsecRuleNames()
	for _, g := range generatorRules {
		if _, known := GoparsecMatch(g.rule, ""); !known {
			continue
		}
		t.Run(g.rule, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				s := g.gen.Draw(t, g.rule)
				if !agree(t, g.rule, s) {
					t.Fatalf("goparsec rejects generated %s %q", g.rule, s)
				}
				for _, r := range rules {
					agree(t, r, s)
				}
			})
		})
	}
}

func TestOraclesAgreeOnNearMisses(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := Invalid().Draw(t, "near miss")
		if agree(t, n.Rule, n.Input) {
			t.Fatalf("goparsec accepts near miss %q (%s) as %s", n.Input, n.Reason, n.Rule)
		}
		for _, r := range []string{"URI-reference", "URI", "absolute-URI", "relative-ref"} {
			agree(t, r, n.Input)
		}
	})
}

// TestOraclesAgreeOnEdits applies random small edits (insert, delete, replace
// a byte from the URI alphabet) to valid strings, which lands near the
// boundary of the language in both directions.
func TestOraclesAgreeOnEdits(t *testing.T) {
	alphabet := []byte("aZ09-._~!$&'()*+,;=:/?#[]@%vV ")
	rapid.Check(t, func(t *rapid.T) {
		s := []byte(URIReference().Draw(t, "valid"))
		for n := rapid.IntRange(1, 4).Draw(t, "edits"); n > 0; n-- {
			i := rapid.IntRange(0, len(s)).Draw(t, "at")
			b := rapid.SampledFrom(alphabet).Draw(t, "byte")
			switch rapid.IntRange(0, 2).Draw(t, "op") {
			case 0:
				s = append(s[:i], append([]byte{b}, s[i:]...)...)
			case 1:
				if i < len(s) {
					s = append(s[:i], s[i+1:]...)
				}
			default:
				if i < len(s) {
					s[i] = b
				}
			}
		}
		for _, r := range goparsecRuleNames() {
			agree(t, r, string(s))
		}
	})
}

// TestGoparsecIPv6Exhaustive compares the oracles on every arrangement of up
// to nine "1" groups and one or two "::" (and an IPv4 tail), the region where
// a literal PEG transcription goes wrong.
func TestGoparsecIPv6Exhaustive(t *testing.T) {
	var inputs []string
	for groups := 0; groups <= 9; groups++ {
		g := make([]string, groups)
		for i := range g {
			g[i] = "1"
		}
		plain := strings.Join(g, ":")
		inputs = append(inputs, plain, plain+":1.2.3.4")
		for i := 0; i <= groups; i++ {
			with := strings.Join(g[:i], ":") + "::" + strings.Join(g[i:], ":")
			inputs = append(inputs, with)
			if i < groups {
				inputs = append(inputs, with+":1.2.3.4")
			} else {
				inputs = append(inputs, with+"1.2.3.4")
			}
			for j := i; j <= groups; j++ {
				inputs = append(inputs, strings.Join(g[:i], ":")+"::"+strings.Join(g[i:j], ":")+"::"+strings.Join(g[j:], ":"))
			}
		}
	}
	valid := 0
	for _, s := range inputs {
		if agreeT(t, "IPv6address", s) {
			valid++
		}
		agreeT(t, "IP-literal", "["+s+"]")
		agreeT(t, "URI-reference", "//["+s+"]/")
	}
	if valid == 0 {
		t.Fatal("no valid IPv6 among the inputs")
	}
}

func agreeT(t *testing.T, rule, s string) bool {
	t.Helper()
	want, _ := MatchRule(rule, s)
	got, _ := GoparsecMatch(rule, s)
	if got != want {
		t.Errorf("rule %s on %q: goparsec %v, regexp %v", rule, s, got, want)
	}
	return got
}

// FuzzGoparsecVsRegexp asserts that the two oracles agree on the four top
// rules for arbitrary strings.
func FuzzGoparsecVsRegexp(f *testing.F) {
	seeds := []string{"", ":", "s:", "s:?#", "//@h:", "//[::1]", "//[v1.x]", "//[V1.x]", "//1.2.3.256",
		"a:b", "a/b:c", "%", "%4", "%G1", "//[1::2::3]", "//h:8a", "1s:x", "\x00", "\xff", "s://[::ffff:1.2.3.4]:80/p?q#f",
		"http://a/b/c/d;p?q", "../../g", "g;x=1/../y", "//[1:2:3:4:5:6:7:8:9]"}
	seeds = append(seeds, rfcExamples...)
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range []string{"URI-reference", "URI", "absolute-URI", "relative-ref"} {
			agreeT(t, r, s)
		}
	})
}
