package iri

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDepsLight checks that importing iri links neither the code
// generator's packages (go/*, combinator/codegen, the grammar it compiles),
// nor regexp, nor goparsec: a program that parses IRIs needs only the
// generated matchers.
func TestDepsLight(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasPrefix(pkg, "go/") || pkg == "regexp" || strings.HasPrefix(pkg, "regexp/") ||
			strings.Contains(pkg, "goparsec") || strings.HasSuffix(pkg, "/codegen") ||
			strings.HasSuffix(pkg, "/irigrammar") || strings.HasSuffix(pkg, "/internal/gen") {
			t.Errorf("iri depends on %s", pkg)
		}
	}
}
