package uritemplate

import (
	"strings"
	"testing"
	"unicode/utf8"

	c "github.com/seed42851778/rfc3986/combinator"
)

// The rules print as the ABNF of RFC 6570 §2 (the combinator package's
// notation: "*3DIGIT" for "0*3DIGIT", value ranges for the literal set).
func TestGrammarABNF(t *testing.T) {
	want := []string{
		"URI-Template = *( literals / expression )",
		"expression = \"{\" [ operator ] variable-list \"}\"",
		"operator = op-level2 / op-level3 / op-reserve",
		"op-level2 = \"+\" / \"#\"",
		"op-level3 = \".\" / \"/\" / \";\" / \"?\" / \"&\"",
		"op-reserve = \"=\" / \",\" / \"!\" / \"@\" / \"|\"",
		"variable-list = varspec *( \",\" varspec )",
		"varspec = varname [ modifier-level4 ]",
		"varname = varchar *( [ \".\" ] varchar )",
		"varchar = ALPHA / DIGIT / \"_\" / pct-encoded",
		"modifier-level4 = prefix / explode",
		"prefix = \":\" max-length",
		"max-length = %x31-39 *3DIGIT",
		"explode = \"*\"",
	}
	lines := strings.Split(URITemplate.Grammar(), "\n")
	for _, w := range want {
		found := false
		for _, l := range lines {
			found = found || l == w
		}
		if !found {
			t.Errorf("grammar lacks %q:\n%s", w, URITemplate.Grammar())
		}
	}
}

// Literals' ASCII part, byte by byte, against §2.1's comment: any character
// except CTL, SP, DQUOTE, "'", "%" (aside from pct-encoded), "<", ">", "\",
// "^", "`", "{", "|", "}".
func TestLiteralsASCII(t *testing.T) {
	for b := 0; b < 0x80; b++ {
		want := b > 0x20 && b != 0x7F && !strings.ContainsRune("\"'%<>\\^`{|}", rune(b))
		if got := Literals.Match(string(rune(b))); got != want {
			t.Errorf("literals on %q: %v, want %v", rune(b), got, want)
		}
	}
	for _, s := range []string{"%41", "%aF"} {
		if !Literals.Match(s) {
			t.Errorf("literals does not match %q", s)
		}
	}
}

// ucschar and iprivate at each bound of their ranges (RFC 3987 §2.2).
func TestUnicodeRanges(t *testing.T) {
	tests := []struct {
		r                 rune
		ucschar, iprivate bool
	}{
		{0x9F, false, false}, {0xA0, true, false}, {0xD7FF, true, false},
		{0xE000, false, true}, {0xF8FF, false, true}, {0xF900, true, false},
		{0xFDCF, true, false}, {0xFDD0, false, false}, {0xFDEF, false, false},
		{0xFDF0, true, false}, {0xFFEF, true, false}, {0xFFF0, false, false}, {0xFFFD, false, false},
		{0x10000, true, false}, {0x1FFFD, true, false}, {0x1FFFE, false, false}, {0x1FFFF, false, false},
		{0x20000, true, false}, {0x2FFFD, true, false}, {0x2FFFE, false, false},
		{0xDFFFD, true, false}, {0xDFFFE, false, false}, {0xE0000, false, false}, {0xE0FFF, false, false},
		{0xE1000, true, false}, {0xEFFFD, true, false}, {0xEFFFE, false, false},
		{0xF0000, false, true}, {0xFFFFD, false, true}, {0xFFFFE, false, false},
		{0x100000, false, true}, {0x10FFFD, false, true}, {0x10FFFE, false, false},
	}
	for _, tt := range tests {
		s := string(tt.r)
		if got := ucschar.Match(s); got != tt.ucschar {
			t.Errorf("ucschar on U+%04X: %v", tt.r, got)
		}
		if got := iprivate.Match(s); got != tt.iprivate {
			t.Errorf("iprivate on U+%04X: %v", tt.r, got)
		}
		if got := Literals.Match(s); got != (tt.ucschar || tt.iprivate) {
			t.Errorf("literals on U+%04X: %v", tt.r, got)
		}
	}
	// Invalid UTF-8 is never a match: a lone continuation byte, a truncated
	// sequence, an overlong encoding, a surrogate.
	for _, s := range []string{"\x80", "\xc3", "\xe6\x97", "\xc0\xa0", "\xed\xa0\x80", "\xf4\x90\x80\x80"} {
		if ucschar.Match(s) || iprivate.Match(s) || Literals.Match(s) {
			t.Errorf("%q matches", s)
		}
		if utf8.ValidString(s) {
			t.Errorf("%q is valid UTF-8", s)
		}
	}
}

// The rules accept and refuse as their ABNF does.
func TestRules(t *testing.T) {
	tests := []struct {
		rule *c.Rule
		ok   []string
		bad  []string
	}{
		{Varname, []string{"a", "a.b", "a_b.c9", "%41", "a%2Fb.c", "_"}, []string{"", ".a", "a.", "a..b", "a-b", "%4", "a b"}},
		{MaxLength, []string{"1", "9", "10", "9999"}, []string{"", "0", "01", "10000"}},
		{Varspec, []string{"a", "a*", "a:1", "a.b:9999"}, []string{"a:", "a*:1", "a:1*", "a**"}},
		{VariableList, []string{"a", "a,b", "a*,b:2"}, []string{"", "a,", ",a", "a,,b"}},
		{Expression, []string{"{a}", "{+a}", "{=a}", "{|a,b}"}, []string{"{}", "{a", "{+}", "{++a}", "{$a}", "{ a}"}},
		{URITemplate, []string{"", "a{b}c", "{a}{b}", "%20"}, []string{"}", "{", "a b", "%", "{a}}"}},
	}
	for _, tt := range tests {
		for _, s := range tt.ok {
			if !tt.rule.Match(s) {
				t.Errorf("%s does not match %q", tt.rule.Name(), s)
			}
		}
		for _, s := range tt.bad {
			if tt.rule.Match(s) {
				t.Errorf("%s matches %q", tt.rule.Name(), s)
			}
		}
	}
}
