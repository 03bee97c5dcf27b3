package codegen

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// The tests of this file pin behaviour that mutation testing (.ci/mutation)
// found no test to reach or notice: each names the mutants it kills.

// TestGenerateErrorInNamedRule: a Func terminal without a Go name inside a
// named rule, which the output makes a function of its own, fails Add and
// AddExplain as it does at the top (the error of the inner function is the
// error of the outer one). Kills gen.go node's and explain.go dnode's
// `if f.err == nil {` after matchFunc and explainFunc, which no test reached:
// negated, the inner error was dropped and Add returned nil.
func TestGenerateErrorInNamedRule(t *testing.T) {
	rule := c.Seq(c.Lit("a"), c.Named("inner", c.Seq(c.Lit("b"), c.Func("f", genDigits))))
	for name, add := range map[string]func(*Generator) error{
		"Add":        func(g *Generator) error { return g.Add("m", rule) },
		"AddExplain": func(g *Generator) error { return g.AddExplain("x", rule) },
	} {
		err := add(&Generator{Package: "p"})
		if err == nil || !strings.Contains(err.Error(), `Func terminal "f" has no Go name`) {
			t.Errorf("%s: err = %v, want the Func terminal \"f\" without a Go name", name, err)
		}
	}
}

// TestGenerateChoiceOfAdded: an Alt of rules with captures that were all
// added before, with the same slots, is written as calls of their
// functions in order, the last one's result returned as it is (the first
// alternative that matches wins, RFC 5234 §3.2 read as PEG's ordered
// choice). Kills choiceOfAdded's `if i == len(r.subs)-1 {` mutants, which no
// test reached: they return the first alternative's result whatever it is.
func TestGenerateChoiceOfAdded(t *testing.T) {
	x := c.Capture(0, c.Lit("x"))
	y := c.Capture(0, c.Lit("y"))
	z := c.Capture(0, c.Lit("z"))
	g := &Generator{Package: "p", Slots: 1}
	for name, r := range map[string]*c.Rule{"mx": x, "my": y, "mz": z} {
		if err := g.Add(name, r); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Add("choice", c.Alt(x, y, z)); err != nil {
		t.Fatal(err)
	}
	src, err := g.Source()
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := bytes.Cut(src, []byte("func choice("))
	body, _, _ = bytes.Cut(body, []byte("\n}\n"))
	for _, want := range []string{
		"if e := mx(in, pos, caps); e >= 0 {\n\t\treturn e\n\t}\n" +
			"\tif e := my(in, pos, caps); e >= 0 {\n\t\treturn e\n\t}\n" +
			"\treturn mz(in, pos, caps)",
	} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("choice does not hold\n%s\nits body:\n%s", want, body)
		}
	}
}

// genSource returns the output of a Generator of package p after add.
func genSource(t *testing.T, add func(g *Generator) error) string {
	t.Helper()
	g := &Generator{Package: "p"}
	if err := add(g); err != nil {
		t.Fatal(err)
	}
	src, err := g.Source()
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// TestExplainNamedRuleThatCannotFail: a named rule that matches whatever
// follows (s = *"a", RFC 5234 §3.6: zero occurrences match) is never
// expected, so its label is not in the table: only "a", expected where the
// repetition stops, and the end of input, expected after a whole match of
// a prefix (the record's exp has room for one id per label). Kills
// explain.go explainFunc's `fail.uses > 0` → `>= 0`, whose call of labelID
// put "s" in the table although nothing records it.
func TestExplainNamedRuleThatCannotFail(t *testing.T) {
	src := genSource(t, func(g *Generator) error { return g.AddExplain("x", c.Named("s", c.Star(c.Lit("a")))) })
	want := "var genLabels = [...]string{\n\t\"%s\\\"a\\\"\",\n\t\"end of input\",\n}\n"
	if !strings.Contains(src, want) {
		t.Errorf("the output does not hold\n%s\nit is:\n%s", want, src)
	}
}

// TestExplainRepetitionCountsOnlyWhatItChecks: the diagnosis of a
// repetition counts its iterations only when it checks a bound: *( "a" "b" )
// keeps no counter, and a repetition without a minimum (0*2, *) checks
// none, unfused or a fused run. Kills explain.go drep's `r.min > 0 ||` →
// `>= 0` (a counter nothing reads) and `if r.min > 0` → `>= 0` (a check of
// the counter < 0), and dfused's fRun `if r.min > 0` → `>= 0` (the same
// check), which added code that does nothing.
func TestExplainRepetitionCountsOnlyWhatItChecks(t *testing.T) {
	ab := c.Seq(c.Lit("a"), c.Lit("b"))
	alpha := c.Class(c.ByteRange('a', 'z'))
	counter := regexp.MustCompile(`\bv[0-9]+\+\+`)
	minCheck := regexp.MustCompile(`\bv[0-9]+ < 0\b`)
	for _, tc := range []struct {
		name   string
		r      *c.Rule
		counts bool
	}{
		{"*( a b )", c.Star(ab), false},
		{"0*2( a b )", c.Rep(0, 2, ab), true},
		{"0*2alpha", c.Rep(0, 2, alpha), true},
		{"*alpha", c.Star(alpha), false},
	} {
		src := genSource(t, func(g *Generator) error { return g.AddExplain("x", tc.r) })
		if got := counter.MatchString(src); got != tc.counts {
			t.Errorf("%s: a counter %v, want %v:\n%s", tc.name, got, tc.counts, src)
		}
		if m := minCheck.FindString(src); m != "" {
			t.Errorf("%s: checks %s:\n%s", tc.name, m, src)
		}
	}
}

// TestGenerateRepetitionCountsOnlyWhatItChecks: the matcher of a
// repetition counts its iterations only when it checks a bound: *( "a" "b" )
// and [ "a" "b" ] keep no counter, 0*2( "a" "b" ) and the scan 0*2alpha do,
// and without a minimum they check none, nor does the scan of characters
// 0*2( alpha / %x80-10FFFF ). Kills gen.go rep's `r.min > 0 ||` → `>= 0`, a
// counter nothing reads, and fused's fRun `if r.min > 0` → `>= 0` and
// runes.go runeFused's the same, a check of the counter < 0.
func TestGenerateRepetitionCountsOnlyWhatItChecks(t *testing.T) {
	ab := c.Seq(c.Lit("a"), c.Lit("b"))
	counter := regexp.MustCompile(`\bv[0-9]+\+\+`)
	minCheck := regexp.MustCompile(`\bv[0-9]+ < 0\b`)
	for _, tc := range []struct {
		name   string
		r      *c.Rule
		counts bool
	}{
		{"*( a b )", c.Star(ab), false},
		{"[ a b ]", c.Opt(ab), false},
		{"0*2( a b )", c.Rep(0, 2, ab), true},
		{"0*2alpha", c.Rep(0, 2, c.Class(c.ByteRange('a', 'z'))), true},
		{"0*2( alpha / %x80-10FFFF )", c.Rep(0, 2, c.Alt(c.Class(c.ByteRange('a', 'z')),
			c.RuneClass(c.Runes(c.RuneRange{Lo: 0x80, Hi: 0x10FFFF})))), true},
	} {
		src := genSource(t, func(g *Generator) error { return g.Add("m", tc.r) })
		if got := counter.MatchString(src); got != tc.counts {
			t.Errorf("%s: a counter %v, want %v:\n%s", tc.name, got, tc.counts, src)
		}
		if m := minCheck.FindString(src); m != "" {
			t.Errorf("%s: checks %s:\n%s", tc.name, m, src)
		}
	}
}

// TestExplainSeenWords: the record's set of the labels recorded has one
// 64-bit word for each 64 labels, rounded up: one for 64 labels, two for
// 65 (n single bytes %x80... in an Alt, and the end of input). Kills
// explain.go diagSource's `(len(g.labels) + 63) / 64` → `* 64`, a set
// of 8,128 words for 64 labels, which each record cleared.
func TestExplainSeenWords(t *testing.T) {
	for _, tc := range []struct{ bytes, labels, words int }{{63, 64, 1}, {64, 65, 2}} {
		var alts []*c.Rule
		for i := 0; i < tc.bytes; i++ {
			alts = append(alts, c.Lit(string([]byte{0x80 + byte(i)})))
		}
		src := genSource(t, func(g *Generator) error { return g.AddExplain("x", c.Alt(alts...)) })
		exp := regexp.MustCompile(`\bexp +\[` + strconv.Itoa(tc.labels) + `\]uint16\n`)
		seen := regexp.MustCompile(`\bseen +\[` + strconv.Itoa(tc.words) + `\]uint64 `)
		if !exp.MatchString(src) || !seen.MatchString(src) {
			t.Errorf("%d labels: want exp [%d]uint16 and seen [%d]uint64 in\n%s", tc.labels, tc.labels, tc.words, src)
		}
	}
}

// TestGenerateCapsOfTheLastSlot: the function of a rule with captures takes
// room for each slot up to the last one it captures ("number slots
// densely"): caps *[1][2]int for slot 0, *[2][2]int for slot 1, which the
// matcher fills. Kills gen.go Add's `maxSlot(r)+1` → `-1`, which left caps
// out (every other test sets Slots), and maxSlot's `m := -1` → `1` (room
// for two slots where one is used) and `r.kind == kCap` → `!=` (the slot 0
// of the literal inside taken for the last one).
func TestGenerateCapsOfTheLastSlot(t *testing.T) {
	for slot, want := range []string{"caps *[1][2]int) int {", "caps *[2][2]int) int {"} {
		src, err := GenerateGo(c.Capture(slot, c.Lit("a")), "p", "m")
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"func m(in string, pos int, " + want, "caps[" + strconv.Itoa(slot) + "] = [2]int{"} {
			if !bytes.Contains(src, []byte(want)) {
				t.Errorf("slot %d: the output does not hold %q:\n%s", slot, want, src)
			}
		}
	}
}

// TestGenerateNamedRuleIsACall: the function Add makes of a named rule
// without captures is the bounds check and a call of the rule's own
// function, which other functions may call too: the rule is written once.
// Kills gen.go Add's `nslots == 0 && callable(r)` → `!=`, which wrote the
// rule out a second time in Add's function.
func TestGenerateNamedRuleIsACall(t *testing.T) {
	src, err := GenerateGo(c.URIReference, "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := bytes.Cut(src, []byte("func m(in string, pos int) int {\n"))
	body, _, _ = bytes.Cut(body, []byte("\n}\n"))
	// The bounds check (three lines) and the call.
	if lines := bytes.Count(body, []byte("\n")) + 1; lines != 4 || !bytes.HasSuffix(body, []byte("\treturn matchURIReference(in, pos)")) {
		t.Errorf("m's body is not a bounds check and a call of matchURIReference:\n%s", body)
	}
}

// TestGenerateHeader: a Header is written before the package clause, with a
// blank line after it (a "// Code generated ... DO NOT EDIT." line must
// stand apart from the package clause, or it is the package's doc), whether
// or not it ends in a newline; with none, the output starts with the
// package clause. Kills gen.go Source's `g.Header != ""` → `==`, which
// dropped the header.
func TestGenerateHeader(t *testing.T) {
	const code = "// Code generated by a test. DO NOT EDIT."
	for _, tc := range []struct{ header, want string }{
		{code, code + "\n\npackage p\n"},
		{code + "\n", code + "\n\npackage p\n"},
		{"", "package p\n"},
	} {
		g := &Generator{Package: "p", Header: tc.header}
		if err := g.Add("m", c.Lit("a")); err != nil {
			t.Fatal(err)
		}
		src, err := g.Source()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(src, []byte(tc.want)) {
			t.Errorf("Header %q: the output starts\n%.80s\nwant\n%s", tc.header, src, tc.want)
		}
	}
}

// TestGenerateTableEightALine: a table of a set lists its bytes eight a
// line, in byte order: the 26 letters on lines of 8, 8, 8 and 2 entries,
// from 'a', 'i', 'q' and 'y'. Kills gen.go Source's `n%8 == 0` → `n*8`,
// which wrote them on one line.
func TestGenerateTableEightALine(t *testing.T) {
	src, err := GenerateGo(c.Plus(c.Class(c.ByteRange('a', 'z'))), "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(src), "= [256]")
	table, _, _ = strings.Cut(table, "\n}\n")
	lines := strings.Split(table, "\n")
	if !ok || len(lines) < 1 {
		t.Fatalf("no table in\n%s", src)
	}
	var got []string
	for _, l := range lines[1:] {
		got = append(got, fmt.Sprintf("%d from %.4s", strings.Count(l, "': "), strings.TrimSpace(l)))
	}
	want := []string{"12 from 'a':", "12 from 'm':", "2 from 'y':"}
	if !slices.Equal(got, want) {
		t.Errorf("the table's lines: %q, want %q:\n%s", got, want, table)
	}
}

// TestGenerateNoFailureWhereNothingFails: the function of a rule that
// cannot fail (*"a" matches the empty string, RFC 5234 §3.6) returns -1
// only for a pos out of range, and its body has no failure path. Kills
// gen.go place's `l.uses > 0` → `>= 0`, which placed a label nothing jumps
// to and wrote the code after it, a return -1 after the return p.
func TestGenerateNoFailureWhereNothingFails(t *testing.T) {
	src, err := GenerateGo(c.Star(c.Lit("a")), "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(src, []byte("return -1")); n != 1 {
		t.Errorf("%d returns of -1, want 1 (pos out of range):\n%s", n, src)
	}
}

// TestGenerateRuleFuncABNF: the function of a named rule says in its
// comment the rule's ABNF, here ab-or-ba = %s"ab" / %s"ba" (case-sensitive
// strings, RFC 7405). Kills gen.go compileAs's `r.rule != nil` → `==` and
// `r.abnf != ""` → `==`, which left it out.
func TestGenerateRuleFuncABNF(t *testing.T) {
	abba := c.Named("ab-or-ba", c.Alt(c.Lit("ab"), c.Lit("ba")))
	src, err := GenerateGo(c.Seq(c.Lit("x"), abba, abba), "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	want := "// pos is within in.\n//\n//\tab-or-ba = %s\"ab\" / %s\"ba\"\nfunc "
	if !bytes.Contains(src, []byte(want)) {
		t.Errorf("the output does not hold\n%s\nit is:\n%s", want, src)
	}
}

// TestGenerateOneByteClass: a class of one byte is a comparison with it,
// without a table: a printable ASCII byte written as a rune literal ('a'),
// another in hex, NUL (%x00), the first byte, included. Kills gen.go
// single's `c < 256` → `<=`, whose byte(256), NUL again, counted NUL twice
// (the class {NUL} then took a table), and byteLit's `c < 0x7f` → `>=`,
// which wrote 'a' as 0x61.
func TestGenerateOneByteClass(t *testing.T) {
	for _, tc := range []struct {
		b    byte
		want string
	}{{0x00, "0x00"}, {0x01, "0x01"}, {'a', "'a'"}, {0xE9, "0xe9"}} {
		src, err := GenerateGo(c.Plus(c.Seq(c.Class(c.Chars(string([]byte{tc.b}))), c.Lit("-"))), "p", "m")
		if err != nil {
			t.Fatal(err)
		}
		want := "in[p] != " + tc.want
		if !bytes.Contains(src, []byte(want)) || bytes.Contains(src, []byte("[256]")) {
			t.Errorf("%%x%02X: want %q and no table in\n%s", tc.b, want, src)
		}
	}
}

// TestGenerateSkipByFirstByte: a repetition tests whether the next byte can
// start its rule before it saves its position and tries it: *"ab" stops
// at a byte other than "a" (the literal itself compares two bytes at once).
// Kills gen.go canSkip's `r.first != all` → `==`, which tested only rules
// that can start with any byte.
func TestGenerateSkipByFirstByte(t *testing.T) {
	src, err := GenerateGo(c.Star(c.Lit("ab")), "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	if want := "in[p] != 'a' {"; !bytes.Contains(src, []byte(want)) {
		t.Errorf("the output does not hold %q:\n%s", want, src)
	}
}

// TestGenerateNamedRuleComment: a named rule written out where it is used
// (here a literal) is preceded by a comment with its name, and an unnamed
// one by none. Kills gen.go node's `r.name != ""` → `==`, which commented
// the unnamed rules with an empty name and not the named one.
func TestGenerateNamedRuleComment(t *testing.T) {
	src, err := GenerateGo(c.Seq(c.Lit("x"), c.Named("why-not", c.Lit("yz"))), "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte("\t// why-not\n")) || bytes.Contains(src, []byte("//\n")) {
		t.Errorf("want a comment // why-not and no empty one in\n%s", src)
	}
}

// TestNeedleAfterRepetitionAndRuneRun: the IndexByte test before a run and
// its byte is made after a repetition has ended (the test runs once a match
// there), before a run of characters as before a run of bytes, and not
// before a repetition that is no scan (*"ab"). Kills gen.go rep's
// `f.loops--` → `++`, which left the code after the first repetition
// counted as inside one, and needle's `run.rfast != fRun` → `==`, which
// skipped the runs of characters and took *"ab" for a run.
func TestNeedleAfterRepetitionAndRuneRun(t *testing.T) {
	alpha := c.Class(c.ByteRange('a', 'z'))
	chars := c.Alt(alpha, c.RuneClass(c.Runes(c.RuneRange{Lo: 0xA0, Hi: 0xD7FF})))
	for _, tc := range []struct {
		name string
		r    *c.Rule
		want int
	}{
		{"after a repetition", c.Seq(c.Star(c.Lit("xy")), c.Opt(c.Seq(c.Capture(0, c.Star(alpha)), c.Lit("@"))), c.Lit("z")), 1},
		{"a run of characters", c.Seq(c.Opt(c.Seq(c.Capture(0, c.Star(chars)), c.Lit("@"))), c.Lit("z")), 1},
		{"a repetition that is no scan", c.Seq(c.Opt(c.Seq(c.Capture(0, c.Star(c.Lit("ab"))), c.Lit("@"))), c.Lit("z")), 0},
	} {
		src, err := GenerateGo(tc.r, "p", "m")
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(string(src), "strings.IndexByte("); got != tc.want {
			t.Errorf("%s: %d IndexByte tests, want %d", tc.name, got, tc.want)
		}
	}
}

// TestExplainLiteralTails: the labels of a diagnosis of "abc" are the
// literal's, those of the rest of it after one and two bytes ("bc" and "c",
// expected where the literal stops matching), and the end of input: no
// label of an empty rest, which nothing expects. Kills node.go nodeOf's
// tails `k < len(n.lit)` → `<=`, which added the label of "" to the table.
func TestExplainLiteralTails(t *testing.T) {
	src := genSource(t, func(g *Generator) error { return g.AddExplain("x", c.Lit("abc")) })
	want := "var genLabels = [...]string{\n\t\"%s\\\"abc\\\"\",\n\t\"%s\\\"bc\\\"\",\n\t\"%s\\\"c\\\"\",\n\t\"end of input\",\n}\n"
	if !strings.Contains(src, want) {
		t.Errorf("the output does not hold\n%s\nit is:\n%s", want, src)
	}
}

// TestRuneFuseForms: the generator derives the rune-fused forms under
// combinator's conditions: a choice of single characters whose code points
// outside ASCII start at U+0080 or above is one unit, a repetition of one or
// of a rune class from U+0080 one loop, a one-rule Seq of a unit a unit; a
// set that holds ASCII code points, and a one-rule Seq of what is no unit,
// are not fused; *( sep *unit ) with such units is one loop (the
// generator's own form), also inside a one-rule Seq, unless sep is a byte
// outside ASCII (%x80, which may be part of a character). Kills runes.go
// runeFuse's `Lo < utf8.RuneSelf` → `<=` and `Lo >= utf8.RuneSelf` → `>` (a
// set from U+0080 left unfused), `s.kind == kRunes` → `!=` (a rune class's
// run left unfused) and `r.subs[0].rfast == fUnit` → `!=` (Seq("ab") taken
// for a unit of no byte, which matched nothing), and runeSepRun's
// `body.kind == kSeq` → `!=` (the one-rule Seq left unfused) and `sep >=
// utf8.RuneSelf` → `>` (%x80 taken for a separator).
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
// above. Kills runes.go runeSource's `len(rs) <= runeRangesInline` → `<`,
// which searched a table of 4.
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
// either end. Kills runes.go hasTwoByte's `x.Lo <= 0x7FF` → `<` and `x.Hi >=
// 0x80` → `>` and `<`.
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

// TestGenerateBehaviourAtTheEdges compiles matchers of three shapes no
// other grammar of the tests has and checks that they agree with the
// interpreter (checkProgram), whose results on the inputs that tell the
// mutants apart are checked here first by hand:
//
//   - ( "a" ) ( ) never matches: a choice of no alternatives matches
//     nothing, so its matcher never stores slot 0 and declares no variable
//     of it. Kills gen.go compileAs's `reads[v] > 0` → `>= 0`, which
//     declared k0s and k0e all the same: unused, the program does not
//     build.
//   - ( "a" ) 1*"b" fails on "a" and "a!" after the capture: the captures
//     are left alone. Kills gen.go neverFails's fused-run `return r.min ==
//     0` → `!=`, which took the run 1*"b" for one that never fails, so that
//     the captures were stored after "a", before the run could fail.
//   - 0*2ALPHA matches two letters of "abc" (RFC 5234 §3.6: at most two
//     occurrences). Kills gen.go fused's `r.max != Unbounded` → `==`, which
//     dropped the bound of the loop of a bounded run and took all three.
func TestGenerateBehaviourAtTheEdges(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	alpha := c.Class(c.ByteRange('a', 'z'))
	never := c.Seq(c.Capture(0, c.Lit("a")), c.Alt())
	runAfterCap := c.Seq(c.Capture(0, c.Lit("a")), c.Plus(c.Lit("b")))
	bounded := c.Rep(0, 2, alpha)
	for _, tc := range []struct {
		r    *c.Rule
		in   string
		want int
	}{
		{never, "a", -1}, {never, "ab", -1},
		{runAfterCap, "a", -1}, {runAfterCap, "a!", -1}, {runAfterCap, "abb", 3},
		{bounded, "abc", 2}, {bounded, "a1", 1}, {bounded, "", 0},
	} {
		if got := tc.r.MatchAt(tc.in, 0); got != tc.want {
			t.Fatalf("the interpreter: %s on %q: %d, want %d", tc.r, tc.in, got, tc.want)
		}
	}
	checkProgram(t, []*c.Rule{never, runAfterCap, bounded},
		[]string{"", "a", "a!", "ab", "abb", "abb!", "abc", "abcd", "a1", "b"}, nil, "", capsPlain)
}

// TestCommitPointChoice counts the stores of each slot into caps, which the
// matcher of a sequence makes once at the end, or, after the element where
// the match can no longer fail (commitPoint), in each alternative of that
// element when it is a choice written inline (commitsInAlt): so the counts
// tell which element commitPoint chose.
//
//   - Only the first element can fail (it is the last that can): the commit
//     is there, after ( "a" ) / ( "b" ). Kills `k < 0` → `k <= 0`, which
//     gave up the commit point when it was the first element.
//   - Two elements after ":" set two slots each: the first of them is the
//     commit. Kills `len(slotsOf(r.subs[i])) > len(slotsOf(r.subs[j]))` →
//     `>=`, which took the last, the end of the function: no commit.
//   - The element that sets the most slots is the last one, or the last
//     element can fail (then it is the only one to choose from, and the
//     `j == len(r.subs)-1` test returns where a test of k did before): the
//     end of the function, no commit. Kills `j ==
//     len(r.subs)-1` → `j == len(r.subs)+1` (INVERT_NEGATIVES and
//     ARITHMETIC_BASE), which committed at the last element and, that
//     being a choice, stored the captures in each of its alternatives:
//     twice the stores, at the end of the function all the same.
//   - No element can fail: no commit. Kills `k >= 0 &&` → `k > 0 &&`,
//     which stopped at the first element and committed there.
func TestCommitPointChoice(t *testing.T) {
	a, b, x := c.Lit("a"), c.Lit("b"), c.Lit("x")
	for _, tc := range []struct {
		name string
		r    *c.Rule
		want []int // stores of caps[0], caps[1], ...
	}{
		{`( ( "a" ) / ( "b" ) ) ( *"x" )`, c.Seq(c.Alt(c.Capture(0, a), c.Capture(1, b)), c.Capture(2, c.Star(x))), []int{2, 2, 1}},
		{`":" ( ( "a" ) / ( "" ) ) ( ( "b" ) / ( "" ) )`, c.Seq(c.Lit(":"), c.Alt(c.Capture(0, a), c.Capture(1, c.Lit(""))),
			c.Alt(c.Capture(2, b), c.Capture(3, c.Lit("")))), []int{2, 2, 1, 1}},
		{`":" ( ( "a" ) / ( "" ) )`, c.Seq(c.Lit(":"), c.Alt(c.Capture(0, a), c.Capture(1, c.Lit("")))), []int{1, 1}},
		{`( *"a" ) ( ( "b" ) / ( "x" ) )`, c.Seq(c.Capture(0, c.Star(a)), c.Alt(c.Capture(1, b), c.Capture(2, x))), []int{1, 1, 1}},
		{`( ( "a" ) / ( "" ) ) ( *"b" )`, c.Seq(c.Alt(c.Capture(0, a), c.Capture(1, c.Lit(""))), c.Capture(2, c.Star(b))), []int{1, 1, 1}},
	} {
		src, err := GenerateGo(tc.r, "p", "m")
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		for slot := range tc.want {
			got = append(got, strings.Count(string(src), fmt.Sprintf("caps[%d] = ", slot)))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: caps stored %v times, want %v:\n%s", tc.name, got, tc.want, src)
		}
	}
}

// TestGenerateStraightNamedRuleInline: a named rule that is a sequence of
// byte tests and runs (scheme = ALPHA *ALPHA here) is written inline where
// it is used, under a comment of its name, not as a function of its own
// (straight, callable). Kills gen.go straight's `r.kind != kSeq` → `==` and
// `len(r.subs) == 0` → `!=`, which made every such sequence a function.
func TestGenerateStraightNamedRuleInline(t *testing.T) {
	alpha := c.Class(c.ByteRange('a', 'z'))
	src, err := GenerateGo(c.Seq(c.Lit("x"), c.Named("scheme", c.Seq(alpha, c.Star(alpha))), c.Lit(":")), "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	var funcs []string
	for _, m := range regexp.MustCompile(`(?m)^func (\w+)\(`).FindAllStringSubmatch(string(src), -1) {
		funcs = append(funcs, m[1])
	}
	if want := []string{"m", "mWord", "mStop"}; !slices.Equal(funcs, want) || !strings.Contains(string(src), "\t// scheme\n") {
		t.Errorf("functions %v, want %v, with scheme inline in m:\n%s", funcs, want, src)
	}
}
