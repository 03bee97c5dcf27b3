package combinator

// The diagnosis of an exact rule that is not regular (recog.go): the
// recognizer, run once more, keeps the items of the last offset where any
// was alive; that is the farthest offset any derivation reached, and what
// their instructions could have read there is what was expected.

// diagnoseExact matches the exact rule r at pos for a diagnosis, recording
// in d the farthest offset and what was expected there; it returns the end
// of the longest match, or -1, and the error of a bound passed.
func diagnoseExact(r *Rule, d *diag, in string, pos int) (int, *LimitError) {
	b := &budget{lim: r.ex.g.limits, rule: r}
	m := &recog{p: r.ex.prog, in: in, pos: int32(pos), budget: b, end: -1, last: -1, diag: true}
	m.run()
	if b.err != nil {
		return -1, b.err
	}
	if m.last < 0 {
		return m.end, nil
	}
	L := int32(m.last)
	starts := map[int32]map[int32]bool{}
	for _, it := range m.lastSet {
		st := m.st(it.s)
		for _, pc := range st.pcs {
			in := &m.p.prog[pc]
			switch {
			case in.op == iByte && (int(L) == len(m.in) || !in.set.Contains(m.in[L])):
				if l := m.labelAt(pc, it, L, d.root, starts); l != nil {
					d.fail(int(L), l)
				}
			case in.op == iPeg && in.label.kind == kEnd && int(L) < len(m.in):
				d.fail(int(L), in.label)
			}
		}
	}
	return m.end, nil
}

// labelAt returns what a diagnosis expects of the byte instruction pc of
// item it at L: the outermost named rule around it that starts there with
// it (pchar, not ALPHA), the procedure's own rule included when its
// invocation started at L, never the rule explained; else its terminal.
func (m *recog) labelAt(pc int32, it item, L int32, root *Rule, starts map[int32]map[int32]bool) *Rule {
	prog := m.p.prog
	label := prog[pc].label
	for e := prog[pc].parent; e >= 0; e = prog[e].parent {
		if prog[e].parent < 0 && it.o != L {
			break // the procedure's own rule, started before L
		}
		s := starts[e]
		if s == nil {
			s = map[int32]bool{}
			var c closer
			for _, q := range epsClosure(prog, &c, []int32{prog[e].out}) {
				s[q] = true
			}
			starts[e] = s
		}
		if s[pc] && prog[e].label != root {
			label = prog[e].label
		}
	}
	return label
}
