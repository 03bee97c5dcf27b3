package diagrt

// codegen: copy from here.

// genHaltFind runs the automaton of the stops (Generator.AddStop) over in
// from the state st at from until a byte that no position takes, or the
// end: the offset there and the labels of the diagnosis, or the number of
// the rule whose diagnosis alone from off is it (alone), or neither. The
// run of the bytes after which a state is the same (a host name, a path
// segment: most of an input), genHaltLoopSet, is scanned as the matchers'
// runs are, eight bytes a step (genScan). A state's row of genHaltNext
// holds 32 entries, so that a shift finds it; an entry below
// genHaltStates is the next state, another is genHaltStates plus the
// action there.
func genHaltFind(in string, from, st int) (off int, labels []string, alone int) {
	a, i := 0, from
	for {
		if set := genHaltLoopSet[st]; set != nil {
			i = genScan(in, i, set)
		}
		if i >= len(in) {
			a, i = int(genHaltEnd[st]), len(in)
			break
		}
		n := int(genHaltNext[st<<5|int(genHaltClass[in[i]])&31])
		if n < genHaltStates {
			st = n
			i++
			continue
		}
		a = n - genHaltStates
		break
	}
	switch {
	case a == 0:
		return i, nil, 0
	case a <= len(genHaltLists):
		l := genHaltLists[a-1]
		return i, genHaltLabels[l[0]:l[1]:l[1]], 0
	}
	return i, nil, a - len(genHaltLists)
}
