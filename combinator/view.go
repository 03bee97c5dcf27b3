package combinator

// A read-only view of a rule's tree, in the manner of regexp/syntax: what a
// constructor recorded (Op, Name, Subs, Literal, Set, Runes, Min, Max, Slot, Func)
// and what the preparation derived from it (First, Nullable, HasCaptures,
// Fused). It is for the packages that compile or convert rules, such as
// combinator/codegen and combinator/parsec; matching needs none of it.

// Op is the kind of a rule node: which constructor made it.
type Op uint8

// The kinds of rule nodes.
const (
	OpLit     Op = Op(kLit)     // Lit: the bytes of Literal
	OpLitFold Op = Op(kLitFold) // LitFold: Literal, ASCII letters in either case
	OpClass   Op = Op(kClass)   // Class: one byte of Set
	OpSeq     Op = Op(kSeq)     // Seq: Subs one after the other
	OpAlt     Op = Op(kAlt)     // Alt: the first of Subs that matches
	OpRep     Op = Op(kRep)     // Rep (Opt, Star, Plus): Subs[0], Min to Max times
	OpCapture Op = Op(kCap)     // Capture: Subs[0], its span recorded in Slot
	OpNot     Op = Op(kNot)     // Not: where Subs[0] does not match
	OpPeek    Op = Op(kPeek)    // Peek: where Subs[0] matches
	OpEnd     Op = Op(kEnd)     // End: the end of the input
	OpFunc    Op = Op(kFunc)    // Func: the terminal Func, named Name
	OpRunes   Op = Op(kRunes)   // RuneClass: one UTF-8 encoded code point of Runes
	OpExact   Op = Op(kExact)   // a rule of ExactGrammar: Subs[0] read as ABNF
	OpRef     Op = Op(kRef)     // Ref: the rule of its grammar named Name
)

var opNames = [...]string{"Lit", "LitFold", "Class", "Seq", "Alt", "Rep", "Capture", "Not", "Peek", "End", "Func", "RuneClass", "Exact", "Ref"}

// String returns the name of the constructor of op, such as "Seq".
func (op Op) String() string {
	if int(op) < len(opNames) {
		return opNames[op]
	}
	return "Op(?)"
}

// Op returns the kind of r's node. A rule made by Named has the kind of the
// rule it names (a Seq of it when that rule had a name of its own).
func (r *Rule) Op() Op { return Op(r.kind) }

// Subs returns the rules under r's node, in order: the parts of a Seq, the
// alternatives of an Alt, and the one rule of a Rep, Capture, Not or Peek. It
// returns a new slice; the rules are shared.
func (r *Rule) Subs() []*Rule { return append([]*Rule(nil), r.subs...) }

// Literal returns the bytes of an OpLit or OpLitFold node, else "".
func (r *Rule) Literal() string { return r.lit }

// Set returns the bytes of an OpClass node, else the empty set.
func (r *Rule) Set() CharSet {
	if r.kind != kClass {
		return CharSet{}
	}
	return r.set
}

// Runes returns the code points of an OpRunes node, else the empty set. The
// node matches the UTF-8 encoding of one of them; its First set is their
// lead bytes (RuneSet.LeadBytes), and Fused never reports it: the fused
// scans over characters that the matcher and the code generator make of
// rune classes are theirs, not the view's.
func (r *Rule) Runes() RuneSet {
	if r.kind != kRunes {
		return RuneSet{}
	}
	return r.runes
}

// Min returns the least number of repetitions of an OpRep node, else 0.
func (r *Rule) Min() int { return r.min }

// Max returns the most repetitions of an OpRep node (Unbounded for none),
// else 0.
func (r *Rule) Max() int { return r.max }

// Slot returns the capture slot of an OpCapture node, else 0.
func (r *Rule) Slot() int { return r.slot }

// Func returns the match function of an OpFunc node, else nil.
func (r *Rule) Func() MatchFunc { return r.fn }

// Label returns how error messages name r: its name, else its ABNF (for a
// literal, a class and the rule End, the terminal: `"//"`, `%x30-39`, "end
// of input"). It is the label SyntaxError.Expected lists.
func (r *Rule) Label() string { return r.label() }

// First returns the bytes a non-empty match of r can start with (all bytes
// for a Func terminal, which the preparation cannot see into).
func (r *Rule) First() CharSet { return r.prepared().first }

// Nullable reports whether r can match the empty string (as far as the
// preparation knows: a Func terminal is taken to be able to).
func (r *Rule) Nullable() bool { return r.prepared().nullable }

// HasCaptures reports whether r holds a Capture.
func (r *Rule) HasCaptures() bool { return r.prepared().hasCaps }

// FusedKind is the kind of fused form the preparation found for a node.
type FusedKind uint8

// The fused forms. A unit is one byte of the form's Set, or, when Pct, a
// pct-encoded triplet "%" HEXDIG HEXDIG.
const (
	NotFused    FusedKind = FusedKind(fNone)   // matched node by node
	FusedUnit   FusedKind = FusedKind(fUnit)   // one unit
	FusedRun    FusedKind = FusedKind(fRun)    // Min to Max units (an OpRep node)
	FusedSepRun FusedKind = FusedKind(fSepRun) // *( Sep *unit ): a run of units and Sep bytes that starts with Sep, or nothing
)

// Fused is the fused form of a node: a scan that matches exactly what the
// node matches, without descending into it.
type Fused struct {
	Kind FusedKind
	Set  CharSet // the bytes a unit may be
	Pct  bool    // a unit may also be a pct-encoded triplet
	Sep  byte    // FusedSepRun: the separator
}

// Fused returns the fused form the preparation found for r, whose Kind is
// NotFused when there is none.
func (r *Rule) Fused() Fused {
	r.prepared()
	if r.fast == fNone {
		return Fused{}
	}
	return Fused{Kind: FusedKind(r.fast), Set: r.set, Pct: r.pct, Sep: r.sep}
}
