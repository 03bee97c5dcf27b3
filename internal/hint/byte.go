package hint

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// byteHint explains the byte at t.Off when the syntax does not hold it
// there as it stands: it appends the hint to dst, or returns it as fixed
// when it is one of the constants of words.go.
func byteHint(dst []byte, t *Text) (_ []byte, fixed string) {
	if f := Fixed(t.S, t.Off, t.Rule, t.Component, t.Syntax); f != "" {
		return dst, f
	}
	s, off := t.S, t.Off
	b := s[off]
	switch {
	case b == '#':
		if i := strings.IndexByte(s[:off], '#'); i >= 0 {
			dst = appendText(dst, secondHash)
			dst = appendOffset(dst, i, t.At)
			return appendText(dst, hashInFrag), ""
		}
	case b < 0x20 || b == 0x7f:
		return appendByte(appendByte(dst, control+"0x", b, notAllowed), `"%`, b, `"`), ""
	case b >= utf8.RuneSelf:
		return nonASCIIHint(dst, t), ""
	}
	return dst, ""
}

// Fixed is the hint of the byte at offset off of s, where rule of syntax x
// fails in component, when it is one of the constants of words.go, which
// quote nothing of the input; else "". It is what For says of that byte
// when off is not where a "%" lacks its digits and the text is neither
// wrapped nor a Windows path nor, for a rule that requires one, without a
// scheme: a fast path of rejections can take it alone.
func Fixed(s string, off int, rule Rule, component string, x Syntax) string {
	switch b := s[off]; b {
	case ' ':
		return Space
	case '\t':
		return Tab
	case '\r':
		return CR
	case '\n':
		return LF
	case '\\':
		return Backslash
	case '{':
		return OpenBrace
	case '}':
		return CloseBrace
	case '"':
		return Quote
	case '<':
		return Less
	case '>':
		return Greater
	case '^':
		return Caret
	case '`':
		return Backquote
	case '|':
		return Bar
	case '#':
		// A second "#" has a hint of its own, which names the first.
		if rule == AbsoluteForm && strings.IndexByte(s[:off], '#') < 0 {
			return Fragment
		}
	case '@':
		if a0, a1, ok := authoritySpan(s); ok && off >= a0 && off < a1 && strings.IndexByte(s[a0:off], '@') >= 0 {
			return SecondAt
		}
	case '[', ']':
		if b == ']' && component == "host" && inIPLiteral(s, off) {
			break // the IP literal is no address: authorityHint
		}
		if a0, a1, ok := authoritySpan(s); component != "host" || !ok || off != hostStart(s, a0, a1) || b == ']' {
			if b == '[' {
				return OpenBracket
			}
			return CloseBracket
		}
	case '%':
		if component == "host" && inIPLiteral(s, off) {
			return zone(x)
		}
	}
	return ""
}

// nonASCIIHint appends the hint of the byte at t.Off, outside ASCII: a
// byte that is not UTF-8, or a character, its percent-encoding, and
// whether the other syntax holds it. An IRI's hint says nothing of a
// character an IRI holds there: its mistake is elsewhere. A URI's hint
// does not send to an IRI a bidirectional formatting character, which an
// IRI must not hold (RFC 3987 §4.1), though ucschar does.
func nonASCIIHint(dst []byte, t *Text) []byte {
	s, off := t.S, t.Off
	b := s[off]
	r, n := utf8.DecodeRuneInString(s[off:])
	if r == utf8.RuneError && n <= 1 {
		return appendByte(appendByte(dst, byteWord+"0x", b, notUTF8), `"%`, b, `"`)
	}
	iri := iriChar(r, t.Component)
	if iri && t.Syntax == IRI {
		return dst
	}
	if r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E {
		iri = false
	}
	dst = appendText(dst, nonASCII)
	dst = strconv.AppendQuoteRune(dst, r)
	dst = appendText(dst, notInURI)
	if !iri {
		if isPrivateUse(r) {
			dst = appendText(dst, iriQuery)
		} else {
			dst = appendText(dst, notInIRI)
		}
	}
	dst = appendText(dst, utf8Bytes)
	for i := off; i < off+n; i++ {
		dst = appendByte(dst, "%", s[i], "")
	}
	dst = appendText(dst, `"`)
	if iri {
		dst = appendText(dst, iriHolds)
		if t.Component == "host" {
			dst = appendText(dst, idnaHost)
		}
	}
	return dst
}

// iriChar reports whether an IRI holds r as it stands in component (RFC
// 3987 §2.2): ucschar, and iprivate in a query.
func iriChar(r rune, component string) bool {
	switch {
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0x10000 && r <= 0xDFFFD, r >= 0xE1000 && r <= 0xEFFFD:
		return r&0xFFFF <= 0xFFFD
	case isPrivateUse(r):
		return component == "query"
	}
	return false
}

// isPrivateUse reports whether r is an iprivate of RFC 3987 §2.2:
// %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD.
func isPrivateUse(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0x10FFFD && r&0xFFFF <= 0xFFFD
}
