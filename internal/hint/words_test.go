package hint_test

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// words returns the string constants of words.go, type-checked, by name.
func words(t *testing.T) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "words.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}}
	if _, err := new(types.Config).Check("hint", fset, []*ast.File{f}, info); err != nil {
		t.Fatalf("words.go alone: %v", err)
	}
	w := map[string]string{}
	for id, obj := range info.Defs {
		if c, ok := obj.(*types.Const); ok && c.Val().Kind() == constant.String && id.Name != "_" {
			w[id.Name] = constant.StringVal(c.Val())
		}
	}
	if len(w) < 40 {
		t.Fatalf("words.go holds %d string constants: the test reads the wrong file", len(w))
	}
	return w
}

// oneSyntax are the words that only one syntax says, and why.
var oneSyntax = map[string]string{
	"ZoneURI":  "uri's option that accepts a zone: iri has none",
	"iriHolds": "uri's note on a character an IRI holds: iri accepts it",
	"idnaHost": "the same note's end, in a host",
}

// TestEveryHintReachesURIAndIRI is how a hint added to the engine shows
// that it reaches both packages: each constant of words.go must be in the
// hint that uri and iri both give some mistake of the tables (or, for the
// words one syntax only says, listed in oneSyntax, the hint that one gives).
// A hint added without a mistake that shows it fails here; the mistake,
// added to mistakes, runs through uri and iri in TestSameMistakeSameWords.
func TestEveryHintReachesURIAndIRI(t *testing.T) {
	var pairs [][2]string // the hints of each mistake, from uri and from iri
	for _, m := range mistakes {
		u, _, _ := uriSaid(t, m.rule, m.in)
		i, _, _ := iriSaid(t, m.rule, m.in)
		pairs = append(pairs, [2]string{u.Hint, i.Hint})
	}
	for _, m := range whatDiffers {
		u, _, _ := uriSaid(t, m.rule, m.in)
		i, _, _ := iriSaid(t, m.rule, m.in)
		pairs = append(pairs, [2]string{u.Hint, i.Hint})
	}
	w := words(t)
	names := make([]string, 0, len(w))
	for name := range w {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		_, one := oneSyntax[name]
		reached := false
		for _, p := range pairs {
			inURI, inIRI := strings.Contains(p[0], w[name]), strings.Contains(p[1], w[name])
			if inURI && inIRI || one && (inURI || inIRI) {
				reached = true
				break
			}
		}
		if !reached {
			t.Errorf("the words %s (%q) reach no mistake through both uri and iri: add one to mistakes (or, said by one syntax only, to oneSyntax and whatDiffers)", name, w[name])
		}
	}
	for name := range oneSyntax {
		if _, ok := w[name]; !ok {
			t.Errorf("oneSyntax names %s, which words.go does not hold", name)
		}
	}
}

// TestWordsLiveInWordsGo: no file of the package but words.go holds a
// string of words (two letters and a space at least), so that the words of
// every hint are in one place (and TestEveryHintReachesURIAndIRI sees them
// all).
func TestWordsLiveInWordsGo(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if name == "words.go" || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && isWords(s) {
					t.Errorf("%s: words outside words.go: %s", fset.Position(lit.Pos()), lit.Value)
				}
			}
			return true
		})
	}
}

// TestEngineLinksLittle: every program that parses URIs links the engine,
// so it imports neither fmt nor reflect nor anything of the module but the
// internal packages that quote text and match IP addresses.
func TestEngineLinksLittle(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	cmd := exec.Command(goTool, "list", "-deps", ".")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	const module = "github.com/seed42851778/rfc3986/"
	allowed := map[string]bool{module + "internal/ascii": true, module + "internal/errtext": true,
		module + "internal/ipmatch": true, module + "internal/hint": true}
	for _, pkg := range strings.Fields(string(out)) {
		if pkg == "fmt" || pkg == "reflect" || strings.HasPrefix(pkg, module) && !allowed[pkg] {
			t.Errorf("internal/hint depends on %s", pkg)
		}
	}
}

// isWords reports whether s holds a space and two letters in a row.
func isWords(s string) bool {
	letters := 0
	for i := 0; i < len(s) && letters < 2; i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'z' {
			letters++
		} else {
			letters = 0
		}
	}
	return letters == 2 && strings.Contains(s, " ")
}
