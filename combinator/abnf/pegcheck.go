package abnf

import (
	"slices"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/combinator"
)

// The check of hand-written PEG rules against their ABNF reading.

const (
	perNode    = 24   // strings kept for each node of the grammar
	candidates = 4000 // strings tried at most
	refDepth   = 3    // how deep a recursive rule is unrolled
)

// PEGWitness compares the hand-written rule r, matched as a PEG (ordered
// choice, greedy repetition), with its ABNF reading (what r.String prints:
// every choice unordered, every repetition taking what the rest needs), and
// returns a string that one of them matches and the other does not, the
// shortest it finds, or found false when it finds none. An author who
// writes rules with the constructors learns where the order of alternatives
// or a greedy repetition changes the language:
//
//	phone := Seq(Lit("+"), Star(phonedigit), DIGIT, Star(phonedigit))
//	PEGWitness(phone) // "+0", which the ABNF accepts and the PEG refuses
//
// The strings tried are built from the grammar, small scope first: each
// alternative, repetition counts at and near their bounds, a few bytes of
// each character class; so a witness found is certain, and none found is
// strong evidence, not a proof, that the two agree.
func PEGWitness(r *combinator.Rule) (witness string, found bool) {
	exact, err := combinator.ExactGrammar(combinator.Def{Name: "abnf-reading", Body: r})
	if err != nil {
		return "", false
	}
	e := &enumerator{memo: map[*combinator.Rule][]string{}, open: map[*combinator.Rule]int{}}
	cands := e.strings(r)
	slices.SortStableFunc(cands, func(a, b string) int { return len(a) - len(b) })
	if len(cands) > candidates {
		cands = cands[:candidates]
	}
	for _, s := range cands {
		if r.Match(s) != exact[0].Match(s) {
			return s, true
		}
		// One byte more or less: where a PEG with look-aheads and the ABNF
		// part ways, near the strings of the language.
		for _, t := range []string{s + "a", s + "0", s + "/", s[:max(0, len(s)-1)]} {
			if utf8.ValidString(t) && r.Match(t) != exact[0].Match(t) {
				return t, true
			}
		}
	}
	return "", false
}

type enumerator struct {
	memo map[*combinator.Rule][]string
	open map[*combinator.Rule]int
}

// strings returns up to perNode strings of r's ABNF reading, short first.
func (e *enumerator) strings(r *combinator.Rule) []string {
	if v, ok := e.memo[r]; ok {
		return v
	}
	var out []string
	subs := r.Subs()
	switch r.Op() {
	case combinator.OpLit:
		out = []string{r.Literal()}
	case combinator.OpLitFold:
		lit := []byte(r.Literal())
		up := make([]byte, len(lit))
		for i, c := range lit {
			up[i] = c
			if c|0x20 >= 'a' && c|0x20 <= 'z' {
				up[i] = c ^ 0x20
			}
		}
		out = uniq([]string{string(lit), string(up)})
	case combinator.OpClass:
		set := r.Set()
		var members []byte
		for c := 0; c < 256; c++ {
			if set.Contains(byte(c)) {
				members = append(members, byte(c))
			}
		}
		for i, c := range members {
			// The first, the last and every fourth: each kind of byte of
			// a small set, a sample of a large one.
			if i == 0 || i == len(members)-1 || i%4 == 0 || c == '%' || c == ':' || c == '.' || c == '/' {
				out = append(out, string([]byte{c}))
			}
		}
	case combinator.OpRunes:
		for _, rg := range r.Runes().Ranges() {
			for _, c := range []rune{rg.Lo, rg.Hi} {
				if utf8.ValidRune(c) {
					out = append(out, string(c))
				}
			}
		}
	case combinator.OpSeq:
		out = []string{""}
		for _, s := range subs {
			out = product(out, e.strings(s))
		}
	case combinator.OpAlt:
		for _, s := range subs {
			out = append(out, e.strings(s)...)
		}
	case combinator.OpRep:
		sub := e.strings(subs[0])
		counts := []int{r.Min(), r.Min() + 1, r.Min() + 2}
		if m := r.Max(); m != combinator.Unbounded && m <= r.Min()+8 {
			counts = append(counts, m)
		}
		for _, n := range counts {
			if r.Max() != combinator.Unbounded && n > r.Max() {
				continue
			}
			acc := []string{""}
			for i := 0; i < n; i++ {
				acc = product(acc, sub)
			}
			out = append(out, acc...)
		}
	case combinator.OpCapture:
		out = e.strings(subs[0])
	case combinator.OpExact, combinator.OpRef:
		t := r
		if r.Op() == combinator.OpRef {
			t = r.Target()
		}
		if t == nil || e.open[t] >= refDepth {
			return nil
		}
		e.open[t]++
		out = e.strings(t.Subs()[0])
		e.open[t]--
		e.memo[r] = trim(out)
		return e.memo[r]
	case combinator.OpNot, combinator.OpPeek, combinator.OpEnd:
		out = []string{""}
	}
	out = trim(out)
	e.memo[r] = out
	return out
}

// product returns the concatenations of a string of a and one of b, at
// most perNode of them, pairing each string of each side at least once.
func product(a, b []string) []string {
	var out []string
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	for i := 0; i < max(len(a), len(b)) && len(out) < 4*perNode; i++ {
		out = append(out, a[i%len(a)]+b[i%len(b)])
	}
	for _, x := range a {
		for _, y := range b {
			if len(out) >= 4*perNode {
				return trim(out)
			}
			out = append(out, x+y)
		}
	}
	return trim(out)
}

// trim keeps the distinct strings of out, at most perNode, the shortest
// and a spread of the others.
func trim(out []string) []string {
	out = uniq(out)
	if len(out) <= perNode {
		return out
	}
	slices.SortStableFunc(out, func(a, b string) int { return len(a) - len(b) })
	kept := out[: perNode/2 : perNode/2]
	step := (len(out) - perNode/2) / (perNode / 2)
	for i := perNode / 2; i < len(out) && len(kept) < perNode; i += max(step, 1) {
		kept = append(kept, out[i])
	}
	return kept
}

func uniq(in []string) []string {
	seen := map[string]bool{}
	out := in[:0:0]
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
