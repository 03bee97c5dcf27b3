// Package codegen compiles the rules of package combinator to Go, for a go
// generate step: a Generator emits matchers that agree with Rule.MatchAt and
// Rule.Captures (Add) and diagnoses that agree with Rule.ExplainFrom
// (AddExplain), in one gofmt'ed file that needs no package of this module;
// GenerateGo is the one-rule shortcut, and a Spec declares a whole file. The
// packages uri and iri parse with code generated this way (go generate
// ./uri, go generate ./iri, which run internal/gen on the Spec of
// internal/urigrammar and internal/irigrammar). Rune
// classes (the characters of RFC 3987) become functions that decode UTF-8
// with unicode/utf8. An output imports no package but three of the standard
// library's, each only where it is used: math/bits (where a run of bytes
// stops), strings (IndexByte) and unicode/utf8.
//
// The generator reads a rule through combinator's read-only view of the
// tree (Rule.Op, Rule.Subs, Rule.Fused, ...). The diagnoses share a small
// runtime, ordinary Go kept and tested in internal/diagrt, whose
// declarations the generator copies into each output under its Prefix.
//
// Its files hold one job each: generator.go the Generator, Add and Source;
// spec.go the Spec of a file; body.go the statement list of one function;
// match.go the matching code of each kind of rule, calls.go the calls of
// other functions, captures.go and capfuncs.go the captures, loops.go the
// functions of repetitions, scan.go the runs, runes.go the rune classes;
// explain.go the diagnoses and runtime.go their runtime; stops.go and
// stoptables.go what a diagnosis finds where a matcher stopped, known
// without running it (AddStop: an automaton of the grammar's first and
// follow sets, its labels found by the interpreter); share.go the pieces
// that rules share; tables.go and names.go the names of tables and
// functions.
//
// This package imports go/format and regexp; a program that only matches
// with generated code links neither.
package codegen
