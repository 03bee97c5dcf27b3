package uri_test

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/url"
	"os"

	"github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

func ExampleParse() {
	u, err := uri.Parse("foo://example.com:8042/over/there?name=ferret#nose")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.Scheme(), u.Authority(), u.Path(), u.Query(), u.Fragment())

	_, err = uri.Parse("/over/there") // no scheme: a relative reference
	fmt.Println(err)
	// Output:
	// foo example.com:8042 /over/there name=ferret nose
	// uri: invalid character '/' at offset 0 in scheme: expected scheme; no scheme: begin with one, such as "https:"
}

func ExampleParseReference() {
	for _, s := range []string{"http://a/b/c/d;p?q", "../g", "//g", "#s", "http://a b"} {
		u, err := uri.ParseReference(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%q relative=%v\n", u, u.IsRelative())
	}
	// Output:
	// "http://a/b/c/d;p?q" relative=false
	// "../g" relative=true
	// "//g" relative=true
	// "#s" relative=true
	// uri: invalid character ' ' at offset 8 in host: expected unreserved, pct-encoded, sub-delims, ":", "@", "/", "?", "#" or end of input; a space is not allowed as it stands: percent-encode it as "%20"
}

func ExampleParseAbsolute() {
	_, err := uri.ParseAbsolute("http://a/b/c/d;p?q")
	fmt.Println(err)
	_, err = uri.ParseAbsolute("http://a/b#frag")
	fmt.Println(err)
	// Output:
	// <nil>
	// uri: invalid character '#' at offset 10 in path: expected pchar, "/", "?" or end of input; an absolute URI or IRI has no fragment (RFC 3986 §4.3): remove the "#" and what follows
}

func ExampleParseRelative() {
	u, err := uri.ParseRelative("../g?y#s")
	fmt.Println(u.Path(), u.Query(), u.Fragment(), err)
	_, err = uri.ParseRelative("g:h")
	fmt.Println(err != nil)
	// Output:
	// ../g y s <nil>
	// true
}

func ExampleMustParse() {
	var base = uri.MustParse("http://a/b/c/d;p?q")
	fmt.Println(base.Host())
	// Output: a
}

func ExampleMustParseReference() {
	var ref = uri.MustParseReference("../g")
	fmt.Println(ref.Path())
	// Output: ../g
}

func ExampleParseError() {
	_, err := uri.ParseReference("a:b#c#d")
	var pe *uri.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Offset, pe.Rule, pe.Component, pe.Expected)
	}
	fmt.Println(errors.Is(err, uri.ErrInvalid))
	// Output:
	// 5 URI-reference fragment [pchar "/" "?" end of input]
	// true
}

func ExampleParseError_hint() {
	for _, s := range []string{"example.com", "https://example.com:80a/", "http://h/a b", "http://h/café"} {
		_, err := uri.Parse(s)
		var pe *uri.ParseError
		if errors.As(err, &pe) {
			fmt.Printf("%d: %s\n", pe.Offset, pe.Hint)
		}
	}
	// Output:
	// 11: no scheme: did you mean "https://example.com"?
	// 23: the port "80a" holds 'a' at offset 22: a port is decimal digits only
	// 10: a space is not allowed as it stands: percent-encode it as "%20"
	// 12: non-ASCII character 'é' is not allowed in a URI: percent-encode its UTF-8 bytes as "%C3%A9"; an IRI parser (RFC 3987) accepts it as it is
}

func ExampleParseError_suggestion() {
	for _, s := range []string{"example.com/a", `C:\Users\me\notes.txt`, "http//example.com/"} {
		_, err := uri.Parse(s)
		var pe *uri.ParseError
		if errors.As(err, &pe) && pe.Suggestion != "" {
			u, _ := uri.Parse(pe.Suggestion)
			fmt.Println(u)
		}
	}
	// Output:
	// https://example.com/a
	// file:///C:/Users/me/notes.txt
	// http://example.com/
}

func ExampleURI_String() {
	for _, s := range []string{"s:", "s:?", "s:?#", "//@h:"} {
		fmt.Println(uri.MustParseReference(s).String())
	}
	// Output:
	// s:
	// s:?
	// s:?#
	// //@h:
}

func ExampleURI_IsRelative() {
	fmt.Println(uri.MustParseReference("g:h").IsRelative(), uri.MustParseReference("g").IsRelative())
	// Output: false true
}

func ExampleURI_IsAbsolute() {
	fmt.Println(uri.MustParse("http://a/b").IsAbsolute(), uri.MustParse("http://a/b#f").IsAbsolute())
	// Output: true false
}

func ExampleURI_Scheme() {
	fmt.Println(uri.MustParse("HTTP://example.com/").Scheme())
	// Output: HTTP
}

func ExampleURI_HasAuthority() {
	for _, s := range []string{"file:///etc/hosts", "mailto:a@b", "s://"} {
		u := uri.MustParse(s)
		fmt.Printf("%v %q\n", u.HasAuthority(), u.Authority())
	}
	// Output:
	// true ""
	// false ""
	// true ""
}

func ExampleURI_Authority() {
	fmt.Println(uri.MustParse("foo://user@example.com:8042/over/there").Authority())
	// Output: user@example.com:8042
}

func ExampleURI_HasUserInfo() {
	for _, s := range []string{"//h", "//@h", "//u@h"} {
		u := uri.MustParseReference(s)
		fmt.Printf("%v %q\n", u.HasUserInfo(), u.UserInfo())
	}
	// Output:
	// false ""
	// true ""
	// true "u"
}

func ExampleURI_UserInfo() {
	fmt.Println(uri.MustParse("ftp://anonymous@ftp.example.com/").UserInfo())
	// Output: anonymous
}

func ExampleURI_Host() {
	for _, s := range []string{"http://example.com/", "telnet://192.0.2.16:80/", "ldap://[2001:db8::7]/c=GB", "file:///x"} {
		fmt.Printf("%q\n", uri.MustParse(s).Host())
	}
	// Output:
	// "example.com"
	// "192.0.2.16"
	// "[2001:db8::7]"
	// ""
}

func ExampleURI_HostKind() {
	for _, h := range []string{"1.2.3.4", "1.2.3.256", "01.2.3.4", "[::1]", "[v1.x]", ""} {
		fmt.Printf("%q %v\n", h, uri.MustParseReference("//"+h).HostKind())
	}
	fmt.Println(uri.MustParse("mailto:a@b").HostKind())
	// Output:
	// "1.2.3.4" IPv4
	// "1.2.3.256" reg-name
	// "01.2.3.4" reg-name
	// "[::1]" IPv6
	// "[v1.x]" IPvFuture
	// "" reg-name
	// none
}

func ExampleHostKind_String() {
	fmt.Println(uri.IPv6.String(), uri.RegName)
	// Output: IPv6 reg-name
}

func ExampleURI_HasPort() {
	for _, s := range []string{"//h", "//h:", "//h:80"} {
		u := uri.MustParseReference(s)
		fmt.Printf("%v %q\n", u.HasPort(), u.Port())
	}
	// Output:
	// false ""
	// true ""
	// true "80"
}

func ExampleURI_Port() {
	fmt.Println(uri.MustParse("telnet://192.0.2.16:80/").Port())
	// Output: 80
}

func ExampleURI_PortNumber() {
	for _, s := range []string{"http://h:0080/", "http://h/", "http://h:/", "http://h:65536/"} {
		n, err := uri.MustParse(s).PortNumber()
		var re *uri.PortRangeError
		switch {
		case errors.Is(err, uri.ErrNoPort):
			fmt.Println("default port")
		case errors.As(err, &re):
			fmt.Println(err)
		default:
			fmt.Println(n)
		}
	}
	// Output:
	// 80
	// default port
	// default port
	// uri: port 65536 is out of range 0-65535
}

func ExampleURI_Path() {
	fmt.Printf("%q %q\n", uri.MustParse("urn:example:animal:ferret:nose").Path(), uri.MustParse("http://h").Path())
	// Output: "example:animal:ferret:nose" ""
}

func ExampleURI_HasQuery() {
	for _, s := range []string{"s:", "s:?", "s:?q"} {
		u := uri.MustParse(s)
		fmt.Printf("%v %q\n", u.HasQuery(), u.Query())
	}
	// Output:
	// false ""
	// true ""
	// true "q"
}

func ExampleURI_Query() {
	fmt.Println(uri.MustParse("ldap://[2001:db8::7]/c=GB?objectClass?one").Query())
	// Output: objectClass?one
}

func ExampleURI_HasFragment() {
	for _, s := range []string{"s:", "s:#", "s:#f"} {
		u := uri.MustParse(s)
		fmt.Printf("%v %q\n", u.HasFragment(), u.Fragment())
	}
	// Output:
	// false ""
	// true ""
	// true "f"
}

func ExampleURI_Fragment() {
	fmt.Println(uri.MustParse("foo://example.com:8042/over/there?name=ferret#nose").Fragment())
	// Output: nose
}

func ExampleURI_Segments() {
	for seg := range uri.MustParse("http://h/a/b%2Fc//d/").Segments() {
		fmt.Printf("%q ", seg)
	}
	fmt.Println()
	// Output: "a" "b%2Fc" "" "d" ""
}

func ExampleURI_DecodedSegments() {
	for seg := range uri.MustParse("http://h/caf%C3%A9/a%2Fb").DecodedSegments() {
		fmt.Printf("%q ", seg)
	}
	fmt.Println()
	// Output: "café" "a/b"
}

func ExampleURI_QueryParams() {
	for k, v := range uri.MustParse("http://h/?a=1&b&&a=x%20y").QueryParams() {
		fmt.Printf("%q=%q\n", k, v)
	}
	// Output:
	// "a"="1"
	// "b"=""
	// "a"="x%20y"
}

func ExampleURI_DecodedQueryParams() {
	for k, v := range uri.MustParse("http://h/?caf%C3%A9=x%20y&a%26b=1+2").DecodedQueryParams() {
		fmt.Printf("%q=%q\n", k, v)
	}
	// Output:
	// "café"="x y"
	// "a&b"="1+2"
}

func ExampleURI_QueryValue() {
	u := uri.MustParse("http://h/?q=go%20iter&q=second&lang")
	fmt.Println(u.QueryValue("q"))
	fmt.Println(u.QueryValue("lang"))
	fmt.Println(u.QueryValue("page"))
	// Output:
	// go iter true
	//  true
	//  false
}

func ExamplePercentDecode() {
	fmt.Println(uri.PercentDecode("caf%C3%A9%20au%20lait"))
	_, err := uri.PercentDecode("100%")
	var ee *uri.EscapeError
	fmt.Println(errors.As(err, &ee), ee.Offset, err)
	// Output:
	// café au lait <nil>
	// true 3 uri: malformed percent-encoding "%" at offset 3: expected "%" HEXDIG HEXDIG
}

func ExampleEncodedOffset() {
	// A check on the decoded text "café!" stops at its "!", byte 5; in the
	// text as written, the "!" is at offset 9.
	raw := "caf%C3%A9!"
	d, _ := uri.PercentDecode(raw)
	n := len(d) - 1
	fmt.Println(n, uri.EncodedOffset(raw, n))
	// Output:
	// 5 9
}

func ExampleEscapeError() {
	_, err := uri.PercentDecode("a%G0")
	var ee *uri.EscapeError
	if errors.As(err, &ee) {
		fmt.Println(ee.Offset)
	}
	// Output: 1
}

func ExamplePercentEncode() {
	fmt.Println(uri.PercentEncode("a/b c", uri.ComponentPath))
	fmt.Println(uri.PercentEncode("a/b c", uri.ComponentPathSegment))
	fmt.Println(uri.PercentEncode("x=1&y=100%", uri.ComponentQuery))
	fmt.Println(uri.PercentEncode("x=1&y=100%", uri.ComponentQueryParam))
	fmt.Println(uri.PercentEncode("café", uri.ComponentFragment))
	// Output:
	// a/b%20c
	// a%2Fb%20c
	// x=1&y=100%25
	// x%3D1%26y%3D100%25
	// caf%C3%A9
}

func ExampleAppendPercentEncode() {
	// A query built from its parameters in one buffer.
	q := []byte("q=")
	q = uri.AppendPercentEncode(q, "a&b c", uri.ComponentQueryParam)
	q = append(q, "&lang="...)
	q = uri.AppendPercentEncode(q, "français", uri.ComponentQueryParam)
	fmt.Println(string(q))
	// Output:
	// q=a%26b%20c&lang=fran%C3%A7ais
}

func ExampleEncode() {
	// The first segment of a relative path cannot hold ":" (§4.2).
	fmt.Println(uri.Encode("a:b", combinator.SegmentNZNCSet))
	// Output: a%3Ab
}

func ExampleURI_Redacted() {
	fmt.Println(uri.MustParse("https://bob:hunter2@example.com/x").Redacted())
	fmt.Println(uri.MustParse("https://bob@example.com/x").Redacted())
	// Output:
	// https://bob:xxxxx@example.com/x
	// https://bob@example.com/x
}

func ExampleURI_LogValue() {
	log := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // for a stable output
			}
			return a
		},
	}))
	log.Info("fetch", "url", uri.MustParse("https://bob:hunter2@example.com/"))
	// Output: level=INFO msg=fetch url=https://bob:xxxxx@example.com/
}

func ExampleURI_MarshalText() {
	b, _ := json.Marshal(struct{ Endpoint uri.URI }{uri.MustParse("http://h/?q#f")})
	fmt.Println(string(b))
	// Output: {"Endpoint":"http://h/?q#f"}
}

func ExampleURI_AppendText() {
	b, _ := uri.MustParse("s:x").AppendText([]byte("uri="))
	fmt.Println(string(b))
	// Output: uri=s:x
}

func ExampleURI_UnmarshalText() {
	var cfg struct{ Base uri.URI }
	err := json.Unmarshal([]byte(`{"Base":"http://a/b/c/d;p?q"}`), &cfg)
	fmt.Println(cfg.Base.Path(), err)

	fs := flag.NewFlagSet("example", flag.ContinueOnError)
	var endpoint uri.URI
	fs.TextVar(&endpoint, "endpoint", uri.MustParse("http://localhost/"), "the endpoint")
	err = fs.Parse([]string{"-endpoint", "https://example.com:8443/api"})
	fmt.Println(endpoint.Port(), err)
	// Output:
	// /b/c/d;p <nil>
	// 8443 <nil>
}

func ExampleURI_NetURL() {
	v, err := uri.MustParse("http://u:p@h:8080/a%2Fb?q#f").NetURL()
	fmt.Println(v.Host, v.Path, v.EscapedPath(), v.String(), err)

	_, err = uri.MustParse("http://[v1.x]/#").NetURL()
	var ce *uri.ConversionError
	if errors.As(err, &ce) {
		fmt.Println(ce.Losses)
	}
	// Output:
	// h:8080 /a/b /a%2Fb http://u:p@h:8080/a%2Fb?q#f <nil>
	// [IPvFuture host empty fragment]
}

func ExampleFromNetURL() {
	v, _ := url.Parse("https://example.com/a b")
	u, err := uri.FromNetURL(v)
	fmt.Println(u, err)

	_, err = uri.FromNetURL(&url.URL{Scheme: "https", Host: "example.com", RawQuery: "q=a b"})
	fmt.Println(err)
	// Output:
	// https://example.com/a%20b <nil>
	// uri: conversion to or from net/url loses: not an RFC 3986 URI reference: uri: invalid character ' ' at offset 23 in query: expected pchar, "/", "?", "#" or end of input; a space is not allowed as it stands: percent-encode it as "%20"
}

func ExampleConversionError() {
	_, err := uri.MustParseReference("s:#").NetURL()
	var ce *uri.ConversionError
	fmt.Println(errors.As(err, &ce), ce.Losses[0] == uri.LossEmptyFragment)
	// Output: true true
}
