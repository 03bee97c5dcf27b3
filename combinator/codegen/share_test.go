package codegen

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	c "github.com/seed42851778/rfc3986/combinator"
)

// sharedGrammar returns rules that use pieces in several places, as RFC
// 3986's hier-part and relative-part share "//" authority path-abempty:
//
//   - piece, with captures (slots 1 to 3), the first alternative of two named
//     choices that capture (part-a, part-b), each at the commit point of its
//     rule, and at the commit point of a sequence (angle);
//   - the same piece followed by what can still fail (bang): in place there;
//   - plain, without captures, twice in one sequence (pair);
//   - small, a piece too small to pay for a call (five nodes).
func sharedGrammar() (piece, plain, small *c.Rule, rules []*c.Rule) {
	word := c.Plus(c.Class(c.ByteRange('a', 'z')))
	digits := c.Plus(c.Class(c.ByteRange('0', '9')))
	piece = c.Seq(c.Lit("//"), c.Capture(1, word), c.Opt(c.Seq(c.Lit(":"), c.Capture(2, c.Star(c.Class(c.ByteRange('0', '9')))))),
		c.Capture(3, c.Star(c.Seq(c.Lit("/"), c.Star(c.Class(c.ByteRange('a', 'z')))))))
	partA := c.Named("part-a", c.Alt(piece, c.Capture(3, c.Plus(c.Seq(c.Lit("/"), word))), c.Capture(3, c.Lit(""))))
	partB := c.Named("part-b", c.Alt(piece, c.Capture(3, c.Lit("x")), c.Capture(3, c.Lit(""))))
	plain = c.Seq(c.Lit("["), digits, c.Opt(c.Seq(c.Lit("."), digits)), c.Lit("]"))
	small = c.Seq(c.Lit("?"), c.Capture(0, c.Star(c.Class(c.ByteRange('a', 'z')))), c.Lit(";"))
	rules = []*c.Rule{
		c.Named("one", c.Seq(c.Capture(0, word), c.Lit(":"), partA, c.Opt(small))),
		c.Named("two", c.Seq(partB, c.Opt(small))),
		c.Named("angle", c.Seq(c.Lit("<"), piece, c.Opt(c.Lit(">")))),
		c.Named("bang", c.Alt(c.Seq(piece, c.Lit("!")), c.Lit("z"))),
		c.Named("pair", c.Seq(c.Capture(0, plain), c.Lit("-"), plain, c.Opt(c.Capture(1, plain)))),
	}
	return piece, plain, small, rules
}

// sharedInputs are inputs of sharedGrammar: a table and random strings over
// its bytes.
func sharedInputs() []string {
	in := []string{"", "a:", "a://", "a://h", "a://h:", "a://h:12/x/y", "a:/x", "a:/", "a://h?q;", "a:?q;",
		"//", "//h", "//h:1/a/b", "x", "x?;", "//h?q;", "<//h:1/a>", "<//h", "<//", "<x>",
		"//h!", "//h:1/a!", "z", "//!", "[1]-[2]", "[1.2]-[3.45][6]", "[1.]-[2]", "[1]-", "[1]-[2",
		"ab://cd:/e//f?g;", "a://h:x", "a://H",
	}
	r := rand.New(rand.NewPCG(3, 4))
	const alphabet = "ah:/?;<>!z[].-12x"
	for range 300 {
		b := make([]byte, r.IntN(12))
		for j := range b {
			b[j] = alphabet[r.IntN(len(alphabet))]
		}
		in = append(in, string(b))
	}
	return in
}

// TestSharedPieceBehaviour compiles sharedGrammar's rules, all read before
// any is compiled (the first, an Alt of the others, reads them), and checks
// that the matchers and diagnoses agree with the interpreter: the captures a
// piece's function stores, and diagnoses that report no piece by a name of
// its own.
func TestSharedPieceBehaviour(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	_, _, _, rules := sharedGrammar()
	grammars := append([]*c.Rule{c.Alt(rules...)}, rules...)
	for _, form := range []capsForm{capsPlain, capsPairsOneBased} {
		checkProgram(t, grammars, sharedInputs(), nil, "", form)
	}
}

// TestSharedPieceFunctions checks what sharedGrammar's pieces compile to
// with a Spec: a piece with captures is one matcher that stores its slots
// (named from PieceNames), called where it is an alternative of a choice
// with captures or at the commit point of a sequence and written in place
// where something after it can still fail; a piece without captures is one
// matcher named after the named rules it holds (none here: "Piece"), called
// from each use; a small piece has no function; each shared piece has one
// diagnosis, which records nothing under a name of its own.
func TestSharedPieceFunctions(t *testing.T) {
	piece, _, _, rules := sharedGrammar()
	spec := &Spec{Generator: Generator{Package: "p", Slots: 4, PieceNames: map[*c.Rule]string{piece: "HostPort"}}}
	for _, r := range rules {
		name := goName(r.Name())
		spec.Matchers = append(spec.Matchers, Func{"m" + name, r})
		spec.Explainers = append(spec.Explainers, Func{"x" + name, r})
	}
	src, err := spec.Source()
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	funcs := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^func (\w+)\(`).FindAllStringSubmatch(s, -1) {
		_, body, _ := strings.Cut(s, m[0])
		body, _, _ = strings.Cut(body, "\n}\n")
		funcs[m[1]] = body
	}
	calls := func(in, callee string) int { return strings.Count(funcs[in], callee+"(in, p") }
	for _, want := range []struct {
		in, callee string
		n          int
	}{
		// The matchers of part-a and part-b are functions of their own
		// (named rules with captures at a commit point); the piece is
		// their first alternative, and angle's commit point.
		{"matchPartA", "matchHostPort", 1},
		{"matchPartB", "matchHostPort", 1},
		{"mAngle", "matchHostPort", 1},
		{"mBang", "matchHostPort", 0},
		{"mPair", "matchPiece", 3},
		{"explainPartA", "explainHostPort", 1},
		{"explainPartB", "explainHostPort", 1},
		{"explainAngle", "explainHostPort", 1},
		{"explainBang", "explainHostPort", 1},
		{"explainPair", "explainPiece", 3},
	} {
		if got := calls(want.in, want.callee); got != want.n {
			t.Errorf("%s calls %s %d times, want %d", want.in, want.callee, got, want.n)
		}
	}
	// After the call fails, the alternatives left (one never fails) set
	// slot 3 alone: slots 1 and 2 are stored once, not in each of them.
	for slot, want := range map[string]int{"caps[1] =": 1, "caps[2] =": 1, "caps[3] =": 2} {
		if n := strings.Count(funcs["matchPartA"], slot); n != want {
			t.Errorf("matchPartA: %d stores %s, want %d:\n%s", n, slot, want, funcs["matchPartA"])
		}
	}
	if !strings.Contains(funcs["mBang"], `"//"`) {
		t.Errorf("mBang: the piece is not in place where what follows it can fail:\n%s", funcs["mBang"])
	}
	if !strings.Contains(s, "func matchHostPort(in string, pos int, caps *[4][2]int) int {") {
		t.Errorf("no matcher of the piece with captures, matchHostPort, in\n%s", s)
	}
	stores := regexp.MustCompile(`caps\[(\d)\] =`).FindAllStringSubmatch(funcs["matchHostPort"], -1)
	var slots []string
	for _, m := range stores {
		slots = append(slots, m[1])
	}
	if diff := cmp.Diff([]string{"1", "2", "3"}, slots); diff != "" {
		t.Errorf("matchHostPort stores the slots (-want +got):\n%s", diff)
	}
	for name, body := range funcs {
		if strings.HasPrefix(name, "explainHostPort") || strings.HasPrefix(name, "explainPiece") {
			if strings.Contains(body, "d.miss") {
				t.Errorf("%s records the piece by a name:\n%s", name, body)
			}
		}
		if strings.Contains(body, "func") {
			t.Errorf("%s: a function inside another", name)
		}
	}
	// The small piece ("?" *a ";") is in place: the functions of pieces are
	// those of the two others, matcher and diagnosis.
	var pieces []string
	for _, m := range regexp.MustCompile(`(?m)^// (\w+) .*a piece that rules share`).FindAllStringSubmatch(s, -1) {
		pieces = append(pieces, m[1])
	}
	if diff := cmp.Diff([]string{"matchHostPort", "matchPiece", "explainHostPort", "explainPiece"}, pieces); diff != "" {
		t.Errorf("the functions of pieces (-want +got):\n%s", diff)
	}
}

// TestSharedPieceUsesCounted checks when a piece is shared: an unnamed rule
// used in two places at least, of eight nodes or more in place (a named rule
// or a fused node counting one).
func TestSharedPieceUsesCounted(t *testing.T) {
	piece, plain, small, rules := sharedGrammar()
	g := &Generator{}
	for _, r := range rules {
		g.nodeOf(r)
	}
	for _, tc := range []struct {
		name   string
		r      *c.Rule
		weight int
		shared bool
	}{
		{"piece", piece, 11, true},
		{"plain", plain, 8, true},
		{"small", small, 5, false},
	} {
		n := g.nodeOf(tc.r)
		if w := weight(n); w != tc.weight || n.shared != tc.shared {
			t.Errorf("%s: weight %d, shared %t; want %d, %t", tc.name, w, n.shared, tc.weight, tc.shared)
		}
	}
	once := c.Seq(c.Lit("["), c.Plus(c.DIGIT), c.Opt(c.Seq(c.Lit("."), c.Plus(c.DIGIT))), c.Lit("]"))
	g = &Generator{}
	if n := g.nodeOf(c.Named("x", c.Seq(once, c.Lit("-")))); n.subs[0].shared {
		t.Error("a piece used once is shared")
	}
}

// TestSharedPieceNameInvalid checks that a name of PieceNames that cannot
// end a Go identifier is an error of Add and of AddExplain.
func TestSharedPieceNameInvalid(t *testing.T) {
	piece, _, _, rules := sharedGrammar()
	for _, name := range []string{"", "host port", "a-b"} {
		g := &Generator{Package: "p", Slots: 4, PieceNames: map[*c.Rule]string{piece: name}}
		if err := g.Add("m", rules[0]); err == nil || !strings.Contains(err.Error(), "PieceNames") {
			t.Errorf("Add with the piece named %q: err = %v, want an error of PieceNames", name, err)
		}
		if err := g.AddExplain("x", rules[0]); err == nil || !strings.Contains(err.Error(), "PieceNames") {
			t.Errorf("AddExplain with the piece named %q: err = %v, want an error of PieceNames", name, err)
		}
	}
}

// TestSharedPieceRandomGrammars checks grammars of FuzzGenerateRandomRule
// that use a piece in two places or more against the interpreter: matchers
// and diagnoses, wherever the pieces fall (look-aheads, repetitions,
// captures around them or in them).
func TestSharedPieceRandomGrammars(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	r := rand.New(rand.NewPCG(5, 6))
	var grammars []*c.Rule
	for try := 0; len(grammars) < 40; try++ {
		if try == 100000 {
			t.Fatalf("%d grammars of 100,000 share a piece", len(grammars))
		}
		data := make([]byte, 80)
		for i := range data {
			data[i] = byte(r.IntN(256))
			if r.IntN(4) == 0 {
				data[i] = byte(14 + 15*r.IntN(17)) // a rule used again
			}
		}
		rule := (&ruleReader{data: data}).rule(6)
		g := &Generator{}
		g.nodeOf(rule)
		for n := range g.uses {
			if n.shared {
				grammars = append(grammars, rule)
				break
			}
		}
	}
	checkProgram(t, grammars, sharedInputs(), map[string]string{"digits": "genDigits"}, genDigitsSrc, capsPairsOneBased)
}
