// Package codecheck holds tests of the module's source itself, rules no
// compiler or linter checks: every hand-written function at most
// maxFuncLines lines (funclen_test.go); every generated file regenerated
// by a test beside it, which names its go generate command
// (generated_test.go). It has no code of its own.
package codecheck
