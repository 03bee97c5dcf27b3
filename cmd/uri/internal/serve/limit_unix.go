//go:build unix

package serve

import "syscall"

// limitMemory bounds the address space of the process to n bytes, so that
// the kernel refuses an allocation past it and the Go runtime stops the
// process ("out of memory") rather than let it starve the machine.
func limitMemory(n uint64) {
	lim := syscall.Rlimit{Cur: n, Max: n}
	_ = syscall.Setrlimit(syscall.RLIMIT_AS, &lim)
}
