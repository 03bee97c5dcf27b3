package codecheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedFilesChecked finds every generated .go file of the module
// (its header says "Code generated ... DO NOT EDIT.") and fails for one
// that no test of its folder regenerates: a _test.go file beside it that
// names it and the go generate command to run when it is stale
// (internal/gentest.UpToDate, SpecUpToDate). A generated test table,
// name_test.go, is checked with the file it goes with, name.go
// (SpecUpToDate checks both).
func TestGeneratedFilesChecked(t *testing.T) {
	generated, tests := map[string]bool{}, map[string][]string{}
	err := filepath.WalkDir(moduleRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != moduleRoot && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			return err
		}
		switch {
		case ast.IsGenerated(f):
			generated[path] = true
		case strings.HasSuffix(path, "_test.go"):
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			tests[filepath.Dir(path)] = append(tests[filepath.Dir(path)], string(src))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(generated) < 5 {
		t.Fatalf("found %d generated files: is %s the module's root?", len(generated), moduleRoot)
	}
	for path := range generated {
		name := filepath.Base(path)
		if base, ok := strings.CutSuffix(name, "_test.go"); ok && generated[filepath.Join(filepath.Dir(path), base+".go")] {
			name = base + ".go"
		}
		if !checkedBy(tests[filepath.Dir(path)], name) {
			t.Errorf("%s is generated, but no test beside it regenerates it: add one that compares it with its generator's output "+
				"(internal/gentest.UpToDate) and names the go generate command", path)
		}
	}
}

// checkedBy reports whether one of the test sources names the generated
// file name and a go generate command.
func checkedBy(tests []string, name string) bool {
	for _, src := range tests {
		if strings.Contains(src, `"`+name+`"`) && strings.Contains(src, "go generate") {
			return true
		}
	}
	return false
}
