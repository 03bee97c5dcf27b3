package codegen

import (
	"bytes"
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// The tests of this file pin behaviour that mutation testing (.ci/mutation)
// found no test to reach or notice: each names the mutants it kills.

// TestGenerateErrorInNamedRule: a Func terminal without a Go name inside a
// named rule, which the output makes a function of its own, fails Add and
// AddExplain as it does at the top (the error of the inner function is the
// error of the outer one). Kills gen.go node's and explain.go dnode's
// `if f.err == nil {` after matchFunc and explainFunc, which no test reached:
// negated, the inner error was dropped and Add returned nil.
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
// choice). Kills choiceOfAdded's `if i == len(r.subs)-1 {` mutants, which no
// test reached: they return the first alternative's result whatever it is.
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
