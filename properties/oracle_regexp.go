package properties

import (
	"regexp"
	"sort"
)

// This file transcribes RFC 3986 Appendix A into Go regular expressions, rule
// by rule, without reference to any parser in this module. The grammar of RFC
// 3986 is regular (no rule refers to itself), so a regular expression anchored
// as ^(?:...)$ decides membership exactly: RE2 reports whether SOME way of
// matching the whole string exists, which is the ABNF meaning of an
// alternative ("/"), unlike the ordered choice of a PEG.
//
// Quoted strings in ABNF are case-insensitive (RFC 5234 §2.3), so "v" in
// IPvFuture is [vV] and HEXDIG (RFC 5234 Appendix B.1: DIGIT / "A" / ... / "F")
// includes a-f. Non-ASCII bytes never match: every class below is ASCII.

// Each constant is the unanchored body of one ABNF rule; rules are built from
// the rules they mention, exactly as written in Appendix A.
const (
	reALPHA  = `[A-Za-z]`
	reDIGIT  = `[0-9]`
	reHEXDIG = `[0-9A-Fa-f]`

	// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
	reUnreserved = `[A-Za-z0-9\-._~]`
	// gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
	reGenDelims = `[:/?#\[\]@]`
	// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
	reSubDelims = `[!$&'()*+,;=]`
	// reserved = gen-delims / sub-delims
	reReserved = `(?:` + reGenDelims + `|` + reSubDelims + `)`
	// pct-encoded = "%" HEXDIG HEXDIG
	rePctEncoded = `%` + reHEXDIG + reHEXDIG

	// pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
	rePchar = `(?:` + reUnreserved + `|` + rePctEncoded + `|` + reSubDelims + `|:|@)`

	// segment = *pchar ; segment-nz = 1*pchar
	reSegment   = rePchar + `*`
	reSegmentNZ = rePchar + `+`
	// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
	reSegmentNZNC = `(?:` + reUnreserved + `|` + rePctEncoded + `|` + reSubDelims + `|@)+`

	// path-abempty = *( "/" segment )
	rePathAbempty = `(?:/` + reSegment + `)*`
	// path-absolute = "/" [ segment-nz *( "/" segment ) ]
	rePathAbsolute = `/(?:` + reSegmentNZ + `(?:/` + reSegment + `)*)?`
	// path-noscheme = segment-nz-nc *( "/" segment )
	rePathNoscheme = reSegmentNZNC + `(?:/` + reSegment + `)*`
	// path-rootless = segment-nz *( "/" segment )
	rePathRootless = reSegmentNZ + `(?:/` + reSegment + `)*`
	// path-empty = 0<pchar>
	rePathEmpty = ``
	// path = path-abempty / path-absolute / path-noscheme / path-rootless / path-empty
	rePath = `(?:` + rePathAbempty + `|` + rePathAbsolute + `|` + rePathNoscheme + `|` + rePathRootless + `|` + rePathEmpty + `)`

	// query = *( pchar / "/" / "?" ) ; fragment = *( pchar / "/" / "?" )
	reQuery    = `(?:` + rePchar + `|/|\?)*`
	reFragment = `(?:` + rePchar + `|/|\?)*`

	// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
	reScheme = reALPHA + `(?:` + reALPHA + `|` + reDIGIT + `|\+|-|\.)*`

	// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
	reUserinfo = `(?:` + reUnreserved + `|` + rePctEncoded + `|` + reSubDelims + `|:)*`
	// port = *DIGIT
	rePort = reDIGIT + `*`

	// dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
	reDecOctet = `(?:` + reDIGIT + `|[1-9]` + reDIGIT + `|1` + reDIGIT + reDIGIT + `|2[0-4]` + reDIGIT + `|25[0-5])`
	// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
	reIPv4address = reDecOctet + `\.` + reDecOctet + `\.` + reDecOctet + `\.` + reDecOctet
	// h16 = 1*4HEXDIG
	reH16 = reHEXDIG + `{1,4}`
	// ls32 = ( h16 ":" h16 ) / IPv4address
	reLS32 = `(?:` + reH16 + `:` + reH16 + `|` + reIPv4address + `)`

	h16c = `(?:` + reH16 + `:)` // h16 ":"

	// IPv6address, the nine alternatives of §3.2.2 (the English text; the
	// Russian Appendix A in /work/shared lost one colon of every "::").
	reIPv6address = `(?:` +
		h16c + `{6}` + reLS32 + // 6( h16 ":" ) ls32
		`|::` + h16c + `{5}` + reLS32 + // "::" 5( h16 ":" ) ls32
		`|(?:` + reH16 + `)?::` + h16c + `{4}` + reLS32 + // [ h16 ] "::" 4( h16 ":" ) ls32
		`|(?:` + h16c + `{0,1}` + reH16 + `)?::` + h16c + `{3}` + reLS32 + // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
		`|(?:` + h16c + `{0,2}` + reH16 + `)?::` + h16c + `{2}` + reLS32 + // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
		`|(?:` + h16c + `{0,3}` + reH16 + `)?::` + reH16 + `:` + reLS32 + // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
		`|(?:` + h16c + `{0,4}` + reH16 + `)?::` + reLS32 + // [ *4( h16 ":" ) h16 ] "::" ls32
		`|(?:` + h16c + `{0,5}` + reH16 + `)?::` + reH16 + // [ *5( h16 ":" ) h16 ] "::" h16
		`|(?:` + h16c + `{0,6}` + reH16 + `)?::` + // [ *6( h16 ":" ) h16 ] "::"
		`)`
	// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
	reIPvFuture = `[vV]` + reHEXDIG + `+\.(?:` + reUnreserved + `|` + reSubDelims + `|:)+`
	// IP-literal = "[" ( IPv6address / IPvFuture ) "]"
	reIPLiteral = `\[(?:` + reIPv6address + `|` + reIPvFuture + `)\]`
	// reg-name = *( unreserved / pct-encoded / sub-delims )
	reRegName = `(?:` + reUnreserved + `|` + rePctEncoded + `|` + reSubDelims + `)*`
	// host = IP-literal / IPv4address / reg-name
	reHost = `(?:` + reIPLiteral + `|` + reIPv4address + `|` + reRegName + `)`
	// authority = [ userinfo "@" ] host [ ":" port ]
	reAuthority = `(?:` + reUserinfo + `@)?` + reHost + `(?::` + rePort + `)?`

	// hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
	reHierPart = `(?://` + reAuthority + rePathAbempty + `|` + rePathAbsolute + `|` + rePathRootless + `|` + rePathEmpty + `)`
	// relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
	reRelativePart = `(?://` + reAuthority + rePathAbempty + `|` + rePathAbsolute + `|` + rePathNoscheme + `|` + rePathEmpty + `)`

	// URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
	reURI = reScheme + `:` + reHierPart + `(?:\?` + reQuery + `)?(?:#` + reFragment + `)?`
	// absolute-URI = scheme ":" hier-part [ "?" query ]
	reAbsoluteURI = reScheme + `:` + reHierPart + `(?:\?` + reQuery + `)?`
	// relative-ref = relative-part [ "?" query ] [ "#" fragment ]
	reRelativeRef = reRelativePart + `(?:\?` + reQuery + `)?(?:#` + reFragment + `)?`
	// URI-reference = URI / relative-ref
	reURIReference = `(?:` + reURI + `|` + reRelativeRef + `)`
)

// ruleBodies maps each Appendix A rule name to its unanchored body.
var ruleBodies = map[string]string{
	"URI-reference": reURIReference,
	"URI":           reURI,
	"absolute-URI":  reAbsoluteURI,
	"relative-ref":  reRelativeRef,
	"relative-part": reRelativePart,
	"hier-part":     reHierPart,
	"scheme":        reScheme,
	"authority":     reAuthority,
	"userinfo":      reUserinfo,
	"host":          reHost,
	"port":          rePort,
	"IP-literal":    reIPLiteral,
	"IPvFuture":     reIPvFuture,
	"IPv6address":   reIPv6address,
	"h16":           reH16,
	"ls32":          reLS32,
	"IPv4address":   reIPv4address,
	"dec-octet":     reDecOctet,
	"reg-name":      reRegName,
	"path":          rePath,
	"path-abempty":  rePathAbempty,
	"path-absolute": rePathAbsolute,
	"path-noscheme": rePathNoscheme,
	"path-rootless": rePathRootless,
	"path-empty":    rePathEmpty,
	"segment":       reSegment,
	"segment-nz":    reSegmentNZ,
	"segment-nz-nc": reSegmentNZNC,
	"pchar":         rePchar,
	"query":         reQuery,
	"fragment":      reFragment,
	"pct-encoded":   rePctEncoded,
	"unreserved":    reUnreserved,
	"reserved":      reReserved,
	"gen-delims":    reGenDelims,
	"sub-delims":    reSubDelims,
	"ALPHA":         reALPHA,
	"DIGIT":         reDIGIT,
	"HEXDIG":        reHEXDIG,
}

// ruleRegexps holds the anchored, compiled form of every rule. It is built once
// at package initialisation and never written again.
var ruleRegexps = func() map[string]*regexp.Regexp {
	m := make(map[string]*regexp.Regexp, len(ruleBodies))
	for name, body := range ruleBodies {
		m[name] = regexp.MustCompile(`^(?:` + body + `)$`)
	}
	return m
}()

// MatchRule reports whether the whole of s matches the RFC 3986 Appendix A rule
// named rule (its ABNF name, e.g. "URI-reference", "path-noscheme", "h16").
// known is false, and matched false, when rule is not a rule this oracle knows;
// RuleNames lists the known names. The decision comes from an independent
// transcription of Appendix A into regular expressions and is exact: the
// grammar is regular.
func MatchRule(rule, s string) (matched bool, known bool) {
	re, ok := ruleRegexps[rule]
	if !ok {
		return false, false
	}
	return re.MatchString(s), true
}

// RuleNames returns the ABNF names MatchRule knows, sorted.
func RuleNames() []string {
	names := make([]string, 0, len(ruleBodies))
	for name := range ruleBodies {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
