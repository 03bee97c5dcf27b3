package combinator

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The tests of this file pin behaviour that mutation testing (.ci/mutation)
// found no test to reach or notice: each names the mutants it kills.

// TestExplainManyExpected: a diagnosis keeps the first 16 rules expected at
// the farthest offset in an array and the others in a slice (diag.exp,
// diag.more); every one of them is reported, in the order tried, and a named
// rule that fails where it starts replaces what was expected inside it (its
// literals) by its name, also when more than 16 came before it ("big" can
// start with "z", so it is entered, and fails at 0, where its look-ahead
// refuses the "z"). Kills
// match.go diag.expected's `d.more[i-len(d.exp)]` and diag.truncate's
// `d.more[:n-len(d.exp)]` mutants, which no test reached.
func TestExplainManyExpected(t *testing.T) {
	var alts []*Rule
	var want []string
	for i := 1; i <= 20; i++ {
		name := fmt.Sprintf("r%02d", i)
		alts = append(alts, Named(name, Lit(fmt.Sprintf("k%02d", i))))
		want = append(want, name)
	}
	for _, tc := range []struct {
		rule *Rule
		want []string
	}{
		{Named("root", Alt(alts...)), want},
		{Named("root", Alt(append(alts[:20:20], Named("big", Seq(Not(Lit("z")), Lit("z"))))...)), append(want[:20:20], "big")},
	} {
		err := tc.rule.Explain("z")
		if err == nil {
			t.Fatalf("%s matches %q", tc.rule.Name(), "z")
		}
		if err.Offset != 0 {
			t.Errorf("Offset = %d, want 0", err.Offset)
		}
		if d := cmp.Diff(tc.want, err.Expected); d != "" {
			t.Errorf("Expected (-want +got):\n%s", d)
		}
	}
}

// TestExplainZeroRepetitionAtStart: 0*0DIGIT (RFC 5234 §3.6: at least and at
// most 0 occurrences) matches only the empty string, so at offset 0 of "c"
// only the "b" after it is expected, not a DIGIT, which the repetition may
// not take. Kills fusedDiag's `stop >= 0` → `> 0` mutant, which at offset 0
// listed the unit of a run stopped at its bound.
func TestExplainZeroRepetitionAtStart(t *testing.T) {
	r := Seq(Rep(0, 0, DIGIT), Lit("b"))
	checkExplain(t, r, "c", 0, `%s"b"`)
}

// checkExplain checks that r fails on in at offset with the labels
// expected, in order, as Explain reports them.
func checkExplain(t *testing.T, r *Rule, in string, offset int, expected ...string) {
	t.Helper()
	err := r.Explain(in)
	if err == nil {
		t.Errorf("%s matches %q", r, in)
		return
	}
	type diag struct {
		Offset   int
		Expected []string
	}
	if d := cmp.Diff(diag{offset, expected}, diag{err.Offset, err.Expected}); d != "" {
		t.Errorf("%s on %q (-want +got):\n%s", r, in, d)
	}
}

// TestQuoteTextBounds: quoteText quotes a text of exactly 64 bytes whole;
// a longer one is cut at 64 bytes, moved back to the start of a character
// but by at most UTFMax-1 bytes (0x80 is never the start of one, so a run
// of them stops the move at 60). Kills quoteText's `len(t) <= limit` → `<`
// (an index out of range at 64 bytes) and `cut > limit-utf8.UTFMax` → `>=`
// (a cut at 59) mutants.
func TestQuoteTextBounds(t *testing.T) {
	a60, a64 := strings.Repeat("a", 60), strings.Repeat("a", 64)
	for _, tt := range []struct{ in, want string }{
		{a64, `"` + a64 + `"`},
		{a64 + "b", `"` + a64 + `"...`},
		{a64[:63] + "éx", `"` + a64[:63] + `"...`}, // "é" is bytes 63 and 64: cut at 63
		{a60 + strings.Repeat("\x80", 8), `"` + a60 + `"...`},
	} {
		if got := quoteText(tt.in); got != tt.want {
			t.Errorf("quoteText(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestAppendEventsExactRoom: AppendEvents "allocates nothing when dst has
// room for the events", also when they are more than the buffer on the
// stack and fill dst's room exactly (35 events, room for 35). Kills the
// `x.high > len(log)` → `>=` mutant, which matched again into a new array.
func TestAppendEventsExactRoom(t *testing.T) {
	r := Star(Seq(Capture(0, ALPHA), Opt(Capture(1, DIGIT))))
	in := strings.Repeat("a1b", 11) + "a1" // 35 events: one per byte
	want, ok := r.Events(in)
	if !ok || len(want) != 35 {
		t.Fatalf("Events: %d events, %v; want 35", len(want), ok)
	}
	dst := make([]Event, 0, 35)
	got, ok := r.AppendEvents(dst, in)
	if d := cmp.Diff(want, got); !ok || d != "" {
		t.Fatalf("AppendEvents (-want +got), ok %v:\n%s", ok, d)
	}
	if &got[0] != &dst[:1][0] {
		t.Error("the events were not written in dst's room")
	}
	if n := testing.AllocsPerRun(20, func() { r.AppendEvents(dst[:0], in) }); n != 0 {
		t.Errorf("AppendEvents with exact room allocates %v times, want 0", n)
	}
}

// TestCaptureSlotBounds: Capture takes the slots 0 to math.MaxInt16, both
// ends usable (Captures fills the last one), and panics on a slot past
// either end, as on any mistake in a grammar written once. Kills rule.go Capture's `slot >
// math.MaxInt16` → `>=`, which refused the last slot.
func TestCaptureSlotBounds(t *testing.T) {
	for _, slot := range []int{0, math.MaxInt16} {
		spans := make([]Span, slot+1)
		if !Seq(Lit("x"), Capture(slot, Lit("ab"))).Captures("xab", spans) || spans[slot] != (Span{1, 3}) {
			t.Errorf("Capture(%d): spans[%d] = %v, want {1 3}", slot, slot, spans[slot])
		}
	}
	for _, slot := range []int{-1, math.MaxInt16 + 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Capture(%d) did not panic", slot)
				}
			}()
			Capture(slot, Lit("a"))
		}()
	}
}

// TestLitFoldFirstZ: a case-insensitive literal (RFC 5234 §2.3) that starts
// with "z" can start with "Z" too, the last letter, as one that starts with
// "a" can with "A": an alternative tries it on either. Kills rule.go
// foldSet's `b <= 'Z'` → `b < 'Z'`, which left "Z" out of the first bytes,
// so that Alt skipped the literal on "ZIP".
func TestLitFoldFirstZ(t *testing.T) {
	for _, lit := range []string{"zip", "ZIP", "aim", "AIM"} {
		r := Alt(LitFold(lit), Lit("x"))
		for _, in := range []string{strings.ToUpper(lit), strings.ToLower(lit), strings.ToUpper(lit[:1]) + strings.ToLower(lit[1:])} {
			checkPrefix(t, "Alt(LitFold("+lit+"), x)", r, prefixCase{in, 3})
		}
		first := LitFold(lit).First()
		if !first.Contains(lit[0]|0x20) || !first.Contains(lit[0]&^0x20) {
			t.Errorf("LitFold(%q).First() = %v, want both cases of %q", lit, first, lit[:1])
		}
	}
}

// TestTreeLeavesHaveNoChildren: a node with no kept rule inside it has nil
// Children, so that a tree compares equal (cmp, reflect.DeepEqual,
// encoding/json's "null") to one written as a literal that leaves Children
// out. Kills tree_match.go build's `n > 0` → `n >= 0`, which gave every
// leaf an empty, non-nil slice.
func TestTreeLeavesHaveNoChildren(t *testing.T) {
	a, b := Named("a", Lit("x")), Named("b", Plus(Lit("y")))
	root := Named("r", Seq(a, Named("ab", Seq(a, b))))
	got, err := root.Tree("xxyy")
	if err != nil {
		t.Fatal(err)
	}
	want := &Node{Name: "r", Span: Span{0, 4}, Text: "xxyy", Children: []*Node{
		{Name: "a", Span: Span{0, 1}, Text: "x"},
		{Name: "ab", Span: Span{1, 4}, Text: "xyy", Children: []*Node{
			{Name: "a", Span: Span{1, 2}, Text: "x"},
			{Name: "b", Span: Span{2, 4}, Text: "yy"},
		}},
	}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Tree (-want +got):\n%s", d)
	}
}

// TestFuncEmptyMatch: a MatchFunc may return pos itself, an empty match (its
// doc forbids only an offset below pos or past the end), as Rule.MatchAt of
// a rule that matches the empty string does. Kills match.go's kFunc `e >=
// pos` → `e > pos`, which took an empty match for a failure.
func TestFuncEmptyMatch(t *testing.T) {
	empty := Func("empty", func(_ string, pos int) int { return pos })
	checkPrefix(t, "SeqEmptyFunc", Seq(Lit("a"), empty, Lit("b")), prefixCase{"ab", 2}, prefixCase{"a", -1})
	xs := Func("xs", Star(Lit("x")).MatchAt)
	checkPrefix(t, "FuncMatchAtNullable", Seq(Lit("<"), xs, Lit(">")), prefixCase{"<>", 2}, prefixCase{"<xx>", 4})
}

// TestExplainHexdigTwoAfterAScan: where a fused scan stops at a "%" whose
// second hex digit is missing, HEXDIG is expected two bytes after it
// (pct-encoded = "%" HEXDIG HEXDIG, RFC 3986 §2.1), also when an earlier
// alternative has already failed exactly there: both are reported. On
// "a%Bz", the first alternative reads "a%B" and expects "!" at 3; the
// second reads "a", then reg-name (a fused run) stops at the "%", and
// HEXDIG is expected at 3, where "z" is. Kills match.go before's `stop+2
// < m.d.far` → `<=`, which skipped the record at the farthest offset.
func TestExplainHexdigTwoAfterAScan(t *testing.T) {
	r := Alt(Seq(Lit("a%B"), Lit("!")), Seq(Lit("a"), RegName, End))
	err := r.Explain("a%Bz")
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("Explain(a%%Bz) = %v, want a *SyntaxError", err)
	}
	if se.Offset != 3 {
		t.Errorf("Explain(a%%Bz) offset %d, want 3", se.Offset)
	}
	if d := cmp.Diff([]string{`"!"`, "HEXDIG"}, se.Expected); d != "" {
		t.Errorf("Explain(a%%Bz) expected (-want +got):\n%s", d)
	}
}

// TestCharSetStringDEL: String quotes only the visible bytes, VCHAR =
// %x21-7E (RFC 5234 Appendix B.1): "~" (%x7E), the last of them, is a quoted
// string, and DEL (%x7F), a control byte, is %x7F, alone or in a run of two
// beside "~". Kills charset.go quoteByte's `b < 0x7F` → `b <= 0x7F`, which
// printed DEL between quotes.
func TestCharSetStringDEL(t *testing.T) {
	for _, tc := range []struct {
		set  CharSet
		want string
	}{
		{Chars("~"), `"~"`},
		{Chars("\x7F"), `%x7F`},
		{Chars("~\x7F"), `"~" / %x7F`},
	} {
		if got := tc.set.String(); got != tc.want {
			t.Errorf("%q: String() = %s, want %s", tc.want, got, tc.want)
		}
	}
}

// TestExplainUnnamedAlternativeThatCannotStart: at the farthest offset, an
// alternative that cannot start with the next byte is still run when it has
// no name, so that what is expected inside it is reported: on "x", ( "-"
// "+" ) / "." expects "-", the start of the first alternative, and ".", not
// the sequence as a whole. Kills match.go's kAlt `s.name != ""` → `==`,
// which recorded the unnamed sequence itself without running it.
func TestExplainUnnamedAlternativeThatCannotStart(t *testing.T) {
	r := Alt(Seq(Lit("-"), Lit("+")), Lit("."))
	checkExplain(t, r, "x", 0, `"-"`, `"."`)
}

// TestRepExactlyOnce: "1element" (RFC 5234 §3.7, <n>element is exactly n
// occurrences) must match its element once, as Rep(1, 1, ...): "<" 1( "a"
// "b" ) ">" matches "<ab>" and fails on "<>" and "<a>", where the element
// is missing or incomplete, at the top level too. Kills match.go's kRep
// `r.min == 0` → `r.min != 0`, which took 1*1 for the optional [ rule ]
// and let the element be absent.
func TestRepExactlyOnce(t *testing.T) {
	once := Rep(1, 1, Seq(Lit("a"), Lit("b")))
	checkPrefix(t, "RepOnceInSeq", Seq(Lit("<"), once, Lit(">")),
		prefixCase{"<ab>", 4}, prefixCase{"<>", -1}, prefixCase{"<a>", -1}, prefixCase{"<abab>", -1})
	checkPrefix(t, "RepOnce", once, prefixCase{"ab", 2}, prefixCase{"abab", 2}, prefixCase{"", -1}, prefixCase{"x", -1})
}

// TestExplainFusedRuns: what a diagnosis expects where a fused scan stops.
// *( "/" *"a" ) END on "/ax" stops at 2, where "a" (one more of the inner
// run), "/" (the next iteration) or the end may come; a sequence of one
// around the iteration's body is the same rule and expects the same. Kills
// match.go fusedDiag's fSepRun `body.kind == kSeq` → `!=`, which left the
// body wrapped. *2"a" "b" (RFC 5234 §3.6: at most two) on "aaa" stops at
// its bound, 2, where only "b" may come, also when the unit may be a
// pct-encoded triplet (which the unit count reads as three bytes). Kills
// countUnits' `n++` → `n--` and `in[pos] == '%'` → `!=`, which missed the
// bound and expected one more unit.
func TestExplainFusedRuns(t *testing.T) {
	a := Class(Chars("a"))
	type diag struct {
		Offset   int
		Expected []string
	}
	for _, tc := range []struct {
		r    *Rule
		in   string
		want diag
	}{
		{Seq(Star(Seq(Lit("/"), Star(a))), End), "/ax", diag{2, []string{`%x61`, `"/"`, "end of input"}}},
		{Seq(Star(Seq(Seq(Lit("/"), Star(a)))), End), "/ax", diag{2, []string{`%x61`, `"/"`, "end of input"}}},
		{Seq(Rep(0, 2, a), Lit("b")), "aaa", diag{2, []string{`%s"b"`}}},
		{Seq(Rep(0, 2, Alt(a, PctEncoded)), Lit("b")), "aaa", diag{2, []string{`%s"b"`}}},
	} {
		checkExplain(t, tc.r, tc.in, tc.want.Offset, tc.want.Expected...)
	}
}

// TestLookAheadEmptyAtStart: a look-ahead whose rule matches the empty
// string at offset 0: ![ "x" ] "y" never matches ([ "x" ] always does), and
// &[ "x" ] "y" matches "y", in a diagnosis too (Explain runs look-aheads
// through look). Kills match.go look's `e >= 0` → `e > 0`, which took the
// empty match at 0 for a failure.
func TestLookAheadEmptyAtStart(t *testing.T) {
	if err := Seq(Not(Opt(Lit("x"))), Lit("y")).Explain("y"); err == nil || err.Offset != 0 {
		t.Errorf(`![ "x" ] "y": Explain("y") = %v, want a failure at 0`, err)
	}
	if err := Seq(Peek(Opt(Lit("x"))), Lit("y")).Explain("y"); err != nil {
		t.Errorf(`&[ "x" ] "y": Explain("y") = %v, want nil`, err)
	}
}

// TestExplainNamedEmptyMatchAtStart: a named rule that matches the empty
// string where it starts has not failed, so it is not reported by its name:
// on "x", n "b" with n = [ "a" ] expects "a" (n going on) or "b" at 0. Kills
// match.go matchNamed's `e < 0` → `e <= 0`, which took n's empty match at 0
// for a failure and expected n.
func TestExplainNamedEmptyMatchAtStart(t *testing.T) {
	checkExplain(t, Seq(Named("n", Opt(Lit("a"))), Lit("b")), "x", 0, `%s"a"`, `%s"b"`)
}

// TestExplainFusedUnitLabels: where a fused run stops, the labels of its
// unit are expected as the unfused rule would expect them: a named unit by
// its name (*w "b" with w = ( "a" ), on "ax": w or "b" at 1), an unnamed
// sequence of one by what it holds (*( ( "a" / "c" ) ) "b" on "ax": "a",
// "c" or "b" at 1), and an unnamed "%" HEXDIG HEXDIG as a pct-encoded
// triplet (*( "a" / "%" HEXDIG HEXDIG ) "b" on "a%4x": HEXDIG at 3, where
// "x" is, RFC 3986 §2.1). Kills match.go recordUnits' three `unit.name ==
// "" && unit.kind == kSeq && len(unit.subs) == 1` negations: the first
// recorded the named unit's inside, the second the alternation whole, the
// third took "%" for the unit and lost the HEXDIG.
func TestExplainFusedUnitLabels(t *testing.T) {
	a := Class(Chars("a"))
	type diag struct {
		Offset   int
		Expected []string
	}
	for _, tc := range []struct {
		r    *Rule
		in   string
		want diag
	}{
		{Seq(Star(Named("w", Seq(a))), Lit("b")), "ax", diag{1, []string{"w", `%s"b"`}}},
		{Seq(Star(Seq(Alt(a, Lit("c")))), Lit("b")), "ax", diag{1, []string{`%x61`, `%s"c"`, `%s"b"`}}},
		{Seq(Star(Alt(a, Seq(Lit("%"), HEXDIG, HEXDIG))), Lit("b")), "a%4x", diag{3, []string{"HEXDIG"}}},
	} {
		checkExplain(t, tc.r, tc.in, tc.want.Offset, tc.want.Expected...)
	}
}

// TestSepRunThroughSeqOfOne: *( ( "/" *"a" ) ), whose iteration is a
// sequence of one around "/" *"a", is the same rule as *( "/" *"a" ) and
// has the same fused form, a run of "a" and "/" that starts with "/". Kills
// rule.go sepRunOf's `body.kind == kSeq` → `!=`, which left the body
// wrapped and the rule unfused.
func TestSepRunThroughSeqOfOne(t *testing.T) {
	a := Class(Chars("a"))
	want := Fused{Kind: FusedSepRun, Set: Chars("a/"), Sep: '/'}
	for _, r := range []*Rule{Star(Seq(Lit("/"), Star(a))), Star(Seq(Seq(Lit("/"), Star(a))))} {
		if got := r.Fused(); got != want {
			t.Errorf("%s: Fused() = %+v, want %+v", r, got, want)
		}
	}
}

// TestFoldSetLettersOnly: a quoted string is case-insensitive for ASCII
// letters only (RFC 5234 §2.3), so LitFold("x[") can start with "x" or "X",
// and LitFold("[x") only with "[", not with "{" ("[" | 0x20). Kills rule.go
// foldSet's `b++` → `b--`, which ran b down through every byte value and
// paired "[" with "{".
func TestFoldSetLettersOnly(t *testing.T) {
	for _, tc := range []struct {
		lit  string
		want CharSet
	}{
		{"x[", Chars("xX")},
		{"[x", Chars("[")},
	} {
		if got := LitFold(tc.lit).First(); got != tc.want {
			t.Errorf("LitFold(%q).First() = %s, want %s", tc.lit, got, tc.want)
		}
	}
}

// TestRuneRunOfRuneClass: a repetition of a bare rune class of code points
// from U+0080 on, *%xE9, is rune-fused into one loop, as a repetition of a
// rune-fused choice is, and matches what the plain matcher does: "éé"
// (4 bytes: é is C3 A9 in UTF-8, RFC 3629) of "ééa", "é" of "é" and a lone
// lead byte, nothing of "a". Kills runes.go runeFuse's kRep `s.kind ==
// kRunes` → `!=`, which left it to the plain matcher, node by node.
func TestRuneRunOfRuneClass(t *testing.T) {
	r := Star(RuneClass(Runes(RuneRange{Lo: 0xE9, Hi: 0xE9})))
	if p := r.prepared(); p.fast != fNone || p.rfast != fRun {
		t.Errorf("%s: fast %d, rfast %d; want %d, %d", r, p.fast, p.rfast, fNone, fRun)
	}
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"ééa", 4},
		{"é\xC3", 2}, // a lone lead byte is no character
		{"a", 0},
	} {
		if got, plain := r.MatchAt(tc.in, 0), plainMatch(r, tc.in, 0, nil); got != tc.want || plain != tc.want {
			t.Errorf("%s on %q: %d, plain %d, want %d", r, tc.in, got, plain, tc.want)
		}
	}
}

// TestRuneClassRefusesOtherCharacter: a rune class matches one character of
// its set and nothing else: %xE9 refuses "ü" (C3 BC in UTF-8, RFC 3629) and
// an invalid byte, at the start and after "é". Kills runes.go matchRune's
// last `return -1` → `return +1`, which made a refusal an end offset of 1
// (a test elsewhere then ran endlessly; this one fails at once).
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

// TestOpStringPastTheLast: the Op after the last constructor's, OpRef+1,
// has no name: "Op(?)", as Op(200) has. Kills tree.go Op.String's
// `int(op) < len(opNames)` → `<=`, which indexed opNames past its end and
// panicked.
func TestOpStringPastTheLast(t *testing.T) {
	if got := (OpRef + 1).String(); got != "Op(?)" {
		t.Errorf("(OpRef + 1).String() = %q, want \"Op(?)\"", got)
	}
	if got := OpRunes.String(); got != "RuneClass" {
		t.Errorf("OpRunes.String() = %q, want \"RuneClass\"", got)
	}
}

// TestTreeFilterTellsNamesApart: Tree(s, "host") matches the parts of the
// grammar that hold no rule named host as Match does, which the Bloom
// filters of the names under each rule (nameBit, namesIn) tell it: those
// of scheme, path-abempty, query and fragment of RFC 3986 §3, named rules
// all of them, do not hold host's bits; authority's do. Kills tree_match.go
// nameBit's `i < len(name)` → `>=`, which hashed no byte of any name, so
// that every name had the same bits and Tree went node by node through
// every named rule.
func TestTreeFilterTellsNamesApart(t *testing.T) {
	x := recorder{names: []string{"host"}, bits: []uint64{nameBit("host")}}
	for _, tc := range []struct {
		r    *Rule
		want bool
	}{
		{Scheme, false}, {PathAbempty, false}, {Query, false}, {Fragment, false},
		{Authority, true}, {Host, true},
	} {
		if got := x.mayHold(tc.r.prepared().names); got != tc.want {
			t.Errorf("%s: the filter may hold host: %v, want %v", tc.r.Name(), got, tc.want)
		}
	}
}

// TestTreeAllocsFlat: Tree allocates its nodes and their lists of children
// in a few blocks whatever the shape of the tree: as many allocations for
// two items of one x each as for three items of two x each (list = *item,
// item = "[" *x "]"). Kills tree_match.go buildTree's `nkids[p]++` → `--`,
// which left every list of children to grow by append, an allocation or
// more for each node with children.
func TestTreeAllocsFlat(t *testing.T) {
	item := Named("item", Seq(Lit("["), Star(Named("x", Lit("x"))), Lit("]")))
	list := Named("list", Star(item))
	var allocs []float64
	for _, in := range []string{"[x][x]", "[xx][xx][xx]"} {
		root, err := list.Tree(in)
		if err != nil || len(root.Children) != strings.Count(in, "[") || len(root.Children[0].Children) != strings.Count(in, "x")/len(root.Children) {
			t.Fatalf("Tree(%q) = %v, %v", in, root, err)
		}
		allocs = append(allocs, testing.AllocsPerRun(20, func() { _, _ = list.Tree(in) }))
	}
	if allocs[0] != allocs[1] {
		t.Errorf("Tree allocates %v times for 2 items of one x, %v times for 3 of two", allocs[0], allocs[1])
	}
}
