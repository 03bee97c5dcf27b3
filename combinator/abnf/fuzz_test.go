package abnf

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/combinator"
	"pgregory.net/rapid"
)

// FuzzParse: any text of up to 64 KiB, ABNF or not, is compiled or
// refused with an *Error, never a panic, with or without the options that
// read #lists and bytes; every rule compiled then matches any input of up
// to 1 MiB without a panic, Match and Check agreeing, a failed Check a
// *combinator.SyntaxError (or a *combinator.LimitError) at an offset in
// the input, not before the longest match's end when the rule is exact.
// FuzzGrammarsAgainstEarley checks the offsets themselves.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"a = \"x\" / b\nb = *%x30-39\n",
		"a = \"(\" *( b / a ) \")\"\nb = %x61-7A\n",
		"a = 2*3( %s\"Ab\" / %i\"c\" ) [ %d65.66 ] 0<p>\n",
		"a = b\nb = a\n",
		"   x = %x10000-10FFFF\n         / \"y\" ; c\r\n",
		"l = 1#( \"a\" / %xE9 ) 2#3\"b\"\n",
	} {
		f.Add(s, "(ab)x")
	}
	f.Fuzz(func(t *testing.T, src, in string) {
		if len(src) > 64<<10 || len(in) > 1<<20 {
			return
		}
		// The options read the same text otherwise: #lists, bytes.
		if g, err := ParseWith(src, WithEncoding(Octets), Lists(ListRecipient)); err == nil {
			for _, name := range g.Names() {
				if r := g.MustRule(name); r.Match(in) != (r.Check(in) == nil) {
					t.Fatalf("octets, lists: rule %s of %q: Match(%q) and Check disagree", name, src, in)
				}
			}
		} else if !errors.As(err, new(*Error)) {
			t.Fatalf("ParseWith(%q, Octets, Lists) = %v, not an *Error", src, err)
		}
		g, err := Parse(src)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q) = %v, not an *Error", src, err)
			}
			if len(err.Error()) > 1024 {
				t.Fatalf("a message of %d bytes", len(err.Error()))
			}
			return
		}
		for _, name := range g.Names() {
			r := g.MustRule(name)
			err := r.Check(in)
			if r.Match(in) != (err == nil) {
				t.Fatalf("rule %s of %q: Match(%q) and Check disagree", name, src, in)
			}
			n, ok := r.Prefix(in)
			if ok && (n < 0 || n > len(in)) {
				t.Fatalf("Prefix = %d", n)
			}
			var se *combinator.SyntaxError
			var le *combinator.LimitError
			switch {
			case err == nil || errors.As(err, &le):
			case !errors.As(err, &se):
				t.Fatalf("rule %s of %q: Check(%q) = %v, not a SyntaxError", name, src, in, err)
			case se.Offset < 0 || se.Offset > len(in) || ok && se.Offset < n:
				t.Fatalf("rule %s of %q: Check(%q) at %d, the longest match %d, %v", name, src, in, se.Offset, n, ok)
			}
		}
	})
}

// sampleBounded draws a string of n's language, following references at
// most depth deep; ok is false when it gave up.
func (g *ggrammar) sampleBounded(t *rapid.T, n *gnode, depth int) (s string, ok bool) {
	switch n.kind {
	case gAlt:
		return g.sampleBounded(t, n.subs[rapid.IntRange(0, len(n.subs)-1).Draw(t, "alt")], depth)
	case gSeq, gRep, gOpt:
		k := 1
		switch n.kind {
		case gSeq:
			k = len(n.subs)
		case gRep:
			hi := n.max
			if hi == -1 {
				hi = n.min + 3
			}
			k = rapid.IntRange(n.min, hi).Draw(t, "times")
		case gOpt:
			k = rapid.IntRange(0, 1).Draw(t, "opt")
		}
		var b strings.Builder
		for j := 0; j < k; j++ {
			sub := n.subs[min(j, len(n.subs)-1)]
			x, ok := g.sampleBounded(t, sub, depth)
			if !ok {
				return "", false
			}
			b.WriteString(x)
		}
		return b.String(), true
	case gRef:
		if depth == 0 {
			return "", false
		}
		bodies := g.rules[n.ref]
		return g.sampleBounded(t, bodies[rapid.IntRange(0, len(bodies)-1).Draw(t, "inc")], depth-1)
	}
	return g.sampleNode(t, n), true
}

// FuzzGrammarsAgainstEarley: ABNF grammars the fuzzer's bytes choose
// (recursion of every kind, left recursion included, written with RFC
// 5234's liberties) of up to 64 KiB, and inputs of up to 1 MiB (a string
// of a rule's language or not, repeated). Each rule's Match, Prefix (the
// longest match) and Check (nil, or the offset where the input stops
// beginning a string of the language) agree with an Earley recognizer of
// the generator's own tree; up to 64 KiB, every rule's, and its Tree is a
// tree of the match. An input whose Earley sets pass 2^23 items (a big
// grammar on a long input) is skipped.
//
//	go test -run '^$' -fuzz FuzzGrammarsAgainstEarley ./combinator/abnf
func FuzzGrammarsAgainstEarley(f *testing.F) {
	for seed := range 8 {
		src := make([]byte, 64<<10)
		rand.NewChaCha8([32]byte{byte(seed), 52, 34}).Read(src)
		f.Add(src)
	}
	f.Fuzz(rapid.MakeFuzz(grammarsAgainstEarley))
}

// grammarsAgainstEarley is FuzzGrammarsAgainstEarley's property.
func grammarsAgainstEarley(t *rapid.T) {
	nrules := rapid.SampledFrom([]int{1, 2, 3, 5, 8, 40, 400}).Draw(t, "rules")
	gg := &ggrammar{}
	for i := 0; i < nrules; i++ {
		gg.names = append(gg.names, "r"+strconv.Itoa(i))
		gg.rules = append(gg.rules, []*gnode{genRecNode(t, rapid.IntRange(0, 3).Draw(t, "depth"), nrules)})
	}
	src := gg.abnf(t)
	if len(src) > 64<<10 {
		t.Skip("a grammar of more than 64 KiB")
	}
	g, err := Parse(src)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	b := toBNF(gg).trim()
	k := rapid.IntRange(0, nrules-1).Draw(t, "sampled")
	unit, ok := gg.sampleBounded(t, gg.rules[k][0], 8)
	if !ok || rapid.Bool().Draw(t, "random") {
		unit = rapid.StringOfN(rapid.SampledFrom([]rune("ab()A")), 0, 16, -1).Draw(t, "unit")
	}
	times := rapid.SampledFrom([]int{1, 2, 3, 10, 100, 1 << 10, 1 << 14, 1 << 20}).Draw(t, "times")
	in := strings.Repeat(unit, min(times, (1<<20)/max(1, len(unit))))
	in += rapid.StringOfN(rapid.SampledFrom([]rune("ab()")), 0, 4, -1).Draw(t, "tail")
	checked := []int{k}
	if len(in) <= 64<<10 {
		checked = checked[:0]
		for i := range nrules {
			checked = append(checked, i)
		}
	}
	for _, i := range checked {
		fuzzCheckRule(t, g, gg.names[i], src, in, b, b.of[i])
	}
}

// fuzzCheckRule compares the rule name's Match, Prefix, Check and Tree of
// in with the Earley oracle's start.
func fuzzCheckRule(t *rapid.T, g *Grammar, name, src, in string, b *trimmed, start int) {
	want, ok := b.run(start, []rune(in), 1<<23)
	if !ok {
		t.Skip("more than 2^23 Earley items")
	}
	r := g.MustRule(name)
	last := -1
	if len(want.ends) > 0 {
		last = want.ends[len(want.ends)-1]
	}
	match := last == len(in)
	if got := r.Match(in); got != match {
		t.Fatalf("grammar\n%s\nrule %s: Match of %d bytes = %v, Earley %v", src, name, len(in), got, match)
	}
	if got, ok := r.Prefix(in); ok != (last >= 0) || ok && got != last {
		t.Fatalf("grammar\n%s\nrule %s: Prefix of %d bytes = %d, %v; Earley's ends %v", src, name, len(in), got, ok, want.ends)
	}
	err := r.Check(in)
	var se *combinator.SyntaxError
	switch {
	case (err == nil) != match:
		t.Fatalf("grammar\n%s\nrule %s: Check of %d bytes = %v, Earley %v", src, name, len(in), err, match)
	case err != nil && !errors.As(err, &se):
		t.Fatalf("grammar\n%s\nrule %s: Check of %d bytes = %v, not a SyntaxError", src, name, len(in), err)
	case err != nil && want.scanning && se.Offset != want.far:
		t.Fatalf("grammar\n%s\nrule %s: Check of %d bytes: offset %d, Earley %d", src, name, len(in), se.Offset, want.far)
	case err != nil && !want.scanning && se.Offset != 0 && se.Offset != last:
		t.Fatalf("grammar\n%s\nrule %s: Check of %d bytes: offset %d, Earley: nothing expected, ends %v", src, name, len(in), se.Offset, want.ends)
	}
	if match && len(in) <= 64<<10 {
		tree, err := r.Tree(in)
		if err != nil || tree.Text != in {
			t.Fatalf("grammar\n%s\nrule %s: Tree of %d bytes: %v", src, name, len(in), err)
		}
		if bad := checkTree(g, tree); bad != "" {
			t.Fatalf("grammar\n%s\nrule %s: Tree of %d bytes: %s", src, name, len(in), bad)
		}
	}
}
