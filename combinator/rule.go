package combinator

import (
	"math"
	"sync"
	"sync/atomic"
)

// A Rule is a grammar rule: an immutable tree of nodes built by the
// constructors of this package (Lit, LitFold, Class, RuneClass, Seq, Alt, Opt,
// Rep, Star, Plus, Capture, Not, Peek, End, Func and Named). Rules are built
// bottom-up from rules that already exist, so a grammar can hold no cycle: matching recurses at
// most as deep as the tree.
//
// A constructor only records its node, which makes building a grammar cheap
// (the RFC 3986 rules of this package cost next to nothing at init). The first
// match of a rule prepares its tree, once: it computes the bytes a match can
// start with, whether each node can match the empty string, and fuses
// repetitions of single characters (and of pct-encoded triplets) into one scan.
// Matching then allocates nothing.
//
// Matching is PEG matching: a choice commits to its first alternative that
// matches and a repetition is greedy. The RFC 3986 rules of this package are
// written so that this accepts exactly the language of their ABNF.
//
// A *Rule is safe for concurrent use, its preparation included.
type Rule struct {
	// The small fields first and together, so that no padding falls
	// between them (unsafe.Sizeof(Rule{}) is 240 bytes, not 264). kind is
	// what the constructor recorded; the others, as tail, first, tab and
	// names below, are computed by the preparation, which also fills set,
	// pct and runes for a fused form.
	kind     kind // what the constructor recorded
	rfast    fast // a fused form whose unit may also be a character of runes (runes.go); not in the view
	fast     fast // a fused form, used by the prepared matcher
	nullable bool // can match the empty string
	hasCaps  bool // contains a Capture
	pct      bool // fused unit: also '%' HEXDIG HEXDIG
	sep      byte // fSepRun: the separator byte
	byte1    bool // a case-sensitive literal of one byte
	optional bool // a repetition with min 0: matches empty where its rule cannot start

	// ready is set, under prepMu, once the preparation is done for this
	// node and for every node under it.
	ready atomic.Bool

	// What the constructor recorded.
	name string
	lit  string    // kLit, kLitFold
	set  CharSet   // kClass; for other nodes, the unit set of a fused form (prepare)
	subs []*Rule   // kSeq, kAlt; one element for kRep, kCap, kNot, kPeek
	min  int       // kRep
	max  int       // kRep; -1: no upper bound
	slot int       // kCap
	fn   MatchFunc // kFunc

	runes RuneSet // kRunes: the code points of a RuneClass; for other nodes, those of a rune-fused unit
	ex    *exact  // kExact: its compiled form; kRef: that of the rule it names (exact.go)

	// Computed by the preparation.
	tail  []*Rule    // kLit, kLitFold of two bytes or more: tail[k-1] is the label of lit[k:]
	first CharSet    // bytes a non-empty match can start with
	tab   *[256]bool // fused forms: set as a table, one load a byte
	names uint64     // a Bloom filter of the names in the subtree, r's own included (Tree)
}

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
// held. It recurses as deep as the tree, which has no cycle.
func (r *Rule) prepare() {
	if r.ready.Load() {
		return
	}
	for _, s := range r.subs {
		s.prepare()
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
		r.tails()
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

// MatchFunc matches a hand-written terminal: it returns the end offset of the
// match of in starting at pos, or a negative number when there is none. It must
// not return an offset below pos or beyond len(in). Rule.MatchAt has this type,
// so a rule of one grammar can be embedded in another as a terminal.
type MatchFunc func(in string, pos int) (end int)

type kind uint8

const (
	kLit     kind = iota // exact bytes
	kLitFold             // bytes, ASCII letters case-insensitive
	kClass               // one byte of a set
	kSeq                 // concatenation
	kAlt                 // ordered choice
	kRep                 // bounded repetition (Opt is Rep 0..1)
	kCap                 // capture into a slot
	kNot                 // negative look-ahead
	kPeek                // positive look-ahead
	kEnd                 // end of input
	kFunc                // hand-written terminal
	kRunes               // one UTF-8 encoded code point of a RuneSet
	kExact               // a rule of ExactGrammar: its body read as ABNF (exact.go)
	kRef                 // a reference by name within an ExactGrammar (exact.go)
)

// fast is the fused form a constructor found for a node.
type fast uint8

const (
	fNone   fast = iota
	fUnit        // one byte of set, or (pct) a pct-encoded triplet
	fRun         // min..max units
	fSepRun      // *( sep *unit ): a run of units and separators that starts with sep
)

// Unbounded is the max of a repetition without an upper bound (ABNF "n*").
const Unbounded = -1

var hexdigSet = ByteRange('0', '9').Union(ByteRange('A', 'F'), ByteRange('a', 'f'))

// Lit matches the bytes of s exactly (case-sensitive; RFC 7405 %s"..."). For the
// case-insensitive quoted strings of ABNF, use LitFold. Lit("") matches the
// empty string.
func Lit(s string) *Rule {
	return &Rule{kind: kLit, lit: s}
}

// tails makes the labels of what is left of a literal of two bytes or more
// after each of its first bytes: a diagnosis that finds "s://[:1" stops at
// the "1", where the rest of "::", ":", was expected.
func (r *Rule) tails() {
	r.tail = nil
	for k := 1; k < len(r.lit); k++ {
		r.tail = append(r.tail, &Rule{kind: r.kind, lit: r.lit[k:]})
	}
}

// litPrefix returns how many bytes of the literal r match at pos, ASCII
// letters in either case for LitFold: all of them where r matches, else
// where a diagnosis stops in it.
func litPrefix(r *Rule, in string, pos int) int {
	k := 0
	for k < len(r.lit) && pos+k < len(in) && (in[pos+k] == r.lit[k] ||
		r.kind == kLitFold && isLetter(r.lit[k]) && in[pos+k]|0x20 == r.lit[k]|0x20) {
		k++
	}
	return k
}

// LitFold matches s with ASCII letters in either case: an ABNF quoted string
// (RFC 5234 §2.3), such as "v" in IPvFuture. Every other byte, non-ASCII
// ones included, matches only itself: LitFold("é") does not match "É".
func LitFold(s string) *Rule {
	return &Rule{kind: kLitFold, lit: s}
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

// Class matches one byte of set (an ABNF value range or a choice of single
// characters).
func Class(set CharSet) *Rule {
	return &Rule{kind: kClass, set: set}
}

// Seq matches its rules one after the other (ABNF concatenation). Seq() matches
// the empty string.
func Seq(rules ...*Rule) *Rule {
	return withSubs(kSeq, rules)
}

// Alt matches the first of its rules that matches (an ABNF alternation "/"
// under PEG semantics: order the alternatives so that the first match is the
// one the ABNF means). Alternatives that cannot start with the next byte are
// skipped without being tried. Alt() matches nothing.
func Alt(rules ...*Rule) *Rule {
	return withSubs(kAlt, rules)
}

// Rep matches rule at least min and at most max times, as many as it can
// (ABNF "min*max rule"; max Unbounded for "min*"). A repetition stops when its
// rule matches the empty string. Rep panics if min < 0 or max is neither
// Unbounded nor at least min: a grammar is written once, as a constant.
func Rep(min, max int, rule *Rule) *Rule {
	if min < 0 || (max != Unbounded && max < min) {
		panic("combinator.Rep: invalid bounds")
	}
	r := withSub(kRep, rule)
	r.min, r.max = min, max
	return r
}

// withSub returns a node of kind with the one rule sub under it, allocated
// with its subs in one piece: building a grammar at init costs one
// allocation per node.
func withSub(kind kind, sub *Rule) *Rule {
	n := &struct {
		r   Rule
		sub [1]*Rule
	}{}
	n.sub[0] = sub
	n.r.kind, n.r.subs = kind, n.sub[:]
	return &n.r
}

// withSubs returns a node of kind with a copy of rules under it, in one
// allocation with the node when they are few.
func withSubs(kind kind, rules []*Rule) *Rule {
	var r *Rule
	switch len(rules) {
	case 0:
		return &Rule{kind: kind}
	case 1:
		return withSub(kind, rules[0])
	case 2:
		n := &struct {
			r    Rule
			subs [2]*Rule
		}{}
		r = &n.r
		r.subs = n.subs[:]
	case 3:
		n := &struct {
			r    Rule
			subs [3]*Rule
		}{}
		r = &n.r
		r.subs = n.subs[:]
	default:
		r = &Rule{subs: make([]*Rule, len(rules))}
	}
	r.kind = kind
	copy(r.subs, rules)
	return r
}

// Opt matches rule or the empty string (ABNF "[ rule ]").
func Opt(rule *Rule) *Rule { return Rep(0, 1, rule) }

// Star matches rule zero or more times (ABNF "*rule").
func Star(rule *Rule) *Rule { return Rep(0, Unbounded, rule) }

// Plus matches rule one or more times (ABNF "1*rule").
func Plus(rule *Rule) *Rule { return Rep(1, Unbounded, rule) }

// Capture matches rule and records the span it matched in slot, for the
// capturing match methods (Rule.Captures). Slots are numbered from 0; when a
// slot is captured more than once, the last match wins. A capture inside an
// alternative that fails is rolled back.
func Capture(slot int, rule *Rule) *Rule {
	if slot < 0 || slot > math.MaxInt16 {
		panic("combinator.Capture: slot out of range")
	}
	r := withSub(kCap, rule)
	r.slot = slot
	return r
}

// Not matches the empty string where rule does not match (a negative
// look-ahead, PEG "!rule"). It consumes nothing.
func Not(rule *Rule) *Rule {
	return withSub(kNot, rule)
}

// Peek matches the empty string where rule matches (a positive look-ahead, PEG
// "&rule"). It consumes nothing and captures nothing. When it fails, a
// diagnosis reports what rule expected, as for rule itself; when it
// succeeds, nothing. A Not that fails is reported as itself: "!rule" was
// expected where rule matched.
func Peek(rule *Rule) *Rule {
	return withSub(kPeek, rule)
}

// End matches the empty string at the end of the input only.
var End = &Rule{kind: kEnd}

// Func makes a terminal of a hand-written match function, for pieces that are
// clearer in code. It is named name in ABNF and in error messages. Its first
// bytes are unknown to the preparation, so alternatives are never skipped past
// it.
func Func(name string, fn MatchFunc) *Rule {
	return &Rule{kind: kFunc, name: name, fn: fn}
}

// Named returns rule under an ABNF rule name: the name prints in place of the
// definition wherever the rule is used (String, Grammar) and stands for it in
// error messages when the rule fails where it starts. Naming a rule that
// already has a name makes a new rule that refers to it (name = other-name).
func Named(name string, rule *Rule) *Rule {
	if rule.name != "" {
		rule = Seq(rule)
	}
	return &Rule{kind: rule.kind, name: name, lit: rule.lit, set: rule.set, subs: rule.subs,
		min: rule.min, max: rule.max, slot: rule.slot, fn: rule.fn, runes: rule.runes}
}

// Name returns the rule's ABNF name, or "" for an unnamed rule.
func (r *Rule) Name() string { return r.name }

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
			return unitOf(r.subs[0])
		}
	case kAlt:
		for _, s := range r.subs {
			ss, sp, sok := unitOf(s)
			if !sok {
				return CharSet{}, false, false
			}
			set, pct = set.Union(ss), pct || sp
		}
		// With '%' both a byte and a triplet, the order of the alternatives
		// decides how much is consumed: leave that to the plain matcher.
		if pct && set.Contains('%') {
			return CharSet{}, false, false
		}
		return set, pct, true
	}
	return CharSet{}, false, false
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
