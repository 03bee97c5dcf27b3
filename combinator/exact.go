package combinator

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Exact matching: rules read as ABNF reads them, not as a PEG does. A
// grammar given to ExactGrammar is a set of named definitions whose bodies
// are rule trees (Lit, LitFold, Class, RuneClass, Seq, Alt, Rep, ...) that
// may name one another with Ref, recursion included. Each definition becomes
// a rule of a node kind of its own whose language is the ABNF language of
// its body: an alternation is unordered (a string matches when any
// alternative leads to a match of the whole) and a repetition takes as many
// times as the rest of the rule needs.
//
// A definition that uses no PEG operator and no recursion, or recursion in
// tail position only (right-linear: ldh = ld / ld ldh, l = "x" [ "," l ]),
// is a regular language: it is compiled to an automaton (automaton.go), a
// Thompson NFA determinized lazily as the input asks, so that matching is
// one pass over the input, linear, allocating nothing once the states it
// meets are built. Any other definition is matched by the recognizer of
// recog.go: Earley's algorithm over the same automata, with Leo's memo of
// right recursion, on explicit stacks, bounded by the grammar's Limits. So
// is a regular definition whose automaton, every definition it uses
// copied where it is used, would pass the bound of an automaton: the
// recognizer calls the definitions it shares (exactgraph.go).

// Def is one definition of a grammar for ExactGrammar: a rule name and the
// rule it stands for.
type Def struct {
	Name string
	Body *Rule
}

// exactGrammar is what the rules of one ExactGrammar call share.
type exactGrammar struct {
	defs   map[string]*Rule // the rules by lower-case name
	list   []*Rule          // the rules in the order of the definitions
	limits Limits           // the bounds of a match (recog.go)
}

// exact is the compiled form of a definition (kExact), also carried by a
// Ref bound to it (kRef).
type exact struct {
	rule    *Rule
	body    *Rule
	g       *exactGrammar
	idx     int        // its index in g.list
	comp    *component // its component of the references (exactgraph.go)
	regular bool       // no recursion but in tail position, no PEG operator: compiled to an automaton
	first   CharSet    // the bytes a non-empty match can start with
	null    bool       // whether it can match the empty string
	derives bool       // whether it matches any string at all (a = a does not)
	size    int        // the instructions of its automaton, every definition it uses inlined (saturated)
	depth   int        // how deep the definitions inlined into its automaton nest
	psize   int        // the instructions of its body in a recognizer's program, where the definitions that are procedures are calls (saturated)
	pdepth  int        // how deep the definitions inlined into its body in a program nest
	proc    bool       // a procedure in a recognizer's program: called, not inlined
	auto    *dfa       // regular: the automaton, built by the preparation
	prog    *rprog     // not regular: the recognizer's program, built by the preparation
	tonce   sync.Once  // the program Tree derives a regular rule's matches with
	tprog   *rprog
}

// Ref refers by name to a definition of the grammar it is given to
// (ExactGrammar), so that definitions can use one another in any order and
// recursively. Names compare case-insensitively, as ABNF's do. A Ref belongs
// to one grammar; outside the rules of the grammar it was bound to, it
// matches as the rule it names.
func Ref(name string) *Rule {
	return &Rule{kind: kRef, name: name}
}

// ExactGrammar compiles defs to rules that match exactly the ABNF language
// of their bodies, in the order of defs. A body is read as ABNF: Alt is an
// unordered alternation, Rep takes what the rest of the rule needs, Capture
// is transparent (an exact rule records no capture inside it). A body may
// hold a rule built elsewhere, read the same way; the PEG operators Not,
// Peek and End, and Func terminals, keep their meaning, which makes the
// definition that holds them irregular (matched by the recognizer, not by
// an automaton), as does recursion other than in tail position. Left
// recursion is accepted. The matches of the rules are bounded by
// DefaultLimits (ExactGrammarLimits sets others).
//
// Within a PEG rule (a Seq, an Alt, Prefix, MatchAt), a rule of ExactGrammar
// takes the longest prefix of its language at the position it is tried.
//
// ExactGrammar reports, each in one error that lists every name concerned,
// Refs to names no definition has, names defined twice, and definitions
// too big (more than 131,072 NFA instructions, the definitions they share
// with others counted once, as RE2 refuses x{1001}).
func ExactGrammar(defs ...Def) ([]*Rule, error) {
	return ExactGrammarLimits(Limits{}, defs...)
}

// ExactGrammarLimits is ExactGrammar with the bounds l on each match of
// the rules it returns; a zero field of l takes DefaultLimits' value.
func ExactGrammarLimits(l Limits, defs ...Def) ([]*Rule, error) {
	g := &exactGrammar{defs: map[string]*Rule{}, limits: l.withDefaults()}
	var dups []string
	out := make([]*Rule, len(defs))
	for i, d := range defs {
		key := strings.ToLower(d.Name)
		if d.Name == "" || d.Body == nil {
			return nil, errors.New("combinator.ExactGrammar: a definition without a name or a body")
		}
		if _, ok := g.defs[key]; ok {
			dups = append(dups, d.Name)
			continue
		}
		x := &exact{body: d.Body, g: g, idx: len(g.list)}
		r := withSub(kExact, d.Body)
		r.name, r.ex = d.Name, x
		x.rule = r
		g.defs[key] = r
		g.list = append(g.list, r)
		out[i] = r
	}
	if len(dups) > 0 {
		return nil, &GrammarError{Problem: "defined more than once", Names: dups}
	}
	// Bind the Refs.
	var undefined []string
	seen := map[*Rule]bool{}
	var bind func(r *Rule) error
	bind = func(r *Rule) error {
		if seen[r] {
			return nil
		}
		seen[r] = true
		if r.kind == kRef {
			t, ok := g.defs[strings.ToLower(r.name)]
			if !ok {
				if !slices.Contains(undefined, r.name) {
					undefined = append(undefined, r.name)
				}
				return nil
			}
			if r.ex != nil && r.ex != t.ex {
				return errors.New("combinator.ExactGrammar: Ref(" + r.name + ") belongs to another grammar")
			}
			r.ex = t.ex
			return nil
		}
		if r.kind == kExact {
			return nil // a rule of another grammar, bound already
		}
		for _, s := range r.subs {
			if err := bind(s); err != nil {
				return err
			}
		}
		return nil
	}
	for _, d := range defs {
		if err := bind(d.Body); err != nil {
			return nil, err
		}
	}
	if len(undefined) > 0 {
		return nil, &GrammarError{Problem: "used but not defined", Names: undefined}
	}
	if names := g.analyse(); len(names) > 0 {
		return nil, &GrammarError{Problem: "too big for an automaton (more than " + strconv.Itoa(maxInsts) +
			" instructions, or rules nested more than " + strconv.Itoa(maxInline) + " deep)", Names: names}
	}
	return out, nil
}

// GrammarError is a problem of a grammar as a whole, such as rules used but
// not defined: what is wrong and every name concerned.
type GrammarError struct {
	Problem string   // what is wrong with the rules named
	Names   []string // the rules concerned, in the order met
}

// Error returns a message such as "rules used but not defined: a, b".
func (e *GrammarError) Error() string {
	return "rules " + e.Problem + ": " + strings.Join(e.Names, ", ")
}

// target returns the definition a Ref or an exact rule stands for.
func (r *Rule) target() *Rule {
	if r.ex == nil {
		return nil
	}
	return r.ex.rule
}

// nullableExact reports whether r can match the empty string, read as
// ABNF, with what is known so far of the definitions it names.
func nullableExact(r *Rule) bool {
	switch r.kind {
	case kLit, kLitFold:
		return r.lit == ""
	case kClass, kRunes:
		return false
	case kSeq:
		for _, s := range r.subs {
			if !nullableExact(s) {
				return false
			}
		}
		return true
	case kAlt:
		for _, s := range r.subs {
			if nullableExact(s) {
				return true
			}
		}
		return false
	case kRep:
		return r.min == 0 || nullableExact(r.subs[0])
	case kCap:
		return nullableExact(r.subs[0])
	case kNot, kPeek, kEnd, kFunc:
		return true
	case kRef, kExact:
		return r.target().ex.null
	}
	return false
}

// derivesExact reports whether r matches any string at all, read as ABNF,
// with what is known so far of the definitions it names.
func derivesExact(r *Rule) bool {
	switch r.kind {
	case kClass:
		return !r.set.IsEmpty()
	case kRunes:
		for _, rg := range r.runes.ranges {
			if rg.Lo < 0xD800 || rg.Hi > 0xDFFF {
				return true // a code point that is not a surrogate
			}
		}
		return false
	case kSeq:
		for _, s := range r.subs {
			if !derivesExact(s) {
				return false
			}
		}
		return true
	case kAlt:
		for _, s := range r.subs {
			if derivesExact(s) {
				return true
			}
		}
		return false
	case kRep:
		return r.min == 0 || derivesExact(r.subs[0])
	case kCap:
		return derivesExact(r.subs[0])
	case kRef, kExact:
		return r.target().ex.derives
	}
	return true // literals, and the PEG operators, which a match may pass
}

// firstExact returns the bytes a non-empty match of r can start with, read
// as ABNF, with what is known so far of the definitions it names.
func firstExact(r *Rule) CharSet {
	all := CharSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	var f CharSet
	switch r.kind {
	case kLit, kLitFold:
		if r.lit != "" {
			f = Chars(r.lit[:1])
			if r.kind == kLitFold {
				f = foldSet(f)
			}
		}
	case kClass:
		f = r.set
	case kRunes:
		f = r.runes.LeadBytes()
	case kSeq:
		for _, s := range r.subs {
			f = f.Union(firstExact(s))
			if !nullableExact(s) {
				break
			}
		}
	case kAlt:
		for _, s := range r.subs {
			f = f.Union(firstExact(s))
		}
	case kRep:
		if r.max != 0 {
			f = firstExact(r.subs[0])
		}
	case kCap:
		f = firstExact(r.subs[0])
	case kRef, kExact:
		f = r.target().ex.first
	default:
		return all
	}
	return f
}

// walkRefs calls f for each Ref in r's tree.
func walkRefs(r *Rule, f func(*Rule)) {
	if r.kind == kRef {
		f(r.target())
		return
	}
	if r.kind == kExact {
		return
	}
	for _, s := range r.subs {
		walkRefs(s, f)
	}
}

// prepareExact prepares an exact rule or a Ref (prepMu held): the
// automaton of a regular rule or the recognizer's program of another, its
// first bytes and whether it can match empty.
func (r *Rule) prepareExact() {
	all := CharSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	r.first, r.nullable = all, true
	if r.kind != kExact || r.ex == nil || r.ex.rule != r {
		return
	}
	x := r.ex
	if x.regular && x.auto == nil {
		x.auto = compileDFA(x.body)
	}
	if x.auto == nil && x.prog == nil {
		x.prog = compileProg(r)
	}
	if a := x.auto; a != nil {
		r.first, r.nullable = a.firstBytes()
	} else {
		r.first, r.nullable = x.first, x.null || holdsPEG(x.body) // conservative where PEG operators stand
	}
}

// recognize runs the recognizer of the exact rule r (prepared, not
// regular) at pos.
func recognize(r *Rule, in string, pos int) *recog {
	return r.ex.prog.match(in, pos, &budget{lim: r.ex.g.limits, rule: r})
}

// longestExact returns the end of the longest match of the exact rule r at
// pos, or -1 (also when a bound of its Limits stopped the match).
func longestExact(r *Rule, in string, pos int) int {
	x := r.ex
	if x.auto != nil {
		return x.auto.longest(in, pos)
	}
	if x.prog == nil {
		return -1 // a rule of a grammar not prepared: not met, the preparation walks into them
	}
	return recognize(r, in, pos).end
}

// matchExact matches an exact rule (kExact) or a Ref at pos for the
// matcher: the longest match, with what a diagnosis records on the way and
// the named rules of a derivation for Tree.
// exactEnd is matchExact for the fast path: the end of the longest match of
// the exact rule r (or of the rule a Ref names) at pos, or -1.
func exactEnd(r *Rule, in string, pos int) int {
	if r.kind == kRef {
		if r = r.target(); r == nil {
			return -1
		}
		r = r.prepared()
	}
	return longestExact(r, in, pos)
}

func (m *matcher) matchExact(r *Rule, in string, pos int) int {
	if r.kind == kRef {
		r = r.target()
		if r == nil {
			return -1
		}
		r = r.prepared()
	}
	if m.d != nil {
		if m.quiet > 0 {
			return longestExact(r, in, pos)
		}
		if a := r.ex.auto; a != nil {
			return a.diagnose(m.d, in, pos)
		}
		// The recognizer records in a copy of the diagnosis, written back
		// after: a pointer to the matcher's would let the matcher's
		// contents leave the stack of every match, not only of diagnoses.
		d := new(diag)
		*d = *m.d
		e, err := diagnoseExact(r, d, in, pos)
		if err != nil && d.limit == nil {
			d.limit = err
		}
		*m.d = *d
		return e
	}
	e := longestExact(r, in, pos)
	if e >= 0 && m.mode == modeTree {
		if err := m.deriveExact(r, in, pos, e); err != nil && m.x.limit == nil {
			m.x.limit = err
		}
	}
	return e
}

// Target returns the rule an OpRef node names, a rule of ExactGrammar, or
// nil for any other node and for a Ref not given to ExactGrammar. The
// definition of an OpExact rule is its Subs()[0].
func (r *Rule) Target() *Rule {
	if r.kind != kRef {
		return nil
	}
	return r.target()
}
