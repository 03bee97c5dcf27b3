//go:build !unix

package serve

// limitMemory does nothing where there is no setrlimit: the worker's
// memory is bounded only by debug.SetMemoryLimit and the deadline.
func limitMemory(n uint64) {}
