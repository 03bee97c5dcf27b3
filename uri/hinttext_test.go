package uri

import (
	"strings"
	"testing"
)

// TestHintQuoteCutsBeforeARune: a hint quotes at most 60 bytes and a "…"
// (hintQuote), and never cuts a UTF-8 sequence (RFC 3629 §3): when byte 60 of
// what it quotes is inside "é" (C3 A9), the quote stops before the C3. Here
// "https://" + the input is 71 bytes, "é" at bytes 59 and 60.
func TestHintQuoteCutsBeforeARune(t *testing.T) {
	as := strings.Repeat("a", 35)
	in := "www.example.com/" + as + "é" + "xyzxyzxyzx"
	want := hinted{"URI", 15, "scheme", `no scheme: did you mean "https://www.example.com/` + as + `"…?`}
	wantHinted(t, "Parse", Parse, in, want)
}

// TestHintQuoteBounds: a hint quotes what it suggests whole up to 64 bytes
// (hintQuote) and cuts it to 60 and a "…" past that; a Windows path's
// backslashes become "/" wherever they stand, the first byte of a part
// included (RFC 8089: a file URI's path is "/"-separated).
func TestHintQuoteBounds(t *testing.T) {
	a40, a41 := strings.Repeat("a", 40), strings.Repeat("a", 41)
	for _, tc := range []struct {
		in   string
		want hinted
	}{
		// "https://" + 56 bytes: 64, quoted whole.
		{"www.example.com/" + a40, hinted{"URI", 15, "scheme", `no scheme: did you mean "https://www.example.com/` + a40 + `"?`}},
		// 65 bytes: cut to 60.
		{"www.example.com/" + a41, hinted{"URI", 15, "scheme", `no scheme: did you mean "https://www.example.com/` + a40[:36] + `"…?`}},
		{`\\\share`, hinted{"URI", 0, "scheme", `a Windows file path is not a URI: did you mean "file:///share"? (RFC 8089; percent-encode what a URI does not allow)`}},
	} {
		wantHinted(t, "Parse", Parse, tc.in, tc.want)
	}
}

// TestHintClipAtQuoteLength: a text of exactly 64 bytes (hintQuote) is quoted
// cut to 60 bytes with "…" as a longer one is, the cut made by
// appendQuoteBounded, not by clip, which keeps a text of up to 65 bytes
// whole.
func TestHintClipAtQuoteLength(t *testing.T) {
	a36, a48 := strings.Repeat("a", 36), strings.Repeat("a", 48)
	in := "www.example.com/" + a48 // 64 bytes, with "https://" 72
	wantHinted(t, "Parse", Parse, in, hinted{"URI", 15, "scheme", `no scheme: did you mean "https://www.example.com/` + a36 + `"…?`})
}

// TestHintMissingColonLongScheme: the "did you mean" of a missing ":" quotes
// the scheme, the ":" and the rest as one text, cut at 60 bytes with "…"
// (hintQuote); here the cut falls right after the 60-byte scheme, at the
// boundary between two parts.
func TestHintMissingColonLongScheme(t *testing.T) {
	a60 := strings.Repeat("a", 60)
	in := a60 + "//example.com/x"
	want := hinted{"URI", 60, "scheme", `no ":" after the scheme "` + a60 + `": did you mean "` + a60 + `"…?`}
	wantHinted(t, "Parse", Parse, in, want)
}
