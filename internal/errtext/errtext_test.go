package errtext

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestQuoteShort(t *testing.T) {
	for _, s := range []string{"", "a", "a b", "\x00\n\t", "\xff", strings.Repeat("x", Max), "é"} {
		if got, want := Quote(s, 3), strconv.Quote(s); got != want {
			t.Errorf("Quote(%q) = %s, want %s", s, got, want)
		}
	}
}

func TestQuoteLong(t *testing.T) {
	s := strings.Repeat("a", 100) + "%zz" + strings.Repeat("b", 100) // 203 bytes
	tests := []struct {
		name string
		s    string
		off  int
		want string
	}{
		// The window is s[off-32 : off+32].
		{"middle", s, 100, `"…` + strings.Repeat("a", 32) + "%zz" + strings.Repeat("b", 29) + `…" (203 bytes)`},
		{"start", s, 0, `"` + strings.Repeat("a", 64) + `…" (203 bytes)`},
		{"negative offset is the start", s, -1, `"` + strings.Repeat("a", 64) + `…" (203 bytes)`},
		{"end", s, 203, `"…` + strings.Repeat("b", 64) + `" (203 bytes)`},
		{"past the end", s, math.MaxInt, `"…` + strings.Repeat("b", 64) + `" (203 bytes)`},
		{"near the end", s, 190, `"…` + strings.Repeat("b", 64) + `" (203 bytes)`},
		// Control characters are escaped, as strconv.Quote does.
		{"control", strings.Repeat("\x00", 65), 0, `"` + strings.Repeat(`\x00`, 64) + `…" (65 bytes)`},
		// "é" is 2 bytes: a window s[1:65] would start inside the first one
		// and end inside the 33rd; it moves to whole characters.
		{"utf8", strings.Repeat("é", 40), 33, `"…` + strings.Repeat("é", 31) + `…" (80 bytes)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Quote(tt.s, tt.off); got != tt.want {
				t.Errorf("Quote = %s\nwant    %s", got, tt.want)
			}
		})
	}
}

func TestQuoteBounded(t *testing.T) {
	big := strings.Repeat("\x01", 16<<20)
	for _, off := range []int{-5, 0, 1, 8 << 20, 16 << 20, 1 << 30} {
		// 64 escaped bytes of 4 characters each, two "…", quotes and the length.
		if got := Quote(big, off); len(got) > 4*Max+40 {
			t.Errorf("Quote(16 MiB, %d) is %d bytes", off, len(got))
		}
	}
}

func TestRedactUserInfo(t *testing.T) {
	tests := []struct {
		ui      string
		off     int
		want    string
		wantOff int
	}{
		{"user", 2, "user", 2},
		{"", 0, "", 0},
		{"user:s3cret", 2, "user:xxxxx", 2},
		{"user:s3cret", 5, "user:xxxxx", 5},   // the password's start
		{"user:s3cret", 8, "user:xxxxx", 5},   // inside the password
		{"user:s3cret", 11, "user:xxxxx", 10}, // its end
		{"user:", 5, "user:xxxxx", 10},        // an empty password is redacted too
		{":", 0, ":xxxxx", 0},
		{"a:b:c", 4, "a:xxxxx", 2}, // the password runs from the first ":"
	}
	for _, tt := range tests {
		got, off := RedactUserInfo(tt.ui, tt.off)
		if got != tt.want || off != tt.wantOff {
			t.Errorf("RedactUserInfo(%q, %d) = %q, %d; want %q, %d", tt.ui, tt.off, got, off, tt.want, tt.wantOff)
		}
	}
}

func TestRedactURI(t *testing.T) {
	tests := []struct {
		s       string
		off     int
		want    string
		wantOff int
	}{
		{"http://user:s3cret@h/p", 0, "http://user:xxxxx@h/p", 0},
		{"http://user:s3cret@h/p", 20, "http://user:xxxxx@h/p", 19}, // the "/" after the host
		{"http://user:s3cret@h/p", 14, "http://user:xxxxx@h/p", 12},
		{"//user:pw@h", 0, "//user:xxxxx@h", 0},
		{"http://user@h:80/", 0, "http://user@h:80/", 0},
		{"http://h:80/", 0, "http://h:80/", 0},
		{"http://user:@h", 0, "http://user:xxxxx@h", 0},
		{"s:a:b@c", 0, "s:a:b@c", 0},                    // no authority
		{"/p//u:p@h", 0, "/p//u:p@h", 0},                // "//" inside a path
		{"http://h/a:b@c", 0, "http://h/a:b@c", 0},      // "@" after the authority
		{"http://u:p@ss@h/", 0, "http://u:xxxxx@h/", 0}, // an unencoded "@" in the password
		{"1http://u:p@h", 0, "1http://u:xxxxx@h", 0},    // Appendix B takes any scheme-like text
		{"http://u:p?x@h", 0, "http://u:p?x@h", 0},      // the "?" ends the authority
		{"", 0, "", 0},
		{"http:", 0, "http:", 0},
	}
	for _, tt := range tests {
		got, off := RedactURI(tt.s, tt.off)
		if got != tt.want || off != tt.wantOff {
			t.Errorf("RedactURI(%q, %d) = %q, %d; want %q, %d", tt.s, tt.off, got, off, tt.want, tt.wantOff)
		}
	}
}

// TestDescribeAt checks the description of one character, escaped as a Go
// rune literal, with its UTF-8 bytes when it is not ASCII, and the lists
// JoinExpected makes.
func TestDescribeAt(t *testing.T) {
	for _, c := range []struct {
		s    string
		off  int
		want string
	}{
		{"a", 0, "invalid character 'a'"},
		{"a", 1, "unexpected end of input"},
		{"a", -1, "unexpected end of input"},
		{"'", 0, `invalid character '\''`},
		{"\x00", 0, `invalid character '\x00'`},
		{"\n", 0, `invalid character '\n'`},
		{"\x7f", 0, `invalid character '\x7f'`},
		{"\xff", 0, "invalid byte 0xFF"},
		{"\xc3", 0, "invalid byte 0xC3"},
		{"é", 0, "invalid character 'é' (UTF-8 0xC3 0xA9)"},
		{"x€", 1, "invalid character '€' (UTF-8 0xE2 0x82 0xAC)"},
		{"é", 1, "invalid byte 0xA9"},
	} {
		if got := DescribeAt(c.s, c.off); got != c.want {
			t.Errorf("DescribeAt(%q, %d) = %s, want %s", c.s, c.off, got, c.want)
		}
	}
	for _, c := range []struct {
		labels []string
		want   string
	}{
		{nil, "nothing"}, {[]string{"a"}, "a"}, {[]string{"a", "b"}, "a or b"}, {[]string{"a", "b", "c"}, "a, b or c"},
	} {
		if got := JoinExpected(c.labels); got != c.want {
			t.Errorf("JoinExpected(%v) = %s, want %s", c.labels, got, c.want)
		}
	}
}

// TestClip checks that Clip cuts at a character boundary and marks the cut.
func TestClip(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"aé", 2, "a…"}, // byte 2 is inside "é": the cut moves back to its start
		{"éé", 3, "é…"},
		{"", 0, ""},
	} {
		if got := Clip(c.s, c.n); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

// TestInPassword checks where a password starts and ends for InPassword: from
// the byte after the first ":" of the userinfo to the last "@".
func TestInPassword(t *testing.T) {
	const s = "http://user:pa@ss@h/p"
	for off, want := range map[int]bool{10: false, 11: false, 12: true, 16: true, 17: false, 18: false, -1: false, 99: false} {
		if got := InPassword(s, off); got != want {
			t.Errorf("InPassword(%q, %d) = %v, want %v", s, off, got, want)
		}
	}
	if InPassword("http://user@h/", 8) {
		t.Error("a userinfo without \":\" has no password")
	}
}

// TestAuthorityPassword checks the password of an authority that starts at
// a given offset: to the last "@" before the first "/", "?" or "#".
func TestAuthorityPassword(t *testing.T) {
	for _, c := range []struct {
		s      string
		i      int
		lo, hi int
		ok     bool
	}{
		{"user:pw@h/x", 0, 5, 7, true},
		{"//u:p@q@h?x", 2, 4, 7, true},
		{"//u:p/@h", 2, 0, 0, false}, // the "/" ends the authority before the "@"
		{"//up@h", 2, 0, 0, false},   // no ":" in the userinfo
		{"ab", 3, 0, 0, false},
		{"ab", -1, 0, 0, false},
	} {
		lo, hi, ok := AuthorityPassword(c.s, c.i)
		if lo != c.lo || hi != c.hi || ok != c.ok {
			t.Errorf("AuthorityPassword(%q, %d) = %d, %d, %v; want %d, %d, %v", c.s, c.i, lo, hi, ok, c.lo, c.hi, c.ok)
		}
	}
}

// TestAppendQuoted checks AppendQuoted against strconv.Quote, whose
// quotation marks it leaves out: on every byte alone and between letters,
// and on text outside ASCII, valid and not.
func TestAppendQuoted(t *testing.T) {
	inputs := []string{"", "abc", "a b", `a"b`, `a\b`, "é", "a\u00a0b", "\xff", "a\xc3", "測試", "\U0010FFFD", "\u202e"}
	for b := range 256 {
		inputs = append(inputs, string([]byte{byte(b)}), "a"+string([]byte{byte(b)})+"z")
	}
	for _, s := range inputs {
		q := strconv.Quote(s)
		want := "x" + q[1:len(q)-1]
		if got := string(AppendQuoted([]byte("x"), s)); got != want {
			t.Errorf("AppendQuoted(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestQuoteURI checks that QuoteURI quotes a URI reference with its
// password redacted (RFC 3986 §3.2.1), the offset moved with it.
func TestQuoteURI(t *testing.T) {
	for _, tt := range []struct {
		s    string
		off  int
		want string
	}{
		{"http://u:pw@h/", 0, `"http://u:xxxxx@h/"`},
		{"//u:pw@h", 0, `"//u:xxxxx@h"`},
		{"http://h/a b", 0, `"http://h/a b"`},
		{"s:a\n", 0, `"s:a\n"`},
	} {
		if got := QuoteURI(tt.s, tt.off); got != tt.want {
			t.Errorf("QuoteURI(%q, %d) = %s, want %s", tt.s, tt.off, got, tt.want)
		}
	}
}
