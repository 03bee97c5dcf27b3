package uri

import (
	"math"

	c "github.com/seed42851778/rfc3986/combinator"
)

// Capture slots of the top rules: one per component of §3.
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

// The four top rules of RFC 3986, assembled from the combinator package's
// rules with a capture around each component. They match exactly what
// combinator.URIReference, combinator.URI, combinator.AbsoluteURI and
// combinator.RelativeRef match.
var (
	authority = c.Capture(slotAuthority, c.Seq(
		c.Opt(c.Seq(c.Capture(slotUserInfo, c.UserInfo), c.Lit("@"))),
		c.Capture(slotHost, c.Host),
		c.Opt(c.Seq(c.Lit(":"), c.Capture(slotPort, c.Port)))))
	query    = c.Opt(c.Seq(c.Lit("?"), c.Capture(slotQuery, c.Query)))
	fragment = c.Opt(c.Seq(c.Lit("#"), c.Capture(slotFragment, c.Fragment)))

	// hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
	hierPart = c.Named("hier-part", c.Alt(
		c.Seq(c.Lit("//"), authority, c.Capture(slotPath, c.PathAbempty)),
		c.Capture(slotPath, c.PathAbsolute),
		c.Capture(slotPath, c.PathRootless),
		c.Capture(slotPath, c.PathEmpty)))
	// relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
	relativePart = c.Named("relative-part", c.Alt(
		c.Seq(c.Lit("//"), authority, c.Capture(slotPath, c.PathAbempty)),
		c.Capture(slotPath, c.PathAbsolute),
		c.Capture(slotPath, c.PathNoScheme),
		c.Capture(slotPath, c.PathEmpty)))

	scheme = c.Seq(c.Capture(slotScheme, c.Scheme), c.Lit(":"))

	ruleURI          = c.Named("URI", c.Seq(scheme, hierPart, query, fragment))
	ruleAbsoluteURI  = c.Named("absolute-URI", c.Seq(scheme, hierPart, query))
	ruleRelativeRef  = c.Named("relative-ref", c.Seq(relativePart, query, fragment))
	ruleURIReference = c.Named("URI-reference", c.Alt(ruleURI, ruleRelativeRef))
)

// Parse parses s as a URI (§3): a scheme is required, a fragment allowed.
func Parse(s string) (URI, error) { return parse(s, ruleURI) }

// ParseReference parses s as a URI reference (§4.1): a URI or a relative
// reference.
func ParseReference(s string) (URI, error) { return parse(s, ruleURIReference) }

// ParseAbsolute parses s as an absolute URI (§4.3): a scheme is required and a
// fragment is not allowed.
func ParseAbsolute(s string) (URI, error) { return parse(s, ruleAbsoluteURI) }

// ParseRelative parses s as a relative reference (§4.2): no scheme.
func ParseRelative(s string) (URI, error) { return parse(s, ruleRelativeRef) }

// MustParse is Parse for constants: it panics when s is not a URI.
func MustParse(s string) URI {
	u, err := Parse(s)
	if err != nil {
		panic("uri.MustParse: " + err.Error())
	}
	return u
}

// MustParseReference is ParseReference for constants: it panics when s is not
// a URI reference.
func MustParseReference(s string) URI {
	u, err := ParseReference(s)
	if err != nil {
		panic("uri.MustParseReference: " + err.Error())
	}
	return u
}

// parse matches s against rule and keeps the spans of its components.
func parse(s string, rule *c.Rule) (URI, error) {
	if len(s) > math.MaxInt32 {
		return URI{}, &ParseError{Input: s, Offset: math.MaxInt32, Rule: rule.Name(),
			Component: "input", Expected: []string{"at most 2 GiB"}}
	}
	var sp [nslots]c.Span
	if !rule.Captures(s, sp[:]) {
		return URI{}, newParseError(s, rule)
	}
	u := URI{s: s}
	for i, x := range sp {
		if x.Start >= 0 {
			u.sp[i] = span{int32(x.Start + 1), int32(x.End)}
		}
	}
	u.host = hostKindOf(u)
	return u, nil
}

// hostKindOf tells which alternative of host (§3.2.2) a parsed host matched.
func hostKindOf(u URI) HostKind {
	h, ok := u.get(slotHost)
	switch {
	case !ok:
		return NoHost
	case h != "" && h[0] == '[':
		if h[1] == 'v' || h[1] == 'V' {
			return IPvFuture
		}
		return IPv6
	case h != "" && h[0] >= '0' && h[0] <= '9' && c.IPv4Address.Match(h):
		return IPv4
	}
	return RegName
}
