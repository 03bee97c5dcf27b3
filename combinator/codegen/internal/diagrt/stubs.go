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

// The automaton of the stops of an output (Generator.AddStop): here, of
// the rule "a" *( "b" ), a row of 32 classes a state, whose state 0 is its start and state 1 follows
// "a", with classes 0 ("a"), 1 ("b") and 2 (any other byte). At a byte of
// class 2 in state 1, or at the end there, the diagnosis expects "b" or
// the end (action 1: 2+1 in genHaltNext); at "a" in state 1 it expects
// the end alone (action 2); at the end in state 0, nothing is known.
const (
	genHaltClasses = 3
	genHaltStates  = 2
	genHaltClass   = "" + "\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x00\x01\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
		"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02"
	genHaltNext = "\x01\x02\x02" + pad29 + "\x04\x01\x03"
	pad29       = "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
	genHaltEnd  = "\x00\x01"
)

// genHaltLoopSet holds, for each state, the table of the bytes after
// which it is the state again, or nil: state 1 keeps "b".
var genHaltLoopSet = [...]*[256]uint8{nil, &bTable}

// bTable is the table of "b".
var bTable = [256]uint8{'b': 0xff}

// genScan returns the end of the run of the bytes of set from p in in:
// in an output, eight bytes a step.
func genScan(in string, p int, set *[256]uint8) int {
	for p < len(in) && set[in[p]] != 0 {
		p++
	}
	return p
}

// genHaltLabels holds the Expected lists of the stops, one after another
// where they overlap; genHaltLists, the bounds of each in it.
var (
	genHaltLabels = [...]string{`"b"`, "end of input"}
	genHaltLists  = [...][2]uint16{{0, 2}, {1, 2}}
)
