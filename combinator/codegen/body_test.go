package codegen

import (
	"bytes"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// TestGenerateRuleFuncABNF: the function of a named rule says in its
// comment the rule's ABNF, here ab-or-ba = %s"ab" / %s"ba" (case-sensitive
// strings, RFC 7405).
func TestGenerateRuleFuncABNF(t *testing.T) {
	abba := c.Named("ab-or-ba", c.Alt(c.Lit("ab"), c.Lit("ba")))
	src, err := GenerateGo(c.Seq(c.Lit("x"), abba, abba), "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	want := "at pos, within in, and returns the end offset of the match, or -1.\n//\n//\tab-or-ba = %s\"ab\" / %s\"ba\"\nfunc "
	if !bytes.Contains(src, []byte(want)) {
		t.Errorf("the output does not hold\n%s\nit is:\n%s", want, src)
	}
}

// TestLiteralLikeAGoto checks that a literal of the grammar that reads like
// the code of a jump ("goto l1") is matched as itself: the labels the
// generator merges are renamed in its code only.
func TestLiteralLikeAGoto(t *testing.T) {
	r := c.Seq(c.Opt(c.Lit("goto l1")), c.Alt(c.Lit("goto l2"), c.Lit("x")), c.Opt(c.Seq(c.Lit("a"), c.Lit("goto l3"))))
	src, err := GenerateGo(r, "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	for _, lit := range []string{`"goto l1"`, `"goto l2"`, `"goto l3"`} {
		if !bytes.Contains(src, []byte(lit)) {
			t.Errorf("the output lacks %s:\n%s", lit, src)
		}
	}
}
