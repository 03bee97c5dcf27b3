package codegen

import (
	"fmt"
	"slices"

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
	// Generator.AddExplain.
	Matchers, Explainers []Func
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
	for _, m := range slices.Concat(s.Matchers, s.Explainers) {
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
	return g.Source()
}
