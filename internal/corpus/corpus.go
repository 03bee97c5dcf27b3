// Package corpus gives the tests and benchmarks of this module their corpus
// of real URLs: urls.txt, one URL a line, and resolve.tsv, one
// base<TAB>reference pair a line.
//
// The full corpus (20,000 URLs, 5,000 pairs) is ../shared/bench/corpus
// beside the module root, outside the repository. A sample of it lives in
// this package's testdata, chosen by a rule that keeps every shape of the
// full corpus (testdata/README.md; go generate here writes it again). Lines
// and Path take the full corpus when it is there and the sample otherwise,
// so that a test that holds on any corpus runs on every clone. Full and
// FullPath take the full corpus only, for what needs every line, such as
// the benchmarks' figures: where it is missing they fail the test when the
// environment says CI=true and otherwise skip it with a message that names
// what was not checked, so that a clone never tests less in silence.
package corpus

//go:generate go run ./sample

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

// here is the folder of this package's source.
func here() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(file)
}

// Dir is the folder of the full corpus: ../shared/bench/corpus beside the
// module root.
func Dir() string {
	return filepath.Join(here(), "..", "..", "..", "shared", "bench", "corpus")
}

// SampleDir is the folder of the sample: this package's testdata.
func SampleDir() string { return filepath.Join(here(), "testdata") }

// haveFull reports whether the full corpus file name is there.
func haveFull(name string) bool { return exists(filepath.Join(Dir(), name)) }

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// Path is the path of the corpus file name: the full corpus's when it is
// there, else the sample's.
func Path(name string) string {
	if haveFull(name) {
		return filepath.Join(Dir(), name)
	}
	return filepath.Join(SampleDir(), name)
}

// Lines returns the lines of the corpus file name: the full corpus's when
// it is there, else the sample's (and it logs which, for the message of a
// failure). A missing sample fails tb.
func Lines(tb testing.TB, name string) []string {
	tb.Helper()
	return linesFrom(tb, Dir(), SampleDir(), name)
}

// linesFrom is Lines with the full corpus in dir full and the sample in
// sample.
func linesFrom(tb testing.TB, full, sample, name string) []string {
	tb.Helper()
	path := filepath.Join(full, name)
	if !exists(path) {
		tb.Logf("corpus: %s is the sample of %s (the full corpus is not at %s)", name, sample, full)
		path = filepath.Join(sample, name)
	}
	return read(tb, path)
}

// Full returns the lines of the full corpus file name for a test or
// benchmark that needs every line; what says what it checks or measures
// over them. Where the file is missing, Full fails tb when the environment
// says CI=true, and otherwise skips it with a message that names what was
// not checked.
func Full(tb testing.TB, name, what string) []string {
	tb.Helper()
	if !requireFull(tb, Dir(), name, what, inCI()) {
		return nil
	}
	return read(tb, filepath.Join(Dir(), name))
}

// FullPath is the path of the full corpus file name, for a test or
// benchmark that hands the file to a program; it fails or skips tb as Full
// does where the file is missing.
func FullPath(tb testing.TB, name, what string) string {
	tb.Helper()
	requireFull(tb, Dir(), name, what, inCI())
	return filepath.Join(Dir(), name)
}

// inCI reports whether the environment says CI=true (or another true value
// of strconv.ParseBool), as CI services set it.
func inCI() bool {
	ci, _ := strconv.ParseBool(os.Getenv("CI"))
	return ci
}

// requireFull reports whether dir holds name. Where it does not, it fails
// tb under ci and otherwise skips it, naming what was not checked; it
// returns false for a tb whose Fatal and Skip return (a fake).
func requireFull(tb testing.TB, dir, name, what string, ci bool) bool {
	tb.Helper()
	path := filepath.Join(dir, name)
	if exists(path) {
		return true
	}
	msg := "NOT CHECKED: " + what + ": it needs the full corpus " + path +
		", which is missing (the sample in internal/corpus/testdata does not stand in for it)"
	if ci {
		tb.Fatal(msg + "; CI=true makes this a failure")
	} else {
		tb.Skip(msg + "; under CI=true this fails")
	}
	return false
}

// read returns the lines of the file at path; it fails tb when the file
// cannot be read.
func read(tb testing.TB, path string) []string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal("corpus:", err)
		return nil
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		tb.Fatal("corpus:", err)
	}
	return lines
}
