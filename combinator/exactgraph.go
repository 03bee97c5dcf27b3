package combinator

import "slices"

// The analysis of an exact grammar at compile time (ExactGrammar): the
// graph of its references, its strongly connected components in dependency
// order (Tarjan's algorithm on an explicit stack), and, one component at a
// time, what each definition can start with, whether it can match empty,
// whether it is regular and how big its automaton is. Each step follows the
// references through tables, never down the Go stack, and costs about the
// size of the grammar: a chain of many thousands of rules compiles in
// linear time.

// component is a strongly connected component of the references of an
// exact grammar.
type component struct {
	members []*Rule
	cyclic  bool // a member refers to a member, itself included
	// rightLinear: cyclic, and every reference from a member to a member
	// stands in tail position (the last thing its body matches), as in
	// ldh = ld / ld ldh: the language is regular and the members compile
	// to one automaton whose references are jumps.
	rightLinear bool
}

// maxInline bounds how deep the definitions inlined into one automaton or
// one recognizer program nest (a rule using a rule using a rule ...), so
// that the compilation, which follows them on the Go stack, stays within a
// bounded stack; a grammar deeper than that is refused.
const maxInline = 20_000

// analyse computes, for the definitions of g, in dependency order: the
// components, nullability and first bytes, regularity, NFA sizes and the
// definitions a recognizer's program calls. It returns the names of the
// definitions too big even for a program.
func (g *exactGrammar) analyse() []string {
	n := len(g.list)
	adj := make([][]int32, n)
	for i, d := range g.list {
		walkRefs(d.ex.body, func(t *Rule) {
			if t != nil && !slices.Contains(adj[i], int32(t.ex.idx)) {
				adj[i] = append(adj[i], int32(t.ex.idx))
			}
		})
	}
	var tooBig []string
	for _, comp := range tarjan(n, adj) {
		c := &component{}
		for _, i := range comp {
			d := g.list[i]
			d.ex.comp = c
			c.members = append(c.members, d)
		}
		for _, i := range comp {
			for _, j := range adj[i] {
				c.cyclic = c.cyclic || g.list[j].ex.comp == c
			}
		}
		c.nullFirst()
		c.classify()
		for _, d := range c.members {
			if d.ex.psize > maxInsts || d.ex.pdepth > maxInline {
				tooBig = append(tooBig, d.name)
			}
		}
	}
	return tooBig
}

// tarjan returns the strongly connected components of the graph adj, each
// after every component it reaches, with an explicit stack.
func tarjan(n int, adj [][]int32) [][]int32 {
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack, out []int32
	var comps [][]int32
	type frame struct{ v, e int32 }
	var calls []frame
	next := int32(0)
	for root := 0; root < n; root++ {
		if index[root] >= 0 {
			continue
		}
		calls = append(calls[:0], frame{int32(root), 0})
		index[root], low[root] = next, next
		next++
		stack = append(stack, int32(root))
		onStack[root] = true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			v := f.v
			if int(f.e) < len(adj[v]) {
				w := adj[v][f.e]
				f.e++
				if index[w] < 0 {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					calls = append(calls, frame{w, 0})
				} else if onStack[w] {
					low[v] = min(low[v], index[w])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				p := calls[len(calls)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] == index[v] {
				out = out[:0]
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					out = append(out, w)
					if w == v {
						break
					}
				}
				slices.Reverse(out)
				comps = append(comps, slices.Clone(out))
			}
		}
	}
	return comps
}

// nullFirst computes whether each member can match empty, the bytes a
// non-empty match can start with and whether it matches anything at all:
// a fixpoint within the component (the definitions it uses outside are
// known already), driven by a work list of the members whose values may
// change.
func (c *component) nullFirst() {
	if !c.cyclic {
		d := c.members[0]
		d.ex.null = nullableExact(d.ex.body)
		d.ex.first = firstExact(d.ex.body)
		d.ex.derives = derivesExact(d.ex.body)
		return
	}
	users := map[*Rule][]*Rule{} // member -> the members that refer to it
	for _, d := range c.members {
		walkRefs(d.ex.body, func(t *Rule) {
			if t != nil && t.ex.comp == c {
				users[t] = append(users[t], d)
			}
		})
	}
	work := slices.Clone(c.members)
	queued := map[*Rule]bool{}
	for _, d := range work {
		queued[d] = true
	}
	for len(work) > 0 {
		d := work[len(work)-1]
		work = work[:len(work)-1]
		queued[d] = false
		null := nullableExact(d.ex.body)
		first := firstExact(d.ex.body).Union(d.ex.first)
		derives := derivesExact(d.ex.body)
		if null == d.ex.null && first == d.ex.first && derives == d.ex.derives {
			continue
		}
		d.ex.null, d.ex.first, d.ex.derives = d.ex.null || null, first, d.ex.derives || derives
		for _, u := range users[d] {
			if !queued[u] {
				queued[u] = true
				work = append(work, u)
			}
		}
	}
}

// classify decides whether the members are regular and computes the size
// of their automata.
func (c *component) classify() {
	peg := false
	for _, d := range c.members {
		peg = peg || holdsPEG(d.ex.body)
	}
	if c.cyclic {
		c.rightLinear = !peg
		for _, d := range c.members {
			if c.rightLinear && !tailRefsOnly(d.ex.body, c, true) {
				c.rightLinear = false
			}
		}
	}
	regular := !peg && (!c.cyclic || c.rightLinear)
	for _, d := range c.members {
		walkRefs(d.ex.body, func(t *Rule) {
			if t != nil && t.ex.comp != c && !t.ex.regular {
				regular = false
			}
		})
	}
	for _, prog := range []bool{false, true} {
		c.sizes(prog)
	}
	for _, d := range c.members {
		d.ex.proc = c.cyclic && !c.rightLinear
	}
	c.fitProgram()
	for _, d := range c.members {
		d.ex.regular = regular
	}
}

// holdsPEG reports whether r's tree (not the definitions it names) holds
// a PEG operator, a Func terminal or a rule of another grammar that is not
// regular.
func holdsPEG(r *Rule) bool {
	switch r.kind {
	case kNot, kPeek, kEnd, kFunc:
		return true
	case kRep:
		if r.max == 0 {
			return false // matches empty, whatever its rule (RFC 3986's 0<pchar>)
		}
	case kExact:
		return !r.ex.regular
	case kRef:
		return false
	}
	for _, s := range r.subs {
		if holdsPEG(s) {
			return true
		}
	}
	return false
}

// tailRefsOnly reports whether every reference of r to a member of c
// stands in tail position (tail: r's end is the end of its definition).
func tailRefsOnly(r *Rule, c *component, tail bool) bool {
	switch r.kind {
	case kRef:
		return tail || r.target().ex.comp != c
	case kExact:
		return true
	case kSeq:
		for i, s := range r.subs {
			if !tailRefsOnly(s, c, tail && i == len(r.subs)-1) {
				return false
			}
		}
		return true
	case kRep:
		if r.max == 0 {
			return true
		}
		return tailRefsOnly(r.subs[0], c, tail && r.max == 1)
	}
	for _, s := range r.subs {
		if !tailRefsOnly(s, c, tail) {
			return false
		}
	}
	return true
}

// inlineDepth returns how deep the definitions r names nest when inlined
// into an automaton, or into a recognizer's program (prog).
func inlineDepth(r *Rule, prog bool) int {
	switch r.kind {
	case kRef:
		t := r.target()
		switch {
		case t == nil || t.ex.called() || prog && t.ex.proc:
			return 0
		case prog:
			return t.ex.pdepth
		}
		return t.ex.depth
	case kExact:
		return 0
	case kRep:
		if r.max == 0 {
			return 0
		}
	}
	d := 0
	for _, s := range r.subs {
		d = max(d, inlineDepth(s, prog))
	}
	return d
}

// sizes computes the members' sizes and depths in an automaton, or in a
// recognizer's program (prog): a right-linear component's members share
// one automaton, all their bodies.
func (c *component) sizes(prog bool) {
	for _, d := range c.members {
		if prog {
			d.ex.psize = 0 // a reference within the component counts one
		} else {
			d.ex.size = 0
		}
	}
	size, depth := 0, 0
	for _, d := range c.members {
		n, k := min(nfaSize(d.ex.body, prog)+1, maxInsts+1), inlineDepth(d.ex.body, prog)+1
		if c.rightLinear {
			size, depth = min(size+n, maxInsts+1), max(depth, k)
			continue
		}
		if prog {
			d.ex.psize, d.ex.pdepth = n, k
		} else {
			d.ex.size, d.ex.depth = n, k
		}
	}
	if !c.rightLinear {
		return
	}
	for _, d := range c.members {
		if prog {
			d.ex.psize, d.ex.pdepth = size, depth
		} else {
			d.ex.size, d.ex.depth = size, depth
		}
	}
}

// progCap is the size past which a definition's body in a recognizer's
// program calls the definitions it uses rather than inline them.
const progCap = 1 << 12

// fitProgram makes procedures of the definitions the members use, the
// heaviest first, until each member's body in a recognizer's program is
// at most progCap instructions: inlined where they are used, the
// definitions shared by a grammar's rules (RFC 5322's CFWS, word, domain)
// would multiply, a copy a use; called, each is compiled once. Inlined,
// a definition's ambiguity stays inside the automaton's states; so the
// rest stay inlined, and so does a small definition the member copies
// once: called, it would save the program no instruction and cost each
// match an item and a return a byte (RFC 5322's obs-body, in body, which
// its 998text keep past the bound whatever is called).
func (c *component) fitProgram() {
	for {
		heaviest, most := (*Rule)(nil), 0
		for _, d := range c.members {
			if d.ex.psize <= progCap {
				continue
			}
			copies := map[*Rule]int{} // the instructions each definition adds, all its copies
			weighRefs(d.ex.body, 1, func(t *Rule, w int) {
				copies[t] = min(copies[t]+w, maxInsts+1)
			})
			weighRefs(d.ex.body, 1, func(t *Rule, w int) {
				if t.ex.comp != c && !t.ex.proc && t.ex.psize >= minProc && w > most &&
					(copies[t] > t.ex.psize || t.ex.psize > progCap/8) {
					heaviest, most = t, w
				}
			})
		}
		if heaviest == nil {
			return
		}
		heaviest.ex.proc = true
		c.sizes(true)
	}
}

// minProc is the least size of a definition that fitProgram makes a
// procedure: a smaller one, called, would save a program few instructions
// and cost each match a call where it stands (RFC 5322's 998text).
const minProc = 16

// weighRefs calls f with each definition r uses and the instructions its
// copies add to r's body in a program, copies times its size (saturated).
func weighRefs(r *Rule, copies int, f func(t *Rule, w int)) {
	switch r.kind {
	case kRef:
		if t := r.target(); t != nil {
			f(t, min(copies*t.ex.psize, maxInsts+1))
		}
		return
	case kExact:
		return
	case kRep:
		if r.max == 0 {
			return
		}
		n := r.max
		if n == Unbounded {
			n = r.min + 1
		}
		copies = min(copies*n, maxInsts+1)
	}
	for _, s := range r.subs {
		weighRefs(s, copies, f)
	}
}

// called reports whether a reference to the definition x is a call of
// the recognizer rather than an inlined copy: x lies on a cycle of
// references that is not right-linear.
func (x *exact) called() bool {
	return x.comp != nil && x.comp.cyclic && !x.comp.rightLinear
}
