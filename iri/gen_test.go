package iri

import (
	"bytes"
	"errors"
	"os"
	"regexp"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/rfc3987"
	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/internal/irigrammar"

	"github.com/seed42851778/rfc3986/uri"
)

// generated pairs each top rule with its generated matcher and diagnosis.
var generated = []struct {
	top     topRule
	rule    *c.Rule
	match   func(string, int, *[nslots][2]int) int
	explain func(string, int, []string) (int, []string)
}{
	{ruleIRIReference, irigrammar.IRIReference, matchIRIReference, explainIRIReference},
	{ruleIRI, irigrammar.IRI, matchIRI, explainIRI},
	{ruleAbsoluteIRI, irigrammar.AbsoluteIRI, matchAbsoluteIRI, explainAbsoluteIRI},
	{ruleIRelativeRef, irigrammar.IRelativeRef, matchIRelativeRef, explainIRelativeRef},
}

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

// checkGenerated checks that the generated matchers agree with the
// interpreter on s: the same end offset from every position, for a whole
// match the same captures, and the same diagnosis.
func checkGenerated(t *testing.T, s string) {
	t.Helper()
	for _, g := range generated {
		bounds := []int{-2, -1, 0, g.rule.MatchAt(s, 0), len(s), len(s) + 1}
		if se := g.rule.Explain(s); se != nil {
			bounds = append(bounds, se.Offset, se.Offset+1)
		}
		for _, lb := range bounds {
			checkExplain(t, g.rule, g.explain, s, lb)
		}
		for pos := -1; pos <= len(s)+1; pos++ {
			var caps [nslots][2]int
			for i := range caps {
				caps[i] = [2]int{-7, -7}
			}
			got, want := g.match(s, pos, &caps), g.rule.MatchAt(s, pos)
			if got != want {
				t.Fatalf("%s: generated matcher of %q from %d ends at %d, the interpreter at %d", g.rule.Name(), s, pos, got, want)
			}
			if got < 0 {
				if caps != [nslots][2]int{{-7, -7}, {-7, -7}, {-7, -7}, {-7, -7}, {-7, -7}, {-7, -7}, {-7, -7}, {-7, -7}} {
					t.Fatalf("%s: generated matcher of %q from %d failed but set the captures: %v", g.rule.Name(), s, pos, caps)
				}
			}
			if pos != 0 || want != len(s) {
				continue
			}
			checkCaptures(t, g.rule, s, &caps)
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

// checkExplain checks that the generated diagnosis of rule agrees with
// rule.ExplainFrom on s from lowerBound, and appends to buf.
func checkExplain(t *testing.T, rule *c.Rule, explain func(string, int, []string) (int, []string), s string, lowerBound int) {
	t.Helper()
	type diagnosis struct {
		Offset   int
		Expected []string
	}
	var got, want diagnosis
	got.Offset, got.Expected = explain(s, lowerBound, nil)
	want = diagnosis{-1, nil}
	if se := rule.ExplainFrom(s, lowerBound); se != nil {
		want = diagnosis{se.Offset, se.Expected}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%s: diagnosis of %q from %d, generated vs interpreted (-want +got):\n%s", rule.Name(), s, lowerBound, diff)
	}
	buf := []string{"before"}
	if _, exp := explain(s, lowerBound, buf); exp[0] != "before" || !cmp.Equal(exp[1:], want.Expected, cmpopts.EquateEmpty()) {
		t.Fatalf("%s: diagnosis of %q from %d appended to %q: %q", rule.Name(), s, lowerBound, buf, exp)
	}
}

func TestGeneratedVsInterpreter(t *testing.T) {
	for _, s := range genInputs() {
		checkGenerated(t, s)
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
			for _, g := range generated {
				var caps [nslots][2]int
				got, want := g.match(s, 0, &caps), g.rule.MatchAt(s, 0)
				if got != want {
					t.Fatalf("%s: generated matcher of %q ends at %d, the interpreter at %d", g.rule.Name(), s, got, want)
				}
				if want == len(s) {
					checkCaptures(t, g.rule, s, &caps)
					continue
				}
				checkExplain(t, g.rule, g.explain, s, -1)
				checkExplain(t, g.rule, g.explain, s, want)
			}
		}
	})
}

// TestParseAgreesWithInterpreter: each Parse function gives the IRI the
// interpreter's captures give (fromSpans), and fails where they fail, with
// the interpreter's diagnosis.
func TestParseAgreesWithInterpreter(t *testing.T) {
	parsers := map[topRule]func(string) (IRI, error){ruleIRI: Parse, ruleIRIReference: ParseReference,
		ruleAbsoluteIRI: ParseAbsolute, ruleIRelativeRef: ParseRelative}
	for _, s := range genInputs() {
		for _, g := range generated {
			got, err := parsers[g.top](s)
			var sp [nslots]c.Span
			if !g.rule.Captures(s, sp[:]) {
				se := g.rule.Explain(s)
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Offset != se.Offset || !cmp.Equal(pe.Expected, se.Expected) || pe.Rule != g.rule.Name() {
					t.Errorf("%s(%q): error %v, the interpreter says %v", g.rule.Name(), s, err, se)
				}
				continue
			}
			if want := fromSpans(s, &sp); err != nil || got != want {
				t.Errorf("%s(%q): %+v, %v; the interpreter reads %+v", g.rule.Name(), s, got, err, want)
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
		checkGenerated(t, s)
	})
}

// TestGeneratedUpToDate regenerates zz_parse_gen.go in memory: a change to the
// grammar or to the generator must come with go generate.
func TestGeneratedUpToDate(t *testing.T) {
	want, err := irigrammar.Spec.Source()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("zz_parse_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("zz_parse_gen.go is out of date: run go generate ./iri")
	}
	if !regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`).Match(got) {
		t.Error("zz_parse_gen.go lacks the generated-code header")
	}
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
	for _, g := range generated {
		if g.top.Name() != g.rule.Name() {
			t.Errorf("topRule %d is named %s, the rule %s", g.top, g.top.Name(), g.rule.Name())
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
