package main

import (
	"math/bits"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// appendixB is the regular expression of RFC 3986 Appendix B, which splits
// any string into scheme, authority, path, query and fragment: the shapes
// are read apart from the parsers they are for.
var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// parts is a string split by Appendix B; has* say whether a component's
// delimiter is there.
type parts struct {
	scheme, authority, path, query, fragment   string
	hasScheme, hasAuthority, hasQuery, hasFrag bool
}

func split(s string) parts {
	m := appendixB.FindStringSubmatch(s)
	return parts{
		scheme: m[2], authority: m[4], path: m[5], query: m[7], fragment: m[9],
		hasScheme: m[1] != "", hasAuthority: m[3] != "", hasQuery: m[6] != "", hasFrag: m[8] != "",
	}
}

// urlShapes returns the shapes of the URL s, each a short name; every one
// is kept in the sample. They are read from the text alone; rejections
// adds what the parsers say of it.
func urlShapes(s string) []string {
	p := split(s)
	var out []string
	add := func(shape ...string) { out = append(out, shape...) }
	add("length:2^" + strconv.Itoa(bits.Len(uint(len(s)))-1))
	switch {
	case !p.hasScheme:
		add("scheme:none")
	case p.scheme != strings.ToLower(p.scheme):
		add("scheme:uppercase", "scheme:"+strings.ToLower(p.scheme))
	default:
		add("scheme:" + p.scheme)
	}
	if p.hasAuthority {
		add(authorityShapes(p.authority)...)
	} else {
		add("authority:none")
	}
	add(pathShapes(p)...)
	if p.hasQuery {
		add("query", "query:"+emptyOr(p.query, "?", "/"))
	}
	if p.hasFrag {
		add("fragment", "fragment:"+emptyOr(p.fragment, "#", "?"))
	}
	for _, c := range []struct{ name, text string }{
		{"scheme", p.scheme}, {"authority", p.authority}, {"path", p.path}, {"query", p.query}, {"fragment", p.fragment},
	} {
		add(byteShapes(c.name, c.text)...)
	}
	if !utf8.ValidString(s) {
		add("invalid-UTF-8")
	}
	return out
}

// emptyOr returns "empty" for an empty s, else "with-X" for the first of
// marks s holds, else "plain".
func emptyOr(s string, marks ...string) string {
	if s == "" {
		return "empty"
	}
	for _, m := range marks {
		if strings.Contains(s, m) {
			return "with-" + m
		}
	}
	return "plain"
}

// authorityShapes returns the shapes of an authority (§3.2): userinfo,
// host (§3.2.2, and the URL Standard's IPv4 numbers) and port.
func authorityShapes(a string) []string {
	out := []string{"authority"}
	if i := strings.LastIndexByte(a, '@'); i >= 0 {
		out = append(out, "userinfo")
		if strings.Contains(a[:i], ":") {
			out = append(out, "userinfo:password")
		}
		if strings.Count(a, "@") > 1 {
			out = append(out, "userinfo:second-@")
		}
		a = a[i+1:]
	}
	host, port, hasPort := a, "", false
	if strings.HasPrefix(a, "[") {
		if i := strings.IndexByte(a, ']'); i >= 0 {
			host, port = a[:i+1], a[i+1:]
			port, hasPort = strings.CutPrefix(port, ":")
		}
	} else if i := strings.IndexByte(a, ':'); i >= 0 {
		host, port, hasPort = a[:i], a[i+1:], true
	}
	out = append(out, hostShapes(host)...)
	if hasPort {
		out = append(out, "port:"+portShape(port))
	}
	return out
}

var (
	dottedDecimal = regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$`)
	// webNumber is a last label the URL Standard reads as an IPv4 number
	// (decimal, 0x hexadecimal, 0 octal), which makes the host an IPv4
	// address there.
	webNumber = regexp.MustCompile(`(^|\.)(0[xX][0-9a-fA-F]*|[0-9]+)\.?$`)
)

// hostShapes returns the shapes of a host: its kind (§3.2.2: IP-literal,
// IPv4address, reg-name) and what in it is unusual.
func hostShapes(h string) []string {
	switch {
	case h == "":
		return []string{"host:empty"}
	case strings.HasPrefix(h, "[v"), strings.HasPrefix(h, "[V"):
		return []string{"host:IPvFuture"}
	case strings.HasPrefix(h, "["):
		out := []string{"host:IPv6"}
		if strings.Contains(h, "%") {
			out = append(out, "host:IPv6-zone")
		}
		if strings.Contains(h, ".") {
			out = append(out, "host:IPv6-IPv4-tail")
		}
		return out
	case dottedDecimal.MatchString(h):
		out := []string{"host:IPv4"}
		for _, part := range strings.Split(h, ".") {
			if n, _ := strconv.Atoi(part); n > 255 || len(part) > 1 && part[0] == '0' {
				out = append(out, "host:IPv4-not-dec-octet")
				break
			}
		}
		return out
	}
	out := []string{"host:reg-name"}
	for _, c := range []struct {
		shape string
		is    bool
	}{
		{"host:web-IPv4-number", webNumber.MatchString(h)},
		{"host:single-label", !strings.Contains(strings.TrimSuffix(h, "."), ".")},
		{"host:trailing-dot", strings.HasSuffix(h, ".")},
		{"host:A-label", strings.Contains(strings.ToLower(h), "xn--")},
		{"host:uppercase", h != strings.ToLower(h)},
		{"host:underscore", strings.Contains(h, "_")},
		{"host:percent", strings.Contains(h, "%")},
		{"host:non-ASCII", hasNonASCII(h)},
	} {
		if c.is {
			out = append(out, c.shape)
		}
	}
	return out
}

// portShape names the shape of a port (§3.2.3: *DIGIT).
func portShape(p string) string {
	n, err := strconv.ParseUint(p, 10, 64)
	switch {
	case p == "":
		return "empty"
	case strings.Trim(p, "0123456789") != "":
		return "not-digits"
	case err != nil || n > 65535:
		return "over-65535"
	case len(p) > 1 && p[0] == '0':
		return "leading-zero"
	}
	return "digits"
}

// pathShapes returns the shapes of the path of p (§3.3, and §5.2.4's dot
// segments).
func pathShapes(p parts) []string {
	path := p.path
	var out []string
	switch {
	case path == "":
		out = append(out, "path:empty")
	case path[0] == '/':
		out = append(out, "path:absolute")
	case !p.hasScheme && strings.Contains(strings.SplitN(path, "/", 2)[0], ":"):
		out = append(out, "path:colon-in-first-segment")
	default:
		out = append(out, "path:rootless")
	}
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		switch {
		case seg == "." || seg == "..":
			out = append(out, "path:dot-segment")
		case seg == "" && i > 0 && i < len(segs)-1:
			out = append(out, "path:empty-segment")
		}
	}
	if len(segs) > 1 && segs[len(segs)-1] == "" {
		out = append(out, "path:trailing-slash")
	}
	return out
}

// byteShapes returns the shapes of the bytes of component c (its name) of
// text s: percent-encodings (§2.1) and their kind, bytes outside ASCII,
// controls and spaces, the printable characters RFC 3986 leaves out (§2),
// and the brackets it keeps for IP literals (§3.2.2).
func byteShapes(c, s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b == '%':
			out = append(out, c+":"+pctShape(s[i+1:]))
		case b >= utf8.RuneSelf:
			out = append(out, c+":non-ASCII")
		case b < ' ' || b == 0x7f:
			out = append(out, c+":control")
		case b == ' ':
			out = append(out, c+":space")
		case strings.IndexByte(`"<>\^{|}[]`+"`", b) >= 0:
			out = append(out, c+":"+string(b))
		}
	}
	return out
}

// pctShape names the shape of the percent-encoding whose "%" is before s.
func pctShape(s string) string {
	if len(s) < 2 || !isHex(s[0]) || !isHex(s[1]) {
		return "percent-malformed"
	}
	v, _ := strconv.ParseUint(s[:2], 16, 8)
	switch {
	case strings.ToUpper(s[:2]) != s[:2]:
		return "percent-lowercase"
	case v >= 0x80:
		return "percent-non-ASCII-byte"
	case strings.IndexByte("/?#%[]@: ", byte(v)) >= 0:
		return "percent-" + strconv.QuoteRune(rune(v))
	}
	return "percent-encoded"
}

func isHex(b byte) bool {
	return '0' <= b && b <= '9' || 'a' <= b && b <= 'f' || 'A' <= b && b <= 'F'
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// pairShapes returns the shapes of a line of resolve.tsv: the form of the
// reference (§4.2, §5.2.2: what Resolve reads of it), its dot segments
// against the base's depth (§5.2.4), and the base's shape.
func pairShapes(line string) []string {
	bs, rs, ok := strings.Cut(line, "\t")
	if !ok {
		return []string{"pair:no-tab"}
	}
	b, r := split(bs), split(rs)
	out := []string{"ref:" + refForm(rs, r)}
	add := func(shape string, is bool) {
		if is {
			out = append(out, shape)
		}
	}
	ups := 0
	for _, seg := range strings.Split(r.path, "/") {
		if seg == ".." {
			ups++
		}
	}
	add("ref:dot-segments", ups > 0 || strings.Contains("/"+r.path+"/", "/./"))
	add("ref:above-the-base-root", ups > 0 && ups >= strings.Count(b.path, "/"))
	add("ref:params", strings.Contains(r.path, ";"))
	add("ref:query", r.hasQuery)
	add("ref:fragment", r.hasFrag)
	add("base:no-authority", !b.hasAuthority)
	add("base:path-empty", b.path == "")
	add("base:query", b.hasQuery)
	add("base:fragment", b.hasFrag)
	add("base:dot-segments", strings.Contains(b.path+"/", "/./") || strings.Contains(b.path+"/", "/../"))
	return out
}

// refForm names the form of reference s (split as r): what §5.2.2 takes
// from it, and how a relative path starts.
func refForm(s string, r parts) string {
	switch {
	case s == "":
		return "empty"
	case r.hasScheme:
		return "scheme"
	case r.hasAuthority:
		return "network-path"
	case strings.HasPrefix(s, "/"):
		return "absolute-path"
	case strings.HasPrefix(s, "?"):
		return "query-only"
	case strings.HasPrefix(s, "#"):
		return "fragment-only"
	case s == ".." || strings.HasPrefix(s, "../"):
		return "dot-dot"
	case s == "." || strings.HasPrefix(s, "./"):
		return "dot"
	}
	return "relative-path"
}
