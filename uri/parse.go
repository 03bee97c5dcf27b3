package uri

import (
	"math"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/urigrammar"
)

// Capture slots of the top rules: one per component of §3.
const (
	slotScheme    = urigrammar.SlotScheme
	slotAuthority = urigrammar.SlotAuthority
	slotUserInfo  = urigrammar.SlotUserInfo
	slotHost      = urigrammar.SlotHost
	slotPort      = urigrammar.SlotPort
	slotPath      = urigrammar.SlotPath
	slotQuery     = urigrammar.SlotQuery
	slotFragment  = urigrammar.SlotFragment
	nslots        = urigrammar.NSlots
)

// The four top rules of RFC 3986 with a capture around each component
// (internal/urigrammar), and the matchers generated from them
// (zz_parse_gen.go, go generate): the matchers parse, and the diagnoses
// explain a failure. The rules are the reference both are tested against.
var (
	ruleURI          = urigrammar.URI
	ruleAbsoluteURI  = urigrammar.AbsoluteURI
	ruleRelativeRef  = urigrammar.RelativeRef
	ruleURIReference = urigrammar.URIReference
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

// parse matches s with the matcher generated from rule and keeps the spans
// of its components; a failure is explained by rule.
func parse(s string, rule *c.Rule) (URI, error) {
	if len(s) > math.MaxInt32 {
		return URI{}, &ParseError{Input: s, Offset: math.MaxInt32, Rule: rule.Name(),
			Component: "input", Expected: []string{"at most 2 GiB"}}
	}
	var sp [nslots][2]int
	if end := match(rule, s, &sp); end != len(s) {
		return URI{}, newParseError(s, rule, end)
	}
	u := URI{s: s}
	for i, x := range sp {
		if x[0] >= 0 {
			u.sp[i] = span{int32(x[0] + 1), int32(x[1])}
		}
	}
	u.sp[slotPath] = pathSpan(sp[slotPath][0], sp[slotPath][1])
	u.host = hostKindOf(u)
	return u, nil
}

// match matches s with the generated matcher of rule, one of the four top
// rules: direct calls, so that sp stays on the caller's stack.
func match(rule *c.Rule, s string, sp *[nslots][2]int) int {
	switch rule {
	case ruleURIReference:
		return matchURIReference(s, 0, sp)
	case ruleURI:
		return matchURI(s, 0, sp)
	case ruleAbsoluteURI:
		return matchAbsoluteURI(s, 0, sp)
	case ruleRelativeRef:
		return matchRelativeRef(s, 0, sp)
	}
	panic("uri: no generated matcher for rule " + rule.Name())
}

// explain is rule.ExplainFrom(s, lowerBound) by the generated diagnosis of
// rule, one of the four top rules: the offset, and what was expected there
// appended to buf; or -1 when s matches.
func explain(rule *c.Rule, s string, lowerBound int, buf []string) (int, []string) {
	switch rule {
	case ruleURIReference:
		return explainURIReference(s, lowerBound, buf)
	case ruleURI:
		return explainURI(s, lowerBound, buf)
	case ruleAbsoluteURI:
		return explainAbsoluteURI(s, lowerBound, buf)
	case ruleRelativeRef:
		return explainRelativeRef(s, lowerBound, buf)
	}
	panic("uri: no generated diagnosis for rule " + rule.Name())
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
