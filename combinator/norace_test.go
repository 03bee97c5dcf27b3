//go:build !race

package combinator

const raceEnabled = false
