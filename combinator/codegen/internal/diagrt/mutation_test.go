package diagrt

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The tests of this file pin behaviour that mutation testing (.ci/mutation)
// found no test to reach or notice: each names the mutants it kills.

// TestNamedAtZero: a named rule that fails where it starts, at offset 0,
// with nothing recorded before its run, is expected there alone: what its
// run recorded at 0 is dropped. Kills named's `d.far = -1` mutants (far 1
// or 0 before the fail), which no test noticed: with the farthest failure
// at 1, the fail at 0 recorded nothing.
func TestNamedAtZero(t *testing.T) {
	d := &genDiag{far: -1}
	mark, far := d.n, d.far
	d.fail(0, 2) // inside the run
	d.named(0, far, mark, 3)
	if diff := cmp.Diff([]string{`"::"`}, labelsOf(d)); d.far != 0 || diff != "" {
		t.Fatalf("far %d (-want +got):\n%s", d.far, diff)
	}
}

// TestFailLitFoldZ: under fold (a case-insensitive literal, RFC 5234 §2.3),
// "z" is a letter like any other: "Za" matches the first byte of "zb", so
// the tail "b" is expected at 1. Kills failLit's `lit[k]|0x20 <= 'z'` → `<`
// mutant, which took "z" for a byte without case.
func TestFailLitFoldZ(t *testing.T) {
	d := &genDiag{far: -1}
	if d.lit("Za", 0, "zb", true, 1, 2, 4) >= 0 {
		t.Fatal("matched")
	}
	if got := labelsOf(d); d.far != 1 || !cmp.Equal(got, []string{"b"}) {
		t.Errorf("far %d %q, want 1 [\"b\"]", d.far, got)
	}
}
