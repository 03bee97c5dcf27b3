package uri

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
