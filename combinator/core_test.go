package combinator

import "testing"

func TestALPHA(t *testing.T) {
	ok(t, ALPHA, "a", "z", "A", "Z", "q")
	bad(t, ALPHA, "", "0", "@", "[", "`", "{", "aa", "é", "\x00")
}

func TestDIGIT(t *testing.T) {
	ok(t, DIGIT, "0", "5", "9")
	bad(t, DIGIT, "", "/", ":", "a", "00", "٣")
}

func TestHEXDIG(t *testing.T) {
	ok(t, HEXDIG, "0", "9", "a", "f", "A", "F")
	bad(t, HEXDIG, "", "g", "G", "@", "`", "0a", "x")
}
