package combinator

import (
	"testing"
	"unsafe"

	"pgregory.net/rapid"
)

// TestIsetIsASetOfPairs: insert reports whether a pair was new, as a Go
// map of the pairs seen since the last reset says, through the table's
// growth, resets, and the generation counter wrapping around (when the
// stale entries of the oldest generation must not read as present).
func TestIsetIsASetOfPairs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var s iset
		if rapid.Bool().Draw(t, "near wrap") {
			s.grow()
			s.gen = ^uint32(0) - uint32(rapid.IntRange(0, 2).Draw(t, "resets to wrap"))
		}
		seen := map[[2]int32]bool{}
		// Few values, so that pairs repeat, but more than the 64 pairs
		// the smallest table holds; negative ones too, since a pair packs
		// two int32 into a uint64.
		val := rapid.SampledFrom([]int32{0, 1, 2, 3, 4, 5, 6, 63, 64, -1, -2, 1 << 30})
		for i, n := 0, rapid.IntRange(0, 400).Draw(t, "ops"); i < n; i++ {
			if rapid.IntRange(0, 40).Draw(t, "op") == 0 {
				s.reset()
				clear(seen)
				continue
			}
			a, b := val.Draw(t, "a"), val.Draw(t, "b")
			if got, want := s.insert(a, b), !seen[[2]int32{a, b}]; got != want {
				t.Fatalf("insert(%d, %d) = %v, want %v (%d pairs in the set)", a, b, got, want, len(seen))
			}
			seen[[2]int32{a, b}] = true
			if s.n != len(seen) {
				t.Fatalf("%d pairs counted, %d in the set", s.n, len(seen))
			}
		}
	})
}

// TestIsetResetAfterWrapForgetsEveryGeneration: once the generation
// counter has gone round, an entry put in a generation that bears the
// same number as the new one is not read as present.
func TestIsetResetAfterWrapForgetsEveryGeneration(t *testing.T) {
	var s iset
	s.insert(7, 9)     // put in generation 1
	s.gen = ^uint32(0) // as if 2^32 - 2 resets had followed
	s.reset()          // the counter wraps to 0, and starts again at 1
	if !s.insert(7, 9) {
		t.Fatal("a pair of a generation before the wrap is still in the set")
	}
}

// TestGrowDoublesAFullSlice: grow leaves a slice with room as it is, and
// gives a full one the same elements and twice its length of room, at
// least 64.
func TestGrowDoublesAFullSlice(t *testing.T) {
	for _, n := range []int{0, 1, 63, 64, 65, 1000} {
		full := make([]int, n)
		for i := range full {
			full[i] = i * 3
		}
		g := grow(full)
		if len(g) != n || cap(g) != max(2*n, 64) {
			t.Errorf("grow of a full slice of %d: length %d, capacity %d; want %d, %d", n, len(g), cap(g), n, max(2*n, 64))
		}
		for i := range g {
			if g[i] != i*3 {
				t.Fatalf("grow of %d: element %d is %d, want %d", n, i, g[i], i*3)
			}
		}
		roomy := make([]int, n, n+1)
		if g := grow(roomy); cap(g) != n+1 || len(g) != n || n > 0 && &g[0] != &roomy[0] {
			t.Errorf("grow of a slice of %d with room: capacity %d, a copy: %v", n, cap(g), n > 0 && &g[0] != &roomy[0])
		}
	}
}

// TestIsetHoldsMorePairsThanItsFirstTable: a thousand pairs, more than
// the first table's 64 slots, are each new once and present after, and
// new again after a reset.
func TestIsetHoldsMorePairsThanItsFirstTable(t *testing.T) {
	var s iset
	for round := range 2 {
		for pass, want := range []bool{true, false} {
			for i := range int32(1000) {
				if got := s.insert(i, -i); got != want {
					t.Fatalf("round %d, pass %d: insert(%d, %d) = %v, want %v", round, pass, i, -i, got, want)
				}
			}
		}
		s.reset()
	}
}

// TestHoldCountsTheBytesOfTheSlicesHeld: the bytes a match counts in
// its budget are those of the room of its nodes, waiting items, Leo
// entries and collection scratch (their element sizes times their
// capacities), and at least a key and a value for each entry of its
// canonical nodes; a second hold counts the change only, and release
// gives it all back.
func TestHoldCountsTheBytesOfTheSlicesHeld(t *testing.T) {
	b := &budget{lim: DefaultLimits}
	m := &recog{budget: b,
		nodes: make([]node, 1, 10), wait: make([]item, 0, 20),
		leos: make([]leoEntry, 0, 30), live: make([]int32, 0, 40)}
	slices := func() int64 {
		return int64(uintptr(cap(m.nodes))*unsafe.Sizeof(node{}) + uintptr(cap(m.wait))*unsafe.Sizeof(item{}) +
			uintptr(cap(m.leos))*unsafe.Sizeof(leoEntry{}) + uintptr(cap(m.live))*unsafe.Sizeof(int32(0)))
	}
	m.hold()
	if want := slices(); b.bytes != want {
		t.Fatalf("held %d bytes, the slices have %d", b.bytes, want)
	}
	m.nodes, m.wait = make([]node, 1, 100), make([]item, 0, 7)
	m.canon = map[leoEntry]int32{{1, leoKey{2, 3}}: 0, {4, leoKey{5, 6}}: 0}
	m.hold()
	entry := int64(unsafe.Sizeof(leoEntry{}) + unsafe.Sizeof(int32(0)))
	if got, least := b.bytes, slices()+2*entry; got < least {
		t.Fatalf("held %d bytes, the slices and the map's keys and values have %d", got, least)
	}
	m.release()
	if b.bytes != 0 {
		t.Fatalf("%d bytes held after release", b.bytes)
	}
}
