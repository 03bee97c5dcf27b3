package abnf

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/combinator"
	"pgregory.net/rapid"
)

// FuzzParse: any text of up to 64 KiB, ABNF or not, is compiled or
// refused with an *Error, never a panic; every rule compiled then matches
// any input of up to 1 MiB without a panic, Match and Check agreeing, a
// failed Check a *combinator.SyntaxError (or a *combinator.LimitError)
// at an offset in the input, not before the longest match's end when the
// rule is exact. FuzzGrammarsAgainstEarley checks the offsets themselves.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"a = \"x\" / b\nb = *%x30-39\n",
		"a = \"(\" *( b / a ) \")\"\nb = %x61-7A\n",
		"a = 2*3( %s\"Ab\" / %i\"c\" ) [ %d65.66 ] 0<p>\n",
		"a = b\nb = a\n",
		"   x = %x10000-10FFFF\n         / \"y\" ; c\r\n",
	} {
		f.Add(s, "(ab)x")
	}
	f.Fuzz(func(t *testing.T, src, in string) {
		if len(src) > 64<<10 || len(in) > 1<<20 {
			return
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

// earleyItem is an item of earleyRun, small so that a mebibyte fits.
type earleyItem struct{ nt, prod, dot, origin int32 }

// earleyRun is what the Earley oracle says of an input: the ends of the
// matches of start at 0, ascending, and far, the farthest offset whose
// set is not empty (the end of the longest prefix that begins a string of
// the language), with scanning reporting whether an item there expects a
// terminal. ok is false when the sets passed budget items.
type earleyRun struct {
	ends     []int
	far      int
	scanning bool
}

// trimmed is b without the productions of nonterminals that derive
// nothing (so that an Earley set is not empty only where the input begins
// a string), with the nullable nonterminals.
type trimmed struct {
	*bnf
	rules    [][][]symbol
	nullable []bool
}

func (b *bnf) trim() *trimmed {
	productive := make([]bool, len(b.rules))
	for changed := true; changed; {
		changed = false
		for nt, prods := range b.rules {
			for _, p := range prods {
				if !productive[nt] && !slices.ContainsFunc(p, func(s symbol) bool { return s >= 0 && !productive[s] }) {
					productive[nt], changed = true, true
				}
			}
		}
	}
	tb := &trimmed{bnf: b, rules: make([][][]symbol, len(b.rules)), nullable: make([]bool, len(b.rules))}
	for nt, prods := range b.rules {
		for _, p := range prods {
			if !slices.ContainsFunc(p, func(s symbol) bool { return s >= 0 && !productive[s] }) {
				tb.rules[nt] = append(tb.rules[nt], p)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for nt, prods := range tb.rules {
			for _, p := range prods {
				if !tb.nullable[nt] && !slices.ContainsFunc(p, func(s symbol) bool { return s < 0 || !tb.nullable[s] }) {
					tb.nullable[nt], changed = true, true
				}
			}
		}
	}
	return tb
}

// run is recognize on ASCII input, keeping the seen-maps of two sets only.
func (tb *trimmed) run(start int, in string, budget int) (res earleyRun, ok bool) {
	rules, nullable := tb.rules, tb.nullable
	sets := make([][]earleyItem, len(in)+1)
	seen := [2]map[earleyItem]bool{{}, {}}
	total := 0
	add := func(k int, it earleyItem) {
		if m := seen[k&1]; !m[it] {
			m[it] = true
			sets[k] = append(sets[k], it)
			total++
		}
	}
	for p := range rules[start] {
		add(0, earleyItem{int32(start), int32(p), 0, 0})
	}
	for k := 0; k <= len(in) && total <= budget; k++ {
		for i := 0; i < len(sets[k]); i++ {
			it := sets[k][i]
			prod := rules[it.nt][it.prod]
			switch {
			case int(it.dot) == len(prod):
				waiting := sets[it.origin]
				if int(it.origin) == k {
					waiting = slices.Clone(waiting)
				}
				for _, w := range waiting {
					if wp := rules[w.nt][w.prod]; int(w.dot) < len(wp) && wp[w.dot] == symbol(it.nt) {
						add(k, earleyItem{w.nt, w.prod, w.dot + 1, w.origin})
					}
				}
			case prod[it.dot] >= 0:
				next := prod[it.dot]
				for p := range rules[next] {
					add(k, earleyItem{int32(next), int32(p), 0, int32(k)})
				}
				if nullable[next] {
					add(k, earleyItem{it.nt, it.prod, it.dot + 1, it.origin})
				}
			case k < len(in) && tb.terms[-1-int(prod[it.dot])](rune(in[k])):
				add(k+1, earleyItem{it.nt, it.prod, it.dot + 1, it.origin})
			}
		}
		clear(seen[k&1])
		if len(sets[k]) == 0 {
			break // only a scan fills the next set
		}
		res.far = k
	}
	if total > budget {
		return res, false
	}
	for k, set := range sets {
		if slices.ContainsFunc(set, func(it earleyItem) bool {
			return int(it.nt) == start && it.origin == 0 && int(it.dot) == len(rules[it.nt][it.prod])
		}) {
			res.ends = append(res.ends, k)
		}
	}
	res.scanning = slices.ContainsFunc(sets[res.far], func(it earleyItem) bool {
		p := rules[it.nt][it.prod]
		return int(it.dot) < len(p) && p[it.dot] < 0
	})
	return res, true
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
	want, ok := b.run(start, in, 1<<23)
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
