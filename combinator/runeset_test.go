package combinator

import (
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/internal/ruletest"
)

func TestRunesNormalizes(t *testing.T) {
	s := Runes(RuneRange{0x30, 0x39}, RuneRange{0x10, 0x20}, RuneRange{0x21, 0x25}, RuneRange{0x35, 0x40}, RuneRange{0x100, 0x100})
	want := []RuneRange{{0x10, 0x25}, {0x30, 0x40}, {0x100, 0x100}}
	if diff := cmp.Diff(want, s.Ranges()); diff != "" {
		t.Errorf("Ranges (-want +got):\n%s", diff)
	}
	if got := s.String(); got != "%x10-25 / %x30-40 / %x100" {
		t.Errorf("String = %q", got)
	}
	if got := (RuneSet{}).String(); got != "( )" {
		t.Errorf("empty String = %q", got)
	}
	if !Runes().IsEmpty() || s.IsEmpty() {
		t.Error("IsEmpty")
	}
	// Ranges returns a copy: changing it does not change the set.
	rs := s.Ranges()
	rs[0].Lo = 0
	if s.Contains(0) {
		t.Error("Ranges shares its slice with the set")
	}
	u := Runes(RuneRange{0x26, 0x2F}).Union(s)
	if diff := cmp.Diff([]RuneRange{{0x10, 0x40}, {0x100, 0x100}}, u.Ranges()); diff != "" {
		t.Errorf("Union (-want +got):\n%s", diff)
	}
	if !u.Equal(Runes(RuneRange{0x100, 0x100}, RuneRange{0x10, 0x40})) || u.Equal(s) {
		t.Error("Equal")
	}
}

func TestRunesPanics(t *testing.T) {
	for _, r := range []RuneRange{{5, 4}, {-1, 3}, {0, utf8.MaxRune + 1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Runes(%v) did not panic", r)
				}
			}()
			Runes(r)
		}()
	}
}

func TestRuneSetContains(t *testing.T) {
	s := Runes(RuneRange{0xA0, 0xD7FF}, RuneRange{0xF900, 0xFDCF}, RuneRange{0x10000, 0x1FFFD})
	for _, c := range []struct {
		r  rune
		in bool
	}{
		{0x9F, false}, {0xA0, true}, {0xD7FF, true}, {0xD800, false},
		{0xF8FF, false}, {0xF900, true}, {0xFDCF, true}, {0xFDD0, false},
		{0xFFFF, false}, {0x10000, true}, {0x1FFFD, true}, {0x1FFFE, false},
		{0, false}, {utf8.MaxRune, false},
	} {
		if got := s.Contains(c.r); got != c.in {
			t.Errorf("Contains(%U) = %v", c.r, got)
		}
	}
}

// TestRuneSetLeadBytes checks LeadBytes against the UTF-8 encoding of every
// code point.
func TestRuneSetLeadBytes(t *testing.T) {
	sets := []RuneSet{
		Runes(RuneRange{0x41, 0x5A}),
		Runes(RuneRange{0x7F, 0x80}),
		Runes(RuneRange{0xA0, 0xD7FF}, RuneRange{0xF900, 0xFDCF}, RuneRange{0xFDF0, 0xFFEF}),
		Runes(RuneRange{0x7FF, 0x800}, RuneRange{0xFFFF, 0x10000}),
		Runes(RuneRange{0xE1000, 0xEFFFD}, RuneRange{0x100000, 0x10FFFD}),
		Runes(RuneRange{0, utf8.MaxRune}),
	}
	for _, s := range sets {
		var want CharSet
		var buf [4]byte
		for r := rune(0); r <= utf8.MaxRune; r++ {
			if s.Contains(r) && utf8.ValidRune(r) {
				utf8.EncodeRune(buf[:], r)
				want = want.Union(Chars(string(buf[:1])))
			}
		}
		if got := s.LeadBytes(); got != want {
			t.Errorf("%v: LeadBytes = %v, want %v", s, got, want)
		}
	}
}

func TestRuneClassMatch(t *testing.T) {
	r := Named("r", RuneClass(Runes(RuneRange{'a', 'c'}, RuneRange{0xE9, 0xE9}, RuneRange{0xFFFD, 0xFFFD}, RuneRange{0x10000, 0x10FFFF})))
	ruletest.OK(t, r, "a", "c", "é", "\uFFFD", "\U00010000", "\U0010FFFF")
	ruletest.Bad(t, r, "", "d", "ab", "è", "\xE9", "\xC3", "\xC3\xA9\xA9", "\x80", "\xFF",
		"\xED\xA0\x80",     // an encoded surrogate
		"\xC0\xA1",         // an overlong "!"
		"\xF0\x90\x80",     // a truncated U+10000
		"\xF4\x90\x80\x80") // above U+10FFFF
	// Invalid UTF-8 never matches, not even a set with U+FFFD, the rune
	// utf8.DecodeRune reports for it.
	all := RuneClass(Runes(RuneRange{0, utf8.MaxRune}))
	for _, s := range []string{"\x80", "\xFF", "\xC3", "\xED\xB0\x80", "\xE0\x80\x80", "\xF8\x88\x80\x80\x80"} {
		if n, matched := all.Prefix(s); matched {
			t.Errorf("%q: Prefix = %d, want no match", s, n)
		}
	}
	// Prefix and MatchAt consume exactly one character.
	if n, _ := r.Prefix("éa"); n != 2 {
		t.Errorf("Prefix(éa) = %d", n)
	}
	if e := r.MatchAt("x\U00010000", 1); e != 5 {
		t.Errorf("MatchAt = %d", e)
	}
	if r.Op() != OpRunes || r.Op().String() != "RuneClass" || !r.Runes().Contains(0xE9) || !Lit("x").Runes().IsEmpty() {
		t.Error("view")
	}
	if got, want := r.First(), Chars("abc").Union(Chars("\xC3\xEF\xF0\xF1\xF2\xF3\xF4")); got != want {
		t.Errorf("First = %v, want %v", got, want)
	}
	if r.Nullable() || r.Fused().Kind != NotFused {
		t.Error("a rune class is neither nullable nor fused")
	}
}

// TestRuneClassInGrammar uses rune classes where the preparation skips by
// first byte, fuses runs and rolls back captures.
func TestRuneClassInGrammar(t *testing.T) {
	greek := RuneClass(Runes(RuneRange{0x391, 0x3C9}))
	word := Named("word", Plus(Alt(ALPHA, greek)))
	ruletest.OK(t, word, "abc", "αβγ", "aβc", "Ω")
	ruletest.Bad(t, word, "", "a-b", "αé", "a\xCE")
	opt := Seq(Lit("x"), Opt(greek), Lit("y"))
	ruletest.OK(t, opt, "xy", "xαy")
	ruletest.Bad(t, opt, "xay", "xααy")
	spans := make([]Span, 2)
	g := Seq(Capture(0, Star(ALPHA)), Capture(1, Star(greek)))
	if !g.Captures("abγδ", spans) {
		t.Fatal("no match")
	}
	if diff := cmp.Diff([]Span{{0, 2}, {2, 6}}, spans); diff != "" {
		t.Errorf("spans (-want +got):\n%s", diff)
	}
	// The fused matcher and the plain one agree.
	for _, s := range []string{"abγδ", "αa", "\xCE", "ab\xCE\xB1\xCE"} {
		if got, want := g.MatchAt(s, 0), plainMatch(g, s, 0, nil); got != want {
			t.Errorf("%q: MatchAt %d, plain %d", s, got, want)
		}
	}
}

func TestRuneClassABNF(t *testing.T) {
	set := Runes(RuneRange{0xA0, 0xD7FF}, RuneRange{0xF900, 0xFDCF})
	for _, c := range []struct {
		r    *Rule
		want string
	}{
		{RuneClass(set), "%xA0-D7FF / %xF900-FDCF"},
		{Named("u", RuneClass(set)), "u = %xA0-D7FF / %xF900-FDCF"},
		{Star(RuneClass(set)), "*( %xA0-D7FF / %xF900-FDCF )"},
		{Seq(Lit("a"), RuneClass(Runes(RuneRange{0xE9, 0xE9}))), `%s"a" %xE9`},
		{Alt(ALPHA, RuneClass(set)), "ALPHA / ( %xA0-D7FF / %xF900-FDCF )"},
		{Named("e", RuneClass(Runes())), "e = ( )"},
	} {
		if got := c.r.String(); got != c.want {
			t.Errorf("String = %q, want %q", got, c.want)
		}
	}
}

func TestRuneClassExplain(t *testing.T) {
	ucs := Named("ucs", RuneClass(Runes(RuneRange{0xA0, 0xD7FF})))
	word := Named("word", Seq(ALPHA, Star(Alt(ALPHA, ucs))))
	for _, c := range []struct {
		in   string
		want *SyntaxError
	}{
		{"aé\u2028\x01", &SyntaxError{Offset: 6, Rule: "word", Expected: []string{"ALPHA", "ucs", "end of input"}}},
		{"ab\xC3", &SyntaxError{Offset: 2, Rule: "word", Expected: []string{"ALPHA", "ucs", "end of input"}}},
		{"é", &SyntaxError{Offset: 0, Rule: "word", In: "word", Expected: []string{"ALPHA"}}},
		{"a\U0001F600", &SyntaxError{Offset: 1, Rule: "word", Expected: []string{"ALPHA", "ucs", "end of input"}}},
	} {
		got := word.Explain(c.in)
		if got == nil {
			t.Errorf("%q: no error", c.in)
			continue
		}
		c.want.Input = c.in
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", c.in, diff)
		}
	}
	e := ucs.Explain("\U0001F600")
	if e == nil || e.Offset != 0 || e.Error() != `invalid character '😀' (UTF-8 0xF0 0x9F 0x98 0x80) at offset 0 in ucs: expected ucs` {
		t.Errorf("Explain = %v", e)
	}
	if e := RuneClass(Runes(RuneRange{0xE9, 0xE9})).Explain("x"); e == nil || cmp.Diff([]string{"%xE9"}, e.Expected) != "" {
		t.Errorf("unnamed: %v", e)
	}
}
