package uri

import "math"

// Capture slots of the top rules: one per component of §3. They are the
// slots of internal/urigrammar, which the generated matchers capture into
// (gen_test.go checks that they agree).
const (
	slotScheme = iota
	slotAuthority
	slotUserInfo
	slotHost
	slotPort
	slotPath
	slotQuery
	slotFragment
	nslots // the number of slots
)

// topRule names one of the four top rules of RFC 3986, which the matchers
// generated from internal/urigrammar parse (zz_parse_gen.go, go generate)
// and whose diagnoses explain a failure. The rules themselves are the
// reference both are tested against; uri does not link them.
type topRule uint8

const (
	ruleURI          topRule = iota // URI (§3)
	ruleAbsoluteURI                 // absolute-URI (§4.3)
	ruleRelativeRef                 // relative-ref (§4.2)
	ruleURIReference                // URI-reference (§4.1)
)

// Name returns the ABNF name of the rule.
func (r topRule) Name() string {
	switch r {
	case ruleURI:
		return "URI"
	case ruleAbsoluteURI:
		return "absolute-URI"
	case ruleRelativeRef:
		return "relative-ref"
	}
	return "URI-reference"
}

// Parse parses s as a URI (§3): a scheme is required, a fragment allowed.
func Parse(s string) (u URI, err error) {
	if tooLongFor(len(s)) {
		return URI{}, tooLong(s, ruleURI)
	}
	var sp [nslots][2]int
	err = parsed(&u, s, ruleURI, matchURI(s, 0, &sp), &sp)
	return u, err
}

// ParseReference parses s as a URI reference (§4.1): a URI or a relative
// reference.
func ParseReference(s string) (u URI, err error) {
	if tooLongFor(len(s)) {
		return URI{}, tooLong(s, ruleURIReference)
	}
	var sp [nslots][2]int
	// URI-reference = URI / relative-ref, the choice of the generated
	// matchURIReference written out: its call cost 15 instructions a parse.
	end := matchURI(s, 0, &sp)
	if end < 0 {
		end = matchRelativeRef(s, 0, &sp)
	}
	err = parsed(&u, s, ruleURIReference, end, &sp)
	return u, err
}

// ParseAbsolute parses s as an absolute URI (§4.3): a scheme is required and a
// fragment is not allowed.
func ParseAbsolute(s string) (u URI, err error) {
	if tooLongFor(len(s)) {
		return URI{}, tooLong(s, ruleAbsoluteURI)
	}
	var sp [nslots][2]int
	err = parsed(&u, s, ruleAbsoluteURI, matchAbsoluteURI(s, 0, &sp), &sp)
	return u, err
}

// ParseRelative parses s as a relative reference (§4.2): no scheme.
func ParseRelative(s string) (u URI, err error) {
	if tooLongFor(len(s)) {
		return URI{}, tooLong(s, ruleRelativeRef)
	}
	var sp [nslots][2]int
	err = parsed(&u, s, ruleRelativeRef, matchRelativeRef(s, 0, &sp), &sp)
	return u, err
}

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

// Each Parse function calls the generated matcher of its rule itself, not
// through match: a program links only the matchers of the functions it
// calls (ParseReference alone leaves out matchAbsoluteURI). ParseReference
// calls those of the two alternatives of URI-reference.

// maxLen is the longest text a URI holds: a span stores an offset plus one
// in an int32, and a capture may start at len(s) (an empty path or query at
// the end), so len(s)+1 must fit.
const maxLen = math.MaxInt32 - 1

// tooLongFor reports whether a text of n bytes is longer than maxLen.
func tooLongFor(n int) bool { return n > maxLen }

// tooLong is the error of a text longer than a span can locate: it fails at
// the first byte past maxLen.
func tooLong(s string, rule topRule) error {
	return &ParseError{Input: s, Offset: maxLen, Rule: rule.Name(),
		Component: "input", Expected: []string{"at most 2 GiB"}}
}

// parsed writes into *u, a zero URI (the result of the Parse function),
// the URI s, which the generated matcher of rule matched up to end with
// the captures sp; or returns the error that explains why s is not one
// (end is not len(s)), by rule's generated diagnosis.
func parsed(u *URI, s string, rule topRule, end int, sp *[nslots][2]int) error {
	if end != len(s) {
		return newParseError(s, rule, end)
	}
	// Written out slot by slot rather than in a loop, which the compiler
	// does not unroll, and each span stored as soon as it is made, into
	// the result: the loop cost a third of this function.
	u.s = s
	u.sp[slotScheme] = capSpan(sp[slotScheme][0], sp[slotScheme][1])
	u.sp[slotAuthority] = capSpan(sp[slotAuthority][0], sp[slotAuthority][1])
	u.sp[slotUserInfo] = capSpan(sp[slotUserInfo][0], sp[slotUserInfo][1])
	u.sp[slotHost] = capSpan(sp[slotHost][0], sp[slotHost][1])
	u.sp[slotPort] = capSpan(sp[slotPort][0], sp[slotPort][1])
	u.sp[slotPath] = pathSpan(sp[slotPath][0], sp[slotPath][1])
	u.sp[slotQuery] = capSpan(sp[slotQuery][0], sp[slotQuery][1])
	u.sp[slotFragment] = capSpan(sp[slotFragment][0], sp[slotFragment][1])
	// Without an authority, u.host stays NoHost. An empty host, or one
	// that starts with neither a DIGIT nor "[" (most start with a letter),
	// is a reg-name, known without the call: an IPv4address starts with a
	// DIGIT, an IP-literal with "[".
	if h0, h1 := sp[slotHost][0], sp[slotHost][1]; h0 >= 0 {
		u.host = RegName
		if h0 < h1 && (s[h0] <= '9' || s[h0] == '[') {
			u.host = hostKind(s, h0, h1)
		}
	}
	return nil
}

// capSpan is the span of a capture [start, end) of the generated matchers,
// without a branch: an undefined capture is {-1, -1}, and becomes the zero
// span; a defined one has 0 <= start <= end, so max(end, 0) is end. The
// compiler makes max a conditional move: 7 instructions a slot, where
// masking end with start >> 63 took 9.
func capSpan(start, end int) span {
	return span{int32(start + 1), int32(max(end, 0))}
}

// diagnose is rule.ExplainFrom(s, lowerBound) by the generated diagnosis
// of rule, one of the four top rules: the offset, with what was expected
// there left in d; or -1 when s matches.
func diagnose(rule topRule, s string, lowerBound int, d *genDiag) int {
	switch rule {
	case ruleURIReference:
		return explainURIReferenceDiag(s, lowerBound, d)
	case ruleURI:
		return explainURIDiag(s, lowerBound, d)
	case ruleAbsoluteURI:
		return explainAbsoluteURIDiag(s, lowerBound, d)
	case ruleRelativeRef:
		return explainRelativeRefDiag(s, lowerBound, d)
	}
	panic("uri: no generated diagnosis for rule " + rule.Name())
}

// isIPv4 reports whether the whole of s is an IPv4address (§3.2.2), by the
// generated matcher.
func isIPv4(s string) bool { return matchIPv4Host(s, 0) == len(s) }

// hostKind tells which alternative of host (§3.2.2) the host s[start:end]
// matched; start is -1 when there is no host.
func hostKind(s string, start, end int) HostKind {
	switch {
	case start < 0:
		return NoHost
	case start == end:
		return RegName
	case s[start] == '[':
		if s[start+1] == 'v' || s[start+1] == 'V' {
			return IPvFuture
		}
		return IPv6
	case s[start] >= '0' && s[start] <= '9' && matchIPv4Host(s[:end], start) == end:
		return IPv4
	}
	return RegName
}
