package iri

import (
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/rfc3987"
	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/internal/gentest"
	"github.com/seed42851778/rfc3986/internal/irigrammar"

	"github.com/seed42851778/rfc3986/uri"
)

// genCommand is the command that writes zz_parse_gen.go and its test
// table, zz_parse_gen_test.go.
const genCommand = "go generate ./iri"

// specFuncs returns each function of irigrammar.Spec with the generated
// function of that name (genFuncs, the generated test table), failing t
// for one that has none.
func specFuncs(t testing.TB) []gentest.Func {
	t.Helper()
	return gentest.Funcs(t, irigrammar.Spec, genFuncs, genCommand)
}

// topRules pairs each top rule of iri with its rule in irigrammar.
var topRules = map[topRule]*c.Rule{ruleIRIReference: irigrammar.IRIReference, ruleIRI: irigrammar.IRI,
	ruleAbsoluteIRI: irigrammar.AbsoluteIRI, ruleIRelativeRef: irigrammar.IRelativeRef}

// genInputs are the texts the generated matchers are checked on: the fuzz
// seeds (RFC 3987's examples among them), ASCII corner cases of RFC 3986,
// and in each component the code points on either side of every bound of
// ucschar and iprivate and bytes that are not UTF-8.
func genInputs() []string {
	in := append([]string{}, fuzzSeeds...)
	in = append(in, "", ":", "/", "//", "?", "#", "%", "%4", "%41", "a:", "//h", "//@h:", "a:b#c#d", "1a:b",
		"http://[::1]:80/", "http://[v7.x]", "http://1.2.3.4", "http://1.2.3.256", "http://01.2.3.4",
		"http://1.2.3.4x", "//a%41@b", "http://h/!$&'()*+,;=:@/?/?#/?", "-a:b", "a b", "\x00", "\xff")
	var chars []string
	for _, set := range []c.RuneSet{rfc3987.UCSCharSet, rfc3987.IPrivateSet} {
		for _, r := range set.Ranges() {
			for _, x := range []rune{r.Lo - 1, r.Lo, r.Hi, r.Hi + 1} {
				if utf8.ValidRune(x) {
					chars = append(chars, string(x))
				}
			}
		}
	}
	chars = append(chars, "\u0080", "\u009f", "\ufffd", "\x80", "\xc3", "\xe2\x82", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
		"\u07ff", "\u0800", "\xc1\xbf", "\xc2\x7f", "\xdf\xc0")
	for _, ch := range chars {
		in = append(in, ch, "s:"+ch, ch+":x", "//"+ch+"@h:1/", "//h"+ch+"/p", "//1.2.3.4"+ch, "s:/a/"+ch,
			"a"+ch+"/b:c", "?"+ch+"#"+ch, "s://[::1]"+ch)
	}
	return in
}

// checkGenerated checks that the generated functions of the Spec, fs,
// agree with the interpreter on s: the matchers the same end offset from
// every position, for a whole match the same captures; the diagnoses the
// same diagnosis.
func checkGenerated(t *testing.T, fs []gentest.Func, s string) {
	t.Helper()
	for _, f := range fs {
		switch fn := f.Fn.(type) {
		case func(string, int, *[nslots][2]int) int:
			checkCapturing(t, f.Rule, fn, s)
		case func(string, int) int:
			gentest.CheckMatcher(t, f.Name, f.Rule, fn, s)
		case gentest.ExplainFunc:
			gentest.CheckExplain(t, f.Name, f.Rule, fn, s)
		default:
			t.Fatalf("%s: a generated function of type %T, which no check takes", f.Name, f.Fn)
		}
	}
}

// checkCapturing checks a generated matcher with captures against the
// interpreter's rule on s: the same end offset from every position, no
// capture stored where it fails, and the interpreter's captures on a whole
// match.
func checkCapturing(t *testing.T, rule *c.Rule, match func(string, int, *[nslots][2]int) int, s string) {
	t.Helper()
	for pos := -1; pos <= len(s)+1; pos++ {
		var caps [nslots][2]int
		for i := range caps {
			caps[i] = [2]int{-7, -7}
		}
		got, want := match(s, pos, &caps), rule.MatchAt(s, pos)
		if got != want {
			t.Fatalf("%s: generated matcher of %q from %d ends at %d, the interpreter at %d", rule.Name(), s, pos, got, want)
		}
		if got < 0 {
			if caps != [nslots][2]int{{-7, -7}, {-7, -7}, {-7, -7}, {-7, -7}, {-7, -7}, {-7, -7}, {-7, -7}, {-7, -7}} {
				t.Fatalf("%s: generated matcher of %q from %d failed but set the captures: %v", rule.Name(), s, pos, caps)
			}
		}
		if pos == 0 && want == len(s) {
			checkCaptures(t, rule, s, &caps)
		}
	}
}

// checkCaptures checks the captures of a whole match of s against those of
// the interpreter.
func checkCaptures(t *testing.T, rule *c.Rule, s string, caps *[nslots][2]int) {
	t.Helper()
	var sp [nslots]c.Span
	if !rule.Captures(s, sp[:]) {
		t.Fatalf("%s: %q matches but Captures fails", rule.Name(), s)
	}
	for i, x := range sp {
		if caps[i] != [2]int{x.Start, x.End} {
			t.Fatalf("%s: %q: slot %d is %v generated, %v interpreted", rule.Name(), s, i, caps[i], x)
		}
	}
}

func TestGeneratedVsInterpreter(t *testing.T) {
	fs := specFuncs(t)
	for _, s := range genInputs() {
		checkGenerated(t, fs, s)
	}
	t.Run("corpus", func(t *testing.T) {
		// The corpus, as it is (ASCII) and with characters outside ASCII
		// (benchLines's IRIs).
		lines := corpus.Lines(t, "urls.txt")
		if testing.Short() && len(lines) > 1000 {
			lines = lines[:1000]
		}
		_, nonASCII := iriLines(lines)
		for _, s := range append(lines, nonASCII...) {
			checkGeneratedAt0(t, fs, s)
		}
	})
}

// checkGeneratedAt0 is checkGenerated from position 0 only: every
// position of every line of the corpus is too slow.
func checkGeneratedAt0(t *testing.T, fs []gentest.Func, s string) {
	t.Helper()
	for _, f := range fs {
		switch fn := f.Fn.(type) {
		case func(string, int, *[nslots][2]int) int:
			var caps [nslots][2]int
			got, want := fn(s, 0, &caps), f.Rule.MatchAt(s, 0)
			if got != want {
				t.Fatalf("%s: generated matcher of %q ends at %d, the interpreter at %d", f.Name, s, got, want)
			}
			if want == len(s) {
				checkCaptures(t, f.Rule, s, &caps)
			}
		case gentest.ExplainFunc:
			if end := f.Rule.MatchAt(s, 0); end != len(s) {
				gentest.CheckExplainFrom(t, f.Name, f.Rule, fn, s, -1)
				gentest.CheckExplainFrom(t, f.Name, f.Rule, fn, s, end)
			}
		}
	}
}

// TestParseAgreesWithInterpreter: each Parse function gives the IRI the
// interpreter's captures give (fromSpans), and fails where they fail, with
// the interpreter's diagnosis.
func TestParseAgreesWithInterpreter(t *testing.T) {
	parsers := map[topRule]func(string) (IRI, error){ruleIRI: Parse, ruleIRIReference: ParseReference,
		ruleAbsoluteIRI: ParseAbsolute, ruleIRelativeRef: ParseRelative}
	for _, s := range genInputs() {
		for top, rule := range topRules {
			got, err := parsers[top](s)
			var sp [nslots]c.Span
			if !rule.Captures(s, sp[:]) {
				se := rule.Explain(s)
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Offset != se.Offset || !cmp.Equal(pe.Expected, se.Expected) || pe.Rule != rule.Name() {
					t.Errorf("%s(%q): error %v, the interpreter says %v", rule.Name(), s, err, se)
				}
				continue
			}
			if want := fromSpans(s, &sp); err != nil || got != want {
				t.Errorf("%s(%q): %+v, %v; the interpreter reads %+v", rule.Name(), s, got, err, want)
			}
		}
	}
}

func FuzzGeneratedVsInterpreter(f *testing.F) {
	for _, s := range genInputs() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 256 {
			s = s[:256] // every position is tried: keep it quick
		}
		checkGenerated(t, specFuncs(t), s)
	})
}

// TestGeneratedUpToDate regenerates zz_parse_gen.go and its test table in
// memory: a change to the grammar or to the generator must come with go
// generate.
func TestGeneratedUpToDate(t *testing.T) {
	gentest.SpecUpToDate(t, irigrammar.Spec, "zz_parse_gen.go", genCommand)
}

// TestSlotsAgree checks that iri's capture slots and rule names are those of
// the grammar its matchers are generated from.
func TestSlotsAgree(t *testing.T) {
	got := []int{slotScheme, slotAuthority, slotUserInfo, slotHost, slotPort, slotPath, slotQuery, slotFragment, nslots}
	want := []int{irigrammar.SlotScheme, irigrammar.SlotAuthority, irigrammar.SlotUserInfo, irigrammar.SlotHost,
		irigrammar.SlotPort, irigrammar.SlotPath, irigrammar.SlotQuery, irigrammar.SlotFragment, irigrammar.NSlots}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("slots (-irigrammar +iri):\n%s", diff)
	}
	for top, rule := range topRules {
		if top.Name() != rule.Name() {
			t.Errorf("topRule %d is named %s, the rule %s", top, top.Name(), rule.Name())
		}
	}
	uriNames := map[topRule]string{ruleIRI: "URI", ruleAbsoluteIRI: "absolute-URI", ruleIRelativeRef: "relative-ref", ruleIRIReference: "URI-reference"}
	for r, name := range uriNames {
		if r.uriName() != name {
			t.Errorf("%s extends %s, want %s", r.Name(), r.uriName(), name)
		}
	}
}

// TestIsIPv4Host checks the generated IPv4address matcher against the
// interpreter's rule (RFC 3986 §3.2.2: dec-octet has no leading zero and is
// at most 255).
func TestIsIPv4Host(t *testing.T) {
	for _, s := range []string{"1.2.3.4", "0.0.0.0", "255.255.255.255", "01.2.3.4", "1.2.3.256", "1.2.3",
		"1.2.3.4.", "1.2.3.4x", "1.2.3.4\u00e9", "", "a.b.c.d", "1..2.3"} {
		if got, want := matchIPv4Host(s, 0) == len(s), c.IPv4Address.Match(s); got != want {
			t.Errorf("matchIPv4Host(%q) whole = %v, the rule says %v", s, got, want)
		}
	}
}

// fromSpans makes the IRI of s from the spans of a match by the
// interpreter, its host kind told by the interpreter's IPv4address: the
// reference the generated parse is compared with.
func fromSpans(s string, sp *[nslots]c.Span) IRI {
	i := IRI{s: s}
	for k, x := range sp {
		if x.Defined() {
			i.sp[k] = span{int32(x.Start + 1), int32(x.End)}
		}
	}
	if x := sp[slotPath]; x.Start == x.End {
		i.sp[slotPath] = span{}
	}
	h, ok := i.get(slotHost)
	switch {
	case !ok:
		i.host = uri.NoHost
	case h != "" && h[0] == '[' && (h[1] == 'v' || h[1] == 'V'):
		i.host = uri.IPvFuture
	case h != "" && h[0] == '[':
		i.host = uri.IPv6
	case c.IPv4Address.Match(h):
		i.host = uri.IPv4
	default:
		i.host = uri.RegName
	}
	return i
}
