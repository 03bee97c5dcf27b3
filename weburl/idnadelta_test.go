package weburl

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/seed42851778/rfc3986/internal/gentest"
)

// TestIDNADeltaUpToDate runs gen_idnadelta.go into a temporary file and
// compares it with idnadelta.go: a change of the x/net or x/text version
// in go.mod, or of the generator, must come with go generate.
func TestIDNADeltaUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the generator's dumper twice")
	}
	out := filepath.Join(t.TempDir(), "idnadelta.go")
	cmd := exec.Command("go", "run", "gen_idnadelta.go", "-o", out)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go run gen_idnadelta.go: %v", err)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	gentest.UpToDate(t, "idnadelta.go", want, "go generate ./weburl")
}
