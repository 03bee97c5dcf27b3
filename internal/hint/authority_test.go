package hint

import (
	"strings"
	"testing"
)

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

// TestUserinfoSet checks the bytes hostStart takes for a userinfo's
// against RFC 3986 §3.2.1 (userinfo = *( unreserved / pct-encoded /
// sub-delims / ":" ), the "%" of pct-encoded standing for it) and RFC
// 3987's iuserinfo, which adds ucschar: every byte from 0x80 on.
func TestUserinfoSet(t *testing.T) {
	const rfc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" + // unreserved
		"%" + "!$&'()*+,;=" + ":"
	for b := 0; b < 256; b++ {
		want := b >= 0x80 || strings.IndexByte(rfc, byte(b)) >= 0
		if got := userinfoSet[b>>6]>>(b&63)&1 != 0; got != want {
			t.Errorf("userinfoSet holds %q: %v, want %v", rune(b), got, want)
		}
		// hostStart finds the host after the "@" when the byte before
		// it is a userinfo's, at the start of the authority when not
		// (an "@" ends an empty userinfo).
		s := "s://" + string([]byte{byte(b)}) + "@h"
		wantAt := 4
		switch {
		case b == '@':
			wantAt = 5
		case want:
			wantAt = 6
		}
		if got := hostStart(s, 4, len(s)); got != wantAt {
			t.Errorf("hostStart(%q) = %d, want %d", s, got, wantAt)
		}
	}
}

// TestIndexIn checks indexIn against strings.IndexAny on every byte, alone,
// after a short text and in the first, second or third eight bytes of
// longer ones (indexIn reads eight a step), before another stop.
func TestIndexIn(t *testing.T) {
	for b := 0; b < 256; b++ {
		c := string([]byte{byte(b)})
		for _, s := range []string{c, "ab-9.z" + c + "/", "https" + c + "//a.b-c9.example.com/p", "abcdefgh-jk" + c + "/", "www.example.org:8080" + c + "?q"} {
			if got, want := indexIn(s, schemeStop), strings.IndexAny(s, ":/?#"); got != want {
				t.Errorf("indexIn(%q, schemeStop) = %d, want %d", s, got, want)
			}
			if got, want := indexIn(s, authorityStop), strings.IndexAny(s, "/?#"); got != want {
				t.Errorf("indexIn(%q, authorityStop) = %d, want %d", s, got, want)
			}
		}
	}
}
