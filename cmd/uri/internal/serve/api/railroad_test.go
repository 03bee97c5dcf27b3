package api

import (
	"encoding/xml"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
)

// shape is what a test reads of a diagram: its groups by class, the texts
// of its terminals and of its rule boxes.
type shape struct {
	choices      []string // data-alternatives of each group of class "choice"
	optionals    int
	repetitions  []string // data-min "-" data-max
	terminals    []string
	nonterminals []string
}

// parse reads svg as XML, failing on markup that is not well formed.
func parse(t *testing.T, svg string) shape {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	var s shape
	var stack []string // class of each open element
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well formed: %v\n%s", err, svg)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range x.Attr {
				attr[a.Name.Local] = a.Value
			}
			class := attr["class"]
			switch {
			case class == "choice":
				s.choices = append(s.choices, attr["data-alternatives"])
			case class == "choice optional":
				s.optionals++
			case class == "repetition":
				s.repetitions = append(s.repetitions, attr["data-min"]+"-"+attr["data-max"])
			}
			if x.Name.Local == "text" && len(stack) > 0 {
				class = stack[len(stack)-1] + " text"
			}
			stack = append(stack, class)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 0 {
				continue
			}
			switch stack[len(stack)-1] {
			case "terminal text":
				s.terminals = append(s.terminals, string(x))
			case "nonterminal text":
				s.nonterminals = append(s.nonterminals, string(x))
			}
		}
	}
	return s
}

// TestDiagramOfURIHasItsChoices draws RFC 3986's URI = scheme ":"
// hier-part [ "?" query ] [ "#" fragment ] (§3): two optional parts, each a
// choice of passing or not, its terminals and rules in order.
func TestDiagramOfURIHasItsChoices(t *testing.T) {
	svg, refs := Diagram(abnf.RFC3986Grammar().MustRule("URI"))
	got := parse(t, svg)
	want := shape{
		optionals:    2,
		terminals:    []string{`":"`, `"?"`, `"#"`},
		nonterminals: []string{"scheme", "hier-part", "query", "fragment"},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(shape{})); diff != "" {
		t.Errorf("URI (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"scheme", "hier-part", "query", "fragment"}, refs); diff != "" {
		t.Errorf("links (-want +got):\n%s", diff)
	}
	// hier-part = "//" authority path-abempty / path-absolute /
	// path-rootless / path-empty: one choice of four.
	svg, _ = Diagram(abnf.RFC3986Grammar().MustRule("hier-part"))
	if got := parse(t, svg).choices; !slices.Equal(got, []string{"4"}) {
		t.Errorf("hier-part's choices: %q, want one of 4", got)
	}
}

// TestDiagramDrawsRepetitionBounds checks IPv6address (RFC 3986 §3.2.2):
// nine alternatives, "6( h16 ":" )" a repetition of exactly 6,
// "[ *4( h16 ":" ) h16 ]" one of at most 4 inside an optional part.
func TestDiagramDrawsRepetitionBounds(t *testing.T) {
	svg, _ := Diagram(abnf.RFC3986Grammar().MustRule("IPv6address"))
	got := parse(t, svg)
	if !slices.Equal(got.choices, []string{"9"}) {
		t.Errorf("choices %q, want one of 9", got.choices)
	}
	for _, r := range []string{"6-6", "5-5", "0-4", "0-6"} {
		if !slices.Contains(got.repetitions, r) {
			t.Errorf("no repetition %s in %q", r, got.repetitions)
		}
	}
	if !strings.Contains(svg, ">6 times<") || !strings.Contains(svg, ">at most 4 times<") {
		t.Errorf("bounds not labelled:\n%s", svg)
	}
}

// TestDiagramEscapes checks that a terminal's text is escaped as XML and
// that the diagram of a hand-written (PEG) rule draws its look-aheads.
func TestDiagramEscapes(t *testing.T) {
	g, err := abnf.Parse("a = \"<&>\" / %x22 / \"'\"\n")
	if err != nil {
		t.Fatal(err)
	}
	svg, _ := Diagram(g.MustRule("a"))
	got := parse(t, svg)
	if diff := cmp.Diff([]string{`"<&>"`, `%x22`, `"'"`}, got.terminals); diff != "" {
		t.Errorf("terminals (-want +got):\n%s", diff)
	}
	peg := c.Named("peg", c.Seq(c.Lit("a"), c.Not(c.Lit("b")), c.End))
	svg, _ = Diagram(peg)
	parse(t, svg)
	if !strings.Contains(svg, "not followed by") || !strings.Contains(svg, "end of input") {
		t.Errorf("look-ahead not drawn:\n%s", svg)
	}
}

// TestDiagramIsBounded checks that a rule of thousands of alternatives is
// cut, not drawn whole.
func TestDiagramIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("a = %x30")
	for i := 0; i < 5000; i++ {
		b.WriteString(` / "x`)
		b.WriteString(strings.Repeat("y", i%7))
		b.WriteString(`"`)
	}
	g, err := abnf.Parse(b.String())
	if err != nil {
		t.Fatal(err)
	}
	svg, _ := Diagram(g.MustRule("a"))
	parse(t, svg)
	if !strings.Contains(svg, "…") || len(svg) > 2<<20 {
		t.Errorf("diagram of %d bytes, cut: %v", len(svg), strings.Contains(svg, "…"))
	}
}
