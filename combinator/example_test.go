package combinator_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/seed42851778/rfc3986/combinator"
)

func ExampleRule_Match() {
	fmt.Println(combinator.URIReference.Match("foo://example.com:8042/over/there?name=ferret#nose"))
	fmt.Println(combinator.URIReference.Match("http://a b"))
	fmt.Println(combinator.IPv6Address.Match("::ffff:192.0.2.128"))
	// Output:
	// true
	// false
	// true
}

func ExampleRule_Prefix() {
	n, ok := combinator.Scheme.Prefix("https://example.com")
	fmt.Println(n, ok)
	_, ok = combinator.Scheme.Prefix("//example.com")
	fmt.Println(ok)
	// Output:
	// 5 true
	// false
}

func ExampleRule_MatchAt() {
	s := "host=[2001:db8::7];"
	fmt.Println(combinator.IPLiteral.MatchAt(s, 5))
	fmt.Println(combinator.IPLiteral.MatchAt(s, 0))
	// Output:
	// 18
	// -1
}

func ExampleRule_Check() {
	err := combinator.URI.Check("http://a b")
	fmt.Println(err)
	var se *combinator.SyntaxError
	if errors.As(err, &se) {
		fmt.Println(se.Offset, se.Rule)
	}
	// Output:
	// invalid character ' ' at offset 8 in URI: expected unreserved, pct-encoded, sub-delims, ":", "@", "/", "?", "#" or end of input
	// 8 URI
}

func ExampleRule_Captures() {
	user := combinator.Seq(
		combinator.Capture(0, combinator.Scheme), combinator.Lit("://"),
		combinator.Opt(combinator.Seq(combinator.Capture(1, combinator.UserInfo), combinator.Lit("@"))),
		combinator.Capture(2, combinator.Host), combinator.PathAbempty)
	spans := make([]combinator.Span, 3)
	in := "ftp://anonymous@ftp.example/pub"
	fmt.Println(user.Captures(in, spans))
	fmt.Printf("%q %q %q\n", in[spans[0].Start:spans[0].End], in[spans[1].Start:spans[1].End],
		in[spans[2].Start:spans[2].End])
	fmt.Println(user.Captures("ftp://ftp.example/pub", spans), spans[1] == combinator.NoSpan)
	// Output:
	// true
	// "ftp" "anonymous" "ftp.example"
	// true true
}

func ExampleRule_Explain() {
	se := combinator.IPv4Address.Explain("192.0.2")
	fmt.Println(se.Offset, se.In, se.Expected)
	fmt.Println(combinator.IPv4Address.Explain("192.0.2.1") == nil)
	// Output:
	// 7 IPv4address ["5" %x30-34 DIGIT "."]
	// true
}

// ExplainFrom takes what the fast path already knows: the end of the prefix
// the rule matched is a lower bound of where the match failed.
func ExampleRule_ExplainFrom() {
	s := "http://example.com/a b"
	n, _ := combinator.URIReference.Prefix(s)
	se := combinator.URIReference.ExplainFrom(s, n)
	fmt.Println(n, se.Offset, combinator.JoinExpected(se.Expected))
	// Output:
	// 20 20 pchar, "/", "?", "#" or end of input
}

func ExampleRule_String() {
	fmt.Println(combinator.Authority)
	fmt.Println(combinator.Star(combinator.Seq(combinator.Lit(";"), combinator.Segment)))
	// Output:
	// authority = [ userinfo "@" ] host [ ":" port ]
	// *( ";" segment )
}

func ExampleRule_Grammar() {
	fmt.Print(combinator.IPv4Address.Grammar())
	// Output:
	// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
	// dec-octet = "25" %x30-35 / "2" %x30-34 DIGIT / "1" 2DIGIT / %x31-39 DIGIT / DIGIT
	// DIGIT = %x30-39
}

func ExampleNamed() {
	octet := combinator.Named("octet", combinator.Rep(2, 2, combinator.HEXDIG))
	mac := combinator.Named("mac", combinator.Seq(octet, combinator.Rep(5, 5, combinator.Seq(combinator.Lit(":"), octet))))
	fmt.Println(mac)
	fmt.Println(mac.Match("00:1a:2B:3c:4D:5e"))
	fmt.Println(mac.Check("00:1a:2B:3c:4D:5"))
	// Output:
	// mac = octet 5( ":" octet )
	// true
	// unexpected end of input at offset 16 in octet: expected HEXDIG
}

func ExampleFunc() {
	// A terminal in code: a decimal number below 65536.
	port16 := combinator.Func("port16", func(in string, pos int) int {
		n, end := 0, pos
		for end < len(in) && in[end] >= '0' && in[end] <= '9' && end-pos < 5 {
			n = n*10 + int(in[end]-'0')
			end++
		}
		if end == pos || n > 65535 {
			return -1
		}
		return end
	})
	hostport := combinator.Seq(combinator.Host, combinator.Lit(":"), port16, combinator.End)
	fmt.Println(hostport.Match("example.com:8080"), hostport.Match("example.com:65536"))
	fmt.Println(hostport)
	// Output:
	// true false
	// host ":" port16 <end>
}

func ExampleCharSet() {
	set := combinator.PCharSet.Minus(combinator.Chars(":@"))
	fmt.Println(set.Contains('a'), set.Contains(':'), set.Len())
	fmt.Println(combinator.GenDelimsSet)
	fmt.Println(combinator.Chars("xX").Union(combinator.ByteRange('0', '9')))
	fmt.Println(combinator.UnreservedSet.Intersect(combinator.Chars("a-/")).IsEmpty())
	// Output:
	// true false 77
	// "#" / "/" / ":" / "?" / "@" / "[" / "]"
	// %x30-39 / "x"
	// false
}

// A scheme grammar written with the exported rules: geo URIs (RFC 5870),
// simplified to
//
//	geo-URI = "geo:" coordinates *( ";" param )
//	coordinates = num "," num [ "," num ]
//	num = [ "-" ] 1*DIGIT [ "." 1*DIGIT ]
//	param = 1*( ALPHA / DIGIT / "-" ) [ "=" 1*pchar ]
func Example_geo() {
	c := combinator.Seq
	num := combinator.Named("num", c(combinator.Opt(combinator.Lit("-")), combinator.Plus(combinator.DIGIT),
		combinator.Opt(c(combinator.Lit("."), combinator.Plus(combinator.DIGIT)))))
	coordinates := combinator.Named("coordinates",
		c(num, combinator.Lit(","), num, combinator.Opt(c(combinator.Lit(","), num))))
	pname := combinator.Plus(combinator.Class(combinator.AlphaSet.Union(combinator.DigitSet, combinator.Chars("-"))))
	param := combinator.Named("param", c(pname, combinator.Opt(c(combinator.Lit("="), combinator.Plus(combinator.PChar)))))
	geo := combinator.Named("geo-URI", c(combinator.LitFold("geo:"), coordinates,
		combinator.Star(c(combinator.Lit(";"), param)), combinator.End))

	for _, s := range []string{"geo:13.4125,103.8667", "GEO:48.2010,16.3695,183;u=40", "geo:1,2;crs=wgs84;u=%35", "geo:13.4"} {
		fmt.Println(s, geo.Match(s))
	}
	fmt.Println(geo.Check("geo:13.4;u=1"))
	// Output:
	// geo:13.4125,103.8667 true
	// GEO:48.2010,16.3695,183;u=40 true
	// geo:1,2;crs=wgs84;u=%35 true
	// geo:13.4 false
	// invalid character ';' at offset 8 in coordinates: expected DIGIT or ","
}

// The read-only view of a rule's tree, for packages that compile or convert
// rules: here it lists the named rules right under URI with their kinds.
func ExampleRule_Op() {
	for _, s := range combinator.URI.Subs() {
		fmt.Println(s.Op(), s.Label(), s.Nullable())
	}
	fmt.Println(combinator.Port.Fused().Kind == combinator.FusedRun)
	// Output:
	// Seq scheme false
	// Lit ":" false
	// Alt hier-part true
	// Rep [ "?" query ] true
	// Rep [ "#" fragment ] true
	// true
}

func ExampleFuncContext() {
	// expr = "(" expr ")" / "x": a grammar that refers to itself through a
	// FuncContext terminal, whose function matches expr as part of the
	// match in progress.
	var expr *combinator.Rule
	ref := combinator.FuncContext("expr", func(c *combinator.Context, in string, pos int) int {
		return c.MatchAt(expr, in, pos)
	})
	expr = combinator.Named("expr", combinator.Alt(
		combinator.Seq(combinator.Lit("("), ref, combinator.Lit(")")),
		combinator.Lit("x")))

	fmt.Println(expr.Match("((x))"))
	fmt.Println(expr.Check("((x)"))

	// Nesting deeper than MaxDepth stops the match with an error, where a
	// plain Func calling expr.MatchAt would overflow the Go stack.
	deep := strings.Repeat("(", 1_000_000) + "x" + strings.Repeat(")", 1_000_000)
	var de *combinator.DepthError
	fmt.Println(errors.As(expr.Check(deep), &de), de.Offset)
	// Output:
	// true
	// unexpected end of input at offset 4 in expr: expected ")"
	// true 33333
}
