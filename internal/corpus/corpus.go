// Package corpus reads the shared benchmark corpus (../shared/bench/corpus
// beside the checkout: urls.txt, 20,000 real URLs; resolve.tsv, 5,000
// base<TAB>reference pairs) for the tests and benchmarks of this module.
package corpus

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Dir is the corpus folder: ../shared/bench/corpus beside the module root.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "bench", "corpus")
}

// Path is the path of the corpus file name.
func Path(name string) string { return filepath.Join(Dir(), name) }

// Lines returns the lines of the corpus file name. It skips tb when the file is
// missing: the corpus lives outside the repository.
func Lines(tb testing.TB, name string) []string {
	tb.Helper()
	f, err := os.Open(Path(name))
	if err != nil {
		tb.Skip("corpus not found:", err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return lines
}
