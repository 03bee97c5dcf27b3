package combinator_test

import (
	"fmt"

	c "github.com/seed42851778/rfc3986/combinator"
)

// A "tel"-like list of parameters: every match of the captures in the
// repetition, not only the last.
func ExampleRule_Events() {
	const name, value = 0, 1
	param := c.Seq(c.Lit(";"), c.Capture(name, c.Plus(c.ALPHA)),
		c.Opt(c.Seq(c.Lit("="), c.Capture(value, c.Plus(c.Alt(c.ALPHA, c.DIGIT))))))
	params := c.Star(param)
	s := ";ext=101;isub;phone=x9"
	events, _ := params.Events(s)
	for _, e := range events {
		fmt.Println(e.Slot, e.Span, e.Text(s))
	}
	// Output:
	// 0 {1 4} ext
	// 1 {5 8} 101
	// 0 {9 13} isub
	// 0 {14 19} phone
	// 1 {20 22} x9
}

func ExampleRule_AppendEvents() {
	digits := c.Star(c.Seq(c.Capture(0, c.Plus(c.DIGIT)), c.Opt(c.Lit("."))))
	buf := make([]c.Event, 0, 8) // reused: no allocation while it has room
	for _, s := range []string{"192.0.2.1", "10.1", "x"} {
		var ok bool
		buf, ok = digits.AppendEvents(buf[:0], s)
		fmt.Println(len(buf), ok)
	}
	// Output:
	// 4 true
	// 2 true
	// 0 false
}

func ExampleRule_Tree() {
	n, err := c.URI.Tree("http://user@example.com:8080/a/b?q#f", "scheme", "userinfo", "host", "port", "segment", "query", "fragment")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(n)
	for _, seg := range n.Children {
		if seg.Name == "segment" {
			fmt.Println(seg.Text)
		}
	}
	_, err = c.URI.Tree("http://a b")
	fmt.Println(err)
	// Output:
	// URI 0:36 "http://user@example.com:8080/a/b?q#f"
	//   scheme 0:4 "http"
	//   userinfo 7:11 "user"
	//   host 12:23 "example.com"
	//   port 24:28 "8080"
	//   segment 29:30 "a"
	//   segment 31:32 "b"
	//   query 33:34 "q"
	//   fragment 35:36 "f"
	// a
	// b
	// invalid character ' ' at offset 8 in URI: expected unreserved, pct-encoded, sub-delims, ":", "@", "/", "?", "#" or end of input
}

func ExampleNode_Child() {
	pair := c.Named("pair", c.Seq(c.Named("key", c.Plus(c.ALPHA)), c.Lit("="), c.Named("value", c.Star(c.DIGIT))))
	n, _ := c.Seq(pair, c.Star(c.Seq(c.Lit("&"), pair))).Tree("a=1&b=&c=33", "pair", "key", "value")
	for _, p := range n.Children {
		fmt.Printf("%s=%q\n", p.Child("key").Text, p.Child("value").Text)
	}
	// Output:
	// a="1"
	// b=""
	// c="33"
}

func ExampleNode_String() {
	n, _ := c.IPv4Address.Tree("192.0.2.1", "dec-octet")
	fmt.Print(n.String())
	// Output:
	// IPv4address 0:9 "192.0.2.1"
	//   dec-octet 0:3 "192"
	//   dec-octet 4:5 "0"
	//   dec-octet 6:7 "2"
	//   dec-octet 8:9 "1"
}

func ExampleEvent_Text() {
	r := c.Plus(c.Seq(c.Capture(0, c.ALPHA), c.Opt(c.Lit("-"))))
	s := "a-b-c"
	events, _ := r.Events(s)
	for _, e := range events {
		fmt.Print(e.Text(s))
	}
	fmt.Println()
	// Output: abc
}

func ExampleNode_Find() {
	n, _ := c.URI.Tree("http://user@example.com/a/b?q")
	fmt.Println(n.Child("host"), n.Find("host").Text)
	for _, seg := range n.FindAll("segment") {
		fmt.Println(seg.Span, seg.Text)
	}
	// Output:
	// <nil> example.com
	// {24 25} a
	// {26 27} b
}
