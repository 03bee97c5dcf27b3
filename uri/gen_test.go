package uri

import (
	"bytes"
	"os"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/internal/urigrammar"
)

// generated pairs each top rule with its generated matcher.
var generated = []struct {
	name    string
	rule    *c.Rule
	match   func(string, int, *[nslots]span) int
	explain func(string, int, []string) (int, []string)
}{
	{"URI-reference", urigrammar.URIReference, matchURIReference, explainURIReference},
	{"URI", urigrammar.URI, matchURI, explainURI},
	{"absolute-URI", urigrammar.AbsoluteURI, matchAbsoluteURI, explainAbsoluteURI},
	{"relative-ref", urigrammar.RelativeRef, matchRelativeRef, explainRelativeRef},
}

var genInputs = []string{
	"", ":", "/", "//", "///", "?", "#", "%", "%4", "%41", "%zz", "@", "a", "a:", "a:b",
	"http://example.com", "http://example.com/", "HTTP://Example.COM:80/a/b?q=1#f",
	"http://user:pass@host:8080/p/a/t/h?query=1&b=2#frag",
	"http://@host", "http://user@", "http://:80", "http://host:", "http://host:abc",
	"file:///etc/passwd", "file://", "mailto:user@example.com", "urn:isbn:0451450523",
	"news:comp.infosystems.www.servers.unix", "tel:+1-816-555-1212", "s:?", "s:#", "s:?#",
	"//h", "//h/p", "//h?q", "//h#f", "/a/b", "a/b", "a:b/c", "./a:b", "../../g;x?y#s",
	"g?y/./x", "g#s/../x", "1a:b", "a:b#c#d", "s:a", "a b", "http://a b", "\x00", "\xff",
	"http://[::1]", "http://[::1]:80/", "http://[v7.x]", "http://[V1F.a:b]", "http://[v.x]",
	"http://[::]", "http://[1:2:3:4:5:6:7:8]", "http://[1:2:3:4:5:6:7::]",
	"http://[1:2:3:4:5:6:1.2.3.4]", "http://[::ffff:192.168.0.1]", "http://[1::2:3]",
	"http://[1:2:3:4:5:6:7:8:9]", "http://[12345::]", "http://[::1", "http://::1]",
	"http://[fe80::1%25eth0]", "http://[:::]", "http://[1:::2]", "http://[]",
	"http://1.2.3.4", "http://1.2.3.4:80", "http://1.2.3.256", "http://1.2.3.4x",
	"http://255.255.255.255", "http://01.2.3.4", "http://1.2.3", "http://1.2.3.4.5",
	"http://%41%42c.com/%7Euser", "http://a%2", "http://a%g0", "//a%41@b",
	"a@b:c", "@:x", "!$&'()*+,;=:@", "http://h/!$&'()*+,;=:@/?/?#/?",
	"-a:b", "a+b-c.d:x", "a_b:c", "a%41:b", "A:", "z9+.-:",
}

// checkGenerated checks that the generated matchers agree with the
// interpreter on s: the same end offset from every position, for a whole
// match the same captures, and the same diagnosis.
func checkGenerated(t *testing.T, s string) {
	t.Helper()
	for _, g := range generated {
		// The lower bounds that lead the diagnosis different ways: none, the
		// end of the prefix the rule matches (what parse passes), the
		// farthest failure itself, one past it (the run is made again
		// without it), and bounds outside s.
		bounds := []int{-2, -1, 0, g.rule.MatchAt(s, 0), len(s), len(s) + 1}
		if se := g.rule.Explain(s); se != nil {
			bounds = append(bounds, se.Offset, se.Offset+1)
		}
		for _, lb := range bounds {
			checkExplain(t, g.name, g.rule, g.explain, s, lb)
		}
		for pos := -1; pos <= len(s)+1; pos++ {
			var caps [nslots]span
			for i := range caps {
				caps[i] = span{-7, -7}
			}
			got := g.match(s, pos, &caps)
			want := g.rule.MatchAt(s, pos)
			if got != want {
				t.Fatalf("%s: generated matcher of %q from %d ends at %d, the interpreter at %d", g.name, s, pos, got, want)
			}
			if got < 0 {
				for i, x := range caps {
					if x != (span{-7, -7}) {
						t.Fatalf("%s: generated matcher of %q from %d failed but set slot %d to %v", g.name, s, pos, i, x)
					}
				}
			}
			if pos != 0 || want != len(s) {
				continue
			}
			var sp [nslots]c.Span
			if !g.rule.Captures(s, sp[:]) {
				t.Fatalf("%s: %q matches but Captures failed", g.name, s)
			}
			checkSpans(t, g.name, s, &caps, &sp)
		}
	}
}

func TestGeneratedVsInterpreter(t *testing.T) {
	for _, s := range genInputs {
		checkGenerated(t, s)
	}
	t.Run("corpus", func(t *testing.T) {
		lines := corpus.Lines(t, "urls.txt")
		if testing.Short() && len(lines) > 2000 {
			lines = lines[:2000]
		}
		checkGeneratedCorpus(t, lines)
	})
}

// checkSpans checks that the spans the generated matcher of rule stored
// on a whole match of s are those of the interpreter's captures sp: the
// zero span for a slot that took no part ({-1, -1}), else {start+1, end}.
func checkSpans(t *testing.T, rule, s string, caps *[nslots]span, sp *[nslots]c.Span) {
	t.Helper()
	for i, x := range sp {
		want := span{}
		if x.Start >= 0 {
			want = span{int32(x.Start + 1), int32(x.End)}
		}
		if caps[i] != want {
			t.Fatalf("%s: %q: slot %d is %v generated, %v interpreted (%v)", rule, s, i, caps[i], want, x)
		}
	}
}

// checkExplain checks that the generated diagnosis of rule agrees with
// rule.ExplainFrom on s from lowerBound.
func checkExplain(t *testing.T, name string, rule *c.Rule, explain func(string, int, []string) (int, []string), s string, lowerBound int) {
	t.Helper()
	type diagnosis struct {
		Offset   int
		Expected []string
	}
	var got, want diagnosis
	got.Offset, got.Expected = explain(s, lowerBound, nil)
	if se := rule.ExplainFrom(s, lowerBound); se != nil {
		want = diagnosis{se.Offset, se.Expected}
	} else {
		want = diagnosis{-1, nil}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%s: diagnosis of %q from %d, generated vs interpreted (-want +got):\n%s", name, s, lowerBound, diff)
	}
	// What the diagnosis expects goes after what buf holds.
	buf := []string{"before"}
	if _, exp := explain(s, lowerBound, buf); exp[0] != "before" || !cmp.Equal(exp[1:], want.Expected, cmpopts.EquateEmpty()) {
		t.Fatalf("%s: diagnosis of %q from %d appended to %q: %q", name, s, lowerBound, buf, exp)
	}
}

// checkGeneratedCorpus checks the generated matchers against the interpreter on
// each line, from position 0 only: every position of every line is too slow.
func checkGeneratedCorpus(t *testing.T, lines []string) {
	for _, s := range lines {
		for _, g := range generated {
			var caps [nslots]span
			got, want := g.match(s, 0, &caps), g.rule.MatchAt(s, 0)
			if got != want {
				t.Fatalf("%s: generated matcher of %q ends at %d, the interpreter at %d", g.name, s, got, want)
			}
			if want != len(s) {
				checkExplain(t, g.name, g.rule, g.explain, s, -1)
				checkExplain(t, g.name, g.rule, g.explain, s, want)
			}
			if want == len(s) {
				var sp [nslots]c.Span
				g.rule.Captures(s, sp[:])
				checkSpans(t, g.name, s, &caps, &sp)
			}
		}
	}
}

func FuzzGeneratedVsInterpreter(f *testing.F) {
	for _, s := range genInputs {
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
	want, err := urigrammar.Spec.Source()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("zz_parse_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("zz_parse_gen.go is out of date: run go generate ./uri")
	}
	if !regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`).Match(got) {
		t.Error("zz_parse_gen.go lacks the generated-code header")
	}
}

// TestSlotsAgree checks that uri's capture slots are those of the grammar
// its matchers are generated from.
func TestSlotsAgree(t *testing.T) {
	got := []int{slotScheme, slotAuthority, slotUserInfo, slotHost, slotPort, slotPath, slotQuery, slotFragment, nslots}
	want := []int{urigrammar.SlotScheme, urigrammar.SlotAuthority, urigrammar.SlotUserInfo, urigrammar.SlotHost,
		urigrammar.SlotPort, urigrammar.SlotPath, urigrammar.SlotQuery, urigrammar.SlotFragment, urigrammar.NSlots}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("slots (-urigrammar +uri):\n%s", diff)
	}
	for _, g := range generated {
		if g.name != g.rule.Name() {
			t.Errorf("%s: the rule is named %s", g.name, g.rule.Name())
		}
	}
	for r, name := range map[topRule]string{ruleURI: "URI", ruleAbsoluteURI: "absolute-URI",
		ruleRelativeRef: "relative-ref", ruleURIReference: "URI-reference"} {
		if r.Name() != name {
			t.Errorf("topRule %d is named %s, want %s", r, r.Name(), name)
		}
	}
}

// TestIsIPv4 checks the generated IPv4address matcher against the
// interpreter's rule (§3.2.2: dec-octet has no leading zero and is at most
// 255).
func TestIsIPv4(t *testing.T) {
	for _, s := range []string{"1.2.3.4", "0.0.0.0", "255.255.255.255", "01.2.3.4", "1.2.3.256", "1.2.3",
		"1.2.3.4.", "1.2.3.4x", "", "a.b.c.d", "192.168.0.1", "1..2.3"} {
		if got, want := isIPv4(s), c.IPv4Address.Match(s); got != want {
			t.Errorf("isIPv4(%q) = %v, the rule says %v", s, got, want)
		}
	}
	if matchIPv4Host("1.2.3.4", -1) != -1 || matchIPv4Host("1.2.3.4", 8) != -1 || matchIPv4Host("x1.2.3.4", 1) != 8 {
		t.Error("matchIPv4Host: bounds or offsets wrong")
	}
}
