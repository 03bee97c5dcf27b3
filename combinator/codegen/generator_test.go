package codegen

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	c "github.com/seed42851778/rfc3986/combinator"
)

// genDigits is the Func terminal of the generator tests; the test program
// defines the same function under the same name.
func genDigits(in string, pos int) int {
	for pos < len(in) && in[pos] >= '0' && in[pos] <= '9' {
		pos++
	}
	return pos
}

const genDigitsSrc = `func genDigits(in string, pos int) int {
	for pos < len(in) && in[pos] >= '0' && in[pos] <= '9' {
		pos++
	}
	return pos
}
`

// genGrammars are small grammars that exercise each kind of node, the fused
// forms and the capture rules: last capture wins, rollback in alternatives,
// iterations and look-aheads, nested captures of one slot, repetitions of
// rules that match empty.
func genGrammars() []*c.Rule {
	a, b := c.Lit("a"), c.Lit("b")
	alpha := c.Class(c.ByteRange('a', 'z'))
	anyByte := c.Class(c.ByteRange(0, 255))
	return []*c.Rule{
		c.Star(c.Capture(0, alpha)),
		c.Alt(c.Seq(c.Capture(0, a), b), c.Seq(c.Capture(1, a), c.Lit("c")), c.Capture(2, c.Lit(""))),
		c.Seq(c.Not(c.Seq(c.Capture(0, c.Lit("x")), c.Lit("y"))), c.Capture(1, c.Star(anyByte))),
		c.Seq(c.Peek(c.Capture(0, c.Lit("ab"))), c.Capture(1, c.Plus(alpha))),
		c.Capture(0, c.Seq(a, c.Capture(0, b), c.Opt(c.Capture(0, c.Lit("c"))))),
		c.Rep(2, 3, c.Seq(a, c.Opt(b))),
		c.Star(c.Opt(a)),
		c.Rep(3, c.Unbounded, c.Opt(c.Capture(0, a))),
		c.Seq(c.Rep(1, 3, c.Seq(c.Capture(0, a), c.Capture(1, b))), c.Opt(c.Lit("ab"))),
		c.Seq(c.LitFold("HeLLo"), c.Opt(c.LitFold("x")), c.Opt(c.LitFold("stra\u00dfe"))),
		c.Seq(c.Star(a), c.End),
		c.Seq(c.Rep(2, c.Unbounded, c.PChar), c.Rep(0, 2, c.HEXDIG), c.H16),
		c.Seq(c.Opt(c.Capture(0, c.Scheme)), c.PathAbempty, c.Opt(c.Seq(c.Lit("?"), c.Capture(1, c.Query)))),
		c.Seq(c.Capture(0, c.Func("digits", genDigits)), c.Opt(c.Seq(c.Lit("."), c.Capture(1, c.Func("digits", genDigits))))),
		c.Alt(c.Alt(), c.Seq(), c.Lit("")),
		c.Seq(c.Alt(), a),
		c.Alt(c.Seq(c.Capture(3, c.Plus(c.Seq(a, c.Capture(2, b)))), c.Lit("!")), c.Capture(1, c.Star(alpha))),
		c.Seq(c.Not(c.End), c.Capture(0, c.Alt(c.DecOctet, c.Lit("x"))), c.Not(c.Not(c.Lit("."))), c.Peek(c.Not(a))),
		c.Capture(0, c.Host),
		c.IPv6Address,
		c.URIReference,
		c.Seq(c.Capture(0, c.Scheme), c.Lit(":"), c.Capture(1, c.HierPart), c.Opt(c.Seq(c.Lit("?"), c.Capture(2, c.Query))),
			c.Opt(c.Seq(c.Lit("#"), c.Capture(3, c.Fragment)))),
		// Named rules explained on their own, and URI also inside
		// URIReference: only the rule explained is not reported by name.
		c.Scheme,
		c.URI,
		// Look-aheads that fail: a Not is expected itself, a Peek's rule is
		// run again to record; one that succeeds records nothing.
		c.Seq(c.Lit("ab"), c.Not(c.Class(c.ByteRange('a', 'z')))),
		c.Seq(c.Peek(c.Plus(c.Class(c.ByteRange('a', 'c')))), c.Lit("a"), c.Opt(c.Lit("b"))),
		c.Alt(c.Seq(c.Peek(c.Lit("ab")), c.Lit("a")), c.Lit("x")),
		// A run before a byte in a choice point: the IndexByte test of the
		// byte before the run is scanned (needle), in an Opt and in an Alt.
		c.Seq(c.Opt(c.Seq(c.Capture(0, c.Star(alpha)), c.Lit("@"))), c.Capture(1, c.Star(alpha)), c.Opt(c.Lit("@"))),
		c.Alt(c.Seq(c.Capture(0, c.UserInfo), c.Lit("@"), c.Lit("b")), c.Seq(c.Capture(1, c.Star(alpha)), c.Lit("!"))),
		needleInLoop,
		// The captures are stored into caps where nothing after can fail
		// (commitPoint): at the end of each alternative of a choice that
		// never fails, a slot of it set again after it (last capture wins);
		commitInAlt,
		// after a choice that can fail once an alternative set a capture;
		c.Seq(c.Capture(0, c.Star(a)), c.Alt(c.Seq(c.Capture(1, b), c.Lit("c")), c.Capture(2, c.Lit("x"))), c.Opt(c.Capture(3, c.Lit("y")))),
		// and with the slot of a capture before the choice set again after it.
		c.Seq(c.Capture(0, a), c.Alt(c.Capture(1, b), c.Lit("")), c.Opt(c.Capture(0, c.Lit("x")))),
		// The units of scans as a diagnosis records them where a scan stops:
		// an unnamed one-rule Seq records what is inside it (an Alt: each
		// alternative), a named one its name ("n", not the "m" inside it),
		// an unnamed "%" HEXDIG HEXDIG itself and HEXDIG after a "%".
		c.Seq(c.Star(c.Seq(c.Alt(a, b))), c.Star(c.Named("n", c.Named("m", c.Lit("c")))),
			c.Star(c.Seq(c.Lit("%"), c.HEXDIG, c.HEXDIG)), c.Lit("!")),
		// *( "/" *alpha ) inside a one-rule Seq: still the fused *( sep *unit ).
		c.Star(c.Seq(c.Seq(c.Lit("/"), c.Star(alpha)))),
		// A capture inside one of the same slot, not slot 0: the outer one
		// ends last, so its span wins, start included.
		c.Capture(1, c.Seq(a, c.Capture(1, b))),
		// A case-insensitive literal of the first and last letters: "AZ"
		// matches (RFC 5234 §2.3).
		c.LitFold("az"),
		// A choice after a capture: the alternative that fails restores the
		// slot it set (0) to its own value before the choice, not to that of
		// the other slot (1, set before).
		c.Seq(c.Capture(1, a), c.Alt(c.Seq(c.Capture(0, b), c.Lit("c")), c.Capture(1, b))),
		// At most two, none required: "ababab" matches 4 bytes.
		c.Rep(0, 2, c.Seq(a, b)),
		// A run of characters from U+0080 (rune-fused: TestRuneFuseForms).
		c.Seq(c.Star(c.Alt(alpha, c.RuneClass(c.Runes(c.RuneRange{Lo: 0x80, Hi: 0x10FFFF})))), c.Lit("!")),
		// A look-ahead that is a function of its own (a named rule): where
		// it fails, the diagnosis records from where it stood, not from
		// the -1 of the call.
		c.Seq(c.Lit("x"), c.Named("ahead", c.Peek(c.Seq(c.Lit("a"), c.Lit("b")))), c.Lit("a")),
		// Named rules whose captures are all in a look-ahead: no caps, and
		// their functions set no variable of a capture.
		c.Seq(c.Named("no-xy", c.Not(c.Seq(c.Capture(0, c.Lit("x")), c.Lit("y")))), c.Capture(1, c.Lit("x"))),
		c.Seq(c.Named("no-2xy", c.Not(c.Rep(2, 2, c.Seq(c.Capture(0, c.Lit("x")), c.Lit("y"))))), c.Capture(1, c.Star(alpha))),
	}
}

// genInputs returns the strings the generated matchers are tried on: a table
// and random strings over the bytes the grammars care about.
func genInputs() []string {
	in := []string{"", "a", "b", "ab", "abab", "aab", "ac", "abc", "xy", "xz", "x", "abz", "aaa", "aaaa",
		"aaaaa", "ababab", "ababa", "ab!", "abab!", "hello", "HELLOx", "hElLoXSTRASSE", "hellostra\u00dfe",
		"12", "12.", "12.34", "255.", "256", "1.2", "x.", "http://a/b?c#d", "a:b", "//h:1/p?q",
		"[::1]", "::", "1:2:3:4:5:6:7:8", "::ffff:1.2.3.4", "%41", "%4", "a%41b", "//", "/a//b", "\xff",
		"FE80::1", "v1.x", "[v1.x]", "1.2.3.4", "1.2.3.4x", "a@b:80", "s:/a?b", "?", "/?/",
		"ab@", "ab@cd", "abc", "ab@c@", "a%41@b", "a%4@b", "ab!@", "//a@b/c@", "//ab/c@d", "http://u:p@h/@",
		"AZ", "a\u0080\u00e9!", "a\xc2!",
	}
	// A run stops in the step of eight bytes that fails, at each of its
	// eight offsets, or in the last eight bytes of the input, or before the
	// end of an input shorter than eight: runs of 0 to 19 bytes, alone and
	// followed by a byte that ends them.
	for n := range 20 {
		run := strings.Repeat("a", n)
		in = append(in, run, run+"!", run+"!a", "x"+run+"@"+run)
	}
	// After a triplet, the triplets that follow it are taken in a loop of
	// their own (runLoop): runs of 0 to 5 of them, after a byte of the run
	// or none, then the end, a byte of the run, one that ends it, or a "%"
	// without its two HEXDIG.
	for n := range 6 {
		run := strings.Repeat("%4F", n)
		for _, end := range []string{"", "a", "!", "%", "%4", "%4g", "%g4", "%4F"} {
			in = append(in, run+end, "a"+run+end, "//a"+run+end+"@b", "/"+run+end+"?"+run)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "abcxy.:/?#[]%4F!@12"
	for i := 0; i < 400; i++ {
		b := make([]byte, r.IntN(10))
		for j := range b {
			b[j] = alphabet[r.IntN(len(alphabet))]
		}
		in = append(in, string(b))
	}
	return in
}

// TestGenerateGoParses checks that the output of GenerateGo is gofmt'ed Go.
func TestGenerateGoParses(t *testing.T) {
	for i, r := range append(genGrammars(), c.Segment, c.Authority, c.IPvFuture) {
		g := &Generator{Package: "x", Funcs: map[string]string{"digits": "genDigits"}}
		if err := g.Add("match", r); err != nil {
			t.Fatalf("grammar %d: %v", i, err)
		}
		src, err := g.Source()
		if err != nil {
			t.Fatalf("grammar %d: %v", i, err)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "gen.go", src, 0); err != nil {
			t.Fatalf("grammar %d: output does not parse: %v\n%s", i, err, src)
		}
		if again, err := format.Source(src); err != nil || !bytes.Equal(again, src) {
			t.Fatalf("grammar %d: output is not gofmt'ed (%v)", i, err)
		}
	}
	src, err := GenerateGo(c.URIReference, "p", "matchRef")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte("func matchRef(in string, pos int) int {")) {
		t.Errorf("GenerateGo: no function matchRef(in string, pos int) int in\n%.500s", src)
	}
	// The runs of bytes use math/bits to find where they stop (an
	// intrinsic: no code of the package is linked); nothing else.
	if f, err := parser.ParseFile(token.NewFileSet(), "gen.go", src, parser.ImportsOnly); err != nil {
		t.Fatal(err)
	} else if len(f.Imports) != 1 || f.Imports[0].Path.Value != `"math/bits"` {
		var paths []string
		for _, im := range f.Imports {
			paths = append(paths, im.Path.Value)
		}
		t.Errorf("GenerateGo: the output of an ASCII grammar imports %v, want math/bits only", paths)
	}
}

func TestGenerateGoErrors(t *testing.T) {
	if _, err := GenerateGo(c.Seq(c.Lit("a"), c.Func("f", genDigits)), "p", "m"); err == nil ||
		!strings.Contains(err.Error(), `"f"`) {
		t.Errorf("Func without a Go name: err = %v, want an error naming it", err)
	}
	if _, err := GenerateGo(c.Lit("a"), "p", "no-name"); err == nil {
		t.Error("an invalid function name: no error")
	}
	g := &Generator{Package: "p", Funcs: map[string]string{"f": "fn"}}
	if err := g.Add("m", c.Func("f", genDigits)); err != nil {
		t.Fatal(err)
	}
	if src, err := g.Source(); err != nil || !bytes.Contains(src, []byte("fn(in, p)")) {
		t.Errorf("Func with a Go name: err = %v, no call of fn in\n%s", err, src)
	}
}

// TestGenerateGoBehaviour compiles the matchers and the diagnoses of
// genGrammars into a throw-away program and checks that they agree with the
// interpreter on genInputs: the matchers from every position (the same end
// offset, captures left alone on a failure, and for a whole match the same
// captures as Captures), the diagnoses from every lower bound (the same
// offset and expected as ExplainFrom).
func TestGenerateGoBehaviour(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	for _, form := range []capsForm{capsPairs, capsPairsOneBased} {
		checkProgram(t, genGrammars(), genInputs(), map[string]string{"digits": "genDigits"}, genDigitsSrc, form)
	}
}

// capsForm is the form checkProgram gives the captures: [2]int
// (capsPlain), CapsType and CapsMake (capsPairs: pairCaps), and those with
// CapsOneBased (capsPairsOneBased: pairOneBasedCaps).
type capsForm int

const (
	capsPlain capsForm = iota
	capsPairs
	capsPairsOneBased
)

// pairCaps is the Go source of the captures' own form that checkProgram
// gives CapsType and CapsMake: a struct that holds start+1 and end+2, so
// that a store that left out CapsMake, or swapped its arguments, prints
// other numbers than the interpreter's.
const pairCaps = `
type pair struct{ s1, e2 int }

func mkPair(start, end int) pair { return pair{start + 1, end + 2} }

type capsElem = pair

func capsMk(start, end int) capsElem { return mkPair(start, end) }

func capsOut(c capsElem) (int, int) { return c.s1 - 1, c.e2 - 2 }
`

// pairOneBasedCaps is pairCaps for CapsOneBased: mkPair takes start+1 and
// end, {0, 0} for a slot that took no part; any other pair with a start of
// 0 (an end of -1 left as it was, say) prints an end the interpreter never
// gives.
const pairOneBasedCaps = `
type pair struct{ s1, e2 int }

func mkPair(start1, end int) pair { return pair{start1, end + 2} }

type capsElem = pair

func capsMk(start, end int) capsElem {
	if start == -1 && end == -1 {
		return mkPair(0, 0)
	}
	return mkPair(start+1, end)
}

func capsOut(c capsElem) (int, int) {
	if c.s1 == 0 {
		if c.e2 == 2 {
			return -1, -1
		}
		return -1, -99
	}
	return c.s1 - 1, c.e2 - 2
}
`

// plainCaps is the Go source that checkProgram's program reads the
// default captures, [2]int, with.
const plainCaps = `
type capsElem = [2]int

func capsMk(start, end int) capsElem { return capsElem{start, end} }

func capsOut(c capsElem) (int, int) { return c[0], c[1] }
`

// checkProgram compiles the matchers and the diagnoses of grammars into a
// throw-away program and checks that they agree with the interpreter on
// inputs: the matchers from every position (the same end offset, captures
// left alone on a failure, and for a whole match the same captures as
// Captures), the diagnoses from every lower bound (the same offset and
// expected as ExplainFrom). funcs are the Generator's Funcs, and extra is Go
// source the program needs for them. form is how the captures are stored:
// [2]int, or a form of the program's own (CapsType and CapsMake), with
// CapsOneBased or without.
func checkProgram(t *testing.T, grammars []*c.Rule, inputs []string, funcs map[string]string, extra string, form capsForm) {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	const slots = 4
	g := &Generator{Package: "main", Slots: slots, Funcs: funcs}
	extra += plainCaps
	switch form {
	case capsPairs:
		g.CapsType, g.CapsMake = "pair", "mkPair"
		extra = strings.Replace(extra+pairCaps, plainCaps, "", 1)
	case capsPairsOneBased:
		g.CapsType, g.CapsMake, g.CapsOneBased = "pair", "mkPair", true
		extra = strings.Replace(extra+pairOneBasedCaps, plainCaps, "", 1)
	}
	var names, explains []string
	for i, r := range grammars {
		name := "g" + strconv.Itoa(i)
		if err := g.Add(name, r); err != nil {
			t.Fatalf("grammar %d: %v", i, err)
		}
		if !r.HasCaptures() {
			name = fmt.Sprintf("func(in string, pos int, caps *[%d]capsElem) int {\n"+
				"e := %s(in, pos)\nif e >= 0 {\nfor i := range caps {\ncaps[i] = capsMk(-1, -1)\n}\n}\nreturn e\n}", slots, name)
		}
		names = append(names, name)
	}
	for i, r := range grammars {
		name := "x" + strconv.Itoa(i)
		if err := g.AddExplain(name, r); err != nil {
			t.Fatalf("grammar %d: %v", i, err)
		}
		explains = append(explains, name)
	}
	var stops []string
	for i, r := range grammars {
		name := "h" + strconv.Itoa(i)
		if err := g.AddStop(name, r); err != nil {
			t.Fatalf("grammar %d: %v", i, err)
		}
		stops = append(stops, name)
	}
	src, err := g.Source()
	if err != nil {
		t.Fatal(err)
	}
	main := fmt.Sprintf(`package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
)

var funcs = []func(string, int, *[%d]capsElem) int{%s}

var explains = []func(string, int, []string) (int, []string){%s}

var stops = []func(string, *[%d]capsElem) (int, []string, int){%s}

%s
func main() {
	var raw [][]byte // base64 in JSON: any bytes
	if err := json.NewDecoder(os.Stdin).Decode(&raw); err != nil {
		panic(err)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for _, f := range funcs {
		for _, b := range raw {
			s := string(b)
			for pos := -1; pos <= len(s)+1; pos++ {
				var caps [%d]capsElem
				for i := range caps {
					caps[i] = capsMk(-7, -7)
				}
				fmt.Fprint(w, f(s, pos, &caps))
				for _, c := range caps {
					start, end := capsOut(c)
					fmt.Fprint(w, " ", start, " ", end)
				}
				fmt.Fprintln(w)
			}
		}
	}
	for _, f := range explains {
		for _, b := range raw {
			s := string(b)
			for lb := -1; lb <= len(s); lb++ {
				off, exp := f(s, lb, nil)
				line, _ := json.Marshal([]any{off, exp})
				fmt.Fprintf(w, "%%s\n", line)
			}
		}
	}
	for _, f := range stops {
		for _, b := range raw {
			off, labels, alone := f(string(b), nil)
			line, _ := json.Marshal([]any{off, labels, alone})
			fmt.Fprintf(w, "%%s\n", line)
		}
	}
}
`, slots, strings.Join(names, ", "), strings.Join(explains, ", "), slots, strings.Join(stops, ", "), extra, slots)
	out := runProgram(t, goTool, string(src), main, inputs)
	sc := bufio.NewScanner(bytes.NewReader(out))
	checkMatches(t, grammars, inputs, sc)
	checkDiagnoses(t, grammars, inputs, sc)
	checkStops(t, grammars, inputs, sc)
	if sc.Scan() {
		t.Fatal("the program's output is long")
	}
}

// runProgram builds the test program of the generated source src and its
// main, runs it on inputs and returns what it wrote.
func runProgram(t *testing.T, goTool, src, main string, inputs []string) []byte {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":  "module gentest\n\ngo 1.26\n",
		"gen.go":  src,
		"main.go": main,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var raw [][]byte
	for _, s := range inputs {
		raw = append(raw, []byte(s))
	}
	js, _ := json.Marshal(raw)
	build := exec.Command(goTool, "build", "-o", "gentest", ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(dir, "gentest"))
	cmd.Stdin = bytes.NewReader(js)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the test program: %v\n%s", err, stderr.Bytes())
	}
	return out
}

// checkMatches reads the matches of each grammar on each input, from
// every position, from the test program's output sc and checks them
// against the interpreter's: the end, and the captures of a whole match.
func checkMatches(t *testing.T, grammars []*c.Rule, inputs []string, sc *bufio.Scanner) {
	t.Helper()
	const slots = 4
	for gi, r := range grammars {
		for _, s := range inputs {
			for pos := -1; pos <= len(s)+1; pos++ {
				if !sc.Scan() {
					t.Fatal("the program's output is short")
				}
				var got [1 + 2*slots]int
				for i, f := range strings.Fields(sc.Text()) {
					got[i], _ = strconv.Atoi(f)
				}
				want := r.MatchAt(s, pos)
				if got[0] != want {
					t.Fatalf("grammar %d (%s) on %q from %d: generated end %d, interpreter %d", gi, r, s, pos, got[0], want)
				}
				if want < 0 {
					for i := 1; i < len(got); i++ {
						if got[i] != -7 {
							t.Fatalf("grammar %d (%s) on %q from %d: failed and set the captures: %v", gi, r, s, pos, got[1:])
						}
					}
					continue
				}
				if pos != 0 || want != len(s) {
					continue
				}
				var sp [slots]c.Span
				if !r.Captures(s, sp[:]) {
					t.Fatalf("grammar %d (%s) on %q: Captures fails where MatchAt matches", gi, r, s)
				}
				for i, x := range sp {
					if got[1+2*i] != x.Start || got[2+2*i] != x.End {
						t.Fatalf("grammar %d (%s) on %q: slot %d generated {%d, %d}, interpreted %v", gi, r, s, i, got[1+2*i], got[2+2*i], x)
					}
				}
			}
		}
	}
}

// checkDiagnoses reads the diagnoses of each grammar on each input, from
// every lower bound, from the test program's output sc and checks them
// against the interpreter's.
func checkDiagnoses(t *testing.T, grammars []*c.Rule, inputs []string, sc *bufio.Scanner) {
	t.Helper()
	type diagnosis struct {
		Offset   int
		Expected []string
	}
	for gi, r := range grammars {
		for _, s := range inputs {
			for lb := -1; lb <= len(s); lb++ {
				if !sc.Scan() {
					t.Fatal("the program's output is short")
				}
				var pair []json.RawMessage
				var got diagnosis
				if json.Unmarshal(sc.Bytes(), &pair) != nil || len(pair) != 2 ||
					json.Unmarshal(pair[0], &got.Offset) != nil || json.Unmarshal(pair[1], &got.Expected) != nil {
					t.Fatalf("the program wrote %q", sc.Text())
				}
				want := diagnosis{Offset: -1}
				if se := r.ExplainFrom(s, lb); se != nil {
					want = diagnosis{se.Offset, se.Expected}
				}
				// cmp.Diff only for a message: on the ~600,000 lines that
				// agree it was half of the test's time.
				if want.Offset == got.Offset && slices.Equal(want.Expected, got.Expected) {
					continue
				}
				if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
					t.Fatalf("grammar %d (%s) on %q from %d: diagnosis generated vs interpreted (-want +got):\n%s", gi, r, s, lb, diff)
				}
			}
		}
	}
}

// checkStops reads the stops of each grammar on each input from the test
// program's output sc and checks them against the interpreter: where they
// know the labels, the diagnosis fails at their offset with them; where
// they name a rule alone, it fails past their offset.
func checkStops(t *testing.T, grammars []*c.Rule, inputs []string, sc *bufio.Scanner) {
	t.Helper()
	for gi, r := range grammars {
		for _, s := range inputs {
			if !sc.Scan() {
				t.Fatal("the program's output is short")
			}
			var off, alone int
			var labels []string
			var triple []json.RawMessage
			if json.Unmarshal(sc.Bytes(), &triple) != nil || len(triple) != 3 || json.Unmarshal(triple[0], &off) != nil ||
				json.Unmarshal(triple[1], &labels) != nil || json.Unmarshal(triple[2], &alone) != nil {
				t.Fatalf("the program wrote %q", sc.Text())
			}
			se := r.Explain(s)
			switch {
			case se == nil:
			case labels != nil && (off != se.Offset || !slices.Equal(labels, se.Expected)):
				t.Fatalf("grammar %d (%s) on %q: stops %d %q, the diagnosis %d %q", gi, r, s, off, labels, se.Offset, se.Expected)
			case alone > 0 && se.Offset <= off:
				t.Fatalf("grammar %d (%s) on %q: rule %d alone from %d, the diagnosis fails at %d", gi, r, s, alone, off, se.Offset)
			}
		}
	}
}

// TestGenerateCapsType: with CapsType and CapsMake, every function with
// captures, the choice of added functions included, takes caps of that type
// and stores through CapsMake; [2]int appears nowhere (TestGenerateGoBehaviour
// runs such output against the interpreter). One of the two without the
// other is an error.
func TestGenerateCapsType(t *testing.T) {
	x := c.Capture(0, c.Seq(c.Lit("x"), c.Capture(1, c.Star(c.Lit("y")))))
	z := c.Capture(1, c.Lit("z"))
	g := &Generator{Package: "p", Slots: 2, CapsType: "pair", CapsMake: "mkPair"}
	for _, a := range []struct {
		name string
		r    *c.Rule
	}{{"mx", x}, {"mz", z}, {"choice", c.Alt(x, z)}} {
		if err := g.Add(a.name, a.r); err != nil {
			t.Fatal(err)
		}
	}
	src, err := g.Source()
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	for _, want := range []string{
		"func mx(in string, pos int, caps *[2]pair) int {",
		"func mz(in string, pos int, caps *[2]pair) int {",
		"func choice(in string, pos int, caps *[2]pair) int {",
		"= mkPair(",
		"// On a match, caps[i] holds mkPair(start, end) of capture slot i, or mkPair(-1, -1).",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the output lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "[2]int") {
		t.Errorf("the output still has [2]int:\n%s", text)
	}
	for _, g := range []*Generator{{Package: "p", CapsType: "pair"}, {Package: "p", CapsMake: "mkPair"}} {
		if err := g.Add("m", x); err == nil || !strings.Contains(err.Error(), "set both or neither") {
			t.Errorf("CapsType %q, CapsMake %q: err = %v, want both or neither", g.CapsType, g.CapsMake, err)
		}
	}
	// CapsOneBased: the starts plus one from the first, 0 for no part.
	g = &Generator{Package: "p", Slots: 2, CapsType: "pair", CapsMake: "mkPair", CapsOneBased: true}
	if err := g.Add("mx", x); err != nil {
		t.Fatal(err)
	}
	if src, err = g.Source(); err != nil {
		t.Fatal(err)
	}
	text = string(src)
	for _, want := range []string{
		"// On a match, caps[i] holds mkPair(start+1, end) of capture slot i, or mkPair(0, 0).",
		"k0s, k0e, k1s, k1e := 0, 0, 0, 0",
		"k0s = p + 1",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("CapsOneBased: the output lacks %q:\n%s", want, text)
		}
	}
	if err := (&Generator{Package: "p", CapsOneBased: true}).Add("m", x); err == nil || !strings.Contains(err.Error(), "CapsOneBased needs") {
		t.Errorf("CapsOneBased without CapsMake: err = %v, want an error", err)
	}
}

// TestGenerateErrorInNamedRule: a Func terminal without a Go name inside a
// named rule, which the output makes a function of its own, fails Add and
// AddExplain as it does at the top (the error of the inner function is the
// error of the outer one).
func TestGenerateErrorInNamedRule(t *testing.T) {
	rule := c.Seq(c.Lit("a"), c.Named("inner", c.Seq(c.Lit("b"), c.Func("f", genDigits))))
	for name, add := range map[string]func(*Generator) error{
		"Add":        func(g *Generator) error { return g.Add("m", rule) },
		"AddExplain": func(g *Generator) error { return g.AddExplain("x", rule) },
	} {
		err := add(&Generator{Package: "p"})
		if err == nil || !strings.Contains(err.Error(), `Func terminal "f" has no Go name`) {
			t.Errorf("%s: err = %v, want the Func terminal \"f\" without a Go name", name, err)
		}
	}
}

// TestGenerateChoiceOfAdded: an Alt of rules with captures that were all
// added before, with the same slots, is written as calls of their
// functions in order, the last one's result returned as it is (the first
// alternative that matches wins, RFC 5234 §3.2 read as PEG's ordered
// choice).
func TestGenerateChoiceOfAdded(t *testing.T) {
	x := c.Capture(0, c.Lit("x"))
	y := c.Capture(0, c.Lit("y"))
	z := c.Capture(0, c.Lit("z"))
	g := &Generator{Package: "p", Slots: 1}
	for name, r := range map[string]*c.Rule{"mx": x, "my": y, "mz": z} {
		if err := g.Add(name, r); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Add("choice", c.Alt(x, y, z)); err != nil {
		t.Fatal(err)
	}
	src, err := g.Source()
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := bytes.Cut(src, []byte("func choice("))
	body, _, _ = bytes.Cut(body, []byte("\n}\n"))
	for _, want := range []string{
		"if e := mx(in, pos, caps); e >= 0 {\n\t\treturn e\n\t}\n" +
			"\tif e := my(in, pos, caps); e >= 0 {\n\t\treturn e\n\t}\n" +
			"\treturn mz(in, pos, caps)",
	} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("choice does not hold\n%s\nits body:\n%s", want, body)
		}
	}
}

// genSource returns the output of a Generator of package p after add.
func genSource(t *testing.T, add func(g *Generator) error) string {
	t.Helper()
	g := &Generator{Package: "p"}
	if err := add(g); err != nil {
		t.Fatal(err)
	}
	src, err := g.Source()
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// TestGenerateCapsOfTheLastSlot: the function of a rule with captures takes
// room for each slot up to the last one it captures ("number slots
// densely"): caps *[1][2]int for slot 0, *[2][2]int for slot 1, which the
// matcher fills.
func TestGenerateCapsOfTheLastSlot(t *testing.T) {
	for slot, want := range []string{"caps *[1][2]int) int {", "caps *[2][2]int) int {"} {
		src, err := GenerateGo(c.Capture(slot, c.Lit("a")), "p", "m")
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"func m(in string, pos int, " + want, "caps[" + strconv.Itoa(slot) + "] = [2]int{"} {
			if !bytes.Contains(src, []byte(want)) {
				t.Errorf("slot %d: the output does not hold %q:\n%s", slot, want, src)
			}
		}
	}
}

// TestGenerateHeader: a Header is written before the package clause, with a
// blank line after it (a "// Code generated ... DO NOT EDIT." line must
// stand apart from the package clause, or it is the package's doc), whether
// or not it ends in a newline; with none, the output starts with the
// package clause.
func TestGenerateHeader(t *testing.T) {
	const code = "// Code generated by a test. DO NOT EDIT."
	for _, tc := range []struct{ header, want string }{
		{code, code + "\n\npackage p\n"},
		{code + "\n", code + "\n\npackage p\n"},
		{"", "package p\n"},
	} {
		g := &Generator{Package: "p", Header: tc.header}
		if err := g.Add("m", c.Lit("a")); err != nil {
			t.Fatal(err)
		}
		src, err := g.Source()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(src, []byte(tc.want)) {
			t.Errorf("Header %q: the output starts\n%.80s\nwant\n%s", tc.header, src, tc.want)
		}
	}
}

// TestGenerateBehaviourAtTheEdges compiles matchers of three shapes no
// other grammar of the tests has and checks that they agree with the
// interpreter (checkProgram), whose results on these inputs are checked
// here first by hand, from RFC 5234:
//
//   - ( "a" ) ( ) never matches: a choice of no alternatives matches
//     nothing, so its matcher never stores slot 0 and declares no variable
//     of it.
//   - ( "a" ) 1*"b" fails on "a" and "a!" after the capture: the captures
//     are left alone.
//   - 0*2ALPHA matches two letters of "abc" (RFC 5234 §3.6: at most two
//     occurrences).
func TestGenerateBehaviourAtTheEdges(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	alpha := c.Class(c.ByteRange('a', 'z'))
	never := c.Seq(c.Capture(0, c.Lit("a")), c.Alt())
	runAfterCap := c.Seq(c.Capture(0, c.Lit("a")), c.Plus(c.Lit("b")))
	bounded := c.Rep(0, 2, alpha)
	for _, tc := range []struct {
		r    *c.Rule
		in   string
		want int
	}{
		{never, "a", -1}, {never, "ab", -1},
		{runAfterCap, "a", -1}, {runAfterCap, "a!", -1}, {runAfterCap, "abb", 3},
		{bounded, "abc", 2}, {bounded, "a1", 1}, {bounded, "", 0},
	} {
		if got := tc.r.MatchAt(tc.in, 0); got != tc.want {
			t.Fatalf("the interpreter: %s on %q: %d, want %d", tc.r, tc.in, got, tc.want)
		}
	}
	checkProgram(t, []*c.Rule{never, runAfterCap, bounded},
		[]string{"", "a", "a!", "ab", "abb", "abb!", "abc", "abcd", "a1", "b"}, nil, "", capsPlain)
}

// TestGenerateExtern checks that a rule of Extern is a call of the other
// package's function, imported, that its own matcher is not compiled, that
// Add of it is a call of that function behind the bounds test, and that its
// diagnosis is compiled all the same; and that a rule of the same name
// built anew (a variant's) is not the rule of Extern: it is compiled.
func TestGenerateExtern(t *testing.T) {
	hex := c.Named("hex", c.Alt(c.Seq(c.Lit("0x"), c.Plus(c.HEXDIG)), c.Lit("0")))
	variant := c.Named("hex", c.Alt(c.Seq(c.Lit("0X"), c.Plus(c.HEXDIG)), c.Lit("0")))
	r := c.Named("r", c.Seq(c.Lit("="), hex, c.Lit(","), variant))
	g := &Generator{Package: "p", Extern: map[*c.Rule]ExternFunc{hex: {Import: "example.com/hexes", Call: "hexes.Hex"}}}
	for name, rule := range map[string]*c.Rule{"m": r, "mHex": hex} {
		if err := g.Add(name, rule); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.AddExplain("x", r); err != nil {
		t.Fatal(err)
	}
	src, err := g.Source()
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	for _, want := range []string{`"example.com/hexes"`, "if p = hexes.Hex(in, p); p < 0 {", "return hexes.Hex(in, pos)",
		"func explainHex(", "func matchHex("} {
		if !strings.Contains(s, want) {
			t.Errorf("the output lacks %s:\n%s", want, s)
		}
	}
	if n := strings.Count(s, "hexes.Hex(in, p)"); n != 1 {
		t.Errorf("the output calls hexes.Hex %d times in m, want once (the variant is compiled):\n%s", n, s)
	}
	if strings.Contains(s, `in[p:][:2] != "0x"`) {
		t.Errorf("the output compiles the matcher of the Extern rule:\n%s", s)
	}
}
