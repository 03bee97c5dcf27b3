package uri

import (
	"net/netip"
	"strings"
)

// Hostname returns the host as a resolver or a dialer wants it: an IP
// literal without its brackets ("[::1]" gives "::1", "[v7.x]" gives "v7.x"),
// an IPv4address as written, a reg-name percent-decoded ("caf%C3%A9" gives
// "café"; the result may hold any byte, §3.2.2 only asks producers for
// UTF-8). It is "" when there is no authority, and may be "" with one
// ("file:///x"). Case is kept (§3.2.2: the host is case-insensitive; see
// Normalize), and no IDNA mapping is applied.
//
// It is net/url's URL.Hostname for the hosts both accept. For an IPv4 or
// IPv6 host, net.JoinHostPort(u.Hostname(), u.Port()) writes the host and
// port back as they stand in the authority.
func (u URI) Hostname() string {
	h := u.Host()
	switch u.host {
	case IPv6: // a zone (ParseOptions.IPv6Zone) is decoded: "%25" is "%"
		return decode(h[1 : len(h)-1])
	case IPvFuture:
		return h[1 : len(h)-1]
	case RegName:
		return decode(h)
	}
	return h
}

// Addr returns the host as a netip.Addr when it is an IPv4address or an IP
// literal holding an IPv6address (HostKind IPv4 or IPv6), and false for any
// other host (a reg-name, even one that reads as a number to some resolvers,
// such as "01.2.3.4"; an IPvFuture) or none. An IPv4-mapped IPv6 address
// ("[::ffff:192.0.2.1]") stays an IPv6 address, as netip.ParseAddr reads it.
func (u URI) Addr() (netip.Addr, bool) {
	if u.host != IPv4 && u.host != IPv6 {
		return netip.Addr{}, false
	}
	a, err := netip.ParseAddr(u.Hostname())
	if err != nil { // cannot happen: the grammar admits only what netip reads
		return netip.Addr{}, false
	}
	return a, true
}

// User returns the user name of the userinfo (§3.2.1): the text up to its
// first ":", or all of it when it has none, percent-decoded. It is "" when
// there is no userinfo, or an empty one. Where "user:password" is used
// (deprecated by §3.2.1), Password returns the rest.
func (u URI) User() string {
	name, _, _ := strings.Cut(u.UserInfo(), ":")
	return decode(name)
}

// Password returns the userinfo after its first ":", percent-decoded, and
// whether there is such a ":" ("//u:@h" has an empty password, "//u@h" none).
// §3.2.1 deprecates the "user:password" form, and a URI that carries one
// should not be logged as it is: see Redacted.
func (u URI) Password() (string, bool) {
	_, pw, ok := strings.Cut(u.UserInfo(), ":")
	return decode(pw), ok
}
