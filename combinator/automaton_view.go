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

// minimize merges the states no input tells apart, keeping the dead state
// 0 as state 0 and numbering the other blocks by their first state.
func minimize(next []int32, accept []bool, ncls int, start int32) *Automaton {
	class := make([]int32, len(accept))
	for s, ok := range accept {
		if ok {
			class[s] = 1
		}
	}
	return refine(next, class, ncls).automaton(next, accept, ncls, start)
}

// refine returns the blocks of the states no input tells apart, starting
// from the blocks of class (a number for each state: accepting and
// rejecting states in different ones): Hopcroft's partition refinement,
// in time O(ncls n log n) for n states (where refining round by round, as
// Moore does, takes n rounds on a chain).
func refine(next []int32, class []int32, ncls int) *partition {
	n := len(class)
	p := newPartition(class)
	// The states that reach each state by each class, as one array.
	head := make([]int32, ncls*n+1)
	for s := 0; s < n; s++ {
		for c := 0; c < ncls; c++ {
			head[c*n+int(next[s*ncls+c])+1]++
		}
	}
	for i := 1; i < len(head); i++ {
		head[i] += head[i-1]
	}
	inv := make([]int32, n*ncls)
	fill := append([]int32(nil), head[:len(head)-1]...)
	for s := 0; s < n; s++ {
		for c := 0; c < ncls; c++ {
			k := c*n + int(next[s*ncls+c])
			inv[fill[k]] = int32(s)
			fill[k]++
		}
	}
	type splitter struct{ block, class int32 }
	var work []splitter
	inWork := map[splitter]bool{}
	for b := range p.start {
		for c := 0; c < ncls; c++ {
			work = append(work, splitter{int32(b), int32(c)})
			inWork[splitter{int32(b), int32(c)}] = true
		}
	}
	var marked, targets []int32
	for len(work) > 0 {
		w := work[len(work)-1]
		work = work[:len(work)-1]
		delete(inWork, w)
		// The states that the class takes into the block, marked (a copy
		// of the block: marking moves states within their blocks).
		marked = marked[:0]
		targets = append(targets[:0], p.elems[p.start[w.block]:p.end[w.block]]...)
		for _, t := range targets {
			k := int(w.class)*n + int(t)
			for _, s := range inv[head[k]:head[k+1]] {
				if p.mark(s) {
					marked = append(marked, p.block[s])
				}
			}
		}
		for _, b := range marked {
			nb, ok := p.split(b)
			if !ok {
				continue
			}
			for c := 0; c < ncls; c++ {
				old, add := splitter{b, int32(c)}, splitter{nb, int32(c)}
				if !inWork[old] && p.size(nb) > p.size(b) {
					add = old
				}
				if !inWork[add] {
					inWork[add] = true
					work = append(work, add)
				}
			}
		}
	}
	return p
}

// partition is the blocks of Hopcroft's refinement: elems holds the states
// block by block, block b from start[b] to end[b], its first marked[b] of
// them marked.
type partition struct {
	elems, pos, block   []int32 // the states in block order; where each stands; its block
	start, end, nmarked []int32
}

func newPartition(class []int32) *partition {
	n := len(class)
	p := &partition{elems: make([]int32, 0, n), pos: make([]int32, n), block: make([]int32, n)}
	blocks := map[int32][]int32{}
	var order []int32 // the classes in the order of their first state
	for s, c := range class {
		if blocks[c] == nil {
			order = append(order, c)
		}
		blocks[c] = append(blocks[c], int32(s))
	}
	for _, c := range order {
		b := int32(len(p.start))
		p.start, p.nmarked = append(p.start, int32(len(p.elems))), append(p.nmarked, 0)
		for _, s := range blocks[c] {
			p.pos[s], p.block[s] = int32(len(p.elems)), b
			p.elems = append(p.elems, s)
		}
		p.end = append(p.end, int32(len(p.elems)))
	}
	return p
}

func (p *partition) size(b int32) int32 { return p.end[b] - p.start[b] }

// mark moves s among the marked states of its block, and reports whether
// it is the first of its block marked since the block was last split.
func (p *partition) mark(s int32) bool {
	b := p.block[s]
	i, j := p.pos[s], p.start[b]+p.nmarked[b]
	if i < j {
		return false // marked already
	}
	t := p.elems[j]
	p.elems[i], p.elems[j] = t, s
	p.pos[t], p.pos[s] = i, j
	p.nmarked[b]++
	return p.nmarked[b] == 1
}

// split makes the marked states of b a new block, unless they are all of
// it, and clears the marks; it returns the new block.
func (p *partition) split(b int32) (int32, bool) {
	m := p.start[b] + p.nmarked[b]
	p.nmarked[b] = 0
	if m == p.end[b] {
		return 0, false
	}
	nb := int32(len(p.start))
	p.start, p.end, p.nmarked = append(p.start, p.start[b]), append(p.end, m), append(p.nmarked, 0)
	p.start[b] = m
	for _, s := range p.elems[p.start[nb]:p.end[nb]] {
		p.block[s] = nb
	}
	return nb, true
}

// automaton returns the automaton of the blocks: the dead state's block
// first, the others in the order of their first state.
func (p *partition) automaton(next []int32, accept []bool, ncls int, start int32) *Automaton {
	n := len(accept)
	order := make([]int32, len(p.start))
	for i := range order {
		order[i] = -1
	}
	m := int32(0)
	order[p.block[0]], m = 0, 1
	for s := 0; s < n; s++ {
		if order[p.block[s]] < 0 {
			order[p.block[s]] = m
			m++
		}
	}
	a := &Automaton{NumClasses: ncls, Next: make([]int32, int(m)*ncls), Accept: make([]bool, m), Start: order[p.block[start]]}
	for s := 0; s < n; s++ {
		b := order[p.block[s]]
		a.Accept[b] = accept[s]
		for c := 0; c < ncls; c++ {
			a.Next[int(b)*ncls+c] = order[p.block[next[s*ncls+c]]]
		}
	}
	return a
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
