package properties

// This file holds the fast engine (the exported rules of package combinator)
// to the two oracles of this package: the regexp transcription (MatchRule) and
// the goparsec transcription (GoparsecMatch) of RFC 3986 Appendix A.

import (
	"strconv"
	"testing"

	"github.com/seed42851778/rfc3986/combinator"
	"pgregory.net/rapid"
)

// engineRules maps every ABNF name the oracles know to the combinator rule of
// the same name (URI-reference is URIReference, path-abempty PathAbempty).
var engineRules = map[string]*combinator.Rule{
	"URI-reference": combinator.URIReference,
	"URI":           combinator.URI,
	"absolute-URI":  combinator.AbsoluteURI,
	"relative-ref":  combinator.RelativeRef,
	"relative-part": combinator.RelativePart,
	"hier-part":     combinator.HierPart,
	"scheme":        combinator.Scheme,
	"authority":     combinator.Authority,
	"userinfo":      combinator.UserInfo,
	"host":          combinator.Host,
	"port":          combinator.Port,
	"IP-literal":    combinator.IPLiteral,
	"IPvFuture":     combinator.IPvFuture,
	"IPv6address":   combinator.IPv6Address,
	"h16":           combinator.H16,
	"ls32":          combinator.LS32,
	"IPv4address":   combinator.IPv4Address,
	"dec-octet":     combinator.DecOctet,
	"reg-name":      combinator.RegName,
	"path":          combinator.Path,
	"path-abempty":  combinator.PathAbempty,
	"path-absolute": combinator.PathAbsolute,
	"path-noscheme": combinator.PathNoScheme,
	"path-rootless": combinator.PathRootless,
	"path-empty":    combinator.PathEmpty,
	"segment":       combinator.Segment,
	"segment-nz":    combinator.SegmentNZ,
	"segment-nz-nc": combinator.SegmentNZNC,
	"pchar":         combinator.PChar,
	"query":         combinator.Query,
	"fragment":      combinator.Fragment,
	"pct-encoded":   combinator.PctEncoded,
	"unreserved":    combinator.Unreserved,
	"reserved":      combinator.Reserved,
	"gen-delims":    combinator.GenDelims,
	"sub-delims":    combinator.SubDelims,
	"ALPHA":         combinator.ALPHA,
	"DIGIT":         combinator.DIGIT,
	"HEXDIG":        combinator.HEXDIG,
}

// TestEngineRulesCoverOracles: every rule either oracle knows has a
// combinator rule, under the name its String prints.
func TestEngineRulesCoverOracles(t *testing.T) {
	for _, name := range RuleNames() {
		if engineRules[name] == nil {
			t.Errorf("no combinator rule for %q", name)
		}
	}
	for name := range goparsecRules {
		if engineRules[name] == nil {
			t.Errorf("no combinator rule for goparsec rule %q", name)
		}
	}
	if len(engineRules) != len(RuleNames()) {
		t.Errorf("engineRules has %d names, MatchRule knows %d", len(engineRules), len(RuleNames()))
	}
}

// edgeAlphabet is the alphabet of the short arbitrary strings: one or two of
// each character class, every delimiter, "%", the "v" of IPvFuture, and bytes
// no rule allows.
const edgeAlphabet = "aZvVfF019-._~!$&'()*+,;=:/?#[]@% \x00\xc3\xff"

// shortArbitrary draws strings of up to 8 bytes over edgeAlphabet.
var shortArbitrary = concat(charsOf(edgeAlphabet), 0, 8)

// ruleInputs draws inputs near the language of one rule: the rule's own
// generator where there is one, values of the rules it is built from, and
// small edits of them.
var ruleInputs = func() map[string]*rapid.Generator[string] {
	m := map[string]*rapid.Generator[string]{}
	for _, g := range generatorRules {
		m[g.rule] = g.gen
	}
	hierPart := rapid.Custom(func(t *rapid.T) string {
		s := AbsoluteURI().Draw(t, "absolute-URI")
		c := Split(s)
		c.Scheme, c.Query = nil, nil
		return c.String()
	})
	relativePart := rapid.Custom(func(t *rapid.T) string {
		c := Split(RelativeRef().Draw(t, "relative-ref"))
		c.Query, c.Fragment = nil, nil
		return c.String()
	})
	decOctet := rapid.Map(rapid.IntRange(0, 300), strconv.Itoa)
	m["hier-part"] = hierPart
	m["relative-part"] = relativePart
	m["dec-octet"] = rapid.OneOf(decOctet, rapid.SampledFrom([]string{"00", "01", "099", "249", "250", "255", "256", "260"}))
	m["h16"] = concat(hexGen, 1, 5)
	m["ls32"] = rapid.OneOf(concat(rapid.OneOf(hexGen, rapid.Just(":")), 1, 10), IPv4Address())
	m["path"] = rapid.OneOf(PathAbempty(), PathAbsolute(), PathNoScheme(), PathRootless(), PathEmpty())
	m["segment-nz"] = segmentNZ()
	m["segment-nz-nc"] = segmentNZNC()
	for _, one := range []string{"pchar", "unreserved", "reserved", "gen-delims", "sub-delims", "ALPHA", "DIGIT", "HEXDIG"} {
		m[one] = rapid.OneOf(charsOf(edgeAlphabet), PctEncoded())
	}
	return m
}()

// nearRule draws an input for rule: one of its generator's values, possibly
// edited, a near miss, a slice of a URI-reference, or a short arbitrary
// string.
func nearRule(t *rapid.T, rule string) string {
	switch rapid.IntRange(0, 5).Draw(t, "source") {
	case 0, 1:
		return ruleInputs[rule].Draw(t, "valid")
	case 2:
		return edit(t, []byte(ruleInputs[rule].Draw(t, "valid")))
	case 3:
		return Invalid().Draw(t, "near miss").Input
	case 4:
		s := URIReference().Draw(t, "URI-reference")
		i := rapid.IntRange(0, len(s)).Draw(t, "from")
		j := rapid.IntRange(i, len(s)).Draw(t, "to")
		return s[i:j]
	default:
		return shortArbitrary.Draw(t, "arbitrary")
	}
}

// edit applies one to three insertions, deletions or replacements of a byte
// of edgeAlphabet to s.
func edit(t *rapid.T, s []byte) string {
	for n := rapid.IntRange(1, 3).Draw(t, "edits"); n > 0; n-- {
		i := rapid.IntRange(0, len(s)).Draw(t, "at")
		b := edgeAlphabet[rapid.IntRange(0, len(edgeAlphabet)-1).Draw(t, "byte")]
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
	return string(s)
}

// engineAgrees fails t when combinator's rule and the oracle disagree on s.
func engineAgrees(t interface{ Fatalf(string, ...any) }, oracle string, match func(rule, s string) (bool, bool), rule, s string) {
	want, known := match(rule, s)
	if !known {
		t.Fatalf("%s oracle does not know %q", oracle, rule)
	}
	if got := engineRules[rule].Match(s); got != want {
		t.Fatalf("combinator %s.Match(%q) = %v, %s oracle says %v", rule, s, got, oracle, want)
	}
}

// TestRegexpVsEngine: for every rule MatchRule knows, combinator's rule
// agrees with it on inputs near the rule's language.
func TestRegexpVsEngine(t *testing.T) {
	for _, rule := range RuleNames() {
		t.Run(rule, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				engineAgrees(t, "regexp", MatchRule, rule, nearRule(t, rule))
			})
		})
	}
}

// TestGoparsecVsEngine: for every rule GoparsecMatch knows, combinator's
// rule agrees with it on inputs near the rule's language.
func TestGoparsecVsEngine(t *testing.T) {
	for _, rule := range goparsecRuleNames() {
		t.Run(rule, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				engineAgrees(t, "goparsec", GoparsecMatch, rule, nearRule(t, rule))
			})
		})
	}
}

// fuzzRules are the rules FuzzOraclesVsEngine checks: the four top rules and
// the parts where the grammar is subtle.
var fuzzRules = []string{"URI-reference", "URI", "absolute-URI", "relative-ref",
	"authority", "host", "IPv6address", "IPv4address", "IP-literal", "path-noscheme", "path-rootless", "segment-nz-nc"}

// FuzzOraclesVsEngine asserts that the regexp oracle, the goparsec oracle and
// the combinator rules agree on arbitrary input for fuzzRules. Run it with
//
//	go test ./properties -run '^$' -fuzz FuzzOraclesVsEngine -fuzztime 1m
func FuzzOraclesVsEngine(f *testing.F) {
	seeds := []string{"", ":", "s:", "s:?#", "//@h:", "//[::1]", "//[v1.x]", "//[V1.x]", "//1.2.3.256", "01.2.3.4",
		"a:b", "a/b:c", "%", "%4", "%G1", "//[1::2::3]", "//h:8a", "1s:x", "\x00", "\xff", "s://[::ffff:1.2.3.4]:80/p?q#f",
		"::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4", "[::1.2.3.4]", "//[1:2:3:4:5:6:7:8:9]", "g;x=1/../y", "../../g"}
	seeds = append(seeds, rfcExamples...)
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, rule := range fuzzRules {
			re, _ := MatchRule(rule, s)
			gp, _ := GoparsecMatch(rule, s)
			en := engineRules[rule].Match(s)
			if re != gp || re != en {
				t.Errorf("rule %s on %q: regexp %v, goparsec %v, combinator %v", rule, s, re, gp, en)
			}
		}
	})
}
