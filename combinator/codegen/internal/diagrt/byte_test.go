package diagrt

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestByte1AndClass checks that byte1 and class take one byte of theirs and
// otherwise record their label where the byte is missing, at the end of
// the input too, and only at or past the farthest failure.
func TestByte1AndClass(t *testing.T) {
	d := &genDiag{far: -1}
	if got := d.byte1("a:", 1, ':', 4); got != 2 || d.n != 0 {
		t.Errorf("byte1 of \":\" at 1: %d, %d labels", got, d.n)
	}
	if got := d.class("a:", 0, &genHexdig, 0); got != 1 || d.n != 0 {
		t.Errorf("class HEXDIG of \"a\": %d, %d labels", got, d.n)
	}
	if got := d.byte1("a", 1, ':', 4); got != -1 || d.far != 1 || !cmp.Equal(labelsOf(d), []string{`":"`}) {
		t.Errorf("byte1 at the end: %d, far %d, %q", got, d.far, labelsOf(d))
	}
	if got := d.class("ag", 1, &genHexdig, 0); got != -1 || !cmp.Equal(labelsOf(d), []string{`":"`, "HEXDIG"}) {
		t.Errorf("class HEXDIG of \"g\": %d, %q", got, labelsOf(d))
	}
	if got := d.class("g", 0, &genHexdig, 1); got != -1 || !cmp.Equal(labelsOf(d), []string{`":"`, "HEXDIG"}) {
		t.Errorf("class before the farthest failure: %d, %q", got, labelsOf(d))
	}
}
