package codegen

import (
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// TestCaptureFunctionShared checks that a named rule with captures at the
// commit point of two rules (hier-part in URI and absolute-URI) is one
// function that both call with their caps, and that it stores only its own
// slots; the rule before it stores the slot it sets itself.
func TestCaptureFunctionShared(t *testing.T) {
	word := c.Plus(c.Class(c.ByteRange('a', 'z')))
	part := c.Named("part", c.Alt(c.Seq(c.Lit("//"), c.Capture(1, word)), c.Capture(2, c.Star(word))))
	head := c.Seq(c.Capture(0, word), c.Lit(":"))
	one := c.Named("one", c.Seq(head, part, c.Opt(c.Seq(c.Lit("?"), c.Capture(3, word)))))
	two := c.Named("two", c.Seq(head, part))
	g := &Generator{Package: "p", Slots: 4}
	for name, r := range map[string]*c.Rule{"matchOne": one, "matchTwo": two} {
		if err := g.Add(name, r); err != nil {
			t.Fatal(err)
		}
	}
	src, err := g.Source()
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	if n := strings.Count(s, "func matchPart(in string, pos int, caps *[4][2]int) int {"); n != 1 {
		t.Errorf("%d functions of part, want 1:\n%s", n, s)
	}
	if n := strings.Count(s, "matchPart(in, p, caps)"); n != 2 {
		t.Errorf("%d calls of matchPart, want 2:\n%s", n, s)
	}
	_, body, _ := strings.Cut(s, "func matchPart(")
	body, _, _ = strings.Cut(body, "\n}\n")
	if strings.Contains(body, "caps[0]") || strings.Contains(body, "caps[3]") || !strings.Contains(body, "caps[1]") {
		t.Errorf("matchPart stores other slots than 1 and 2:\n%s", body)
	}
}
