package codegen

import (
	"regexp"
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

// TestFirstAlternativeCalledFirst checks that a rule whose commit point is
// a choice compiled to a function of its own (part-a, part-b of
// sharedGrammar, as RFC 3986's hier-part and relative-part), whose first
// alternative is a shared piece that sets every slot of the choice
// ("//" authority path-abempty), calls the piece's function first and the
// choice's only where the piece does not match (firstAltCaps); a rule that
// holds the piece where it is not such a choice's first alternative calls
// it once, as before.
func TestFirstAlternativeCalledFirst(t *testing.T) {
	piece, _, _, rules := sharedGrammar()
	spec := &Spec{Generator: Generator{Package: "p", Slots: 4, PieceNames: map[*c.Rule]string{piece: "HostPort"}}}
	for _, r := range rules {
		spec.Matchers = append(spec.Matchers, Func{"m" + goName(r.Name()), r})
	}
	src, err := spec.Source()
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	body := func(name string) string {
		_, b, _ := strings.Cut(s, "\nfunc "+name+"(")
		b, _, _ = strings.Cut(b, "\n}\n")
		return b
	}
	for _, tc := range []struct {
		fn, choice string // choice: "" where no choice is called
	}{
		{"mOne", "matchPartA"},
		{"mTwo", "matchPartB"},
		{"mAngle", ""},
	} {
		b := body(tc.fn)
		piece := regexp.MustCompile(`matchHostPort\(in, p`).FindAllStringIndex(b, -1)
		if len(piece) != 1 {
			t.Errorf("%s calls matchHostPort %d times, want 1:\n%s", tc.fn, len(piece), b)
			continue
		}
		if tc.choice == "" {
			continue
		}
		if i := strings.Index(b, tc.choice+"(in, p"); i < piece[0][0] {
			t.Errorf("%s calls %s at %d, matchHostPort at %d: want the piece first:\n%s", tc.fn, tc.choice, i, piece[0][0], b)
		}
	}
}
