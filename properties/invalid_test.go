package properties

import (
	"testing"

	"pgregory.net/rapid"
)

// TestNearMissesAreInvalidByConstruction draws from each mutation without the
// oracle filter and checks with the oracle that none is valid: the filter in
// Invalid must never be what makes it correct.
func TestNearMissesAreInvalidByConstruction(t *testing.T) {
	for i, g := range nearMissGens {
		rapid.Check(t, func(t *rapid.T) {
			n := g.Draw(t, "near miss")
			if m, known := MatchRule(n.Rule, n.Input); !known || m {
				t.Fatalf("mutation %d: %q (%s) matches %s", i, n.Input, n.Reason, n.Rule)
			}
		})
	}
}

func TestInvalid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := Invalid().Draw(t, "near miss")
		if n.Reason == "" || n.Rule == "" {
			t.Fatalf("near miss without reason or rule: %+v", n)
		}
		if m, _ := MatchRule(n.Rule, n.Input); m {
			t.Fatalf("%q matches %s", n.Input, n.Rule)
		}
	})
}
