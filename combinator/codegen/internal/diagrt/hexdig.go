package diagrt

// codegen: copy from here.

// hexdig records HEXDIG where a "%" at pos is not followed by two.
func (d *genDiag) hexdig(in string, pos int) {
	if pos < len(in) && in[pos] == '%' {
		q := pos + 1
		for q < len(in) && q < pos+3 && genHexdig[in[q]] != 0 {
			q++
		}
		if q < pos+3 {
			d.fail(q, genHexdigLabel)
		}
	}
}
