package hint

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/ascii"
	"github.com/seed42851778/rfc3986/internal/errtext"
)

// This file writes the pieces of a hint: the input quoted and cut to
// maxQuote bytes, a suggested text with its password redacted, a byte as
// its percent-encoding or as 0xHH, an offset. The other files choose the
// hint.

// maxQuote is how many bytes of the input a hint quotes at most.
const maxQuote = errtext.Max

// Suggestion is the corrected text a hint proposes, in pieces, so that it
// is joined only when it is kept (String); the zero value proposes
// nothing.
type Suggestion struct {
	head, sep, text string
	slash           bool // the backslashes of text are written as "/"
}

// String joins the pieces of x, in one allocation; it is "" when x
// proposes nothing.
func (x Suggestion) String() string {
	if x.head == "" && x.sep == "" && x.text == "" {
		return ""
	}
	var b strings.Builder
	b.Grow(len(x.head) + len(x.sep) + len(x.text))
	b.WriteString(x.head)
	b.WriteString(x.sep)
	for i := 0; i < len(x.text); i++ {
		c := x.text[i]
		if c == '\\' && x.slash {
			c = '/'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// appendDescribeByte appends the character at offset i of s, quoted.
func appendDescribeByte(dst []byte, s string, i int) []byte {
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n <= 1 {
		return appendByte(dst, byteWord+"0x", s[i], "")
	}
	return strconv.AppendQuoteRune(dst, r)
}

// appendQuoteBounded appends the concatenation of parts quoted as a Go
// string, control characters escaped, cut to maxQuote bytes with "…" where
// it is longer; with slash, each backslash of parts is written as "/". A
// boundary between two parts must fall after an ASCII byte (the callers
// join ASCII prefixes and suffixes to input), so that quoting the parts one
// by one quotes their concatenation.
func appendQuoteBounded(dst []byte, slash bool, parts ...string) []byte {
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	n := total
	if total > maxQuote {
		n = maxQuote - 4
		for n > 0 && !utf8.RuneStart(byteAt(parts, n)) {
			n--
		}
	}
	dst = appendText(dst, `"`)
	for _, p := range parts {
		if n <= 0 {
			break
		}
		if len(p) > n {
			p = p[:n]
		}
		n -= len(p)
		for slash {
			i := strings.IndexByte(p, '\\')
			if i < 0 {
				break
			}
			dst = appendText(errtext.AppendQuoted(dst, p[:i]), "/")
			p = p[i+1:]
		}
		dst = errtext.AppendQuoted(dst, p)
	}
	dst = appendText(dst, `"`)
	if total > maxQuote {
		dst = appendText(dst, "…")
	}
	return dst
}

// byteAt is the byte at offset i of the concatenation of parts.
func byteAt(parts []string, i int) byte {
	for _, p := range parts {
		if i < len(p) {
			return p[i]
		}
		i -= len(p)
	}
	return 0
}

// appendSuggestion quotes, as appendQuoteBounded does, the text a hint
// suggests, and ends the question ("did you mean ...?") with "?": prefix,
// sep and s, in which an authority starts at offset auth of s. Its
// password, if it has one, is shown as errtext.Redaction (RFC 3986 §3.2.1:
// a password is not to be rendered), as it is in the rest of the message.
func appendSuggestion(dst []byte, prefix, sep, s string, auth int) []byte {
	head, redaction, tail := s, "", ""
	if lo, hi, ok := errtext.AuthorityPassword(s, auth); ok {
		head, redaction, tail = s[:lo], errtext.Redaction, s[hi:]
	}
	return appendText(appendQuoteBounded(dst, false, prefix, sep, clip(head), redaction, clip(tail)), "?")
}

// appendText appends the pieces of a hint's text to dst. A hint is written
// once an error, in many pieces: a call for each, where an append is
// written out in full wherever it is used, keeps the error path's code
// small (BENCHMARKS.md, "What a program links").
//
//go:noinline
func appendText(dst []byte, parts ...string) []byte {
	for _, s := range parts {
		dst = append(dst, s...)
	}
	return dst
}

// clip cuts s to a little more than a hint quotes of it, so that the hint
// does no work in proportion to the length of the input;
// appendQuoteBounded still marks the cut with "…".
func clip(s string) string {
	if len(s) > maxQuote+1 {
		return s[:maxQuote+1]
	}
	return s
}

// appendByte appends b as two upper-case hexadecimal digits between
// prefix and suffix: its percent-encoding (RFC 3986 §2.1) with "%", or
// 0xHH with "0x".
func appendByte(dst []byte, prefix string, b byte, suffix string) []byte {
	hi, lo := b>>4, b&15
	return appendText(dst, prefix, ascii.UpperHex[hi:hi+1], ascii.UpperHex[lo:lo+1], suffix)
}

// appendOffset appends offset p of the text a hint is about, mapped by at
// when at is not nil.
func appendOffset(dst []byte, p int, at func(int) int) []byte {
	if at != nil {
		p = at(p)
	}
	return strconv.AppendInt(dst, int64(p), 10)
}

// HexDig reports whether b is a HEXDIG (RFC 5234 B.1, either case).
func HexDig(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F'
}

// alnum reports whether b is an ASCII letter or digit.
func alnum(b byte) bool {
	return b >= '0' && b <= '9' || b|0x20 >= 'a' && b|0x20 <= 'z'
}

// isScheme reports whether s is a scheme (RFC 3986 §3.1):
//
//	scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
func isScheme(s string) bool {
	if s == "" || !alnum(s[0]) || s[0] <= '9' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if b := s[i]; !alnum(b) && b != '+' && b != '-' && b != '.' {
			return false
		}
	}
	return true
}
