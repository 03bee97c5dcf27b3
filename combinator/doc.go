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
// from existing rules, so a grammar has no cycle and matching recurses at
// most as deep as the grammar; it runs in time linear in the input for these
// rules.
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
// needs. A rule without recursion is matched by an automaton built lazily
// from its NFA, in one pass and without allocating; a recursive one by a
// memoized search, nested at most MaxNesting deep. Package combinator/abnf
// builds them from ABNF text; PEG rules and exact rules compose both ways.
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
