package combinator

import (
	"strings"
	"sync"
	"testing"
)

// TestPrepareConcurrent matches fresh grammars that share a subtree from
// several goroutines at once, so that their preparations race: under the
// race detector (go test -race) this checks that preparation is safe for
// concurrent use, and in any case that every goroutine sees a prepared tree.
func TestPrepareConcurrent(t *testing.T) {
	for round := 0; round < 20; round++ {
		shared := Seq(Plus(Class(PCharSet)), Star(Seq(Lit("/"), Star(Alt(Class(PCharSet), Seq(Lit("%"), HEXDIG, HEXDIG))))))
		a := Seq(Lit("a:"), shared, End)
		b := Alt(Seq(Lit("b:"), shared), Named("x", Capture(0, shared)))
		var wg sync.WaitGroup
		errs := make(chan string, 16)
		for g := 0; g < 8; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if !a.Match("a:x/y%41") || a.Match("a:x/%4") {
					errs <- "a"
				}
				var sp [1]Span
				if !b.Captures("q/r", sp[:]) || sp[0] != (Span{0, 3}) {
					errs <- "b"
				}
				if !shared.First().Contains('x') || shared.Nullable() {
					errs <- "view"
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("round %d: %s matched wrongly", round, e)
		}
	}
}

// TestConstructorsDoNotPrepare checks that building a rule computes nothing
// until it is used: the node is not ready, and no table is made.
func TestConstructorsDoNotPrepare(t *testing.T) {
	r := Star(Class(PCharSet))
	if r.ready.Load() || r.tab != nil {
		t.Fatal("a constructor prepared its node")
	}
	if !r.Match("abc") || !r.ready.Load() || !r.subs[0].ready.Load() || r.fast != fRun {
		t.Fatal("a match did not prepare the tree")
	}
}

// TestPreparedAllocs checks that a match of a prepared rule allocates
// nothing.
func TestPreparedAllocs(t *testing.T) {
	URIReference.Match("")
	if n := testing.AllocsPerRun(100, func() { URIReference.Match("http://a/b?c#d") }); n != 0 {
		t.Fatalf("%v allocations per match", n)
	}
}

// TestLitFoldStartsWithEitherCase: a case-insensitive literal (RFC 5234
// §2.3) that starts with "z", the last letter, can start with "Z" too, as
// one that starts with "a" can with "A": an alternative tries it on either.
func TestLitFoldStartsWithEitherCase(t *testing.T) {
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

// TestLitFoldFoldsLettersOnly: a quoted string is case-insensitive for
// ASCII letters only (RFC 5234 §2.3), so LitFold("x[") can start with "x" or
// "X", and LitFold("[x") only with "[", not with "{" ("[" | 0x20).
func TestLitFoldFoldsLettersOnly(t *testing.T) {
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

// TestSepRunThroughSeqOfOne: *( ( "/" *"a" ) ), whose iteration is a
// sequence of one around "/" *"a", is the same rule as *( "/" *"a" ) and
// has the same fused form, a run of "a" and "/" that starts with "/".
func TestSepRunThroughSeqOfOne(t *testing.T) {
	a := Class(Chars("a"))
	want := Fused{Kind: FusedSepRun, Set: Chars("a/"), Sep: '/'}
	for _, r := range []*Rule{Star(Seq(Lit("/"), Star(a))), Star(Seq(Seq(Lit("/"), Star(a))))} {
		if got := r.Fused(); got != want {
			t.Errorf("%s: Fused() = %+v, want %+v", r, got, want)
		}
	}
}

// TestRuneClassRepetitionIsRuneFused: a repetition of a bare rune class of
// code points from U+0080 on, *%xE9, is rune-fused into one loop, as a
// repetition of a rune-fused choice is, and matches what the plain matcher
// does: "éé" (4 bytes: é is C3 A9 in UTF-8, RFC 3629) of "ééa", "é" of "é"
// and a lone lead byte, nothing of "a".
func TestRuneClassRepetitionIsRuneFused(t *testing.T) {
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

// TestNameFilterTellsNamesApart: Tree(s, "host") matches the parts of the
// grammar that hold no rule named host as Match does, which the Bloom
// filters of the names under each rule (nameBit, namesIn) tell it: those of
// scheme, path-abempty, query and fragment of RFC 3986 §3, named rules all
// of them, do not hold host's bits; authority's do.
func TestNameFilterTellsNamesApart(t *testing.T) {
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
