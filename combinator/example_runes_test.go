package combinator_test

import (
	"fmt"

	c "github.com/seed42851778/rfc3986/combinator"
)

func ExampleRuneClass() {
	greek := c.Named("greek", c.RuneClass(c.Runes(c.RuneRange{Lo: 0x391, Hi: 0x3A9}, c.RuneRange{Lo: 0x3B1, Hi: 0x3C9})))
	word := c.Named("word", c.Plus(c.Alt(c.ALPHA, greek)))
	fmt.Println(word.Match("alphaβγ"), word.Match("é"), word.Match("\xCE"))
	fmt.Println(greek)
	fmt.Println(word.Check("αβ!"))
	// Output:
	// true false false
	// greek = %x391-3A9 / %x3B1-3C9
	// invalid character '!' at offset 4 in word: expected ALPHA, greek or end of input
}

func ExampleRunes() {
	s := c.Runes(c.RuneRange{Lo: 0xE000, Hi: 0xF8FF}, c.RuneRange{Lo: 0xA0, Hi: 0xFF}, c.RuneRange{Lo: 0x100, Hi: 0x17F})
	fmt.Println(s, s.Contains('é'), s.Contains('a'))
	fmt.Println(s.LeadBytes())
	// Output:
	// %xA0-17F / %xE000-F8FF true false
	// %xC2-C5 / %xEE / %xEF
}

func ExampleRuneSet_Union() {
	fmt.Println(c.Runes(c.RuneRange{Lo: 0x41, Hi: 0x5A}).Union(c.Runes(c.RuneRange{Lo: 0x5B, Hi: 0x60})))
	// Output: %x41-60
}
