package combinator

import (
	"errors"
	"slices"
	"sort"
	"strings"
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
// A definition that uses no recursion (directly or through the rules it
// names) and no PEG operator is a regular language: it is compiled to an
// automaton (automaton.go), a Thompson NFA determinized lazily as the input
// asks, so that matching is one pass over the input, linear, allocating
// nothing once the states it meets are built. Any other definition is
// matched by a memoized search over the positions where each part can end
// (exactSearch below): exact for every grammar without left recursion, at
// a cost that grows with the input as a polynomial (quadratic for the usual
// nested comments and parentheses), its nesting bounded by MaxNesting.

// MaxNesting is the deepest nesting of recursive rules that a match of an
// exact rule follows: how many matches of one rule may be in progress at
// once (a comment in a comment in a comment ... of RFC 5322 counts one a
// level). Input nested deeper does not match, and Check reports the offset
// where the bound was passed.
const MaxNesting = 1000

// Def is one definition of a grammar for ExactGrammar: a rule name and the
// rule it stands for.
type Def struct {
	Name string
	Body *Rule
}

// exactGrammar is what the rules of one ExactGrammar call share.
type exactGrammar struct {
	defs map[string]*Rule // the rules by lower-case name
}

// exact is the compiled form of a definition (kExact), also carried by a
// Ref bound to it (kRef).
type exact struct {
	rule    *Rule
	body    *Rule
	g       *exactGrammar
	regular bool    // no recursion and no PEG operator: compiled to an automaton
	first   CharSet // the bytes a non-empty match can start with
	null    bool    // whether it can match the empty string
	auto    *dfa    // regular: the automaton, built by the preparation
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
// definition that holds them irregular (matched by search, not by an
// automaton), as does recursion.
//
// Within a PEG rule (a Seq, an Alt, Prefix, MatchAt), a rule of ExactGrammar
// takes the longest prefix of its language at the position it is tried.
//
// ExactGrammar reports, each in one error that lists every name concerned,
// Refs to names no definition has, names defined twice, and left recursion
// (a rule that can reach itself without consuming input), which has no
// exact matching by search.
func ExactGrammar(defs ...Def) ([]*Rule, error) {
	g := &exactGrammar{defs: map[string]*Rule{}}
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
		x := &exact{body: d.Body, g: g}
		r := withSub(kExact, d.Body)
		r.name, r.ex = d.Name, x
		x.rule = r
		g.defs[key] = r
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
	if names := leftRecursive(defs, g); len(names) > 0 {
		return nil, &GrammarError{Problem: "left-recursive (each can reach itself without consuming input)", Names: names}
	}
	firstSets(g)
	cyclic := recursiveDefs(defs, g)
	for _, r := range out {
		r.ex.regular = regularBody(r.ex.body, cyclic, map[*Rule]bool{})
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

// nullableExact reports whether r can match the empty string, read as ABNF;
// null holds what is known of the definitions so far (a fixpoint).
func nullableExact(r *Rule, null map[*Rule]bool) bool {
	switch r.kind {
	case kLit, kLitFold:
		return r.lit == ""
	case kClass, kRunes:
		return false
	case kSeq:
		for _, s := range r.subs {
			if !nullableExact(s, null) {
				return false
			}
		}
		return true
	case kAlt:
		for _, s := range r.subs {
			if nullableExact(s, null) {
				return true
			}
		}
		return false
	case kRep:
		return r.min == 0 || nullableExact(r.subs[0], null)
	case kCap:
		return nullableExact(r.subs[0], null)
	case kNot, kPeek, kEnd, kFunc:
		return true
	case kRef:
		return null[r.target()]
	case kExact:
		return nullableExact(r.ex.body, definitionNulls(r.ex.g)) // a rule of another grammar
	}
	return false
}

// definitionNulls computes which definitions of g can match empty.
func definitionNulls(g *exactGrammar) map[*Rule]bool {
	null := map[*Rule]bool{}
	for changed := true; changed; {
		changed = false
		for _, d := range g.defs {
			if !null[d] && nullableExact(d.ex.body, null) {
				null[d] = true
				changed = true
			}
		}
	}
	return null
}

// firstSets computes the first bytes of each definition of g, a fixpoint,
// and which can match empty.
func firstSets(g *exactGrammar) {
	null := definitionNulls(g)
	for d, v := range null {
		d.ex.null = v
	}
	for changed := true; changed; {
		changed = false
		for _, d := range g.defs {
			if f := firstExact(d.ex.body, null).Union(d.ex.first); f != d.ex.first {
				d.ex.first, changed = f, true
			}
		}
	}
}

// firstExact returns the bytes a non-empty match of r can start with, read
// as ABNF, with what is known so far of the definitions it names.
func firstExact(r *Rule, null map[*Rule]bool) CharSet {
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
			f = f.Union(firstExact(s, null))
			if !nullableExact(s, null) {
				break
			}
		}
	case kAlt:
		for _, s := range r.subs {
			f = f.Union(firstExact(s, null))
		}
	case kRep:
		if r.max != 0 {
			f = firstExact(r.subs[0], null)
		}
	case kCap:
		f = firstExact(r.subs[0], null)
	case kRef:
		f = r.target().ex.first
	case kExact:
		f = r.ex.first // a rule of another grammar, computed already
	default:
		return all
	}
	return f
}

// leftRefs calls f for each definition r may start with: those a match of
// r can reach without consuming input.
func leftRefs(r *Rule, null map[*Rule]bool, f func(*Rule)) {
	switch r.kind {
	case kSeq:
		for _, s := range r.subs {
			leftRefs(s, null, f)
			if !nullableExact(s, null) {
				return
			}
		}
	case kAlt:
		for _, s := range r.subs {
			leftRefs(s, null, f)
		}
	case kRep:
		if r.max != 0 {
			leftRefs(r.subs[0], null, f)
		}
	case kCap, kNot, kPeek:
		leftRefs(r.subs[0], null, f)
	case kRef:
		f(r.target())
	}
}

// leftRecursive returns the names of the definitions that can reach
// themselves without consuming input.
func leftRecursive(defs []Def, g *exactGrammar) []string {
	null := definitionNulls(g)
	edges := map[*Rule][]*Rule{}
	for _, d := range g.defs {
		leftRefs(d.ex.body, null, func(t *Rule) { edges[d] = append(edges[d], t) })
	}
	return onCycles(defs, g, edges)
}

// recursiveDefs returns the definitions that take part in a cycle of
// references, or use one that does.
func recursiveDefs(defs []Def, g *exactGrammar) map[*Rule]bool {
	edges := map[*Rule][]*Rule{}
	for _, d := range g.defs {
		walkRefs(d.ex.body, func(t *Rule) { edges[d] = append(edges[d], t) })
	}
	cyc := map[*Rule]bool{}
	for _, n := range onCycles(defs, g, edges) {
		cyc[g.defs[strings.ToLower(n)]] = true
	}
	return cyc
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

// onCycles returns the names of the definitions that lie on a cycle of
// edges, in the order of defs.
func onCycles(defs []Def, g *exactGrammar, edges map[*Rule][]*Rule) []string {
	var names []string
	for _, d := range defs {
		start := g.defs[strings.ToLower(d.Name)]
		if start == nil {
			continue
		}
		// Is start reachable from itself?
		seen := map[*Rule]bool{}
		stack := append([]*Rule(nil), edges[start]...)
		found := false
		for len(stack) > 0 && !found {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if n == start {
				found = true
				break
			}
			if seen[n] {
				continue
			}
			seen[n] = true
			stack = append(stack, edges[n]...)
		}
		if found && !slices.Contains(names, start.name) {
			names = append(names, start.name)
		}
	}
	return names
}

// regularBody reports whether r, read as ABNF, is a regular language the
// automaton can match: no recursion, no PEG operator, no Func terminal.
func regularBody(r *Rule, cyclic map[*Rule]bool, seen map[*Rule]bool) bool {
	if seen[r] {
		return true
	}
	seen[r] = true
	switch r.kind {
	case kNot, kPeek, kEnd, kFunc:
		return false
	case kRep:
		if r.max == 0 {
			return true // matches empty, whatever its rule (RFC 3986's 0<pchar>)
		}
	case kExact:
		return r.ex.regular // a rule of another grammar, compiled already
	case kRef:
		t := r.target()
		if cyclic[t] {
			return false
		}
		return regularBody(t.ex.body, cyclic, seen)
	}
	for _, s := range r.subs {
		if !regularBody(s, cyclic, seen) {
			return false
		}
	}
	return true
}

// prepareExact prepares an exact rule or a Ref (prepMu held): the
// automaton of a regular rule, its first bytes and whether it can match
// empty.
func (r *Rule) prepareExact() {
	all := CharSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	r.first, r.nullable = all, true
	if r.kind != kExact || r.ex == nil || r.ex.rule != r {
		return
	}
	// The automata of the rules r uses, which a search through its Refs
	// may use: built here, under prepMu, before r is marked ready.
	for _, d := range reachable(r) {
		if d.ex.regular && d.ex.auto == nil {
			d.ex.auto = compileDFA(d.ex.body)
		}
	}
	if a := r.ex.auto; a != nil {
		r.first, r.nullable = a.firstBytes()
	} else {
		r.first, r.nullable = r.ex.first, r.ex.null // conservative where PEG operators stand
	}
}

// reachable returns r and the definitions of its grammar that r uses,
// directly or through others.
func reachable(r *Rule) []*Rule {
	seen := map[*Rule]bool{r: true}
	out := []*Rule{r}
	for i := 0; i < len(out); i++ {
		walkRefs(out[i].ex.body, func(t *Rule) {
			if t != nil && !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		})
	}
	return out
}

// longestExact returns the end of the longest match of the exact rule r at
// pos, or -1.
func longestExact(r *Rule, in string, pos int) int {
	x := r.ex
	if x.auto != nil {
		return x.auto.longest(in, pos)
	}
	s := exactSearch{in: in}
	ends := s.ends(x.rule, pos)
	if s.deep || len(ends) == 0 {
		return -1
	}
	return ends[len(ends)-1]
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
	}
	return longestExact(r, in, pos)
}

func (m *matcher) matchExact(r *Rule, in string, pos int) int {
	if r.kind == kRef {
		r = r.target()
		if r == nil {
			return -1
		}
	}
	if m.d != nil {
		if m.quiet > 0 {
			return longestExact(r, in, pos)
		}
		if a := r.ex.auto; a != nil {
			return a.diagnose(m.d, in, pos)
		}
		// The search records in a copy of the diagnosis, written back
		// after: a pointer to the matcher's would let the matcher's
		// contents leave the stack of every match, not only of diagnoses.
		d := new(diag)
		*d = *m.d
		s := exactSearch{in: in, d: d}
		ends := s.ends(r.ex.rule, pos)
		if s.deep {
			d.fail(s.deepAt, nestingLimit)
		}
		*m.d = *d
		if s.deep {
			return -1
		}
		if len(ends) == 0 {
			return -1
		}
		return ends[len(ends)-1]
	}
	e := longestExact(r, in, pos)
	if e >= 0 && m.mode == modeTree {
		s := exactSearch{in: in}
		s.derive(m, r.ex.body, pos, e)
	}
	return e
}

// nestingLimit is what a diagnosis expects where a match passed MaxNesting.
var nestingLimit = &Rule{kind: kFunc, name: "nesting at most 1000 levels deep"}

// exactSearch finds the ends of matches of rules read as ABNF, memoizing
// them by rule and position: the matcher of irregular exact rules, of the
// diagnoses of all exact rules, and of the derivations Tree reports.
type exactSearch struct {
	in     string
	memo   map[searchKey][]int
	open   map[*Rule]int // how many matches of each recursive rule are in progress
	deep   bool          // the nesting passed MaxNesting
	deepAt int
	quiet  int   // > 0 inside a look-ahead: record nothing
	d      *diag // a diagnosis: record the failures of terminals (not the matcher, which would then leave the stack)
}

type searchKey struct {
	r      *Rule
	pos, k int
}

// ends returns the sorted ends of the matches of r at pos.
func (s *exactSearch) ends(r *Rule, pos int) []int {
	in := s.in
	switch r.kind {
	case kLit, kLitFold:
		return s.literal(r, pos)
	case kClass:
		if pos < len(in) && r.set.Contains(in[pos]) {
			return []int{pos + 1}
		}
		s.failed(pos, r)
		return nil
	case kRunes:
		if e := matchRune(r.runes, in, pos); e >= 0 {
			return []int{e}
		}
		s.failed(pos, r)
		return nil
	case kSeq:
		return s.seq(r, 0, pos)
	case kAlt:
		var out []int
		for _, a := range r.subs {
			out = append(out, s.ends(a, pos)...)
		}
		return sortedSet(out)
	case kRep:
		return s.rep(r, 0, pos)
	case kCap:
		return s.ends(r.subs[0], pos)
	case kNot, kPeek:
		return s.lookAhead(r, pos)
	case kEnd:
		if pos == len(in) {
			return []int{pos}
		}
		s.failed(pos, r)
		return nil
	case kFunc:
		if r.fn == nil {
			return nil
		}
		if e := r.fn(in, pos); e >= pos && e <= len(in) {
			return []int{e}
		}
		s.failed(pos, r)
		return nil
	case kRef, kExact:
		return s.reference(r, pos)
	}
	return nil
}

// literal returns the end of the literal r at pos, if it matches there. A
// diagnosis names what is missing: the rest of the literal after the part
// that matched.
func (s *exactSearch) literal(r *Rule, pos int) []int {
	in := s.in
	if len(in)-pos >= len(r.lit) && litPrefix(r, in, pos) == len(r.lit) {
		return []int{pos + len(r.lit)}
	}
	if s.d != nil {
		if k := litPrefix(r, in, pos); k > 0 && len(r.lit) > 1 {
			s.d.fail(pos+k, &Rule{kind: r.kind, lit: r.lit[k:]})
		} else {
			s.d.fail(pos, r)
		}
	}
	return nil
}

// lookAhead returns pos as the one end of the look-ahead r (kNot or kPeek)
// when its rule's matching at pos is what r asks for, and no end otherwise.
func (s *exactSearch) lookAhead(r *Rule, pos int) []int {
	s.quiet++ // a look-ahead records nothing
	ok := len(s.ends(r.subs[0], pos)) > 0
	s.quiet--
	if ok == (r.kind == kPeek) {
		return []int{pos}
	}
	s.failed(pos, r)
	return nil
}

// reference returns the ends of the rule that the reference or exact rule
// r names, memoized by rule and position.
func (s *exactSearch) reference(r *Rule, pos int) []int {
	t := r.target()
	if t == nil {
		return nil
	}
	key := searchKey{t, pos, -1}
	if v, ok := s.memo[key]; ok {
		if len(v) == 0 && t != r && s.d != nil {
			s.d.fail(pos, t) // a diagnosis reports it at every use, as it did at the first
		}
		return v
	}
	if s.memo == nil {
		s.memo = map[searchKey][]int{}
	}
	s.memo[key] = nil // in progress: left recursion is refused before, so this is not met
	var out []int
	if a := t.ex.auto; a != nil && (s.d == nil || s.quiet > 0) {
		out = a.allEnds(s.in, pos)
	} else {
		out = s.expand(t, pos)
	}
	s.memo[key] = out
	return out
}

// expand returns the ends of the named rule t at pos found by searching its
// body (or, for a regular rule, by its automaton with a diagnosis), within
// MaxNesting open matches of t. A diagnosis names t where it failed to
// start, in place of its pieces.
func (s *exactSearch) expand(t *Rule, pos int) []int {
	in := s.in
	if s.open == nil {
		s.open = map[*Rule]int{}
	}
	s.open[t]++
	if s.open[t] > MaxNesting {
		// Past the bound, but only where the rule could start:
		// nesting exactly MaxNesting deep still matches.
		if pos < len(in) && t.ex.first.Contains(in[pos]) && !s.deep {
			s.deep, s.deepAt = true, pos
		}
		s.open[t]--
		return nil
	}
	var farBefore, mark int
	if s.d != nil {
		farBefore, mark = s.d.far, s.d.n
	}
	var out []int
	if a := t.ex.auto; a != nil {
		a.diagnose(s.d, in, pos)
		out = a.allEnds(in, pos)
	} else {
		out = s.ends(t.ex.body, pos)
	}
	s.open[t]--
	if d := s.d; d != nil && len(out) == 0 && d.far == pos && t != d.root {
		// Named where it failed to start, in place of its pieces, as
		// matchNamed does for the rules of a PEG.
		if farBefore < pos {
			mark = 0
		}
		d.truncate(mark)
		d.far = -1
		if mark > 0 {
			d.far = pos
		}
		d.fail(pos, t)
	}
	return out
}

// failed records in a diagnosis that r was expected at pos.
func (s *exactSearch) failed(pos int, r *Rule) {
	if s.d != nil && s.quiet == 0 {
		s.d.fail(pos, r)
	}
}

// seq returns the ends of r.subs[i:] matched one after the other from pos.
func (s *exactSearch) seq(r *Rule, i, pos int) []int {
	if i == len(r.subs) {
		return []int{pos}
	}
	if i == len(r.subs)-1 {
		return s.ends(r.subs[i], pos)
	}
	key := searchKey{r, pos, i}
	if v, ok := s.memo[key]; ok {
		return v
	}
	var out []int
	for _, e := range s.ends(r.subs[i], pos) {
		out = append(out, s.seq(r, i+1, e)...)
	}
	out = sortedSet(out)
	if s.memo == nil {
		s.memo = map[searchKey][]int{}
	}
	s.memo[key] = out
	return out
}

// rep returns the ends of the repetition r from pos, after n matches of its
// rule. It goes one count at a time, breadth first, without recursion: up
// to the minimum every match counts, one of nothing too; past it only those
// that consume, each end kept at the least count that reaches it (which
// leaves the most matches to make from there).
func (s *exactSearch) rep(r *Rule, n, pos int) []int {
	if r.max != Unbounded && n > r.max {
		return nil
	}
	if r.max == Unbounded && n > r.min {
		n = r.min // past the minimum, the count of an unbounded repetition no longer matters
	}
	key := searchKey{r, pos, -2 - n}
	if v, ok := s.memo[key]; ok {
		return v
	}
	sub := r.subs[0]
	cur := []int{pos}
	for ; n < r.min && len(cur) > 0; n++ {
		var next []int
		for _, p := range cur {
			next = append(next, s.ends(sub, p)...)
		}
		cur = sortedSet(next)
	}
	out := cur
	if len(cur) > 0 && (r.max == Unbounded || n < r.max) {
		seen := map[int]bool{}
		for _, p := range cur {
			seen[p] = true
		}
		out = append([]int(nil), cur...)
		for frontier := cur; len(frontier) > 0 && (r.max == Unbounded || n < r.max); n++ {
			var next []int
			for _, p := range frontier {
				for _, e := range s.ends(sub, p) {
					if e > p && !seen[e] {
						seen[e] = true
						next = append(next, e)
					}
				}
			}
			out = append(out, next...)
			frontier = next
		}
		slices.Sort(out)
	}
	if s.memo == nil {
		s.memo = map[searchKey][]int{}
	}
	s.memo[key] = out
	return out
}

// sortedSet sorts a and drops its duplicates, in place: the ends of the
// parts of a choice or a sequence, gathered then ordered once (merging them
// one list at a time would cost the length of the result each time).
func sortedSet(a []int) []int {
	if len(a) < 2 {
		return a
	}
	slices.Sort(a)
	return slices.Compact(a)
}

func has(ends []int, e int) bool {
	i := sort.SearchInts(ends, e)
	return i < len(ends) && ends[i] == e
}

// derive finds a derivation of in[pos:end] from r, read as ABNF, and logs
// the named rules in it for Tree: the first alternative that leads to a
// match of the whole, and the longest match of each part that leaves the
// rest a match. The ends are known to admit one.
func (s *exactSearch) derive(m *matcher, r *Rule, pos, end int) {
	switch r.kind {
	case kSeq:
		s.deriveSeq(m, r, 0, pos, end)
	case kAlt:
		for _, a := range r.subs {
			if has(s.ends(a, pos), end) {
				s.derive(m, a, pos, end)
				return
			}
		}
	case kRep:
		s.deriveRep(m, r, pos, end)
	case kCap:
		s.derive(m, r.subs[0], pos, end)
	case kRef, kExact:
		t := r.target()
		s.named(m, t, pos, end, func() { s.derive(m, t.ex.body, pos, end) })
	default:
		if r.name != "" {
			s.named(m, r, pos, end, func() {})
		}
	}
}

// named logs the named rule r over in[pos:end] when Tree keeps it, and the
// rules inside it (body) under it.
func (s *exactSearch) named(m *matcher, r *Rule, pos, end int, body func()) {
	x := m.x
	if !x.keep(r.name) {
		body()
		return
	}
	i := m.nundo
	x.nodes = append(x.nodes[:i], treeEntry{rule: r, start: pos, end: end, depth: x.depth})
	m.nundo++
	x.depth++
	body()
	x.depth--
}

func (s *exactSearch) deriveSeq(m *matcher, r *Rule, i, pos, end int) {
	for ; i < len(r.subs)-1; i++ {
		ends := s.ends(r.subs[i], pos)
		for k := len(ends) - 1; k >= 0; k-- {
			if e := ends[k]; e <= end && has(s.seq(r, i+1, e), end) {
				s.derive(m, r.subs[i], pos, e)
				pos = e
				break
			}
		}
	}
	if i < len(r.subs) {
		s.derive(m, r.subs[i], pos, end)
	}
}

func (s *exactSearch) deriveRep(m *matcher, r *Rule, pos, end int) {
	// Forward, breadth first as rep goes, each position reached recorded
	// with the one it was reached from; then back from end, and each match
	// of the rule derived in order. Up to the minimum, positions are told
	// apart by count; past it, each is kept at the least count reaching it.
	sub := r.subs[0]
	type at struct{ n, pos int }
	below := map[at]int{} // a position after n matches, n <= min: where the last match started
	cur := []int{pos}
	for n := 0; n < r.min && len(cur) > 0; n++ {
		var next []int
		for _, p := range cur {
			for _, e := range s.ends(sub, p) {
				if k := (at{n + 1, e}); e <= end {
					if _, ok := below[k]; !ok {
						below[k] = p
						next = append(next, e)
					}
				}
			}
		}
		cur = next
	}
	past := map[int]int{} // a position reached past the minimum: where the last match started
	seen := map[int]bool{}
	for _, p := range cur {
		seen[p] = true
	}
	for n, frontier := r.min, cur; len(frontier) > 0 && !seen[end] && (r.max == Unbounded || n < r.max); n++ {
		var next []int
		for _, p := range frontier {
			for _, e := range s.ends(sub, p) {
				if e > p && e <= end && !seen[e] {
					seen[e], past[e] = true, p
					next = append(next, e)
				}
			}
		}
		frontier = next
	}
	var cuts []int // the ends of the matches, last first
	p := end
	for {
		prev, ok := past[p]
		if !ok {
			break
		}
		cuts = append(cuts, p)
		p = prev
	}
	for n := r.min; n > 0; n-- {
		cuts = append(cuts, p)
		p = below[at{n, p}]
	}
	for k := len(cuts) - 1; k >= 0; k-- {
		s.derive(m, sub, p, cuts[k])
		p = cuts[k]
	}
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
