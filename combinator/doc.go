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
// Rule names follow DESIGN.md: URI-reference is URIReference, path-abempty
// PathAbempty, IPv6address IPv6Address. Each rule prints itself as ABNF
// (String), a grammar as the list of its named rules (Grammar), and the
// CharSets of §2 and §3 (UnreservedSet, PCharSet, QuerySet, ...) say which
// bytes a component allows as they stand.
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
// Each constructor prepares its node as it builds it: the bytes a match can
// start with, whether it can match empty, and fused forms that turn a
// repetition of single characters (with pct-encoded triplets) into one scan.
// Alternatives that cannot start with the next byte are skipped without a
// call. Rules are built bottom-up from existing rules, so a grammar has no
// cycle and matching recurses at most as deep as the grammar; it runs in time
// linear in the input for these rules and allocates nothing (Match, Prefix,
// MatchAt and Captures). Only a failure costs: Check and Explain re-run the
// match with bookkeeping to report the farthest offset reached and what was
// expected there.
//
// # Code generation
//
// A Generator compiles rules to Go for a go generate step: Add emits a
// matcher with the captures of Captures, AddExplain the diagnosis of
// ExplainFrom, both without the interpreter and agreeing with it (the
// package uri parses and explains its errors with them). The interpreter
// stays the reference: test the output against it.
//
// # goparsec
//
// The bridge to github.com/prataprc/goparsec works both ways: ToParsec makes
// a parsec.Parser of a rule, FromParsec a rule of a parsec.Parser, and
// Scanner is a parsec.Scanner over a string. goparsec has traps; here is
// where you meet them and what this package does about each:
//
//   - parsec.NewScanner's SimpleScanner compiles every regular expression
//     again for every new scanner. Scanner compiles each pattern once per
//     process (a shared cache), and ToParsec on a Scanner uses no regular
//     expression at all.
//   - SimpleScanner.Match with a pattern that does not start with "^" finds a
//     match anywhere ahead and moves the cursor by the match's length, not to
//     its end. Scanner anchors every pattern at the cursor and moves to the
//     end of the match.
//   - parsec.Token and parsec.Atom skip white space first (SimpleScanner's
//     default pattern is blanks and newlines): a URI grammar must not. Use
//     TokenExact and AtomExact; Scanner skips no white space unless
//     SetWSPattern asks it to.
//   - parsec.Kleene(op, sep) accepts a trailing separator ("a,b," matches
//     with the last "," consumed). Write *( sep op ) as
//     Kleene(nil, And(nil, sep, op)) after a first op, as the mailto test
//     does, or use Star in a rule.
//   - parsec.Kleene(Maybe(x)) never ends: Maybe always succeeds, without
//     consuming. Repetitions of rules here stop when their rule matches
//     empty, including a FromParsec rule around such a parser.
//   - parsec.OrdChoice commits to the first alternative that succeeds (PEG),
//     as Alt does, so ABNF alternatives need ordering and anchoring: a
//     grammar over ToParsec(Host) gets the ordering done.
//   - goparsec's failures are a nil node without a position. Scanner records
//     the farthest offset at which any parser on it (or its clones) failed
//     and what was expected there (Farthest, Expected); rules give a
//     *SyntaxError from Check.
package combinator
