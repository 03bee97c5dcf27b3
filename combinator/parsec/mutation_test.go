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
