package uri

import (
	"strconv"
	"strings"
	"unicode/utf8"

	c "github.com/seed42851778/rfc3986/combinator"
)

// hintQuote is how many bytes of the input a hint quotes at most.
const hintQuote = 64

// hintFor says in plain words what the mistake in s probably was, where the
// rule (one of the four top rules) fails at offset off, in component; or ""
// when there is nothing to add to the offset and the expected list.
//
// The mistakes looked for, first to last: a "%" not followed by two hex
// digits; a byte at off that no URI holds as it stands (white space, a
// control character, a non-ASCII character, a backslash, a brace, "|", a
// second "#", ...); a missing or misspelt scheme; a ":" in the first segment
// of a relative path; and in the authority, an IPv6 address outside square
// brackets, an unclosed "[", a second "@" and a port with a non-digit.
func hintFor(s string, off int, rule, component string) string {
	if off < 0 || off > len(s) {
		return ""
	}
	if h := percentHint(s, off, component); h != "" {
		return h
	}
	if h := wrapHint(s, off); h != "" {
		return h
	}
	if h := windowsHint(s); h != "" {
		return h
	}
	if rule == "URI" || rule == "absolute-URI" {
		if h := schemeHint(s, off); h != "" {
			return h
		}
	}
	if off < len(s) {
		if h := byteHint(s, off, rule, component); h != "" {
			return h
		}
	}
	if h := firstSegmentHint(s, off, rule); h != "" {
		return h
	}
	return authorityHint(s, off, rule)
}

// percentHint explains a "%" that does not start a pct-encoded triplet
// (§2.1), when off is where its two hex digits were expected.
func percentHint(s string, off int, component string) string {
	p := -1
	for q := off - 1; q >= 0 && q >= off-2; q-- {
		if s[q] == '%' {
			p = q
			break
		}
		if !hintHexDig(s[q]) {
			return ""
		}
	}
	if p < 0 || (off < len(s) && hintHexDig(s[off])) {
		return ""
	}
	if component == "host" && inIPLiteral(s, p) {
		return zoneHint
	}
	return `"%" at offset ` + itoa(p) + ` is not followed by two hexadecimal digits: ` +
		`a "%" that stands for itself is written "%25"`
}

// zoneHint explains a "%" inside an IP literal.
const zoneHint = `an IPv6 zone identifier ("%25" and a zone, RFC 6874) is not RFC 3986 syntax: ` +
	`remove it, or parse with a parser that accepts RFC 6874`

// inIPLiteral reports whether offset p of s lies after a "[" that opens the
// host of an authority and no "]" closes before p.
func inIPLiteral(s string, p int) bool {
	a0, a1, ok := authoritySpan(s)
	if !ok || p < a0 || p > a1 {
		return false
	}
	h := hostStart(s, a0, a1)
	return h < len(s) && s[h] == '[' && p > h && strings.IndexByte(s[h:p], ']') < 0
}

// wrapHint explains white space before or after a URI, and quotation marks
// or angle brackets around it, when the offset is there.
func wrapHint(s string, off int) string {
	if off >= len(s) {
		return ""
	}
	switch b := s[off]; b {
	case ' ', '\t', '\r', '\n':
		if strings.TrimLeft(s[off:], " \t\r\n") == "" {
			return "trailing white space (" + spaceName(b) + "): trim it"
		}
		if strings.TrimLeft(s[:off], " \t\r\n") == "" {
			return "leading white space (" + spaceName(b) + "): trim it"
		}
	case '"':
		if off == 0 && len(s) > 1 && s[len(s)-1] == '"' {
			return "the URI is in quotation marks: remove them"
		}
	case '<', '>':
		if len(s) > 1 && s[0] == '<' && s[len(s)-1] == '>' {
			return "the URI is in angle brackets (as RFC 3986 Appendix C delimits one in text): remove them"
		}
	}
	return ""
}

// windowsHint explains a Windows file path, "C:\dir" or "\\server\share",
// which is not a URI: a "file" URI names the file (RFC 8089).
func windowsHint(s string) string {
	var u string
	switch {
	case len(s) >= 3 && isScheme(s[:1]) && s[1] == ':' && s[2] == '\\':
		u = "file:///" + strings.ReplaceAll(clip(s), "\\", "/")
	case strings.HasPrefix(s, `\\`):
		u = "file://" + strings.ReplaceAll(clip(s[2:]), "\\", "/")
	default:
		return ""
	}
	return "a Windows file path is not a URI: did you mean " + quoteBounded(u) + "? (RFC 8089; percent-encode what a URI does not allow)"
}

// spaceName names a white-space byte.
func spaceName(b byte) string {
	switch b {
	case '\t':
		return "a tab"
	case '\r':
		return "a carriage return"
	case '\n':
		return "a line feed"
	}
	return "a space"
}

// byteHint explains the byte at off when no URI holds it there as it
// stands.
func byteHint(s string, off int, rule, component string) string {
	b := s[off]
	switch b {
	case ' ', '\t', '\r', '\n':
		return spaceName(b) + " is not allowed in a URI: percent-encode it as " + strconv.Quote(hintPct(b))
	case '\\':
		return `a backslash is not a URI delimiter: URIs separate with "/"; a backslash that stands for itself is written "%5C"`
	case '{', '}':
		return `"` + string(b) + `" is not allowed in a URI: a URI template (RFC 6570) is not a URI; ` +
			`expand it first, or percent-encode "` + string(b) + `" as ` + strconv.Quote(hintPct(b))
	case '#':
		if i := strings.IndexByte(s[:off], '#'); i >= 0 {
			return `a second "#": the fragment began at offset ` + itoa(i) +
				` and cannot hold a "#": percent-encode it as "%23"`
		}
		if rule == "absolute-URI" {
			return `an absolute URI has no fragment (§4.3): remove the "#" and what follows`
		}
	case '@':
		if a0, a1, ok := authoritySpan(s); ok && off >= a0 && off < a1 && strings.IndexByte(s[a0:off], '@') >= 0 {
			return `a second "@" in the authority: an "@" inside the userinfo is written "%40"`
		}
	case '[', ']':
		if b == ']' && component == "host" && inIPLiteral(s, off) {
			break // the IP literal is no address: authorityHint
		}
		if a0, a1, ok := authoritySpan(s); component != "host" || !ok || off != hostStart(s, a0, a1) || b == ']' {
			return `"` + string(b) + `" is allowed only around an IP literal in the host: ` +
				`percent-encode it as ` + strconv.Quote(hintPct(b))
		}
	case '%':
		if component == "host" && inIPLiteral(s, off) {
			return zoneHint
		}
	}
	switch {
	case b < 0x20 || b == 0x7f:
		return "control character " + hintHexByte(b) + " is not allowed in a URI: percent-encode it as " + strconv.Quote(hintPct(b))
	case b >= utf8.RuneSelf:
		r, n := utf8.DecodeRuneInString(s[off:])
		if r == utf8.RuneError && n <= 1 {
			return "byte " + hintHexByte(b) + " is not allowed in a URI (nor is it UTF-8): percent-encode it as " + strconv.Quote(hintPct(b))
		}
		var enc strings.Builder
		for i := off; i < off+n; i++ {
			enc.WriteString(hintPct(s[i]))
		}
		h := "non-ASCII character " + strconv.QuoteRune(r) + " is not allowed in a URI: percent-encode its UTF-8 bytes as " +
			strconv.Quote(enc.String())
		if iriChar(r, component) {
			h += "; an IRI parser (RFC 3987) accepts it as it is"
		} else {
			h += " (an IRI, RFC 3987, does not hold it either)"
		}
		if component == "host" {
			h += `; an internationalized host name is written in DNS with IDNA A-labels ("xn--…", RFC 5891)`
		}
		return h
	case strings.IndexByte(`"<>^`+"`|{}", b) >= 0:
		return strconv.Quote(string(b)) + " is not allowed in a URI: percent-encode it as " + strconv.Quote(hintPct(b))
	}
	return ""
}

// iriChar reports whether an IRI holds r as it stands in component (RFC
// 3987 §2.2): ucschar, and iprivate in a query; never a bidirectional
// formatting character (§4.1).
func iriChar(r rune, component string) bool {
	switch {
	case r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E:
		return false
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0x10000 && r <= 0xDFFFD, r >= 0xE1000 && r <= 0xEFFFD:
		return r&0xFFFF <= 0xFFFD
	case r >= 0xE000 && r <= 0xF8FF, r >= 0xF0000 && r <= 0x10FFFD:
		return component == "query" && r&0xFFFF <= 0xFFFD
	}
	return false
}

// schemeHint explains a URI or an absolute URI without a scheme (§3.1), or
// with one misspelt.
func schemeHint(s string, off int) string {
	if strings.HasPrefix(s, "[") && strings.IndexByte(s, ']') > 0 {
		return "no scheme: did you mean " + quoteBounded("https://"+clip(s)) + "?"
	}
	j := indexAny(s, ':', '/', '?', '#')
	if j >= 0 && s[j] == ':' {
		if j == 0 {
			return `no scheme before ":": a URI begins with a scheme, such as "https"`
		}
		if off <= j && !isScheme(s[:j]) {
			return quoteBounded(s[:j]) + ` is not a scheme: a scheme begins with a letter and holds only letters, digits, "+", "-" and "."`
		}
		return ""
	}
	if s == "" {
		return `an empty string is not a URI: a URI begins with a scheme, such as "https:"`
	}
	if j < 0 {
		j = len(s)
	}
	first := s[:j]
	switch {
	case strings.HasPrefix(s, "//"):
		return "no scheme: did you mean " + quoteBounded("https:"+clip(s)) + "?"
	case strings.HasPrefix(s[j:], "//") && isScheme(first):
		return `no ":" after the scheme ` + quoteBounded(first) + ": did you mean " + quoteBounded(clip(first)+":"+clip(s[j:])) + "?"
	case looksLikeMailbox(first) && j == len(s):
		return "no scheme: did you mean " + quoteBounded("mailto:"+clip(s)) + "?"
	case looksLikeHost(first):
		return "no scheme: did you mean " + quoteBounded("https://"+clip(s)) + "?"
	}
	return `no scheme: a URI begins with a scheme, such as "https:"`
}

// looksLikeHost reports whether s reads as a domain name or an IPv4 address
// with an optional port: labels of letters, digits and "-" with at least one
// ".", or "localhost".
func looksLikeHost(s string) bool {
	if i := strings.LastIndexByte(s, ':'); i >= 0 {
		for k := i + 1; k < len(s); k++ {
			if s[k] < '0' || s[k] > '9' {
				return false
			}
		}
		s = s[:i]
	}
	if strings.EqualFold(s, "localhost") {
		return true
	}
	if !strings.Contains(s, ".") || s[0] == '.' || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '-' || b == '.') {
			return false
		}
	}
	return true
}

// looksLikeMailbox reports whether s reads as local@domain.
func looksLikeMailbox(s string) bool {
	i := strings.IndexByte(s, '@')
	return i > 0 && looksLikeHost(s[i+1:]) && !strings.ContainsAny(s[:i], " @")
}

// firstSegmentHint explains a ":" in the first segment of a relative-path
// reference (§4.2), where relative-ref fails.
func firstSegmentHint(s string, off int, rule string) string {
	if rule != "relative-ref" && rule != "URI-reference" || off >= len(s) || s[off] != ':' {
		return ""
	}
	if indexAny(s[:off], '/', '?', '#') >= 0 {
		return ""
	}
	if !isScheme(s[:off]) && strings.HasPrefix(s[off:], "://") {
		return quoteBounded(s[:off]) + ` is not a scheme: a scheme begins with a letter and holds only letters, digits, "+", "-" and "."`
	}
	if rule == "relative-ref" && isScheme(s[:off]) {
		return "a relative reference has no scheme, and " + quoteBounded(s[:off+1]) +
			" reads as one"
	}
	return `a ":" in the first segment of a relative path would read as a scheme (§4.2): begin the path with "./", as in ` +
		quoteBounded("./"+clip(s))
}

// authorityHint explains an error in an authority (§3.2): an IPv6 address
// outside square brackets, an unclosed "[", an IP literal that is no address,
// a port that is not all digits.
func authorityHint(s string, off int, rule string) string {
	if rule == "URI" || rule == "absolute-URI" {
		if j := indexAny(s, ':', '/', '?', '#'); j < 0 || s[j] != ':' || !isScheme(s[:j]) {
			return ""
		}
	}
	a0, a1, ok := authoritySpan(s)
	if !ok || off < a0 || off > a1 {
		return ""
	}
	h := hostStart(s, a0, a1)
	hp := s[h:a1] // host and port
	if hp != "" && hp[0] == '[' {
		end := strings.IndexByte(hp, ']')
		if end < 0 {
			return `unclosed "[" at offset ` + itoa(h) + `: an IP literal ends with "]"`
		}
		if off <= h+end && c.IPv4Address.Match(hp[1:end]) {
			return "an IPv4 address is written without square brackets: " + quoteBounded(hp[1:end])
		}
		if off <= h+end {
			return "the IP literal " + quoteBounded(hp[:end+1]) +
				` is neither an IPv6 address nor an IPvFuture ("v", hex digits, "." and more)`
		}
		if rest := hp[end+1:]; rest != "" && rest[0] == ':' {
			return portHint(s, h+end+2, a1)
		}
		return `after the "]" of an IP literal come only ":" and a port`
	}
	if strings.Count(hp, ":") >= 2 && (strings.Contains(hp, "::") || strings.Count(hp, ":") >= 3) && ipv6Bytes(hp) {
		return "an IPv6 address in a URI is written in square brackets, a port after them: " + quoteBounded("["+clip(hp)+"]")
	}
	i := strings.IndexByte(hp, ':')
	if i < 0 || off <= h+i {
		return ""
	}
	return portHint(s, h+i+1, a1)
}

// portHint explains a port s[p0:p1] that is not all digits (§3.2.3), or
// says nothing.
func portHint(s string, p0, p1 int) string {
	port := s[p0:p1]
	q := 0
	for q < len(port) && port[q] >= '0' && port[q] <= '9' {
		q++
	}
	if q == len(port) {
		return ""
	}
	h := "the port " + quoteBounded(port) + " holds " + describeByte(port, q) + " at offset " + itoa(p0+q) +
		": a port is decimal digits only"
	if digits := strings.TrimLeft(port[:q], "0"); len(digits) > 5 || len(digits) == 5 && digits > "65535" {
		h += ", and " + strconv.Itoa(q) + " digits are too many for a port number (at most 65535)"
	}
	return h
}

// describeByte quotes the character at offset i of s.
func describeByte(s string, i int) string {
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n <= 1 {
		return "byte " + hintHexByte(s[i])
	}
	return strconv.QuoteRune(r)
}

// ipv6Bytes reports whether s holds only the bytes of an IPv6 address in
// text form: hex digits, ":" and ".".
func ipv6Bytes(s string) bool {
	for i := 0; i < len(s); i++ {
		if !hintHexDig(s[i]) && s[i] != ':' && s[i] != '.' {
			return false
		}
	}
	return true
}

// authoritySpan returns where the authority of s lies as Appendix B splits
// s: after the "//" that follows the scheme (or starts s), up to the next
// "/", "?" or "#".
func authoritySpan(s string) (a0, a1 int, ok bool) {
	i := 0
	if j := indexAny(s, ':', '/', '?', '#'); j > 0 && s[j] == ':' {
		i = j + 1
	}
	if !strings.HasPrefix(s[i:], "//") {
		return 0, 0, false
	}
	a0 = i + 2
	a1 = len(s)
	if k := indexAny(s[a0:], '/', '?', '#'); k >= 0 {
		a1 = a0 + k
	}
	return a0, a1, true
}

// hostStart returns where the host begins in the authority s[a0:a1]: after
// the first "@" when only userinfo bytes come before it (§3.2.1), as
// componentAt reads an authority.
func hostStart(s string, a0, a1 int) int {
	if k := strings.IndexByte(s[a0:a1], '@'); k >= 0 && userinfoBytes(s[a0:a0+k]) {
		return a0 + k + 1
	}
	return a0
}

// quoteBounded quotes s as a Go string, control characters escaped, cut to
// hintQuote bytes with "…" where it is longer.
func quoteBounded(s string) string {
	if len(s) <= hintQuote {
		return strconv.Quote(s)
	}
	n := hintQuote - 4
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return strconv.Quote(s[:n]) + "…"
}

// clip cuts s to a little more than a hint quotes of it, so that what is
// built around it stays small whatever the length of the input; quoteBounded
// still marks the cut with "…".
func clip(s string) string {
	if len(s) > hintQuote+1 {
		return s[:hintQuote+1]
	}
	return s
}

// hintPct is the percent-encoding of b (§2.1), uppercase.
func hintPct(b byte) string {
	const hex = "0123456789ABCDEF"
	return string([]byte{'%', hex[b>>4], hex[b&15]})
}

// hintHexByte writes b as 0xNN.
func hintHexByte(b byte) string {
	const hex = "0123456789ABCDEF"
	return string([]byte{'0', 'x', hex[b>>4], hex[b&15]})
}

// hintHexDig reports whether b is a HEXDIG.
func hintHexDig(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F'
}
