package combinator

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// mooreClasses is an independent minimization to check refine against:
// states split round by round by their class and their targets' classes,
// from accepting / rejecting, until no round splits (Moore).
func mooreClasses(next []int32, accept []bool, ncls int) []int {
	n := len(accept)
	class := make([]int, n)
	for s := range class {
		if accept[s] {
			class[s] = 1
		}
	}
	for {
		ids := map[string]int{}
		nc := make([]int, n)
		for s := 0; s < n; s++ {
			var key strings.Builder
			key.WriteString(strconv.Itoa(class[s]))
			for c := 0; c < ncls; c++ {
				key.WriteString("," + strconv.Itoa(class[next[s*ncls+c]]))
			}
			if _, ok := ids[key.String()]; !ok {
				ids[key.String()] = len(ids)
			}
			nc[s] = ids[key.String()]
		}
		old := map[int]bool{}
		for _, c := range class {
			old[c] = true
		}
		class = nc
		if len(ids) == len(old) {
			return class
		}
	}
}

// TestMinimizeMergesExactlyTheEquivalentStates: on random automata,
// Hopcroft's refinement puts two states in one block exactly when Moore's
// does, and minimize's automaton has one state a block, the dead state's
// first, each going where its states go.
func TestMinimizeMergesExactlyTheEquivalentStates(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 500; round++ {
		n, ncls := 1+r.IntN(40), 1+r.IntN(4)
		next := make([]int32, n*ncls)
		accept := make([]bool, n)
		for s := 1; s < n; s++ {
			accept[s] = r.IntN(3) == 0
			for c := 0; c < ncls; c++ {
				next[s*ncls+c] = int32(r.IntN(n))
			}
		}
		class := make([]int32, n)
		for s := range class {
			if accept[s] {
				class[s] = 1
			}
		}
		p := refine(next, class, ncls)
		want := mooreClasses(next, accept, ncls)
		for s := 0; s < n; s++ {
			for u := 0; u < n; u++ {
				if (p.block[s] == p.block[u]) != (want[s] == want[u]) {
					t.Fatalf("round %d: states %d and %d: Hopcroft %v, Moore %v", round, s, u, p.block[s] == p.block[u], want[s] == want[u])
				}
			}
		}
		start := int32(r.IntN(n))
		a := minimize(next, accept, ncls, start)
		if len(a.Accept) != len(p.start) || a.Accept[0] || a.Next[0] != 0 {
			t.Fatalf("round %d: %d states for %d blocks, or the dead state not first", round, len(a.Accept), len(p.start))
		}
		// Each state's block, numbered as minimize numbers them, goes
		// where the state goes, and accepts as it does.
		order := map[int32]int32{p.block[0]: 0}
		for s := 0; s < n; s++ {
			if _, ok := order[p.block[s]]; !ok {
				order[p.block[s]] = int32(len(order))
			}
		}
		for s := 0; s < n; s++ {
			b := order[p.block[s]]
			if a.Accept[b] != accept[s] {
				t.Fatalf("round %d: state %d accepts %v, its block %v", round, s, accept[s], a.Accept[b])
			}
			for c := 0; c < ncls; c++ {
				if a.Next[int(b)*ncls+c] != order[p.block[next[s*ncls+c]]] {
					t.Fatalf("round %d: state %d, class %d", round, s, c)
				}
			}
		}
		if a.Start != order[p.block[start]] {
			t.Fatalf("round %d: start", round)
		}
	}
}

// TestMinimizeIsFastOnAChain: a chain of 20,000 states (Moore takes as
// many rounds) is minimized in well under a second.
func TestMinimizeIsFastOnAChain(t *testing.T) {
	n := 20000
	next := make([]int32, n*2)
	accept := make([]bool, n)
	for s := 1; s < n; s++ {
		next[s*2] = int32(s + 1)
		if s+1 == n {
			next[s*2] = 0
		}
	}
	accept[n-1] = true
	a := minimize(next, accept, 2, 1)
	if len(a.Accept) != n {
		t.Errorf("%d states, want %d", len(a.Accept), n)
	}
}
