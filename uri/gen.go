package uri

// The matchers and the diagnoses of zz_parse_gen.go are generated from the
// rules of internal/urigrammar by combinator/codegen (internal/urisource); gen_test.go checks
// that the file is up to date and that both agree with the interpreter.
//go:generate go run ../internal/urigen -o zz_parse_gen.go
