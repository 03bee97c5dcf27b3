// Package codegen compiles the rules of package combinator to Go, for a go
// generate step: a Generator emits matchers that agree with Rule.MatchAt and
// Rule.Captures (Add) and diagnoses that agree with Rule.ExplainFrom
// (AddExplain), in one gofmt'ed file that needs no package of this module;
// GenerateGo is the one-rule shortcut. The packages uri and iri parse with
// code generated this way (go generate ./uri, go generate ./iri). Rune
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
// This package imports go/format and regexp; a program that only matches
// with generated code links neither.
package codegen
