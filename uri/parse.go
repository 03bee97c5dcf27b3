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
	end := matchURI(s, 0, &u.sp)
	if end != len(s) {
		return URI{}, newParseError(s, ruleURI, end, &u.sp)
	}
	if u.complete(s) {
		u.host = hostKind(s, int(u.sp[slotHost].lo-1), int(u.sp[slotHost].hi))
	}
	return u, nil
}

// ParseReference parses s as a URI reference (§4.1): a URI or a relative
// reference.
func ParseReference(s string) (u URI, err error) {
	if tooLongFor(len(s)) {
		return URI{}, tooLong(s, ruleURIReference)
	}
	// URI-reference = URI / relative-ref, the choice of the generated
	// matchURIReference written out, so that a parse makes one call less
	// (measured: see BENCHMARKS.md).
	end := matchURI(s, 0, &u.sp)
	if end < 0 {
		end = matchRelativeRef(s, 0, &u.sp)
	}
	if end != len(s) {
		return URI{}, newParseError(s, ruleURIReference, end, &u.sp)
	}
	if u.complete(s) {
		u.host = hostKind(s, int(u.sp[slotHost].lo-1), int(u.sp[slotHost].hi))
	}
	return u, nil
}

// ParseAbsolute parses s as an absolute URI (§4.3): a scheme is required and a
// fragment is not allowed.
func ParseAbsolute(s string) (u URI, err error) {
	if tooLongFor(len(s)) {
		return URI{}, tooLong(s, ruleAbsoluteURI)
	}
	end := matchAbsoluteURI(s, 0, &u.sp)
	if end != len(s) {
		return URI{}, newParseError(s, ruleAbsoluteURI, end, &u.sp)
	}
	if u.complete(s) {
		u.host = hostKind(s, int(u.sp[slotHost].lo-1), int(u.sp[slotHost].hi))
	}
	return u, nil
}

// ParseRelative parses s as a relative reference (§4.2): no scheme.
func ParseRelative(s string) (u URI, err error) {
	if tooLongFor(len(s)) {
		return URI{}, tooLong(s, ruleRelativeRef)
	}
	end := matchRelativeRef(s, 0, &u.sp)
	if end != len(s) {
		return URI{}, newParseError(s, ruleRelativeRef, end, &u.sp)
	}
	if u.complete(s) {
		u.host = hostKind(s, int(u.sp[slotHost].lo-1), int(u.sp[slotHost].hi))
	}
	return u, nil
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

// Each Parse function has the generated matcher of its rule store the
// captures straight into the spans of its result (CapsType, CapsMake and
// CapsOneBased of the Spec in internal/urigrammar: capSpan makes each span as it is
// stored, where a second pass over an [8][2]int was measurably slower:
// see BENCHMARKS.md),
// and returns the zero URI with the error when the matcher did not reach
// the end of s (a matcher that matched a prefix stored its spans). The rest is
// complete, with a call of hostKind only where it returns true: a call in
// it would keep it from being inlined, and a call there costs every parse
// (measured: see BENCHMARKS.md).

// complete makes u, whose spans the matcher stored from a match of the
// whole of s, the URI s. It reports whether the host needs hostKind: it
// sets the host kind itself without an authority (NoHost, left as it is)
// and where the host starts with neither a DIGIT nor "[" (most start with
// a letter) or is empty, a reg-name: an IPv4address starts with a DIGIT,
// an IP-literal with "[".
func (u *URI) complete(s string) bool {
	u.s = s
	// An empty path is kept as the zero span (pathSpan); capSpan made it
	// {start+1, start}.
	if p := u.sp[slotPath]; p.lo > p.hi {
		u.sp[slotPath] = span{}
	}
	h := u.sp[slotHost]
	if h.lo == 0 {
		return false
	}
	u.host = RegName
	return h.lo <= h.hi && (s[h.lo-1] <= '9' || s[h.lo-1] == '[')
}

// capSpan is the span of a capture of the generated matchers (their
// CapsMake, with CapsOneBased): start1 is its start plus one and end its
// end, both 0 for a capture that took no part, which is the zero span.
func capSpan(start1, end int) span {
	return span{int32(start1), int32(end)}
}

// capStart is the start of the span of a capture, or -1 when it took no
// part: the generated stops' CapsStart.
func capStart(x span) int { return int(x.lo) - 1 }

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
