package abnf_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
)

func ExampleWithLimits() {
	// A grammar of nested comments whose matches may take at most 10,000
	// steps: a longer input stops with a *combinator.LimitError, which
	// Check returns, instead of running on.
	g, err := abnf.ParseWith(`comment = "(" *( ctext / comment ) ")"
ctext = %x61-7A`, abnf.WithLimits(combinator.Limits{Steps: 10_000}))
	if err != nil {
		fmt.Println(err)
		return
	}
	comment := g.MustRule("comment")
	fmt.Println(comment.Match("(a(b)c)"))
	deep := strings.Repeat("(", 20_000) + strings.Repeat(")", 20_000)
	fmt.Println(comment.Match(deep))
	var le *combinator.LimitError
	if err := comment.Check(deep); errors.As(err, &le) {
		fmt.Println(le.Limit, le.Max)
	}
	// Output:
	// true
	// false
	// steps 10000
}
