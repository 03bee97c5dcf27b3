package uri

import (
	"strings"
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

// TestPartsRecompose: the five components recompose to the reference (§5.3),
// also when the authority, the query or the fragment is far longer than the
// rest.
func TestPartsRecompose(t *testing.T) {
	long := strings.Repeat("q", 300)
	for _, s := range []string{"s:?" + long, "#" + long, "?" + long + "#" + long, "//" + long, "s://" + long + "/p", "s://h/p?q#f", "", "//h", "a/b"} {
		u := MustParseReference(s)
		if got := u.parts().String(); got != s {
			t.Errorf("parts(%q).String() = %q", s, got)
		}
		if v, err := u.parts().uri(); err != nil || v.String() != s {
			t.Errorf("parts(%q).uri() = %q, %v", s, v, err)
		}
	}
}
