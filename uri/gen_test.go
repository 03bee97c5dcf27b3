package uri

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/internal/gentest"
	"github.com/seed42851778/rfc3986/internal/urigrammar"
)

// genCommand is the command that writes zz_parse_gen.go and its test
// table, zz_parse_gen_test.go.
const genCommand = "go generate ./uri"

// specFuncs returns each function of urigrammar.Spec with the generated
// function of that name (genFuncs, the generated test table), failing t
// for one that has none.
func specFuncs(t testing.TB) []gentest.Func {
	t.Helper()
	return gentest.Funcs(t, urigrammar.Spec, genFuncs, genCommand)
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

// checkGenerated checks that the generated functions of the Spec, fs,
// agree with the interpreter on s: the matchers the same end offset from every
// position, for a whole match the same captures; the diagnoses and the
// stops the same diagnosis.
func checkGenerated(t *testing.T, fs []gentest.Func, s string) {
	t.Helper()
	for _, f := range fs {
		switch fn := f.Fn.(type) {
		case func(string, int, *[nslots]span) int:
			checkCapturing(t, f.Name, f.Rule, fn, s)
		case func(string, int) int:
			gentest.CheckMatcher(t, f.Name, f.Rule, fn, s)
		case gentest.ExplainFunc:
			gentest.CheckExplain(t, f.Name, f.Rule, fn, s)
		case func(string, *[nslots]span) (int, []string, int):
			gentest.CheckStop(t, f.Name, f.Rule, func(in string) (int, []string, int) { return fn(in, nil) }, s)
		default:
			t.Fatalf("%s: a generated function of type %T, which no check takes", f.Name, f.Fn)
		}
	}
}

// checkCapturing checks a generated matcher with captures against the
// interpreter's rule on s: the same end offset from every position, no
// capture stored where it fails, and the interpreter's captures on a whole
// match.
func checkCapturing(t *testing.T, name string, rule *c.Rule, match func(string, int, *[nslots]span) int, s string) {
	t.Helper()
	for pos := -1; pos <= len(s)+1; pos++ {
		var caps [nslots]span
		for i := range caps {
			caps[i] = span{-7, -7}
		}
		got := match(s, pos, &caps)
		want := rule.MatchAt(s, pos)
		if got != want {
			t.Fatalf("%s: generated matcher of %q from %d ends at %d, the interpreter at %d", name, s, pos, got, want)
		}
		if got < 0 {
			for i, x := range caps {
				if x != (span{-7, -7}) {
					t.Fatalf("%s: generated matcher of %q from %d failed but set slot %d to %v", name, s, pos, i, x)
				}
			}
		}
		if pos != 0 || want != len(s) {
			continue
		}
		var sp [nslots]c.Span
		if !rule.Captures(s, sp[:]) {
			t.Fatalf("%s: %q matches but Captures failed", name, s)
		}
		checkSpans(t, name, s, &caps, &sp)
	}
}

func TestGeneratedVsInterpreter(t *testing.T) {
	fs := specFuncs(t)
	for _, s := range genInputs {
		checkGenerated(t, fs, s)
	}
	t.Run("corpus", func(t *testing.T) {
		lines := corpus.Lines(t, "urls.txt")
		if testing.Short() && len(lines) > 2000 {
			lines = lines[:2000]
		}
		checkGeneratedCorpus(t, fs, lines)
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

// checkGeneratedCorpus checks the generated functions against the
// interpreter on each line, from position 0 only: every position of every
// line is too slow.
func checkGeneratedCorpus(t *testing.T, fs []gentest.Func, lines []string) {
	for _, s := range lines {
		for _, f := range fs {
			switch fn := f.Fn.(type) {
			case func(string, int, *[nslots]span) int:
				var caps [nslots]span
				got, want := fn(s, 0, &caps), f.Rule.MatchAt(s, 0)
				if got != want {
					t.Fatalf("%s: generated matcher of %q ends at %d, the interpreter at %d", f.Name, s, got, want)
				}
				if want == len(s) {
					var sp [nslots]c.Span
					f.Rule.Captures(s, sp[:])
					checkSpans(t, f.Name, s, &caps, &sp)
				}
			case gentest.ExplainFunc:
				if end := f.Rule.MatchAt(s, 0); end != len(s) {
					gentest.CheckExplainFrom(t, f.Name, f.Rule, fn, s, -1)
					gentest.CheckExplainFrom(t, f.Name, f.Rule, fn, s, end)
				}
			case func(string, *[nslots]span) (int, []string, int):
				gentest.CheckStop(t, f.Name, f.Rule, func(in string) (int, []string, int) { return fn(in, nil) }, s)
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
		checkGenerated(t, specFuncs(t), s)
	})
}

// TestGeneratedUpToDate regenerates zz_parse_gen.go and its test table in
// memory: a change to the grammar or to the generator must come with go
// generate.
func TestGeneratedUpToDate(t *testing.T) {
	gentest.SpecUpToDate(t, urigrammar.Spec, "zz_parse_gen.go", genCommand)
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
	for r, rule := range map[topRule]*c.Rule{ruleURI: urigrammar.URI, ruleAbsoluteURI: urigrammar.AbsoluteURI,
		ruleRelativeRef: urigrammar.RelativeRef, ruleURIReference: urigrammar.URIReference} {
		if r.Name() != rule.Name() {
			t.Errorf("topRule %d is named %s, the rule %s", r, r.Name(), rule.Name())
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
