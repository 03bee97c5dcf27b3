package combinator

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// exactRules compiles defs, given as name and body, and returns the first
// rule, prepared.
func exactRules(t testing.TB, defs ...Def) *Rule {
	t.Helper()
	rules, err := ExactGrammar(defs...)
	if err != nil {
		t.Fatal(err)
	}
	return rules[0].prepared()
}

// recogCost matches r (not regular) against the whole of s with the
// recognizer and returns the steps it took, the most bytes it held at
// once and the end of its longest match.
func recogCost(t testing.TB, r *Rule, s string) (steps, peak int64, end int) {
	t.Helper()
	if r.ex.prog == nil {
		t.Fatalf("%s is an automaton, not a recognizer's program", r.name)
	}
	b := &budget{lim: DefaultLimits, rule: r}
	m := r.ex.prog.match(s, 0, b)
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.steps, b.peak, m.end
}

var (
	ctextSet = ByteRange(0x21, 0x27).Union(ByteRange(0x2A, 0x5B), ByteRange(0x5D, 0x7E))
	alphaSet = ByteRange('a', 'z').Union(ByteRange('A', 'Z'))
)

// recogShape is a grammar of recursive rules and an input of about n
// bytes of its first rule.
type recogShape struct {
	name  string
	defs  []Def
	input func(n int) string
}

func recogShapes() []recogShape {
	rep := func(unit string, n int) string { return strings.Repeat(unit, max(1, n/len(unit))) }
	comment := Def{Name: "c", Body: Seq(Lit("("), Star(Alt(Class(ctextSet), Ref("c"))), Lit(")"))}
	return []recogShape{
		{"right recursion e = t / t \"+\" e", []Def{
			{Name: "e", Body: Alt(Ref("t"), Seq(Ref("t"), Lit("+"), Ref("e")))},
			{Name: "t", Body: Alt(Lit("x"), Seq(Lit("("), Ref("e"), Lit(")")))},
		}, func(n int) string { return rep("x+(x+x)+", n) + "x" }},
		{"left recursion l = l \",\" i / i", []Def{
			{Name: "l", Body: Alt(Seq(Ref("l"), Lit(","), Ref("i")), Ref("i"))},
			{Name: "i", Body: Alt(Plus(Class(alphaSet)), Seq(Lit("("), Ref("l"), Lit(")")))},
		}, func(n int) string { return rep("ab,(c,d),", n) + "e" }},
		{"s = *x, x = 1*\"a\" / \"(\" s \")\"", []Def{
			{Name: "s", Body: Star(Ref("x"))},
			{Name: "x", Body: Alt(Plus(Lit("a")), Seq(Lit("("), Ref("s"), Lit(")")))},
		}, func(n int) string { return rep("aaa(aa(a)a)", n) }},
		{"flat comments", []Def{comment}, func(n int) string { return "(" + rep("ab(cd)ef", n) + ")" }},
		{"a body after blank lines a header may absorb", []Def{
			// As RFC 5322's message: a header value may hold line ends, so
			// that each blank line of the body may be where the body starts.
			{Name: "m", Body: Seq(Star(Seq(Lit("F:"), Ref("v"), Lit("\r\n"))), Lit("\r\n"), Ref("b"))},
			{Name: "v", Body: Star(Alt(Class(ByteRange(0x20, 0x7E)), Lit("\r\n")))},
			{Name: "b", Body: Seq(Star(Alt(Class(ByteRange(0x20, 0x7E)), Lit("\r\n"))), Opt(Seq(Lit("{"), Ref("b"), Lit("}"))))},
		}, func(n int) string { return "F:x\r\n\r\n" + rep("a line\r\n\r\n", n) }},
	}
}

// TestRecognizerStepsAndMemoryPerByteStayFlat: on the recursive shapes of
// issue 40, the recognizer's steps (items handled and bytes read) a byte
// are the same on 64 KiB and 256 KiB, and the bytes it holds do not grow:
// Leo's memo completes a right recursion in one step, the nodes no item
// can reach are dropped, and the invocations an ambiguous grammar starts
// at offset after offset for the same end are one.
func TestRecognizerStepsAndMemoryPerByteStayFlat(t *testing.T) {
	for _, sh := range recogShapes() {
		r := exactRules(t, sh.defs...)
		recogCost(t, r, sh.input(1<<12)) // the states, built once
		var perByte [2]float64
		var peaks [2]int64
		for i, n := range []int{1 << 16, 1 << 18} {
			s := sh.input(n)
			steps, peak, end := recogCost(t, r, s)
			if end != len(s) {
				t.Fatalf("%s: the longest match of %d bytes ends at %d", sh.name, len(s), end)
			}
			perByte[i], peaks[i] = float64(steps)/float64(len(s)), peak
		}
		if perByte[1] > perByte[0]*1.01 {
			t.Errorf("%s: %.3f steps a byte on 64 KiB, %.3f on 256 KiB", sh.name, perByte[0], perByte[1])
		}
		if peaks[1] > peaks[0]+16<<10 {
			t.Errorf("%s: %d bytes held on 64 KiB, %d on 256 KiB", sh.name, peaks[0], peaks[1])
		}
	}
}

// TestNestingHoldsMemoryInProportionToDepth: comments nested n deep hold
// one node and one waiting item a level, 20 bytes and 4 while the dead
// nodes are looked for, twice that while a slice grows.
func TestNestingHoldsMemoryInProportionToDepth(t *testing.T) {
	r := exactRules(t, Def{Name: "c", Body: Seq(Lit("("), Star(Alt(Class(ctextSet), Ref("c"))), Lit(")"))})
	for _, depth := range []int{1 << 12, 1 << 16, 1 << 18} {
		s := strings.Repeat("(", depth) + strings.Repeat(")", depth)
		_, peak, end := recogCost(t, r, s)
		if end != len(s) {
			t.Fatalf("depth %d: the match ends at %d", depth, end)
		}
		if per := float64(peak) / float64(depth); per > 52 {
			t.Errorf("depth %d: %d bytes held, %.1f a level", depth, peak, per)
		}
	}
}

// fixOracle decides membership in the language of an exact grammar
// independently of the recognizer: for each definition and each start
// offset, the set of the ends of its matches there, as the least fixpoint
// of the equations the bodies make, iterated until nothing changes (no
// items, no automata, no procedures). Inputs are at most 63 bytes.
type fixOracle struct {
	index map[*Rule]int // a definition: its row of ends
	defs  []*Rule
	in    string
	ends  [][]uint64 // [definition][start]: a set of ends
}

func newFixOracle(defs []*Rule, in string) *fixOracle {
	o := &fixOracle{index: map[*Rule]int{}, defs: defs, in: in}
	for i, d := range defs {
		o.index[d] = i
		o.ends = append(o.ends, make([]uint64, len(in)+1))
	}
	for changed := true; changed; {
		changed = false
		for i, d := range defs {
			for at := 0; at <= len(in); at++ {
				if e := o.node(d.subs[0], at) | o.ends[i][at]; e != o.ends[i][at] {
					o.ends[i][at], changed = e, true
				}
			}
		}
	}
	return o
}

// node returns the ends of the matches of r at offset at.
func (o *fixOracle) node(r *Rule, at int) uint64 {
	switch r.kind {
	case kLit:
		if strings.HasPrefix(o.in[at:], r.lit) {
			return 1 << (at + len(r.lit))
		}
	case kClass:
		if at < len(o.in) && r.set.Contains(o.in[at]) {
			return 1 << (at + 1)
		}
	case kSeq:
		cur := uint64(1) << at
		for _, s := range r.subs {
			cur = o.step(s, cur)
		}
		return cur
	case kAlt:
		var e uint64
		for _, s := range r.subs {
			e |= o.node(s, at)
		}
		return e
	case kRep:
		cur := uint64(1) << at
		for k := 0; k < r.min; k++ {
			cur = o.step(r.subs[0], cur)
		}
		acc := cur
		for k := r.min; r.max == Unbounded || k < r.max; k++ {
			cur = o.step(r.subs[0], cur)
			if cur|acc == acc {
				break
			}
			acc |= cur
		}
		return acc
	case kRef, kExact:
		return o.ends[o.index[r.target()]][at]
	}
	return 0
}

// step returns the ends of the matches of r from any offset of starts.
func (o *fixOracle) step(r *Rule, starts uint64) uint64 {
	var e uint64
	for s := starts; s != 0; s &= s - 1 {
		e |= o.node(r, bits.TrailingZeros64(s))
	}
	return e
}

// genExactBody draws a body of a definition over the letters "ab()",
// naming any of nrules definitions.
func genExactBody(t *rapid.T, depth, nrules int) *Rule {
	kinds := []string{"lit", "class", "ref", "ref"}
	if depth > 0 {
		kinds = append(kinds, "alt", "alt", "seq", "seq", "seq", "rep")
	}
	switch rapid.SampledFrom(kinds).Draw(t, "kind") {
	case "lit":
		return Lit(rapid.StringOfN(rapid.SampledFrom([]rune("ab()")), 0, 2, -1).Draw(t, "lit"))
	case "class":
		return Class(Chars(rapid.SampledFrom([]string{"a", "ab", "()", "b("}).Draw(t, "class")))
	case "ref":
		return Ref(fmt.Sprintf("r%d", rapid.IntRange(0, nrules-1).Draw(t, "ref")))
	case "rep":
		lo := rapid.IntRange(0, 2).Draw(t, "min")
		hi := rapid.SampledFrom([]int{Unbounded, lo, lo + 1}).Draw(t, "max")
		return Rep(lo, hi, genExactBody(t, depth-1, nrules))
	}
	var subs []*Rule
	for i, n := 0, rapid.IntRange(1, 3).Draw(t, "n"); i < n; i++ {
		subs = append(subs, genExactBody(t, depth-1, nrules))
	}
	if rapid.Bool().Draw(t, "alt") {
		return Alt(subs...)
	}
	return Seq(subs...)
}

// drawExactGrammar draws an exact grammar of one to three rules r0, r1,
// r2, with recursion of every kind (genExactBody).
func drawExactGrammar(t *rapid.T) []*Rule {
	n := rapid.IntRange(1, 3).Draw(t, "rules")
	var defs []Def
	for i := 0; i < n; i++ {
		defs = append(defs, Def{Name: fmt.Sprintf("r%d", i), Body: genExactBody(t, 3, n)})
	}
	rules, err := ExactGrammar(defs...)
	if err != nil {
		t.Fatal(err)
	}
	return rules
}

// TestRecognizerAgreesWithAFixpointOracle: on random grammars with
// recursion of every kind, each rule's Match, Prefix (its longest match)
// and Check agree with fixOracle, the recognizer collecting its dead nodes
// at every offset or at its usual pace.
func TestRecognizerAgreesWithAFixpointOracle(t *testing.T) {
	defer func(f, g int) { gcFloor, gcGrowth = f, g }(gcFloor, gcGrowth)
	rapid.Check(t, func(t *rapid.T) {
		rules := drawExactGrammar(t)
		in := rapid.StringOfN(rapid.SampledFrom([]rune("ab()")), 0, 12, -1).Draw(t, "in")
		o := newFixOracle(rules, in)
		gcFloor, gcGrowth = 0, 0
		if rapid.Bool().Draw(t, "usual pace") {
			gcFloor, gcGrowth = 1<<12, 2
		}
		for i, r := range rules {
			ends := o.ends[i][0]
			want := ends&(1<<len(in)) != 0
			if got := r.Match(in); got != want {
				t.Fatalf("%s: Match(%q) = %v, the oracle %v", r.Grammar(), in, got, want)
			}
			wantEnd := bits.Len64(ends) - 1
			if got, ok := r.Prefix(in); ok != (ends != 0) || ok && got != wantEnd {
				t.Fatalf("%s: Prefix(%q) = %d, %v; the oracle's longest match ends at %d", r.Grammar(), in, got, ok, wantEnd)
			}
			if err := r.Check(in); (err == nil) != want {
				t.Fatalf("%s: Check(%q) = %v, the oracle says %v", r.Grammar(), in, err, want)
			}
		}
	})
}

// TestSharedDefinitionsAreCalledNotCopied: a definition used twice by one
// used twice by ... 40 levels deep would be 2^40 instructions inlined; the
// recognizer's program calls the shared ones instead, and matches as the
// oracle says.
func TestSharedDefinitionsAreCalledNotCopied(t *testing.T) {
	const levels = 40
	var defs []Def
	for i := 0; i < levels; i++ {
		next := Ref(fmt.Sprintf("r%d", i+1))
		defs = append(defs, Def{Name: fmt.Sprintf("r%d", i), Body: Alt(Seq(next, Lit("."), next), Seq(Lit("("), Ref("r0"), Lit(")")))})
	}
	defs = append(defs, Def{Name: fmt.Sprintf("r%d", levels), Body: Plus(Class(Chars("ab")))})
	rules, err := ExactGrammar(defs...)
	if err != nil {
		t.Fatal(err)
	}
	r := rules[0].prepared()
	if len(r.ex.prog.prog) > maxInsts {
		t.Fatalf("a program of %d instructions", len(r.ex.prog.prog))
	}
	for _, in := range []string{"a", "a.b", "ab.(a).b", "a.b.a", "((a))", "a..b", "(a.b)"} {
		o := newFixOracle(rules, in)
		if got, want := r.Match(in), o.ends[0][0]&(1<<len(in)) != 0; got != want {
			t.Errorf("Match(%q) = %v, the oracle %v", in, got, want)
		}
	}
}

// sampleExact draws a string of r's language, following references at
// most depth deep; ok is false when it gave up (a recursion without end
// within depth, or a rule that matches nothing).
func sampleExact(t *rapid.T, r *Rule, depth int) (s string, ok bool) {
	switch r.kind {
	case kLit:
		return r.lit, true
	case kClass:
		var bs []byte
		for b := 0; b < 256; b++ {
			if r.set.Contains(byte(b)) {
				bs = append(bs, byte(b))
			}
		}
		if len(bs) == 0 {
			return "", false
		}
		return string(rapid.SampledFrom(bs).Draw(t, "byte")), true
	case kSeq:
		var b strings.Builder
		for _, sub := range r.subs {
			x, ok := sampleExact(t, sub, depth)
			if !ok {
				return "", false
			}
			b.WriteString(x)
		}
		return b.String(), true
	case kAlt:
		return sampleExact(t, r.subs[rapid.IntRange(0, len(r.subs)-1).Draw(t, "alt")], depth)
	case kRep:
		hi := r.max
		if hi == Unbounded {
			hi = r.min + 3
		}
		var b strings.Builder
		for k := rapid.IntRange(r.min, hi).Draw(t, "times"); k > 0; k-- {
			x, ok := sampleExact(t, r.subs[0], depth)
			if !ok {
				return "", false
			}
			b.WriteString(x)
		}
		return b.String(), true
	case kRef, kExact:
		if depth == 0 {
			return "", false
		}
		return sampleExact(t, r.target().subs[0], depth-1)
	}
	return "", false
}

// FuzzExactGrammars: grammars the fuzzer's bytes choose (up to 12
// definitions naming one another, recursion of every kind) and inputs of
// up to 1 MiB (a string of a rule's language or not, repeated); each
// rule's Match, Prefix (its longest match) and Check (its offset and what
// it expects there) agree with the Earley oracle. Past 64 KiB one rule
// drawn (the one the input was sampled from) is checked: the oracle's maps cost about a
// microsecond an item.
//
//	go test -run '^$' -fuzz FuzzExactGrammars ./combinator
func FuzzExactGrammars(f *testing.F) {
	// Seeds: rapid's bit streams, each drawn from a fixed source, so that
	// go test runs a few grammars and inputs of every size.
	for seed := range 8 {
		src := make([]byte, 8<<10)
		rand.NewChaCha8([32]byte{byte(seed)}).Read(src)
		f.Add(src)
	}
	f.Fuzz(rapid.MakeFuzz(func(t *rapid.T) {
		n := rapid.IntRange(1, 12).Draw(t, "rules")
		depth := rapid.IntRange(1, 5).Draw(t, "depth")
		var defs []Def
		for i := 0; i < n; i++ {
			defs = append(defs, Def{Name: fmt.Sprintf("r%d", i), Body: genExactBody(t, depth, n)})
		}
		rules, err := ExactGrammar(defs...)
		if err != nil {
			t.Fatal(err)
		}
		if len(rules[0].Grammar()) > 64<<10 {
			t.Skip("a grammar of more than 64 KiB")
		}
		k := rapid.IntRange(0, n-1).Draw(t, "sampled")
		unit, ok := sampleExact(t, rules[k], 8)
		if !ok || rapid.Bool().Draw(t, "random") {
			unit = rapid.StringOfN(rapid.SampledFrom([]rune("ab()")), 0, 16, -1).Draw(t, "unit")
		}
		times := rapid.SampledFrom([]int{1, 1, 2, 3, 10, 100, 1 << 10, 1 << 14}).Draw(t, "times")
		in := strings.Repeat(unit, min(times, (1<<20)/max(1, len(unit))))
		in += rapid.StringOfN(rapid.SampledFrom([]rune("ab()")), 0, 4, -1).Draw(t, "tail")
		o := newEarleyOracle(rules)
		checked := rules
		if len(in) > 64<<10 {
			checked = rules[k : k+1]
		}
		for _, r := range checked {
			r = r.prepared()
			sets := o.sets(o.of[r], in)
			ends := o.ends(o.of[r], sets)
			want := len(ends) > 0 && ends[len(ends)-1] == len(in)
			if got := r.Match(in); got != want {
				t.Fatalf("%s: Match of %d bytes = %v, Earley %v", r.Grammar(), len(in), got, want)
			}
			if got, ok := r.Prefix(in); ok != (len(ends) > 0) || ok && got != ends[len(ends)-1] {
				t.Fatalf("%s: Prefix of %d bytes = %d, %v; Earley's ends %v", r.Grammar(), len(in), got, ok, ends)
			}
			err := r.Check(in)
			var se *SyntaxError
			if (err == nil) != want || err != nil && !errors.As(err, &se) {
				t.Fatalf("%s: Check of %d bytes = %v, Earley %v", r.Grammar(), len(in), err, want)
			}
			if want {
				continue
			}
			far, named, bytes := diagnosis(r, in)
			wantFar, wantNamed, wantBytes := o.expected(r, in, sets)
			if len(wantNamed) == 0 && wantBytes.IsEmpty() {
				wantFar = -1
			}
			if far != wantFar || !slices.Equal(named, wantNamed) || bytes != wantBytes {
				t.Fatalf("%s: diagnosis of %d bytes: offset %d, expected %v and %v; Earley: %d, %v and %v",
					r.Grammar(), len(in), far, named, bytes, wantFar, wantNamed, wantBytes)
			}
			if wantOffset := max(wantFar, 0); se.Offset != wantOffset && !(len(ends) > 0 && se.Offset == ends[len(ends)-1]) {
				t.Fatalf("%s: Check of %d bytes: offset %d, Earley %d", r.Grammar(), len(in), se.Offset, wantOffset)
			}
		}
	}))
}
