package abnf

import (
	"math"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/properties/rulegen"
	"pgregory.net/rapid"
)

// A second oracle, for grammars with recursion: an Earley recognizer over
// the generator's own tree (oracle_test.go), which decides membership in
// any context-free language, left recursion included.

// symbol is a nonterminal (>= 0, an index of bnf.rules) or a terminal
// (< 0, -1-index of bnf.terms).
type symbol int

type bnf struct {
	rules [][][]symbol // each nonterminal: its productions
	terms []func(rune) bool
	of    map[int]int // a rule of the generated grammar: its nonterminal
}

func (b *bnf) nonterminal() int {
	b.rules = append(b.rules, nil)
	return len(b.rules) - 1
}

func (b *bnf) term(f func(rune) bool) symbol {
	b.terms = append(b.terms, f)
	return symbol(-len(b.terms))
}

func toBNF(g *ggrammar) *bnf {
	b := &bnf{of: map[int]int{}}
	for i := range g.rules {
		b.of[i] = b.nonterminal()
	}
	for i, bodies := range g.rules {
		for _, body := range bodies {
			b.rules[b.of[i]] = append(b.rules[b.of[i]], b.seq(body))
		}
	}
	return b
}

// seq returns a production (a sequence of symbols) for n.
func (b *bnf) seq(n *gnode) []symbol {
	switch n.kind {
	case gSeq:
		var out []symbol
		for _, s := range n.subs {
			out = append(out, b.seq(s)...)
		}
		return out
	case gAlt:
		nt := b.nonterminal()
		for _, s := range n.subs {
			p := b.seq(s)
			b.rules[nt] = append(b.rules[nt], p)
		}
		return []symbol{symbol(nt)}
	case gOpt:
		nt := b.nonterminal()
		b.rules[nt] = [][]symbol{{}, b.seq(n.subs[0])}
		return []symbol{symbol(nt)}
	case gRep:
		var out []symbol
		for i := 0; i < n.min; i++ {
			out = append(out, b.seq(n.subs[0])...)
		}
		if n.max == -1 {
			star := b.nonterminal()
			b.rules[star] = [][]symbol{{}, append(b.seq(n.subs[0]), symbol(star))}
			return append(out, symbol(star))
		}
		for i := n.min; i < n.max; i++ {
			opt := b.nonterminal()
			b.rules[opt] = [][]symbol{{}, b.seq(n.subs[0])}
			out = append(out, symbol(opt))
		}
		return out
	case gRef:
		return []symbol{symbol(b.of[n.ref])}
	case gStr, gInsens:
		var out []symbol
		for _, r := range n.s {
			r := r
			out = append(out, b.term(func(c rune) bool {
				return c == r || r < 0x80 && (r|0x20 >= 'a' && r|0x20 <= 'z') && c^0x20 == r
			}))
		}
		return out
	case gSens, gVals:
		var out []symbol
		for _, r := range n.s {
			r := r
			out = append(out, b.term(func(c rune) bool { return c == r }))
		}
		return out
	case gRange:
		lo, hi := n.lo, n.hi
		return []symbol{b.term(func(c rune) bool { return c >= lo && c <= hi })}
	}
	return nil // gProse0: nothing
}

// recognizable reports whether the nonterminal derives some string at
// all (a rule that only recurses derives none).
func (b *bnf) recognizable(start int) bool {
	productive := make([]bool, len(b.rules))
	for changed := true; changed; {
		changed = false
		for nt, prods := range b.rules {
			if productive[nt] {
				continue
			}
		next:
			for _, p := range prods {
				for _, sym := range p {
					if sym >= 0 && !productive[sym] {
						continue next
					}
				}
				productive[nt], changed = true, true
				break
			}
		}
	}
	return productive[start]
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

// run is Earley's algorithm, the nullable nonterminals completed when
// predicted (Aycock and Horspool), keeping the seen-maps of two sets only,
// so that a mebibyte fits.
func (tb *trimmed) run(start int, in []rune, budget int) (res earleyRun, ok bool) {
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
			case k < len(in) && tb.terms[-1-int(prod[it.dot])](in[k]):
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

// recognize reports whether the nonterminal start derives s.
func (b *bnf) recognize(start int, s string) bool {
	in := []rune(s)
	res, _ := b.trim().run(start, in, math.MaxInt)
	return len(res.ends) > 0 && res.ends[len(res.ends)-1] == len(in)
}

// genRecursiveGrammar is genGrammar with references to any rule, the rule
// itself and earlier ones included.
func genRecursiveGrammar(t *rapid.T) *ggrammar {
	nrules := rapid.IntRange(1, 3).Draw(t, "rules")
	g := &ggrammar{}
	for i := 0; i < nrules; i++ {
		g.names = append(g.names, "r"+string(rune('a'+i)))
		g.rules = append(g.rules, []*gnode{genRecNode(t, 3, nrules)})
	}
	return g
}

func genRecNode(t *rapid.T, depth, nrules int) *gnode {
	kinds := []gkind{gStr, gSens, gRange, gRef, gRef}
	if depth > 0 {
		kinds = append(kinds, gAlt, gAlt, gSeq, gSeq, gSeq, gRep, gOpt)
	}
	n := &gnode{kind: rapid.SampledFrom(kinds).Draw(t, "kind")}
	switch n.kind {
	case gAlt, gSeq:
		for i, c := 0, rapid.IntRange(1, 3).Draw(t, "n"); i < c; i++ {
			n.subs = append(n.subs, genRecNode(t, depth-1, nrules))
		}
	case gRep:
		n.min = rapid.IntRange(0, 2).Draw(t, "min")
		n.max = rapid.SampledFrom([]int{-1, n.min, n.min + 1}).Draw(t, "max")
		n.subs = []*gnode{genRecNode(t, depth-1, nrules)}
	case gOpt:
		n.subs = []*gnode{genRecNode(t, depth-1, nrules)}
	case gRef:
		n.ref = rapid.IntRange(0, nrules-1).Draw(t, "ref")
	case gStr, gSens:
		n.s = rapid.StringOfN(rapid.SampledFrom([]rune("ab()")), 0, 2, -1).Draw(t, "s")
	case gRange:
		n.lo, n.hi = 'a', 'b'
	}
	return n
}

// TestRandomRecursiveGrammarsMatchEarley: each rule of a random grammar
// with recursion, left recursion included, accepts what an Earley
// recognizer of the same grammar accepts.
func TestRandomRecursiveGrammarsMatchEarley(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		gg := genRecursiveGrammar(t)
		src := gg.abnf(t)
		b := toBNF(gg)
		g, err := Parse(src)
		if err != nil {
			t.Fatalf("Parse(%q): %v", src, err)
		}
		for i := range gg.rules {
			rule := g.MustRule(gg.names[i])
			back, err := Parse(rule.Grammar())
			if err != nil {
				t.Fatalf("grammar\n%s\nrule %s: Parse(Grammar()) = %v\n%s", src, gg.names[i], err, rule.Grammar())
			}
			printed := back.MustRule(gg.names[i])
			var inputs []string
			for k := 0; k < 3; k++ {
				inputs = append(inputs, rapid.StringOfN(rapid.SampledFrom([]rune("ab()A")), 0, 8, -1).Draw(t, "s"))
			}
			if b.recognizable(b.of[i]) {
				// Strings of the language, and near misses, from rulegen.
				member := rulegen.Strings(rule).Draw(t, "member")
				if !b.recognize(b.of[i], member) {
					t.Fatalf("grammar\n%s\nrule %s: rulegen.Strings drew %q, which Earley refuses", src, gg.names[i], member)
				}
				inputs = append(inputs, member, rulegen.NearMisses(rule).Draw(t, "miss"))
			}
			for _, s := range inputs {
				if !utf8.ValidString(s) {
					continue
				}
				want := b.recognize(b.of[i], s)
				if got := rule.Match(s); got != want {
					t.Fatalf("grammar\n%s\nrule %s: Match(%q) = %v, Earley says %v", src, gg.names[i], s, got, want)
				}
				if got := printed.Match(s); got != want {
					t.Fatalf("grammar\n%s\nrule %s printed back\n%s: Match(%q) = %v, Earley says %v", src, gg.names[i], rule.Grammar(), s, got, want)
				}
				if got := rule.Check(s) == nil; got != want {
					t.Fatalf("grammar\n%s\nrule %s: Check(%q) = %v, Earley says %v", src, gg.names[i], s, rule.Check(s), want)
				}
				tree, err := rule.Tree(s)
				if (err == nil) != want {
					t.Fatalf("grammar\n%s\nrule %s: Tree(%q) = %v, Earley says %v", src, gg.names[i], s, err, want)
				}
				if err == nil {
					if bad := checkTree(g, tree); bad != "" {
						t.Fatalf("grammar\n%s\nrule %s: Tree(%q):\n%s%s", src, gg.names[i], s, tree, bad)
					}
				}
			}
		}
	})
}
