package diagrt

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLitExpected checks that a literal that does not match is expected
// where it starts, or its tail where its first bytes match.
func TestLitExpected(t *testing.T) {
	for _, tc := range []struct {
		in   string
		fold bool
		far  int
		want string
	}{
		{"x", false, 0, "a"},
		{":y", false, 1, "b"},
		{"AB", true, 2, `":"`},
		{"AB", false, 0, "a"},
	} {
		d := &genDiag{far: -1}
		lit := ":x"
		if tc.fold || tc.in == "AB" {
			lit = "abc"
		}
		if e := d.lit(tc.in, 0, lit, tc.fold, 1, 2, 4); e != -1 {
			t.Errorf("%q fold %v: matched %q, up to %d", tc.in, tc.fold, lit, e)
		}
		if got := labelsOf(d); d.far != tc.far || !cmp.Equal(got, []string{tc.want}) {
			t.Errorf("%q fold %v: far %d %q, want %d %q", tc.in, tc.fold, d.far, got, tc.far, tc.want)
		}
	}
}

// TestLitFoldZ: under fold (a case-insensitive literal, RFC 5234 §2.3),
// "z" is a letter like any other: "Za" matches the first byte of "zb", so
// the tail "b" is expected at 1.
func TestLitFoldZ(t *testing.T) {
	d := &genDiag{far: -1}
	if d.lit("Za", 0, "zb", true, 1, 2, 4) >= 0 {
		t.Fatal("matched")
	}
	if got := labelsOf(d); d.far != 1 || !cmp.Equal(got, []string{"b"}) {
		t.Errorf("far %d %q, want 1 [\"b\"]", d.far, got)
	}
}

// TestLitMatches checks the end offsets of literals that match, in either
// case where fold (RFC 5234 §2.3), and that nothing is recorded then.
func TestLitMatches(t *testing.T) {
	for _, tc := range []struct {
		in   string
		pos  int
		lit  string
		fold bool
		want int
	}{
		{"x::y", 1, "::", false, 3},
		{"ABC", 0, "abc", true, 3},
		{"ABC", 0, "abc", false, -1},
		{"ab", 1, "bc", false, -1},
		{"v1", 0, "v", true, 1},
		{"V1", 0, "v", true, 1},
		{"[1", 0, "{", true, -1}, // "[" | 0x20 is "{": not a letter
	} {
		d := &genDiag{far: -1}
		if got := d.lit(tc.in, tc.pos, tc.lit, tc.fold, 1, 2, 3); got != tc.want {
			t.Errorf("lit(%q, %d, %q, %v) = %d, want %d", tc.in, tc.pos, tc.lit, tc.fold, got, tc.want)
		}
		if tc.want >= 0 && d.n != 0 {
			t.Errorf("lit(%q, %d, %q): a match recorded %q", tc.in, tc.pos, tc.lit, labelsOf(d))
		}
	}
}
