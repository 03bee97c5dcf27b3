package diagrt

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The tests of this file pin behaviour that mutation testing (.ci/mutation)
// found no test to reach or notice: each names the mutants it kills.

// TestAppendLabelsSpilled: past the 16 labels of the array, appendLabels
// writes those of the slice after them, in the order recorded. The stub
// table has five labels, fewer than 17 distinct ones, so the record is
// made by hand: 16 in the array, two more in the slice. Kills
// appendLabels's `out[len(d.exp)+i]` mutant, which no test reached.
func TestAppendLabelsSpilled(t *testing.T) {
	d := &genDiag{far: 0, n: 18, more: []uint16{3, 4}}
	var want []string
	for i := range d.exp {
		d.exp[i] = uint16(i % 3)
		want = append(want, genLabels[i%3])
	}
	want = append(want, `"::"`, `":"`)
	if diff := cmp.Diff(want, d.appendLabels(nil)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
