package uri

import "strings"

// ComponentAt names the component that byte offset off of s falls in when s
// is read as the top rule named rule: "URI-reference", "URI",
// "absolute-URI" or "relative-ref" (any other name reads s as a
// URI-reference). It is how a *ParseError names its Component: "scheme",
// "authority", "userinfo", "host", "port", "path", "query" or "fragment",
// found by splitting s as RFC 3986 Appendix B does, which reads any string as
// components. Bytes outside ASCII count as characters a userinfo may hold
// and a scheme may not, so that the IRI package (RFC 3987, whose iuserinfo
// allows them) names the components of its text the same way.
func ComponentAt(s string, off int, rule string) string {
	r := ruleURIReference
	switch rule {
	case "URI":
		r = ruleURI
	case "absolute-URI":
		r = ruleAbsoluteURI
	case "relative-ref":
		r = ruleRelativeRef
	}
	if off < 0 {
		off = 0
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			// A copy with every non-ASCII byte as "!", a sub-delim: no
			// delimiter moves, and the offsets stay.
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 0x80 {
					b[j] = '!'
				}
			}
			s = string(b)
			break
		}
	}
	return componentAt(s, off, r)
}

// componentAt names the component that offset off of s falls in when s is
// read as rule. It splits s as RFC 3986 Appendix B does (which reads any
// string as components): the scheme up to the first ":" before any "/", "?"
// or "#"; after "//", the authority up to the next "/", "?" or "#"; the path
// up to "?" or "#"; the query up to "#"; the fragment. An offset at the end of
// a component belongs to the one that would go on there.
//
// Appendix B's scheme is what rule reads as one: a relative-ref has none, so
// text before a ":" in it is its first path segment (path-noscheme, §4.2);
// a URI-reference has one only where that text is a scheme (§3.1), and is
// otherwise a relative-ref; and a URI or an absolute-URI that has none failed
// in the scheme it requires.
func componentAt(s string, off int, rule topRule) string {
	i := 0
	// scheme
	// One loop finds where Appendix B's scheme ends (j) and whether it is a
	// scheme (§3.1).
	j, scheme := 0, len(s) > 0 && byteClass[s[0]]&clsAlpha != 0
	for ; j < len(s); j++ {
		k := byteClass[s[j]]
		if k&clsSchemeStop != 0 {
			break
		}
		scheme = scheme && k&clsScheme != 0
	}
	hasScheme := j > 0 && j < len(s) && s[j] == ':'
	switch rule {
	case ruleRelativeRef:
		hasScheme = false
	case ruleURIReference:
		hasScheme = hasScheme && scheme
	case ruleURI, ruleAbsoluteURI:
		if !hasScheme {
			return "scheme"
		}
	}
	if hasScheme {
		if off <= j {
			return "scheme"
		}
		i = j + 1
	}
	// authority
	// It ends at the first "/", "?" or "#": off falls in it when none comes
	// before off, and the end past off need not be looked for.
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		start := i + 2
		if off < start {
			return "authority"
		}
		k := indexStop(s[start:min(off, len(s))], clsAuthorityStop)
		if k < 0 {
			return authorityPart(s[start:], off-start)
		}
		i = start + k
	}
	// path, query, fragment: the last that begins before off
	rest := s[i:min(off, len(s))]
	switch {
	case strings.IndexByte(rest, '#') >= 0:
		return "fragment"
	case strings.IndexByte(rest, '?') >= 0:
		return "query"
	}
	return "path"
}

// authorityPart names the subcomponent of the authority that offset off of
// a falls in, as the grammar reads it (§3.2):
//
//	authority = [ userinfo "@" ] host [ ":" port ]
//
// The authority starts a and ends at its first "/", "?" or "#", which come
// after off: a may run on past it. The text up to the first "@" is a
// userinfo while it holds only userinfo bytes: "[::1]@h" has none. The host
// ends at its first ":" (reg-name and IPv4address hold none), or an IP
// literal at its "]"; the port follows. What lies past the authority does
// not change the answer: an "@" there is not looked at, and a "]" or ":"
// there lies past off, where it does not count.
func authorityPart(a string, off int) string {
	host := 0
	if j := strings.IndexByte(a, '@'); j >= 0 && (j < off || indexStop(a[off:j], clsAuthorityStop) < 0) &&
		userinfoBytes(a[:min(off, j)]) {
		if off <= j {
			return "userinfo"
		}
		host = j + 1
	}
	from := host
	if strings.HasPrefix(a[host:], "[") { // an IP literal: the port comes after "]"
		from = len(a)
		if j := strings.IndexByte(a[host:], ']'); j >= 0 {
			from = host + j
		}
	}
	if j := strings.IndexByte(a[from:], ':'); j >= 0 && off > from+j {
		return "port"
	}
	return "host"
}
