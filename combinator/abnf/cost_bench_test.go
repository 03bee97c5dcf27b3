package abnf

import (
	"os"
	"strings"
	"testing"
)

// The cost of matching, per input byte, for each shape of issue 40 and
// for real recursive grammars, at 1 KiB, 64 KiB, 1 MiB and 16 MiB:
//
//	go test -run '^$' -bench Cost -benchmem -cpu 1 -benchtime 1x ./combinator/abnf
//
// ns/op over the size gives the time a byte; B/op over it the bytes a byte.

// costShape is a grammar, the rule matched and a maker of an input of
// about n bytes that matches it.
type costShape struct {
	name, src, rule string
	input           func(n int) string
}

func repeatTo(unit string, n int) string {
	return strings.Repeat(unit, max(1, n/len(unit)))
}

func costShapes(tb testing.TB) []costShape {
	var cycle strings.Builder
	for i := 0; i < 999; i++ {
		cycle.WriteString("r" + itoa(i) + " = \"x\" r" + itoa(i+1) + "\n")
	}
	cycle.WriteString("r999 = \"y\" / \"x\" r0\n")
	json, err := os.ReadFile("testdata/cost/rfc8259.abnf")
	if err != nil {
		tb.Fatal(err)
	}
	return []costShape{
		{"cycle-of-1000-rules", cycle.String(), "r0", func(n int) string {
			return strings.Repeat("x", 999+1000*max(0, n/1000-1)) + "y"
		}},
		{"comment-nested", "c = \"(\" *(ctext / c) \")\"\nctext = %x21-27 / %x2A-5B / %x5D-7E\n", "c", func(n int) string {
			return strings.Repeat("(", n/2) + strings.Repeat(")", n/2)
		}},
		{"comment-flat", "c = \"(\" *(ctext / c) \")\"\nctext = %x21-27 / %x2A-5B / %x5D-7E\n", "c", func(n int) string {
			return "(" + repeatTo("ab(cd)ef", n-2) + ")"
		}},
		{"star-of-runs-and-groups", "s = *x\nx = 1*\"a\" / \"(\" s \")\"\n", "s", func(n int) string {
			return repeatTo("aaa(aa(a)a)", n)
		}},
		{"right-recursive-ldh", "ldh = ld / ld ldh\nld = ALPHA / DIGIT / \"-\"\n", "ldh", func(n int) string {
			return repeatTo("a-", n) + "a"
		}},
		{"tail-list", "l = \"x\" [ \",\" l ]\n", "l", func(n int) string {
			return repeatTo("x,", n) + "x"
		}},
		{"right-recursive-expr", "e = t / t \"+\" e\nt = \"x\" / \"(\" e \")\"\n", "e", func(n int) string {
			return repeatTo("x+(x+x)+", n) + "x"
		}},
		{"left-recursive-list", "l = l \",\" i / i\ni = 1*ALPHA / \"(\" l \")\"\n", "l", func(n int) string {
			return repeatTo("ab,(c,d),", n) + "e"
		}},
		{"rfc8259-json", string(json), "JSON-text", func(n int) string {
			return "[" + repeatTo(`{"a": [1, -2.5e3, "x\u00e9\"y"], "b": {"c": null, "d": [true, false]}}, `, n) + "0]"
		}},
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

func BenchmarkCost(b *testing.B) {
	for _, sh := range costShapes(b) {
		g, err := Parse(sh.src)
		if err != nil {
			b.Fatalf("%s: %v", sh.name, err)
		}
		r := g.MustRule(sh.rule)
		for _, n := range []int{1 << 10, 1 << 16, 1 << 20, 1 << 24} {
			s := sh.input(n)
			if !r.Match(s) {
				b.Fatalf("%s: no match of %d bytes: %v", sh.name, len(s), r.Check(s))
			}
			b.Run(sh.name+"/"+sizeLabel(n), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(s)))
				for i := 0; i < b.N; i++ {
					r.Match(s)
				}
			})
		}
	}
}

func sizeLabel(n int) string {
	switch {
	case n >= 1<<20:
		return itoa(n>>20) + "MiB"
	}
	return itoa(n>>10) + "KiB"
}

// TestCostShapesMatch: each shape of the cost table matches its input of
// 64 KiB, and fails where the input is cut short, in a match and in Check.
func TestCostShapesMatch(t *testing.T) {
	for _, sh := range costShapes(t) {
		g, err := Parse(sh.src)
		if err != nil {
			t.Fatalf("%s: %v", sh.name, err)
		}
		r := g.MustRule(sh.rule)
		s := sh.input(1 << 16)
		if err := r.Check(s); err != nil {
			t.Errorf("%s: Check of %d bytes = %v", sh.name, len(s), err)
		}
		if cut := s[:len(s)-1] + "\x00"; r.Match(cut) || r.Check(cut) == nil {
			t.Errorf("%s: the input with its last byte changed matched", sh.name)
		}
	}
}
