// Package diagrt is the runtime of the diagnoses that combinator/codegen
// generates: the record a diagnosis run keeps of the farthest failure and
// of what was expected there. It is ordinary Go, compiled and tested here;
// the generator copies its declarations into each generated file (diag.go,
// and byte.go, lit.go and hexdig.go where the diagnoses need them: the
// matching of a terminal that records what it expected), renaming
// the identifiers that start with "gen" after Generator.Prefix and putting
// the numbers of the generated file in place of the constants of stubs.go.
// Nothing imports this package: generated code carries its own copy, so
// that it needs neither this module's generator nor its interpreter.
package diagrt
