package codegen

import (
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// followerAfterUserinfo is [ userinfo "@" ] host [ ":" port ] with a host
// of its own, a call, whose matches can end in a "%": after "ab%" the run
// of userinfo goes on over "41" to the "@" of "ab%41@x".
var followerAfterUserinfo = c.Seq(
	c.Opt(c.Seq(c.Capture(0, c.UserInfo), c.Lit("@"))),
	c.Capture(1, c.Named("h", c.Alt(
		c.Seq(c.Lit("["), c.Star(c.Class(c.ByteRange('a', 'z'))), c.Lit("]")),
		c.Seq(c.Star(c.Class(c.ByteRange('a', 'z'))), c.Opt(c.Lit("%")))))),
	c.Opt(c.Seq(c.Lit(":"), c.Capture(2, c.Port))))

// TestFollowerFirst checks where the rule after an option of a run and a
// byte is called before the option is tried (followerFirst): once before
// the IndexByte test of the option and once after it, where the rule is a
// call and no match of it holds the byte; else once, after the option.
func TestFollowerFirst(t *testing.T) {
	alpha := c.Class(c.ByteRange('a', 'z'))
	for _, tc := range []struct {
		name, call string
		r          *c.Rule
		first      bool
	}{
		{"userinfo before host", "matchH(in, p)", followerAfterUserinfo, true},
		{"authority", "matchHost(in, p)", c.Seq(c.Lit("//"), c.Capture(0, c.Seq(c.Opt(c.Seq(c.Capture(1, c.UserInfo), c.Lit("@"))), c.Capture(2, c.Host)))), true},
		{"a follower that holds the byte", "matchAt(in, p)",
			c.Seq(c.Opt(c.Seq(c.Capture(0, c.Star(alpha)), c.Lit("@"))), c.Capture(1, c.Named("at", c.Alt(c.Lit("["), c.Star(c.Alt(alpha, c.Lit("@"))))))), false},
	} {
		src, err := GenerateGo(tc.r, "p", "m")
		if err != nil {
			t.Fatal(err)
		}
		s := string(src)
		needle := strings.Index(s, "strings.IndexByte(")
		if needle < 0 {
			t.Fatalf("%s: no IndexByte test:\n%s", tc.name, s)
		}
		calls := strings.Count(s, tc.call)
		before := strings.Index(s, tc.call) < needle
		if want := map[bool]int{true: 2, false: 1}[tc.first]; calls != want || before != tc.first {
			t.Errorf("%s: %d calls of %s, the first before the IndexByte test: %v; want %d, %v:\n%s", tc.name, calls, tc.call, before, want, tc.first, s)
		}
	}
}

// TestAlphabet checks the bytes a match of a rule can hold (alphabet).
func TestAlphabet(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    *c.Rule
		want c.CharSet
	}{
		{"literal", c.Lit("a:b"), c.Chars("a:b")},
		{"case-insensitive literal", c.LitFold("a1"), c.Chars("aA1")},
		{"pct-encoded run", c.Star(c.Alt(c.Class(c.Chars("x")), c.PctEncoded)), c.Chars("x%").Union(c.HexDigSet)},
		{"look-aheads hold nothing", c.Seq(c.Not(c.Lit("@")), c.Peek(c.Lit("a")), c.Lit("a"), c.End), c.Chars("a")},
		{"host", c.Host, c.CharSet{}.Union(c.Chars("[]:.%"), c.HexDigSet, c.Chars("vV"), c.Chars("-_~!$&'()*+,;="), c.Chars("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"))},
		{"code points beyond ASCII", c.RuneClass(c.Runes(c.RuneRange{Lo: 'a', Hi: 'b'}, c.RuneRange{Lo: 0xe9, Hi: 0xe9})), c.Chars("ab").Union(c.CharSet{0, 0, ^uint64(0), ^uint64(0)})},
	} {
		g := &Generator{}
		if got := alphabet(g.nodeOf(tc.r)); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
