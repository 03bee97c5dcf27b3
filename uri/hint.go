package uri

import "github.com/seed42851778/rfc3986/internal/hint"

// The hints of a ParseError come from internal/hint, the engine uri and iri
// share, so that a mistake gets the same words from both. This file adapts
// uri's names to it.

// The hints that the stops' fast path (stopHint) returns as they are.
const (
	openBraceHint    = hint.OpenBrace
	openBracketHint  = hint.OpenBracket
	closeBracketHint = hint.CloseBracket
)

// hintFor appends to dst, in plain words, what the mistake in s probably
// was, where rule (the name of one of the four top rules) fails at offset
// off, in component; it appends nothing when there is nothing to add to
// the offset and the expected list. Offsets that the hint names are
// offsets of s, or, when at is not nil, at's mapping of them
// (ParseRepaired names offsets of its caller's text). explainError calls
// hint.Of, which keeps a hint that quotes nothing apart.
func hintFor(dst []byte, s string, off int, rule, component string, at func(int) int) []byte {
	return hint.For(dst, &hint.Text{S: s, Off: off, Rule: hintRule(rule), Component: component, At: at})
}

// fixedByteHint is the hint of the byte at off of s, as rule (a top rule's
// name) reads it, when it quotes nothing of the input (hint.Fixed); else "".
func fixedByteHint(s string, off int, rule, component string) string {
	r := hint.Reference // of the rules, only absolute-URI changes a fixed hint
	if rule == "absolute-URI" {
		r = hint.AbsoluteForm
	}
	return hint.Fixed(s, off, r, component, hint.URI)
}

// hintRule is the hint.Rule of the top rule named name.
func hintRule(name string) hint.Rule {
	switch name {
	case "URI":
		return hint.Absolute
	case "absolute-URI":
		return hint.AbsoluteForm
	case "relative-ref":
		return hint.Relative
	}
	return hint.Reference
}

// hint.Rule(r) converts a topRule r: the lists are in the same order (a
// constant that overflows when they are not).
const _ = -uint(hint.Rule(ruleURI) ^ hint.Absolute | hint.Rule(ruleAbsoluteURI) ^ hint.AbsoluteForm |
	hint.Rule(ruleRelativeRef) ^ hint.Relative | hint.Rule(ruleURIReference) ^ hint.Reference)
