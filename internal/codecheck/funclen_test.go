package codecheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// maxFuncLines is the longest a hand-written function may be, from the line
// of its "func" to that of its closing brace: a longer one does more than
// one job, and its parts read better named.
const maxFuncLines = 120

// tooLong lists the functions over maxFuncLines that are left to split, by
// "file:function" (file from the module root), each with why it is not
// split yet. An entry must still be over the limit: once its function is
// split, the test asks for the entry to go.
var tooLong = map[string]string{
	"combinator/codegen/generator_test.go:checkProgram": "in the files of another change at the time (issue 37); split when it lands",
}

// moduleRoot is the module's root, two levels above this package.
const moduleRoot = "../.."

// TestFunctionLength parses every hand-written .go file of the module
// (tests and .ci included; a file whose header says "Code generated ...
// DO NOT EDIT." is not hand-written) and fails naming each function longer
// than maxFuncLines.
func TestFunctionLength(t *testing.T) {
	funcs, err := funcLengths(moduleRoot)
	if err != nil {
		t.Fatal(err)
	}
	if len(funcs) < 1000 {
		t.Fatalf("found %d functions: is %s the module's root?", len(funcs), moduleRoot)
	}
	over := map[string]bool{}
	for _, f := range funcs {
		if f.lines <= maxFuncLines {
			continue
		}
		over[f.key()] = true
		if _, ok := tooLong[f.key()]; !ok {
			t.Errorf("%s: %s is %d lines, over %d: split it into functions that each do one job", f.pos, f.name, f.lines, maxFuncLines)
		}
	}
	for key := range tooLong {
		if !over[key] {
			t.Errorf("%s is listed in tooLong but is not over %d lines (split or gone): take it off the list", key, maxFuncLines)
		}
	}
}

// funcLen is a function of a file and its length in lines.
type funcLen struct {
	file, name, pos string
	lines           int
}

func (f funcLen) key() string { return f.file + ":" + f.name }

// funcLengths returns every function of the hand-written .go files under
// root: declared functions and methods, and function literals outside
// them (in a package-level var), each named as the file reads it. It skips
// testdata and the folders go build skips (a name beginning with "." or
// "_"), except .ci.
func funcLengths(root string) ([]funcLen, error) {
	var out []funcLen
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && name != ".ci" && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		fns, err := fileFuncs(path, filepath.ToSlash(rel))
		out = append(out, fns...)
		return err
	})
	return out, err
}

// fileFuncs returns the functions of the Go file at path (rel from the
// module root), none if the file is generated.
func fileFuncs(path, rel string) ([]funcLen, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil || ast.IsGenerated(f) {
		return nil, err
	}
	var out []funcLen
	add := func(name string, n ast.Node) {
		from, to := fset.Position(n.Pos()), fset.Position(n.End())
		out = append(out, funcLen{rel, name, fmt.Sprintf("%s:%d", rel, from.Line), to.Line - from.Line + 1})
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			add(funcName(d), d)
		case *ast.GenDecl:
			ast.Inspect(d, func(n ast.Node) bool {
				if lit, ok := n.(*ast.FuncLit); ok {
					add("func literal", lit)
					return false
				}
				return true
			})
		}
	}
	return out, nil
}

// funcName is "F" for a function, "T.M" for a method.
func funcName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + d.Name.Name
		}
		return d.Name.Name
	}
}

// The count, file selection and names, on a small module written here: a
// function of exactly maxFuncLines lines passes, one more line fails; a
// generated file and testdata are left out; .ci is read.
func TestFuncLengthsCounts(t *testing.T) {
	root := t.TempDir()
	body := func(name string, lines int) string {
		return "func " + name + "() {\n" + strings.Repeat("\t_ = 0\n", lines-2) + "}\n"
	}
	files := map[string]string{
		"a.go":               "package a\n\n" + body("Fits", maxFuncLines) + body("Over", maxFuncLines+1),
		"b_test.go":          "package a\n\ntype T struct{}\n\nfunc (*T) " + strings.TrimPrefix(body("M", 3), "func "),
		"gen.go":             "// Code generated by hand for this test. DO NOT EDIT.\n\npackage a\n\n" + body("Generated", 200),
		"testdata/x.go":      "package x\n\n" + body("InTestdata", 200),
		".ci/tool.go":        "//go:build ignore\n\npackage main\n\n" + body("main", 3),
		"p/v.go":             "package p\n\nvar f = " + body("", 4),
		".hidden/skipped.go": "package h\n\n" + body("Hidden", 200),
	}
	for name, src := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := mkfile(path, src); err != nil {
			t.Fatal(err)
		}
	}
	funcs, err := funcLengths(root)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range funcs {
		got = append(got, fmt.Sprintf("%s %s %d", f.pos, f.name, f.lines))
	}
	slices.Sort(got)
	want := []string{
		".ci/tool.go:5 main 3",
		"a.go:123 Over 121",
		"a.go:3 Fits 120",
		"b_test.go:5 T.M 3",
		"p/v.go:3 func literal 4",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("funcLengths, \"file:line name lines\" (-want +got):\n%s", d)
	}
}

// mkfile writes src to path, making its folder.
func mkfile(path, src string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(src), 0o644)
}
