package builder

import (
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

// BuildWith is Build with the extensions of RFC 3986 that opts admits, as
// uri.ParseReferenceWith reads them. With opts.IPv6Zone, the host may be an
// IPv6 address with a zone identifier (RFC 6874): Host("fe80::1%en0") (the
// form net/netip and net write, which Host encodes as "fe80::1%25en0"),
// Host("[fe80::1%25en0]") or RawHost("[fe80::1%25en0]") give the host
// "[fe80::1%25en0]". The zone must be 1*( unreserved / pct-encoded ) once
// encoded. With the zero options, BuildWith is Build.
func (b Builder) BuildWith(opts uri.ParseOptions) (uri.URI, error) {
	if !opts.IPv6Zone || !b.has(hasAuthority) {
		return b.Build()
	}
	addr, zone, ok := splitZone(b.host)
	if !ok {
		return b.Build()
	}
	if !c.IPv6Address.Match(addr) {
		return uri.URI{}, &BuildError{Component: "host", Value: b.host, Offset: 0, Err: ErrInvalidHost,
			Hint: "a zone identifier (RFC 6874) follows an IPv6 address"}
	}
	// Build without the zone, then put it back before the "]".
	nz := b
	nz.host, nz.hostFault = "["+addr+"]", hostFault{}
	u, err := nz.Build()
	if err != nil {
		return uri.URI{}, err
	}
	s := u.String()
	at := strings.Index(s, "//") + 2
	if u.HasUserInfo() {
		at += len(u.UserInfo()) + 1
	}
	at += len(u.Host()) - 1 // the "]"
	t := s[:at] + "%25" + zone + s[at:]
	v, err := uri.ParseReferenceWith(t, opts)
	if err != nil {
		off := len(addr) + 4 // in "[" addr "%25" zone "]"
		if pe, ok := err.(*uri.ParseError); ok {
			off = pe.Offset - at + len(addr) + 1
		}
		return uri.URI{}, &BuildError{Component: "host", Value: "[" + addr + "%25" + zone + "]", Offset: off,
			Err: ErrInvalidHost, Hint: "a zone identifier (RFC 6874) is 1*( unreserved / pct-encoded )"}
	}
	return v, nil
}

// splitZone splits a host as Host or RawHost stored it, "fe80::1%25en0" or
// "[fe80::1%25en0]", into the address and the encoded zone.
func splitZone(h string) (addr, zone string, ok bool) {
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		h = h[1 : len(h)-1]
	}
	addr, zone, ok = strings.Cut(h, "%25")
	return addr, zone, ok && addr != ""
}
