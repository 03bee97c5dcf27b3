// Package gentest holds what the tests of the packages with generated code
// share: the check that a generated file is what its generator makes now
// (UpToDate, and SpecUpToDate for the file of a codegen.Spec and its test
// table), and the walk of a Spec that pairs each of its functions with the
// generated one (Funcs) and checks those that take no captures against the
// interpreter (CheckMatcher, CheckExplain). It is imported by _test.go
// files only.
package gentest

import (
	"bytes"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/codegen"
)

// UpToDate fails t, naming command, when the file at path (from the test's
// package directory) is not want, what its generator makes now, or lacks
// the header of generated code.
func UpToDate(t testing.TB, path string, want []byte, command string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v: run %s", err, command)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is out of date: run %s", path, command)
	}
	if !generatedHeader.Match(got) {
		t.Errorf("%s lacks the header of generated code (// Code generated ... DO NOT EDIT.)", path)
	}
}

// generatedHeader is the line that marks a file as generated (go help
// generate).
var generatedHeader = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// SpecUpToDate is UpToDate for the file spec declares, at path, and for
// its test table beside it (path with _test.go for .go), which
// internal/gen writes together.
func SpecUpToDate(t testing.TB, spec *codegen.Spec, path, command string) {
	t.Helper()
	src, err := spec.Source()
	if err != nil {
		t.Fatal(err)
	}
	UpToDate(t, path, src, command)
	table, err := spec.TestSource()
	if err != nil {
		t.Fatal(err)
	}
	UpToDate(t, strings.TrimSuffix(path, ".go")+"_test.go", table, command)
}

// A Func is a function of a Spec and the generated function of that name.
type Func struct {
	codegen.Func
	Fn any // the generated function
}

// Funcs returns each function of spec, matchers, diagnoses, stops, with the
// function of that name in table, the generated test table of the
// package. It fails t for a function that table does not hold and for a
// name of table that spec does not declare: the table is stale (run
// command).
func Funcs(t testing.TB, spec *codegen.Spec, table map[string]any, command string) []Func {
	t.Helper()
	var fs []Func
	names := map[string]bool{}
	for _, m := range slices.Concat(spec.Matchers, spec.Explainers, spec.Stops) {
		names[m.Name] = true
		fn, ok := table[m.Name]
		if !ok {
			t.Errorf("%s of the Spec has no generated function in the test table: run %s", m.Name, command)
			continue
		}
		fs = append(fs, Func{m, fn})
	}
	for name := range table {
		if !names[name] {
			t.Errorf("%s of the test table is no function of the Spec: run %s", name, command)
		}
	}
	return fs
}

// CheckMatcher checks a generated matcher without captures against the
// interpreter's rule on s, from every position and outside s: the same
// end offset, or -1.
func CheckMatcher(t testing.TB, name string, rule *c.Rule, match func(string, int) int, s string) {
	t.Helper()
	for pos := -1; pos <= len(s)+1; pos++ {
		if got, want := match(s, pos), rule.MatchAt(s, pos); got != want {
			t.Fatalf("%s: generated matcher of %q from %d ends at %d, the interpreter at %d", name, s, pos, got, want)
		}
	}
}

// ExplainFunc is the type of a generated diagnosis (codegen.AddExplain).
type ExplainFunc = func(in string, lowerBound int, buf []string) (int, []string)

// CheckExplain checks that the generated diagnosis explain of rule agrees
// with rule.ExplainFrom on s, from the lower bounds that lead it different
// ways: none, the end of the prefix the rule matches, the farthest failure
// and one past it, and bounds outside s; and that it appends to buf.
func CheckExplain(t testing.TB, name string, rule *c.Rule, explain ExplainFunc, s string) {
	t.Helper()
	bounds := []int{-2, -1, 0, rule.MatchAt(s, 0), len(s), len(s) + 1}
	if se := rule.Explain(s); se != nil {
		bounds = append(bounds, se.Offset, se.Offset+1)
	}
	for _, lb := range bounds {
		CheckExplainFrom(t, name, rule, explain, s, lb)
	}
}

// CheckExplainFrom is CheckExplain from one lower bound.
func CheckExplainFrom(t testing.TB, name string, rule *c.Rule, explain ExplainFunc, s string, lowerBound int) {
	t.Helper()
	type diagnosis struct {
		Offset   int
		Expected []string
	}
	var got, want diagnosis
	got.Offset, got.Expected = explain(s, lowerBound, nil)
	want = diagnosis{-1, nil}
	if se := rule.ExplainFrom(s, lowerBound); se != nil {
		want = diagnosis{se.Offset, se.Expected}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%s: diagnosis of %q from %d, generated vs interpreted (-want +got):\n%s", name, s, lowerBound, diff)
	}
	buf := []string{"before"}
	if _, exp := explain(s, lowerBound, buf); exp[0] != "before" || !cmp.Equal(exp[1:], want.Expected, cmpopts.EquateEmpty()) {
		t.Fatalf("%s: diagnosis of %q from %d appended to %q: %q", name, s, lowerBound, buf, exp)
	}
}

// StopFunc is a generated stops of a rule (codegen.AddStop) without its
// captures: a package's test passes nil caps to its own.
type StopFunc = func(in string) (off int, labels []string, alone int)

// CheckStop checks the generated stops of rule on s, which rule does not
// match as a whole, against rule.Explain: where they know the labels, the
// diagnosis fails at their offset with them; where they name a rule
// alone, it fails past their offset.
func CheckStop(t testing.TB, name string, rule *c.Rule, stop StopFunc, s string) {
	t.Helper()
	se := rule.Explain(s)
	if se == nil {
		return
	}
	off, labels, alone := stop(s)
	switch {
	case labels != nil:
		if off != se.Offset || !slices.Equal(labels, se.Expected) {
			t.Fatalf("%s(%q) = %d, %q; the diagnosis fails at %d expecting %q", name, s, off, labels, se.Offset, se.Expected)
		}
	case alone > 0:
		if se.Offset <= off {
			t.Fatalf("%s(%q): rule %d alone from %d; the diagnosis fails at %d", name, s, alone, off, se.Offset)
		}
	}
}
