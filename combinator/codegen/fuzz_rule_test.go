package codegen

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// ruleReader builds a grammar from fuzz bytes: each byte chooses a node,
// and the bytes after it its operands and children, to a bounded depth and
// size, so that every input makes a grammar and small inputs make small ones.
type ruleReader struct {
	data  []byte
	nodes int
	built []*c.Rule // the rules made so far, which a node may use again
}

// next returns the next byte, 0 past the end.
func (r *ruleReader) next() byte {
	if len(r.data) == 0 {
		return 0
	}
	b := r.data[0]
	r.data = r.data[1:]
	return b
}

// fuzzNames are the names of the Named rules: plain ones, one shared by two
// different rules, and ones that are no Go identifier, which the generator
// must turn into one.
var fuzzNames = []string{"a", "seg-nz", "seg-nz", "1st", "é", "IPv6address", "x.y", ""}

const fuzzAlphabet = "ab%4F:/é\x00\xff"

// rule reads one node; depth bounds the nesting left.
func (r *ruleReader) rule(depth int) *c.Rule {
	x := r.node(depth)
	r.built = append(r.built, x)
	return x
}

// node makes the node of rule: a new one, or one made before, used again
// (a piece that two rules share, in the generator's terms).
func (r *ruleReader) node(depth int) *c.Rule {
	r.nodes++
	op := r.next()
	if depth == 0 || r.nodes > 40 {
		op %= 4 // terminals only
	}
	switch op % 15 {
	case 0:
		n := int(r.next() % 4)
		var b strings.Builder
		for range n {
			b.WriteByte(fuzzAlphabet[int(r.next())%len(fuzzAlphabet)])
		}
		return c.Lit(b.String())
	case 1:
		lo := r.next()
		return c.Class(c.ByteRange(lo, lo+r.next()%40))
	case 2:
		return c.LitFold(string(fuzzAlphabet[int(r.next())%len(fuzzAlphabet)]) + "B")
	case 3:
		if r.next()%2 == 0 {
			return c.Func("digits", genDigits)
		}
		return c.Class(c.Chars(":/%"))
	case 4:
		return c.Seq(r.rule(depth-1), r.rule(depth-1))
	case 5:
		return c.Alt(r.rule(depth-1), r.rule(depth-1))
	case 6:
		return c.Seq(r.rule(depth-1), r.rule(depth-1), r.rule(depth-1))
	case 7:
		lo := int(r.next() % 3)
		hi := lo + int(r.next()%3)
		if r.next()%2 == 0 {
			hi = c.Unbounded
		}
		return c.Rep(lo, hi, r.rule(depth-1))
	case 8:
		return c.Capture(int(r.next()%4), r.rule(depth-1))
	case 9:
		return c.Not(r.rule(depth - 1))
	case 10:
		return c.Peek(r.rule(depth - 1))
	case 11:
		return c.Named(fuzzNames[int(r.next())%len(fuzzNames)], r.rule(depth-1))
	case 12:
		return c.Star(r.rule(depth - 1))
	case 14:
		if len(r.built) == 0 {
			return c.Lit("a")
		}
		return r.built[int(r.next())%len(r.built)]
	default:
		return c.Opt(r.rule(depth - 1))
	}
}

// generate runs the generator on rule as uri's build does: a matcher and its
// diagnosis in one file.
func generate(rule *c.Rule) ([]byte, error) {
	g := &Generator{Package: "x", Funcs: map[string]string{"digits": "genDigits"}}
	if err := g.Add("match", rule); err != nil {
		return nil, err
	}
	if err := g.AddExplain("explain", rule); err != nil {
		return nil, err
	}
	return g.Source()
}

// FuzzGenerateRandomRule builds a random grammar of every kind of node
// (terminals, sequences, choices, repetitions with any bounds, captures,
// look-aheads, named rules with clashing or non-Go names, a Func terminal,
// rules used in several places)
// and checks that the generator does not panic, that it fails only with a
// short error of its own, and that otherwise its output is gofmt'ed Go,
// declares the two functions asked for, and is the same on a second run
// (the generated files of the module are checked in, and must not change
// from one build to the next). Whether the output matches as the
// interpreter does is TestGenerateGoBehaviour's part: it compiles a
// program, too slow for a fuzz target.
func FuzzGenerateRandomRule(f *testing.F) {
	for _, s := range []string{"", "\x00\x02ab", "\x04\x00\x01a\x01\x61\x05", "\x07\x00\x00\x00\x01\x10",
		"\x08\x01\x05\x00\x01a\x03\x01", "\x0b\x01\x0b\x02\x00\x00", "\x09\x07\x01\x00\x01\x00", "\x0c\x0c\x0d\x00",
		// Seq( X, X ), X seven one-byte literals in three Seqs: a
		// piece used twice, large enough to be a function of its own.
		"\x04\x06\x06\x00\x01a\x00\x01b\x00\x01a\x06\x00\x01a\x00\x01a\x00\x01a\x00\x01b\x0e\x09"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rd := &ruleReader{data: data}
		rule := rd.rule(6)
		src, err := generate(rule)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "codegen: ") || len(msg) > 1024 {
				t.Fatalf("GenerateGo(%v): error %q", rule, msg)
			}
			return
		}
		again, err := generate(rule)
		if err != nil || !bytes.Equal(src, again) {
			t.Fatalf("GenerateGo(%v): a second run gives other output (%v)", rule, err)
		}
		file, err := parser.ParseFile(token.NewFileSet(), "gen.go", src, 0)
		if err != nil {
			t.Fatalf("GenerateGo(%v): output does not parse: %v\n%s", rule, err, src)
		}
		if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
			t.Fatalf("GenerateGo(%v): output is not gofmt'ed (%v)", rule, err)
		}
		declared := map[string]bool{}
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil { // a method of the runtime may share a name
				if declared[fd.Name.Name] {
					t.Fatalf("GenerateGo(%v): func %s declared twice", rule, fd.Name.Name)
				}
				declared[fd.Name.Name] = true
			}
		}
		if !declared["match"] || !declared["explain"] {
			t.Fatalf("GenerateGo(%v): no func match or explain in\n%s", rule, src)
		}
	})
}
