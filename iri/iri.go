package iri

import (
	"math"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

// IRI is a parsed IRI reference (RFC 3987 §2.2): an IRI with its scheme, or
// a relative IRI reference. It keeps the text it was parsed from and where
// each component lies in it, so that accessors return substrings without
// copying and String returns the text exactly.
//
// An IRI is an immutable value, safe to copy and to share between
// goroutines. Its zero value is the empty relative reference "" (a defined,
// empty path and nothing else).
//
// Components are returned raw, as they stand in the text: characters outside
// ASCII as UTF-8, percent-encodings still encoded. As for uri.URI, an
// undefined component and an empty one are different facts: "s:" has no
// query, "s:?" an empty one.
type IRI struct {
	s    string
	sp   [nslots]span
	host uri.HostKind
}

// span locates a component: s[lo-1:hi]. lo is 0 when the component is
// undefined, so that the zero IRI has no component.
type span struct{ lo, hi int32 }

// Capture slots of the top rules: one per component.
const (
	slotScheme = iota
	slotAuthority
	slotUserInfo
	slotHost
	slotPort
	slotPath
	slotQuery
	slotFragment
	nslots
)

// The four top rules of RFC 3987 §2.2 with a capture around each component,
// assembled from the combinator package's rules; they match exactly what
// combinator.IRIReference, combinator.IRI, combinator.AbsoluteIRI and
// combinator.IRelativeRef match.
var (
	authority = c.Capture(slotAuthority, c.Seq(
		c.Opt(c.Seq(c.Capture(slotUserInfo, c.IUserInfo), c.Lit("@"))),
		c.Capture(slotHost, c.IHost),
		c.Opt(c.Seq(c.Lit(":"), c.Capture(slotPort, c.Port)))))
	query    = c.Opt(c.Seq(c.Lit("?"), c.Capture(slotQuery, c.IQuery)))
	fragment = c.Opt(c.Seq(c.Lit("#"), c.Capture(slotFragment, c.IFragment)))

	// ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless / ipath-empty
	hierPart = c.Named("ihier-part", c.Alt(
		c.Seq(c.Lit("//"), authority, c.Capture(slotPath, c.IPathAbempty)),
		c.Capture(slotPath, c.IPathAbsolute),
		c.Capture(slotPath, c.IPathRootless),
		c.Capture(slotPath, c.IPathEmpty)))
	// irelative-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-noscheme / ipath-empty
	relativePart = c.Named("irelative-part", c.Alt(
		c.Seq(c.Lit("//"), authority, c.Capture(slotPath, c.IPathAbempty)),
		c.Capture(slotPath, c.IPathAbsolute),
		c.Capture(slotPath, c.IPathNoScheme),
		c.Capture(slotPath, c.IPathEmpty)))

	scheme = c.Seq(c.Capture(slotScheme, c.Scheme), c.Lit(":"))

	// IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]
	ruleIRI = c.Named("IRI", c.Seq(scheme, hierPart, query, fragment))
	// absolute-IRI = scheme ":" ihier-part [ "?" iquery ]
	ruleAbsoluteIRI = c.Named("absolute-IRI", c.Seq(scheme, hierPart, query))
	// irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]
	ruleIRelativeRef = c.Named("irelative-ref", c.Seq(relativePart, query, fragment))
	// IRI-reference = IRI / irelative-ref
	ruleIRIReference = c.Named("IRI-reference", c.Alt(ruleIRI, ruleIRelativeRef))
)

// On ASCII text an IRI rule accepts exactly what the URI rule it extends
// accepts, with the same components (RFC 3987 §2.2 only adds characters
// outside ASCII; combinator's TestIRIRulesAgreeOnASCII and this package's
// laws check it): there the parse functions use uri's generated matchers,
// and the combinator interpreter reads the rest (and explains every
// failure, in RFC 3987's terms).
func parseASCII(s string, rule *c.Rule) (uri.URI, error) {
	switch rule {
	case ruleIRI:
		return uri.Parse(s)
	case ruleAbsoluteIRI:
		return uri.ParseAbsolute(s)
	case ruleIRelativeRef:
		return uri.ParseRelative(s)
	}
	return uri.ParseReference(s)
}

// Parse parses s as an IRI (RFC 3987 §2.2, rule IRI): a scheme is
// required, a fragment allowed. s is UTF-8 text; bytes that are not valid
// UTF-8 are an error, as are characters outside ucschar, and private-use
// characters (iprivate) outside the query. A failure is a *ParseError.
func Parse(s string) (IRI, error) { return parse(s, ruleIRI) }

// ParseReference parses s as an IRI reference (RFC 3987 §2.2, rule
// IRI-reference): an IRI or a relative reference. A failure is a
// *ParseError.
func ParseReference(s string) (IRI, error) { return parse(s, ruleIRIReference) }

// ParseAbsolute parses s as an absolute IRI (RFC 3987 §2.2, rule
// absolute-IRI): a scheme is required and a fragment is not allowed.
func ParseAbsolute(s string) (IRI, error) { return parse(s, ruleAbsoluteIRI) }

// ParseRelative parses s as a relative IRI reference (RFC 3987 §2.2, rule
// irelative-ref): no scheme.
func ParseRelative(s string) (IRI, error) { return parse(s, ruleIRelativeRef) }

// MustParse is Parse for constants: it panics when s is not an IRI.
func MustParse(s string) IRI {
	i, err := Parse(s)
	if err != nil {
		panic("iri.MustParse: " + err.Error())
	}
	return i
}

// MustParseReference is ParseReference for constants: it panics when s is
// not an IRI reference.
func MustParseReference(s string) IRI {
	i, err := ParseReference(s)
	if err != nil {
		panic("iri.MustParseReference: " + err.Error())
	}
	return i
}

// parse matches s with rule and keeps the spans of its components.
func parse(s string, rule *c.Rule) (IRI, error) {
	if len(s) > math.MaxInt32 {
		return IRI{}, &ParseError{Input: s, Offset: math.MaxInt32, Rule: rule.Name(),
			Component: "input", Expected: []string{"at most 2 GiB"}}
	}
	if isASCII(s) {
		if u, err := parseASCII(s, rule); err == nil {
			return fromURISpans(u), nil
		}
		return IRI{}, newParseError(s, rule)
	}
	var sp [nslots]c.Span
	if !rule.Captures(s, sp[:]) {
		return IRI{}, newParseError(s, rule)
	}
	return fromSpans(s, &sp), nil
}

// isASCII reports whether s is all ASCII, eight bytes at a time.
func isASCII(s string) bool {
	k := 0
	for ; k+8 <= len(s); k += 8 {
		if (uint64(s[k])|uint64(s[k+1])<<8|uint64(s[k+2])<<16|uint64(s[k+3])<<24|
			uint64(s[k+4])<<32|uint64(s[k+5])<<40|uint64(s[k+6])<<48|uint64(s[k+7])<<56)&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; k < len(s); k++ {
		if s[k] >= 0x80 {
			return false
		}
	}
	return true
}

// fromURISpans makes the IRI of the text of u, which is parsed, from where
// its components stand: each follows the one before and its delimiter.
func fromURISpans(u uri.URI) IRI {
	i := IRI{s: u.String(), host: u.HostKind()}
	at := int32(0)
	if !u.IsRelative() {
		at = i.put(slotScheme, at, u.Scheme()) + 1 // ":"
	}
	if u.HasAuthority() {
		at += 2 // "//"
		i.sp[slotAuthority] = span{at + 1, at + int32(len(u.Authority()))}
		if u.HasUserInfo() {
			at = i.put(slotUserInfo, at, u.UserInfo()) + 1 // "@"
		}
		at = i.put(slotHost, at, u.Host())
		if u.HasPort() {
			at = i.put(slotPort, at+1, u.Port())
		}
	}
	if p := u.Path(); p != "" {
		at = i.put(slotPath, at, p)
	}
	if u.HasQuery() {
		at = i.put(slotQuery, at+1, u.Query())
	}
	if u.HasFragment() {
		i.put(slotFragment, at+1, u.Fragment())
	}
	return i
}

// put records that component slot, v, starts at offset at, and returns
// where it ends.
func (i *IRI) put(slot int, at int32, v string) int32 {
	end := at + int32(len(v))
	i.sp[slot] = span{at + 1, end}
	return end
}

// fromSpans makes the IRI of s from the spans of a match.
func fromSpans(s string, sp *[nslots]c.Span) IRI {
	i := IRI{s: s}
	for k, x := range sp {
		if x.Defined() {
			i.sp[k] = span{int32(x.Start + 1), int32(x.End)}
		}
	}
	if x := sp[slotPath]; x.Start == x.End {
		i.sp[slotPath] = span{} // an empty path is the zero span, as in the zero IRI
	}
	i.host = hostKindOf(i)
	return i
}

// mustParseReference parses text that is an IRI reference by construction
// (the output of a mapping of this package); a failure is a bug here.
func mustParseReference(s string) IRI {
	i, err := ParseReference(s)
	if err != nil {
		panic("iri: internal error: a mapping produced an invalid IRI reference: " + err.Error())
	}
	return i
}

// hostKindOf tells which alternative of ihost a parsed host matched.
func hostKindOf(i IRI) uri.HostKind {
	h, ok := i.get(slotHost)
	switch {
	case !ok:
		return uri.NoHost
	case h != "" && h[0] == '[':
		if h[1] == 'v' || h[1] == 'V' {
			return uri.IPvFuture
		}
		return uri.IPv6
	case h != "" && h[0] >= '0' && h[0] <= '9' && c.IPv4Address.Match(h):
		return uri.IPv4
	}
	return uri.RegName
}

func (i IRI) get(slot int) (string, bool) {
	sp := i.sp[slot]
	if sp.lo == 0 {
		return "", false
	}
	return i.s[sp.lo-1 : sp.hi], true
}

func (i IRI) has(slot int) bool { return i.sp[slot].lo != 0 }

// String returns the IRI reference as text: for a parsed IRI, exactly the
// text that was parsed.
func (i IRI) String() string { return i.s }

// IsRelative reports whether i is a relative reference: it has no scheme.
func (i IRI) IsRelative() bool { return !i.has(slotScheme) }

// IsAbsolute reports whether i is an absolute IRI (rule absolute-IRI): it
// has a scheme and no fragment.
func (i IRI) IsAbsolute() bool { return i.has(slotScheme) && !i.has(slotFragment) }

// Scheme returns the scheme as written (ASCII only, case-insensitive), or ""
// for a relative reference.
func (i IRI) Scheme() string { s, _ := i.get(slotScheme); return s }

// HasAuthority reports whether i has an authority component: its
// hierarchical part starts with "//". The authority may be empty.
func (i IRI) HasAuthority() bool { return i.has(slotAuthority) }

// Authority returns the authority component, "[ iuserinfo "@" ] ihost [ ":"
// port ]", or "".
func (i IRI) Authority() string { s, _ := i.get(slotAuthority); return s }

// HasUserInfo reports whether the authority has a userinfo subcomponent: an
// "@". It may be empty, as in "//@host".
func (i IRI) HasUserInfo() bool { return i.has(slotUserInfo) }

// UserInfo returns the raw userinfo subcomponent, or "".
func (i IRI) UserInfo() string { s, _ := i.get(slotUserInfo); return s }

// Host returns the host subcomponent as written: an ireg-name (possibly
// with characters outside ASCII, "bücher.de"), an IPv4 address, or an IP
// literal with its brackets. It is "" when there is no authority, and may be
// "" with one ("file:///x").
func (i IRI) Host() string { s, _ := i.get(slotHost); return s }

// HostKind tells which alternative of ihost = IP-literal / IPv4address /
// ireg-name the host matched (uri.RegName for an ireg-name).
func (i IRI) HostKind() uri.HostKind { return i.host }

// HasPort reports whether the authority has a port subcomponent: a ":"
// after the host. It may be empty, as in "//host:".
func (i IRI) HasPort() bool { return i.has(slotPort) }

// Port returns the port subcomponent as written, digits only, or "".
func (i IRI) Port() string { s, _ := i.get(slotPort); return s }

// Path returns the path component as written. It is always defined,
// possibly empty.
func (i IRI) Path() string { s, _ := i.get(slotPath); return s }

// HasQuery reports whether i has a query component: a "?". It may be
// empty.
func (i IRI) HasQuery() bool { return i.has(slotQuery) }

// Query returns the query component without its "?", or "".
func (i IRI) Query() string { s, _ := i.get(slotQuery); return s }

// HasFragment reports whether i has a fragment component: a "#". It may be
// empty.
func (i IRI) HasFragment() bool { return i.has(slotFragment) }

// Fragment returns the fragment component without its "#", or "".
func (i IRI) Fragment() string { s, _ := i.get(slotFragment); return s }
