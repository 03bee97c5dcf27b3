package codegen

import (
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// TestGenerateRuneClassUnsupported: the generator does not compile rune
// classes yet; it says so with an error instead of emitting wrong code.
func TestGenerateRuneClassUnsupported(t *testing.T) {
	ucs := c.Named("ucs", c.RuneClass(c.Runes(c.RuneRange{Lo: 0xA0, Hi: 0xD7FF})))
	for _, r := range []*c.Rule{ucs, c.Star(c.Alt(c.ALPHA, ucs)), c.Seq(c.Capture(0, ucs), c.End)} {
		src, err := GenerateGo(r, "p", "matchX")
		if err == nil {
			t.Errorf("%v: no error; generated:\n%s", r, src)
			continue
		}
		if !strings.HasPrefix(err.Error(), "codegen: generate: ") {
			t.Errorf("%v: error %q", r, err)
		}
		g := &Generator{Package: "p"}
		if err := g.AddExplain("explainX", r); err == nil {
			t.Errorf("%v: AddExplain gave no error", r)
		}
	}
}
