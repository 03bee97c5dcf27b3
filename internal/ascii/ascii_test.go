package ascii

import (
	"fmt"
	"testing"
)

// TestUpperHex checks the digits of every byte against fmt's %02X.
func TestUpperHex(t *testing.T) {
	for b := range 256 {
		got := string([]byte{UpperHex[b>>4], UpperHex[b&15]})
		if want := fmt.Sprintf("%02X", b); got != want {
			t.Errorf("byte %d: %q, want %q", b, got, want)
		}
	}
}
