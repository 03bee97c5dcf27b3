//go:build race

package combinator

// raceEnabled shortens the exhaustive tests under the race detector, which
// makes regular expressions an order of magnitude slower.
const raceEnabled = true
