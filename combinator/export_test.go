package combinator

// GenExactBody is genExactBody for the tests of package combinator_test.
var GenExactBody = genExactBody
