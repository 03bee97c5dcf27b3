package diagrt

// codegen: copy from here.

// lit matches the literal lit at pos (ASCII letters in either case when
// fold) and returns the offset after it; or it records what was expected
// where lit stops matching, lit itself or, when its first k bytes match,
// its tail at pos+k, and returns -1. ids holds the label of lit, then of
// each tail.
func (d *genDiag) lit(in string, pos int, lit string, fold bool, ids ...int) int {
	k := 0
	for k < len(lit) && pos+k < len(in) && (in[pos+k] == lit[k] ||
		fold && lit[k]|0x20 >= 'a' && lit[k]|0x20 <= 'z' && in[pos+k]|0x20 == lit[k]|0x20) {
		k++
	}
	if k == len(lit) {
		return pos + k
	}
	d.fail(pos+k, ids[k])
	return -1
}
