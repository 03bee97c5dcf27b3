package weburl

import (
	"bufio"
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/uri"
	"golang.org/x/net/http/httpguts"
)

// recorded is what the loopback listener saw of one request: its request
// line and Host header, and the address the client asked to dial.
type recorded struct {
	line, host, dialed string
}

// rawListener is a plain TCP listener on loopback that records the first
// line and the Host header of each request and answers 204: net/http's own
// server refuses some bytes browsers send (such as "/foo%").
type rawListener struct {
	ln   net.Listener
	got  chan recorded
	wg   sync.WaitGroup
	mu   sync.Mutex
	dial string // the address of the last dial the client asked for
}

func newRawListener(t *testing.T) *rawListener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("no loopback listener: %v", err)
	}
	l := &rawListener{ln: ln, got: make(chan recorded, 1)}
	l.wg.Add(1)
	go l.serve()
	t.Cleanup(func() { ln.Close(); l.wg.Wait() })
	return l
}

func (l *rawListener) serve() {
	defer l.wg.Done()
	for {
		c, err := l.ln.Accept()
		if err != nil {
			return
		}
		r := bufio.NewReader(c)
		var rec recorded
		line, _ := r.ReadString('\n')
		rec.line = strings.TrimSuffix(line, "\r\n")
		for {
			h, err := r.ReadString('\n')
			h = strings.TrimSuffix(h, "\r\n")
			if err != nil || h == "" {
				break
			}
			if name, value, ok := strings.Cut(h, ":"); ok && strings.EqualFold(name, "Host") {
				rec.host = strings.TrimSpace(value)
			}
		}
		c.Write([]byte("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n"))
		c.Close()
		l.mu.Lock()
		rec.dialed = l.dial
		l.mu.Unlock()
		l.got <- rec
	}
}

// client returns a client whose every connection, https ones included,
// goes to the listener in plain TCP: DialTLSContext hands the transport a
// connection it takes as past the TLS handshake, so the bytes it writes
// are those it would write inside TLS.
func (l *rawListener) client() *http.Client {
	dial := func(ctx context.Context, _, addr string) (net.Conn, error) {
		l.mu.Lock()
		l.dial = addr
		l.mu.Unlock()
		var d net.Dialer
		return d.DialContext(ctx, "tcp", l.ln.Addr().String())
	}
	return &http.Client{
		Transport: &http.Transport{DialContext: dial, DialTLSContext: dial, DisableKeepAlives: true, Proxy: nil},
		Timeout:   10 * time.Second,
	}
}

// send makes a GET request with u.NetURL through c and returns what the
// listener recorded.
func (l *rawListener) send(c *http.Client, u URL) (recorded, error) {
	req := (&http.Request{Method: "GET", URL: u.NetURL(), Header: http.Header{}}).WithContext(context.Background())
	resp, err := c.Do(req)
	if err != nil {
		return recorded{}, err
	}
	resp.Body.Close()
	return <-l.got, nil
}

// requestTargets returns the request targets a request for u may carry:
// the href's path and query (origin-form), and the href up to its fragment
// without userinfo (absolute-form).
func requestTargets(u URL) (origin, absolute string) {
	h := u.Href()
	return h[u.pathStart:u.fragStart], h[:u.schemeEnd+3] + h[u.hostStart:u.fragStart]
}

func TestNetURLRequestCarriesHrefBytes(t *testing.T) {
	l := newRawListener(t)
	c := l.client()
	wpt := acceptedWPT(t)
	fromWPT := len(wpt)
	// Of the corpus, the URLs whose NetURL is not what url.Parse would
	// make of a plain href: a RawPath, a User, the Opaque form.
	corpusURLs, _ := acceptedCorpus(t)
	for _, u := range corpusURLs {
		if v := u.NetURL(); v.Opaque != "" || v.RawPath != "" || v.User != nil {
			wpt = append(wpt, u)
		}
	}
	checked, absolute := [2]int{}, [2]int{}
	skipped := [2]map[string]int{{}, {}}
	for i, u := range wpt {
		if u.scheme.Name() != "http" && u.scheme.Name() != "https" {
			continue
		}
		src := 0 // urltestdata.json, then the corpus
		if i >= fromWPT {
			src = 1
		}
		got, err := l.send(c, u)
		if err != nil {
			t.Errorf("%q: the client refused NetURL %#v: %v", u.Href(), u.NetURL(), err)
			continue
		}
		checked[src]++
		origin, abs := requestTargets(u)
		target := strings.TrimSuffix(strings.TrimPrefix(got.line, "GET "), " HTTP/1.1")
		if target != origin && target != abs {
			t.Errorf("%q: request target %q, want %q or %q", u.Href(), target, origin, abs)
		}
		if target == abs {
			absolute[src]++
		}
		if !httpguts.ValidHostHeader(u.Host()) {
			// The client sends an empty Host header for such a host (see
			// (*http.Request).Write); the request target still names it.
			skipped[src]["Host header: a host net/http refuses there"]++
		} else if got.host != u.Host() {
			t.Errorf("%q: Host header %q, want %q", u.Href(), got.host, u.Host())
		}
		want, _ := u.DialAddr()
		if got.dialed != want {
			t.Errorf("%q: the client dialed %q, DialAddr = %q", u.Href(), got.dialed, want)
		}
	}
	t.Logf("urltestdata.json: %d http and https URLs sent (%d in absolute-form), checks skipped: %v", checked[0], absolute[0], skipped[0])
	t.Logf("corpus (a RawPath, a User or the Opaque form): %d sent (%d in absolute-form), checks skipped: %v", checked[1], absolute[1], skipped[1])
}

// netURLStringException says why v.String() may differ from u's href, or
// "" when it may not: net/url cannot hold an empty fragment, writes some
// bytes of a fragment encoded, and writes url.Userinfo its own way.
func netURLStringException(u URL) string {
	f, hasF := u.fragment()
	switch {
	case hasF && f == "":
		return "empty fragment"
	case hasF && (&url.URL{Fragment: lenientDecode(f), RawFragment: f}).EscapedFragment() != f:
		return "fragment bytes net/url encodes"
	case u.Username() != "" || u.Password() != "":
		ui := url.User(lenientDecode(u.Username()))
		if u.Password() != "" {
			ui = url.UserPassword(lenientDecode(u.Username()), lenientDecode(u.Password()))
		}
		if ui.String() != u.href[u.schemeEnd+3:u.hostStart-1] {
			return "userinfo url.Userinfo writes otherwise"
		}
	}
	return ""
}

func TestNetURLStringIsHref(t *testing.T) {
	urls := acceptedWPT(t)
	corpusURLs, _ := acceptedCorpus(t)
	exceptions := map[string]int{}
	for _, u := range append(urls, corpusURLs...) {
		v := u.NetURL()
		why := netURLStringException(u)
		if why != "" {
			exceptions[why]++
			continue
		}
		if v.Opaque != "" && v.User != nil {
			exceptions["userinfo left out of the Opaque form"]++
			if _, abs := requestTargets(u); v.String() != abs+u.href[u.fragStart:] {
				t.Errorf("%q: NetURL().String() = %q (%#v)", u.Href(), v.String(), v)
			}
			continue
		}
		if v.String() != u.Href() {
			t.Errorf("%q: NetURL().String() = %q (%#v)", u.Href(), v.String(), v)
		}
	}
	t.Logf("%d URLs (urltestdata.json and the corpus), String() is the href but for: %v", len(urls)+len(corpusURLs), exceptions)
}

func TestNetURLFields(t *testing.T) {
	tests := []struct {
		in   string
		want *url.URL
	}{
		{"https://user:pa%20ss@example.com:8080/a%2Fb?q=1#top", &url.URL{Scheme: "https",
			User: url.UserPassword("user", "pa ss"), Host: "example.com:8080", Path: "/a/b", RawPath: "/a%2Fb",
			RawQuery: "q=1", Fragment: "top"}},
		{"https://example.com/?", &url.URL{Scheme: "https", Host: "example.com", Path: "/", ForceQuery: true}},
		{"mailto:x@example.com?subject=hi", &url.URL{Scheme: "mailto", Opaque: "x@example.com", RawQuery: "subject=hi"}},
		{"web+demo:/.//not-a-host/", &url.URL{Scheme: "web+demo", Path: "/.//not-a-host/", OmitHost: true}},
		{"http://[::1]:81/", &url.URL{Scheme: "http", Host: "[::1]:81", Path: "/"}},
		// A path net/url cannot hold raw: the Opaque form, absolute.
		{"http://example.com/foo%|", &url.URL{Scheme: "http", Host: "example.com", Opaque: "//example.com/foo%|"}},
		// ... with the userinfo kept out of it, in User.
		{"http://u:p@example.com/a|", &url.URL{Scheme: "http", User: url.UserPassword("u", "p"),
			Host: "example.com", Opaque: "//example.com/a|"}},
		// A host net/url would encode, and an empty host before an empty path.
		{"sc://a%zz/x", &url.URL{Scheme: "sc", Host: "a%zz", Opaque: "//a%zz/x"}},
		{"sc://?q", &url.URL{Scheme: "sc", Opaque: "//", RawQuery: "q"}},
		{"file:///etc/hosts", &url.URL{Scheme: "file", Path: "/etc/hosts"}},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		got := u.NetURL()
		if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(url.Userinfo{})); diff != "" {
			t.Errorf("Parse(%q).NetURL() (-want +got):\n%s", tt.in, diff)
		}
	}
	if got := (URL{}).NetURL(); *got != (url.URL{}) {
		t.Errorf("URL{}.NetURL() = %#v, want an empty url.URL", got)
	}
}

func TestNetURLOpaqueFormRequestLine(t *testing.T) {
	// The request a client writes, byte for byte, for the Opaque form:
	// absolute-form, without the userinfo, which goes in Authorization.
	u, err := Parse("https://u:p@example.com/foo%|?q=a|b#f")
	if err != nil {
		t.Fatal(err)
	}
	req := &http.Request{Method: "GET", URL: u.NetURL(), Header: http.Header{}}
	var b strings.Builder
	if err := req.Write(&b); err != nil {
		t.Fatal(err)
	}
	line, _, _ := strings.Cut(b.String(), "\r\n")
	if want := "GET https://example.com/foo%|?q=a|b HTTP/1.1"; line != want {
		t.Errorf("request line %q, want %q", line, want)
	}
	if !strings.Contains(b.String(), "\r\nHost: example.com\r\n") {
		t.Errorf("request %q has no Host: example.com", b.String())
	}
}

func TestDialAddrAndPortOrDefault(t *testing.T) {
	tests := []struct {
		in      string
		addr    string
		addrErr error
		port    int
		portErr error
	}{
		{"https://example.com/", "example.com:443", nil, 443, nil},
		{"http://example.com:8080/", "example.com:8080", nil, 8080, nil},
		{"http://example.com:80/", "example.com:80", nil, 80, nil}, // the default, dropped by Parse
		{"ws://h/", "h:80", nil, 80, nil},
		{"wss://h/", "h:443", nil, 443, nil},
		{"ftp://h/", "h:21", nil, 21, nil},
		{"http://[2001:DB8::1]/", "[2001:db8::1]:80", nil, 80, nil},
		{"http://0x7f.1/", "127.0.0.1:80", nil, 80, nil},
		{"https://bücher.de/", "xn--bcher-kva.de:443", nil, 443, nil},
		{"sc://h:7/", "h:7", nil, 7, nil},
		{"sc://h/", "", uri.ErrNoPort, 0, uri.ErrNoPort},
		{"file://server/share", "", uri.ErrNoPort, 0, uri.ErrNoPort},
		{"file:///etc/hosts", "", uri.ErrNoHost, 0, uri.ErrNoPort},
		{"mailto:x@example.com", "", uri.ErrNoHost, 0, uri.ErrNoPort},
		{"sc:/a", "", uri.ErrNoHost, 0, uri.ErrNoPort},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		addr, err := u.DialAddr()
		if addr != tt.addr || !errors.Is(err, tt.addrErr) || (err == nil) != (tt.addrErr == nil) {
			t.Errorf("Parse(%q).DialAddr() = %q, %v; want %q, %v", tt.in, addr, err, tt.addr, tt.addrErr)
		}
		port, err := u.PortOrDefault()
		if port != tt.port || !errors.Is(err, tt.portErr) || (err == nil) != (tt.portErr == nil) {
			t.Errorf("Parse(%q).PortOrDefault() = %d, %v; want %d, %v", tt.in, port, err, tt.port, tt.portErr)
		}
	}
	if _, err := (URL{}).DialAddr(); !errors.Is(err, uri.ErrNoHost) {
		t.Errorf("URL{}.DialAddr() error = %v, want uri.ErrNoHost", err)
	}
	if _, err := (URL{}).PortOrDefault(); !errors.Is(err, uri.ErrNoPort) {
		t.Errorf("URL{}.PortOrDefault() error = %v, want uri.ErrNoPort", err)
	}
}

func TestDialAddrIsURIDialAddr(t *testing.T) {
	// Where the href is a URI whose host needs no decoding, uri says the
	// same: the two share their default ports.
	urls := acceptedWPT(t)
	corpusURLs, _ := acceptedCorpus(t)
	compared := 0
	for _, u := range append(urls, corpusURLs...) {
		r, err := u.URI()
		if err != nil || strings.Contains(u.Hostname(), "%") {
			continue
		}
		compared++
		want, werr := r.DialAddr()
		got, gerr := u.DialAddr()
		if got != want || !sameErr(werr, gerr) {
			t.Errorf("%q: DialAddr() = %q, %v; uri's = %q, %v", u.Href(), got, gerr, want, werr)
		}
		wp, werr := r.PortOrDefault()
		gp, gerr := u.PortOrDefault()
		if gp != wp || !sameErr(werr, gerr) {
			t.Errorf("%q: PortOrDefault() = %d, %v; uri's = %d, %v", u.Href(), gp, gerr, wp, werr)
		}
	}
	t.Logf("%d URLs compared", compared)
}

func sameErr(a, b error) bool {
	return a == b || errors.Is(a, b)
}
