package combinator

import "errors"

// Automaton is the deterministic automaton of a regular exact rule (a rule
// of ExactGrammar without recursion or PEG operator), built whole, for the
// packages that compile rules, such as combinator/codegen. The input is read
// a byte at a time: its class, then the next state. State 0 is the dead
// state, from which no match can be reached.
type Automaton struct {
	Classes    [256]uint8 // the class of each byte
	NumClasses int
	Next       []int32 // [state*NumClasses+class]: the next state
	Accept     []bool  // [state]: whether a match may end in it
	Start      int32
	Loops      [][256]bool // [state]: the bytes that lead from the state to itself
}

// ErrNotRegular is the error of Rule.Automaton for a rule that has no
// finite automaton: not a rule of ExactGrammar, recursive, holding a PEG
// operator, or whose automaton is too large.
var ErrNotRegular = errors.New("combinator: not a regular exact rule, or its automaton is too large")

// Automaton returns the whole automaton of r, a rule of ExactGrammar
// without recursion: every state reachable from the start and each of its
// transitions. It returns ErrNotRegular for any other rule, and for one
// whose automaton would have more than about 8,000 states.
func (r *Rule) Automaton() (*Automaton, error) {
	if r.kind != kExact || r.ex == nil || !r.ex.regular {
		return nil, ErrNotRegular
	}
	d := compileDFA(r.ex.body) // a fresh one: the rule's own stays lazy
	if d == nil {
		return nil, ErrNotRegular
	}
	c := d.cache.Load()
	for s := int32(0); int(s) < len(c.sets); s++ {
		for k := 0; k < d.ncls; k++ {
			if d.next(c, s, uint8(k)) < 0 {
				return nil, ErrNotRegular
			}
		}
	}
	next := make([]int32, len(c.trans))
	for i, t := range c.trans {
		next[i] = d.state(t)
	}
	a := minimize(next, c.accept, d.ncls, c.start)
	a.Classes = d.cls
	a.Loops = make([][256]bool, len(a.Accept))
	for s := range a.Accept {
		for b := 0; b < 256; b++ {
			a.Loops[s][b] = a.Next[s*a.NumClasses+int(a.Classes[b])] == int32(s)
		}
	}
	return a, nil
}

// minimize merges the states no input tells apart (Moore's partition
// refinement), keeping the dead state 0 as state 0.
func minimize(next []int32, accept []bool, ncls int, start int32) *Automaton {
	n := len(accept)
	block := make([]int32, n)
	for s := range block {
		if accept[s] {
			block[s] = 1
		}
	}
	for {
		// The signature of a state: its block and those of its targets.
		index := map[string]int32{}
		nb := make([]int32, n)
		key := make([]byte, 0, 4*(ncls+1))
		for s := 0; s < n; s++ {
			key = key[:0]
			for _, v := range append([]int32{block[s]}, blocksOf(next[s*ncls:(s+1)*ncls], block)...) {
				key = append(key, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
			}
			id, ok := index[string(key)]
			if !ok {
				id = int32(len(index))
				index[string(key)] = id
			}
			nb[s] = id
		}
		same := len(index) == countBlocks(block)
		block = nb
		if same {
			break
		}
	}
	// Number the blocks with the dead state's first.
	order := map[int32]int32{block[0]: 0}
	for s := 0; s < n; s++ {
		if _, ok := order[block[s]]; !ok {
			order[block[s]] = int32(len(order))
		}
	}
	m := len(order)
	a := &Automaton{NumClasses: ncls, Next: make([]int32, m*ncls), Accept: make([]bool, m), Start: order[block[start]]}
	for s := 0; s < n; s++ {
		b := order[block[s]]
		a.Accept[b] = accept[s]
		for c := 0; c < ncls; c++ {
			a.Next[int(b)*ncls+c] = order[block[next[s*ncls+c]]]
		}
	}
	return a
}

func blocksOf(targets []int32, block []int32) []int32 {
	out := make([]int32, len(targets))
	for i, t := range targets {
		out[i] = block[t]
	}
	return out
}

func countBlocks(block []int32) int {
	seen := map[int32]bool{}
	for _, b := range block {
		seen[b] = true
	}
	return len(seen)
}

// Match reports whether the automaton accepts the whole of s: what the
// rule it was built from matches.
func (a *Automaton) Match(s string) bool {
	st := a.Start
	for i := 0; i < len(s); i++ {
		st = a.Next[int(st)*a.NumClasses+int(a.Classes[s[i]])]
		if st == 0 {
			return false
		}
	}
	return a.Accept[st]
}
