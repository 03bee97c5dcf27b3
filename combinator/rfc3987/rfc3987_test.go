package rfc3987

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/ruletest"
)

// ucscharRanges and iprivateRanges are the ranges of RFC 3987 §2.2, copied
// from the RFC's text (not from UCSCharSet): the test below checks both
// sides of every boundary.
var (
	ucscharRanges = [][2]rune{
		{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF},
		{0x10000, 0x1FFFD}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
		{0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
		{0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
		{0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD},
		{0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD},
	}
	iprivateRanges = [][2]rune{{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}}
)

func inRanges(r rune, rs [][2]rune) bool {
	for _, x := range rs {
		if x[0] <= r && r <= x[1] {
			return true
		}
	}
	return false
}

// TestUCSCharIPrivateBoundaries checks every range boundary of ucschar and
// iprivate, on both sides, in the rules and in every component rule: a
// ucschar is allowed wherever an iunreserved is, an iprivate only in iquery.
func TestUCSCharIPrivateBoundaries(t *testing.T) {
	var points []rune
	for _, rs := range [][][2]rune{ucscharRanges, iprivateRanges} {
		for _, x := range rs {
			points = append(points, x[0]-1, x[0], x[1], x[1]+1)
		}
	}
	points = append(points, 0x7F, 0x80, 0x9F, 0xD800, 0xDFFF, 0xFFFD, 0xFFFE, 0xFFFF, 0xE0000, 0xE0FFF, 0x10FFFE, 0x10FFFF)
	for _, p := range points {
		if !utf8.ValidRune(p) {
			continue // a surrogate: no UTF-8 encoding (tested with invalid UTF-8)
		}
		s := string(p)
		ucs, priv := inRanges(p, ucscharRanges), inRanges(p, iprivateRanges)
		check := func(r *c.Rule, in string, want bool) {
			t.Helper()
			if got := r.Match(in); got != want {
				t.Errorf("%s: %U in %q: Match = %v, want %v", r.Name(), p, in, got, want)
			}
		}
		check(UCSChar, s, ucs)
		check(IPrivate, s, priv)
		check(IUnreserved, s, ucs)
		check(IPChar, s, ucs)
		check(ISegmentNZNC, "a"+s, ucs)
		check(IRegName, "x"+s+"y", ucs)
		check(IUserInfo, s, ucs)
		check(IFragment, "a/"+s, ucs)
		check(IQuery, "a="+s, ucs || priv)
		check(IRIReference, "s://h/"+s, ucs)
		check(IRIReference, "s://h/?"+s, ucs || priv)
		check(IRIReference, "s://h/#"+s, ucs)
		check(IRIReference, "s://"+s+"/", ucs)
		check(IRI, "s:"+s+"?q", ucs)
	}
}

func TestIRIRulesInvalidUTF8(t *testing.T) {
	invalid := []string{"\x80", "\xFF", "\xC3", "\xC3(", "\xE2\x82", "\xED\xA0\x80", "\xC0\xAF", "\xF4\x90\x80\x80", "\xF0\x9F\x98"}
	for _, b := range invalid {
		for _, tc := range []struct {
			r  *c.Rule
			in string
		}{
			{UCSChar, b}, {IPrivate, b}, {IUnreserved, b}, {IPChar, b},
			{ISegment, "a" + b}, {IQuery, b + "a"}, {IFragment, b},
			{IRegName, b}, {IUserInfo, b}, {IRIReference, "http://h/" + b},
			{IRIReference, "http://h/?" + b}, {IRIReference, "a" + b}, {IRI, "s:" + b},
		} {
			if tc.r.Match(tc.in) {
				t.Errorf("%s matches %q", tc.r.Name(), tc.in)
			}
		}
	}
}

func TestIRIRules(t *testing.T) {
	ruletest.OK(t, UCSChar, "é", "\u00A0", "日", "\U0001F600", "\uFFEF")
	ruletest.Bad(t, UCSChar, "", "a", "é!", "éé", "\uE000", "\uFDD0", "\u0080")
	ruletest.OK(t, IPrivate, "\uE000", "\uF8FF", "\U000F0000", "\U0010FFFD")
	ruletest.Bad(t, IPrivate, "", "é", "\uF900", "a")
	ruletest.OK(t, IUnreserved, "a", "Z", "0", "-", ".", "_", "~", "é")
	ruletest.Bad(t, IUnreserved, "", "%41", "!", ":", "/", " ", "\uE000")
	ruletest.OK(t, IPChar, "a", "é", "%C3", "!", "=", ":", "@")
	ruletest.Bad(t, IPChar, "", "/", "?", "#", "%", "%C", "%GG", " ", "[", "\uE000")
	ruletest.OK(t, ISegment, "", "a", "ros%C3%A9", "résumé", "a:b@c")
	ruletest.Bad(t, ISegment, "a/b", "a?", "a b", "\uE000")
	ruletest.OK(t, ISegmentNZ, "é", "a:b")
	ruletest.Bad(t, ISegmentNZ, "", "/", "a/b")
	ruletest.OK(t, ISegmentNZNC, "é", "a@b", "%3A")
	ruletest.Bad(t, ISegmentNZNC, "", "a:b", ":")
	ruletest.OK(t, IPathAbempty, "", "/", "/é", "//a/b", "/a/")
	ruletest.Bad(t, IPathAbempty, "é", "a/b", "/a?")
	ruletest.OK(t, IPathAbsolute, "/", "/é", "/é/", "/a//b")
	ruletest.Bad(t, IPathAbsolute, "", "//a", "é")
	ruletest.OK(t, IPathNoScheme, "é", "é/a:b", "a@b/c")
	ruletest.Bad(t, IPathNoScheme, "", "/a", "é:b", "a:b/c")
	ruletest.OK(t, IPathRootless, "é", "é:b/c", "a:b")
	ruletest.Bad(t, IPathRootless, "", "/a")
	ruletest.OK(t, IPathEmpty, "")
	ruletest.Bad(t, IPathEmpty, "é", "a")
	ruletest.OK(t, IPath, "", "/a", "//a", "é:b", "é/c", "/")
	ruletest.Bad(t, IPath, "a?b", "a#", " ")
	ruletest.OK(t, IRegName, "", "bücher.de", "例え.テスト", "%E4%BE%8B", "a!$&'()*+,;=", "xn--bcher-kva.de")
	ruletest.Bad(t, IRegName, "a:b", "a@b", "[a]", "\uE000", "a b")
	ruletest.OK(t, IHost, "bücher.de", "1.2.3.4", "1.2.3.4é", "1.2.3.256", "[::1]", "[v7.é]"[:0]+"[v7.x]", "")
	ruletest.Bad(t, IHost, "[v7.é]", "[é]", "a:b", "[::1")
	ruletest.OK(t, IUserInfo, "", "jürgen:pässword", "a%20b:")
	ruletest.Bad(t, IUserInfo, "a@b", "a/b", "\uE000")
	ruletest.OK(t, IAuthority, "jürgen@bücher.de:8080", "bücher.de", "", "@", ":", "[::1]:80")
	ruletest.Bad(t, IAuthority, "h:é", "a@b@c", "h:80:80")
	ruletest.OK(t, IQuery, "", "q=é", "a/b?c", "\uE000\U000F0000\U0010FFFD", "%20")
	ruletest.Bad(t, IQuery, "#", "a b", "[", "\xC3")
	ruletest.OK(t, IFragment, "", "é", "a/b?c")
	ruletest.Bad(t, IFragment, "\uE000", "#", "a b")
	ruletest.OK(t, IHierPart, "//bücher.de/ü", "/é", "é", "")
	ruletest.Bad(t, IHierPart, "?", "//a b")
	ruletest.OK(t, IRelativePart, "//bücher.de/ü", "/é", "é/a:b", "")
	ruletest.Bad(t, IRelativePart, "é:b", "?")
	ruletest.OK(t, IRI, "http://bücher.de/ü?q=\uE000#f", "urn:é", "s:", "mailto:jürgen@bücher.de")
	ruletest.Bad(t, IRI, "", "é:x", "//h", "http://h/#\uE000", "http://h/\uE000", "1s:x")
	ruletest.OK(t, AbsoluteIRI, "http://bücher.de/ü?q", "s:")
	ruletest.Bad(t, AbsoluteIRI, "http://h/#f", "/a")
	ruletest.OK(t, IRelativeRef, "", "//h/é", "é?ü#ö", "#é", "?\uE000")
	ruletest.Bad(t, IRelativeRef, "é:b", "#\uE000", "a b")
	ruletest.OK(t, IRIReference, "", "http://r\u00E9sum\u00E9.example.org", "résumé.html", "//例え.テスト/", "#é", "?\uE000", "http://h/?\uE000")
	ruletest.Bad(t, IRIReference, "é:b", "#\uE000", "a b", "http://h/\uE000", "http://[é]/", "http://h:é/", "\u00E9sum\xE9")
}

// TestIRIRulesAgreeOnASCII: on ASCII input an IRI rule accepts exactly what
// its RFC 3986 counterpart does (RFC 3987 §2.2 only widens the character
// ranges, and "every URI is by definition an IRI", §3.1).
func TestIRIRulesAgreeOnASCII(t *testing.T) {
	pairs := [][2]*c.Rule{
		{IRIReference, c.URIReference}, {IRI, c.URI}, {AbsoluteIRI, c.AbsoluteURI},
		{IRelativeRef, c.RelativeRef}, {IRelativePart, c.RelativePart}, {IHierPart, c.HierPart},
		{IAuthority, c.Authority}, {IUserInfo, c.UserInfo}, {IHost, c.Host}, {IRegName, c.RegName},
		{IPath, c.Path}, {IPathAbempty, c.PathAbempty}, {IPathAbsolute, c.PathAbsolute},
		{IPathNoScheme, c.PathNoScheme}, {IPathRootless, c.PathRootless}, {IPathEmpty, c.PathEmpty},
		{ISegment, c.Segment}, {ISegmentNZ, c.SegmentNZ}, {ISegmentNZNC, c.SegmentNZNC},
		{IPChar, c.PChar}, {IQuery, c.Query}, {IFragment, c.Fragment}, {IUnreserved, c.Unreserved},
	}
	inputs := append(append(append([]string{}, ruletest.Examples...), ruletest.ComponentExamples...), ruletest.Refs(ruletest.Normal)...)
	inputs = append(inputs, ruletest.Refs(ruletest.Abnormal)...)
	inputs = append(inputs, ruletest.Pieces...)
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "aZ09-._~%2F!$&'()*+,;=:@/?#[]v. \x7F\x00"
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		inputs = append(inputs, b.String())
	}
	for _, s := range inputs {
		if strings.IndexFunc(s, func(r rune) bool { return r >= utf8.RuneSelf }) >= 0 {
			continue
		}
		for _, p := range pairs {
			if a, b := p[0].Match(s), p[1].Match(s); a != b {
				t.Errorf("%q: %s %v, %s %v", s, p[0].Name(), a, p[1].Name(), b)
			}
		}
	}
}

// TestIRIRulesABNF: each rule prints as the ABNF of RFC 3987 §2.2.
func TestIRIRulesABNF(t *testing.T) {
	for _, tc := range []struct {
		r    *c.Rule
		want string
	}{
		{IRI, `IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]`},
		{IHierPart, `ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless / ipath-empty`},
		{IRIReference, `IRI-reference = IRI / irelative-ref`},
		{AbsoluteIRI, `absolute-IRI = scheme ":" ihier-part [ "?" iquery ]`},
		{IRelativeRef, `irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]`},
		{IRelativePart, `irelative-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-noscheme / ipath-empty`},
		{IAuthority, `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]`},
		{IUserInfo, `iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )`},
		{IHost, `ihost = IP-literal / IPv4address !( iunreserved / pct-encoded / sub-delims ) / ireg-name`},
		{IRegName, `ireg-name = *( iunreserved / pct-encoded / sub-delims )`},
		{IPath, `ipath = ipath-rootless / ipath-noscheme / ipath-abempty / ipath-absolute / ipath-empty`},
		{IPathAbempty, `ipath-abempty = *( "/" isegment )`},
		{IPathAbsolute, `ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]`},
		{IPathNoScheme, `ipath-noscheme = isegment-nz-nc *( "/" isegment )`},
		{IPathRootless, `ipath-rootless = isegment-nz *( "/" isegment )`},
		{IPathEmpty, `ipath-empty = 0ipchar`},
		{ISegment, `isegment = *ipchar`},
		{ISegmentNZ, `isegment-nz = 1*ipchar`},
		{ISegmentNZNC, `isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" )`},
		{IPChar, `ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"`},
		{IQuery, `iquery = *( ipchar / iprivate / "/" / "?" )`},
		{IFragment, `ifragment = *( ipchar / "/" / "?" )`},
		{IUnreserved, `iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar`},
		{UCSChar, `ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD / %xD0000-DFFFD / %xE1000-EFFFD`},
		{IPrivate, `iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD`},
	} {
		if got := tc.r.String(); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}

func TestIRIExplain(t *testing.T) {
	e := IRIReference.Explain("http://h/a\uE000b")
	want := &c.SyntaxError{Input: "http://h/a\uE000b", Offset: 10, Rule: "IRI-reference",
		Expected: []string{"ipchar", `"/"`, `"?"`, `"#"`, "end of input"}}
	if diff := cmp.Diff(want, e); diff != "" {
		t.Errorf("Explain (-want +got):\n%s", diff)
	}
	if msg := `invalid character '\ue000' (UTF-8 0xEE 0x80 0x80) at offset 10`; e == nil || !strings.HasPrefix(e.Error(), msg) {
		t.Errorf("Error = %v", e)
	}
	e = IRIReference.Explain("http://h/\xC3x")
	if e == nil || e.Offset != 9 || !strings.HasPrefix(e.Error(), "invalid byte 0xC3 at offset 9") {
		t.Errorf("Explain = %v", e)
	}
}

// TestIRIRulesFusedView: the read-only view reports no fused form for the
// rune-fused rules (code generators compile rune classes themselves); that
// ipchar, isegment and iquery are rune-fused, and agree with the plain
// matcher, is tested in package combinator on a grammar of the same shape.
func TestIRIRulesFusedView(t *testing.T) {
	for _, r := range []*c.Rule{IPChar, ISegment, IQuery} {
		if k := r.Fused().Kind; k != c.NotFused {
			t.Errorf("%s: Fused().Kind = %v, want NotFused", r.Name(), k)
		}
	}
}

// FuzzIRIExplainFrom: on the IRI rules too, a hint never changes a
// diagnosis, and a diagnosis exists exactly when the match fails.
func FuzzIRIExplainFrom(f *testing.F) {
	for _, s := range []string{"http://h/a\uE000b", "http://bücher.de/ü?q=\uE000", "é:x", "a\xC3", "#\uE000", "//1.2.3.4é:8/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range []*c.Rule{IRIReference, IRI, IHost, IPath, IQuery} {
			want := r.Explain(s)
			if (want == nil) != r.Match(s) {
				t.Fatalf("%s on %q: Match %v, Explain %v", r.Name(), s, r.Match(s), want)
			}
			if want == nil {
				continue
			}
			hints := []int{0, len(s), len(s) / 2}
			if n, ok := r.Prefix(s); ok {
				hints = append(hints, n)
			}
			for _, h := range hints {
				if got := r.ExplainFrom(s, h); !cmp.Equal(got, want) {
					t.Fatalf("%s on %q with hint %d:\n%s", r.Name(), s, h, cmp.Diff(want, got))
				}
			}
		}
	})
}

// TestRulesTakeTheFastPath: the memoizing matcher, which takes the rules
// the preparation cannot prove linear, allocates a Context a match; the
// IRI rules are matched by the fast path, which allocates nothing.
func TestRulesTakeTheFastPath(t *testing.T) {
	in := "http://r\u00e9sum\u00e9.example/\u00e4/b?q=\u00fc#f"
	for _, r := range []*c.Rule{IRIReference, IRI, AbsoluteIRI, IRelativeRef, IHost, IPath, IQuery, IFragment, IUserInfo} {
		if n := testing.AllocsPerRun(10, func() { r.Match(in) }); n != 0 {
			t.Errorf("%s.Match allocates %v times", r.Name(), n)
		}
	}
}
