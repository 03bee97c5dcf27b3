package diagrt

// What the generator supplies in each output, here so that the runtime
// compiles and can be tested. These declarations are not copied.

// genLabels is the table of labels of the output.
var genLabels = [...]string{"HEXDIG", "a", "b", `"::"`, `":"`}

// genLabelCount is the number of labels.
const genLabelCount = len(genLabels)

// genSeenWords is the number of 64-bit words the set of labels needs.
const genSeenWords = (len(genLabels) + 63) / 64

// genHexdigLabel is the index of HEXDIG in genLabels.
const genHexdigLabel = 0

// genHexdig is the table of HEXDIG: 0xff for a byte of the set, as in the
// generator's tables, which an output uses instead.
var genHexdig = func() (t [256]uint8) {
	for _, c := range "0123456789ABCDEFabcdef" {
		t[c] = 0xff
	}
	return t
}()

// genRun is the diagnosis run of the rule numbered root, from offset 0: a
// switch over the rules explained, in an output. Here rule 0 is ":".
func genRun(in string, root int, d *genDiag) int {
	if root != 0 {
		return -1
	}
	if len(in) > 0 && in[0] == ':' {
		return 1
	}
	d.fail(0, 4)
	return -1
}
