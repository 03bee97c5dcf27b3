package codegen

import (
	"bytes"
	"fmt"
	"go/format"
	"go/token"
	"slices"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
)

// A Spec declares one generated file: the settings of its Generator and the
// functions it holds, matchers then diagnoses, each in the order given. A
// grammar package declares its Spec beside its rules, and a generation
// command writes what Source returns; a test can compare it with the file
// committed.
type Spec struct {
	// Generator holds the settings (Package, Prefix, Header, Funcs, Slots,
	// CapsType, CapsMake, CapsOneBased). Source compiles with a copy of
	// it, so a Spec can be generated again.
	Generator Generator
	// Matchers are compiled with Generator.Add, Explainers with
	// Generator.AddExplain, Stops with Generator.AddStop.
	Matchers, Explainers, Stops []Func
}

// A Func names the function of a Spec that compiles a rule.
type Func struct {
	Name string
	Rule *c.Rule
}

// Source returns the gofmt'ed Go source of the file s declares. It reads
// all the rules of s before it compiles any, so that the pieces they share
// are functions of their own from their first use (Generator).
func (s *Spec) Source() ([]byte, error) {
	g := s.Generator // its settings; what Add records goes into the copy
	if g.nodes != nil || g.funcs != nil {
		return nil, fmt.Errorf("codegen: spec of %s: its Generator has been used", g.Package)
	}
	for _, m := range slices.Concat(s.Matchers, s.Explainers, s.Stops) {
		g.nodeOf(m.Rule)
	}
	for _, m := range s.Matchers {
		if err := g.Add(m.Name, m.Rule); err != nil {
			return nil, err
		}
	}
	for _, m := range s.Explainers {
		if err := g.AddExplain(m.Name, m.Rule); err != nil {
			return nil, err
		}
	}
	for _, m := range s.Stops {
		if err := g.AddStop(m.Name, m.Rule); err != nil {
			return nil, err
		}
	}
	return g.Source()
}

// Extern returns the map of Generator.Extern that calls the matchers of s
// from another package, s's package at importPath: each matcher of s whose
// name is exported, by the identity of its rule, as Package.Name. A Spec
// that calls them takes the rules from this map, so that a matcher added
// to s is called wherever its rule is used.
func (s *Spec) Extern(importPath string) map[*c.Rule]ExternFunc {
	ext := map[*c.Rule]ExternFunc{}
	for _, m := range s.Matchers {
		if token.IsExported(m.Name) {
			ext[m.Rule] = ExternFunc{Import: importPath, Call: s.Generator.Package + "." + m.Name}
		}
	}
	return ext
}

// TestSource returns the gofmt'ed Go source of the test file that goes
// beside the file s declares: a map, Prefix + "Funcs" (genFuncs by
// default), from the name of each function of s, matchers, diagnoses and
// stops, to the function. A test of the package walks s and finds each function
// there, so that a Func added to s is checked against the interpreter
// without a list kept by hand.
func (s *Spec) TestSource() ([]byte, error) {
	g := s.Generator
	var b bytes.Buffer
	if g.Header != "" {
		b.WriteString(strings.TrimSuffix(g.Header, "\n") + "\n\n")
	}
	name := g.prefix() + "Funcs"
	fmt.Fprintf(&b, "package %s\n\n", g.Package)
	fmt.Fprintf(&b, "// %s maps the name of each function generated from the Spec of\n", name)
	fmt.Fprintf(&b, "// this package to the function, for the tests that walk the Spec.\n")
	fmt.Fprintf(&b, "var %s = map[string]any{\n", name)
	for _, m := range slices.Concat(s.Matchers, s.Explainers, s.Stops) {
		fmt.Fprintf(&b, "%q: %s,\n", m.Name, m.Name)
	}
	b.WriteString("}\n")
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("codegen: test source: gofmt: %v", err)
	}
	return out, nil
}
