package codegen

import "fmt"

// The pieces of the grammar that rules share (Generator): an unnamed node
// used under two others or more, compiled to functions of its own as a
// named rule is, matcher and diagnosis.

// share counts a use of n, a node under another: the second use of an
// unnamed piece large enough to pay for a call (sharedWeight) makes it a
// shared piece, which gets functions of its own as a named rule does
// (Generator).
func (g *Generator) share(n *node) {
	if g.uses == nil {
		g.uses = map[*node]int{}
	}
	g.uses[n]++
	if n.name == "" && g.uses[n] == 2 && weight(n) >= sharedWeight {
		n.shared = true
	}
}

// sharedWeight is the least weight of a shared piece compiled to functions
// of its own: below it, its code in place is about as short as a call and
// a function's head, and a call costs time on the way of every match.
const sharedWeight = 8

// weight is the number of nodes whose code is written out in place for r:
// its tree, each named rule in it (a call, or a few lines) and each fused
// node (a test or a loop) counting one.
func weight(r *node) int {
	if r.name != "" || r.fast != fNone || r.rfast != fNone {
		return 1
	}
	w := 1
	for _, s := range r.subs {
		w += weight(s)
	}
	return w
}

// checkPieceNames reports a name of PieceNames that cannot end a Go
// identifier.
func (g *Generator) checkPieceNames() error {
	for _, name := range g.PieceNames {
		if name == "" || !goIdent.MatchString("match"+name) {
			return fmt.Errorf("codegen: generate: PieceNames: %q cannot end a Go identifier", name)
		}
	}
	return nil
}
