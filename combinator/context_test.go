package combinator

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// nested returns a rule of a, wrapped in depth constructors (sequences,
// choices, captures and repetitions in turn), built as a generated grammar
// would be.
func nested(depth int) *Rule {
	r := Lit("a")
	for i := 0; i < depth; i++ {
		switch i % 4 {
		case 0:
			r = Seq(r, Opt(Lit("b")))
		case 1:
			r = Alt(r, Lit("c"))
		case 2:
			r = Capture(0, r)
		case 3:
			r = Rep(1, 1, r)
		}
	}
	return r
}

func TestGrammarDeeperThanMaxDepthFailsWithDepthError(t *testing.T) {
	r := nested(3 * MaxDepth) // a million constructors deep, in steps of four
	if r.Match("a") {
		t.Error("Match: true past MaxDepth")
	}
	if _, ok := r.Prefix("a"); ok {
		t.Error("Prefix: ok past MaxDepth")
	}
	if e := r.MatchAt("a", 0); e != -1 {
		t.Errorf("MatchAt = %d, want -1", e)
	}
	if r.Captures("a", make([]Span, 1)) {
		t.Error("Captures: true past MaxDepth")
	}
	if _, ok := r.Events("a"); ok {
		t.Error("Events: true past MaxDepth")
	}
	var de *DepthError
	// Its height: the first Seq over Opt(Lit("b")) is 3 high, and each
	// constructor after it adds one.
	if err := r.Check("a"); !errors.As(err, &de) || de.Depth != 3*MaxDepth+2 || de.Offset != 0 {
		t.Errorf("Check = %v, want a *DepthError of depth %d at 0", err, 3*MaxDepth+2)
	}
	if se := r.Explain("a"); se == nil || !errors.As(se, &de) || se.Stopped == nil {
		t.Errorf("Explain = %v, want a SyntaxError stopped by a *DepthError", se)
	}
	if _, err := r.Tree("a"); !errors.As(err, &de) {
		t.Errorf("Tree: %v, want a *DepthError", err)
	}
	if n := len(r.String()); n > MaxPrint+8 {
		t.Errorf("String is %d bytes, want at most %d", n, MaxPrint)
	}
	if err := r.Check("a"); len(err.Error()) > MaxMessage {
		t.Errorf("the message is %d bytes: %.80s...", len(err.Error()), err)
	}
}

func TestGrammarWithinMaxDepthMatches(t *testing.T) {
	r := nested(MaxDepth - 2) // height MaxDepth
	if !r.Match("a") || !r.Match("ab") || r.Match("x") {
		t.Error("Match of a grammar MaxDepth deep")
	}
	spans := make([]Span, 1)
	if !r.Captures("ab", spans) || spans[0] != (Span{0, 2}) {
		t.Errorf("Captures = %v", spans)
	}
	var se *SyntaxError
	if err := r.Check("x"); !errors.As(err, &se) || se.Offset != 0 || se.Stopped != nil {
		t.Errorf("Check = %v, want a SyntaxError at 0", err)
	}
}

// parens returns a grammar of nested parentheses around "x", recursive
// through a FuncContext terminal: expr = "(" expr ")" / "x".
func parens() *Rule {
	var expr *Rule
	ref := FuncContext("expr", func(c *Context, in string, pos int) int {
		return c.MatchAt(expr, in, pos)
	})
	expr = Named("expr", Alt(Seq(Lit("("), ref, Lit(")")), Lit("x")))
	return expr
}

func TestRecursionThroughFuncContextIsBounded(t *testing.T) {
	expr := parens()
	deep := strings.Repeat("(", 1_000_000) + "x" + strings.Repeat(")", 1_000_000)
	if expr.Match(deep) {
		t.Error("Match: true a million levels deep")
	}
	var de *DepthError
	err := expr.Check(deep)
	if !errors.As(err, &de) {
		t.Fatalf("Check = %v, want a *DepthError", err)
	}
	// expr is 3 nodes high: the match stops at the level whose rule would
	// take the count past MaxDepth.
	if want := MaxDepth / 3; de.Offset != want || de.Rule != "expr" {
		t.Errorf("stopped at %d in %q, want %d in expr", de.Offset, de.Rule, want)
	}
	ok := strings.Repeat("(", 10_000) + "x" + strings.Repeat(")", 10_000)
	if err := expr.Check(ok); err != nil {
		t.Errorf("10,000 levels: %v", err)
	}
	var se *SyntaxError
	if err := expr.Check(ok + ")"); !errors.As(err, &se) || se.Offset != len(ok) {
		t.Errorf("10,000 levels and a \")\": %v, want a SyntaxError at %d", err, len(ok))
	}
}

func TestContextDepthAddsUpHeights(t *testing.T) {
	var depths []int
	inner := Seq(Lit("a"), Lit("b")) // 2 high
	f := FuncContext("f", func(c *Context, in string, pos int) int {
		depths = append(depths, c.Depth())
		return c.MatchAt(inner, in, pos)
	})
	outer := Seq(Lit("<"), f) // 2 high
	if !outer.Match("<ab") {
		t.Fatal("no match")
	}
	if diff := cmp.Diff([]int{2}, depths); diff != "" {
		t.Errorf("depth in f (-want +got):\n%s", diff)
	}
}

func TestFuncContextOutsideAMatch(t *testing.T) {
	// The view's Func of a FuncContext terminal, as codegen or parsec call
	// it, matches with a Context of its own.
	expr := parens()
	fn := expr.Subs()[0].Subs()[1].Func()
	if got := fn("((x))", 1); got != 4 {
		t.Errorf("Func()(\"((x))\", 1) = %d, want 4", got)
	}
	if got := fn("((x)", 0); got != -1 {
		t.Errorf("Func()(\"((x)\", 0) = %d, want -1", got)
	}
}

func TestContextMatchAtOtherInput(t *testing.T) {
	// A Func may match another text through its Context: the memo tables
	// are the match's input's and are not used for it.
	word := Plus(Class(AlphaSet))
	f := FuncContext("f", func(c *Context, in string, pos int) int {
		if c.MatchAt(word, "abc", 0) != 3 || c.MatchAt(word, "ab1", 0) != 2 {
			return -1
		}
		return c.MatchAt(word, in, pos)
	})
	r := Star(Alt(Seq(f, Lit(";")), Lit(";")))
	if !r.Match("ab;;cd;") || r.Match("ab;1") {
		t.Error("Match through a Func that matches another text")
	}
}

func TestContextErrStopsTheMatch(t *testing.T) {
	deep := nested(MaxDepth + 10)
	var errs []error
	var after int
	f := FuncContext("f", func(c *Context, in string, pos int) int {
		errs = append(errs, c.Err())
		if c.MatchAt(Lit("a"), in, -1) != -1 || c.MatchAt(Lit("a"), in, len(in)+1) != -1 {
			t.Error("MatchAt outside the input")
		}
		e := c.MatchAt(deep, in, pos)
		errs = append(errs, c.Err())
		after = c.MatchAt(Lit("a"), in, pos) // stopped: -1 from now on
		return e
	})
	if Alt(f, Lit("a")).Match("a") {
		t.Error("a match stopped by its Context reported a match")
	}
	var de *DepthError
	if len(errs) != 2 || errs[0] != nil || !errors.As(errs[1], &de) || after != -1 {
		t.Errorf("Err before and after = %v, MatchAt after = %d", errs, after)
	}
}

func TestCostsSaturate(t *testing.T) {
	r := Lit("a")
	for i := 0; i < 8; i++ {
		r = Rep(0, 1<<20, r) // 2^160 steps unfolded
	}
	if got := r.prepared().cost; got != math.MaxInt32 {
		t.Errorf("cost = %d, want saturated", got)
	}
	if !r.Match("aaa") || r.prepared().simple {
		t.Error("a rule of saturated cost is matched by the memoizing matcher")
	}
}
