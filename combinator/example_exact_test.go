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

func ExampleRule_Ambiguity() {
	// The parameters of a tel URI as RFC 3966 writes them: ";ext=42" is an
	// extension, and a parameter named "ext" as well.
	digits := c.Plus(c.DIGIT)
	rules, err := c.ExactGrammar(
		c.Def{Name: "tel", Body: c.Seq(c.Lit("tel:"), digits, c.Star(c.Ref("par")))},
		c.Def{Name: "par", Body: c.Alt(c.Ref("parameter"), c.Ref("extension"))},
		c.Def{Name: "extension", Body: c.Seq(c.Lit(";ext="), digits)},
		c.Def{Name: "parameter", Body: c.Seq(c.Lit(";"), c.Ref("pname"), c.Opt(c.Seq(c.Lit("="), c.Ref("pvalue"))))},
		c.Def{Name: "pname", Body: c.Plus(c.Class(c.AlphaSet))},
		c.Def{Name: "pvalue", Body: c.Plus(c.Class(c.AlphaSet.Union(c.DigitSet)))},
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	tel := rules[0]
	for _, s := range []string{"tel:5550123;flag", "tel:5550123;ext=42"} {
		a, err := tel.Ambiguity(s)
		switch {
		case err != nil:
			fmt.Println(err)
		case a == nil:
			fmt.Println(s, "has one reading")
		default:
			fmt.Println(s, "has two readings from offset", a.Offset)
			fmt.Print(a.Trees[0].Child("par"))
			fmt.Print(a.Trees[1].Child("par"))
		}
	}
	// Output:
	// tel:5550123;flag has one reading
	// tel:5550123;ext=42 has two readings from offset 11
	// par 11:18 ";ext=42"
	//   parameter 11:18 ";ext=42"
	//     pname 12:15 "ext"
	//     pvalue 16:18 "42"
	// par 11:18 ";ext=42"
	//   extension 11:18 ";ext=42"
	//     DIGIT 16:17 "4"
	//     DIGIT 17:18 "2"
}
