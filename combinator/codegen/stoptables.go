package codegen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
)

// stopTables are the tables of the stops of a Generator: the classes of
// bytes, the deterministic automaton over them, and the action of each
// state at a byte it does not go on with and at the end of the input.
type stopTables struct {
	class   [256]byte
	ncls    int
	rep     []byte   // a byte of each class
	next    []byte   // next[s*ncls+k]: the state after a byte of class k in state s; stopDead or stopUnknown
	act     []byte   // act[s*ncls+k]: the action there where next is not a state
	end     []byte   // end[s]: the action at the end of the input in state s
	starts  []int    // the state where each root starts
	opens   []uint64 // the captures that may start in each state, a bit a slot
	nslots  int
	open    []byte // open[r*nslots+x]: the one state where capture x of root r starts, or 0xff
	lists   [][]string
	listID  map[string]int
	alone   []*node // the rules of the actions alone, from 1
	nstates int
}

// The states of stopTables.next past the automaton's.
const (
	stopDead    = 0xff // no position takes the byte
	stopUnknown = 0xfe // inside a rule the automaton does not read
)

// tables builds the deterministic automaton of the roots, the actions of
// its states, and merges the states that act alike.
func (a *stopAuto) tables() (*stopTables, error) {
	t := &stopTables{listID: map[string]int{}}
	a.classes(t)
	if t.ncls > 32 {
		// More classes than a row of the tables holds: nothing is known,
		// from one state.
		t.class, t.rep, t.ncls = [256]byte{}, []byte{0}, 1
		t.next, t.act, t.end, t.opens, t.nstates = []byte{stopUnknown}, []byte{0}, []byte{0}, []uint64{0}, 1
		t.starts = make([]int, len(a.roots))
		t.openStates(a)
		return t, nil
	}
	a.dstate, a.dopen = map[string]int{}, nil
	for i, r := range a.roots {
		set, opens := a.closureOpens([]int{r.entry})
		t.starts = append(t.starts, a.dfaState(set, "", i, opens))
	}
	for s := 0; s < len(a.dsets); s++ {
		for k := 0; k < t.ncls; k++ {
			n, err := a.step(a.dsets[s], t.rep[k], a.wit[s]+string(t.rep[k]), a.droot[s])
			if err != nil {
				return nil, err
			}
			t.next = append(t.next, n)
		}
	}
	t.nstates = len(a.dsets)
	if err := a.actions(t); err != nil {
		return nil, err
	}
	t.opens = a.dopen
	t.minimize()
	t.openStates(a)
	return t, nil
}

// classes splits the bytes into classes that every position takes alike.
func (a *stopAuto) classes(t *stopTables) {
	sig := map[string]int{}
	for b := 0; b < 256; b++ {
		key := make([]byte, len(a.ns))
		for i, s := range a.ns {
			if s.out >= 0 && s.set.Contains(byte(b)) {
				key[i] = 1
			}
		}
		k, ok := sig[string(key)]
		if !ok {
			k = len(t.rep)
			sig[string(key)] = k
			t.rep = append(t.rep, byte(b))
		}
		t.class[b] = byte(k)
		if p := t.rep[k]; (p < '!' || p >= 0x7f) && b >= '!' && b < 0x7f {
			t.rep[k] = byte(b) // a printable byte for the inputs the diagnosis is run on
		}
	}
	t.ncls = len(t.rep)
}

// dfaState returns the number of the deterministic state of the positions
// set, reached by the input wit in the automaton of the root numbered
// root, adding it the first time.
func (a *stopAuto) dfaState(set []int, wit string, root int, opens uint64) int {
	key := fmt.Sprint(root, set)
	if id, ok := a.dstate[key]; ok {
		a.dopen[id] |= opens
		return id
	}
	a.dopen = append(a.dopen, opens)
	id := len(a.dsets)
	a.dstate[key] = id
	a.dsets = append(a.dsets, set)
	a.wit = append(a.wit, wit)
	a.droot = append(a.droot, root)
	return id
}

// step returns the state after the byte b in the state of the positions
// set of the root numbered root, reached by wit: stopDead, stopUnknown, or
// a state.
func (a *stopAuto) step(set []int, b byte, wit string, root int) (byte, error) {
	var to []int
	for _, s := range set {
		if a.ns[s].set.Contains(b) {
			if a.ns[s].sink || a.ns[s].opaque {
				return stopUnknown, nil
			}
			to = append(to, a.ns[s].out)
		}
	}
	if len(to) == 0 {
		return stopDead, nil
	}
	set, opens := a.closureOpens(to)
	if _, ok := a.dstate[fmt.Sprint(root, set)]; !ok && len(a.dsets) >= maxStopStates {
		return stopUnknown, nil // past the bound of the tables: not known
	}
	return byte(a.dfaState(set, wit, root, opens)), nil
}

// actions sets the action of each state at each class that it does not go
// on with, and at the end of the input: 0 where nothing is known; 1+i
// where the diagnosis fails there with t.lists[i]; 1+len(t.lists)+i where
// it is that of t.alone[i] alone from there.
func (a *stopAuto) actions(t *stopTables) error {
	// The inputs through each state that leads to a state, to check what
	// its shortest input finds.
	into := make([][]string, t.nstates)
	for s := range t.nstates {
		for k := range t.ncls {
			if n := t.next[s*t.ncls+k]; n < stopUnknown {
				into[n] = append(into[n], a.wit[s]+string(t.rep[k]))
			}
		}
	}
	t.act = make([]byte, len(t.next))
	t.end = make([]byte, t.nstates)
	var alone [][2]int // the state and class of each action alone, and its rule
	for s := range t.nstates {
		root := a.roots[a.droot[s]].rule.rule
		if labels, ok := a.labelsAt(root, a.wit[s], "", into[s]); ok {
			t.end[s] = t.list(labels)
		}
		for k := range t.ncls {
			i := s*t.ncls + k
			switch t.next[i] {
			case stopDead:
				tail := []string{string(t.rep[k])}
				for b := 255; b >= 0; b-- {
					if int(t.class[b]) == k && byte(b) != t.rep[k] {
						tail = append(tail, string([]byte{byte(b)}))
						break
					}
				}
				if labels, ok := a.labelsAt(root, a.wit[s], tail[0], into[s], tail[1:]...); ok {
					t.act[i] = t.list(labels)
				}
			case stopUnknown:
				if r := a.aloneRule(a.dsets[s], t.rep[k]); r != nil {
					j := slices.Index(t.alone, r)
					if j < 0 {
						j = len(t.alone)
						t.alone = append(t.alone, r)
					}
					alone = append(alone, [2]int{i, j})
				}
			}
		}
	}
	for _, x := range alone {
		t.act[x[0]] = byte(1 + len(t.lists) + x[1])
	}
	return nil
}

// list returns the action of the labels, adding them to t.lists the first
// time.
func (t *stopTables) list(labels []string) byte {
	key := strings.Join(labels, "\x00")
	id, ok := t.listID[key]
	if !ok {
		id = len(t.lists)
		t.listID[key] = id
		t.lists = append(t.lists, labels)
	}
	return byte(1 + id)
}

// labelsAt returns what the diagnosis of root expects on wit+b, where it
// fails at len(wit) (b is a byte that no position takes after wit, or ""
// for the end of the input): the labels, when it fails there with the same
// on each input of checks followed by b (inputs that reach the state wit
// reaches, through each state that leads to it) and on wit followed by
// each byte of others (bytes of b's class).
func (a *stopAuto) labelsAt(root *c.Rule, wit, b string, checks []string, others ...string) ([]string, bool) {
	explain := func(in string, at int) ([]string, bool) {
		se := root.Explain(in)
		if se == nil || se.Offset != at || se.Stopped != nil {
			return nil, false
		}
		return se.Expected, true
	}
	labels, ok := explain(wit+b, len(wit))
	if !ok {
		return nil, false
	}
	for _, w := range checks {
		if got, ok := explain(w+b, len(w)); !ok || !slices.Equal(got, labels) {
			return nil, false
		}
	}
	for _, o := range others {
		if got, ok := explain(wit+o, len(wit)); !ok || !slices.Equal(got, labels) {
			return nil, false
		}
	}
	return labels, true
}

// aloneRule returns the rule the automaton does not read whose first byte
// is all that takes b in the state of the positions set, or nil.
func (a *stopAuto) aloneRule(set []int, b byte) *node {
	var r *node
	for _, s := range set {
		n := a.ns[s]
		if !n.set.Contains(b) {
			continue
		}
		if !n.opaque || r != nil && n.start != r {
			return nil
		}
		r = n.start
	}
	return r
}

// minimize merges the states that act alike at every class and at the
// end, and go to states that do (Moore's partition refinement).
func (t *stopTables) minimize() {
	block := make([]int, t.nstates)
	for {
		sig := map[string]int{}
		next := make([]int, t.nstates)
		for s := range t.nstates {
			var key strings.Builder
			fmt.Fprint(&key, block[s], t.end[s])
			for k := range t.ncls {
				n := t.next[s*t.ncls+k]
				to := int(n)
				if n < stopUnknown {
					to = block[n]
				}
				fmt.Fprint(&key, ",", to, ":", t.act[s*t.ncls+k])
			}
			id, ok := sig[key.String()]
			if !ok {
				id = len(sig)
				sig[key.String()] = id
			}
			next[s] = id
		}
		if len(sig) == countBlocks(block) {
			break
		}
		block = next
	}
	n := countBlocks(block)
	// Renumber by the first state of each block, so that the starts stay
	// in order.
	num := map[int]int{}
	for s := range t.nstates {
		if _, ok := num[block[s]]; !ok {
			num[block[s]] = len(num)
		}
	}
	next, act, end, opens := make([]byte, n*t.ncls), make([]byte, n*t.ncls), make([]byte, n), make([]uint64, n)
	for s := range t.nstates {
		b := num[block[s]]
		end[b] = t.end[s]
		opens[b] |= t.opens[s]
		for k := range t.ncls {
			x := t.next[s*t.ncls+k]
			if x < stopUnknown {
				x = byte(num[block[x]])
			}
			next[b*t.ncls+k], act[b*t.ncls+k] = x, t.act[s*t.ncls+k]
		}
	}
	for i, s := range t.starts {
		t.starts[i] = num[block[s]]
	}
	t.next, t.act, t.end, t.opens, t.nstates = next, act, end, opens, n
}

// openStates finds, for each root and capture slot, the one state where
// the capture starts, if there is one (t.open).
func (t *stopTables) openStates(a *stopAuto) {
	t.nslots = max(a.g.Slots, 1)
	for r := range a.roots {
		reach := t.reachable(t.starts[r])
		for x := range t.nslots {
			st := -1
			for s := range t.nstates {
				if !reach[s] || t.opens[s]>>x&1 == 0 {
					continue
				}
				if st >= 0 {
					st = -2 // two states: not known
					break
				}
				st = s
			}
			if st < 0 {
				t.open = append(t.open, stopDead)
			} else {
				t.open = append(t.open, byte(st))
			}
		}
	}
}

// reachable returns the states reached from the state st.
func (t *stopTables) reachable(st int) []bool {
	seen := make([]bool, t.nstates)
	walk(t.nstates, []int{st}, func(s int, push func(...int)) {
		seen[s] = true
		for k := range t.ncls {
			if n := t.next[s*t.ncls+k]; n < stopUnknown {
				push(int(n))
			}
		}
	})
	return seen
}

// countBlocks returns how many blocks a partition has.
func countBlocks(block []int) int {
	seen := map[int]bool{}
	for _, b := range block {
		seen[b] = true
	}
	return len(seen)
}

// stopSource returns the functions of AddStop, their runtime and tables.
func (g *Generator) stopSource() (string, error) {
	if g.stops == nil {
		return "", nil
	}
	if len(g.explained) == 0 {
		return "", fmt.Errorf("codegen: generate: stops need the diagnoses of their rules (AddExplain)")
	}
	t, err := g.stops.tables()
	if err != nil {
		return "", err
	}
	if t.nstates+1+len(t.lists)+len(t.alone) >= 256 {
		return "", fmt.Errorf("codegen: generate: stops: %d states, %d lists of labels and %d rules alone: more than a byte numbers",
			t.nstates, len(t.lists), len(t.alone))
	}
	var b strings.Builder
	p := g.prefix()
	for i, r := range g.stops.roots {
		b.WriteString(g.stopWrapper(r, t, i))
	}
	b.WriteString(runtimeIdent.ReplaceAllStringFunc(runtimeDecls("halt.go"), func(id string) string {
		return p + strings.TrimPrefix(id, "gen")
	}))
	fmt.Fprintf(&b, "\n// %sHaltExplain runs the diagnosis of the rule numbered alone (%sHaltFind)\n", p, p)
	fmt.Fprintf(&b, "// from pos into d, and reports whether it failed past pos.\n")
	fmt.Fprintf(&b, "func %sHaltExplain(alone int, in string, pos int, d *%s) bool {\n", p, g.diagType())
	fmt.Fprintf(&b, "*d = %s{far: pos + 1, root: -1} // no rule is the root: each is named\nvar e int\nswitch alone {\n", g.diagType())
	for i, r := range t.alone {
		name, _, err := g.explainFunc(r)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "case %d:\ne = %s(in, pos, d)\n", i+1, name)
	}
	b.WriteString("default:\nreturn false\n}\nreturn e < 0 && d.n > 0\n}\n\n")
	labels, bounds := overlapLists(t.lists)
	fmt.Fprintf(&b, "// %sHaltLabels holds the Expected lists of the stops, one after another\n", p)
	fmt.Fprintf(&b, "// where they overlap; %sHaltLists, the bounds of each in it.\nvar (\n%sHaltLabels = [...]string{", p, p)
	for i, l := range labels {
		if i%6 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s, ", strconv.Quote(l))
	}
	fmt.Fprintf(&b, "\n}\n%sHaltLists = [...][2]uint16{", p)
	for i, x := range bounds {
		if i%8 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "{%d, %d}, ", x[0], x[1])
	}
	b.WriteString("\n}\n)\n\n")
	fmt.Fprintf(&b, "// %sHaltLoopSet holds, for each state, the table of the bytes after\n", p)
	fmt.Fprintf(&b, "// which it is the state again, or nil: %sScan runs over them.\nvar %sHaltLoopSet = [...]*[256]uint8{", p, p)
	for s := range t.nstates {
		var set c.CharSet
		for x := range 256 {
			if int(t.next[s*t.ncls+int(t.class[x])]) == s {
				set = set.Union(byteSet(byte(x)))
			}
		}
		if s%4 == 0 {
			b.WriteString("\n")
		}
		if set.IsEmpty() {
			b.WriteString("nil, ")
			continue
		}
		g.runs, g.scanFunc = true, true
		fmt.Fprintf(&b, "&%s, ", g.table(set))
	}
	b.WriteString("\n}\n\n")
	fmt.Fprintf(&b, "// The automaton of the stops: the class of each byte; the state after a\n")
	fmt.Fprintf(&b, "// byte of a class in a state, a row of 32 classes a state, or the number\n")
	fmt.Fprintf(&b, "// of states plus the action there; the action at the end of the input\n// in a state.\n")
	fmt.Fprintf(&b, "const (\n%sHaltClasses = %d\n%sHaltStates = %d\n", p, t.ncls, p, t.nstates)
	writeBytes(&b, p+"HaltClass", t.class[:])
	writeBytes(&b, p+"HaltNext", t.merged())
	writeBytes(&b, p+"HaltEnd", t.end)
	b.WriteString(")\n")
	return b.String(), nil
}

// merged returns t.next with the actions in place of the bytes no state
// follows (t.nstates plus the action), a row of 32 classes a state, so
// that a shift finds a row; the last row ends at its last class.
func (t *stopTables) merged() []byte {
	var out []byte
	for i, n := range t.next {
		if k := i % t.ncls; k == 0 && i > 0 {
			out = append(out, make([]byte, 32-t.ncls)...)
		}
		if n < stopUnknown {
			out = append(out, n)
		} else {
			out = append(out, byte(t.nstates+int(t.act[i])))
		}
	}
	return out
}

// overlapLists lays the lists end to end, each list that another holds
// inside it, and each pair that overlaps most (the end of one the start of
// the other) merged first, and returns them and where each list is.
func overlapLists(lists [][]string) ([]string, [][2]int) {
	var seqs [][]string
	for _, l := range lists {
		seqs = append(seqs, slices.Clone(l))
	}
	for len(seqs) > 1 {
		bi, bj, best := 0, 1, -1
		for i := range seqs {
			for j := range seqs {
				if i != j {
					if o := overlap(seqs[i], seqs[j]); o > best {
						bi, bj, best = i, j, o
					}
				}
			}
		}
		merged := append(slices.Clone(seqs[bi]), seqs[bj][min(best, len(seqs[bj])):]...)
		if indexSeq(seqs[bi], seqs[bj]) >= 0 {
			merged = seqs[bi]
		}
		seqs[bi] = merged
		seqs = slices.Delete(seqs, bj, bj+1)
	}
	var all []string
	if len(seqs) == 1 {
		all = seqs[0]
	}
	var bounds [][2]int
	for _, l := range lists {
		i := indexSeq(all, l)
		bounds = append(bounds, [2]int{i, i + len(l)})
	}
	return all, bounds
}

// overlap returns how many of the first elements of b a ends with, or
// len(b)+1 when a holds b.
func overlap(a, b []string) int {
	if indexSeq(a, b) >= 0 {
		return len(b) + 1
	}
	for n := min(len(a), len(b)); n > 0; n-- {
		if slices.Equal(a[len(a)-n:], b[:n]) {
			return n
		}
	}
	return 0
}

// indexSeq returns where b lies in a, or -1.
func indexSeq(a, b []string) int {
	for i := 0; i+len(b) <= len(a); i++ {
		if slices.Equal(a[i:i+len(b)], b) {
			return i
		}
	}
	return -1
}

// stopWrapper returns the function of the stops of root number i, r: it
// starts the automaton at the last capture of caps that starts in one
// state only (t.open), or at the start of in.
func (g *Generator) stopWrapper(r stopRoot, t *stopTables, i int) string {
	var b strings.Builder
	p := g.prefix()
	fmt.Fprintf(&b, "// %s is what the diagnosis of %s finds in in, which it does\n", r.name, docName(r.rule))
	fmt.Fprintf(&b, "// not match as a whole, when that is known without running it\n")
	fmt.Fprintf(&b, "// (%sHaltFind)", p)
	start := func(x int) string { return fmt.Sprintf("caps[%d][0]", x) }
	switch {
	case g.Slots == 0:
		fmt.Fprintf(&b, ".\nfunc %s(in string) (off int, labels []string, alone int) {\n", r.name)
		fmt.Fprintf(&b, "return %sHaltFind(in, 0, %d)\n}\n\n", p, t.starts[i])
		return b.String()
	case g.CapsType != "":
		if g.CapsStart == "" {
			start = nil
		} else {
			start = func(x int) string { return fmt.Sprintf("%s(caps[%d])", g.CapsStart, x) }
		}
	}
	fmt.Fprintf(&b, "; caps, nil or the captures of the prefix of in\n")
	fmt.Fprintf(&b, "// its matcher matched, tells where the automaton may start.\n")
	fmt.Fprintf(&b, "func %s(in string, caps *[%d]%s) (off int, labels []string, alone int) {\n", r.name, g.Slots, g.capsType())
	fmt.Fprintf(&b, "st, from := %d, 0\n", t.starts[i])
	var checks []string
	for x := range t.nslots {
		if st := t.open[i*t.nslots+x]; start != nil && st < stopUnknown && int(st) != t.starts[i] {
			checks = append(checks, fmt.Sprintf("if p := %s; p > from {\nst, from = %d, p\n}", start(x), st))
		}
	}
	if len(checks) > 0 {
		fmt.Fprintf(&b, "if caps != nil {\n%s\n}\n", strings.Join(checks, "\n"))
	}
	fmt.Fprintf(&b, "return %sHaltFind(in, from, st)\n}\n\n", p)
	return b.String()
}

// writeBytes writes the constant name = bs, a string, 32 bytes a line.
func writeBytes(b *strings.Builder, name string, bs []byte) {
	fmt.Fprintf(b, "%s = \"\" +\n", name)
	for i := 0; i < len(bs); i += 32 {
		var line strings.Builder
		for _, x := range bs[i:min(i+32, len(bs))] {
			fmt.Fprintf(&line, "\\x%02x", x)
		}
		sep := " +"
		if i+32 >= len(bs) {
			sep = ""
		}
		fmt.Fprintf(b, "\"%s\"%s\n", line.String(), sep)
	}
}
