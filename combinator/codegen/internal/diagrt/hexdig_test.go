package diagrt

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestHexdig checks where HEXDIG is expected after a "%" (RFC 3986 §2.1:
// pct-encoded = "%" HEXDIG HEXDIG).
func TestHexdig(t *testing.T) {
	for _, tc := range []struct {
		in  string
		far int // -1: nothing recorded
	}{
		{"%41", -1}, {"%4", 2}, {"%", 1}, {"%g1", 1}, {"%4g", 2}, {"a", -1}, {"", -1},
	} {
		d := &genDiag{far: -1}
		d.hexdig(tc.in, 0)
		if d.far != tc.far || (tc.far >= 0 && !cmp.Equal(labelsOf(d), []string{"HEXDIG"})) {
			t.Errorf("%q: far %d labels %q, want far %d", tc.in, d.far, labelsOf(d), tc.far)
		}
	}
}
