package combinator_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/urigrammar"
	"pgregory.net/rapid"
)

func ev(slot, start, end int) c.Event {
	return c.Event{Slot: slot, Span: c.Span{Start: start, End: end}}
}

var (
	digits  = c.Plus(c.DIGIT)
	letters = c.Plus(c.ALPHA)
)

func TestEvents(t *testing.T) {
	tests := []struct {
		name string
		rule *c.Rule
		in   string
		want []c.Event // nil with ok false: no match
		ok   bool
	}{
		{"a repetition of captures", c.Seq(c.Capture(0, digits), c.Star(c.Seq(c.Lit(","), c.Capture(0, digits)))),
			"1,22,333", []c.Event{ev(0, 0, 1), ev(0, 2, 4), ev(0, 5, 8)}, true},
		{"nested repetitions, the enclosing capture first",
			c.Star(c.Seq(c.Lit(";"), c.Capture(0, c.Seq(c.Capture(1, letters), c.Star(c.Seq(c.Lit(","), c.Capture(2, digits))))))),
			";a,1,2;b", []c.Event{ev(0, 1, 6), ev(1, 1, 2), ev(2, 3, 4), ev(2, 5, 6), ev(0, 7, 8), ev(1, 7, 8)}, true},
		{"an alternative that fails after capturing",
			c.Alt(c.Seq(c.Capture(0, letters), c.Lit("!")), c.Seq(c.Capture(1, letters), c.Lit("?"))),
			"ab?", []c.Event{ev(1, 0, 2)}, true},
		{"the last repetition fails after capturing",
			c.Seq(c.Star(c.Seq(c.Capture(0, c.ALPHA), c.Lit(";"))), c.Capture(1, letters)),
			"a;b;cd", []c.Event{ev(0, 0, 1), ev(0, 2, 3), ev(1, 4, 6)}, true},
		{"an Opt that fails after capturing",
			c.Seq(c.Opt(c.Seq(c.Capture(0, digits), c.Lit(":"))), c.Capture(1, c.Plus(c.Alt(c.ALPHA, c.DIGIT)))),
			"12ab", []c.Event{ev(1, 0, 4)}, true},
		{"an Opt that matches",
			c.Seq(c.Opt(c.Seq(c.Capture(0, digits), c.Lit(":"))), c.Capture(1, c.Plus(c.Alt(c.ALPHA, c.DIGIT)))),
			"12:ab", []c.Event{ev(0, 0, 2), ev(1, 3, 5)}, true},
		{"a Peek captures nothing", c.Seq(c.Peek(c.Capture(0, c.ALPHA)), c.Capture(1, letters)),
			"ab", []c.Event{ev(1, 0, 2)}, true},
		{"a Not whose rule fails after capturing", c.Seq(c.Not(c.Seq(c.Capture(0, c.ALPHA), c.DIGIT)), c.Capture(1, letters)),
			"ab", []c.Event{ev(1, 0, 2)}, true},
		{"captures of one span, the enclosing one first", c.Capture(0, c.Capture(1, c.Lit("x"))),
			"x", []c.Event{ev(0, 0, 1), ev(1, 0, 1)}, true},
		{"empty captures", c.Seq(c.Capture(0, c.Lit("")), c.Capture(1, c.Star(c.DIGIT))),
			"", []c.Event{ev(0, 0, 0), ev(1, 0, 0)}, true},
		{"a capture inside one of its own slot: Captures keeps the enclosing one, which finished last",
			c.Capture(0, c.Seq(c.Capture(0, c.Lit("a")), c.Lit("b"))), "ab", []c.Event{ev(0, 0, 2), ev(0, 0, 1)}, true},
		{"any slot", c.Capture(30000, c.Lit("x")), "x", []c.Event{ev(30000, 0, 1)}, true},
		{"no capture", letters, "ab", nil, true},
		{"no match", c.Capture(0, letters), "a1", nil, false},
		{"a prefix is no match", c.Capture(0, c.ALPHA), "ab", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.rule.Events(tt.in)
			if ok != tt.ok {
				t.Fatalf("Events(%q) ok = %v, want %v", tt.in, ok, tt.ok)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Events(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestEventsOverflow(t *testing.T) {
	r := c.Star(c.Seq(c.Capture(0, c.ALPHA), c.Opt(c.Capture(1, c.DIGIT))))
	in := strings.Repeat("a1b", 40) // 120 events, past the buffer on the stack
	var want []c.Event
	for i := 0; i < len(in); i++ {
		slot := 0
		if in[i] == '1' {
			slot = 1
		}
		want = append(want, ev(slot, i, i+1))
	}
	got, ok := r.Events(in)
	if !ok {
		t.Fatal("no match")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if n := testing.AllocsPerRun(20, func() { r.Events(in) }); n != 1 {
		t.Errorf("Events allocates %v times, want 1", n)
	}
	if n := testing.AllocsPerRun(20, func() { r.Events("a1") }); n != 1 {
		t.Errorf("Events of two events allocates %v times, want 1", n)
	}
	if n := testing.AllocsPerRun(20, func() { r.Events("") }); n != 0 {
		t.Errorf("Events without events allocates %v times, want 0", n)
	}

	// AppendEvents keeps what dst holds, and writes in place when it has room.
	dst := append(make([]c.Event, 0, 200), ev(9, 0, 0))
	got, ok = r.AppendEvents(dst, in)
	if !ok || &got[0] != &dst[0] {
		t.Fatalf("AppendEvents did not append in place (ok %v)", ok)
	}
	if diff := cmp.Diff(append([]c.Event{ev(9, 0, 0)}, want...), got); diff != "" {
		t.Errorf("AppendEvents (-want +got):\n%s", diff)
	}
	if n := testing.AllocsPerRun(20, func() { r.AppendEvents(dst[:1], in) }); n != 0 {
		t.Errorf("AppendEvents with room allocates %v times, want 0", n)
	}
	if got, ok := r.AppendEvents(dst[:1], "1"); ok || len(got) != 1 {
		t.Errorf("AppendEvents of no match = %v, %v; want dst, false", got, ok)
	}
}

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

// genRule draws a rule over the bytes "abc" with captures whose slots are
// never used by a capture around them (used), so that the last event of a
// slot is the one Captures keeps.
func genRule(t *rapid.T, depth int, used uint8) *c.Rule {
	leaves := []*c.Rule{c.Lit("a"), c.Lit("ab"), c.Lit(""), c.Class(c.Chars("ab")), c.Class(c.Chars("bc")), c.End}
	if depth == 0 {
		return leaves[rapid.IntRange(0, len(leaves)-1).Draw(t, "leaf")]
	}
	sub := func() *c.Rule { return genRule(t, depth-1, used) }
	switch rapid.IntRange(0, 9).Draw(t, "op") {
	case 0:
		return leaves[rapid.IntRange(0, len(leaves)-1).Draw(t, "leaf")]
	case 1:
		return c.Seq(sub(), sub(), sub())
	case 2:
		return c.Alt(sub(), sub())
	case 3:
		lo := rapid.IntRange(0, 2).Draw(t, "min")
		hi := rapid.IntRange(lo, 3).Draw(t, "max")
		if rapid.Bool().Draw(t, "unbounded") {
			hi = c.Unbounded
		}
		return c.Rep(lo, hi, sub())
	case 4, 5:
		var free []int
		for s := 0; s < 4; s++ {
			if used&(1<<s) == 0 {
				free = append(free, s)
			}
		}
		if len(free) == 0 {
			return sub()
		}
		s := free[rapid.IntRange(0, len(free)-1).Draw(t, "slot")]
		return c.Capture(s, genRule(t, depth-1, used|1<<s))
	case 6:
		return c.Not(sub())
	case 7:
		return c.Peek(sub())
	case 8:
		return c.Named(rapid.SampledFrom([]string{"x", "y"}).Draw(t, "name"), sub())
	default:
		return c.Seq(sub(), sub())
	}
}

// TestEventsLaws checks on random grammars and inputs that Events matches
// where Match does; that its spans come in order of their starts and lie
// inside the input; and that the last event of each slot is what Captures
// reports (a slot without an event: NoSpan).
func TestEventsLaws(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRule(t, 4, 0)
		s := rapid.StringOfN(rapid.SampledFrom([]rune("abc")), 0, 10, -1).Draw(t, "s")
		events, ok := r.Events(s)
		if ok != r.Match(s) {
			t.Fatalf("Events ok %v, Match %v", ok, !ok)
		}
		var spans [4]c.Span
		if r.Captures(s, spans[:]) != ok {
			t.Fatalf("Captures disagrees with Match")
		}
		if !ok {
			return
		}
		last := [4]c.Span{c.NoSpan, c.NoSpan, c.NoSpan, c.NoSpan}
		for i, e := range events {
			if e.Start < 0 || e.Start > e.End || e.End > len(s) {
				t.Fatalf("event %d %v outside %q", i, e, s)
			}
			if i > 0 && e.Start < events[i-1].Start {
				t.Fatalf("event %d %v starts before event %d %v", i, e, i-1, events[i-1])
			}
			last[e.Slot] = e.Span
		}
		if diff := cmp.Diff(spans, last); diff != "" {
			t.Fatalf("Captures (-) and the last events (+) of %v:\n%s", r, diff)
		}
	})
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

// FuzzEventsURI checks on the URI-reference grammar with a capture around
// each component that Events and Tree match where Match does, and that the
// last event of each slot is what Captures reports (no capture of it holds
// another of its slot).
func FuzzEventsURI(f *testing.F) {
	for _, s := range []string{"http://u@h:1/a/b?q#f", "//h", "a:b", "?", "#", "../x", "s://[::1]/", "x y"} {
		f.Add(s)
	}
	r := urigrammar.URIReference
	f.Fuzz(func(t *testing.T, s string) {
		events, ok := r.Events(s)
		_, err := r.Tree(s, "scheme", "host", "segment")
		if ok != r.Match(s) || ok != (err == nil) {
			t.Fatalf("%q: Events %v, Tree %v, Match %v", s, ok, err, r.Match(s))
		}
		var spans, last [urigrammar.NSlots]c.Span
		r.Captures(s, spans[:])
		if !ok {
			return
		}
		for i := range last {
			last[i] = c.NoSpan
		}
		for _, e := range events {
			last[e.Slot] = e.Span
		}
		if diff := cmp.Diff(spans, last); diff != "" {
			t.Fatalf("%q: Captures (-) and the last events (+):\n%s", s, diff)
		}
	})
}
