//go:build !unix

package weburl

// cpuTime is unknown here: the benchmarks report 0.
func cpuTime() int64 { return 0 }
