package uri

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SchemeIs reports whether u's scheme is scheme, compared ASCII
// case-insensitively as schemes are (§3.1): "HTTPS://h/" has the scheme
// "https". It is false for a relative reference, whatever scheme is, and for
// the scheme "".
func (u URI) SchemeIs(scheme string) bool {
	s, ok := u.get(slotScheme)
	if !ok || len(s) != len(scheme) {
		return false
	}
	for i := 0; i < len(s); i++ {
		x, y := s[i], scheme[i]
		if x == y {
			continue
		}
		// Only letters differ by case; a scheme holds ALPHA, DIGIT, "+",
		// "-" and ".", none of which is 0x20 from a letter.
		if x|0x20 != y|0x20 || x|0x20 < 'a' || x|0x20 > 'z' {
			return false
		}
	}
	return true
}

// PortOrDefault returns the port as a number (PortNumber), or, when u has no
// port or an empty one ("//h:"), the default port of its scheme as
// RegisterScheme knows it (80 for http, 443 for https, …; §3.2.3, §6.2.3).
// It fails with ErrNoPort when there is neither, and with a *PortRangeError
// for a port greater than 65535.
func (u URI) PortOrDefault() (int, error) {
	n, err := u.PortNumber()
	if err != ErrNoPort {
		return n, err
	}
	s, ok := u.get(slotScheme)
	if !ok {
		return 0, ErrNoPort
	}
	r, ok := LookupScheme(s)
	if !ok || r.DefaultPort == "" {
		return 0, ErrNoPort
	}
	n, err = strconv.Atoi(r.DefaultPort)
	if err != nil || n > 65535 {
		return 0, ErrNoPort
	}
	return n, nil
}

// Origin returns the ASCII serialization of u's origin (RFC 6454 §6.2), for
// the comparisons of CORS and CSRF checks: the scheme in lower case, "://",
// the host, and ":" with the port unless it is the scheme's default
// (RegisterScheme). The host is lower-cased, a reg-name percent-decoded and,
// when it is not ASCII, converted to its IDNA A-label form ("BÜCHER.de"
// gives "xn--bcher-kva.de"), an IPv6 address written in its canonical form
// (RFC 5952: "[2001:DB8:0::1]" gives "[2001:db8::1]"). The userinfo, the
// path, the query and the fragment take no part:
// "https://user@Example.COM:443/a?b" has the origin "https://example.com".
//
// Origin is "null", the serialization of a unique origin (RFC 6454 §4), when
// u has no scheme or no host (a relative reference, "mailto:x@y",
// "file:///etc/hosts"), an IPvFuture host, a port greater than 65535, or a
// host that decodes to something no DNS name holds.
func (u URI) Origin() string {
	scheme, ok := u.get(slotScheme)
	host := u.Host()
	if !ok || host == "" {
		return "null"
	}
	switch u.host {
	case IPvFuture:
		return "null"
	case IPv6:
		a, ok := u.Addr()
		if !ok {
			return "null"
		}
		host = "[" + a.String() + "]"
	case RegName:
		h, ok := asciiHost(decode(host))
		if !ok {
			return "null"
		}
		host = h
	}
	port := ""
	if n, err := u.PortNumber(); err == nil {
		if r, ok := LookupScheme(scheme); !ok || r.DefaultPort == "" || !samePort(r.DefaultPort, n) {
			port = strconv.Itoa(n)
		}
	} else if err != ErrNoPort {
		return "null"
	}
	n := len(scheme) + 3 + len(host)
	if port != "" {
		n += 1 + len(port)
	}
	var b strings.Builder
	b.Grow(n)
	for i := 0; i < len(scheme); i++ {
		b.WriteByte(lower(scheme[i]))
	}
	b.WriteString("://")
	b.WriteString(host)
	if port != "" {
		b.WriteByte(':')
		b.WriteString(port)
	}
	return b.String()
}

// samePort reports whether the digits d are the number n.
func samePort(d string, n int) bool {
	m, err := strconv.Atoi(d)
	return err == nil && m == n
}

func lower(x byte) byte {
	if 'A' <= x && x <= 'Z' {
		return x + 'a' - 'A'
	}
	return x
}

// asciiHost returns the decoded reg-name h as a DNS name in lower case: its
// IDNA A-label form when it is not ASCII. It reports false for a name IDNA
// refuses, that is not UTF-8, or that holds a byte a reg-name cannot hold unencoded ("/", " ",
// …), which no DNS lookup would find.
func asciiHost(h string) (string, bool) {
	for i := 0; i < len(h); i++ {
		if h[i] >= 0x80 {
			if !utf8.ValidString(h) {
				return "", false // IDNA would read U+FFFD
			}
			a, err := idnaToASCII(h)
			if err != nil || a == "" || !isRegName(a) {
				return "", false
			}
			return a, true
		}
	}
	if !isRegName(h) {
		return "", false
	}
	return strings.ToLower(h), true
}

// ErrNoHost is the error of DialAddr when u has no host to dial: no
// authority, an empty host ("file:///x"), or an IPvFuture literal.
var ErrNoHost = errors.New("uri: no host to dial")

// DialAddr returns the address net.Dial takes for u: the host and the port
// joined as net.JoinHostPort joins them, so that an IPv6 address gets its brackets
// ("[2001:db8::1]:443"). The port is u's, else the scheme's default
// (PortOrDefault: "https://example.com/" gives "example.com:443"). The host
// is Hostname's: an IP address as written, a reg-name percent-decoded, its
// case kept, with no IDNA mapping (a non-ASCII name is dialed as it is; see
// ParseRepaired for A-labels).
//
// It fails with ErrNoHost when there is no host to dial (see ErrNoHost),
// with ErrNoPort when there is no port and the scheme has no default, and
// with a *PortRangeError for a port greater than 65535.
func (u URI) DialAddr() (string, error) {
	if u.host == NoHost || u.host == IPvFuture || u.Host() == "" {
		return "", ErrNoHost
	}
	n, err := u.PortOrDefault()
	if err != nil {
		return "", err
	}
	return joinHostPort(u.Hostname(), strconv.Itoa(n)), nil
}

// joinHostPort is net.JoinHostPort, written here so that importing uri does
// not link package net: a host with a ":" (an IPv6 address) gets brackets.
func joinHostPort(host, port string) string {
	if strings.IndexByte(host, ':') >= 0 {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}
