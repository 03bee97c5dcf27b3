package diagrt

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestHaltFind checks the runtime of the stops on the automaton of
// stubs.go ("a" *( "b" )): it stops at the first byte that no position
// takes, or at the end, with the labels of the state there, or nothing
// where nothing is known.
func TestHaltFind(t *testing.T) {
	tests := []struct {
		in     string
		off    int
		labels []string
	}{
		{"ab!", 2, []string{`"b"`, "end of input"}},
		{"a!b", 1, []string{`"b"`, "end of input"}},
		{"abbb\x80", 4, []string{`"b"`, "end of input"}},
		{"abb", 3, []string{`"b"`, "end of input"}},
		{"aba", 2, []string{"end of input"}},
		{"!b", 0, nil}, // nothing known at the start
		{"", 0, nil},
	}
	for _, tt := range tests {
		off, labels, alone := genHaltFind(tt.in, 0, 0)
		if diff := cmp.Diff(tt.labels, labels); diff != "" || off != tt.off || alone != 0 {
			t.Errorf("genHaltFind(%q): off %d (want %d), alone %d, labels (-want +got):\n%s", tt.in, off, tt.off, alone, diff)
		}
		// From where the capture of "b"s starts, in state 1: the same.
		if len(tt.in) > 0 && tt.in[0] == 'a' {
			if off2, labels2, _ := genHaltFind(tt.in, 1, 1); off2 != off || !cmp.Equal(labels2, labels) {
				t.Errorf("genHaltFind(%q) from the capture at 1: %d, %q; from 0: %d, %q", tt.in, off2, labels2, off, labels)
			}
		}
	}
}
