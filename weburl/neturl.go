package weburl

import (
	"net/url"

	"github.com/seed42851778/rfc3986/uri"
)

// DialAddr returns the address a client connects to for u, in the form
// net.Dial takes: the host as serialized (an IPv6 address in its brackets,
// "[::1]:443"), ':', and the port, or, when u has none, the default port of
// its special scheme (80 for http and ws, 443 for https and wss, 21 for
// ftp): "https://example.com/" gives "example.com:443". The host is the
// href's, so an internationalized domain is dialed as its A-label, and an
// IPv4 address in any form inet_aton reads as the dotted decimal browsers
// connect to ("http://0x7f.1/" gives "127.0.0.1:80").
//
// It fails as uri.URI's DialAddr does: with uri.ErrNoHost when u has no host
// or an empty one ("mailto:x", "file:///etc/hosts", the zero URL), and with
// uri.ErrNoPort when u has no port and its scheme has no default (file, and
// every scheme that is not special). errors.Is finds either.
func (u URL) DialAddr() (string, error) {
	if u.host == hostNone || u.host == hostEmpty {
		return "", uri.ErrNoHost
	}
	port := u.Port()
	if port == "" {
		port = u.scheme.DefaultPort()
		if port == "" {
			return "", uri.ErrNoPort
		}
	}
	// Hostname brackets an IPv6 address already: no JoinHostPort, no net.
	return u.Hostname() + ":" + port, nil
}

// PortOrDefault returns u's port as a number or, when u has none, the
// default port of its special scheme: 443 for "https://example.com/",
// 8080 for "https://example.com:8080/". It fails with uri.ErrNoPort when
// there is neither (file, a scheme that is not special, the zero URL), as
// uri.URI's PortOrDefault does. A port is never out of range: Parse refuses
// one greater than 65535.
func (u URL) PortOrDefault() (int, error) {
	if n := u.portNumber(); n >= 0 {
		return n, nil
	}
	if n := u.scheme.Port(); n >= 0 {
		return n, nil
	}
	return 0, uri.ErrNoPort
}

// NetURL returns u as a *url.URL for net/http: a request made with it sends
// the href's host (in the Host header and to the address DialAddr names),
// path and query bytes exactly, however net/url would encode them itself.
// Its String is the href, but for these, which net/url cannot hold as they
// are:
//   - an empty fragment ("https://h/#") is dropped;
//   - a fragment that holds a byte net/url always encodes there ('#', '{',
//     '}', '|', '\\', '^', a '%' not followed by two hex digits) is written
//     percent-encoded (a request never carries a fragment);
//   - a username or password is written as url.Userinfo writes it (it
//     encodes "!", "'", "(", ")" and "*", and writes a needless encoding
//     decoded), and is not written at all in the Opaque form below.
//
// The fields are those url.Parse gives for the href where it can: Scheme,
// User (username and password percent-decoded, as the client's Basic
// authorization sends them), Host ("host" or "host:port"), Path decoded
// with RawPath the href's path, RawQuery the href's query (ForceQuery for an
// empty one), Fragment decoded with RawFragment, OmitHost for a URL without
// a host, Opaque for an opaque path ("mailto:x@y"). Where RawPath cannot
// carry the path (a '|' or a '%' not followed by two hex digits, which
// net/url refuses in a path) or net/url would encode the host ('{', '}',
// '`', '%' in a host), or would not write an empty host ("sc://"), NetURL
// sets Opaque to "//", the host and the path, the form net/url documents
// for sending a path as it is: RequestURI then gives the absolute form
// "http://host/path?query", which a server must accept (RFC 9112 §3.2.2).
// The userinfo never goes into Opaque: a client must not send it in a
// request target (RFC 9110 §4.2.4), and User still carries it.
//
// NetURL returns a new *url.URL on each call; the zero URL gives an empty
// one.
func (u URL) NetURL() *url.URL {
	v := &url.URL{}
	if u.href == "" {
		return v
	}
	v.Scheme = u.schemeString()
	if q, ok := u.query(); ok {
		v.RawQuery, v.ForceQuery = q, q == ""
	}
	if f, ok := u.fragment(); ok && f != "" {
		v.Fragment = percentDecode(f)
		if v.EscapedFragment() != f {
			v.RawFragment = f
		}
	}
	if u.opaquePath() {
		v.Opaque = u.Pathname() // an opaque path never starts with '/'
		return v
	}
	// path is the path as the href writes it, with the serializer's "/."
	// in front of a path starting with "//" when there is no host.
	path := u.href[u.schemeEnd+1 : u.queryStart]
	if u.host == hostNone {
		v.OmitHost = true
	} else {
		path = u.Pathname()
		v.Host = u.Host()
		if name, pass := u.Username(), u.Password(); name != "" || pass != "" {
			if pass != "" {
				v.User = url.UserPassword(percentDecode(name), percentDecode(pass))
			} else {
				v.User = url.User(percentDecode(name))
			}
		}
	}
	v.Path = percentDecode(path)
	if v.EscapedPath() != path {
		v.RawPath = path
	}
	if v.EscapedPath() != path || (u.host != hostNone && !netURLHost(v)) {
		v.Path, v.RawPath, v.OmitHost = "", "", false
		if u.host == hostNone {
			v.Opaque = path
		} else {
			v.Opaque = "//" + v.Host + path
		}
	}
	return v
}

// netURLHost reports whether v's String writes its host, "//" before it,
// as v.Host holds it: net/url percent-encodes some bytes a host may hold
// ('{', '}', '`', '%'), and writes no "//" for an empty host before an
// empty path.
func netURLHost(v *url.URL) bool {
	if v.Host == "" {
		return v.Path != "" || v.User != nil
	}
	return (&url.URL{Host: v.Host}).String() == "//"+v.Host
}

// percentDecode is the URL Standard's percent-decode (§1.3): each "%" and
// two hex digits become the byte they encode; any other "%" stays.
func percentDecode(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			return string(appendPercentDecoded(make([]byte, 0, len(s)), s))
		}
	}
	return s
}
