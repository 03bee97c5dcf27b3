package diagrt

// codegen: copy from here.

// byte1 matches the byte b at pos and returns pos+1; or it records the
// label id as expected at pos and returns -1. The compiler inlines it.
func (d *genDiag) byte1(in string, pos int, b byte, id int) int {
	if uint(pos) < uint(len(in)) && in[pos] == b {
		return pos + 1
	}
	d.fail(pos, id)
	return -1
}

// class matches a byte of set (a table of the generated file: 1 for a
// byte of the set) at pos and returns pos+1; or it records the label id as
// expected at pos and returns -1. The compiler inlines it.
func (d *genDiag) class(in string, pos int, set *[256]uint8, id int) int {
	if uint(pos) < uint(len(in)) && set[in[pos]] != 0 {
		return pos + 1
	}
	d.fail(pos, id)
	return -1
}
