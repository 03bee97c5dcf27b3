package combinator

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// A tree of the named rules that matched: what goparsec builds through its
// node callbacks, here without callbacks. The engine logs a named rule where
// it starts, in the log Captures uses to roll back, fills in its end when it
// matches and drops it when an alternative, a repetition or a look-ahead
// gives it up; the tree is built from the log once the match has succeeded.

// Node is a named rule that matched, in the tree Tree returns.
type Node struct {
	Name     string  // the rule's name (the root's is "" when the rule matched has none)
	Span             // where it matched in the input
	Text     string  // what it matched: the input in Span
	Children []*Node // the named rules kept that matched inside it, in input order
}

// treeEntry is a kept named rule in the log of a Tree match.
type treeEntry struct {
	rule       *Rule
	start, end int
	depth      int // how many kept named rules enclose it (the root aside)
}

// Tree matches the whole of s against r and returns the tree of the named
// rules (Named, Func) that matched: each with its name, span and text, and
// the named rules that matched inside it as its children, in input order. A
// rule in a repetition gives one node per repetition; a rule inside an
// alternative that was given up, or inside a Not or a Peek, gives none.
//
// The root stands for r itself and spans all of s. Which named rules appear
// under it is the caller's choice: with no names, every one does (down to
// ALPHA and pchar), else only those named in names. A named rule left out
// passes its children to its parent. A name that no rule of r's grammar
// has is a *TreeNameError. When s does not match, Tree returns the
// *SyntaxError of Explain.
//
// Tree works on any rule. A Func terminal, such as a rule from
// combinator/parsec's FromParsec, is a leaf. The parts of the grammar that
// hold no rule to keep are matched as Match matches them; the others node by
// node, without fused scans. Tree allocates the tree. The Go code that
// combinator/codegen generates has no tree: match with the rule itself.
func (r *Rule) Tree(s string, names ...string) (*Node, error) {
	return r.tree(s, names, nil)
}

// tree is Tree, with what Ambiguity asks of the derivations of exact rules.
func (r *Rule) tree(s string, names []string, amb *ambSearch) (*Node, error) {
	r = r.prepared()
	if len(names) > 0 {
		if err := r.treeNames(names); err != nil {
			return nil, err
		}
	}
	c := r.begin(s)
	if c != nil && c.err != nil {
		return nil, c.err
	}
	x := recorder{names: names, entered: r, nodes: make([]treeEntry, 0, 16), amb: amb}
	if len(names) > 0 {
		var buf [8]uint64
		x.bits = buf[:0]
		for _, n := range names {
			x.bits = append(x.bits, nameBit(n))
		}
	}
	m := matcher{mode: modeTree, x: &x, c: c}
	e := m.match(r, s, 0)
	if err := m.stopped(); err != nil {
		return nil, err
	}
	if x.limit != nil {
		return nil, x.limit
	}
	if e != len(s) {
		return nil, r.Explain(s)
	}
	return buildTree(r, s, x.nodes[:m.nundo]), nil
}

// treeStep matches r for Tree. A rule with no rule to keep inside is
// matched as Match does, fused scans and all, recording nothing. A named
// rule to keep is logged where it starts, so that nodes come in input
// order, and its end filled in when it matches; one that fails leaves its
// entry to be dropped by the rollback of whatever gives up the attempt
// (every failure that a match survives passes through one). Any other rule
// is matched node by node.
func (m *matcher) treeStep(r *Rule, in string, pos int) int {
	x := m.x
	if !x.mayHold(r.names) {
		return m.fast(r, in, pos)
	}
	x.entered = r // match r itself now
	if r.name == "" || !x.keep(r.name) {
		e := m.match(r, in, pos)
		x.entered = nil
		return e
	}
	i := m.nundo
	x.nodes = append(x.nodes[:i], treeEntry{rule: r, start: pos, end: -1, depth: x.depth})
	m.nundo++
	x.depth++
	e := m.match(r, in, pos)
	x.depth--
	x.entered = nil
	if e >= 0 {
		x.nodes[i].end = e
	}
	return e
}

// mayHold reports whether a subtree whose Bloom filter of names is f may
// hold a name Tree keeps: whether both bits of one of them are in f.
func (x *recorder) mayHold(f uint64) bool {
	if len(x.names) == 0 {
		return f != 0
	}
	for _, b := range x.bits {
		if f&b == b {
			return true
		}
	}
	return false
}

// keep reports whether Tree keeps the rules named name.
func (x *recorder) keep(name string) bool {
	if len(x.names) == 0 {
		return true
	}
	for _, n := range x.names {
		if n == name {
			return true
		}
	}
	return false
}

// buildTree makes the tree of the log es of a match of r against s: es is in
// the order the rules started, each after the rules that enclose it.
func buildTree(r *Rule, s string, es []treeEntry) *Node {
	nodes := make([]Node, len(es)+1)
	nodes[0] = Node{Name: r.name, Span: Span{0, len(s)}, Text: s}
	ints := make([]int, 2*len(es)+1)
	parent, nkids := ints[:len(es)], ints[len(es):] // the parent of es[i]; the children of nodes[i]
	var stackBuf [32]int
	stack := append(stackBuf[:0], 0) // stack[d]: the node that encloses depth d
	for i, e := range es {
		stack = stack[:e.depth+1]
		p := stack[e.depth]
		parent[i] = p
		nkids[p]++
		stack = append(stack, i+1)
		nodes[i+1] = Node{Name: e.rule.name, Span: Span{e.start, e.end}, Text: s[e.start:e.end]}
	}
	kids := make([]*Node, len(es))
	off := 0
	for i := range nodes {
		if n := nkids[i]; n > 0 {
			nodes[i].Children = kids[off : off : off+n]
			off += n
		}
	}
	for i := range es {
		p := &nodes[parent[i]]
		p.Children = append(p.Children, &nodes[i+1])
	}
	return &nodes[0]
}

// Child returns the first child of n named name, or nil. It looks at the
// direct children only; Find looks at every descendant.
func (n *Node) Child(name string) *Node {
	for _, c := range n.Children {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// Find returns the first descendant of n named name, or nil: the first in
// depth-first pre-order (a node before its children, children in input
// order), which is the one that starts first in the input and, of those
// that start at one offset, the outermost. n itself is not searched.
func (n *Node) Find(name string) *Node {
	var found *Node
	n.walk(name, func(d *Node) bool { found = d; return false })
	return found
}

// FindAll returns every descendant of n named name, in depth-first
// pre-order (a node before its children, children in input order): by
// where they start in the input, a node before the nodes named name inside
// it, which FindAll returns too (a comment in a comment gives both). n
// itself is not searched. It returns nil when there is none.
func (n *Node) FindAll(name string) []*Node {
	var all []*Node
	n.walk(name, func(d *Node) bool { all = append(all, d); return true })
	return all
}

// walk calls f on the descendants of n named name in depth-first
// pre-order until f returns false, with a stack of its own, so that a
// tree of any depth is searched without recursion.
func (n *Node) walk(name string, f func(*Node) bool) {
	var buf [32]*Node
	stack := buf[:0]
	for i := len(n.Children) - 1; i >= 0; i-- {
		stack = append(stack, n.Children[i])
	}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if d.Name == name && !f(d) {
			return
		}
		for i := len(d.Children) - 1; i >= 0; i-- {
			stack = append(stack, d.Children[i])
		}
	}
}

// String returns the tree under n, one node a line, each indented by two
// spaces a level under its parent: its name, its span as start:end and its
// text, quoted (at most 64 bytes of it, then "..."), as in
//
//	mailtoURI 0:22 "mailto:a@b?subject=hi"
//	  addr 7:10 "a@b"
//	  hfield 11:21 "subject=hi"
func (n *Node) String() string {
	var b strings.Builder
	n.write(&b, 0)
	return b.String()
}

// write writes the lines of n at the given depth. It recurses as deep as
// the tree, which is at most as deep as the grammar.
func (n *Node) write(b *strings.Builder, depth int) {
	for i := 0; i < depth; i++ {
		b.WriteString("  ")
	}
	if n.Name != "" {
		b.WriteString(n.Name)
		b.WriteByte(' ')
	}
	b.WriteString(strconv.Itoa(n.Start))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(n.End))
	b.WriteByte(' ')
	b.WriteString(quoteText(n.Text))
	b.WriteByte('\n')
	for _, c := range n.Children {
		c.write(b, depth+1)
	}
}

// quoteText quotes at most 64 bytes of t, control characters escaped, cut
// at the start of a character and followed by "..." when t is longer.
func quoteText(t string) string {
	const limit = 64
	if len(t) <= limit {
		return strconv.Quote(t)
	}
	cut := limit
	for cut > limit-utf8.UTFMax && !utf8.RuneStart(t[cut]) {
		cut--
	}
	return strconv.Quote(t[:cut]) + "..."
}
