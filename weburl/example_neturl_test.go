package weburl_test

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/seed42851778/rfc3986/uri"
	"github.com/seed42851778/rfc3986/weburl"
)

func ExampleURL_DialAddr() {
	for _, s := range []string{"https://bücher.example/", "http://0x7f.1:8080/", "ws://[::1]/chat", "file:///etc/hosts"} {
		u, _ := weburl.Parse(s)
		addr, err := u.DialAddr()
		fmt.Println(addr, err, errors.Is(err, uri.ErrNoHost))
	}
	// Output:
	// xn--bcher-kva.example:443 <nil> false
	// 127.0.0.1:8080 <nil> false
	// [::1]:80 <nil> false
	//  uri: no host to dial true
}

func ExampleURL_PortOrDefault() {
	for _, s := range []string{"https://example.com/", "https://example.com:8443/", "sc://example.com/"} {
		u, _ := weburl.Parse(s)
		port, err := u.PortOrDefault()
		fmt.Println(port, err)
	}
	// Output:
	// 443 <nil>
	// 8443 <nil>
	// 0 uri: no port number
}

func ExampleURL_NetURL() {
	// A browser sends "/foo%" and "a|b" as they are; net/url would refuse
	// the path ("invalid URL escape") and encode the query. NetURL keeps
	// the bytes: the request goes in absolute-form.
	u, _ := weburl.Parse("https://example.com/foo%?q=a|b#top")
	v := u.NetURL()
	fmt.Println(v.String() == u.Href())
	req := &http.Request{Method: "GET", URL: v, Header: http.Header{}}
	var b strings.Builder
	req.Write(&b)
	fmt.Print(strings.ReplaceAll(b.String(), "\r\n", "\n"))
	// Output:
	// true
	// GET https://example.com/foo%?q=a|b HTTP/1.1
	// Host: example.com
	// User-Agent: Go-http-client/1.1
}
