package corpus

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fakeTB records what a test would be told; its Fatal and Skip return
// where testing.T's would end the test.
type fakeTB struct {
	testing.TB
	fatal, skip, log string
}

func (f *fakeTB) Helper()                      {}
func (f *fakeTB) Fatal(args ...any)            { f.fatal += fmt.Sprint(args...) }
func (f *fakeTB) Skip(args ...any)             { f.skip += fmt.Sprint(args...) }
func (f *fakeTB) Logf(format string, a ...any) { f.log += fmt.Sprintf(format, a...) }

// A test that needs the full corpus, where it is missing, is skipped with a
// message that names what it did not check and where the corpus should be;
// under CI=true it fails with the same words instead.
func TestRequireFullMissing(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "corpus")
	const what = "the figures over every line"
	for _, ci := range []bool{false, true} {
		var tb fakeTB
		if requireFull(&tb, missing, "urls.txt", what, ci) {
			t.Fatalf("ci %v: requireFull found %s", ci, missing)
		}
		got, other := tb.skip, tb.fatal
		if ci {
			got, other = tb.fatal, tb.skip
		}
		for _, want := range []string{"NOT CHECKED: " + what, filepath.Join(missing, "urls.txt")} {
			if !strings.Contains(got, want) {
				t.Errorf("ci %v: message %q does not say %q", ci, got, want)
			}
		}
		if other != "" {
			t.Errorf("ci %v: also %q", ci, other)
		}
	}
}

// Where the full corpus is there, requireFull says nothing.
func TestRequireFullPresent(t *testing.T) {
	for _, ci := range []bool{false, true} {
		var tb fakeTB
		if !requireFull(&tb, SampleDir(), "urls.txt", "x", ci) || tb != (fakeTB{}) {
			t.Errorf("ci %v: %+v", ci, tb)
		}
	}
}

// Lines reads the full corpus where it is there, and the sample otherwise,
// saying so in the test's log.
func TestLinesFallsBackToTheSample(t *testing.T) {
	sample, err := os.ReadFile(filepath.Join(SampleDir(), "urls.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(sample), "\n"), "\n")
	full := t.TempDir()
	var tb fakeTB
	if d := cmp.Diff(want, linesFrom(&tb, full, SampleDir(), "urls.txt")); d != "" || tb.fatal != "" {
		t.Errorf("no full corpus: not the sample's lines (-want +got):\n%s%s", d, tb.fatal)
	}
	if !strings.Contains(tb.log, "the sample") {
		t.Errorf("log %q does not say the sample was read", tb.log)
	}

	if err := os.WriteFile(filepath.Join(full, "urls.txt"), []byte("http://a/\nb:c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb = fakeTB{}
	if d := cmp.Diff([]string{"http://a/", "b:c"}, linesFrom(&tb, full, SampleDir(), "urls.txt")); d != "" || tb != (fakeTB{}) {
		t.Errorf("with a full corpus: not its lines (-want +got):\n%s%+v", d, tb)
	}
}

// The sample is in the repository, whatever is beside it, and holds both
// files.
func TestSampleIsThere(t *testing.T) {
	for _, name := range []string{"urls.txt", "resolve.tsv"} {
		fi, err := os.Stat(filepath.Join(SampleDir(), name))
		if err != nil || fi.Size() == 0 {
			t.Errorf("sample %s: %v", name, err)
		}
	}
}

// helperEnv makes the test binary, run again by TestFullInASubprocess, run
// TestHelperMissingCorpus for real.
const helperEnv = "CORPUS_TEST_HELPER"

func TestHelperMissingCorpus(t *testing.T) {
	if os.Getenv(helperEnv) != "1" {
		return // run by TestFullInASubprocess only
	}
	requireFull(t, filepath.Join(t.TempDir(), "corpus"), "urls.txt", "the helper's check", inCI())
	t.Log("reached after requireFull")
}

// A real test that needs a missing full corpus ends there: skipped without
// CI, failed with CI=true, as go test reports them.
func TestFullInASubprocess(t *testing.T) {
	for _, tc := range []struct {
		ci   string
		fail bool
		want string
	}{
		{"", false, "--- SKIP: TestHelperMissingCorpus"},
		{"false", false, "--- SKIP: TestHelperMissingCorpus"},
		{"true", true, "--- FAIL: TestHelperMissingCorpus"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperMissingCorpus$", "-test.v")
		cmd.Env = append(os.Environ(), helperEnv+"=1", "CI="+tc.ci)
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if failed := errors.As(err, &ee); failed != tc.fail || err != nil && !failed {
			t.Errorf("CI=%q: exit %v, want failure %v\n%s", tc.ci, err, tc.fail, out)
		}
		if s := string(out); !strings.Contains(s, tc.want) || !strings.Contains(s, "NOT CHECKED: the helper's check") ||
			strings.Contains(s, "reached after") {
			t.Errorf("CI=%q: output does not say %q and NOT CHECKED, or went on:\n%s", tc.ci, tc.want, s)
		}
	}
}
