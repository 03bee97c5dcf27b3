package codegen

import (
	"fmt"
	"slices"
	"strconv"
)

// capsType is the type of an element of caps: [2]int, or CapsType.
func (g *Generator) capsType() string {
	if g.CapsType == "" {
		return "[2]int"
	}
	return g.CapsType
}

// capStart is the value a capture's start variable takes where the capture
// starts, and capNone the value of both of its variables while it has taken
// no part: p and -1, or with CapsOneBased p + 1 and 0.
func (g *Generator) capStart() string {
	if g.CapsOneBased {
		return "p + 1"
	}
	return "p"
}

func (g *Generator) capNone() string {
	if g.CapsOneBased {
		return "0"
	}
	return "-1"
}

// capStore is the statement that stores the span {start, end} of slot
// into caps.
func (g *Generator) capStore(slot int, start, end string) string {
	if g.CapsType == "" {
		return fmt.Sprintf("caps[%d] = [2]int{%s, %s}", slot, start, end)
	}
	return fmt.Sprintf("caps[%d] = %s(%s, %s)", slot, g.CapsMake, start, end)
}

// maxSlot returns the highest capture slot in r, or -1.
func maxSlot(r *node) int {
	m := -1
	if r.kind == kCap {
		m = r.slot
	}
	for _, s := range r.subs {
		m = max(m, maxSlot(s))
	}
	return m
}

// slotsOf returns the capture slots that a match of r can set, in order.
func slotsOf(r *node) []int {
	seen := map[int]bool{}
	var out []int
	var walk func(*node)
	walk = func(r *node) {
		if r.kind == kCap && !seen[r.slot] {
			seen[r.slot] = true
			out = append(out, r.slot)
		}
		if r.kind == kNot || r.kind == kPeek {
			return // a look-ahead restores what it set
		}
		for _, s := range r.subs {
			walk(s)
		}
	}
	walk(r)
	return out
}

// slotsOf is slotsOf(r), or none in a diagnosis or a look-ahead, which keep
// no capture.
func (f *genFunc) slotsOf(r *node) []int {
	if f.nocaps || f.looks > 0 {
		return nil
	}
	return slotsOf(r)
}

// capturesSlot reports whether r holds a Capture of slot.
func capturesSlot(r *node, slot int) bool {
	if r.kind == kCap && r.slot == slot {
		return true
	}
	for _, s := range r.subs {
		if capturesSlot(s, slot) {
			return true
		}
	}
	return false
}

func capVar(slot int, end bool) string {
	if end {
		return "k" + strconv.Itoa(slot) + "e"
	}
	return "k" + strconv.Itoa(slot) + "s"
}

// snapshot saves the capture variables of slots and returns the variables
// that hold them.
//
// A slot that nothing has set yet on any path here holds its initial value
// (capNone): outside a loop, code runs in the order it is written, so no
// statement before this one sets it. Its snapshot is that constant, not a
// variable (the functions of capFunc start with all their slots so).
func (f *genFunc) snapshot(slots []int) []string {
	var vs []string
	for _, s := range slots {
		start, end := capVar(s, false), capVar(s, true)
		if f.loops == 0 && !f.assigned[start] && !f.assigned[end] {
			vs = append(vs, f.g.capNone(), f.g.capNone())
			continue
		}
		a, b := f.newVar(), f.newVar()
		f.set(a, start)
		f.set(b, end)
		vs = append(vs, a, b)
	}
	return vs
}

func (f *genFunc) restore(slots []int, vs []string) {
	for i, s := range slots {
		f.set(capVar(s, false), vs[2*i])
		f.set(capVar(s, true), vs[2*i+1])
	}
}

// restoreSubset restores the slots sub of the snapshot snap of slots.
func (f *genFunc) restoreSubset(slots, sub []int, snap []string) {
	for _, s := range sub {
		for i, t := range slots {
			if t == s {
				f.set(capVar(s, false), snap[2*i])
				f.set(capVar(s, true), snap[2*i+1])
			}
		}
	}
}

// commitPoint finds, in a function with captures whose rule r is a
// sequence, an element at or after the last that can fail: once it has
// matched, so has r (the elements after it never fail, neverFails), and
// the captures of the slots that those elements do not set are final. It
// records that element and those slots in f.commit and f.final, and
// returns the slots whose stores at the end of the function are left out
// (storeFinal makes them). caps is written only where the match can no
// longer fail, so that a failed match leaves it as it was.
//
// Where that element is a named rule with captures of its own (URI's
// hier-part), it is a call of its function (capFunc), which stores its
// captures itself, and the rules that hold it (URI, absolute-URI) share it.
// In such a function, whose rule r is a choice, the captures are stored at
// the end of each alternative.
func (f *genFunc) commitPoint(r *node) map[int]bool {
	if f.nslots == 0 || f.nocaps || callable(r) || r.fast != fNone || r.rfast != fNone {
		return nil
	}
	if r.kind == kAlt && f.own != nil && f.commitsInAlt(r) {
		f.commit, f.final = r, f.own
		return setOf(f.own)
	}
	if r.kind != kSeq {
		return nil
	}
	k := len(r.subs) - 1
	for k >= 0 && neverFails(r.subs[k]) {
		k--
	}
	// From the last element that can fail on, any element will do: the one
	// that sets the most slots (hier-part, which never fails, rather than
	// the ":" before it), the first of those.
	j := max(k, 0)
	for i := j + 1; i < len(r.subs); i++ {
		if len(slotsOf(r.subs[i])) > len(slotsOf(r.subs[j])) {
			j = i
		}
	}
	if len(r.subs) == 0 || k < 0 && !f.capCallable(r, j) {
		return nil // nothing can fail: no gain
	}
	if j == len(r.subs)-1 && !f.capCallable(r, j) {
		// The end of the function (the last element can fail, or sets
		// the most slots): no gain.
		return nil
	}
	later := map[int]bool{}
	for _, s := range r.subs[j+1:] {
		for _, slot := range slotsOf(s) {
			later[slot] = true
		}
	}
	f.commit = r.subs[j]
	f.commitCall = f.capCallable(r, j)
	own := setOf(slotsOf(f.commit))
	stored := map[int]bool{}
	for _, slot := range f.slots() {
		if !later[slot] {
			if !f.commitCall || !own[slot] {
				f.final = append(f.final, slot)
			}
			stored[slot] = true
		}
	}
	return stored
}

// capCallable reports whether the element j of the sequence r, its commit
// point, is a call of the function of its rule (capFunc): a named rule or a
// shared piece with captures, whose slots no other element of r sets.
func (f *genFunc) capCallable(r *node, j int) bool {
	x := r.subs[j]
	if !capRule(x) {
		return false
	}
	own := setOf(slotsOf(x))
	for i, s := range r.subs {
		for _, slot := range slotsOf(s) {
			if i != j && own[slot] {
				return false
			}
		}
	}
	return true
}

// capRule reports whether x can be a function of capFunc: a named rule or a
// shared piece that captures, neither a fused node nor a Capture.
func capRule(x *node) bool {
	return (x.name != "" || x.shared) && x.hasCaps && x.fast == fNone && x.rfast == fNone && x.kind != kCap
}

// capCallableAlt reports whether the alternative s of the choice r is a
// call of the function of capFunc: r is the whole rule of this function and
// its commit point, whose alternatives store the captures (commitsInAlt),
// and s is a shared piece with captures. Nothing of this function but s
// sets s's slots where s matches, and nothing after it can fail.
func (f *genFunc) capCallableAlt(r, s *node) bool {
	return r == f.commit && r == f.self && f.commitsInAlt(r) && !f.commitCall && s.shared && capRule(s)
}

// slots returns the slots the function stores into caps: its own (a
// function of capFunc), or all.
func (f *genFunc) slots() []int {
	if f.own != nil {
		return f.own
	}
	all := make([]int, f.nslots)
	for i := range all {
		all[i] = i
	}
	return all
}

// setOf returns the set of slots.
func setOf(slots []int) map[int]bool {
	m := map[int]bool{}
	for _, s := range slots {
		m[s] = true
	}
	return m
}

// commitsInAlt reports whether the captures are stored at the end of each
// alternative of the commit node r, an ordered choice compiled inline (the
// hier-part of URI: each of its four alternatives stores them), rather than
// once after it: the values of the alternatives then need not be merged
// where they meet.
func (f *genFunc) commitsInAlt(r *node) bool {
	return r.kind == kAlt && !callable(r) && r.fast == fNone && r.rfast == fNone
}

// storeFinal stores the final captures into caps (commitPoint), but those
// stored before (prestore).
func (f *genFunc) storeFinal() {
	for _, slot := range f.final {
		if !slices.Contains(f.prestored, slot) {
			f.emit("%s", f.g.capStore(slot, capVar(slot, false), capVar(slot, true)))
		}
	}
}

// prestore emits, before the alternatives rest of the choice at the commit
// point whose alternatives store the captures (commitsInAlt), the stores of
// the final slots that none of rest sets and that nothing has set yet, when
// one of rest never fails: the function matches from there with those slots
// at their initial values, stored once rather than at the end of each
// alternative (hier-part after the call of "//" authority path-abempty,
// slots 1 to 4). Outside a loop, code runs in the order it is written, so a
// variable no statement before sets holds its initial value (snapshot).
func (f *genFunc) prestore(rest []*node) {
	if f.dead || f.loops > 0 || !slices.ContainsFunc(rest, neverFails) {
		return
	}
	later := map[int]bool{}
	for _, s := range rest {
		for _, slot := range slotsOf(s) {
			later[slot] = true
		}
	}
	for _, slot := range f.final {
		if later[slot] || slices.Contains(f.prestored, slot) || f.assigned[capVar(slot, false)] || f.assigned[capVar(slot, true)] {
			continue
		}
		f.emit("%s", f.g.capStore(slot, f.g.capNone(), f.g.capNone()))
		f.prestored = append(f.prestored, slot)
	}
}

// neverFails reports whether r matches at any position: an optional or
// repeated rule with no minimum, a sequence of such rules, a choice with
// one such alternative. It errs on the side of false.
func neverFails(r *node) bool {
	switch {
	case r.fast == fRun || r.rfast == fRun:
		return r.min == 0
	case r.fast == fSepRun || r.rfast == fSepRun:
		return true // *( sep *unit ): nothing at worst
	case r.fast != fNone || r.rfast != fNone:
		return false
	}
	switch r.kind {
	case kRep:
		return r.min == 0
	case kCap:
		return neverFails(r.subs[0])
	case kSeq:
		for _, s := range r.subs {
			if !neverFails(s) {
				return false
			}
		}
		return true
	case kAlt:
		for _, s := range r.subs {
			if neverFails(s) {
				return true
			}
		}
		return false
	case kLit, kLitFold:
		return r.lit == ""
	}
	return false
}
