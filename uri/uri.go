package uri

import "strings"

// URI is a parsed URI reference (RFC 3986 §4.1): a URI with its scheme, or a
// relative reference. It keeps the text it was parsed from and where each
// component lies in it, so that accessors return substrings without copying
// and String returns the text exactly.
//
// A URI is an immutable value, safe to copy and to share between goroutines.
// Its zero value is the empty relative reference "" (a defined, empty path
// and nothing else).
//
// Components are returned raw, as they stand in the text, still
// percent-encoded. An undefined component and an empty one are different
// facts (§5.3): "s:" has no query, "s:?" an empty one; "//h" has no port,
// "//h:" an empty one; "//@h" an empty userinfo. The Has methods tell them
// apart, and String keeps them.
type URI struct {
	s    string
	sp   [nslots]span
	host HostKind
	// The URI is padded to 96 bytes, a multiple of 16: the compiler copies
	// a value of 88 bytes with a last 16-byte move that overlaps the one
	// before, and a chain of such copies (a result returned, then passed
	// by value: Resolve's caller makes five) reads bytes that two stores
	// wrote, which the processor cannot forward (measured: see
	// BENCHMARKS.md). Blank, it takes no part in ==.
	_ [15]byte
}

// span locates a component: s[lo-1:hi]. lo is 0 when the component is
// undefined, so that the zero URI has no component.
type span struct{ lo, hi int32 }

// pathSpan is the span of the path s[start:end]. The path is always defined;
// an empty one is kept as the zero span, as in the zero URI, so that == on
// URIs does not depend on where an empty path stands.
func pathSpan(start, end int) span {
	lo, hi := int32(start+1), int32(end)
	if start == end {
		lo, hi = 0, 0 // conditional moves: no branch
	}
	return span{lo, hi}
}

// get and has take a pointer: inlined in a caller, a method with a value
// receiver copies the whole URI (96 bytes) before it reads one span.
func (u *URI) get(slot int) (string, bool) {
	sp := u.sp[slot]
	if sp.lo == 0 {
		return "", false
	}
	return u.s[sp.lo-1 : sp.hi], true
}

func (u *URI) has(slot int) bool { return u.sp[slot].lo != 0 }

// String returns the URI reference as text: the recomposition of §5.3. For a
// parsed URI it is exactly the text that was parsed.
func (u URI) String() string { return u.s }

// IsRelative reports whether u is a relative reference: it has no scheme (§4.2).
func (u URI) IsRelative() bool { return !u.has(slotScheme) }

// IsAbsolute reports whether u is an absolute URI (§4.3): it has a scheme and
// no fragment.
func (u URI) IsAbsolute() bool { return u.has(slotScheme) && !u.has(slotFragment) }

// Scheme returns the scheme as written (§3.1; case-insensitive, see
// Normalize), or "" for a relative reference.
func (u URI) Scheme() string { s, _ := u.get(slotScheme); return s }

// HasAuthority reports whether u has an authority component: its hierarchical
// part starts with "//" (§3.2). The authority may be empty, as in "file:///x".
func (u URI) HasAuthority() bool { return u.has(slotAuthority) }

// Authority returns the authority component, "[ userinfo "@" ] host [ ":" port ]"
// (§3.2), or "".
func (u URI) Authority() string { s, _ := u.get(slotAuthority); return s }

// HasUserInfo reports whether the authority has a userinfo subcomponent: an
// "@" (§3.2.1). It may be empty, as in "//@host".
func (u URI) HasUserInfo() bool { return u.has(slotUserInfo) }

// UserInfo returns the raw userinfo subcomponent (§3.2.1), or "". See Redacted
// before you log it.
func (u URI) UserInfo() string { s, _ := u.get(slotUserInfo); return s }

// Host returns the host subcomponent as written (§3.2.2): a reg-name, an IPv4
// address, or an IP literal with its brackets ("[::1]", "[v7.x]"). It is ""
// when there is no authority, and may be "" with one ("file:///x").
func (u URI) Host() string { s, _ := u.get(slotHost); return s }

// HostKind tells which alternative of the host rule the host matched (§3.2.2).
func (u URI) HostKind() HostKind { return u.host }

// HasPort reports whether the authority has a port subcomponent: a ":" after
// the host (§3.2.3). It may be empty, as in "//host:".
func (u URI) HasPort() bool { return u.has(slotPort) }

// Port returns the port subcomponent as written, digits only (§3.2.3), or "".
// PortNumber converts it.
func (u URI) Port() string { s, _ := u.get(slotPort); return s }

// Path returns the path component as written (§3.3). It is always defined,
// possibly empty.
func (u URI) Path() string { s, _ := u.get(slotPath); return s }

// HasQuery reports whether u has a query component: a "?" (§3.4). It may be
// empty, as in "s:?".
func (u URI) HasQuery() bool { return u.has(slotQuery) }

// Query returns the query component without its "?" (§3.4), or "".
func (u URI) Query() string { s, _ := u.get(slotQuery); return s }

// HasFragment reports whether u has a fragment component: a "#" (§3.5). It may
// be empty, as in "s:#".
func (u URI) HasFragment() bool { return u.has(slotFragment) }

// Fragment returns the fragment component without its "#" (§3.5), or "".
func (u URI) Fragment() string { s, _ := u.get(slotFragment); return s }

// HostKind is the kind of a host (§3.2.2): which alternative of
// host = IP-literal / IPv4address / reg-name it matched.
type HostKind uint8

// The kinds of host.
const (
	NoHost    HostKind = iota // no authority, so no host
	RegName                   // a registered name, possibly empty
	IPv4                      // an IPv4address: the first match wins over reg-name (§3.2.2)
	IPv6                      // an IP-literal holding an IPv6address
	IPvFuture                 // an IP-literal holding an IPvFuture
)

// String returns the name of the kind: "none", "reg-name", "IPv4", "IPv6" or
// "IPvFuture".
func (k HostKind) String() string {
	switch k {
	case NoHost:
		return "none"
	case RegName:
		return "reg-name"
	case IPv4:
		return "IPv4"
	case IPv6:
		return "IPv6"
	case IPvFuture:
		return "IPvFuture"
	}
	return "HostKind(?)"
}

// parts is a URI reference as its five components (§5.3), each with whether
// it is defined; the path is always defined.
type parts struct {
	scheme, authority, path, query, fragment       string
	hasScheme, hasAuthority, hasQuery, hasFragment bool
}

func (u URI) parts() parts {
	var p parts
	p.scheme, p.hasScheme = u.get(slotScheme)
	p.authority, p.hasAuthority = u.get(slotAuthority)
	p.path = u.Path()
	p.query, p.hasQuery = u.get(slotQuery)
	p.fragment, p.hasFragment = u.get(slotFragment)
	return p
}

// String recomposes the components as §5.3 says.
func (p parts) String() string {
	var b strings.Builder
	b.Grow(len(p.scheme) + len(p.authority) + len(p.path) + len(p.query) + len(p.fragment) + 5)
	if p.hasScheme {
		b.WriteString(p.scheme)
		b.WriteByte(':')
	}
	if p.hasAuthority {
		b.WriteString("//")
		b.WriteString(p.authority)
	}
	b.WriteString(p.path)
	if p.hasQuery {
		b.WriteByte('?')
		b.WriteString(p.query)
	}
	if p.hasFragment {
		b.WriteByte('#')
		b.WriteString(p.fragment)
	}
	return b.String()
}

// uri recomposes p and parses the result back. It fails when the text does not
// parse, or parses to other components than p's (a path that would read as an
// authority, a first segment that would read as a scheme, …).
func (p parts) uri() (URI, error) {
	u, err := ParseReference(p.String())
	if err != nil {
		return URI{}, err
	}
	if u.parts() != p {
		return URI{}, &ParseError{Input: u.s, Offset: 0, Rule: "URI-reference",
			Component: "recomposition", Expected: []string{"components that parse back the same"}}
	}
	return u, nil
}
