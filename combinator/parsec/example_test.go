package parsec_test

import (
	"fmt"

	parsec "github.com/prataprc/goparsec"
	"github.com/seed42851778/rfc3986/combinator"
	cparsec "github.com/seed42851778/rfc3986/combinator/parsec"
)

func ExampleToParsec() {
	// goparsec's And over our rules, on our Scanner.
	p := parsec.And(nil, cparsec.ToParsec(combinator.Scheme), parsec.AtomExact(":", "COLON"),
		cparsec.ToParsec(combinator.HierPart))
	node, s := p(cparsec.NewScanner("urn:example:animal:ferret:nose"))
	nodes := node.([]parsec.ParsecNode)
	fmt.Println(nodes[0].(*parsec.Terminal).Value, nodes[2].(*parsec.Terminal).Value, s.Endof())
	// Output:
	// urn example:animal:ferret:nose true
}

func ExampleFromParsec() {
	// A goparsec parser inside one of our grammars.
	word := cparsec.FromParsec("word", parsec.TokenExact(`[a-z]+`, "WORD"))
	r := combinator.Seq(combinator.Lit("/"), word, combinator.Lit("/"), combinator.End)
	fmt.Println(r.Match("/abc/"), r.Match("/ABC/"))
	// Output:
	// true false
}

func ExampleScanner() {
	s := cparsec.NewScanner("12ab")
	tok, _ := s.Match(`[a-z]+`) // anchored at the cursor: no match ahead
	fmt.Printf("%q %d\n", tok, s.GetCursor())
	tok, _ = s.Match(`[0-9]+`)
	fmt.Printf("%q %d\n", tok, s.GetCursor())
	s.MatchString("x")
	fmt.Println(s.Farthest(), s.Expected())
	// Output:
	// "" 0
	// "12" 2
	// 2 [x]
}
