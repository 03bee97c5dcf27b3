// Command sample writes the sample of the corpus that internal/corpus
// reads where the full corpus is missing: from urls.txt and resolve.tsv of
// ../shared/bench/corpus, every tenth line and the first three lines of each
// shape (pick), to internal/corpus/testdata. Run it from internal/corpus
// with go generate, or as go run ./internal/corpus/sample from the module
// root; testdata/README.md says the rule and what a shape is.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// files are the corpus files and how the sample picks their lines.
var files = []struct {
	name   string
	shapes func(string) []string
}{
	{"urls.txt", urlKinds},
	{"resolve.tsv", pairKinds},
}

func main() {
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(corpus.Dir(), f.name))
		if err != nil {
			fmt.Fprintln(os.Stderr, "sample: the full corpus is needed:", err)
			os.Exit(1)
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		out := sampleText(lines, f.shapes)
		path := filepath.Join(corpus.SampleDir(), f.name)
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "sample:", err)
			os.Exit(1)
		}
		fmt.Printf("%s: %d of %d lines, %d bytes\n", path, strings.Count(out, "\n"), len(lines), len(out))
	}
}

// sampleText is the text of the sample of lines: one line each, each ended
// by a newline.
func sampleText(lines []string, shapes func(string) []string) string {
	var b strings.Builder
	for _, l := range pick(lines, shapes) {
		b.WriteString(l + "\n")
	}
	return b.String()
}
