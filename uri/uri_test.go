package uri

import (
	"testing"
	"unsafe"
)

// TestURISize checks that a URI is 96 bytes on a 64-bit machine, a multiple
// of 16, so that the compiler copies it in 16-byte moves that do not
// overlap (see URI's blank field).
func TestURISize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the padding is for 64-bit machines")
	}
	if got := unsafe.Sizeof(URI{}); got != 96 {
		t.Errorf("unsafe.Sizeof(URI{}) = %d, want 96", got)
	}
	// The blank field takes no part in ==.
	if a, b := MustParse("http://a/b"), MustParse("http://a/b"); a != b {
		t.Errorf("two parses of one text differ: %#v, %#v", a, b)
	}
}
