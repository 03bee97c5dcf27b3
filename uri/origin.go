package uri

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// SchemeIs reports whether u's scheme is scheme, compared ASCII
// case-insensitively as schemes are (§3.1): "HTTPS://h/" has the scheme
// "https". It is false for a relative reference, whatever scheme is, and for
// the scheme "".
func (u URI) SchemeIs(scheme string) bool { return u.schemeIs(scheme) }

// schemeIs is SchemeIs on a pointer: SchemeIs, inlined, calls it without
// copying the URI (96 bytes), which a call of a value method would.
func (u *URI) schemeIs(scheme string) bool {
	s, ok := u.get(slotScheme)
	return ok && len(s) == len(scheme) && schemeFold(s, scheme)
}

// schemeFold reports whether the scheme s and t, of the same length, are
// equal but for the case of ASCII letters.
func schemeFold(s, t string) bool {
	for i := 0; i < len(s); i++ {
		x, y := s[i]|0x20, t[i]|0x20
		// Only letters differ by case; a scheme holds ALPHA, DIGIT, "+",
		// "-" and ".", none of which is 0x20 from a letter.
		if x != y || s[i] != t[i] && (x < 'a' || x > 'z') {
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
	r, ok := lookupSchemeLower(s)
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
// "file:///etc/hosts"), for any file URI (§4 leaves its origin to the
// implementation; browsers make it unique), for an IPvFuture host, an IPv6
// zone (ParseOptions.IPv6Zone), a port greater than 65535, or a host that
// decodes to something no DNS name holds.
func (u URI) Origin() string {
	scheme, ok := u.get(slotScheme)
	host := u.Host()
	if !ok || host == "" || u.schemeIs("file") {
		return "null"
	}
	switch u.host {
	case IPvFuture:
		return "null"
	case IPv6:
		a, ok := u.Addr()
		if !ok || a.Zone() != "" {
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
	port, err := u.originPort(scheme)
	if err != nil {
		return "null"
	}
	n := len(scheme) + 3 + len(host)
	if port != "" {
		n += 1 + len(port)
	}
	b := make([]byte, 0, n)
	for i := 0; i < len(scheme); i++ {
		b = append(b, lower(scheme[i]))
	}
	b = append(b, "://"...)
	for i := 0; i < len(host); i++ {
		b = append(b, lower(host[i])) // a no-op but for an ASCII reg-name
	}
	if port != "" {
		b = append(b, ':')
		b = append(b, port...)
	}
	// b is written whole and never again: the result's one allocation.
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// originPort returns the port of u as Origin writes it: "" when there is
// none or it is the default of scheme, else its number in decimal; an error
// for a port out of range.
func (u URI) originPort(scheme string) (string, error) {
	p := u.Port()
	if p == "" {
		return "", nil
	}
	n, err := u.PortNumber()
	if err != nil {
		return "", err
	}
	if r, ok := lookupSchemeLower(scheme); ok && r.DefaultPort != "" && samePort(r.DefaultPort, n) {
		return "", nil
	}
	if p[0] != '0' || len(p) == 1 {
		return p, nil // as written: the digits of the number
	}
	return strconv.Itoa(n), nil
}

// lookupSchemeLower is LookupScheme for a scheme in any case, without the
// allocation of a lower-cased copy for a short one.
func lookupSchemeLower(scheme string) (SchemeRule, bool) {
	var buf [16]byte
	if len(scheme) > len(buf) {
		return LookupScheme(scheme)
	}
	for i := 0; i < len(scheme); i++ {
		buf[i] = lower(scheme[i])
	}
	return LookupScheme(string(buf[:len(scheme)]))
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

// asciiHost returns the decoded reg-name h as a DNS name: its IDNA A-label
// form (in lower case) when it is not ASCII, else h. It reports false for a name IDNA
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
	return h, true // Origin writes it in lower case
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
	port := u.Port()
	switch {
	case port == "":
		// The registered default, as written when it is the number's
		// digits: one look-up, nothing to convert.
		r, ok := lookupSchemeLower(u.Scheme())
		if !ok || r.DefaultPort == "" {
			return "", ErrNoPort
		}
		n, err := strconv.Atoi(r.DefaultPort)
		if err != nil || n < 0 || n > 65535 {
			return "", ErrNoPort
		}
		port = r.DefaultPort
		if port[0] == '0' || port[0] == '+' {
			port = strconv.Itoa(n)
		}
	case port[0] == '0':
		n, err := u.PortNumber()
		if err != nil {
			return "", err
		}
		port = strconv.Itoa(n)
	default:
		if _, err := u.PortNumber(); err != nil {
			return "", err // out of range
		}
	}
	return joinHostPort(u.Hostname(), port), nil
}

// joinHostPort is net.JoinHostPort, written here so that importing uri does
// not link package net: a host with a ":" (an IPv6 address) gets brackets.
func joinHostPort(host, port string) string {
	if strings.IndexByte(host, ':') >= 0 {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}
