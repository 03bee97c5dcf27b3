package combinator

import (
	"math"
	"sync"
	"unicode/utf8"
)

// prepMu serializes preparations: a node shared by two grammars is
// prepared by whichever gets to it first, once.
var prepMu sync.Mutex

// prepared returns r after making sure that its tree is prepared. A match
// calls it once, on the rule it was given; the nodes under r are then
// prepared too (prepare sets ready on a node after its subtree), and the
// atomic load orders what the preparation wrote before what the match reads.
func (r *Rule) prepared() *Rule {
	if !r.ready.Load() {
		prepMu.Lock()
		r.prepare()
		prepMu.Unlock()
	}
	return r
}

// prepare computes the derived fields of r's tree, bottom-up; prepMu is
// held. It walks the tree with a stack of its own, not the Go stack, so that
// a grammar of any depth is prepared (and then refused by the matchers when
// it is deeper than MaxDepth), and each node once: the work is linear in the
// number of distinct nodes.
func (r *Rule) prepare() {
	if r.ready.Load() {
		return
	}
	type frame struct {
		r    *Rule
		next int // the next sub to prepare
	}
	stack := []frame{{r: r}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next < len(f.r.subs) {
			s := f.r.subs[f.next]
			f.next++
			if !s.ready.Load() {
				stack = append(stack, frame{r: s})
			}
			continue
		}
		x := f.r
		stack = stack[:len(stack)-1]
		if !x.ready.Load() { // a node met twice on the stack is prepared once
			x.prepareNode()
		}
	}
}

// prepareNode computes the derived fields of r, whose subs are prepared.
func (r *Rule) prepareNode() {
	r.height = 1
	for _, s := range r.subs {
		r.height = max(r.height, satAdd(s.height, 1))
	}
	all := CharSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	switch r.kind {
	case kLit, kLitFold:
		r.byte1 = r.kind == kLit && len(r.lit) == 1
		if r.lit == "" {
			r.nullable = true
		} else {
			r.first = Chars(r.lit[:1])
			if r.kind == kLitFold {
				r.first = foldSet(r.first)
			}
		}
	case kClass:
		r.first, r.fast = r.set, fUnit
	case kRunes:
		r.first = r.runes.LeadBytes()
	case kSeq:
		r.nullable = true
		for _, s := range r.subs {
			if r.nullable {
				r.first = r.first.Union(s.first)
			}
			r.nullable = r.nullable && s.nullable
			r.hasCaps = r.hasCaps || s.hasCaps
		}
		if set, pct, ok := unitOf(r); ok {
			r.fast, r.set, r.pct = fUnit, set, pct
		}
	case kAlt:
		for _, s := range r.subs {
			r.first = r.first.Union(s.first)
			r.nullable = r.nullable || s.nullable
			r.hasCaps = r.hasCaps || s.hasCaps
		}
		if set, pct, ok := unitOf(r); ok && len(r.subs) > 0 {
			r.fast, r.set, r.pct = fUnit, set, pct
		}
	case kRep:
		rule := r.subs[0]
		r.first, r.nullable, r.hasCaps = rule.first, r.min == 0 || rule.nullable, rule.hasCaps
		// A nullable rule with captures records them even where it cannot
		// start, so only other repetitions may be skipped by the first byte.
		r.optional = r.min == 0 && !(rule.nullable && rule.hasCaps)
		if set, pct, ok := unitOf(rule); ok {
			r.fast, r.set, r.pct = fRun, set, pct
		} else if s, ok := sepRunOf(r); ok {
			r.fast, r.set, r.pct, r.sep = fSepRun, s.set, s.pct, s.sep
		}
	case kCap:
		r.first, r.nullable, r.hasCaps = r.subs[0].first, r.subs[0].nullable, true
	case kNot, kPeek, kEnd:
		r.nullable = true
	case kFunc:
		r.first, r.nullable = all, true
	case kExact, kRef:
		r.prepareExact()
	}
	r.runeFuse()
	r.table()
	r.names = namesIn(r)
	r.analyse()
	r.ready.Store(true)
}

// table fills r.tab from r.set for a fused node.
func (r *Rule) table() {
	if r.fast == fNone && r.rfast == fNone {
		return
	}
	var t [256]bool
	for b := 0; b < 256; b++ {
		t[b] = r.set.Contains(byte(b))
	}
	r.tab = &t
}

// foldSet adds to c the other case of each ASCII letter in c.
func foldSet(c CharSet) CharSet {
	for b := 'A'; b <= 'Z'; b++ {
		if c.Contains(byte(b)) || c.Contains(byte(b|0x20)) {
			c = c.Union(Chars(string([]byte{byte(b), byte(b | 0x20)})))
		}
	}
	return c
}

var hexdigSet = ByteRange('0', '9').Union(ByteRange('A', 'F'), ByteRange('a', 'f'))

// unitOf reports whether r matches exactly one "unit": a byte of set, or, when
// pct, a pct-encoded triplet "%" HEXDIG HEXDIG. Such rules fuse into scans.
func unitOf(r *Rule) (set CharSet, pct bool, ok bool) {
	switch r.kind {
	case kClass:
		return r.set, false, true
	case kLit, kLitFold:
		if len(r.lit) != 1 {
			return CharSet{}, false, false
		}
		return r.first, false, true
	case kSeq:
		// "%" HEXDIG HEXDIG
		if len(r.subs) == 3 && r.subs[0].kind == kLit && r.subs[0].lit == "%" &&
			r.subs[1].kind == kClass && r.subs[1].set == hexdigSet &&
			r.subs[2].kind == kClass && r.subs[2].set == hexdigSet {
			return CharSet{}, true, true
		}
		if len(r.subs) == 1 {
			return subUnit(r.subs[0])
		}
	case kAlt:
		for _, s := range r.subs {
			ss, sp, sok := subUnit(s)
			if !sok {
				return CharSet{}, false, false
			}
			set, pct = set.Union(ss), pct || sp
		}
		// With '%' both a byte and a triplet, the order of the alternatives
		// decides how much is consumed: leave that to matching node by node.
		if pct && set.Contains('%') {
			return CharSet{}, false, false
		}
		return set, pct, true
	}
	return CharSet{}, false, false
}

// subUnit is unitOf for s, a prepared sub of the node unitOf looks at: a
// sequence or a choice has been found to be a unit by its own preparation,
// so that unitOf does not descend a chain of them again (which would cost
// the square of its length).
func subUnit(s *Rule) (set CharSet, pct bool, ok bool) {
	switch s.kind {
	case kSeq, kAlt:
		if s.kind == kAlt && len(s.subs) == 0 {
			return CharSet{}, false, true
		}
		if s.fast == fUnit {
			return s.set, s.pct, true
		}
		return CharSet{}, false, false
	}
	return unitOf(s)
}

// satAdd returns a+b, saturated at the largest int32: heights and costs of
// grammars are counted without overflow.
func satAdd(a, b int32) int32 {
	if a > math.MaxInt32-b {
		return math.MaxInt32
	}
	return a + b
}

type sepRun struct {
	set CharSet
	pct bool
	sep byte
}

// sepRunOf recognises *( sep *unit ) with sep a single byte outside the units,
// such as path-abempty = *( "/" segment ): it matches exactly a run of units and
// separators that starts with sep (or nothing), one scan.
func sepRunOf(r *Rule) (sepRun, bool) {
	if r.min != 0 || r.max != Unbounded {
		return sepRun{}, false
	}
	body := r.subs[0]
	for body.kind == kSeq && len(body.subs) == 1 {
		body = body.subs[0]
	}
	if body.kind != kSeq || len(body.subs) != 2 {
		return sepRun{}, false
	}
	lit, run := body.subs[0], body.subs[1]
	if lit.kind != kLit || len(lit.lit) != 1 || run.fast != fRun || run.min != 0 || run.max != Unbounded {
		return sepRun{}, false
	}
	c := lit.lit[0]
	if run.set.Contains(c) || c == '%' {
		return sepRun{}, false
	}
	return sepRun{set: run.set.Union(Chars(lit.lit)), pct: run.pct, sep: c}, true
}

// Rune fusion. A choice of single characters some of which are rune
// classes, such as iunreserved or ipchar (RFC 3987), and a repetition of
// one, such as isegment, are matched on the fast path in one scan
// (runeFused, scan.go), as the byte forms of unitOf are: a unit is a byte of
// set, a pct-encoded triplet when pct, or the UTF-8 encoding of a code point
// of runes. These forms are the matcher's own: the view (Fused) does not
// report them, so that a reader of the tree sees the rune classes
// themselves. A diagnosis, Tree and the plain reading go node by node.

// runeUnitOf reports whether r matches exactly one unit of a rune-fused
// form (it must be prepared): a byte unit of unitOf, a rune class, or a node
// already rune-fused as one unit.
func runeUnitOf(r *Rule) (set CharSet, pct bool, runes RuneSet, ok bool) {
	if set, pct, ok := unitOf(r); ok {
		return set, pct, RuneSet{}, true
	}
	switch {
	case r.kind == kRunes:
		return CharSet{}, false, r.runes, true
	case r.rfast == fUnit:
		return r.set, r.pct, r.runes, true
	}
	return CharSet{}, false, RuneSet{}, false
}

// runeFuse finds the rune-fused form of r, a node whose subs are prepared,
// when it has no byte-fused form.
func (r *Rule) runeFuse() {
	if r.fast != fNone {
		return
	}
	switch r.kind {
	case kAlt:
		if len(r.subs) == 0 {
			return
		}
		var set CharSet
		var pct bool
		var runes []RuneSet
		for _, s := range r.subs {
			ss, sp, sr, ok := runeUnitOf(s)
			if !ok {
				return
			}
			set, pct, runes = set.Union(ss), pct || sp, append(runes, sr)
		}
		// As in unitOf: with '%' both a byte and a triplet, the order of
		// the alternatives decides; so it would with a code point below
		// 0x80 in runes, or a byte of 0x80 or above in set (a part of a
		// character). Those are left to matching node by node.
		u := RuneSet{}.Union(runes...)
		if pct && set.Contains('%') || u.IsEmpty() || u.ranges[0].Lo < utf8.RuneSelf ||
			!set.Intersect(ByteRange(utf8.RuneSelf, 0xFF)).IsEmpty() {
			return
		}
		r.rfast, r.set, r.pct, r.runes = fUnit, set, pct, u
	case kSeq:
		if len(r.subs) == 1 && r.subs[0].rfast == fUnit {
			s := r.subs[0]
			r.rfast, r.set, r.pct, r.runes = fUnit, s.set, s.pct, s.runes
		}
	case kRep:
		if s := r.subs[0]; s.rfast == fUnit || s.kind == kRunes && !s.runes.IsEmpty() && s.runes.ranges[0].Lo >= utf8.RuneSelf {
			set, pct, runes, _ := runeUnitOf(s)
			r.rfast, r.set, r.pct, r.runes = fRun, set, pct, runes
		}
	}
}

// nameBit returns the bits of name in the Bloom filters of names
// (Rule.names): two of the 64, from a hash of it.
func nameBit(name string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	h ^= h >> 33 // the finalizer of MurmurHash3: FNV-1a alone leaves the high bits of short names alike
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return 1<<(h>>58) | 1<<(h>>52&63)
}

// namesIn returns the Bloom filter of the names in r's subtree, its
// subtrees' being computed: r's name and those under it.
func namesIn(r *Rule) uint64 {
	if r.kind == kExact || r.kind == kRef {
		return ^uint64(0) // the rules it names lie beyond its tree
	}
	var f uint64
	if r.name != "" {
		f = nameBit(r.name)
	}
	for _, s := range r.subs {
		f |= s.names
	}
	return f
}

// starts reports whether a non-empty match of r can start with c.
func (r *Rule) starts(c byte) bool {
	return r.first[c>>6]&(1<<(c&63)) != 0
}
