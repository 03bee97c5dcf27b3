package iri

// The matchers and the diagnoses of zz_parse_gen.go are generated from the
// rules of internal/irigrammar, as its Spec declares, by internal/gen with
// combinator/codegen; gen_test.go checks that the file is up to date and
// that both agree with the interpreter.
//go:generate go run ../internal/gen -grammar iri -o zz_parse_gen.go
