package combinator_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	c "github.com/seed42851778/rfc3986/combinator"
)

// A node of a tree, flattened: depth, name, span.
type flat struct {
	Depth      int
	Name       string
	Start, End int
}

func flatten(n *c.Node) []flat {
	var out []flat
	var walk func(n *c.Node, d int)
	walk = func(n *c.Node, d int) {
		out = append(out, flat{d, n.Name, n.Start, n.End})
		for _, k := range n.Children {
			walk(k, d+1)
		}
	}
	walk(n, 0)
	return out
}

func TestTree(t *testing.T) {
	a := c.Named("a", c.ALPHA)
	key := c.Named("key", letters)
	val := c.Named("val", c.Plus(c.Alt(c.ALPHA, c.DIGIT)))
	pair := c.Named("pair", c.Seq(key, c.Lit("="), val))
	pairs := c.Named("pairs", c.Seq(pair, c.Star(c.Seq(c.Lit(";"), pair))))
	tests := []struct {
		name  string
		rule  *c.Rule
		in    string
		names []string
		want  []flat
	}{
		{"nested repetitions", pairs, "k=1;l=x2", nil, []flat{
			{0, "pairs", 0, 8},
			{1, "pair", 0, 3}, {2, "key", 0, 1}, {3, "ALPHA", 0, 1}, {2, "val", 2, 3}, {3, "DIGIT", 2, 3},
			{1, "pair", 4, 8}, {2, "key", 4, 5}, {3, "ALPHA", 4, 5}, {2, "val", 6, 8}, {3, "ALPHA", 6, 7}, {3, "DIGIT", 7, 8}}},
		{"chosen names; one left out passes its children up", pairs, "k=1;l=x2", []string{"key", "val"}, []flat{
			{0, "pairs", 0, 8}, {1, "key", 0, 1}, {1, "val", 2, 3}, {1, "key", 4, 5}, {1, "val", 6, 8}}},
		{"an unnamed root", c.Seq(pair, c.End), "k=v", []string{"pair"}, []flat{{0, "", 0, 3}, {1, "pair", 0, 3}}},
		{"the root is not repeated when it is chosen", pairs, "k=v", []string{"pairs", "pair"}, []flat{{0, "pairs", 0, 3}, {1, "pair", 0, 3}}},
		{"one named rule twice in a row", c.Seq(a, a), "xy", []string{"a"}, []flat{{0, "", 0, 2}, {1, "a", 0, 1}, {1, "a", 1, 2}}},
		{"an unnamed rule twice in a row", func() *c.Rule { u := c.Seq(a); return c.Seq(u, u) }(), "xy", []string{"a"},
			[]flat{{0, "", 0, 2}, {1, "a", 0, 1}, {1, "a", 1, 2}}},
		{"an alternative that fails after a named match",
			c.Alt(c.Seq(key, c.Lit("!")), c.Seq(val, c.Lit("?"))), "ab?", []string{"key", "val"}, []flat{{0, "", 0, 3}, {1, "val", 0, 2}}},
		{"an Opt that fails after a named match",
			c.Seq(c.Opt(c.Seq(key, c.Lit("="))), val), "ab", []string{"key", "val"}, []flat{{0, "", 0, 2}, {1, "val", 0, 2}}},
		{"a named rule that matches empty in an Opt",
			c.Seq(c.Opt(c.Named("e", c.Star(c.DIGIT))), key), "ab", []string{"e", "key"}, []flat{{0, "", 0, 2}, {1, "e", 0, 0}, {1, "key", 0, 2}}},
		{"Peek and Not give no node",
			c.Seq(c.Peek(key), c.Not(c.Seq(key, c.DIGIT)), val), "ab", []string{"key", "val"}, []flat{{0, "", 0, 2}, {1, "val", 0, 2}}},
		{"a named rule inside a fused scan", c.Star(c.Named("d", c.DIGIT)), "12", nil,
			[]flat{{0, "", 0, 2}, {1, "d", 0, 1}, {2, "DIGIT", 0, 1}, {1, "d", 1, 2}, {2, "DIGIT", 1, 2}}},
		{"a named one-byte literal", c.Seq(c.Named("semi", c.Lit(";")), c.ALPHA), ";x", []string{"semi"}, []flat{{0, "", 0, 2}, {1, "semi", 0, 1}}},
		{"a Func is a leaf", c.Seq(c.Func("num", func(in string, pos int) int {
			for pos < len(in) && in[pos] >= '0' && in[pos] <= '9' {
				pos++
			}
			return pos
		}), key), "12ab", nil, []flat{{0, "", 0, 4}, {1, "num", 0, 2}, {1, "key", 2, 4}, {2, "ALPHA", 2, 3}, {2, "ALPHA", 3, 4}}},
		{"a rule of the package", c.Authority, "u@h:1", []string{"userinfo", "host", "port"},
			[]flat{{0, "authority", 0, 5}, {1, "userinfo", 0, 1}, {1, "host", 2, 3}, {1, "port", 4, 5}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := tt.rule.Tree(tt.in, tt.names...)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, flatten(n)); diff != "" {
				t.Errorf("Tree(%q) (-want +got):\n%s", tt.in, diff)
			}
			for _, f := range []*c.Node{n} {
				if f.Text != tt.in[f.Start:f.End] {
					t.Errorf("Text %q, span %v", f.Text, f.Span)
				}
			}
		})
	}
}

func TestTreeError(t *testing.T) {
	n, err := c.Authority.Tree("u@h:x", "host")
	var se *c.SyntaxError
	if n != nil || !errors.As(err, &se) {
		t.Fatalf("Tree = %v, %v; want a *SyntaxError", n, err)
	}
	if diff := cmp.Diff(c.Authority.Explain("u@h:x"), se); diff != "" {
		t.Errorf("not Explain's error (-want +got):\n%s", diff)
	}
}

func TestNodeString(t *testing.T) {
	key := c.Named("key", letters)
	pair := c.Named("pair", c.Seq(key, c.Lit("="), c.Named("val", c.Star(c.Class(c.ByteRange(0, 255).Minus(c.Chars(";")))))))
	in := "a=\x01é;b=" + strings.Repeat("x", 70) // é is two bytes, at 3 and 4
	n, err := c.Seq(pair, c.Star(c.Seq(c.Lit(";"), pair))).Tree(in, "pair", "key")
	if err != nil {
		t.Fatal(err)
	}
	want := `0:78 "a=\x01é;b=` + strings.Repeat("x", 56) + `"...
  pair 0:5 "a=\x01é"
    key 0:1 "a"
  pair 6:78 "b=` + strings.Repeat("x", 62) + `"...
    key 6:7 "b"
`
	if diff := cmp.Diff(want, n.String()); diff != "" {
		t.Errorf("String (-want +got):\n%s", diff)
	}
	if k := n.Children[1].Child("key"); k == nil || k.Text != "b" {
		t.Errorf("Child(key) = %v", k)
	}
	if n.Child("nothing") != nil {
		t.Error("Child of a name not there is not nil")
	}

	// The text is cut at the start of a character.
	in = strings.Repeat("x", 63) + "éy"
	n, err = c.Named("any", c.Star(c.Class(c.ByteRange(0, 255)))).Tree(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := "any 0:66 \"" + strings.Repeat("x", 63) + "\"...\n"; n.String() != want {
		t.Errorf("String = %q, want %q", n.String(), want)
	}
}

// A grammar whose captures are named rules: Named("wN", Capture(N, ...)),
// with repetitions, alternatives that give up after capturing, an Opt, a
// Peek and a Not.
var (
	fzWord = c.Named("w0", c.Capture(0, letters))
	fzNum  = c.Named("w1", c.Capture(1, digits))
	fzPair = c.Named("w2", c.Capture(2, c.Seq(fzWord, c.Lit("="), c.Alt(fzNum, fzWord))))
	fzList = c.Seq(fzPair, c.Star(c.Seq(c.Lit(";"), fzPair)))
	fzRule = c.Seq(
		c.Opt(c.Seq(fzNum, c.Lit(":"))),
		c.Alt(c.Seq(fzWord, c.Lit("!")), c.Seq(fzWord, c.Lit("?")), fzList),
		c.Not(c.Seq(c.Lit("#"), fzNum, c.Lit("#"))),
		c.Opt(c.Seq(c.Lit("#"), c.Peek(fzWord), c.Star(c.Alt(fzWord, fzNum, c.Lit(","))))))
)

// FuzzTreeVsEvents checks that the tree of the named captures is the list
// of events: flattened in order, each node the event of its slot, and its
// leaves the events that hold no other.
func FuzzTreeVsEvents(f *testing.F) {
	for _, s := range []string{"a!", "a?", "a=1;b=c", "1:a=b#x,1,y", "12ab", "a=1#1#", "a=1#1,", "", "a=", "1:a?#b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		events, ok := fzRule.Events(s)
		n, err := fzRule.Tree(s, "w0", "w1", "w2")
		if ok != (err == nil) {
			t.Fatalf("Events ok %v, Tree error %v", ok, err)
		}
		if !ok {
			return
		}
		var nodes, leaves, wantLeaves []c.Event
		var walk func(n *c.Node)
		walk = func(n *c.Node) {
			for _, k := range n.Children {
				e := c.Event{Slot: int(k.Name[1] - '0'), Span: k.Span}
				nodes = append(nodes, e)
				if len(k.Children) == 0 {
					leaves = append(leaves, e)
				}
				walk(k)
			}
		}
		walk(n)
		for i, e := range events {
			// No capture of the grammar matches empty: the next event is
			// inside this one exactly when it starts before this one ends.
			if i+1 == len(events) || events[i+1].Start >= e.End {
				wantLeaves = append(wantLeaves, e)
			}
		}
		if diff := cmp.Diff(events, nodes); diff != "" {
			t.Fatalf("%q: events (-) and tree (+):\n%s", s, diff)
		}
		if diff := cmp.Diff(wantLeaves, leaves); diff != "" {
			t.Fatalf("%q: events that hold none (-) and leaves (+):\n%s\n%v", s, diff, n)
		}
	})
}

// TestTreeLeavesHaveNoChildren: a node with no kept rule inside it has nil
// Children, so that a tree compares equal (cmp, reflect.DeepEqual,
// encoding/json's "null") to one written as a literal that leaves Children
// out.
func TestTreeLeavesHaveNoChildren(t *testing.T) {
	a, b := c.Named("a", c.Lit("x")), c.Named("b", c.Plus(c.Lit("y")))
	root := c.Named("r", c.Seq(a, c.Named("ab", c.Seq(a, b))))
	got, err := root.Tree("xxyy")
	if err != nil {
		t.Fatal(err)
	}
	want := &c.Node{Name: "r", Span: c.Span{Start: 0, End: 4}, Text: "xxyy", Children: []*c.Node{
		{Name: "a", Span: c.Span{Start: 0, End: 1}, Text: "x"},
		{Name: "ab", Span: c.Span{Start: 1, End: 4}, Text: "xyy", Children: []*c.Node{
			{Name: "a", Span: c.Span{Start: 1, End: 2}, Text: "x"},
			{Name: "b", Span: c.Span{Start: 2, End: 4}, Text: "yy"},
		}},
	}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Tree (-want +got):\n%s", d)
	}
}

// TestTreeAllocatesFlat: Tree allocates its nodes and their lists of
// children in a few blocks whatever the shape of the tree: as many
// allocations for two items of one x each as for three items of two x each
// (list = *item, item = "[" *x "]").
func TestTreeAllocatesFlat(t *testing.T) {
	item := c.Named("item", c.Seq(c.Lit("["), c.Star(c.Named("x", c.Lit("x"))), c.Lit("]")))
	list := c.Named("list", c.Star(item))
	var allocs []float64
	for _, in := range []string{"[x][x]", "[xx][xx][xx]"} {
		root, err := list.Tree(in)
		if err != nil || len(root.Children) != strings.Count(in, "[") || len(root.Children[0].Children) != strings.Count(in, "x")/len(root.Children) {
			t.Fatalf("Tree(%q) = %v, %v", in, root, err)
		}
		allocs = append(allocs, testing.AllocsPerRun(20, func() { _, _ = list.Tree(in) }))
	}
	if allocs[0] != allocs[1] {
		t.Errorf("Tree allocates %v times for 2 items of one x, %v times for 3 of two", allocs[0], allocs[1])
	}
}

// TestNodeStringQuotesAtMost64Bytes: String quotes a text of exactly 64
// bytes whole; a longer one is cut at 64 bytes, moved back to the start of
// a character but by at most utf8.UTFMax-1 bytes (0x80 is never the start
// of one, so a run of them stops the move at 60), and followed by "...".
func TestNodeStringQuotesAtMost64Bytes(t *testing.T) {
	a60, a64 := strings.Repeat("a", 60), strings.Repeat("a", 64)
	for _, tt := range []struct{ in, want string }{
		{a64, `"` + a64 + `"`},
		{a64 + "b", `"` + a64 + `"...`},
		{a64[:63] + "éx", `"` + a64[:63] + `"...`}, // "é" is bytes 63 and 64: cut at 63
		{a60 + strings.Repeat("\x80", 8), `"` + a60 + `"...`},
	} {
		n := &c.Node{Span: c.Span{Start: 0, End: len(tt.in)}, Text: tt.in}
		if got, want := n.String(), fmt.Sprintf("0:%d %s\n", len(tt.in), tt.want); got != want {
			t.Errorf("String() of a node of %q = %s, want %s", tt.in, got, want)
		}
	}
}

// TestTreeWithAnUnknownNameIsAnError: a name no rule of the grammar has,
// such as a misspelt one, is a *TreeNameError naming it, not a tree
// without its nodes.
func TestTreeWithAnUnknownNameIsAnError(t *testing.T) {
	_, err := c.URI.Tree("http://a/b", "host", "hots")
	var e *c.TreeNameError
	if !errors.As(err, &e) || len(e.Names) != 1 || e.Names[0] != "hots" || e.Rule != "URI" {
		t.Errorf("Tree(hots) = %v, want a *TreeNameError for hots", err)
	}
	if _, err := c.URI.Tree("http://a/b", "host", "segment"); err != nil {
		t.Errorf("Tree(host, segment) = %v", err)
	}
}

// TestFindSearchesDescendantsInPreOrder: Find and FindAll look at every
// descendant (not n itself), in depth-first pre-order: by where each
// starts, the outer before the inner; Child looks at the children only.
func TestFindSearchesDescendantsInPreOrder(t *testing.T) {
	// comment = "(" *( "a" / comment ) ")", nested; word = 1*"w".
	leaf := func(name string, start, end int, kids ...*c.Node) *c.Node {
		return &c.Node{Name: name, Span: c.Span{Start: start, End: end}, Children: kids}
	}
	// "(a(a(w)))w": the tree a Tree of comment and word would give.
	inner := leaf("comment", 4, 7, leaf("word", 5, 6))
	middle := leaf("comment", 2, 8, inner)
	outer := leaf("comment", 0, 9, middle)
	root := leaf("line", 0, 10, outer, leaf("word", 9, 10))
	type span struct{ Start, End int }
	spans := func(ns []*c.Node) []span {
		var out []span
		for _, n := range ns {
			out = append(out, span{n.Start, n.End})
		}
		return out
	}
	if diff := cmp.Diff([]span{{0, 9}, {2, 8}, {4, 7}}, spans(root.FindAll("comment"))); diff != "" {
		t.Errorf("FindAll(comment) (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]span{{5, 6}, {9, 10}}, spans(root.FindAll("word"))); diff != "" {
		t.Errorf("FindAll(word) (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]span{{2, 8}, {4, 7}}, spans(outer.FindAll("comment"))); diff != "" {
		t.Errorf("FindAll leaves out the node itself (-want +got):\n%s", diff)
	}
	if f := root.Find("word"); f == nil || f.Start != 5 {
		t.Errorf("Find(word) = %v, want the word at 5", f)
	}
	if root.Child("word").Start != 9 {
		t.Error("Child(word) is not the direct child")
	}
	if root.Find("nothing") != nil || root.FindAll("nothing") != nil || root.Find("line") != nil {
		t.Error("Find of a name no descendant has")
	}
	// A tree deeper than any stack: Find uses none of Go's.
	deep := leaf("x", 0, 0)
	for i := 0; i < 100000; i++ {
		deep = leaf("n", 0, 0, deep)
	}
	if deep.Find("x") == nil || len(deep.FindAll("n")) != 99999 {
		t.Error("a deep tree")
	}
}

// TestFindOnATreeOfURI: the hosts and segments of a URI's tree, wherever
// they sit.
func TestFindOnATreeOfURI(t *testing.T) {
	n, err := c.URI.Tree("http://u@example.com/a/b?q")
	if err != nil {
		t.Fatal(err)
	}
	if n.Child("host") != nil {
		t.Error("host is not a direct child of URI")
	}
	if h := n.Find("host"); h == nil || h.Text != "example.com" {
		t.Errorf("Find(host) = %v", h)
	}
	var segs []string
	for _, s := range n.FindAll("segment") {
		segs = append(segs, s.Text)
	}
	if diff := cmp.Diff([]string{"a", "b"}, segs); diff != "" {
		t.Errorf("FindAll(segment) (-want +got):\n%s", diff)
	}
}
