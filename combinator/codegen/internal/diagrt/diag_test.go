package diagrt

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func labelsOf(d *genDiag) []string { return d.appendLabels(nil) }

// TestRecord checks the farthest-failure record: a failure farther on
// replaces what was expected, one at the same offset adds to it once, one
// before it is ignored.
func TestRecord(t *testing.T) {
	d := &genDiag{far: -1, root: 7} // root is read by the generated functions only
	d.fail(2, 1)
	d.fail(1, 2) // before: ignored
	d.fail(2, 2)
	d.fail(2, 1) // again: once
	if d.far != 2 || !cmp.Equal(labelsOf(d), []string{"a", "b"}) {
		t.Fatalf("far %d labels %q", d.far, labelsOf(d))
	}
	d.fail(3, 3)
	if diff := cmp.Diff([]string{`"::"`}, labelsOf(d)); d.far != 3 || diff != "" {
		t.Fatalf("far %d (-want +got):\n%s", d.far, diff)
	}
}

// TestEveryLabel checks that the record holds every label at once, each
// once however often it is recorded, and that truncate keeps the first ones
// in order and lets the others be recorded anew.
func TestEveryLabel(t *testing.T) {
	d := &genDiag{far: -1}
	for i := 0; i < 2*genLabelCount; i++ {
		d.record(0, (3*i+1)%genLabelCount)
	}
	want := []string{"a", `":"`, "b", "HEXDIG", `"::"`} // ids 1, 4, 2, 0, 3
	if diff := cmp.Diff(want, labelsOf(d)); d.n != genLabelCount || diff != "" {
		t.Fatalf("n %d (-want +got):\n%s", d.n, diff)
	}
	d.truncate(3)
	d.record(0, 3) // dropped by truncate: recorded anew
	d.record(0, 4) // kept: not again
	if diff := cmp.Diff([]string{"a", `":"`, "b", `"::"`}, labelsOf(d)); diff != "" {
		t.Fatalf("after truncate (-want +got):\n%s", diff)
	}
}

// TestNamed checks that a named rule that fails where it starts replaces
// what its run recorded, keeping what was recorded at pos before the run.
func TestNamed(t *testing.T) {
	d := &genDiag{far: -1}
	d.fail(4, 1)
	mark, far := d.n, d.far
	d.fail(4, 2) // inside the run
	d.named(4, far, mark, 3)
	if diff := cmp.Diff([]string{"a", `"::"`}, labelsOf(d)); diff != "" {
		t.Fatalf("kept before the run (-want +got):\n%s", diff)
	}
	d = &genDiag{far: -1}
	d.fail(2, 1)
	mark, far = d.n, d.far
	d.fail(4, 2)
	d.named(4, far, mark, 3)
	if diff := cmp.Diff([]string{`"::"`}, labelsOf(d)); d.far != 4 || diff != "" {
		t.Fatalf("far %d: earlier dropped (-want +got):\n%s", d.far, diff)
	}
}

// TestAppendLabels checks that the labels are appended to buf, growing it
// only when it is short: in place with room to spare and with exactly the
// room, grown with none.
func TestAppendLabels(t *testing.T) {
	d := &genDiag{far: -1}
	d.fail(0, 1)
	d.fail(0, 2)
	var buf []string
	for _, room := range []int{4, 3} {
		buf = make([]string, 1, room)
		buf[0] = "x"
		got := d.appendLabels(buf)
		if diff := cmp.Diff([]string{"x", "a", "b"}, got); diff != "" || &got[0] != &buf[0] {
			t.Fatalf("cap %d (-want +got, or copied):\n%s", room, diff)
		}
	}
	got := d.appendLabels(buf[:1:1])
	if diff := cmp.Diff([]string{"x", "a", "b"}, got); diff != "" {
		t.Fatalf("grown (-want +got):\n%s", diff)
	}
}

// TestNamedAtOffsetZero: a named rule that fails where it starts, at offset 0,
// with nothing recorded before its run, is expected there alone: what its
// run recorded at 0 is dropped.
func TestNamedAtOffsetZero(t *testing.T) {
	d := &genDiag{far: -1}
	mark, far := d.n, d.far
	d.fail(0, 2) // inside the run
	d.named(0, far, mark, 3)
	if diff := cmp.Diff([]string{`"::"`}, labelsOf(d)); d.far != 0 || diff != "" {
		t.Fatalf("far %d (-want +got):\n%s", d.far, diff)
	}
}

// TestMiss checks that a named rule that fails where the farthest failure
// is replaces what its run recorded, unless it is the rule explained, and
// that one that fails before it changes nothing.
func TestMiss(t *testing.T) {
	d := &genDiag{far: -1, root: 7}
	mark, far := d.n, d.far
	d.fail(2, 1) // inside the run of a rule from 2
	if got := d.miss(2, far, mark, 5, 3); got != -1 || !cmp.Equal(labelsOf(d), []string{`"::"`}) {
		t.Errorf("miss at the farthest failure: %d %q", got, labelsOf(d))
	}
	d = &genDiag{far: -1, root: 7}
	d.fail(2, 1)
	if d.miss(2, -1, 0, 7, 3); !cmp.Equal(labelsOf(d), []string{"a"}) {
		t.Errorf("the rule explained replaced what its run recorded: %q", labelsOf(d))
	}
	if d.miss(1, -1, 0, 5, 3); !cmp.Equal(labelsOf(d), []string{"a"}) {
		t.Errorf("a rule that failed before the farthest failure changed the record: %q", labelsOf(d))
	}
}

// TestExplain checks the diagnosis of a whole input by the rule of stubs.go,
// ":": -1 where the run
// matches it all, the end of input expected after a match of a prefix, and
// a second run without the lower bound where the bound was past what the
// run recorded.
func TestExplain(t *testing.T) {
	var d genDiag
	if off := d.explain(":", -1, 0, 0); off != -1 {
		t.Errorf("a match: offset %d", off)
	}
	if off := d.explain(":x", -1, 0, 0); off != 1 || !cmp.Equal(labelsOf(&d), []string{"HEXDIG"}) {
		t.Errorf("a prefix: offset %d %q", off, labelsOf(&d))
	}
	if off := d.explain("x", 1, 0, 0); off != 0 || !cmp.Equal(labelsOf(&d), []string{`":"`}) {
		t.Errorf("a bound past the failure: offset %d %q", off, labelsOf(&d))
	}
	if off := d.explain("x", 7, 0, 0); off != 0 {
		t.Errorf("a bound outside in: offset %d", off)
	}
}
