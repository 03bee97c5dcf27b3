package combinator

// GenExactBody is genExactBody for the tests of package combinator_test.
var GenExactBody = genExactBody

// IsRegular reports whether the exact rule r runs on an automaton: a
// definition with no recursion but in tail position and no PEG operator
// (exact.regular), for the benchmarks of package combinator_test.
func IsRegular(r *Rule) bool { return r.kind == kExact && r.ex != nil && r.ex.regular }
