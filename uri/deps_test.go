package uri

import (
	"os/exec"
	"strings"
	"testing"
)

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
