package weburl

import (
	"strconv"

	"github.com/seed42851778/rfc3986/internal/facts"
	"github.com/seed42851778/rfc3986/uri"
)

// URL is a URL record of the URL Standard, held as its serialization (the
// href) and the offsets of its components in it. A URL is immutable and safe
// for concurrent use; the setters (WithHost, …) return a new URL. The zero
// URL is "no URL": its getters return "", and as a base (URL.Parse) it means
// "no base".
type URL struct {
	href string
	// href[:schemeEnd] is the scheme; href[schemeEnd] is ':'.
	schemeEnd uint32
	// With a host, href[schemeEnd+1:schemeEnd+3] is "//", the username is
	// href[schemeEnd+3:usernameEnd], and a password, when there is one, is
	// href[usernameEnd+1:hostStart-1]. Without a host, usernameEnd, hostStart
	// and hostEnd are all schemeEnd+1.
	usernameEnd uint32
	hostStart   uint32
	hostEnd     uint32
	// pathStart is where the path starts; with a host, a port is
	// href[hostEnd+1:pathStart]. Without a host it may be schemeEnd+3: the
	// serializer's "/." in front of a path that starts with "//".
	pathStart uint32
	// queryStart is the offset of '?', or fragStart when the query is null.
	queryStart uint32
	// fragStart is the offset of '#', or len(href) when the fragment is null.
	fragStart uint32
	host      hostKind
	scheme    facts.Scheme // a special scheme, else facts.Other
	flags     uint8
}

const (
	flagOpaquePath uint8 = 1 << iota
	flagQuery
	flagFragment
)

// specialScheme returns the special scheme (§4.2 "URL miscellaneous")
// named s, in lower case, or facts.Other for any other scheme.
func specialScheme(s string) facts.Scheme { return onlySpecial(facts.Lookup(s)) }

// onlySpecial returns k when it is a special scheme, else facts.Other: the
// URL Standard reads a URL of a built-in scheme that is not special, if
// there is one, as it reads any other.
func onlySpecial(k facts.Scheme) facts.Scheme {
	if k.Special() {
		return k
	}
	return facts.Other
}

func (u URL) special() bool    { return u.scheme != facts.Other }
func (u URL) opaquePath() bool { return u.flags&flagOpaquePath != 0 }
func (u URL) hasQuery() bool   { return u.flags&flagQuery != 0 }
func (u URL) hasFragment() bool {
	return u.flags&flagFragment != 0
}

// String returns the href, the URL's serialization; "" for the zero URL.
func (u URL) String() string { return u.href }

// Href returns the URL's serialization, as String does.
func (u URL) Href() string { return u.href }

// Protocol returns the scheme followed by ':', as "https:".
func (u URL) Protocol() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd+1]
}

// scheme returns the scheme without ':'.
func (u URL) schemeString() string { return u.href[:u.schemeEnd] }

// Username returns the username, percent-encoded, or "".
func (u URL) Username() string {
	if u.host == hostNone {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.usernameEnd]
}

// Password returns the password, percent-encoded, or "".
func (u URL) Password() string {
	if u.host == hostNone || u.usernameEnd == u.hostStart || u.href[u.usernameEnd] != ':' {
		return ""
	}
	return u.href[u.usernameEnd+1 : u.hostStart-1]
}

// Hostname returns the host, serialized, without the port; "" when the URL
// has no host.
func (u URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// Host returns the host, serialized, followed by ':' and the port when the
// URL has one.
func (u URL) Host() string {
	if u.host == hostNone {
		return ""
	}
	return u.href[u.hostStart:u.pathStart]
}

// Port returns the port in decimal, or "" when the URL has none (it is the
// scheme's default port, or absent).
func (u URL) Port() string {
	if u.host == hostNone || u.pathStart == u.hostEnd {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// Pathname returns the path, serialized: segments each after a '/', or an
// opaque path as it is.
func (u URL) Pathname() string { return u.href[u.pathStart:u.queryStart] }

// Search returns '?' and the query, or "" when the query is null or empty.
func (u URL) Search() string {
	if u.fragStart-u.queryStart <= 1 {
		return ""
	}
	return u.href[u.queryStart:u.fragStart]
}

// Hash returns '#' and the fragment, or "" when the fragment is null or
// empty.
func (u URL) Hash() string {
	if len(u.href)-int(u.fragStart) <= 1 {
		return ""
	}
	return u.href[u.fragStart:]
}

// query returns the query without '?' and whether it is non-null.
func (u URL) query() (string, bool) {
	if !u.hasQuery() {
		return "", false
	}
	return u.href[u.queryStart+1 : u.fragStart], true
}

// fragment returns the fragment without '#' and whether it is non-null.
func (u URL) fragment() (string, bool) {
	if !u.hasFragment() {
		return "", false
	}
	return u.href[u.fragStart+1:], true
}

// Origin returns the serialization of the URL's origin (§4.7 and HTML's
// "serialization of an origin"): "scheme://host[:port]" for http, https,
// ws, wss and ftp; for blob, the origin of the URL its path holds when that
// is an http, https or file URL; "null" for every other URL (an opaque
// origin), file URLs included.
func (u URL) Origin() string {
	switch {
	case u.scheme.NeedsHost():
		if u.hostStart == u.schemeEnd+3 {
			return u.href[:u.pathStart] // no credentials: a prefix of the href
		}
		return u.href[:u.schemeEnd+3] + u.href[u.hostStart:u.pathStart]
	case u.scheme == facts.Other:
		if u.schemeString() == "blob" {
			inner, err := Parse(u.Pathname())
			if err == nil && (inner.scheme == facts.HTTP || inner.scheme == facts.HTTPS) {
				return inner.Origin()
			}
		}
	}
	return "null"
}

// portNumber returns the port as a number, or -1 when the port is null.
func (u URL) portNumber() int {
	p := u.Port()
	if p == "" {
		return -1
	}
	n, _ := strconv.Atoi(p)
	return n
}

// URI returns the href as an RFC 3986 URI (uri.Parse), byte for byte. The
// URL Standard leaves raw some characters that RFC 3986 does not allow: "|",
// "[", "]" in a path, "\\" in the path of a non-special URL, "{", "}", "^",
// "|", "\\" in a query or fragment, "#" in a fragment, a space in an opaque
// path, "%" not followed by two hex digits. For such an href the error is
// the *uri.ParseError that names the offset in the href.
func (u URL) URI() (uri.URI, error) {
	return uri.Parse(u.href) // the zero URL's "" is not a URI: an error at offset 0
}

// SearchParams returns the query parsed as application/x-www-form-urlencoded
// (the searchParams attribute): empty when the query is null. A query that
// starts with "?" (href "s:??a") keeps it in its first name.
func (u URL) SearchParams() SearchParams {
	q, _ := u.query()
	return parseURLEncoded(q) // a second '?' is part of the query: no TrimPrefix
}

// WithSearchParams returns u with its query set to p serialized as
// application/x-www-form-urlencoded (URLSearchParams's update steps): an
// empty p makes the query null.
func (u URL) WithSearchParams(p SearchParams) URL {
	if u.href == "" {
		return u
	}
	c := u.components()
	c.query = p.String()
	c.hasQuery = c.query != ""
	return c.build()
}
