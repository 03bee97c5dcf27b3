package parsec

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	parsec "github.com/prataprc/goparsec"
)

// The tests of this file pin behaviour that mutation testing (.ci/mutation)
// found no test to reach or notice: each names the mutants it kills.

// TestToParsecEmptyAtStart: a rule that matches the empty string (hfname =
// *qchar, RFC 6068) matches at offset 0 of a text that starts with no
// qchar, giving an empty Terminal there and leaving the cursor at 0. Kills
// ToParsec's `end < 0` → `<= 0` mutant, which took the empty match at 0 for
// a failure.
func TestToParsecEmptyAtStart(t *testing.T) {
	node, next := ToParsec(hfname)(NewScanner("=x"))
	want := &parsec.Terminal{Name: "hfname", Value: "", Position: 0}
	if d := cmp.Diff(parsec.ParsecNode(want), node); d != "" {
		t.Errorf("node (-want +got):\n%s", d)
	}
	if next.GetCursor() != 0 {
		t.Errorf("cursor %d, want 0", next.GetCursor())
	}
}

// TestFromParsecFreshScanner: the Scanner FromParsec gives p has no failure
// recorded (Farthest is -1, as for NewScanner), so that a failure p records
// at the match's offset, 0 here, is the farthest (Fail keeps it, Expected
// reports it). p below matches the empty string only when that holds. Kills
// FromParsec's `far: -1` → `far: 1` (INVERT_NEGATIVES and ARITHMETIC_BASE),
// which made a failure at 0 look older than one at 1 that never happened.
func TestFromParsecFreshScanner(t *testing.T) {
	var before, after int
	var expected []string
	p := func(ps parsec.Scanner) (parsec.ParsecNode, parsec.Scanner) {
		s := ps.(*Scanner)
		before = s.Farthest()
		s.Fail(s.GetCursor(), "x")
		after, expected = s.Farthest(), s.Expected()
		if before != -1 || after != 0 {
			return nil, ps
		}
		return &parsec.Terminal{Name: "empty"}, ps
	}
	r := FromParsec("fresh", p)
	if !r.Match("") {
		t.Errorf(`FromParsec(fresh).Match("") = false, want true`)
	}
	if d := cmp.Diff([]any{-1, 0, []string{"x"}}, []any{before, after, expected}); d != "" {
		t.Errorf("Farthest before, after Fail(0, x), Expected (-want +got):\n%s", d)
	}
}
