package uri

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDepsNoCombinator checks that a program that imports uri does not link
// the combinator package: uri's matchers are generated code and its sets its
// own (TestSetsMatchGrammar), so nothing of the interpreter, nor the rules
// combinator builds at init, should reach the program.
func TestDepsNoCombinator(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasSuffix(pkg, "/rfc3986/combinator") || strings.Contains(pkg, "/rfc3986/combinator/") {
			t.Errorf("uri depends on %s", pkg)
		}
	}
}

// TestDepsLight checks that importing uri or builder links neither the code
// generator's packages (go/*), nor regexp, nor goparsec: those belong to
// combinator/codegen, combinator/parsec and properties, which a program that
// only parses URIs does not import.
func TestDepsLight(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	cmd := exec.Command(goTool, "list", "-deps", ".", "../builder")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasPrefix(pkg, "go/") || pkg == "regexp" || strings.HasPrefix(pkg, "regexp/") ||
			strings.Contains(pkg, "goparsec") {
			t.Errorf("uri or builder depends on %s", pkg)
		}
	}
}
