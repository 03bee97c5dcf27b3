//go:build race

package uri

// raceEnabled shortens the exhaustive tests under the race detector, which
// makes their oracle, a regular expression, an order of magnitude slower.
const raceEnabled = true
