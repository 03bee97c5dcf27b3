package diagrt

// codegen: copy from here.

// genHaltFind runs the automaton of the stops (Generator.AddStop) over in
// from the state st at from until a byte that no position takes, or the
// end: the offset there and the labels of the diagnosis, or the number of
// the rule whose diagnosis alone from off is it (alone), or neither. The
// run of the bytes after which a state is the same (a host name, a path
// segment: most of an input), genHaltLoopSet, is scanned as the matchers'
// runs are, eight bytes a step (genScan).
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
		k := st<<5 | int(genHaltClass[in[i]])&31
		if n := int(genHaltNext[k]); n < genHaltStates {
			st = n
			i++
			continue
		}
		a = int(genHaltAct[k])
		break
	}
	switch {
	case a == 0:
		return i, nil, 0
	case a <= len(genHaltLists):
		return i, genHaltLists[a-1], 0
	}
	return i, nil, a - len(genHaltLists)
}
