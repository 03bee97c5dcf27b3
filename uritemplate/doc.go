// Package uritemplate implements URI Templates (RFC 6570), Levels 1 to 4:
// parsing with byte-offset errors, expansion into strings or checked
// uri.URI values, and matching a URI back to the values of its variables.
//
// Its grammar is RFC 6570 §2 written with the combinator package's
// constructors (URITemplate, Expression, Operator, Varspec, Varname, …), each
// an exported *combinator.Rule that prints as its ABNF; Parse matches it and
// then builds the template. Expansion follows the algorithm of RFC 6570
// Appendix A, and percent-encodes through uri.Encode with the character sets
// of RFC 3986 (unreserved, and reserved too for the "+" and "#" operators).
//
// A *Template is immutable and safe for concurrent use: parse once, expand
// many times.
//
// Where RFC 6570 leaves a choice, this package takes these:
//
//   - The operators "=", ",", "!", "@" and "|" that §2.2 reserves for future
//     extensions are a parse error, though the ABNF admits them.
//   - An error in a template is an error of Parse, not a partial expansion
//     (§3 suggests both); an error in a value is an error of Expand, which
//     then returns "".
//   - The names of an exploded associative array under ";", "?" and "&" are
//     encoded as its values are (§3.2.1), not copied as literals (the
//     non-normative Appendix A).
//   - A map[string]string expands in the order of its keys; Pairs keeps an
//     order of its own.
package uritemplate
