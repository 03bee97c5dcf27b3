package combinator

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// iriLike is a small grammar built as the RFC 3987 §2.2 rules of package
// combinator/rfc3987 are (ucschar, iprivate, iunreserved, ipchar, isegment,
// iquery, ifragment, ireg-name, ihost, ipath-abempty), so that the rune-fused
// forms of the engine are tested on the shapes the IRI rules have. It is
// local because combinator/rfc3987 imports this package: an internal test of
// combinator cannot import it (an import cycle), and these tests need the
// engine's internals (plainMatch, prepared, rfast). A few ranges of
// ucschar stand for all of them: one- to four-byte encodings, and the gaps
// (surrogates, U+FDD0..U+FDEF, U+FFF0..U+FFFF) between them.
type iriLike struct {
	ucschar, iprivate, iunreserved, ipchar, isegment, isegmentNZ, iquery, ifragment,
	iregName, ihost, ipathAbempty *Rule
}

func newIRILike() iriLike {
	var g iriLike
	g.ucschar = Named("ucschar", RuneClass(Runes(RuneRange{0xA0, 0xD7FF}, RuneRange{0xF900, 0xFDCF},
		RuneRange{0xFDF0, 0xFFEF}, RuneRange{0x10000, 0x1FFFD}, RuneRange{0xE1000, 0xEFFFD})))
	g.iprivate = Named("iprivate", RuneClass(Runes(RuneRange{0xE000, 0xF8FF}, RuneRange{0xF0000, 0xFFFFD},
		RuneRange{0x100000, 0x10FFFD})))
	g.iunreserved = Named("iunreserved", Alt(ALPHA, DIGIT, Lit("-"), Lit("."), Lit("_"), Lit("~"), g.ucschar))
	g.ipchar = Named("ipchar", Alt(g.iunreserved, PctEncoded, SubDelims, Lit(":"), Lit("@")))
	g.isegment = Named("isegment", Star(g.ipchar))
	g.isegmentNZ = Named("isegment-nz", Plus(g.ipchar))
	g.iquery = Named("iquery", Star(Alt(g.ipchar, g.iprivate, Lit("/"), Lit("?"))))
	g.ifragment = Named("ifragment", Star(Alt(g.ipchar, Lit("/"), Lit("?"))))
	iregNameChar := Alt(g.iunreserved, PctEncoded, SubDelims)
	g.iregName = Named("ireg-name", Star(iregNameChar))
	g.ihost = Named("ihost", Alt(IPLiteral, Seq(IPv4Address, Not(iregNameChar)), g.iregName))
	g.ipathAbempty = Named("ipath-abempty", Star(Seq(Lit("/"), g.isegment)))
	return g
}

// TestRuneFusedAgreesWithPlain: the prepared matcher (with its rune-fused
// scans: fUnit, fRun bounded and not) and the plain, node-by-node one agree
// on rules of the shape of RFC 3987's, captures included. PathAbempty and
// the byte-only segments beside them keep the byte-fused fSepRun and fRun
// in the same comparison: no rune-fused fSepRun exists (*( "/" isegment )
// is matched node by node).
func TestRuneFusedAgreesWithPlain(t *testing.T) {
	g := newIRILike()
	rules := []*Rule{g.ucschar, g.iprivate, g.iunreserved, g.ipchar, g.isegment, g.isegmentNZ, g.iquery,
		g.ifragment, g.iregName, g.ihost, g.ipathAbempty,
		Rep(1, 3, g.ipchar), Rep(2, 3, g.ucschar), Seq(g.isegmentNZ, Opt(Seq(Lit("?"), g.iquery))),
		Segment, PathAbempty, Seq(PathAbempty, Opt(Seq(Lit("#"), g.ifragment))),
		Seq(Capture(0, g.isegment), Capture(1, Star(Seq(Lit("/"), g.isegment))), Opt(Seq(Lit("?"), Capture(2, g.iquery))))}
	pieces := []string{"a", "Z", "0", "é", "日", "\U0001F600", "\uE000", "\uFDD0", "\uFFFD", "\U000E1000", "\U0010FFFD",
		"\u0085", "\xC3", "\xFF", "\xED\xA0\x80", "%", "%4", "%41", "%C3%A9", "/", "//", "?", "#", ":", "@", "[", "]",
		"[::1]", "1.2.3.4", "!", " ", ".", ".."}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 4000 {
		var b strings.Builder
		for range rng.IntN(10) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		for _, r := range rules {
			for _, pos := range []int{0, len(s) / 2} {
				got := r.MatchAt(s, pos)
				want := plainMatch(r, s, pos, nil)
				if got != want {
					t.Fatalf("%v at %d of %q: prepared %d, plain %d", r, pos, s, got, want)
				}
			}
		}
		r := rules[len(rules)-1]
		got, want := make([]Span, 3), make([]Span, 3)
		okGot := r.Captures(s, got)
		okWant := plainMatch(r, s, 0, want) == len(s)
		if okGot != okWant || okGot && cmp.Diff(want, got) != "" {
			t.Fatalf("captures of %q: %v %v, plain %v %v", s, okGot, got, okWant, want)
		}
	}
	// The forms the comparison above exercises.
	for _, c := range []struct {
		r           *Rule
		fast, rfast fast
	}{
		{g.ipchar, fNone, fUnit}, {g.iunreserved, fNone, fUnit}, {g.isegment, fNone, fRun},
		{g.isegmentNZ, fNone, fRun}, {g.iquery, fNone, fRun}, {g.ifragment, fNone, fRun},
		{g.iregName, fNone, fRun}, {rules[11], fNone, fRun}, {rules[12], fNone, fRun},
		{Segment, fRun, fNone}, {PathAbempty, fSepRun, fNone},
	} {
		p := c.r.prepared()
		if p.fast != c.fast || p.rfast != c.rfast {
			t.Errorf("%v: fast %d, rfast %d; want %d, %d", c.r, p.fast, p.rfast, c.fast, c.rfast)
		}
	}
}

func TestRuneFusionGuards(t *testing.T) {
	// A byte class of bytes above 0x7F before a rune class: PEG order
	// decides how much is taken, so the choice is not fused.
	high := Class(Chars("\xC3"))
	e := RuneClass(Runes(RuneRange{0xE9, 0xE9}))
	for _, c := range []struct {
		r    *Rule
		in   string
		want int
	}{
		{Alt(high, e), "é", 1},
		{Alt(e, high), "é", 2},
		{Star(Alt(e, high)), "é\xC3", 3},
		{Star(Alt(high, e)), "é", 1},
		{Alt(RuneClass(Runes(RuneRange{'a', 'a'}, RuneRange{0xE9, 0xE9})), Lit("a")), "a", 1},
		{Rep(1, 2, Alt(ALPHA, e)), "éaé", 3},
		{Rep(2, 3, Alt(ALPHA, e)), "é", -1},
	} {
		got, _ := c.r.Prefix(c.in)
		if !c.r.Match(c.in[:max(0, got)]) && got >= 0 {
			t.Errorf("%v: Prefix %d does not match", c.r, got)
		}
		if n, ok := c.r.Prefix(c.in); (ok && n != c.want) || (!ok && c.want >= 0) {
			t.Errorf("%v on %q: Prefix = %d, %v; want %d", c.r, c.in, n, ok, c.want)
		}
		if plain := plainMatch(c.r, c.in, 0, nil); plain != c.want {
			t.Errorf("%v on %q: plain %d, want %d", c.r, c.in, plain, c.want)
		}
	}
	g := newIRILike()
	if g.ipchar.Fused().Kind != NotFused || g.isegment.Fused().Kind != NotFused {
		t.Error("the view reports a rune-fused form")
	}
	if g.ipchar.prepared().rfast != fUnit || g.isegment.prepared().rfast != fRun || g.iquery.prepared().rfast != fRun {
		t.Error("ipchar, isegment and iquery are not rune-fused")
	}
}

// TestRuneClassRefusesOtherCharacter: a rune class matches one character of
// its set and nothing else: %xE9 refuses "ü" (C3 BC in UTF-8, RFC 3629) and
// an invalid byte, at the start and after "é".
func TestRuneClassRefusesOtherCharacter(t *testing.T) {
	r := RuneClass(Runes(RuneRange{Lo: 0xE9, Hi: 0xE9}))
	for _, tc := range []struct {
		in   string
		pos  int
		want int
	}{
		{"ü", 0, -1}, {"éü", 2, -1}, {"é\xE9", 2, -1}, {"éé", 2, 4},
	} {
		if got := r.MatchAt(tc.in, tc.pos); got != tc.want {
			t.Errorf("%s on %q at %d: %d, want %d", r, tc.in, tc.pos, got, tc.want)
		}
	}
}
