package uri

import "strings"

// TargetForm is the form of an HTTP request-target (RFC 9112 §3.2).
type TargetForm uint8

// The four forms of request-target (RFC 9112 §3.2).
const (
	OriginForm    TargetForm = iota + 1 // absolute-path [ "?" query ]: "/where?q=now" (§3.2.1)
	AbsoluteForm                        // absolute-URI: "http://www.example.org/pub/WWW/TheProject.html" (§3.2.2)
	AuthorityForm                       // uri-host ":" port: "www.example.com:80", CONNECT only (§3.2.3)
	AsteriskForm                        // "*": OPTIONS only (§3.2.4)
)

// String returns the name of the form: "origin-form", "absolute-form",
// "authority-form" or "asterisk-form".
func (f TargetForm) String() string {
	switch f {
	case OriginForm:
		return "origin-form"
	case AbsoluteForm:
		return "absolute-form"
	case AuthorityForm:
		return "authority-form"
	case AsteriskForm:
		return "asterisk-form"
	}
	return "TargetForm(?)"
}

// ParseRequestTarget parses target, the request-target of an HTTP request
// line (net/http's Request.RequestURI), as RFC 9112 §3.2 reads it for
// method, and returns it as a URI with its form:
//
//	request-target = origin-form / absolute-form / authority-form / asterisk-form
//	origin-form    = absolute-path [ "?" query ]
//	absolute-form  = absolute-URI
//	authority-form = uri-host ":" port
//	asterisk-form  = "*"
//
// The method (case-sensitive, RFC 9110 §9.1) decides between forms where the
// text alone cannot: for "CONNECT" the target must be in authority-form
// (RFC 9110 §9.3.6), so "example.com:443" is the host "example.com" and the
// port 443, never the scheme "example.com"; "*" is the asterisk-form for
// "OPTIONS" only. For any other method the target is in origin-form when it
// starts with "/", else in absolute-form. When the method is not known, pass
// "": the form is then told by the text alone, "*" being the asterisk-form
// and a host, ":" and one or more digits the authority-form.
//
// The URI holds the components of the form:
//
//   - origin-form: a path and maybe a query, no authority, even where the
//     path starts with "//": "//evil.example/x?y" has the path
//     "//evil.example/x" and the query "y" (ParseRelative would read an
//     authority there). A fragment is an error.
//   - absolute-form: the URI ParseAbsolute makes of target.
//   - authority-form: the network-path reference "//" + target, an
//     authority of a host and a non-empty port, nothing else; a userinfo is
//     an error (RFC 9112 §3.2.3).
//   - asterisk-form: the path "*".
//
// Its String is target but in authority-form. In origin-form with a path
// that starts with "//", that text read again as a URI reference would have
// an authority: pass the URI itself on (Resolve against the origin server's
// URI, JoinPath, its accessors), not its String to a Parse function.
//
// Bad input is a *ParseError with the offset in target: of ParseRelative for
// an origin-form, of ParseAbsolute for an absolute-form, with the Rule
// "origin-form", "authority-form" or "request-target" where the form itself
// is wrong (a fragment; a userinfo, a path or no port for CONNECT; "*" for
// another method than OPTIONS; an empty target). The URI is then zero and
// the form the one target was read as, or 0.
func ParseRequestTarget(method, target string) (URI, TargetForm, error) {
	switch {
	case method == "CONNECT":
		u, err := parseAuthorityForm(target)
		return u, AuthorityForm, err
	case target == "*" && (method == "OPTIONS" || method == ""):
		return URI{s: target, sp: [nslots]span{slotPath: {1, 1}}}, AsteriskForm, nil
	case strings.HasPrefix(target, "/"):
		u, err := parseOriginForm(target)
		return u, OriginForm, err
	case method == "" && looksLikeAuthorityForm(target):
		u, err := parseAuthorityForm(target)
		return u, AuthorityForm, err
	case target == "*":
		return URI{}, 0, &ParseError{Input: target, Offset: 0, Rule: "request-target", Component: "path",
			Expected: []string{`"/"`, "absolute-URI"},
			Hint:     `"*" alone is the asterisk-form of an OPTIONS request (RFC 9112 §3.2.4)`}
	}
	if target == "" {
		return URI{}, 0, &ParseError{Input: target, Offset: 0, Rule: "request-target", Component: "path",
			Expected: []string{`"/"`, "absolute-URI"},
			Hint:     `a request-target is not empty: the origin-form of the root is "/" (RFC 9112 §3.2.1)`}
	}
	u, err := ParseAbsolute(target)
	return u, AbsoluteForm, err
}

// looksLikeAuthorityForm reports whether s is a host (up to the last ":",
// an IP literal or a text without "/", "?", "#" and "@") followed by ":" and
// digits only, at least one.
func looksLikeAuthorityForm(s string) bool {
	i := strings.LastIndexByte(s, ':')
	if i < 0 || i == len(s)-1 {
		return false
	}
	for j := i + 1; j < len(s); j++ {
		if s[j] < '0' || s[j] > '9' {
			return false
		}
	}
	host := s[:i]
	if strings.HasPrefix(host, "[") {
		return strings.HasSuffix(host, "]")
	}
	return !strings.ContainsAny(host, "/?#@:")
}

// parseOriginForm parses origin-form = absolute-path [ "?" query ]
// (RFC 9112 §3.2.1; absolute-path = 1*( "/" segment ), RFC 9110 §4.1).
// A path that starts with "//" is read as a path: the text is parsed with
// its second "/" read as a letter, which keeps the offsets and makes it a
// path-absolute (§3.3) that holds exactly the same bytes otherwise, and
// the URI keeps the text as it is.
func parseOriginForm(s string) (URI, error) {
	t := s
	if strings.HasPrefix(s, "//") {
		t = "/a" + s[2:]
	}
	u, err := ParseRelative(t)
	if err != nil {
		if pe, ok := err.(*ParseError); ok {
			pe.Input = s
		}
		return URI{}, err
	}
	if u.has(slotFragment) {
		f := int(u.sp[slotFragment].lo) - 2
		return URI{}, &ParseError{Input: s, Offset: f, Rule: "origin-form", Component: "fragment",
			Expected: []string{"pchar", `"/"`, `"?"`, "end of input"},
			Hint:     `a request-target has no fragment (RFC 9112 §3.2): percent-encode a "#" of the path or query as "%23"`}
	}
	u.s = s
	return u, nil
}

// parseAuthorityForm parses authority-form = uri-host ":" port (RFC 9112
// §3.2.3) as the authority of the network-path reference "//" + s, which it
// returns.
func parseAuthorityForm(s string) (URI, error) {
	v, err := ParseRelative("//" + s)
	bad := func(off int, comp, hint string, exp ...string) error {
		return &ParseError{Input: s, Offset: off, Rule: "authority-form", Component: comp, Expected: exp, Hint: hint}
	}
	const form = `the target of CONNECT is host ":" port (RFC 9112 §3.2.3)`
	if err != nil {
		pe, ok := err.(*ParseError)
		if !ok {
			return URI{}, err
		}
		off := pe.Offset - 2
		if off < 0 {
			off = 0
		}
		comp := pe.Component
		if comp != "host" && comp != "port" {
			comp = "authority"
		}
		return URI{}, bad(off, comp, form, pe.Expected...)
	}
	a := v.sp[slotAuthority]
	switch {
	case v.has(slotUserInfo):
		return URI{}, bad(int(v.sp[slotUserInfo].hi)-2, "userinfo",
			`no userinfo in authority-form: `+form, `":"`)
	case int(a.hi) != len(v.s):
		return URI{}, bad(int(a.hi)-2, "authority", form, `":"`, "port")
	case v.sp[slotHost].lo-1 == v.sp[slotHost].hi:
		return URI{}, bad(0, "host", `the host is missing: `+form, "uri-host")
	case !v.has(slotPort):
		return URI{}, bad(len(s), "host", `the port is missing: `+form, `":"`)
	case v.sp[slotPort].lo-1 == v.sp[slotPort].hi:
		return URI{}, bad(len(s), "port", `the port is empty: `+form, "DIGIT")
	}
	return v, nil
}
