package properties

import (
	"strconv"
	"strings"

	"pgregory.net/rapid"
)

// The generators in this file produce strings that match the RFC 3986
// Appendix A rule they are named after. They are built from small generators
// (one per ABNF rule) so that rapid shrinks a failing input toward short,
// simple strings. They deliberately over-weight the corners where parsers
// go wrong: empty versus absent components, percent-encodings in both hex
// cases, dot segments (also percent-encoded), colons in later segments, empty
// segments ("//" inside a path), every IPv6 form, dec-octet boundaries,
// reg-names that look like IPv4 addresses, upper-case schemes and hosts, and,
// now and then, inputs a few hundred bytes long.

const (
	alphaChars      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digitChars      = "0123456789"
	hexChars        = "0123456789ABCDEFabcdef"
	unreservedChars = alphaChars + digitChars + "-._~"
	subDelimChars   = "!$&'()*+,;="
)

// charsOf returns a generator of one-byte strings drawn from chars. Earlier
// bytes are drawn more often and are what rapid shrinks toward.
func charsOf(chars string) *rapid.Generator[string] {
	s := make([]string, len(chars))
	for i := range chars {
		s[i] = chars[i : i+1]
	}
	return rapid.SampledFrom(s)
}

// concat draws between min and max values of elem and joins them.
func concat(elem *rapid.Generator[string], min, max int) *rapid.Generator[string] {
	return rapid.Map(rapid.SliceOfN(elem, min, max), func(parts []string) string {
		return strings.Join(parts, "")
	})
}

// sometimesLong returns g, except that about one draw in 40 is instead a run
// of a few hundred pchars (which suits every rule it is used for).
func sometimesLong(g *rapid.Generator[string]) *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		if rapid.IntRange(0, 39).Draw(t, "long?") == 39 {
			return longRun.Draw(t, "long")
		}
		return g.Draw(t, "value")
	})
}

// optional draws a value of g or, about half the time, reports absence.
func optional(t *rapid.T, g *rapid.Generator[string], label string) (string, bool) {
	if !rapid.Bool().Draw(t, label+"?") {
		return "", false
	}
	return g.Draw(t, label), true
}

var (
	alphaGen      = charsOf(alphaChars)
	digitGen      = charsOf(digitChars)
	hexGen        = charsOf(hexChars)
	unreservedGen = charsOf(unreservedChars)
	subDelimGen   = charsOf(subDelimChars)

	// pct-encoded, with hand-picked octets that matter to normalizers: the
	// dot, the slash, the percent sign, non-ASCII UTF-8 bytes, in both cases.
	pctGen = rapid.OneOf(
		rapid.SampledFrom([]string{"%2E", "%2e", "%2F", "%2f", "%25", "%3A", "%3a", "%41", "%7E", "%C3", "%a9", "%00", "%FF"}),
		rapid.Custom(func(t *rapid.T) string {
			return "%" + hexGen.Draw(t, "hi") + hexGen.Draw(t, "lo")
		}),
	)

	pcharGen = rapid.OneOf(unreservedGen, pctGen, subDelimGen, rapid.Just(":"), rapid.Just("@"))
	// pchar without ":" (the alphabet of segment-nz-nc).
	pcharNCGen = rapid.OneOf(unreservedGen, pctGen, subDelimGen, rapid.Just("@"))

	// longRun is a string of a few hundred pchars.
	longRun = concat(pcharGen, 100, 300)

	dotSegments = []string{".", "..", "%2E", "%2e", ".%2E", "%2E.", "%2E%2E", "%2e%2e"}
)

// PctEncoded generates pct-encoded = "%" HEXDIG HEXDIG (RFC 3986 §2.1), with
// upper- and lower-case hex digits.
func PctEncoded() *rapid.Generator[string] { return pctGen }

// Segment generates segment = *pchar (RFC 3986 §3.3): empty segments, dot
// segments "." and ".." and their percent-encoded spellings, segments with
// colons and at-signs, and now and then a long one.
func Segment() *rapid.Generator[string] {
	return sometimesLong(rapid.OneOf(
		rapid.Just(""),
		concat(pcharGen, 1, 8),
		rapid.SampledFrom(dotSegments),
		rapid.SampledFrom([]string{"a:b", ":", "@", "a@b", "g;x=1", "~user", "%7Euser", "%C3%A9"}),
	))
}

// segmentNZ generates segment-nz = 1*pchar.
func segmentNZ() *rapid.Generator[string] {
	return sometimesLong(rapid.OneOf(
		concat(pcharGen, 1, 8),
		rapid.SampledFrom(dotSegments),
		rapid.SampledFrom([]string{":", "a:b", "::", "@", "%c3%a9"}),
	))
}

// segmentNZNC generates segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" ).
func segmentNZNC() *rapid.Generator[string] {
	return rapid.OneOf(
		concat(pcharNCGen, 1, 8),
		rapid.SampledFrom(dotSegments),
		rapid.SampledFrom([]string{"g", "@", "%3A", "a%3Ab", "g;x=1"}),
	)
}

// slashSegments generates *( "/" segment ).
func slashSegments(max int) *rapid.Generator[string] {
	return concat(rapid.Map(Segment(), func(s string) string { return "/" + s }), 0, max)
}

// PathAbempty generates path-abempty = *( "/" segment ) (RFC 3986 §3.3),
// including the empty path, "/" and paths with empty segments ("//").
func PathAbempty() *rapid.Generator[string] {
	return rapid.OneOf(
		rapid.Just(""),
		slashSegments(6),
		rapid.SampledFrom([]string{"/", "//", "///", "/./", "/../", "/a//b"}),
	)
}

// PathAbsolute generates path-absolute = "/" [ segment-nz *( "/" segment ) ]
// (RFC 3986 §3.3); it never starts with "//" but may contain "//" later.
func PathAbsolute() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		if !rapid.Bool().Draw(t, "rest?") {
			return "/"
		}
		return "/" + segmentNZ().Draw(t, "first") + slashSegments(5).Draw(t, "rest")
	})
}

// PathNoScheme generates path-noscheme = segment-nz-nc *( "/" segment ) (RFC
// 3986 §3.3): the first segment has no colon, later ones may.
func PathNoScheme() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		return segmentNZNC().Draw(t, "first") + slashSegments(5).Draw(t, "rest")
	})
}

// PathRootless generates path-rootless = segment-nz *( "/" segment ) (RFC
// 3986 §3.3), whose first segment may contain colons.
func PathRootless() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		return segmentNZ().Draw(t, "first") + slashSegments(5).Draw(t, "rest")
	})
}

// PathEmpty generates path-empty = 0<pchar> (RFC 3986 §3.3): always "".
func PathEmpty() *rapid.Generator[string] { return rapid.Just("") }

// queryOrFragment generates *( pchar / "/" / "?" ).
func queryOrFragment() *rapid.Generator[string] {
	return sometimesLong(rapid.OneOf(
		rapid.Just(""),
		concat(rapid.OneOf(pcharGen, rapid.Just("/"), rapid.Just("?")), 1, 12),
		rapid.SampledFrom([]string{"q", "y", "a=b&c=d", "/./x", "/../x", "?", "//", "name=ferret", "%20"}),
	))
}

// Query generates query = *( pchar / "/" / "?" ) (RFC 3986 §3.4), often empty.
func Query() *rapid.Generator[string] { return queryOrFragment() }

// Fragment generates fragment = *( pchar / "/" / "?" ) (RFC 3986 §3.5), often empty.
func Fragment() *rapid.Generator[string] { return queryOrFragment() }

// Scheme generates scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (RFC
// 3986 §3.1), in upper, lower and mixed case.
func Scheme() *rapid.Generator[string] {
	return rapid.OneOf(
		rapid.SampledFrom([]string{"s", "http", "HTTP", "Http", "urn", "file", "g", "a+b.c-d", "z9"}),
		rapid.Custom(func(t *rapid.T) string {
			return alphaGen.Draw(t, "first") + concat(charsOf(alphaChars+digitChars+"+-."), 0, 10).Draw(t, "rest")
		}),
	)
}

// UserInfo generates userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
// (RFC 3986 §3.2.1), including the empty userinfo and "user:password" forms.
func UserInfo() *rapid.Generator[string] {
	return rapid.OneOf(
		rapid.Just(""),
		concat(rapid.OneOf(unreservedGen, pctGen, subDelimGen, rapid.Just(":")), 1, 12),
		rapid.SampledFrom([]string{"user", "user:pass", ":", "user:", ":pass", "%75ser"}),
	)
}

// decOctet generates dec-octet, with the boundaries of each ABNF alternative.
func decOctet() *rapid.Generator[string] {
	return rapid.OneOf(
		rapid.SampledFrom([]string{"0", "9", "10", "99", "100", "199", "200", "249", "250", "255"}),
		rapid.Map(rapid.IntRange(0, 255), strconv.Itoa),
	)
}

// IPv4Address generates IPv4address = dec-octet "." dec-octet "." dec-octet
// "." dec-octet (RFC 3986 §3.2.2), favouring the dec-octet boundaries 0, 9, 10,
// 99, 100, 199, 200, 249, 250 and 255.
func IPv4Address() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		d := decOctet()
		return d.Draw(t, "a") + "." + d.Draw(t, "b") + "." + d.Draw(t, "c") + "." + d.Draw(t, "d")
	})
}

// h16 generates h16 = 1*4HEXDIG.
func h16() *rapid.Generator[string] { return concat(hexGen, 1, 4) }

// ls32 generates ls32 = ( h16 ":" h16 ) / IPv4address.
func ls32() *rapid.Generator[string] {
	return rapid.OneOf(
		rapid.Custom(func(t *rapid.T) string { return h16().Draw(t, "hi") + ":" + h16().Draw(t, "lo") }),
		IPv4Address(),
	)
}

// h16s draws n h16 values, each followed by ":" when colons is true, else
// joined by ":".
func h16s(t *rapid.T, n int, trailingColon bool, label string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = h16().Draw(t, label)
	}
	if trailingColon {
		if n == 0 {
			return ""
		}
		return strings.Join(parts, ":") + ":"
	}
	return strings.Join(parts, ":")
}

// IPv6Address generates IPv6address (RFC 3986 §3.2.2) in every one of its nine
// ABNF forms: eight groups, and "::" at the start, in the middle and at the
// end; the seven forms that end in an ls32 sometimes end in an embedded IPv4
// address, the last two ("[ *5( h16 ":" ) h16 ] "::" h16" and
// "[ *6( h16 ":" ) h16 ] "::"") end otherwise.
func IPv6Address() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		form := rapid.IntRange(0, 8).Draw(t, "form")
		switch form {
		case 0: // 6( h16 ":" ) ls32
			return h16s(t, 6, true, "h16") + ls32().Draw(t, "ls32")
		case 1: // "::" 5( h16 ":" ) ls32
			return "::" + h16s(t, 5, true, "h16") + ls32().Draw(t, "ls32")
		}
		// Forms 2..8: [ *(form-2)( h16 ":" ) h16 ] "::" suffix, so the
		// optional prefix holds 1 to form-1 groups.
		prefix := ""
		if rapid.Bool().Draw(t, "prefix?") {
			prefix = h16s(t, rapid.IntRange(1, form-1).Draw(t, "groups"), false, "h16")
		}
		var suffix string
		switch {
		case form <= 6: // (6-form)( h16 ":" ) ls32
			suffix = h16s(t, 6-form, true, "h16") + ls32().Draw(t, "ls32")
		case form == 7: // h16
			suffix = h16().Draw(t, "h16")
		default: // nothing
		}
		return prefix + "::" + suffix
	})
}

// IPvFuture generates IPvFuture = "v" 1*HEXDIG "." 1*( unreserved /
// sub-delims / ":" ) (RFC 3986 §3.2.2), with "v" in either case.
func IPvFuture() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		return rapid.SampledFrom([]string{"v", "V"}).Draw(t, "v") +
			concat(hexGen, 1, 3).Draw(t, "version") + "." +
			concat(rapid.OneOf(unreservedGen, subDelimGen, rapid.Just(":")), 1, 10).Draw(t, "address")
	})
}

// IPLiteral generates IP-literal = "[" ( IPv6address / IPvFuture ) "]" (RFC 3986 §3.2.2).
func IPLiteral() *rapid.Generator[string] {
	return rapid.Map(rapid.OneOf(IPv6Address(), IPv6Address(), IPvFuture()), func(s string) string {
		return "[" + s + "]"
	})
}

// RegName generates reg-name = *( unreserved / pct-encoded / sub-delims )
// (RFC 3986 §3.2.2): the empty name, DNS-like names in both cases, names that
// look like IPv4 addresses but are not ("1.2.3.256", "01.2.3.4", "1.2.3"),
// and arbitrary ones.
func RegName() *rapid.Generator[string] {
	return rapid.OneOf(
		rapid.Just(""),
		rapid.SampledFrom([]string{"a", "example.com", "EXAMPLE.COM", "Example.Com", "www.ietf.org", "localhost", "a-b.c_d~e"}),
		rapid.SampledFrom([]string{"1.2.3.256", "01.2.3.4", "1.2.3", "1.2.3.4.5", "256.0.0.0", "1.2.3.4.", "0x7f.1", "1.2.3.04"}),
		concat(rapid.OneOf(unreservedGen, pctGen, subDelimGen), 1, 16),
	)
}

// Host generates host = IP-literal / IPv4address / reg-name (RFC 3986 §3.2.2),
// a mix of all three kinds (and IP-literals of both kinds).
func Host() *rapid.Generator[string] {
	return rapid.OneOf(RegName(), IPv4Address(), IPLiteral())
}

// Port generates port = *DIGIT (RFC 3986 §3.2.3), including the empty port,
// leading zeros and numbers above 65535.
func Port() *rapid.Generator[string] {
	return rapid.OneOf(
		rapid.Just(""),
		rapid.SampledFrom([]string{"80", "0", "8042", "65535", "65536", "080", "99999999999999999999"}),
		concat(digitGen, 1, 6),
	)
}

// Authority generates authority = [ userinfo "@" ] host [ ":" port ] (RFC 3986
// §3.2), with userinfo and port independently absent, empty or non-empty (so
// "", "@h", "h:" and "@" all occur).
func Authority() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		var b strings.Builder
		if u, ok := optional(t, UserInfo(), "userinfo"); ok {
			b.WriteString(u + "@")
		}
		b.WriteString(Host().Draw(t, "host"))
		if p, ok := optional(t, Port(), "port"); ok {
			b.WriteString(":" + p)
		}
		return b.String()
	})
}

// hierPart generates hier-part = "//" authority path-abempty / path-absolute
// / path-rootless / path-empty.
func hierPart() *rapid.Generator[string] {
	return rapid.OneOf(
		rapid.Custom(func(t *rapid.T) string {
			return "//" + Authority().Draw(t, "authority") + PathAbempty().Draw(t, "path")
		}),
		PathAbsolute(), PathRootless(), PathEmpty(),
	)
}

// relativePart generates relative-part = "//" authority path-abempty /
// path-absolute / path-noscheme / path-empty.
func relativePart() *rapid.Generator[string] {
	return rapid.OneOf(
		rapid.Custom(func(t *rapid.T) string {
			return "//" + Authority().Draw(t, "authority") + PathAbempty().Draw(t, "path")
		}),
		PathAbsolute(), PathNoScheme(), PathEmpty(),
	)
}

// suffix appends [ "?" query ] and, when withFragment, [ "#" fragment ].
func suffix(t *rapid.T, withFragment bool) string {
	var b strings.Builder
	if q, ok := optional(t, Query(), "query"); ok {
		b.WriteString("?" + q)
	}
	if withFragment {
		if f, ok := optional(t, Fragment(), "fragment"); ok {
			b.WriteString("#" + f)
		}
	}
	return b.String()
}

// URI generates URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ] (RFC
// 3986 §3), with query and fragment independently absent or empty, so "s:",
// "s:?", "s:#" and "s:?#" all occur.
func URI() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		return Scheme().Draw(t, "scheme") + ":" + hierPart().Draw(t, "hier-part") + suffix(t, true)
	})
}

// AbsoluteURI generates absolute-URI = scheme ":" hier-part [ "?" query ] (RFC
// 3986 §4.3): a URI without fragment.
func AbsoluteURI() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		return Scheme().Draw(t, "scheme") + ":" + hierPart().Draw(t, "hier-part") + suffix(t, false)
	})
}

// RelativeRef generates relative-ref = relative-part [ "?" query ] [ "#"
// fragment ] (RFC 3986 §4.2): network-path ("//h"), absolute-path, relative-
// path and empty references, with query and fragment absent or empty.
func RelativeRef() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		return relativePart().Draw(t, "relative-part") + suffix(t, true)
	})
}

// URIReference generates URI-reference = URI / relative-ref (RFC 3986 §4.1),
// half URIs, half relative references.
func URIReference() *rapid.Generator[string] {
	return rapid.OneOf(URI(), RelativeRef())
}
