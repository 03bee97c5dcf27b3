package hint

import "testing"

// TestInIPLiteralEdges: inIPLiteral at the "[" that opens an IP-literal is
// not inside it (p after the "[" is, up to the "]"), and an empty host at
// the very end of the text (after a userinfo's "@") is in none, without
// reading past the text.
func TestInIPLiteralEdges(t *testing.T) {
	for _, tc := range []struct {
		s    string
		p    int
		want bool
	}{
		{"s://[::1]", 4, false},  // the "[" itself
		{"s://[::1]", 5, true},   // after it
		{"s://[::1]", 8, true},   // before the "]"
		{"s://[::1]", 9, false},  // after the "]"
		{"s://x@", 6, false},     // an empty host at the end
		{"s://x@", 5, false},     // in the userinfo
		{"s://é@[::1]", 8, true}, // after a userinfo outside ASCII (RFC 3987's iuserinfo)
	} {
		if got := inIPLiteral(tc.s, tc.p); got != tc.want {
			t.Errorf("inIPLiteral(%q, %d) = %v, want %v", tc.s, tc.p, got, tc.want)
		}
	}
}
