// Package hint says in plain words what mistake a text that does not
// parse as a URI (RFC 3986) or an IRI (RFC 3987) probably holds: the one
// hint engine of uri and iri, so that a mistake gets the same words in
// both, and a hint added here reaches both.
//
// A hint is chosen from the shape of the text around the offset where the
// grammar fails, never from a second parse: a "%" without its two
// HEXDIG, white space or quotation marks around the text, a Windows file
// path, a missing or misspelt scheme, a byte that neither syntax holds as
// it stands, a ":" in a first segment, and the mistakes of an authority
// (an IPv6 address without brackets, an IPv4 address in them, an unclosed
// "[", a port that is not all digits). What differs between the syntaxes
// is a parameter (Syntax): an IRI holds ucschar, and iprivate in its
// query, where a URI does not, so an IRI's hint never tells to
// percent-encode them.
//
// A hint quotes at most 64 bytes of the input (cut with "…", never inside a
// UTF-8 sequence), escapes what it quotes as internal/errtext does, and
// shows a password as errtext.Redaction. Every program that parses URIs
// links it, so it writes with appends, not fmt (TestEngineLinksLittle), and
// keeps its words as constants (words.go), not tables.
package hint

import (
	"strings"
	"unicode/utf8"
)

// Syntax is the grammar a text failed: URI (RFC 3986) or IRI (RFC 3987).
type Syntax uint8

// The syntaxes.
const (
	URI Syntax = iota
	IRI
)

// Rule is the top rule a text failed, in the order of the rules of uri and
// iri, so that each converts its own to a Rule.
type Rule uint8

// The top rules, with the names of RFC 3986 (RFC 3987: IRI, absolute-IRI,
// irelative-ref, IRI-reference).
const (
	Absolute     Rule = iota // URI: a scheme is required
	AbsoluteForm             // absolute-URI: a scheme is required, a fragment is not allowed
	Relative                 // relative-ref: no scheme
	Reference                // URI-reference: either
)

// Text is what a hint is about: the text S that failed Rule of Syntax at
// byte offset Off, in Component ("scheme", "authority", "userinfo",
// "host", "port", "path", "query" or "fragment"). At, when not nil, maps
// each offset of S that a hint names to the offset the caller reports
// (uri.ParseRepaired names offsets of its caller's text, not of the
// repaired S).
type Text struct {
	S         string
	Off       int
	Rule      Rule
	Component string
	Syntax    Syntax
	At        func(int) int
}

// For appends to dst the hint of t, or nothing when there is nothing to
// add to the offset and the expected list.
func For(dst []byte, t *Text) []byte {
	dst, fixed, _ := Of(dst, t)
	return appendText(dst, fixed)
}

// Of is For, but a hint that quotes nothing of the input (one of the
// constants of words.go) is returned as fixed, dst unchanged, so that an
// error keeps it without a copy. When the hint proposes a corrected text
// ("did you mean ..."), suggestion is that text, whole: the hint quotes it
// cut to 64 bytes, its password redacted.
//
// The finders are tried first to last: a "%" not followed by two hex
// digits; white space, quotation marks or angle brackets around the text;
// a Windows file path; for a rule that requires a scheme, a missing or
// misspelt one; a byte at Off that the syntax does not hold as it stands
// (white space, a control character, a backslash, a brace, "|", a second
// "#", a character outside ASCII in a URI, ...); a ":" in the first
// segment of a relative path, or a host and port without the "//" before
// them; and in the authority, an IPv6 address outside square brackets, an
// unclosed "[", a second "@" and a port with a non-digit.
func Of(dst []byte, t *Text) (_ []byte, fixed string, suggestion Suggestion) {
	s, off := t.S, t.Off
	if off < 0 || off > len(s) {
		return dst, "", Suggestion{}
	}
	n := len(dst)
	if dst, fixed = percentHint(dst, t); len(dst) > n || fixed != "" {
		return dst, fixed, Suggestion{}
	}
	if dst = wrapHint(dst, s, off); len(dst) > n {
		return dst, "", Suggestion{}
	}
	if dst, suggestion = windowsHint(dst, s); len(dst) > n {
		return dst, "", suggestion
	}
	if t.Rule <= AbsoluteForm {
		if dst, fixed, suggestion = schemeHint(dst, s, off); len(dst) > n || fixed != "" {
			return dst, fixed, suggestion
		}
	}
	if off < len(s) {
		if dst, fixed = byteHint(dst, t); len(dst) > n || fixed != "" {
			return dst, fixed, Suggestion{}
		}
	}
	if dst, suggestion = firstSegmentHint(dst, s, off, t.Rule); len(dst) > n {
		return dst, "", suggestion
	}
	return authorityHint(dst, t), "", Suggestion{}
}

// percentHint explains a "%" that does not start a pct-encoded triplet
// (RFC 3986 §2.1), when off is where its two hex digits were expected; a
// "%" in an IP literal gets the zone's hint, as fixed.
func percentHint(dst []byte, t *Text) (_ []byte, fixed string) {
	s, off := t.S, t.Off
	p := -1
	for q := off - 1; q >= 0 && q >= off-2; q-- {
		if s[q] == '%' {
			p = q
			break
		}
		if !HexDig(s[q]) {
			return dst, ""
		}
	}
	if p < 0 || (off < len(s) && HexDig(s[off])) {
		return dst, ""
	}
	if t.Component == "host" && inIPLiteral(s, p) {
		return dst, zone(t.Syntax)
	}
	dst = appendText(dst, pctAt)
	dst = appendOffset(dst, p, t.At)
	return appendText(dst, pctNotHex), ""
}

// zone is the hint of a "%" inside an IP literal in syntax x: Zone, which
// begins ZoneURI (one string in the program, not two).
func zone(x Syntax) string {
	if x == IRI {
		return ZoneURI[:len(Zone)]
	}
	return ZoneURI
}

// wrapHint explains white space before or after the text, and quotation
// marks or angle brackets around it, when the offset is there.
func wrapHint(dst []byte, s string, off int) []byte {
	if off >= len(s) {
		return dst
	}
	switch b := s[off]; b {
	case ' ', '\t', '\r', '\n':
		if strings.TrimLeft(s[off:], " \t\r\n") == "" {
			return appendText(dst, trailing, spaceName(b), trimIt)
		}
		if strings.TrimLeft(s[:off], " \t\r\n") == "" {
			return appendText(dst, leading, spaceName(b), trimIt)
		}
	case '"':
		if off == 0 && len(s) > 1 && s[len(s)-1] == '"' {
			return appendText(dst, Quoted)
		}
	case '<', '>':
		if len(s) > 1 && s[0] == '<' && s[len(s)-1] == '>' {
			return appendText(dst, AngleBrackets)
		}
	}
	return dst
}

// spaceName names a white-space byte.
func spaceName(b byte) string {
	switch b {
	case '\t':
		return aTab
	case '\r':
		return aCR
	case '\n':
		return anLF
	}
	return aSpace
}

// windowsHint explains a Windows file path, "C:\dir" or "\\server\share",
// which is not a URI: a "file" URI names the file (RFC 8089), the
// suggestion, its backslashes written as "/".
func windowsHint(dst []byte, s string) (_ []byte, suggestion Suggestion) {
	var prefix, path string
	switch {
	case len(s) >= 3 && isScheme(s[:1]) && s[1] == ':' && s[2] == '\\':
		prefix, path = "file:///", s
	case strings.HasPrefix(s, `\\`):
		prefix, path = "file://", s[2:]
	default:
		return dst, Suggestion{}
	}
	dst = appendText(dst, windows)
	dst = appendQuoteBounded(dst, true, prefix, clip(path))
	dst = appendText(dst, windowsEnd)
	return dst, Suggestion{prefix, "", path, true}
}

// schemeHint explains a text without a scheme (RFC 3986 §3.1), or with one
// misspelt, where the rule requires one; suggestion is the text it
// proposes, if any.
func schemeHint(dst []byte, s string, off int) (_ []byte, fixed string, suggestion Suggestion) {
	if strings.HasPrefix(s, "[") && strings.IndexByte(s, ']') > 0 {
		dst = appendText(dst, didYouMean)
		return appendSuggestion(dst, "https://", "", s, 0), "", Suggestion{"https://", "", s, false}
	}
	j := indexIn(s, schemeStop)
	if j >= 0 && s[j] == ':' {
		if j == 0 {
			return dst, ColonFirst, Suggestion{}
		}
		if off <= j && !isScheme(s[:j]) {
			if looksLikeHostPort(s) {
				dst, suggestion = hostPortHint(dst, s, Absolute)
				return dst, "", suggestion
			}
			return appendText(appendQuoteBounded(dst, false, s[:j]), notScheme), "", Suggestion{}
		}
		return dst, "", Suggestion{}
	}
	if s == "" {
		return dst, Empty, Suggestion{}
	}
	if j < 0 {
		j = len(s)
	}
	first := s[:j]
	switch {
	case strings.HasPrefix(s, "//"):
		dst = appendText(dst, didYouMean)
		return appendSuggestion(dst, "https:", "", s, 2), "", Suggestion{"https:", "", s, false}
	case strings.HasPrefix(s[j:], "//") && isScheme(first):
		dst = appendText(dst, noColon)
		dst = appendQuoteBounded(dst, false, first)
		dst = appendText(dst, meanColon)
		return appendSuggestion(dst, clip(first), ":", s[j:], 2), "", Suggestion{first, ":", s[j:], false}
	case looksLikeMailbox(first) && j == len(s):
		dst = appendText(dst, didYouMean)
		return appendText(appendQuoteBounded(dst, false, "mailto:", clip(s)), "?"), "", Suggestion{"mailto:", "", s, false}
	case looksLikeHost(first):
		dst = appendText(dst, didYouMean)
		return appendSuggestion(dst, "https://", "", s, 0), "", Suggestion{"https://", "", s, false}
	}
	return dst, NoScheme, Suggestion{}
}

// looksLikeHost reports whether s reads as a domain name or an IPv4
// address with an optional port: labels of letters, digits and "-" with at
// least one ".", or "localhost". A byte outside ASCII counts as a letter:
// an internationalized name is a host too.
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
		if b := s[i]; !alnum(b) && b != '-' && b != '.' && b < utf8.RuneSelf {
			return false
		}
	}
	return true
}

// hostPortHint explains a host and a port written without the "//" that
// begins an authority (RFC 3986 §3.2), as in "127.0.0.1:8080", and
// suggests the text meant: a relative reference gets "//" and any other
// rule "https://".
func hostPortHint(dst []byte, s string, rule Rule) (_ []byte, suggestion Suggestion) {
	prefix := "https://"
	if rule == Relative {
		prefix = "//"
	}
	dst = appendText(dst, hostPort)
	return appendSuggestion(dst, prefix, "", s, 0), Suggestion{prefix, "", s, false}
}

// looksLikeHostPort reports whether s begins with what reads as a host and
// a port ("127.0.0.1:8080", "example.com:443/x"): up to its first "/", "?"
// or "#", a host as looksLikeHost reads one, then ":" and digits.
func looksLikeHostPort(s string) bool {
	if k := indexIn(s, authorityStop); k >= 0 {
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
// reference (RFC 3986 §4.2), where a relative or any reference fails;
// suggestion is the reference it proposes, if any.
func firstSegmentHint(dst []byte, s string, off int, rule Rule) (_ []byte, suggestion Suggestion) {
	if rule < Relative || off >= len(s) || s[off] != ':' {
		return dst, Suggestion{}
	}
	if indexIn(s[:off], authorityStop) >= 0 {
		return dst, Suggestion{}
	}
	scheme := isScheme(s[:off])
	if !scheme && looksLikeHostPort(s) {
		return hostPortHint(dst, s, rule)
	}
	if !scheme && strings.HasPrefix(s[off:], "://") {
		return appendText(appendQuoteBounded(dst, false, s[:off]), notScheme), Suggestion{}
	}
	if rule == Relative && scheme {
		dst = appendText(dst, relScheme)
		dst = appendQuoteBounded(dst, false, s[:off+1])
		return appendText(dst, readsAsOne), Suggestion{}
	}
	dst = appendText(dst, colonFirst)
	return appendQuoteBounded(dst, false, "./", clip(s)), Suggestion{"./", "", s, false}
}
