package uri

import (
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// TestSetsMatchGrammar checks that each set uri keeps for itself is the set
// of the grammar's rule: uri does not link combinator, so its sets are its
// own, and this test is what keeps them the same as the ABNF's.
func TestSetsMatchGrammar(t *testing.T) {
	for _, tc := range []struct {
		name    string
		got     byteSet
		grammar c.CharSet
	}{
		{"ALPHA", alphaSet, c.AlphaSet},
		{"DIGIT", byteSet{digit0}, c.DigitSet},
		{"HEXDIG", hexDigSet, c.HexDigSet},
		{"unreserved", unreservedSet, c.UnreservedSet},
		{"sub-delims", subDelimsSet, c.SubDelimsSet},
		{"scheme", schemeSet, c.SchemeSet},
		{"userinfo", userInfoSet, c.UserInfoSet},
		{"reg-name", regNameSet, c.RegNameSet},
		{"pchar", pcharSet, c.PCharSet},
		{"path", pathSet, c.PathSet},
		{"query", querySet, c.QuerySet},
		{"fragment", querySet, c.FragmentSet},
		{"userinfo less \":\" (ComponentUserName)", componentSets[ComponentUserName], c.UserInfoSet.Minus(c.Chars(":"))},
		{"query less \"&=+;\" (ComponentQueryParam)", componentSets[ComponentQueryParam], c.QuerySet.Minus(c.Chars("&=+;"))},
	} {
		if tc.got != byteSet(tc.grammar) {
			for b := range 256 {
				if in, want := tc.got.contains(byte(b)), tc.grammar.Contains(byte(b)); in != want {
					t.Errorf("%s: byte %q: uri's set says %v, the grammar %v", tc.name, rune(b), in, want)
				}
			}
		}
	}
}

// TestSetsAcceptedByRule checks each set against the rule itself, byte by
// byte, rather than against the grammar's set variable: a byte is in the
// set exactly when the one-byte string matches the rule (pct-encoded, which
// needs three bytes, never does).
func TestSetsAcceptedByRule(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  byteSet
		rule *c.Rule
	}{
		{"unreserved", unreservedSet, c.Unreserved},
		{"sub-delims", subDelimsSet, c.SubDelims},
		{"reg-name", regNameSet, c.RegName},
		{"userinfo", userInfoSet, c.UserInfo},
		{"pchar", pcharSet, c.PChar},
		{"query", querySet, c.Query},
		{"fragment", querySet, c.Fragment},
	} {
		for b := range 256 {
			if in, want := tc.set.contains(byte(b)), tc.rule.Match(string([]byte{byte(b)})); in != want {
				t.Errorf("%s: byte %q: in the set %v, matched by the rule %v", tc.name, rune(b), in, want)
			}
		}
	}
}
