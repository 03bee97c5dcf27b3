package uritemplate

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// meters is a named float64: Expand reads it through reflect, not through
// its case of float64 itself.
type meters float64

// TestExpandNamedFloat64WritesShortestRoundTrip: a value of a float64 kind
// expands as strconv.FormatFloat(v, 'g', -1, 64) writes it (Expand's doc):
// the fewest digits that read back as the same float64, so 0.25 keeps both
// its digits and the float64 nearest 0.1+0.2 keeps its seventeen.
func TestExpandNamedFloat64WritesShortestRoundTrip(t *testing.T) {
	tests := []struct {
		v    meters
		want string
	}{
		{0.25, "0.25"},
		{0.30000000000000004, "0.30000000000000004"}, // 0.1+0.2 computed in float64
		{-1.5, "-1.5"},
		{1e21, "1e%2B21"}, // "+" is not unreserved (RFC 6570 §3.2.2)
	}
	for _, tt := range tests {
		got, err := MustParse("{x}").Expand(map[string]any{"x": tt.v})
		if err != nil || got != tt.want {
			t.Errorf("{x} with meters(%v) = %q, %v; want %q", float64(tt.v), got, err, tt.want)
		}
	}
}

// TestExpandPrefixCountsEncodedReplacementCharacter: under "+" and "#" a
// prefix modifier counts a pct-encoded character as one (Expand's doc,
// RFC 6570 §2.4.1 counts characters), and "%EF%BF%BD" is the UTF-8
// encoding of one code point, U+FFFD, valid however much it looks like the
// rune utf8.DecodeRune returns for invalid input. Invalid sequences count one
// triplet a character.
func TestExpandPrefixCountsEncodedReplacementCharacter(t *testing.T) {
	tests := []struct {
		template, value, want string
	}{
		{"{+x:1}", "%EF%BF%BDa", "%EF%BF%BD"},
		{"{#x:2}", "%EF%BF%BD%ef%bf%bdz", "#%EF%BF%BD%ef%bf%bd"},
		{"{+x:2}", "a%EF%BF%BDb", "a%EF%BF%BD"},
		// Not UTF-8: a lone continuation byte, a lead byte without its
		// continuation, an overlong "/": a triplet each.
		{"{+x:1}", "%BF%BF", "%BF"},
		{"{+x:1}", "%EF%BFa", "%EF"},
		{"{+x:2}", "%C0%AFz", "%C0%AF"},
	}
	for _, tt := range tests {
		got, err := MustParse(tt.template).Expand(map[string]any{"x": tt.value})
		if err != nil {
			t.Errorf("%s with %q: %v", tt.template, tt.value, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s with %q (-want +got):\n%s", tt.template, tt.value, diff)
		}
	}
}
