package combinator_test

import (
	"fmt"

	c "github.com/seed42851778/rfc3986/combinator"
)

func ExampleExactGrammar() {
	// global-number-digits = "+" *phonedigit DIGIT *phonedigit (RFC 3966):
	// as a PEG, the first repetition takes the one digit of "+1"; read as
	// ABNF, it gives it back.
	phonedigit := c.Alt(c.DIGIT, c.Class(c.Chars("-.()")))
	body := c.Seq(c.Lit("+"), c.Star(phonedigit), c.DIGIT, c.Star(phonedigit))
	rules, err := c.ExactGrammar(
		c.Def{Name: "global-number-digits", Body: body},
		c.Def{Name: "comment", Body: c.Seq(c.Lit("("), c.Star(c.Alt(c.Class(c.AlphaSet), c.Ref("comment"))), c.Lit(")"))},
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(body.Match("+1"), rules[0].Match("+1"))
	fmt.Println(rules[1].Match("(a(b)c)"), rules[1].Match("(a(b"))
	// Output:
	// false true
	// true false
}

func ExampleRule_Automaton() {
	rules, _ := c.ExactGrammar(c.Def{Name: "h16", Body: c.Rep(1, 4, c.HEXDIG)})
	a, _ := rules[0].Automaton()
	fmt.Println(len(a.Accept), a.NumClasses, a.Match("beef"), a.Match("beefy"))
	// Output: 6 2 true false
}
