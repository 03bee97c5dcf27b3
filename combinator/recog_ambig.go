package combinator

import "errors"

// Ambiguity: whether a match of an exact rule has two derivations whose
// trees differ. Tree's derivation (recog_tree.go) is made of one path a
// procedure invocation, each through its procedure's NFA; two trees differ
// when, for some invocation of the first derivation, another path has
// other events (a named rule that starts or ends elsewhere, or is another
// rule; a call of another procedure, or ending elsewhere). The search for
// such a path runs over (instruction, offset, how many of the first
// path's events it has met), depth first, each tried once: a path that
// has parted from the first one needs only reach the end. An event of the
// first path at an offset the search has passed can no longer be met, so
// that the count is nearly fixed by the offset: the search costs about
// what the first path's search does.

// Ambiguity is a match of a rule with two derivations whose trees of named
// rules differ.
type Ambiguity struct {
	// Offset is where the two trees part: the start of the first named
	// rule, in the order the rules start (a rule before those inside it),
	// that is not in both, as the same rule over the same span as deep.
	Offset int
	// Trees are the two trees, Tree's first, every named rule kept.
	Trees [2]*Node
}

// Ambiguity reports whether the whole of s has two derivations from r, a
// rule of ExactGrammar (every rule of package abnf), whose trees of named
// rules differ: two trees that Tree, keeping every name, could return. It
// returns nil when s has one; a derivation of a rule from itself over the
// same text (a cycle, a = a / "x") is not counted. When s does not match,
// it returns the *SyntaxError of Explain, and a *LimitError when the
// derivations pass a bound of the grammar's Limits. A rule that is not of
// ExactGrammar is an error: a PEG rule has one reading.
//
// RFC 3966 is an example: ";ext=42" is an extension (";ext=" 1*phonedigit)
// and a parameter (";" pname ["=" pvalue]) named "ext", and ";isub=1234;flag"
// an isdn-subaddress whose uric take ";flag" or an isdn-subaddress then a
// parameter. Ambiguity finds such a place and shows both readings; it
// costs about twice what Tree does.
func (r *Rule) Ambiguity(s string) (*Ambiguity, error) {
	t := r
	if t.kind == kRef {
		t = t.target()
	}
	if t == nil || t.kind != kExact {
		return nil, errors.New("combinator: Ambiguity of " + r.label() + ", not a rule of ExactGrammar")
	}
	a := &ambSearch{}
	first, err := t.tree(s, nil, a)
	if err != nil || !a.found {
		return nil, err
	}
	a.second = true
	second, err := t.tree(s, nil, a)
	if err != nil {
		return nil, err
	}
	return &Ambiguity{Offset: partAt(first, second), Trees: [2]*Node{first, second}}, nil
}

// partAt returns the start of the first node of x and y, in preorder, that
// is not in both (the same rule over the same span, as deep).
func partAt(x, y *Node) int {
	px, py := preorder(x), preorder(y)
	for i := 0; i < min(len(px), len(py)); i++ {
		if px[i] != py[i] {
			return min(px[i].start, py[i].start)
		}
	}
	if len(px) > len(py) {
		return px[len(py)].start
	}
	if len(py) > len(px) {
		return py[len(px)].start
	}
	return -1
}

// placed is a node of a tree where preorder found it.
type placed struct {
	name              string
	start, end, depth int
}

// preorder returns the nodes of the tree n, each before its children.
func preorder(n *Node) []placed {
	type frame struct {
		n     *Node
		depth int
	}
	var out []placed
	stack := []frame{{n, 0}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		out = append(out, placed{f.n.Name, f.n.Start, f.n.End, f.depth})
		for i := len(f.n.Children) - 1; i >= 0; i-- {
			stack = append(stack, frame{f.n.Children[i], f.depth + 1})
		}
	}
	return out
}

// ambSearch is what Ambiguity asks of the derivation of an exact rule: in
// the first run, to look for an invocation with another path whose events
// differ; in the second, to take that path for it.
type ambSearch struct {
	found  bool
	second bool
	inv    leoKey      // the invocation: its procedure and offset
	end    int32       // and its end
	events []treeEvent // its other path's events
}

// derivation returns the events of the path that a derivation takes for
// the invocation of q over in[o:j]: the first path of the search, or, in
// Ambiguity's second run, the other one found in the first.
func (m *recog) derivation(q, o, j int32, same []leoKey, a *ambSearch) []treeEvent {
	if a != nil && a.second && a.inv == (leoKey{q, o}) && a.end == j {
		return a.events
	}
	ev := m.path(q, o, j, same)
	if a != nil && !a.second && !a.found && ev != nil {
		if alt, ok := m.otherPath(q, o, j, same, ev); ok {
			a.found, a.inv, a.end, a.events = true, leoKey{q, o}, j, alt
		}
	}
	return ev
}

// otherPath returns the events of a path of the invocation of q over
// in[o:j] whose events differ from first's.
func (m *recog) otherPath(q, o, j int32, same []leoKey, first []treeEvent) ([]treeEvent, bool) {
	var want []treeEvent // first's events that make its tree
	for _, e := range first {
		if m.shows(e) {
			want = append(want, e)
		}
	}
	type frame struct {
		n   dnode
		got int32 // how many events of want the path met, -1 once it parted
	}
	start := dnode{pc: m.p.procs[q].start, pos: o}
	seen := map[[3]int32]bool{{start.pc, o, 0}: true}
	stack := []frame{{n: start}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if in := &m.p.prog[f.n.pc]; in.op == iMatch {
			if in.out1 == q && f.n.pos == j && f.got != int32(len(want)) {
				nodes := make([]dnode, len(stack))
				for i := range stack {
					nodes[i] = stack[i].n
				}
				return m.eventsOf(nodes, j), true
			}
			stack = stack[:len(stack)-1]
			continue
		}
		next, ok := m.successor(o, j, &f.n, same)
		if !m.budget.spend(1, 0, int(f.n.pos)) {
			return nil, false
		}
		if !ok {
			stack = stack[:len(stack)-1]
			continue
		}
		got := f.got
		if e, ok := m.eventOf(f.n, next); ok && got >= 0 && m.shows(e) {
			if int(got) < len(want) && m.sameEvent(e, want[got]) {
				got++
			} else {
				got = -1
			}
		}
		if got >= 0 && int(got) < len(want) && next.pos > want[got].pos {
			got = -1 // the first path's next event is behind
		}
		if k := [3]int32{next.pc, next.pos, got}; !seen[k] {
			seen[k] = true
			m.budget.spend(0, 48, int(next.pos))
			stack = append(stack, frame{n: next, got: got})
		}
	}
	return nil, false
}

// shows reports whether the event e shows in a tree: any but the marks of
// a right-linear group and the end of the invocation.
func (m *recog) shows(e treeEvent) bool {
	switch e.op {
	case iEnter, iLeave:
		return m.p.prog[e.pc].label != groupMark
	}
	return e.op == iCall
}

// sameEvent reports whether the events a and b make the same tree: the
// same named rule starting or ending at the same offset, or the same
// procedure called over the same span.
func (m *recog) sameEvent(a, b treeEvent) bool {
	if a.op != b.op || a.pos != b.pos {
		return false
	}
	if a.op == iCall {
		return a.q == b.q && a.e == b.e
	}
	return m.p.prog[a.pc].label == m.p.prog[b.pc].label
}
