package parsec

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	parsec "github.com/prataprc/goparsec"
	c "github.com/seed42851778/rfc3986/combinator"
)

// A goparsec parser embedded with FromParsec is one leaf of a Tree, and
// the captures around it give events, as any terminal.
func TestResultsOfFromParsec(t *testing.T) {
	// key = 1*ALPHA, in goparsec: its structure is not seen by the engine.
	key := FromParsec("key", parsec.TokenExact(`[a-z]+`, "KEY"))
	pair := c.Named("pair", c.Seq(c.Capture(0, key), c.Lit("="), c.Capture(1, c.Named("value", c.Star(c.DIGIT)))))
	r := c.Seq(pair, c.Star(c.Seq(c.Lit(";"), pair)))
	s := "ab=1;c="

	n, err := r.Tree(s)
	if err != nil {
		t.Fatal(err)
	}
	want := `0:7 "ab=1;c="
  pair 0:4 "ab=1"
    key 0:2 "ab"
    value 3:4 "1"
      DIGIT 3:4 "1"
  pair 5:7 "c="
    key 5:6 "c"
    value 7:7 ""
`
	if diff := cmp.Diff(want, n.String()); diff != "" {
		t.Errorf("Tree (-want +got):\n%s", diff)
	}

	events, ok := r.Events(s)
	wantEvents := []c.Event{
		{Slot: 0, Span: c.Span{Start: 0, End: 2}}, {Slot: 1, Span: c.Span{Start: 3, End: 4}},
		{Slot: 0, Span: c.Span{Start: 5, End: 6}}, {Slot: 1, Span: c.Span{Start: 7, End: 7}},
	}
	if !ok {
		t.Fatal("Events: no match")
	}
	if diff := cmp.Diff(wantEvents, events); diff != "" {
		t.Errorf("Events (-want +got):\n%s", diff)
	}
}
