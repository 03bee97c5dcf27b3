package diagrt

// codegen: copy from here.

// genDiag is what a diagnosis run records: the farthest failure offset and
// the labels (indexes in genLabels) expected there, each once, in order. As
// a label is recorded at most once, exp has room for all of them: recording
// never allocates.
type genDiag struct {
	far  int
	root int // the number of the explained rule's function: not reported by name
	n    int
	exp  [genLabelCount]uint16
	seen [genSeenWords]uint64 // the labels recorded, as a set
}

// fail records that the rule labelled id was expected at pos.
func (d *genDiag) fail(pos, id int) {
	if pos >= d.far {
		d.record(pos, id)
	}
}

// record is fail at or past the farthest failure. It is not inlined: fail,
// its test, is, at every one of the many places a diagnosis records.
//
//go:noinline
func (d *genDiag) record(pos, id int) {
	if pos > d.far { // truncate(0), without the call
		d.far = pos
		d.n = 0
		d.seen = [len(d.seen)]uint64{}
	}
	if d.seen[id>>6]&(1<<(id&63)) != 0 {
		return
	}
	d.seen[id>>6] |= 1 << (id & 63)
	d.exp[d.n] = uint16(id)
	d.n++
}

// explain runs the diagnosis of in as a whole by the diagnosis run of the
// rule numbered root (genRun), from lowerBound (ExplainFrom: where the
// failed match stopped, or -1): it returns the farthest offset any
// alternative reached, what was expected there left in d; or -1 when in
// matches. end is the label of the end of input, expected after a match of
// a prefix.
func (d *genDiag) explain(in string, lowerBound, root, end int) int {
	if lowerBound < 0 || lowerBound > len(in) {
		lowerBound = -1
	}
	for {
		*d = genDiag{far: lowerBound, root: root}
		e := genRun(in, root, d)
		if e == len(in) {
			return -1
		}
		if e >= 0 {
			d.fail(e, end)
		}
		if d.n == 0 && lowerBound >= 0 {
			lowerBound = -1 // the bound was past the farthest failure
			continue
		}
		return d.far
	}
}

// miss ends the diagnosis run of a named rule that did not match from pos,
// where the record held far and mark labels: where the farthest failure is
// pos and the rule is not the one explained (numbered root), the rule is
// recorded in place of what its run recorded (named). It returns -1.
func (d *genDiag) miss(pos, far, mark, root, id int) int {
	if d.far == pos && d.root != root {
		d.named(pos, far, mark, id)
	}
	return -1
}

// named records, in place of what its run recorded, the named rule labelled
// id that failed where it starts, at pos, the farthest failure. It keeps the
// mark labels recorded before the run when the farthest failure was already
// at pos then (far), and none when it was before.
func (d *genDiag) named(pos, far, mark, id int) {
	if far < pos {
		mark = 0
	}
	d.truncate(mark)
	d.far = -1
	if mark > 0 {
		d.far = pos
	}
	d.fail(pos, id)
}

// truncate keeps the first n labels recorded.
func (d *genDiag) truncate(n int) {
	d.n = n
	d.seen = [len(d.seen)]uint64{}
	for _, id := range d.exp[:n] {
		d.seen[id>>6] |= 1 << (id & 63)
	}
}

// appendLabels appends the labels recorded to buf.
func (d *genDiag) appendLabels(buf []string) []string {
	n := len(buf)
	if cap(buf)-n < d.n {
		grown := make([]string, n, n+d.n)
		copy(grown, buf)
		buf = grown
	}
	buf = buf[:n+d.n]
	out := buf[n:]
	for i, id := range d.exp[:len(out)] {
		out[i] = genLabels[id]
	}
	return buf
}
