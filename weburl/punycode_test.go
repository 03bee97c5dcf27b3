package weburl

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/idna"
	"pgregory.net/rapid"
)

// TestAppendPunycodeMatchesPython checks the encoder on RFC 3492's samples
// and a few more, expected values from Python's punycode codec.
func TestAppendPunycodeMatchesPython(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ü", "tda"},
		{"bücher", "bcher-kva"},
		{"他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"},                                // RFC 3492 7.1 (B)
		{"3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"},                                 // (L)
		{"安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"}, // (M)
		{"ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"},                          // (A)
		{"Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"},             // (D)
		{"ß", "zca"},
		{"aé", "a-bga"},
		{"éa", "a-9fa"},
		{"😀xé\U0010FFFD", "x-bga94959azji1i"},
		{"ab\u0080", "ab-ca"},
		{"abc", "abc-"},
		{"", ""},
	}
	for _, tt := range tests {
		got, ok := appendPunycode(nil, []rune(tt.in), nil)
		if !ok || string(got) != tt.want {
			t.Errorf("appendPunycode(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

// TestAppendPunycodeMatchesXNetIDNA checks the encoder against x/net/idna's,
// which follows the RFC's quadratic loop, on random labels.
func TestAppendPunycodeMatchesXNetIDNA(t *testing.T) {
	runes := rapid.OneOf(
		rapid.RuneFrom([]rune("az-09\u0080éßü")),
		rapid.Rune(),
		rapid.Int32Range(0x4E00, 0x4E10),
	)
	rapid.Check(t, func(t *rapid.T) {
		// Up to 3×smallLabel, so that both of appendPunycode's ways run.
		label := string(rapid.SliceOfN(runes, 1, 3*smallLabel).Draw(t, "label"))
		if strings.ContainsRune(label, '.') || isASCII(label) {
			return // x/net/idna splits at dots and keeps ASCII labels as they are
		}
		want, err := idna.Punycode.ToASCII(label)
		got, ok := appendPunycode([]byte("xn--"), []rune(label), nil)
		if (err == nil) != ok || ok && string(got) != want {
			t.Fatalf("appendPunycode(%q) = %q, %v; x/net/idna says %q, %v", label, got, ok, want, err)
		}
	})
}

// TestAppendPunycodeTakesLinearithmicTime checks that a label of many
// distinct code points, which the RFC's loop takes quadratic time for, is
// encoded quickly: 60,000 distinct code points, about 180 KB.
func TestAppendPunycodeTakesLinearithmicTime(t *testing.T) {
	label := make([]rune, 60000)
	for i := range label {
		label[i] = rune(0x4E00 + (i*7919)%20000 + 20000*(i/20000)) // distinct, shuffled
	}
	start := time.Now()
	if _, ok := appendPunycode(nil, label, nil); !ok {
		t.Fatal("overflow")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("encoding took %v", d)
	}
}

// TestAppendPunycodeFailsOnOverflow checks that a label whose encoding
// overflows 32 bits fails, as in x/net/idna: 20,000 basic code points and
// U+3134A (a CJK ideograph, valid) make the first delta
// (0x3134A-128)×20001, above 2^31.
func TestAppendPunycodeFailsOnOverflow(t *testing.T) {
	label := strings.Repeat("a", 20000) + "\U0003134A"
	if _, err := idna.Punycode.ToASCII(label); err == nil {
		t.Fatal("x/net/idna encodes it; the test's premise is wrong")
	}
	if got, ok := appendPunycode(nil, []rune(label), nil); ok {
		t.Errorf("appendPunycode = %.20q…, want failure", got)
	}
	if _, err := idna.Punycode.ToASCII(label[1:]); err == nil {
		t.Fatal("x/net/idna encodes it; the test's premise is wrong")
	}
	if _, _, err := appendHost(nil, label, false, nil); err == nil {
		t.Error("appendHost accepts a label whose Punycode overflows")
	} else if !strings.Contains(err.Hint, "Punycode") {
		t.Errorf("appendHost fails with %q, want the Punycode overflow", err.Hint)
	}
}

// TestAppendHostTakesLinearTimeOnLongLabels checks that a host of 20,000
// distinct code points (60 KB), which x/net/idna's Punycode encoder takes
// seconds for, is parsed quickly.
func TestAppendHostTakesLinearTimeOnLongLabels(t *testing.T) {
	var b strings.Builder
	for i := range 20000 {
		b.WriteRune(rune(0x4E00 + (i*7919)%20000))
	}
	start := time.Now()
	if _, _, err := appendHost(nil, b.String(), false, nil); err != nil {
		t.Fatal(err.Hint)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("appendHost took %v", d)
	}
}

// TestAppendHostDecodesLongPunycodeLabels checks labels that decode to more
// code points than x/net/idna's decoder takes (1,024): UTS #46 sets no
// bound, so they are decoded here, checked, and encoded again.
func TestAppendHostDecodesLongPunycodeLabels(t *testing.T) {
	for _, n := range []int{1024, 1025, 5000} {
		ace, _ := appendPunycode([]byte("xn--"), []rune(strings.Repeat("é", n)), nil)
		want := "xn--tda." + string(ace)
		got := parseHostForTest("ü."+strings.ToUpper(string(ace)), false)
		if diff := cmp.Diff(hostResult{Out: want, Kind: hostDomain}, got); diff != "" {
			t.Errorf("a label of %d code points (-want +got):\n%.300s", n, diff)
		}
	}
	// A long label that decodes to code points UTS #46 maps is not valid.
	ace, _ := appendPunycode([]byte("xn--"), []rune(strings.Repeat("É", 2000)), nil)
	if got := parseHostForTest("ü."+string(ace), false); got.Fail == "" {
		t.Errorf("a long Punycode label of upper-case letters passes: %.40q…", got.Out)
	}
}

// TestDecodePunycodeMatchesXNetIDNA checks the decoder against x/net/idna's
// on the encodings of random labels, and on random strings of Punycode
// digits, delimiters and a few others, valid or not.
func TestDecodePunycodeMatchesXNetIDNA(t *testing.T) {
	runes := rapid.OneOf(rapid.RuneFrom([]rune("az-09\u0080éßü")), rapid.Rune(), rapid.Int32Range(0x4E00, 0x4E10))
	junk := rapid.StringOfN(rapid.RuneFrom([]rune("abcxyz0189-AZé")), 0, 30, -1)
	rapid.Check(t, func(t *rapid.T) {
		var ace string
		if rapid.Bool().Draw(t, "valid") {
			label := rapid.SliceOfN(runes, 1, 3*smallLabel).Draw(t, "label")
			enc, _ := appendPunycode(nil, label, nil)
			ace = string(enc)
		} else {
			ace = junk.Draw(t, "ace")
		}
		want, err := idna.Punycode.ToUnicode("xn--" + ace)
		if strings.Contains(ace, ".") || strings.HasPrefix(want, "xn--") {
			return
		}
		if err != nil && isASCII(want) && !strings.Contains(err.Error(), "xn--") {
			err = nil // x/net/idna refuses a label that decodes to ASCII only, after decoding it
		}
		if !isASCII(ace) {
			// x/net/idna takes non-ASCII code points before the last '-'
			// as basic ones; RFC 3492 and UTS #46 refuse them, as we do.
			if _, ok := appendDecodedPunycode(nil, ace, nil); ok {
				t.Fatalf("appendDecodedPunycode(%q) succeeds", ace)
			}
			return
		}
		if strings.ContainsRune(want, utf8.RuneError) {
			return // x/net/idna turns a decoded surrogate into U+FFFD, which we refuse
		}
		got, ok := appendDecodedPunycode(nil, ace, nil)
		if ok != (err == nil) || ok && string(got) != want {
			t.Fatalf("appendDecodedPunycode(%q) = %q, %v; x/net/idna says %q, %v", ace, string(got), ok, want, err)
		}
	})
}

// TestDecodePunycodeTakesLinearithmicTime decodes the Punycode of 60,000
// distinct code points.
func TestDecodePunycodeTakesLinearithmicTime(t *testing.T) {
	label := make([]rune, 60000)
	for i := range label {
		label[i] = rune(0x20000 + (i*7919)%60000) // distinct, shuffled
	}
	ace, _ := appendPunycode(nil, label, nil)
	start := time.Now()
	got, ok := appendDecodedPunycode(nil, string(ace), nil)
	if !ok || string(got) != string(label) {
		t.Fatal("decodePunycode does not give the label back")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("decoding took %v", d)
	}
}

func FuzzPunycode(f *testing.F) {
	for _, s := range []string{"zca", "bcher-kva", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n", "a-", "-zca", "99999999999", "é-a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// Decoding never panics; what decodes encodes to Punycode that
		// decodes to the same code points.
		if u, ok := appendDecodedPunycode(nil, s, nil); ok {
			enc, ok := appendPunycode(nil, u, nil)
			if !ok {
				return // an overflow on the way back is possible in principle
			}
			back, ok := appendDecodedPunycode(nil, string(enc), nil)
			if !ok || string(back) != string(u) {
				t.Fatalf("appendDecodedPunycode(%q) = %q, encoded %q, decoded %q, %v", s, string(u), enc, string(back), ok)
			}
		}
		// Encoding any string's code points decodes back to them.
		runes := []rune(s)
		if enc, ok := appendPunycode(nil, runes, nil); ok {
			if back, ok := appendDecodedPunycode(nil, string(enc), nil); !ok && !hasSurrogateOrBad(runes) || ok && string(back) != string(runes) {
				t.Fatalf("appendPunycode(%q) = %q, which decodes to %q, %v", s, enc, string(back), ok)
			}
		}
	})
}

// hasSurrogateOrBad reports whether runes holds a code point the decoder
// refuses to produce (never the case for runes from a string, kept for
// clarity).
func hasSurrogateOrBad(runes []rune) bool {
	for _, r := range runes {
		if r > utf8.MaxRune || 0xD800 <= r && r <= 0xDFFF {
			return true
		}
	}
	return false
}
