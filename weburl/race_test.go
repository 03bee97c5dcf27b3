//go:build race

package weburl

// raceEnabled says the race detector is on: its sync.Pool drops buffers
// at random, so allocations are not counted under it.
const raceEnabled = true
