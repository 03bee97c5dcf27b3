package uritemplate_test

import (
	"errors"
	"fmt"

	"github.com/seed42851778/rfc3986/uritemplate"
)

func ExampleParse() {
	t, err := uritemplate.Parse("/users/{id}/repos{?type,sort}")
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Varnames())

	_, err = uritemplate.Parse("/users/{user id}")
	fmt.Println(err)
	var pe *uritemplate.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Offset, pe.Hint)
	}
	// Output:
	// [id type sort]
	// uritemplate: invalid character ' ' at offset 12 in expression: expected ".", varchar, modifier-level4, "," or "}"; a varname cannot hold a space
	// 12 a varname cannot hold a space
}

func ExampleMustParse() {
	repos := uritemplate.MustParse("https://api.github.com/repos/{owner}/{repo}/issues{?state,labels}")
	fmt.Println(repos)
	// Output:
	// https://api.github.com/repos/{owner}/{repo}/issues{?state,labels}
}

func ExampleTemplate_Expand() {
	t := uritemplate.MustParse("/search{/lang}{?q,page,tags*}{#frag}")
	s, err := t.Expand(map[string]any{
		"lang": "en",
		"q":    "URI Templates",
		"page": 2,
		"tags": []string{"go", "rfc"},
		"frag": nil, // undefined: left out
	})
	fmt.Println(s, err)

	// An ordered associative array; a map[string]string expands in key order.
	s, _ = uritemplate.MustParse("{;keys*}").Expand(map[string]any{
		"keys": uritemplate.Pairs{{"semi", ";"}, {"dot", "."}, {"comma", ","}},
	})
	fmt.Println(s)

	_, err = uritemplate.MustParse("{keys:1}").Expand(map[string]any{"keys": map[string]string{"a": "b"}})
	fmt.Println(err)
	// Output:
	// /search/en?q=URI%20Templates&page=2&tags=go&tags=rfc <nil>
	// ;semi=%3B;dot=.;comma=%2C
	// uritemplate: variable "keys" at offset 1: a prefix modifier applies to a string value, not to map[string]string (RFC 6570 §2.4.1)
}

func ExampleTemplate_ExpandURI() {
	t := uritemplate.MustParse("http://example.com{+path}{?q}")
	u, err := t.ExpandURI(map[string]any{"path": "/a b/c", "q": "x&y"})
	fmt.Println(u, u.Path(), u.Query(), err)

	_, err = t.ExpandURI(map[string]any{"path": "/[x]"})
	fmt.Println(err)
	// Output:
	// http://example.com/a%20b/c?q=x%26y /a%20b/c q=x%26y <nil>
	// uri: invalid character '[' at offset 19 in path: expected pchar, "/", "?", "#" or end of input; "[" is allowed only around an IP literal in the host: percent-encode it as "%5B"
}

func ExampleTemplate_Match() {
	t := uritemplate.MustParse("/users/{id}/posts{?page,tags}")
	vars, ok := t.Match("/users/j%C3%BCrgen/posts?page=2&tags=go,rfc")
	fmt.Println(vars, ok)

	// Two expressions side by side cannot be told apart.
	_, ok = uritemplate.MustParse("{x}{y}").Match("ab")
	fmt.Println(ok)
	// Output:
	// map[id:jürgen page:2 tags:[go rfc]] true
	// false
}

func ExampleTemplate_Varnames() {
	fmt.Println(uritemplate.MustParse("{/a,b}{?c,a}").Varnames())
	// Output:
	// [a b c]
}

func ExampleTemplate_String() {
	fmt.Println(uritemplate.MustParse("{+base}{/path*}").String())
	// Output:
	// {+base}{/path*}
}

// The grammar is made of combinator rules: reuse them, or print them as ABNF.
func ExampleVarspec() {
	fmt.Println(uritemplate.Varspec.Match("list*"), uritemplate.Varspec.Match("var:10000"))
	fmt.Print(uritemplate.Varspec.Grammar())
	// Output:
	// true false
	// varspec = varname [ modifier-level4 ]
	// varname = varchar *( [ "." ] varchar )
	// varchar = ALPHA / DIGIT / "_" / pct-encoded
	// ALPHA = %x41-5A / %x61-7A
	// DIGIT = %x30-39
	// pct-encoded = "%" HEXDIG HEXDIG
	// HEXDIG = %x30-39 / %x41-46 / %x61-66
	// modifier-level4 = prefix / explode
	// prefix = ":" max-length
	// max-length = %x31-39 *3DIGIT
	// explode = "*"
}
