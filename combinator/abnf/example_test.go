package abnf_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
)

func ExampleParse() {
	g, err := abnf.Parse(`
global-number-digits = "+" *phonedigit DIGIT *phonedigit
phonedigit           = DIGIT / visual-separator
visual-separator     = "-" / "." / "(" / ")"
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, _ := g.Rule("global-number-digits")
	fmt.Println(r.Match("+1"), r.Match("+1-201-555-0123"), r.Match("+-"))
	fmt.Println(r.Check("+1-2x"))
	// Output:
	// true true false
	// invalid character 'x' at offset 4 in global-number-digits: expected phonedigit, DIGIT or end of input
}

func ExampleParse_error() {
	_, err := abnf.Parse("a = \"x\" | \"y\"\n")
	fmt.Println(err)
	_, err = abnf.Parse("a = b \"x\"\nb = [c] a\nc = \"y\"\nd = 1*DIGITS\n")
	fmt.Println(err)
	// Output:
	// abnf: 1:9: expected "/", an element or the end of the rule, found '|' (ABNF separates alternatives with "/"; RFC 5234 §4: alternation = concatenation *(*c-wsp "/" *c-wsp concatenation))
	// abnf: rules used but not defined: DIGITS (4:7, did you mean DIGIT?)
}

func ExampleParseWith() {
	g, _ := abnf.ParseWith(`tel = "tel:" segment`, abnf.RFC3986())
	tel := g.MustRule("tel")
	fmt.Println(tel.Match("tel:+1-201-555-0123"), tel.Match("tel:a/b"))
	// Output: true false
}

func ExampleImport() {
	word := combinator.Named("word", combinator.Plus(combinator.Class(combinator.AlphaSet)))
	g, _ := abnf.ParseWith(`words = word *( " " word )`, abnf.Import(word))
	fmt.Println(g.MustRule("words").Match("hello big world"))
	// Output: true
}

func ExampleGrammar_Rule() {
	g, _ := abnf.Parse("comment = \"(\" *( ctext / comment ) \")\"\nctext = %x61-7A / \" \"\n")
	c, _ := g.Rule("comment")
	fmt.Println(c.Match("(a (nested (comment)) here)"), c.Match("(unbalanced"))
	tree, _ := c.Tree("(a(b))", "comment")
	fmt.Print(tree)
	_, err := g.Rule("coment")
	fmt.Println(err)
	// Output:
	// true false
	// comment 0:6 "(a(b))"
	//   comment 2:5 "(b)"
	// abnf: no rule named "coment"; did you mean comment? (the grammar defines comment, ctext)
}

func ExampleRFC3986Grammar() {
	r := abnf.RFC3986Grammar().MustRule("URI-reference")
	fmt.Println(r.Match("http://example.com/a?b#c"), r.Match("http://[::1"))
	// Output: true false
}

// A grammar as a package-level variable: MustParse panics at start-up if
// the text does not compile.
var telephone = abnf.MustParse(`
global-number-digits = "+" *phonedigit DIGIT *phonedigit
phonedigit           = DIGIT / visual-separator
visual-separator     = "-" / "." / "(" / ")"
`)

func ExampleMustParse() {
	r := telephone.MustRule("global-number-digits")
	fmt.Println(r.Match("+1-201-555-0123"), r.Match("+-"))
	// Output: true false
}

func ExampleRFC() {
	g, err := abnf.RFC("rfc5322")
	if err != nil {
		fmt.Println(err)
		return
	}
	mailbox := g.MustRule("mailbox")
	fmt.Println(mailbox.Match(`"Joe Q. Public" <john.q.public@example.com>`), mailbox.Match("jdoe@"))
	tree, _ := mailbox.Tree("John Doe <jdoe@machine.example>", "display-name", "local-part", "domain")
	fmt.Println(tree.Find("domain").Text)
	// Output:
	// true false
	// machine.example
}

func ExampleImportRFC() {
	g := abnf.MustParse(`accept-ok = "OK " media-type`, abnf.ImportRFC("rfc9110"))
	fmt.Println(g.MustRule("accept-ok").Match("OK text/html;charset=utf-8"))
	// Output: true
}

func ExampleWithEncoding() {
	// RFC 9110's obs-text is octets: a Latin-1 byte in a quoted-string.
	text := `qs = DQUOTE *( %x20-21 / %x23-5B / %x5D-7E / obs-text ) DQUOTE
obs-text = %x80-FF`
	octets := abnf.MustParse(text, abnf.WithEncoding(abnf.Octets)).MustRule("qs")
	chars := abnf.MustParse(text).MustRule("qs")
	fmt.Println(octets.Match("\"caf\xe9\""), chars.Match("\"caf\xe9\""))
	fmt.Println(octets.Match(`"café"`), chars.Match(`"café"`))
	// Output:
	// true false
	// true true
}

func ExampleLists() {
	g := abnf.MustParse("example-list = 1#token\ntoken = 1*ALPHA\n", abnf.Lists(abnf.ListRecipient))
	fmt.Println(g.MustRule("example-list").Match("foo , ,bar,charlie"))
	// Output: true
}
