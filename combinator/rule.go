package combinator

import (
	"math"
	"sync/atomic"
)

// A Rule is a grammar rule: an immutable tree of nodes built by the
// constructors of this package (Lit, LitFold, Class, RuneClass, Seq, Alt, Opt,
// Rep, Star, Plus, Capture, Not, Peek, End, Func, FuncContext and Named).
// Rules are built bottom-up from rules that already exist, so a grammar can
// hold no cycle: matching recurses as deep as the tree is high, at most
// MaxDepth, and a recursive grammar refers to itself through FuncContext.
//
// A constructor only records its node, which makes building a grammar cheap
// (the RFC 3986 rules of this package cost next to nothing at init). The first
// match of a rule prepares its tree, once: it computes the bytes a match can
// start with, whether each node can match the empty string, and fuses
// repetitions of single characters (and of pct-encoded triplets) into one scan.
// Match, Prefix and MatchAt then allocate nothing.
//
// Matching is PEG matching: a choice commits to its first alternative that
// matches and a repetition is greedy. The RFC 3986 rules of this package are
// written so that this accepts exactly the language of their ABNF.
//
// A *Rule is safe for concurrent use, its preparation included.
type Rule struct {
	// The small fields first and together, so that no padding falls
	// between them (so that unsafe.Sizeof(Rule{}) stays a multiple of 8 with little waste). kind is
	// what the constructor recorded; the others, as height, first, tab and
	// names below, are computed by the preparation, which also fills set,
	// pct and runes for a fused form.
	kind     kind // what the constructor recorded
	rfast    fast // a fused form whose unit may also be a character of runes (prepare.go); not in the view
	fast     fast // a fused form, scanned in one loop (scan.go)
	nullable bool // can match the empty string
	hasCaps  bool // contains a Capture
	pct      bool // fused unit: also '%' HEXDIG HEXDIG
	sep      byte // fSepRun: the separator byte
	byte1    bool // a case-sensitive literal of one byte
	optional bool // a repetition with min 0: matches empty where its rule cannot start

	// What the preparation measures for the memoizing matcher (memo.go).
	unbounded bool // a match may read the input without a bound
	canFail   bool // a match may fail
	wasteful  bool // a match may read without a bound more than it consumes
	recovers  bool // a match may succeed having read without a bound more than it consumes
	needsMemo bool // the fast path may match r in more than linear time
	simple    bool // the fast path matches r, in linear time, within MaxDepth
	memoize   bool // the memoizing matcher keeps r's results at each offset

	// ready is set, under prepMu, once the preparation is done for this
	// node and for every node under it.
	ready atomic.Bool

	// What the constructor recorded.
	name  string
	lit   string      // kLit, kLitFold
	set   CharSet     // kClass; for other nodes, the unit set of a fused form (prepare)
	subs  []*Rule     // kSeq, kAlt; one element for kRep, kCap, kNot, kPeek
	min   int         // kRep
	max   int         // kRep; -1: no upper bound
	slot  int         // kCap
	fn    MatchFunc   // kFunc
	ctxFn ContextFunc // kFunc made by FuncContext

	runes RuneSet // kRunes: the code points of a RuneClass; for other nodes, those of a rune-fused unit
	ex    *exact  // kExact: its compiled form; kRef: that of the rule it names (exact.go)

	// Computed by the preparation.
	height int32      // the nodes on the longest path down from r, r included (saturated)
	cost   int32      // the steps of a match, the tree unfolded, a repetition without bound counted once (memo.go; saturated)
	tailOf *Rule      // a literal made by a diagnosis for what is left of tailOf's literal (failTerminal)
	first  CharSet    // bytes a non-empty match can start with
	tab    *[256]bool // fused forms: set as a table, one load a byte
	names  uint64     // a Bloom filter of the names in the subtree, r's own included (Tree)
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

// Lit matches the bytes of s exactly (case-sensitive; RFC 7405 %s"..."). For the
// case-insensitive quoted strings of ABNF, use LitFold. Lit("") matches the
// empty string.
func Lit(s string) *Rule {
	return &Rule{kind: kLit, lit: s}
}

// LitFold matches s with ASCII letters in either case: an ABNF quoted string
// (RFC 5234 §2.3), such as "v" in IPvFuture. Every other byte, non-ASCII
// ones included, matches only itself: LitFold("é") does not match "É".
func LitFold(s string) *Rule {
	return &Rule{kind: kLitFold, lit: s}
}

// Class matches one byte of set (an ABNF value range or a choice of single
// characters).
func Class(set CharSet) *Rule {
	return &Rule{kind: kClass, set: set}
}

// RuneClass matches one character of set: the UTF-8 encoding of one code
// point in it (an ABNF value range over characters, such as ucschar =
// %xA0-D7FF / ... in RFC 3987). Bytes that are not valid UTF-8 (a stray
// continuation byte, a truncated or overlong sequence, an encoded surrogate)
// never match, whatever the set holds; U+FFFD matches only as its own
// encoding, EF BF BD. The rule is prepared like a byte class: it can start
// with the lead bytes of its code points (RuneSet.LeadBytes). A diagnosis
// reports the offset of the character that does not match, expecting the
// rule's label (its name, else the ABNF of its set).
func RuneClass(set RuneSet) *Rule {
	return &Rule{kind: kRunes, runes: set}
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
// it. Its cost is its own. A function that matches rules itself, through
// Rule.MatchAt, starts a match of its own, whose depth nothing adds up: for
// a recursive grammar, use FuncContext, which carries the depth on and
// bounds it.
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
		min: rule.min, max: rule.max, slot: rule.slot, fn: rule.fn, ctxFn: rule.ctxFn, runes: rule.runes}
}

// Name returns the rule's ABNF name, or "" for an unnamed rule.
func (r *Rule) Name() string { return r.name }
