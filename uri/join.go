package uri

import (
	"strings"

	"github.com/seed42851778/rfc3986/internal/hint"
)

// JoinPath returns u with a raw path p, its elements joined (below), joined
// under its path: the path of u without its final "/", then p with its dot
// segments removed as if p stood at the root, so that ".." never climbs
// above u's path. It is the
// join of a reverse proxy, which forwards a request's path under the
// upstream's: "http://backend/api/" joined with "/v1/users/a%2Fb" is
// "http://backend/api/v1/users/a%2Fb", and with "/../../etc/passwd" is
// "http://backend/api/etc/passwd". Unlike net/url's JoinPath, nothing is
// decoded or re-encoded: every byte of p that is not part of a dot segment
// stays as written ("%2F" stays "%2F", "//" stays "//").
//
// A dot segment is ".", "..", or a segment that decodes to one of them
// ("%2e", ".%2E", "%2e%2e"), as the WHATWG URL Standard reads them: a
// server that decodes before it resolves must not see a ".." that this
// join kept. A segment such as "..%2F.." is not a dot segment (§3.3): it
// stays, and a server that decodes "%2F" into "/" before removing dot
// segments would read it as two; refuse such paths before the join if the
// upstream does that.
//
// p may start with "/" or not ("v1/x" joins as "/v1/x"), and may be
// followed by "?" and a query, as the request line holds it
// (net/http's Request.RequestURI for an origin-form, or URL.RequestURI):
// that query is then appended to u's, after an "&" when u has a non-empty
// one, as net/http/httputil's ReverseProxy does; without it the result
// keeps u's query. The fragment of u stays. An empty p, or "/", gives u's
// path with a "/" at its end, as httputil's join does ("/api" gives "/api/").
//
// Several elements, as net/url's JoinPath takes them, are joined with one
// "/" between each two (a "/" at the end of one and at the start of the
// next count as one: "v1/", "/users" give "v1/users"), and then joined as
// one p; only the last may hold a query. JoinPath() is JoinPath("").
//
// p is a path as RFC 3986 writes it (§3.3): a byte outside pchar and "/",
// a "%" not followed by two hexadecimal digits, or a "#" is an error, a
// *ParseError with the element as Input and the offset in it.
func (u URI) JoinPath(elem ...string) (URI, error) {
	var p string
	for i, e := range elem {
		path, query, hasQuery := strings.Cut(e, "?")
		if hasQuery && i < len(elem)-1 {
			return URI{}, joinError(e, len(path), "path")
		}
		if j := badPathByte(path, &pathSet); j >= 0 {
			return URI{}, joinError(e, j, "path")
		}
		if hasQuery {
			if j := badPathByte(query, &querySet); j >= 0 {
				return URI{}, joinError(e, len(path)+1+j, "query")
			}
		}
		if i == 0 {
			p = e
		} else {
			p = strings.TrimSuffix(p, "/") + "/" + strings.TrimPrefix(e, "/")
		}
	}
	path, query, hasQuery := strings.Cut(p, "?")
	parts := u.parts()
	base := strings.TrimSuffix(parts.path, "/")
	parts.path = base + removeDotsUnder(path)
	if hasQuery {
		switch {
		case !parts.hasQuery || parts.query == "":
			parts.query = query
		case query != "":
			parts.query += "&" + query
		}
		parts.hasQuery = true
	}
	if !parts.hasAuthority && strings.HasPrefix(parts.path, "//") {
		parts.path = "/." + parts.path // the double-slash policy of Resolve
	}
	return parts.uri()
}

// badPathByte returns the offset of the first byte of s that is neither in
// allowed nor the "%" of a triplet "%" HEXDIG HEXDIG, or -1.
func badPathByte(s string, allowed *byteSet) int {
	for i := 0; i < len(s); i++ {
		x := s[i]
		if allowed.contains(x) {
			continue
		}
		if x == '%' && i+2 < len(s) && unhex(s[i+1]) >= 0 && unhex(s[i+2]) >= 0 {
			i += 2
			continue
		}
		return i
	}
	return -1
}

// joinError is the *ParseError of JoinPath for byte i of p.
func joinError(p string, i int, comp string) *ParseError {
	exp := []string{"pchar", `"/"`, `"?"`, "end of input"} // path-abempty and query alike
	h := ""
	switch {
	case p[i] == '#':
		h = `a request path has no fragment: percent-encode a "#" of the path or query as "%23"`
	case p[i] == '?':
		exp = []string{"pchar", `"/"`, "end of input"}
		h = `only the last element may hold a query: percent-encode a "?" of a path as "%3F"`
	case p[i] == '%':
		h = `a "%" that stands for itself is written "%25"`
	case p[i] == ' ':
		h = hint.Space
	case p[i] >= 0x80 || p[i] < 0x20 || p[i] == 0x7f:
		h = "percent-encode each byte outside ASCII letters, digits and the delimiters of RFC 3986 §2"
	}
	return &ParseError{Input: p, Offset: i, Rule: "path-absolute", Component: comp, Expected: exp, Hint: h}
}

// removeDotsUnder returns p as an absolute path ("/" in front when p does
// not start with one) with its dot segments removed (§5.2.4, surplus ".."
// dropped), a segment that decodes to "." or ".." counting as one. An empty
// p gives "/".
func removeDotsUnder(p string) string {
	rest := strings.TrimPrefix(p, "/")
	if !hasDotSegment(rest) {
		return "/" + rest
	}
	segs := make([]string, 0, strings.Count(rest, "/")+1)
	trailing := false // the path ends with "/" after a final dot segment
	for s := range strings.SplitSeq(rest, "/") {
		trailing = false
		switch dotKind(s) {
		case 1:
			trailing = true
		case 2:
			if len(segs) > 0 {
				segs = segs[:len(segs)-1]
			}
			trailing = true
		default:
			segs = append(segs, s)
		}
	}
	out := "/" + strings.Join(segs, "/")
	if trailing && len(segs) > 0 {
		out += "/"
	}
	return out
}

// hasDotSegment reports whether a segment of the rootless path p is a dot
// segment, written or encoded.
func hasDotSegment(p string) bool {
	for s := range strings.SplitSeq(p, "/") {
		if dotKind(s) != 0 {
			return true
		}
	}
	return false
}

// dotKind tells whether segment s is "." (1) or ".." (2), either of them
// written with "%2e" or "%2E" for a dot, or neither (0).
func dotKind(s string) int {
	n := 0
	for i := 0; i < len(s); n++ {
		switch {
		case s[i] == '.':
			i++
		case len(s)-i >= 3 && s[i] == '%' && s[i+1] == '2' && (s[i+2] == 'e' || s[i+2] == 'E'):
			i += 3
		default:
			return 0
		}
	}
	if n > 2 {
		return 0
	}
	return n
}
