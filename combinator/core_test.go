package combinator

import (
	"testing"

	"github.com/seed42851778/rfc3986/internal/ruletest"
)

func TestALPHA(t *testing.T) {
	ruletest.OK(t, ALPHA, "a", "z", "A", "Z", "q")
	ruletest.Bad(t, ALPHA, "", "0", "@", "[", "`", "{", "aa", "é", "\x00")
}

func TestDIGIT(t *testing.T) {
	ruletest.OK(t, DIGIT, "0", "5", "9")
	ruletest.Bad(t, DIGIT, "", "/", ":", "a", "00", "٣")
}

func TestHEXDIG(t *testing.T) {
	ruletest.OK(t, HEXDIG, "0", "9", "a", "f", "A", "F")
	ruletest.Bad(t, HEXDIG, "", "g", "G", "@", "`", "0a", "x")
}
