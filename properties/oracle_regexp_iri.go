package properties

import (
	"regexp"
	"sort"
)

// This file transcribes the rules of RFC 3987 §2.2 (IRIs) into Go regular
// expressions, as oracle_regexp.go does for RFC 3986 Appendix A, and, like
// it, without reference to any parser in this module: the rules RFC 3987
// takes unchanged from RFC 3986 (scheme, port, IP-literal, IPv4address,
// pct-encoded, sub-delims) are the constants there, the others are written
// here from the RFC's text.
//
// Terminals in RFC 3987's ABNF are characters: Go regular expressions match
// UTF-8 text code point by code point, so a class such as [\x{A0}-\x{D7FF}]
// matches one character. A byte that is not valid UTF-8 is read by regexp as
// U+FFFD, which is neither in ucschar nor in iprivate, so invalid UTF-8
// never matches, as RFC 3987 wants (an IRI is a sequence of characters).

const (
	// ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ...
	//         / %xD0000-DFFFD / %xE1000-EFFFD
	reUcschar = `[\x{A0}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFEF}` +
		`\x{10000}-\x{1FFFD}\x{20000}-\x{2FFFD}\x{30000}-\x{3FFFD}` +
		`\x{40000}-\x{4FFFD}\x{50000}-\x{5FFFD}\x{60000}-\x{6FFFD}` +
		`\x{70000}-\x{7FFFD}\x{80000}-\x{8FFFD}\x{90000}-\x{9FFFD}` +
		`\x{A0000}-\x{AFFFD}\x{B0000}-\x{BFFFD}\x{C0000}-\x{CFFFD}` +
		`\x{D0000}-\x{DFFFD}\x{E1000}-\x{EFFFD}]`
	// iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
	reIprivate = `[\x{E000}-\x{F8FF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FFFD}]`

	// iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
	reIunreserved = `(?:[A-Za-z0-9\-._~]|` + reUcschar + `)`
	// ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
	reIpchar = `(?:` + reIunreserved + `|` + rePctEncoded + `|` + reSubDelims + `|:|@)`

	// isegment = *ipchar ; isegment-nz = 1*ipchar
	reIsegment   = reIpchar + `*`
	reIsegmentNZ = reIpchar + `+`
	// isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" )
	reIsegmentNZNC = `(?:` + reIunreserved + `|` + rePctEncoded + `|` + reSubDelims + `|@)+`

	// ipath-abempty = *( "/" isegment )
	reIpathAbempty = `(?:/` + reIsegment + `)*`
	// ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]
	reIpathAbsolute = `/(?:` + reIsegmentNZ + `(?:/` + reIsegment + `)*)?`
	// ipath-noscheme = isegment-nz-nc *( "/" isegment )
	reIpathNoscheme = reIsegmentNZNC + `(?:/` + reIsegment + `)*`
	// ipath-rootless = isegment-nz *( "/" isegment )
	reIpathRootless = reIsegmentNZ + `(?:/` + reIsegment + `)*`
	// ipath-empty = 0<ipchar>
	reIpathEmpty = ``
	// ipath = ipath-abempty / ipath-absolute / ipath-noscheme / ipath-rootless / ipath-empty
	reIpath = `(?:` + reIpathAbempty + `|` + reIpathAbsolute + `|` + reIpathNoscheme + `|` + reIpathRootless + `|` + reIpathEmpty + `)`

	// iquery = *( ipchar / iprivate / "/" / "?" )
	reIquery = `(?:` + reIpchar + `|` + reIprivate + `|/|\?)*`
	// ifragment = *( ipchar / "/" / "?" )
	reIfragment = `(?:` + reIpchar + `|/|\?)*`

	// iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )
	reIuserinfo = `(?:` + reIunreserved + `|` + rePctEncoded + `|` + reSubDelims + `|:)*`
	// ireg-name = *( iunreserved / pct-encoded / sub-delims )
	reIregName = `(?:` + reIunreserved + `|` + rePctEncoded + `|` + reSubDelims + `)*`
	// ihost = IP-literal / IPv4address / ireg-name
	reIhost = `(?:` + reIPLiteral + `|` + reIPv4address + `|` + reIregName + `)`
	// iauthority = [ iuserinfo "@" ] ihost [ ":" port ]
	reIauthority = `(?:` + reIuserinfo + `@)?` + reIhost + `(?::` + rePort + `)?`

	// ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless / ipath-empty
	reIhierPart = `(?://` + reIauthority + reIpathAbempty + `|` + reIpathAbsolute + `|` + reIpathRootless + `|` + reIpathEmpty + `)`
	// irelative-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-noscheme / ipath-empty
	reIrelativePart = `(?://` + reIauthority + reIpathAbempty + `|` + reIpathAbsolute + `|` + reIpathNoscheme + `|` + reIpathEmpty + `)`

	// IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]
	reIRI = reScheme + `:` + reIhierPart + `(?:\?` + reIquery + `)?(?:#` + reIfragment + `)?`
	// absolute-IRI = scheme ":" ihier-part [ "?" iquery ]
	reAbsoluteIRI = reScheme + `:` + reIhierPart + `(?:\?` + reIquery + `)?`
	// irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]
	reIrelativeRef = reIrelativePart + `(?:\?` + reIquery + `)?(?:#` + reIfragment + `)?`
	// IRI-reference = IRI / irelative-ref
	reIRIReference = `(?:` + reIRI + `|` + reIrelativeRef + `)`
)

// iriRuleBodies maps each rule of RFC 3987 §2.2 that differs from RFC 3986
// to its unanchored body.
var iriRuleBodies = map[string]string{
	"IRI-reference":  reIRIReference,
	"IRI":            reIRI,
	"absolute-IRI":   reAbsoluteIRI,
	"irelative-ref":  reIrelativeRef,
	"irelative-part": reIrelativePart,
	"ihier-part":     reIhierPart,
	"iauthority":     reIauthority,
	"iuserinfo":      reIuserinfo,
	"ihost":          reIhost,
	"ireg-name":      reIregName,
	"ipath":          reIpath,
	"ipath-abempty":  reIpathAbempty,
	"ipath-absolute": reIpathAbsolute,
	"ipath-noscheme": reIpathNoscheme,
	"ipath-rootless": reIpathRootless,
	"ipath-empty":    reIpathEmpty,
	"isegment":       reIsegment,
	"isegment-nz":    reIsegmentNZ,
	"isegment-nz-nc": reIsegmentNZNC,
	"ipchar":         reIpchar,
	"iquery":         reIquery,
	"ifragment":      reIfragment,
	"iunreserved":    reIunreserved,
	"ucschar":        reUcschar,
	"iprivate":       reIprivate,
}

var iriRuleRegexps = func() map[string]*regexp.Regexp {
	m := make(map[string]*regexp.Regexp, len(iriRuleBodies))
	for name, body := range iriRuleBodies {
		m[name] = regexp.MustCompile(`^(?:` + body + `)$`)
	}
	return m
}()

// MatchIRIRule reports whether the whole of s matches the RFC 3987 §2.2 rule
// named rule (its ABNF name, e.g. "IRI-reference", "ipath-noscheme",
// "ucschar"); s is UTF-8 text, and text that is not valid UTF-8 never
// matches. known is false, and matched false, when rule is not one of the
// rules RFC 3987 adds or changes (IRIRuleNames lists them; the rules it
// takes from RFC 3986 unchanged are MatchRule's). Like MatchRule, it is an
// independent transcription into regular expressions, and exact: the
// grammar is regular.
func MatchIRIRule(rule, s string) (matched bool, known bool) {
	re, ok := iriRuleRegexps[rule]
	if !ok {
		return false, false
	}
	return re.MatchString(s), true
}

// IRIRuleNames returns the ABNF names MatchIRIRule knows, sorted.
func IRIRuleNames() []string {
	names := make([]string, 0, len(iriRuleBodies))
	for name := range iriRuleBodies {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
