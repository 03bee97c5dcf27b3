package codegen

import (
	"regexp"
	"strconv"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// TestExplainSeenWords: the record's set of the labels recorded has one
// 64-bit word for each 64 labels, rounded up: one for 64 labels, two for
// 65 (n single bytes %x80... in an Alt, and the end of input).
func TestExplainSeenWords(t *testing.T) {
	for _, tc := range []struct{ bytes, labels, words int }{{63, 64, 1}, {64, 65, 2}} {
		var alts []*c.Rule
		for i := 0; i < tc.bytes; i++ {
			alts = append(alts, c.Lit(string([]byte{0x80 + byte(i)})))
		}
		src := genSource(t, func(g *Generator) error { return g.AddExplain("x", c.Alt(alts...)) })
		exp := regexp.MustCompile(`\bexp +\[` + strconv.Itoa(tc.labels) + `\]uint16\n`)
		seen := regexp.MustCompile(`\bseen +\[` + strconv.Itoa(tc.words) + `\]uint64 `)
		if !exp.MatchString(src) || !seen.MatchString(src) {
			t.Errorf("%d labels: want exp [%d]uint16 and seen [%d]uint64 in\n%s", tc.labels, tc.labels, tc.words, src)
		}
	}
}
