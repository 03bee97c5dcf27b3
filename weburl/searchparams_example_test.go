package weburl_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/weburl"
)

func ExampleParseSearchParams() {
	p := weburl.ParseSearchParams("?q=caf%C3%A9+au+lait&tag=a&tag=b&empty")
	q, _ := p.Get("q")
	fmt.Println(q)
	fmt.Println(p.GetAll("tag"))
	fmt.Println(p.Has("empty"), p.Len())
	// Output:
	// café au lait
	// [a b]
	// true 4
}

func ExampleSearchParams_String() {
	p := weburl.NewSearchParams(weburl.Param{Name: "q", Value: "a b~c"}, weburl.Param{Name: "x", Value: "1+1"})
	fmt.Println(p)
	// Output: q=a+b%7Ec&x=1%2B1
}

func ExampleSearchParams_Set() {
	p := weburl.ParseSearchParams("a=1&b=2&a=3")
	fmt.Println(p.Set("a", "x"))
	fmt.Println(p.Append("a", "4"))
	fmt.Println(p.Delete("a"))
	fmt.Println(p) // unchanged
	// Output:
	// a=x&b=2
	// a=1&b=2&a=3&a=4
	// b=2
	// a=1&b=2&a=3
}

func ExampleSearchParams_Sort() {
	// The standard's example: names sort by UTF-16 code units, stably.
	p := weburl.ParseSearchParams("q=🏳️‍🌈&key=e1f7bc78")
	fmt.Println(p.Sort())
	// Output: key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88
}

func ExampleSearchParams_All() {
	for name, value := range weburl.ParseSearchParams("a=1&b=2").All() {
		fmt.Println(name, value)
	}
	// Output:
	// a 1
	// b 2
}
