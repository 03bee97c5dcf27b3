package properties

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/rfc3987"
	"pgregory.net/rapid"
)

// iriEngineRules maps every ABNF name MatchIRIRule knows to the combinator
// rule of the same name.
var iriEngineRules = map[string]*combinator.Rule{
	"IRI-reference":  rfc3987.IRIReference,
	"IRI":            rfc3987.IRI,
	"absolute-IRI":   rfc3987.AbsoluteIRI,
	"irelative-ref":  rfc3987.IRelativeRef,
	"irelative-part": rfc3987.IRelativePart,
	"ihier-part":     rfc3987.IHierPart,
	"iauthority":     rfc3987.IAuthority,
	"iuserinfo":      rfc3987.IUserInfo,
	"ihost":          rfc3987.IHost,
	"ireg-name":      rfc3987.IRegName,
	"ipath":          rfc3987.IPath,
	"ipath-abempty":  rfc3987.IPathAbempty,
	"ipath-absolute": rfc3987.IPathAbsolute,
	"ipath-noscheme": rfc3987.IPathNoScheme,
	"ipath-rootless": rfc3987.IPathRootless,
	"ipath-empty":    rfc3987.IPathEmpty,
	"isegment":       rfc3987.ISegment,
	"isegment-nz":    rfc3987.ISegmentNZ,
	"isegment-nz-nc": rfc3987.ISegmentNZNC,
	"ipchar":         rfc3987.IPChar,
	"iquery":         rfc3987.IQuery,
	"ifragment":      rfc3987.IFragment,
	"iunreserved":    rfc3987.IUnreserved,
	"ucschar":        rfc3987.UCSChar,
	"iprivate":       rfc3987.IPrivate,
}

func TestIRIEngineRulesCoverOracle(t *testing.T) {
	for _, name := range IRIRuleNames() {
		r := iriEngineRules[name]
		if r == nil {
			t.Errorf("no combinator rule for %q", name)
		} else if r.Name() != name {
			t.Errorf("%q: combinator rule is named %q", name, r.Name())
		}
	}
	if len(iriEngineRules) != len(IRIRuleNames()) {
		t.Errorf("iriEngineRules has %d names, MatchIRIRule knows %d", len(iriEngineRules), len(IRIRuleNames()))
	}
}

// iriRuleCases: inputs that match and that do not, read from RFC 3987 §2.2
// (the ranges of ucschar and iprivate, iprivate in iquery only) and its
// examples (§3.1, §3.2.1).
var iriRuleCases = map[string]struct{ ok, bad []string }{
	"ucschar":     {ok: []string{"\u00A0", "\uD7FF", "\uF900", "\uFDCF", "\uFDF0", "\uFFEF", "\U00010000", "\U0001FFFD", "\U000E1000", "\U000EFFFD"}, bad: []string{"\u009F", "\uE000", "\uFDD0", "\uFFF0", "\U0001FFFE", "\U000E0FFF", "\U000EFFFE", "a", "", "\xC3", "\uFFFD"}},
	"iprivate":    {ok: []string{"\uE000", "\uF8FF", "\U000F0000", "\U000FFFFD", "\U00100000", "\U0010FFFD"}, bad: []string{"\uF900", "\U000FFFFE", "\U0010FFFE", "\u00E9"}},
	"iunreserved": {ok: []string{"a", "~", "é"}, bad: []string{"!", "%41", "\uE000"}},
	"ipchar":      {ok: []string{"é", "%C3", ":", "@"}, bad: []string{"/", "\uE000"}},
	"iquery":      {ok: []string{"", "q=é&\uE000", "\U0010FFFD"}, bad: []string{"#", " ", "\xFF"}},
	"ifragment":   {ok: []string{"", "é"}, bad: []string{"\uE000"}},
	"ireg-name":   {ok: []string{"r\u00E9sum\u00E9.example.org", "xn--99zt52a.example.org", "\u7D0D\u8C46.example.org"}, bad: []string{"a:b"}},
	"IRI": {ok: []string{
		"http://r\u00E9sum\u00E9.example.org",
		"http://www.example.org/red%09ros\u00E9#red",
		"http://example.com/\U00010300\U00010301\U00010302",
		"http://www.example.org/D\u00FCrst",
		"http://\u7D0D\u8C46.example.org/%E2%80%AE",
		"http://validator.w3.org/check?uri=http%3A%2F%2Fr\u00E9sum\u00E9.example.org",
		"example://a/b/c/%7Bfoo%7D/ros\u00E9",
	}, bad: []string{"http://example.com/\uE000", "http://www.example.org/D\xFCrst", "http://h/a b"}},
	"IRI-reference": {ok: []string{"", "ros\u00E9", "#\u00E9", "?\uE000"}, bad: []string{"#\uE000", "\u00E9:x"}},
}

func TestIRIOracleTable(t *testing.T) {
	for rule, c := range iriRuleCases {
		for _, s := range c.ok {
			if m, known := MatchIRIRule(rule, s); !known || !m {
				t.Errorf("%s: %q should match (known %v)", rule, s, known)
			}
		}
		for _, s := range c.bad {
			if m, _ := MatchIRIRule(rule, s); m {
				t.Errorf("%s: %q should not match", rule, s)
			}
		}
	}
	if _, known := MatchIRIRule("URI", "a:b"); known {
		t.Error("MatchIRIRule knows URI")
	}
}

// iriChars are characters near the edges of ucschar and iprivate, ASCII the
// IRI grammar treats specially, and bytes that are not UTF-8.
var iriChars = rapid.SampledFrom([]string{
	"\u009F", "\u00A0", "é", "\uD7FF", "\uE000", "\uF8FF", "\uF900", "\uFDCF", "\uFDD0", "\uFDEF",
	"\uFDF0", "\uFFEF", "\uFFF0", "\uFFFD", "\U00010000", "\U0001FFFD", "\U0001FFFE", "\U000E0FFF",
	"\U000E1000", "\U000EFFFD", "\U000F0000", "\U000FFFFD", "\U00100000", "\U0010FFFD", "\U0010FFFF",
	"\u202E", "日本", "\xC3", "\xFF", "\xED\xA0\x80", "%C3%A9", ":", "/", "?", "#", "@", "[", " ",
})

// uriRuleOf is the RFC 3986 rule an RFC 3987 rule extends, whose generator
// and inputs the IRI inputs start from.
func uriRuleOf(rule string) string {
	switch rule {
	case "IRI-reference":
		return "URI-reference"
	case "IRI":
		return "URI"
	case "absolute-IRI":
		return "absolute-URI"
	case "ucschar", "iprivate", "iunreserved":
		return "unreserved"
	}
	return strings.TrimPrefix(rule, "i")
}

// nearIRIRule draws an input for an RFC 3987 rule: an input near the RFC
// 3986 rule it extends, with IRI characters put in, replacing bytes or
// between them.
func nearIRIRule(t *rapid.T, rule string) string {
	s := []byte(nearRule(t, uriRuleOf(rule)))
	if rapid.IntRange(0, 4).Draw(t, "short") == 0 {
		s = nil
	}
	for n := rapid.IntRange(0, 3).Draw(t, "inserts"); n > 0; n-- {
		i := rapid.IntRange(0, len(s)).Draw(t, "at")
		ch := iriChars.Draw(t, "char")
		del := 0
		if i < len(s) && rapid.Bool().Draw(t, "replace") {
			del = 1
		}
		s = append(s[:i], append([]byte(ch), s[i+del:]...)...)
	}
	return string(s)
}

// TestIRIRegexpVsEngine: for every RFC 3987 rule, combinator's rule agrees
// with the regexp transcription on inputs near the rule's language.
func TestIRIRegexpVsEngine(t *testing.T) {
	for _, rule := range IRIRuleNames() {
		t.Run(rule, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				s := nearIRIRule(t, rule)
				want, _ := MatchIRIRule(rule, s)
				if got := iriEngineRules[rule].Match(s); got != want {
					t.Fatalf("combinator %s.Match(%q) = %v, regexp oracle says %v", rule, s, got, want)
				}
			})
		})
	}
}

// FuzzIRIOracleVsEngine: the engine's IRI-reference, IRI and ihost agree
// with the regexp oracle on any input.
func FuzzIRIOracleVsEngine(f *testing.F) {
	for _, c := range iriRuleCases {
		for _, s := range append(c.ok, c.bad...) {
			f.Add(s)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, rule := range []string{"IRI-reference", "IRI", "absolute-IRI", "irelative-ref", "ihost", "ipath", "iquery"} {
			want, _ := MatchIRIRule(rule, s)
			if got := iriEngineRules[rule].Match(s); got != want {
				t.Fatalf("combinator %s.Match(%q) = %v, regexp oracle says %v", rule, s, got, want)
			}
		}
	})
}

func ExampleMatchIRIRule() {
	fmt.Println(MatchIRIRule("IRI-reference", "http://bücher.de/ü?q=\uE000"))
	fmt.Println(MatchIRIRule("ifragment", "\uE000"))
	fmt.Println(MatchIRIRule("URI", "a:b"))
	// Output:
	// true true
	// false true
	// false false
}

func ExampleIRIRuleNames() {
	fmt.Println(len(IRIRuleNames()), IRIRuleNames()[:3])
	// Output: 25 [IRI IRI-reference absolute-IRI]
}
