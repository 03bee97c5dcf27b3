package diagrt

// codegen: copy from here.

// failLit records the literal lit expected at pos, or, when its first k
// bytes match there (ASCII letters in either case when fold), its tail
// expected at pos+k; ids holds the label of lit, then of each tail.
func (d *genDiag) failLit(in string, pos int, lit string, fold bool, ids ...int) {
	k := 0
	for k < len(lit) && pos+k < len(in) && (in[pos+k] == lit[k] ||
		fold && lit[k]|0x20 >= 'a' && lit[k]|0x20 <= 'z' && in[pos+k]|0x20 == lit[k]|0x20) {
		k++
	}
	d.fail(pos+k, ids[k])
}
