// Package combinator matches text against grammars written as rules, and
// exports every rule of RFC 3986 Appendix A (and the RFC 5234 core rules it
// uses) ready to match or to build on.
//
// To check a string, call a rule's method; to write a grammar, combine rules
// with the constructors:
//
//	combinator.URIReference.Match("http://a/b?q")      // true: the whole string matches
//	err := combinator.URI.Check("http://a b")          // *SyntaxError: offset 8, what was expected
//	geo := combinator.Seq(combinator.LitFold("geo:"),
//		combinator.Plus(combinator.Class(combinator.PCharSet)), combinator.End)
//	geo.Match("GEO:13.4,52.5")                         // true
//
// Go names follow the ABNF names, split at "-", capitalised, acronyms kept:
// URI-reference is URIReference, path-abempty PathAbempty, IPv6address
// IPv6Address. Each rule prints itself as ABNF
// (String), a grammar as the list of its named rules (Grammar), and the
// CharSets of §2 and §3 (UnreservedSet, PCharSet, QuerySet, ...) say which
// bytes a component allows as they stand.
//
// The rules of RFC 3987 §2.2 (IRIs: IRIReference, IPChar, UCSChar, ...) are
// in package combinator/rfc3987, built on RuneClass and the rules here; they
// live apart so that a program that parses URIs does not build them at init.
//
// # The engine
//
// Matching is PEG matching: a sequence matches its parts in order, a choice
// (Alt) commits to the first alternative that matches, a repetition is
// greedy and never gives back. The RFC 3986 rules are ordered so that they
// accept exactly the language of their ABNF (the tests prove it against a
// regular-expression transcription of Appendix A): dec-octet longest
// alternative first, host taking IPv4address only when no reg-name character
// follows, the IPv6address alternatives rewritten so that their optional
// groups cannot eat into "::".
//
// A constructor only records its node, so that building a grammar costs
// next to nothing. The first match of a rule prepares its tree, once and
// safely for concurrent use: the bytes a match can start with, whether it can
// match empty, and fused forms that turn a repetition of single characters
// (with pct-encoded triplets) into one scan. Alternatives that cannot start
// with the next byte are skipped without a call. Rules are built bottom-up
// from existing rules, so a grammar has no cycle; a recursive grammar
// refers to itself through a FuncContext terminal.
//
// # What matching costs
//
// The preparation also measures each rule, and a rule is matched by one of
// two matchers:
//
//   - The fast path, which backtracks without remembering anything, takes a
//     rule in which no repetition without an upper bound (*x, 1*x) repeats
//     something that may read without a bound more than it consumes: a
//     part of unbounded length (a repetition without bound) followed by a
//     part that may fail, as in *( *"a" "b" ), a look-ahead at one, a
//     repetition that needs two or more of one, or a FuncContext; and whose
//     tree, unfolded (a rule used twice counted twice, a repetition n*m as
//     m copies, a repetition without bound as one), has at most 65,536
//     nodes. It matches such a rule in time linear in the input,
//     O(n·|unfolded grammar|), and allocates nothing. Every rule of this
//     package and of combinator/rfc3987 is one.
//   - The memoizing matcher takes every other rule: Star(Alt(Seq(Star(a),
//     b), a)), which the fast path would match in the square of the
//     input's length, a deeper nesting in its cube, a choice of choices
//     that share a rule in 2^depth, and every rule with a FuncContext. It
//     matches a node whose match costs more than a few steps at most once
//     at each offset and a repetition without bound reads each offset once
//     (packrat parsing), so it runs in O(n·|grammar|), a repetition n*m
//     counting m times; it allocates a table of 4 bytes an input byte for
//     each such node it matches, and one Context a match.
//
// A Func's own cost is the Func's: it counts as one step. Captures, Events
// and Tree match the parts of a rule that hold what they record node by
// node, backtracking without memory: for a rule on the memoizing matcher,
// where such a part sits under a repetition that backtracks, they can cost
// what the fast path would. Check and Explain diagnose node by node up to
// 64 steps an input byte (plus 2^20), then with the memoizing matcher: the
// same farthest offset (look-aheads aside), what the terminals and scans
// expected there, without the names of the rules around them.
//
// Matching recurses as deep as the rule is high (the nodes on its longest
// path down) and no deeper: a rule higher than MaxDepth (100,000), or a
// recursion through FuncContext terminals that would nest deeper, stops the
// match with a *DepthError rather than overflowing the Go stack. A plain
// Func that calls back into matching (Rule.MatchAt) is not counted: write
// a recursive grammar with FuncContext. Preparing and printing walk a
// grammar of any depth; String prints at most MaxPrint bytes, and every
// error message of this package is at most about MaxMessage bytes, with
// rule names that are not printable text quoted.
//
// Match, Prefix and MatchAt take a path of their own that records nothing
// and allocates nothing. Captures allocates only when one match sets
// captures more than a dozen times (its log of what to roll back outgrows
// the stack), as a capture inside a long repetition does. Only a failure
// costs: Check and Explain re-run the match with bookkeeping to report the
// farthest offset reached and what was expected there.
//
// # Exact rules
//
// ExactGrammar compiles definitions that name one another (Ref), recursion
// included, to rules that match exactly the ABNF language of their bodies:
// alternatives unordered, a repetition taking what the rest of the rule
// needs. A rule without recursion, or with recursion in tail position only,
// is matched by an automaton built lazily from its NFA, in one pass and
// without allocating (a cache of its states that is flushed when full, as
// RE2's); any other, left recursion included, by an Earley recognizer with
// Leo's memo of right recursion, over the same automata, on explicit
// stacks: linear on the recursive grammars RFCs are written in, cubic at
// worst, and bounded by Limits (a *LimitError past them). Ambiguity says
// whether a match of an exact rule has two trees, and shows both. Package
// combinator/abnf builds them from ABNF text; PEG rules and exact rules
// compose both ways.
//
// # Structured results
//
// Captures fills fixed slots, the last match of each, without allocating.
// Events returns every match of every Capture in input order, a repetition
// giving one event per match and an abandoned alternative none (one
// allocation; AppendEvents none into a slice with room). Tree returns the
// tree of the named rules that matched, all of them or those the caller
// names, each with its span and text, and prints it one node a line. Both
// work on any rule, a Func terminal (such as a rule from goparsec) being a
// leaf; the generated code of combinator/codegen supports neither.
//
// # Code generation and goparsec
//
// Two packages build on this one and are linked only by programs that use
// them: combinator/codegen compiles rules to Go for a go generate step
// (matchers with the captures of Captures, diagnoses with the result of
// ExplainFrom; the package uri parses with them), and combinator/parsec
// converts between rules and github.com/prataprc/goparsec parsers. Both see
// a rule through a read-only view of its tree (Op, Subs, Literal, Set, Runes,
// Min, Max, Slot, Func, and the derived First, Nullable, HasCaptures, Fused), in
// the manner of regexp/syntax.
package combinator
