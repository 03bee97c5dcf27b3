package ascii

import (
	"fmt"
	"strings"
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

// TestLower checks Lower against strings.ToLower, which agrees on every
// byte below 0x80, and that it keeps every other byte.
func TestLower(t *testing.T) {
	var all []byte
	for b := range 256 {
		all = append(all, byte(b))
	}
	got := Lower(string(all))
	for b := range 256 {
		want := byte(b)
		if b < 0x80 {
			want = strings.ToLower(string(rune(b)))[0]
		}
		if got[b] != want {
			t.Errorf("Lower of byte %#x = %#x, want %#x", b, got[b], want)
		}
	}
	if s := "already lower 123"; Lower(s) != s {
		t.Errorf("Lower(%q) = %q", s, Lower(s))
	}
}
