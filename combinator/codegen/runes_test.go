package codegen

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/rfc3987"
)

// runeGrammars are every rule of RFC 3987 (package combinator/rfc3987) and small
// grammars of rune classes: sets with ASCII code points and without, one
// range, a single code point, none; counted repetitions, captures and
// look-aheads around them.
func runeGrammars() []*c.Rule {
	latin := c.RuneClass(c.Runes(c.RuneRange{Lo: 'a', Hi: 'z'}, c.RuneRange{Lo: 0xE9, Hi: 0xE9}))
	euro := c.RuneClass(c.Runes(c.RuneRange{Lo: 0x20AC, Hi: 0x20AC}))
	// U+FFFD, which utf8.DecodeRuneInString also returns for bytes that
	// are not UTF-8 and at the end of the text.
	specials := c.RuneClass(c.Runes(c.RuneRange{Lo: '0', Hi: '9'}, c.RuneRange{Lo: 0xFFF0, Hi: 0xFFFF}))
	replacement := c.RuneClass(c.Runes(c.RuneRange{Lo: 0xFFFD, Hi: 0xFFFD}))
	return []*c.Rule{
		rfc3987.IRIReference, rfc3987.IRI, rfc3987.IHierPart, rfc3987.AbsoluteIRI,
		rfc3987.IRelativeRef, rfc3987.IRelativePart, rfc3987.IAuthority, rfc3987.IUserInfo,
		rfc3987.IHost, rfc3987.IRegName, rfc3987.IPath, rfc3987.IPathAbempty, rfc3987.IPathAbsolute,
		rfc3987.IPathNoScheme, rfc3987.IPathRootless, rfc3987.IPathEmpty, rfc3987.ISegment,
		rfc3987.ISegmentNZ, rfc3987.ISegmentNZNC, rfc3987.IPChar, rfc3987.IQuery, rfc3987.IFragment,
		rfc3987.IUnreserved, rfc3987.UCSChar, rfc3987.IPrivate,
		c.Star(latin),
		c.Star(specials),
		c.Seq(c.Star(replacement), c.Opt(specials)),
		c.Star(c.Alt(rfc3987.IPChar, replacement)),
		// The rune form of a separated run, and repetitions that are not.
		c.Seq(c.Capture(0, c.Star(c.Seq(c.Lit("/"), rfc3987.ISegment))), c.Opt(c.Lit("?"))),
		c.Star(c.Seq(c.Lit("a"), rfc3987.ISegment)),
		c.Star(c.Seq(c.Lit("%"), c.Star(rfc3987.UCSChar))),
		c.Star(c.Seq(c.Lit(":"), c.Star(c.Alt(c.Lit("x"), rfc3987.UCSChar)))),
		// Look-aheads at one rune-fused unit: a test of the next bytes.
		c.Alt(c.Seq(c.Not(rfc3987.IPChar), c.Star(c.Lit("/"))),
			c.Seq(c.Peek(rfc3987.IUnreserved), rfc3987.IPChar, c.Not(rfc3987.IQuery))),
		c.Seq(c.Plus(euro), c.Opt(latin)),
		c.RuneClass(c.Runes()),
		c.Seq(c.Rep(2, 3, rfc3987.UCSChar), c.Rep(0, 2, rfc3987.IPChar),
			c.Rep(1, 1, c.Alt(rfc3987.IPrivate, c.Lit("x")))),
		c.Seq(c.Capture(0, c.Star(rfc3987.IUnreserved)), c.Opt(c.Capture(1, rfc3987.IPrivate)),
			c.Capture(2, c.Opt(euro)), c.End),
		c.Seq(c.Not(rfc3987.UCSChar), c.Capture(0, c.Alt(rfc3987.IPrivate, latin)), c.Peek(c.Alt(euro, c.End))),
		c.Alt(c.Seq(c.Capture(0, rfc3987.UCSChar), c.Lit("/")),
			c.Capture(1, c.Star(c.Alt(rfc3987.IPrivate, rfc3987.UCSChar)))),
	}
}

// runeInputs returns the strings the rune grammars are tried on: the code
// points on either side of each bound of ucschar and iprivate, the ASCII
// and C1 neighbours, U+FFFD and its neighbours, and bytes that are not UTF-8 (a stray
// continuation byte, truncated, overlong and surrogate sequences, a code
// point past U+10FFFF), each alone and in the components of an IRI.
func runeInputs() []string {
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
	chars = append(chars, "\u007f", "\u0080", "\u009f", "\u00e9", "\u20ac", "\ufffc", "\ufffd", "\ufffe", "a", "0",
		"\x80", "\xbf", "\xc0\xaf", "\xc2", "\xe2\x82", "\xe0\x80\xaf", "\xed\xa0\x80", "\xed\xbf\xbf",
		"\xf0\x90\x80", "\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80", "\xff", "\xe9",
		// The bounds of two-byte sequences, which the output decodes by hand.
		"\u07ff", "\u0800", "\xc1\xbf", "\xc1\xa1", "\xc0\xb0", "\xc2\x7f", "\xc2\xc0", "\xdf\xbf", "\xdf\xc0", "\xe0\xa0")
	in := []string{"", "a", "ab", "x", "/", "//", "%41", "%4", "http://h/p?q#f", "s:", "//h:1/p"}
	for _, ch := range chars {
		in = append(in, ch, ch+ch+ch, "a"+ch+"b", "http://h"+ch+"/p", "s:/"+ch+"/a", "s:"+ch,
			ch+":x", "?"+ch, "#"+ch, "//"+ch+"@h", "//1.2.3.4"+ch, "s://h/?"+ch+"#"+ch, ch+"/", "x"+ch+"x")
	}
	return in
}

// TestGenerateRunesBehaviour compiles the matchers and the diagnoses of
// runeGrammars and checks them against the interpreter on runeInputs, as
// TestGenerateGoBehaviour does for the byte grammars.
func TestGenerateRunesBehaviour(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	checkProgram(t, runeGrammars(), runeInputs(), nil, "", capsPlain)
}

// TestGenerateRunesSource checks the shape of the output of rune classes:
// the utf8 import, a set of few ranges tested inline, a set of many by a
// table, one function per distinct set, and rune fusion: isegment is one
// loop, not a call per character.
func TestGenerateRunesSource(t *testing.T) {
	g := &Generator{Package: "p"}
	for name, r := range map[string]*c.Rule{"m1": rfc3987.ISegment, "m2": rfc3987.IPrivate, "m3": rfc3987.UCSChar} {
		if err := g.Add(name, r); err != nil {
			t.Fatal(err)
		}
	}
	src, err := g.Source()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\t\"unicode/utf8\"\n", // beside math/bits: isegment's ASCII is scanned eight bytes at a time
		"r, n := utf8.DecodeRuneInString(in[p:])",
		"r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0xFFFFD || r >= 0x100000 && r <= 0x10FFFD",
		"{0xE1000, 0xEFFFD},",
	} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("no %q in the output:\n%s", want, src)
		}
	}
	if n := bytes.Count(src, []byte("utf8.DecodeRuneInString")); n != 2 {
		t.Errorf("%d functions of rune sets, want 2 (ucschar, iprivate):\n%s", n, src)
	}
	if bytes.Contains(src, []byte("matchIpchar")) || bytes.Contains(src, []byte("matchIunreserved")) {
		t.Errorf("isegment is not one loop:\n%s", src)
	}
}

// TestRuneFusionAgrees checks that the generator finds the rune-fused forms
// the interpreter uses on the RFC 3987 rules: ipchar, iunreserved and the
// character classes of the components are units, isegment and the
// components runs (combinator's runes.go; its view does not report them).
func TestRuneFusionAgrees(t *testing.T) {
	g := &Generator{}
	for _, r := range []*c.Rule{rfc3987.IPChar, rfc3987.IUnreserved, rfc3987.ISegment, rfc3987.ISegmentNZ,
		rfc3987.ISegmentNZNC, rfc3987.IUserInfo, rfc3987.IRegName, rfc3987.IQuery, rfc3987.IFragment,
		rfc3987.IPathEmpty} {
		if n := g.nodeOf(r); n.rfast == fNone || n.runes.IsEmpty() {
			t.Errorf("%s: not rune-fused", r.Name())
		}
	}
	for _, r := range []*c.Rule{rfc3987.UCSChar, rfc3987.IHost, rfc3987.IPathAbsolute,
		c.Star(c.RuneClass(c.Runes(c.RuneRange{Lo: 'a', Hi: 0xE9}))), c.Star(c.Seq(c.Lit("%"), rfc3987.ISegment)),
		c.Star(c.Seq(c.Lit("a"), rfc3987.ISegment)), c.Plus(c.Seq(c.Lit("/"), rfc3987.ISegment))} {
		if n := g.nodeOf(r); n.rfast != fNone {
			t.Errorf("%s: rune-fused", r)
		}
	}
	// The generator's own form: *( "/" isegment ) is one loop.
	if n := g.nodeOf(rfc3987.IPathAbempty); n.rfast != fSepRun || n.sep != '/' || !n.set.Contains('/') {
		t.Errorf("ipath-abempty: rune-fused as %v, sep %q", n.rfast, n.sep)
	}
}

// TestRuneFuseForms: the generator derives the rune-fused forms under
// combinator's conditions: a choice of single characters whose code points
// outside ASCII start at U+0080 or above is one unit, a repetition of one or
// of a rune class from U+0080 one loop, a one-rule Seq of a unit a unit; a
// set that holds ASCII code points, and a one-rule Seq of what is no unit,
// are not fused; *( sep *unit ) with such units is one loop (the
// generator's own form), also inside a one-rule Seq, unless sep is a byte
// outside ASCII (%x80, which may be part of a character).
func TestRuneFuseForms(t *testing.T) {
	alpha := c.Class(c.ByteRange('a', 'z'))
	from80 := c.RuneClass(c.Runes(c.RuneRange{Lo: 0x80, Hi: 0x10FFFF}))
	fromA := c.RuneClass(c.Runes(c.RuneRange{Lo: 'A', Hi: 0x10FFFF}))
	for _, tc := range []struct {
		name string
		r    *c.Rule
		want c.FusedKind
	}{
		{"alpha / %x80-10FFFF", c.Alt(alpha, from80), fUnit},
		{"*%x80-10FFFF", c.Star(from80), fRun},
		{"*( alpha / %x80-10FFFF )", c.Star(c.Alt(alpha, from80)), fRun},
		{"( alpha / %x80-10FFFF ) in a Seq", c.Seq(c.Alt(alpha, from80)), fUnit},
		{`%s"ab" in a Seq`, c.Seq(c.Lit("ab")), fNone},
		{"alpha / %x41-10FFFF", c.Alt(alpha, fromA), fNone},
		{"*%x41-10FFFF", c.Star(fromA), fNone},
		{`*( "/" *( alpha / %x80-10FFFF ) )`, c.Star(c.Seq(c.Lit("/"), c.Star(c.Alt(alpha, from80)))), fSepRun},
		{`*( "/" *( alpha / %x80-10FFFF ) ) in a Seq`, c.Star(c.Seq(c.Seq(c.Lit("/"), c.Star(c.Alt(alpha, from80))))), fSepRun},
		{`*( %x80 *( alpha / %x80-10FFFF ) )`, c.Star(c.Seq(c.Lit("\x80"), c.Star(c.Alt(alpha, from80)))), fNone},
	} {
		g := &Generator{Package: "p"}
		if got := g.nodeOf(tc.r).rfast; got != tc.want {
			t.Errorf("%s: rune-fused form %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestRuneFuncRangesInline: the function of a set of code points tests up to
// runeRangesInline (4) ranges one by one, and searches a table of them
// above.
func TestRuneFuncRangesInline(t *testing.T) {
	for n := 4; n <= 5; n++ {
		var rs []c.RuneRange
		for i := 0; i < n; i++ {
			rs = append(rs, c.RuneRange{Lo: rune(0x100 + 2*i), Hi: rune(0x100 + 2*i)})
		}
		src := genSource(t, func(g *Generator) error { return g.Add("m", c.RuneClass(c.Runes(rs...))) })
		if got, want := strings.Contains(src, "Ranges = [...][2]rune{"), n > 4; got != want {
			t.Errorf("%d ranges: a table %v, want %v:\n%s", n, got, want, src)
		}
	}
}

// TestHasTwoByte: U+0080 to U+07FF are the code points of two bytes in
// UTF-8 (RFC 3629 §3): a range holds one when it reaches into them, at
// either end.
func TestHasTwoByte(t *testing.T) {
	for _, tc := range []struct {
		r    c.RuneRange
		want bool
	}{
		{c.RuneRange{Lo: 0x7FF, Hi: 0x10FFFF}, true},
		{c.RuneRange{Lo: 0x00, Hi: 0x80}, true},
		{c.RuneRange{Lo: 0x00, Hi: 0x7F}, false},
		{c.RuneRange{Lo: 0x800, Hi: 0x10FFFF}, false},
	} {
		if got := hasTwoByte([]c.RuneRange{tc.r}); got != tc.want {
			t.Errorf("hasTwoByte(%X-%X) = %v, want %v", tc.r.Lo, tc.r.Hi, got, tc.want)
		}
	}
}
