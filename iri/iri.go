package iri

import (
	"log/slog"
	"math"
	"strconv"

	"github.com/seed42851778/rfc3986/internal/errtext"
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

// Capture slots of the top rules: one per component. They are the slots of
// internal/irigrammar, which the generated matchers capture into (gen_test.go
// checks that they agree).
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

// topRule names one of the four top rules of RFC 3987 §2.2, which the
// matchers generated from internal/irigrammar parse (zz_parse_gen.go, go
// generate) and whose generated diagnoses explain a failure. The rules
// themselves are the reference both are tested against; iri does not link
// them.
type topRule uint8

const (
	ruleIRI          topRule = iota // IRI
	ruleAbsoluteIRI                 // absolute-IRI
	ruleIRelativeRef                // irelative-ref
	ruleIRIReference                // IRI-reference
)

// Name returns the ABNF name of the rule.
func (r topRule) Name() string {
	switch r {
	case ruleIRI:
		return "IRI"
	case ruleAbsoluteIRI:
		return "absolute-IRI"
	case ruleIRelativeRef:
		return "irelative-ref"
	}
	return "IRI-reference"
}

// uriName returns the name of the RFC 3986 rule r extends.
func (r topRule) uriName() string {
	switch r {
	case ruleIRI:
		return "URI"
	case ruleAbsoluteIRI:
		return "absolute-URI"
	case ruleIRelativeRef:
		return "relative-ref"
	}
	return "URI-reference"
}

// match matches s with the generated matcher of rule: direct calls, so that
// sp stays on the caller's stack.
func match(rule topRule, s string, sp *[nslots][2]int) int {
	switch rule {
	case ruleIRI:
		return matchIRI(s, 0, sp)
	case ruleAbsoluteIRI:
		return matchAbsoluteIRI(s, 0, sp)
	case ruleIRelativeRef:
		return matchIRelativeRef(s, 0, sp)
	}
	return matchIRIReference(s, 0, sp)
}

// explain is rule.ExplainFrom(s, lowerBound) by the generated diagnosis of
// rule: the offset, and what was expected there appended to buf; or -1 when
// s matches.
func explain(rule topRule, s string, lowerBound int, buf []string) (int, []string) {
	switch rule {
	case ruleIRI:
		return explainIRI(s, lowerBound, buf)
	case ruleAbsoluteIRI:
		return explainAbsoluteIRI(s, lowerBound, buf)
	case ruleIRelativeRef:
		return explainIRelativeRef(s, lowerBound, buf)
	}
	return explainIRIReference(s, lowerBound, buf)
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

// parse matches s with the matcher generated from rule and keeps the spans
// of its components; a failure is explained by rule's generated diagnosis.
func parse(s string, rule topRule) (IRI, error) {
	// A span stores an offset plus one in an int32, and a capture may start
	// at len(s): len(s)+1 must fit.
	if len(s) >= math.MaxInt32 {
		return IRI{}, &ParseError{Input: s, Offset: math.MaxInt32 - 1, Rule: rule.Name(),
			Component: "input", Expected: []string{"at most 2 GiB"}}
	}
	var sp [nslots][2]int
	if end := match(rule, s, &sp); end != len(s) {
		return IRI{}, newParseError(s, rule, end)
	}
	i := IRI{s: s}
	for k, x := range sp {
		if x[0] >= 0 {
			i.sp[k] = span{int32(x[0] + 1), int32(x[1])}
		}
	}
	if x := sp[slotPath]; x[0] == x[1] {
		i.sp[slotPath] = span{} // an empty path is the zero span, as in the zero IRI
	}
	i.host = hostKindOf(i)
	return i, nil
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
	case h != "" && h[0] >= '0' && h[0] <= '9' && matchIPv4Host(h, 0) == len(h):
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
// text that was parsed, its password included: it is data. Log or print
// Redacted.
func (i IRI) String() string { return i.s }

// Redacted returns String with the password replaced by "xxxxx", as
// uri.URI.Redacted and net/url's URL.Redacted do: the password is what
// follows the first ":" of the iuserinfo ("user:password", deprecated by
// RFC 3986 §3.2.1), even when empty. Like uri.URI.Redacted, it hides the
// password browsers read too ("https:user:pw@host/", where RFC 3987 reads a
// path; errtext.URIPassword). Without a password, Redacted returns String
// unchanged.
//
// LogValue and GoString call it; String gives the text in clear, so an IRI
// inside a struct that a JSON or text handler marshals whole shows its
// password: log the IRI as an attribute of its own, or Redacted.
func (i IRI) Redacted() string {
	s, _ := errtext.RedactURI(i.s, 0)
	return s
}

// LogValue makes an IRI a slog.LogValuer: it logs as the string Redacted
// returns, so that a password never reaches a log through an attribute whose
// value is the IRI.
func (i IRI) LogValue() slog.Value { return slog.StringValue(i.Redacted()) }

// GoString returns the IRI as Go syntax for %#v, with its password as
// Redacted shows it: iri.MustParseReference("http://user:xxxxx@h/").
func (i IRI) GoString() string { return "iri.MustParseReference(" + strconv.Quote(i.Redacted()) + ")" }

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
