package uri

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// hintFor appends to dst, in plain words, what the mistake in s probably
// was, where the rule (one of the four top rules) fails at offset off, in
// component; it appends nothing when there is nothing to add to the offset
// and the expected list. ParseRepaired's errors take it so; newParseError
// calls hintOf, which keeps a hint that quotes nothing apart.
//
// The mistakes looked for, first to last: a "%" not followed by two hex
// digits; a byte at off that no URI holds as it stands (white space, a
// control character, a non-ASCII character, a backslash, a brace, "|", a
// second "#", ...); a missing or misspelt scheme; a ":" in the first segment
// of a relative path, or a host and port without the "//" before them; and
// in the authority, an IPv6 address outside square brackets, an unclosed
// "[", a second "@" and a port with a non-digit.
//
// Offsets that the hint names are offsets of s, or, when at is not nil,
// at's mapping of them (ParseRepaired names offsets of its caller's text).
func hintFor(dst []byte, s string, off int, rule, component string, at func(int) int) []byte {
	dst, fixed, _ := hintOf(dst, s, off, rule, component, at)
	return appendText(dst, fixed)
}

// hintOf is hintFor, but a hint that quotes nothing of the input (one of the
// constants below) is returned as fixed, dst unchanged: newParseError keeps
// it without a copy. When the hint proposes a corrected text ("did you
// mean ..."), suggestion is that text, whole: the hint quotes it cut to
// hintQuote bytes, its password redacted.
func hintOf(dst []byte, s string, off int, rule, component string, at func(int) int) (_ []byte, fixed string, suggestion suggested) {
	if off < 0 || off > len(s) {
		return dst, "", suggested{}
	}
	n := len(dst)
	if dst, fixed = percentHint(dst, s, off, component, at); len(dst) > n || fixed != "" {
		return dst, fixed, suggested{}
	}
	if dst = wrapHint(dst, s, off); len(dst) > n {
		return dst, "", suggested{}
	}
	if dst, suggestion = windowsHint(dst, s); len(dst) > n {
		return dst, "", suggestion
	}
	if rule == "URI" || rule == "absolute-URI" {
		if dst, suggestion = schemeHint(dst, s, off); len(dst) > n {
			return dst, "", suggestion
		}
	}
	if off < len(s) {
		if dst, fixed = byteHint(dst, s, off, rule, component, at); len(dst) > n || fixed != "" {
			return dst, fixed, suggested{}
		}
	}
	if dst, suggestion = firstSegmentHint(dst, s, off, rule); len(dst) > n {
		return dst, "", suggestion
	}
	return authorityHint(dst, s, off, rule, at), "", suggested{}
}

// percentHint explains a "%" that does not start a pct-encoded triplet
// (§2.1), when off is where its two hex digits were expected; a "%" in an IP
// literal gets zoneHint, as fixed.
func percentHint(dst []byte, s string, off int, component string, at func(int) int) (_ []byte, fixed string) {
	p := -1
	for q := off - 1; q >= 0 && q >= off-2; q-- {
		if s[q] == '%' {
			p = q
			break
		}
		if !hintHexDig(s[q]) {
			return dst, ""
		}
	}
	if p < 0 || (off < len(s) && hintHexDig(s[off])) {
		return dst, ""
	}
	if component == "host" && inIPLiteral(s, p) {
		return dst, zoneHint
	}
	dst = appendText(dst, `"%" at offset `)
	dst = appendOffset(dst, p, at)
	return append(dst, ` is not followed by two hexadecimal digits: `+
		`a "%" that stands for itself is written "%25"`...), ""
}

// zoneHint explains a "%" inside an IP literal.
const zoneHint = `an IPv6 zone identifier ("%25" and a zone, RFC 6874) is not RFC 3986 syntax: ` +
	`remove it, or parse with ParseReferenceWith and ParseOptions{IPv6Zone: true}, which accepts RFC 6874`

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
func wrapHint(dst []byte, s string, off int) []byte {
	if off >= len(s) {
		return dst
	}
	switch b := s[off]; b {
	case ' ', '\t', '\r', '\n':
		if strings.TrimLeft(s[off:], " \t\r\n") == "" {
			return appendText(dst, "trailing white space (", spaceName(b), "): trim it")
		}
		if strings.TrimLeft(s[:off], " \t\r\n") == "" {
			return appendText(dst, "leading white space (", spaceName(b), "): trim it")
		}
	case '"':
		if off == 0 && len(s) > 1 && s[len(s)-1] == '"' {
			return appendText(dst, "the URI is in quotation marks: remove them")
		}
	case '<', '>':
		if len(s) > 1 && s[0] == '<' && s[len(s)-1] == '>' {
			return appendText(dst, "the URI is in angle brackets (as RFC 3986 Appendix C delimits one in text): remove them")
		}
	}
	return dst
}

// windowsHint explains a Windows file path, "C:\dir" or "\\server\share",
// which is not a URI: a "file" URI names the file (RFC 8089), the
// suggestion, its backslashes written as "/".
func windowsHint(dst []byte, s string) (_ []byte, suggestion suggested) {
	var prefix, path string
	switch {
	case len(s) >= 3 && isScheme(s[:1]) && s[1] == ':' && s[2] == '\\':
		prefix, path = "file:///", s
	case strings.HasPrefix(s, `\\`):
		prefix, path = "file://", s[2:]
	default:
		return dst, suggested{}
	}
	dst = appendText(dst, "a Windows file path is not a URI: did you mean ")
	dst = appendQuoteBounded(dst, true, prefix, clip(path))
	dst = appendText(dst, "? (RFC 8089; percent-encode what a URI does not allow)")
	return dst, suggested{prefix, "", path, true}
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

// appendNotAllowed appends what, " is not allowed in a URI: percent-encode
// it as " and the quoted percent-encoding of b.
func appendNotAllowed(dst []byte, what string, b byte) []byte {
	dst = appendText(dst, what)
	dst = appendText(dst, " is not allowed in a URI: percent-encode it as ")
	return appendQuotedPct(dst, b)
}

// Hints that quote nothing of the input, which byteHint returns as they are.
// The hint of a byte that no URI holds as it stands names it and its
// percent-encoding.
const (
	notAllowed  = ` is not allowed in a URI: percent-encode it as `
	template    = ` is not allowed in a URI: a URI template (RFC 6570) is not a URI; expand it first, or percent-encode `
	literalOnly = ` is allowed only around an IP literal in the host: percent-encode it as `

	spaceHint        = `a space` + notAllowed + `"%20"`
	tabHint          = `a tab` + notAllowed + `"%09"`
	crHint           = `a carriage return` + notAllowed + `"%0D"`
	lfHint           = `a line feed` + notAllowed + `"%0A"`
	backslashHint    = `a backslash is not a URI delimiter: URIs separate with "/"; a backslash that stands for itself is written "%5C"`
	openBraceHint    = `"{"` + template + `"{" as "%7B"`
	closeBraceHint   = `"}"` + template + `"}" as "%7D"`
	openBracketHint  = `"["` + literalOnly + `"%5B"`
	closeBracketHint = `"]"` + literalOnly + `"%5D"`
	quoteHint        = `"\""` + notAllowed + `"%22"`
	lessHint         = `"<"` + notAllowed + `"%3C"`
	greaterHint      = `">"` + notAllowed + `"%3E"`
	caretHint        = `"^"` + notAllowed + `"%5E"`
	backquoteHint    = `"` + "`" + `"` + notAllowed + `"%60"`
	barHint          = `"|"` + notAllowed + `"%7C"`
	fragmentHint     = `an absolute URI has no fragment (§4.3): remove the "#" and what follows`
	secondAtHint     = `a second "@" in the authority: an "@" inside the userinfo is written "%40"`
)

// byteHint explains the byte at off when no URI holds it there as it
// stands: it appends the hint to dst, or returns it as fixed when it is one
// of the constants above.
func byteHint(dst []byte, s string, off int, rule, component string, at func(int) int) (_ []byte, fixed string) {
	if f := fixedByteHint(s, off, rule, component); f != "" {
		return dst, f
	}
	b := s[off]
	switch {
	case b == '#':
		if i := strings.IndexByte(s[:off], '#'); i >= 0 {
			dst = appendText(dst, `a second "#": the fragment began at offset `)
			dst = appendOffset(dst, i, at)
			return appendText(dst, ` and cannot hold a "#": percent-encode it as "%23"`), ""
		}
	case b < 0x20 || b == 0x7f:
		dst = appendText(dst, "control character ")
		dst = appendHexByte(dst, b)
		return appendNotAllowed(dst, "", b), ""
	case b >= utf8.RuneSelf:
		return nonASCIIHint(dst, s, off, component), ""
	}
	return dst, ""
}

// fixedByteHint is the hint of byteHint that quotes nothing of the input,
// or "".
func fixedByteHint(s string, off int, rule, component string) string {
	b := s[off]
	switch b {
	case ' ':
		return spaceHint
	case '\t':
		return tabHint
	case '\r':
		return crHint
	case '\n':
		return lfHint
	case '\\':
		return backslashHint
	case '{':
		return openBraceHint
	case '}':
		return closeBraceHint
	case '"':
		return quoteHint
	case '<':
		return lessHint
	case '>':
		return greaterHint
	case '^':
		return caretHint
	case '`':
		return backquoteHint
	case '|':
		return barHint
	case '#':
		// A second "#" has a hint of its own, which names the first.
		if rule == "absolute-URI" && strings.IndexByte(s[:off], '#') < 0 {
			return fragmentHint
		}
	case '@':
		if a0, a1, ok := authoritySpan(s); ok && off >= a0 && off < a1 && strings.IndexByte(s[a0:off], '@') >= 0 {
			return secondAtHint
		}
	case '[', ']':
		if b == ']' && component == "host" && inIPLiteral(s, off) {
			break // the IP literal is no address: authorityHint
		}
		if a0, a1, ok := authoritySpan(s); component != "host" || !ok || off != hostStart(s, a0, a1) || b == ']' {
			if b == '[' {
				return openBracketHint
			}
			return closeBracketHint
		}
	case '%':
		if component == "host" && inIPLiteral(s, off) {
			return zoneHint
		}
	}
	return ""
}

// nonASCIIHint appends the hint of the byte at off, outside ASCII: a byte
// that is not UTF-8, or a character, its percent-encoding, and whether an
// IRI holds it.
func nonASCIIHint(dst []byte, s string, off int, component string) []byte {
	b := s[off]
	r, n := utf8.DecodeRuneInString(s[off:])
	if r == utf8.RuneError && n <= 1 {
		dst = appendText(dst, "byte ")
		dst = appendHexByte(dst, b)
		dst = appendText(dst, " is not allowed in a URI (nor is it UTF-8): percent-encode it as ")
		return appendQuotedPct(dst, b)
	}
	dst = appendText(dst, "non-ASCII character ")
	dst = strconv.AppendQuoteRune(dst, r)
	dst = appendText(dst, ` is not allowed in a URI: percent-encode its UTF-8 bytes as "`)
	for i := off; i < off+n; i++ {
		dst = appendPct(dst, s[i])
	}
	dst = appendText(dst, `"`)
	if iriChar(r, component) {
		dst = appendText(dst, "; an IRI parser (RFC 3987) accepts it as it is")
	} else {
		dst = appendText(dst, " (an IRI, RFC 3987, does not hold it either)")
	}
	if component == "host" {
		dst = appendText(dst, `; an internationalized host name is written in DNS with IDNA A-labels ("xn--…", RFC 5891)`)
	}
	return dst
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
// with one misspelt; suggestion is the URI it proposes, if any.
func schemeHint(dst []byte, s string, off int) (_ []byte, suggestion suggested) {
	const didYouMean = "no scheme: did you mean "
	if strings.HasPrefix(s, "[") && strings.IndexByte(s, ']') > 0 {
		dst = appendText(dst, didYouMean)
		return appendSuggestion(dst, "https://", "", s, 0), suggested{"https://", "", s, false}
	}
	j := indexStop(s, clsSchemeStop)
	if j >= 0 && s[j] == ':' {
		if j == 0 {
			return appendText(dst, `no scheme before ":": a URI begins with a scheme, such as "https"`), suggested{}
		}
		if off <= j && !isScheme(s[:j]) {
			if looksLikeHostPort(s) {
				return hostPortHint(dst, s, "URI")
			}
			dst = appendQuoteBounded(dst, false, s[:j])
			return appendText(dst, ` is not a scheme: a scheme begins with a letter and holds only letters, digits, "+", "-" and "."`), suggested{}
		}
		return dst, suggested{}
	}
	if s == "" {
		return appendText(dst, `an empty string is not a URI: a URI begins with a scheme, such as "https:"`), suggested{}
	}
	if j < 0 {
		j = len(s)
	}
	first := s[:j]
	switch {
	case strings.HasPrefix(s, "//"):
		dst = appendText(dst, didYouMean)
		return appendSuggestion(dst, "https:", "", s, 2), suggested{"https:", "", s, false}
	case strings.HasPrefix(s[j:], "//") && isScheme(first):
		dst = appendText(dst, `no ":" after the scheme `)
		dst = appendQuoteBounded(dst, false, first)
		dst = appendText(dst, ": did you mean ")
		return appendSuggestion(dst, clip(first), ":", s[j:], 2), suggested{first, ":", s[j:], false}
	case looksLikeMailbox(first) && j == len(s):
		dst = appendText(dst, didYouMean)
		return appendText(appendQuoteBounded(dst, false, "mailto:", clip(s)), "?"), suggested{"mailto:", "", s, false}
	case looksLikeHost(first):
		dst = appendText(dst, didYouMean)
		return appendSuggestion(dst, "https://", "", s, 0), suggested{"https://", "", s, false}
	}
	return appendText(dst, `no scheme: a URI begins with a scheme, such as "https:"`), suggested{}
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

// hostPortHint explains a host and a port written without the "//" that
// begins an authority (§3.2), as in "127.0.0.1:8080", and suggests the URL
// meant: a relative reference gets "//" and any other rule "https://".
func hostPortHint(dst []byte, s, rule string) (_ []byte, suggestion suggested) {
	prefix := "https://"
	if rule == "relative-ref" {
		prefix = "//"
	}
	dst = appendText(dst, `a host and port are written after "//": did you mean `)
	return appendSuggestion(dst, prefix, "", s, 0), suggested{prefix, "", s, false}
}

// looksLikeHostPort reports whether s begins with what reads as a host and
// a port ("127.0.0.1:8080", "example.com:443/x"): up to its first "/", "?"
// or "#", a host as looksLikeHost reads one, then ":" and digits.
func looksLikeHostPort(s string) bool {
	if k := indexStop(s, clsAuthorityStop); k >= 0 {
		s = s[:k]
	}
	i := strings.LastIndexByte(s, ':')
	return i > 0 && i+1 < len(s) && looksLikeHost(s)
}

// looksLikeMailbox reports whether s reads as local@domain.
func looksLikeMailbox(s string) bool {
	i := strings.IndexByte(s, '@')
	return i > 0 && looksLikeHost(s[i+1:]) && !strings.ContainsAny(s[:i], " @")
}

// firstSegmentHint explains a ":" in the first segment of a relative-path
// reference (§4.2), where relative-ref fails; suggestion is the reference it
// proposes, if any.
func firstSegmentHint(dst []byte, s string, off int, rule string) (_ []byte, suggestion suggested) {
	if rule != "relative-ref" && rule != "URI-reference" || off >= len(s) || s[off] != ':' {
		return dst, suggested{}
	}
	if indexStop(s[:off], clsAuthorityStop) >= 0 {
		return dst, suggested{}
	}
	if !isScheme(s[:off]) && looksLikeHostPort(s) {
		return hostPortHint(dst, s, rule)
	}
	if !isScheme(s[:off]) && strings.HasPrefix(s[off:], "://") {
		dst = appendQuoteBounded(dst, false, s[:off])
		return appendText(dst, ` is not a scheme: a scheme begins with a letter and holds only letters, digits, "+", "-" and "."`), suggested{}
	}
	if rule == "relative-ref" && isScheme(s[:off]) {
		dst = appendText(dst, "a relative reference has no scheme, and ")
		dst = appendQuoteBounded(dst, false, s[:off+1])
		return appendText(dst, " reads as one"), suggested{}
	}
	dst = appendText(dst, `a ":" in the first segment of a relative path would read as a scheme (§4.2): begin the path with "./", as in `)
	return appendQuoteBounded(dst, false, "./", clip(s)), suggested{"./", "", s, false}
}

// authorityHint explains an error in an authority (§3.2): an IPv6 address
// outside square brackets, an unclosed "[", an IP literal that is no address,
// a port that is not all digits.
func authorityHint(dst []byte, s string, off int, rule string, at func(int) int) []byte {
	if rule == "URI" || rule == "absolute-URI" {
		if j := indexStop(s, clsSchemeStop); j < 0 || s[j] != ':' || !isScheme(s[:j]) {
			return dst
		}
	}
	a0, a1, ok := authoritySpan(s)
	if !ok || off < a0 || off > a1 {
		return dst
	}
	h := hostStart(s, a0, a1)
	hp := s[h:a1] // host and port
	if hp != "" && hp[0] == '[' {
		end := strings.IndexByte(hp, ']')
		if end < 0 {
			dst = appendText(dst, `unclosed "[" at offset `)
			dst = appendOffset(dst, h, at)
			return appendText(dst, `: an IP literal ends with "]"`)
		}
		if off <= h+end && isIPv4(hp[1:end]) {
			dst = appendText(dst, "an IPv4 address is written without square brackets: ")
			return appendQuoteBounded(dst, false, hp[1:end])
		}
		if off <= h+end {
			dst = appendText(dst, "the IP literal ")
			dst = appendQuoteBounded(dst, false, hp[:end+1])
			return appendText(dst, ` is neither an IPv6 address nor an IPvFuture ("v", hex digits, "." and more)`)
		}
		if rest := hp[end+1:]; rest != "" && rest[0] == ':' {
			return portHint(dst, s, h+end+2, a1, at)
		}
		return appendText(dst, `after the "]" of an IP literal come only ":" and a port`)
	}
	if strings.Count(hp, ":") >= 2 && (strings.Contains(hp, "::") || strings.Count(hp, ":") >= 3) && ipv6Bytes(hp) {
		dst = appendText(dst, "an IPv6 address in a URI is written in square brackets, a port after them: ")
		return appendQuoteBounded(dst, false, "[", clip(hp), "]")
	}
	i := strings.IndexByte(hp, ':')
	if i < 0 || off <= h+i {
		return dst
	}
	return portHint(dst, s, h+i+1, a1, at)
}

// portHint explains a port s[p0:p1] that is not all digits (§3.2.3), or
// appends nothing.
func portHint(dst []byte, s string, p0, p1 int, at func(int) int) []byte {
	port := s[p0:p1]
	q := 0
	for q < len(port) && port[q] >= '0' && port[q] <= '9' {
		q++
	}
	if q == len(port) {
		return dst
	}
	dst = appendText(dst, "the port ")
	dst = appendQuoteBounded(dst, false, port)
	dst = appendText(dst, " holds ")
	dst = appendDescribeByte(dst, port, q)
	dst = appendText(dst, " at offset ")
	dst = appendOffset(dst, p0+q, at)
	dst = appendText(dst, ": a port is decimal digits only")
	if digits := strings.TrimLeft(port[:q], "0"); len(digits) > 5 || len(digits) == 5 && digits > "65535" {
		dst = appendText(dst, ", and ")
		dst = strconv.AppendInt(dst, int64(q), 10)
		dst = appendText(dst, " digits are too many for a port number (at most 65535)")
	}
	return dst
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
	if j := indexStop(s, clsSchemeStop); j > 0 && s[j] == ':' {
		i = j + 1
	}
	if !strings.HasPrefix(s[i:], "//") {
		return 0, 0, false
	}
	a0 = i + 2
	a1 = len(s)
	if k := indexStop(s[a0:], clsAuthorityStop); k >= 0 {
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
