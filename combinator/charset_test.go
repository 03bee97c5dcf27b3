package combinator

import (
	"strings"
	"testing"
)

// The character sets of RFC 3986 §2 and §3 and RFC 5234 Appendix B.1,
// written out independently of the code as the strings of their characters.
const (
	alphaChars    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digitChars    = "0123456789"
	hexChars      = "0123456789ABCDEFabcdef"
	unresChars    = alphaChars + digitChars + "-._~"
	genDelimChars = ":/?#[]@"
	subDelimChars = "!$&'()*+,;="
)

func TestCharSetsAll256(t *testing.T) {
	for _, tc := range []struct {
		name  string
		set   CharSet
		chars string
	}{
		{"AlphaSet", AlphaSet, alphaChars},
		{"DigitSet", DigitSet, digitChars},
		{"HexDigSet", HexDigSet, hexChars},
		{"UnreservedSet", UnreservedSet, unresChars},
		{"GenDelimsSet", GenDelimsSet, genDelimChars},
		{"SubDelimsSet", SubDelimsSet, subDelimChars},
		{"ReservedSet", ReservedSet, genDelimChars + subDelimChars},
		{"SchemeSet", SchemeSet, alphaChars + digitChars + "+-."},
		{"UserInfoSet", UserInfoSet, unresChars + subDelimChars + ":"},
		{"RegNameSet", RegNameSet, unresChars + subDelimChars},
		{"IPvFutureSet", IPvFutureSet, unresChars + subDelimChars + ":"},
		{"PCharSet", PCharSet, unresChars + subDelimChars + ":@"},
		{"SegmentNZNCSet", SegmentNZNCSet, unresChars + subDelimChars + "@"},
		{"PathSet", PathSet, unresChars + subDelimChars + ":@/"},
		{"QuerySet", QuerySet, unresChars + subDelimChars + ":@/?"},
		{"FragmentSet", FragmentSet, unresChars + subDelimChars + ":@/?"},
	} {
		n := 0
		for b := 0; b < 256; b++ {
			want := strings.IndexByte(tc.chars, byte(b)) >= 0
			if want {
				n++
			}
			if got := tc.set.Contains(byte(b)); got != want {
				t.Errorf("%s.Contains(%#02x) = %v, want %v", tc.name, b, got, want)
			}
		}
		if tc.set.Len() != n {
			t.Errorf("%s.Len() = %d, want %d", tc.name, tc.set.Len(), n)
		}
	}
}

// TestOneCharRulesAll256 checks the rules that match a single character on
// every byte, and on every byte followed by another.
func TestOneCharRulesAll256(t *testing.T) {
	for _, tc := range []struct {
		rule  *Rule
		chars string
	}{
		{ALPHA, alphaChars},
		{DIGIT, digitChars},
		{HEXDIG, hexChars},
		{Unreserved, unresChars},
		{GenDelims, genDelimChars},
		{SubDelims, subDelimChars},
		{Reserved, genDelimChars + subDelimChars},
		{PChar, unresChars + subDelimChars + ":@"},
	} {
		for b := 0; b < 256; b++ {
			s := string([]byte{byte(b)})
			want := strings.IndexByte(tc.chars, byte(b)) >= 0
			if got := tc.rule.Match(s); got != want {
				t.Errorf("%s.Match(%q) = %v, want %v", tc.rule.Name(), s, got, want)
			}
			if tc.rule.Match(s + "a") {
				t.Errorf("%s.Match(%q) = true, want false (two bytes)", tc.rule.Name(), s+"a")
			}
		}
	}
}

func TestCharSetMethods(t *testing.T) {
	abc := Chars("abc")
	if !abc.Contains('a') || !abc.Contains('c') || abc.Contains('d') || abc.Contains(0) || abc.Contains(0xFF) {
		t.Error("Chars(abc).Contains wrong")
	}
	if got, want := ByteRange('a', 'c'), abc; got != want {
		t.Errorf("ByteRange(a, c) = %v, want %v", got, want)
	}
	if !ByteRange('z', 'a').IsEmpty() {
		t.Error("ByteRange(z, a) should be empty")
	}
	if got := ByteRange(0, 255).Len(); got != 256 {
		t.Errorf("ByteRange(0, 255).Len() = %d", got)
	}
	if got := ByteRange(0xF0, 0xFF); !got.Contains(0xFF) || !got.Contains(0xF0) || got.Contains(0xEF) || got.Len() != 16 {
		t.Errorf("ByteRange(F0, FF) = %v", got)
	}
	if got, want := Chars("ab").Union(Chars("c"), Chars("a")), abc; got != want {
		t.Errorf("Union = %v, want %v", got, want)
	}
	if got, want := abc.Union(), abc; got != want {
		t.Errorf("Union() = %v", got)
	}
	if got, want := abc.Minus(Chars("bz")), Chars("ac"); got != want {
		t.Errorf("Minus = %v, want %v", got, want)
	}
	if got, want := abc.Intersect(Chars("bcd")), Chars("bc"); got != want {
		t.Errorf("Intersect = %v, want %v", got, want)
	}
	// Methods leave their receiver unchanged.
	_ = abc.Union(Chars("xyz"))
	_ = abc.Minus(abc)
	if abc != Chars("cba") {
		t.Error("a method changed its receiver")
	}
	var zero CharSet
	if !zero.IsEmpty() || zero.Len() != 0 || abc.IsEmpty() || Chars("").Len() != 0 {
		t.Error("IsEmpty/Len wrong")
	}
	if Chars("aaa").Len() != 1 {
		t.Error("Chars counts a byte once")
	}
}

func TestCharSetString(t *testing.T) {
	for _, tc := range []struct {
		set  CharSet
		want string
	}{
		{CharSet{}, "( )"},
		{Chars("-"), `"-"`},
		{Chars("a"), "%x61"},
		{Chars(`"`), "%x22"},
		{Chars(" "), "%x20"},
		{Chars("\x00"), "%x00"},
		{Chars("\xFF"), "%xFF"},
		{Chars("vV"), `"v"`},
		{Chars("vVw"), "%x56 / %x76 / %x77"}, // w shares v's run
		{Chars("vVwx"), "%x56 / %x76-78"},
		{Chars("-."), `"-" / "."`},
		{DigitSet, "%x30-39"},
		{AlphaSet, "%x41-5A / %x61-7A"},
		{HexDigSet, "%x30-39 / %x41-46 / %x61-66"},
		{SubDelimsSet, `"!" / "$" / %x26-2C / ";" / "="`}, // & ' ( ) * + , are one run
		{GenDelimsSet, `"#" / "/" / ":" / "?" / "@" / "[" / "]"`},
		{UnreservedSet, `"-" / "." / %x30-39 / %x41-5A / "_" / %x61-7A / "~"`},
		{ByteRange(0, 255), "%x00-FF"},
	} {
		if got := tc.set.String(); got != tc.want {
			t.Errorf("String() = %s, want %s", got, tc.want)
		}
	}
}

// TestCharSetStringEdges pins how String prints the bytes at the edges of
// its rules: a quoted string in ABNF is case-insensitive (RFC 5234 §2.3), so
// a letter alone is %x (z and Z are letters too), and a letter with its
// other case alone (no neighbour of either in the set) is one quoted
// letter, printed once, in byte order where its upper case stands; a space
// is %x20, not a quoted blank easy to miss in a list.
func TestCharSetStringEdges(t *testing.T) {
	for _, tc := range []struct {
		set  CharSet
		want string
	}{
		{Chars("z"), `%x7A`},
		{Chars("Z"), `%x5A`},
		{Chars("Aa"), `"a"`},
		{Chars("Aa_"), `"a" / "_"`},
		// '`' stands beside 'a': A and a are not a pair alone.
		{Chars("A`a"), "%x41 / \"`\" / %x61"},
		{Chars(" "), `%x20`},
		{Chars("!"), `"!"`},
	} {
		if got := tc.set.String(); got != tc.want {
			t.Errorf("%q: String() = %s, want %s", tc.want, got, tc.want)
		}
	}
}

// TestCharSetStringQuotesVisibleBytesOnly: String quotes only the visible
// bytes, VCHAR = %x21-7E (RFC 5234 Appendix B.1): "~" (%x7E), the last of
// them, is a quoted string, and DEL (%x7F), a control byte, is %x7F, alone
// or in a run of two beside "~".
func TestCharSetStringQuotesVisibleBytesOnly(t *testing.T) {
	for _, tc := range []struct {
		set  CharSet
		want string
	}{
		{Chars("~"), `"~"`},
		{Chars("\x7F"), `%x7F`},
		{Chars("~\x7F"), `"~" / %x7F`},
	} {
		if got := tc.set.String(); got != tc.want {
			t.Errorf("%q: String() = %s, want %s", tc.want, got, tc.want)
		}
	}
}
