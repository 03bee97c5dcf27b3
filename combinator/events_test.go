package combinator_test

import (
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

// TestAppendEventsFillsExactRoom: AppendEvents "allocates nothing when dst
// has room for the events", also when they are more than the buffer on the
// stack and fill dst's room exactly (35 events, room for 35).
func TestAppendEventsFillsExactRoom(t *testing.T) {
	r := c.Star(c.Seq(c.Capture(0, c.ALPHA), c.Opt(c.Capture(1, c.DIGIT))))
	in := strings.Repeat("a1b", 11) + "a1" // 35 events: one per byte
	want, ok := r.Events(in)
	if !ok || len(want) != 35 {
		t.Fatalf("Events: %d events, %v; want 35", len(want), ok)
	}
	dst := make([]c.Event, 0, 35)
	got, ok := r.AppendEvents(dst, in)
	if d := cmp.Diff(want, got); !ok || d != "" {
		t.Fatalf("AppendEvents (-want +got), ok %v:\n%s", ok, d)
	}
	if &got[0] != &dst[:1][0] {
		t.Error("the events were not written in dst's room")
	}
	if n := testing.AllocsPerRun(20, func() { r.AppendEvents(dst[:0], in) }); n != 0 {
		t.Errorf("AppendEvents with exact room allocates %v times, want 0", n)
	}
}
