package uri

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/ascii"
	"github.com/seed42851778/rfc3986/internal/errtext"
)

// This file writes the pieces of a hint: the input quoted and cut to
// hintQuote bytes, a suggested URI with its password redacted, a byte as
// its percent-encoding or as 0xHH, an offset. hint.go chooses the hint.

// hintQuote is how many bytes of the input a hint quotes at most.
const hintQuote = 64

// suggested is the corrected text a hint proposes, in pieces, so that it is
// joined only when it is kept (ParseError.Suggestion): head, sep and text,
// the backslashes of text written as "/" with slash; the zero value
// proposes nothing.
type suggested struct {
	head, sep, text string
	slash           bool
}

// String joins the pieces of x, in one allocation.
func (x suggested) String() string {
	if x.head == "" && x.sep == "" && x.text == "" { // the zero value: nothing proposed
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
		return appendHexByte(appendText(dst, "byte "), s[i])
	}
	return strconv.AppendQuoteRune(dst, r)
}

// appendQuoteBounded appends the concatenation of parts quoted as a Go
// string, control characters escaped, cut to hintQuote bytes with "…" where
// it is longer; with slash, each backslash of parts is written as "/". A
// boundary between two parts must fall after an ASCII byte (the callers join
// ASCII prefixes and suffixes to input), so that quoting the parts one by one
// quotes their concatenation.
func appendQuoteBounded(dst []byte, slash bool, parts ...string) []byte {
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	n := total
	if total > hintQuote {
		n = hintQuote - 4
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
	if total > hintQuote {
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

// appendSuggestion quotes, as appendQuoteBounded does, the URI a hint
// suggests, and ends the question ("did you mean ...?") with "?": prefix,
// sep and s, in which an authority starts at offset auth of s. Its
// password, if it has one, is shown as errtext.Redaction (§3.2.1: a
// password is not to be rendered), as it is in the rest of the message.
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
// small (measured: see BENCHMARKS.md, "What a program links").
//
//go:noinline
func appendText(dst []byte, parts ...string) []byte {
	for _, s := range parts {
		dst = append(dst, s...)
	}
	return dst
}

// clip cuts s to a little more than a hint quotes of it, so that the hint
// does no work in proportion to the length of the input; appendQuoteBounded
// still marks the cut with "…".
func clip(s string) string {
	if len(s) > hintQuote+1 {
		return s[:hintQuote+1]
	}
	return s
}

// appendPct appends the percent-encoding of b (§2.1), uppercase.
func appendPct(dst []byte, b byte) []byte {
	hi, lo := b>>4, b&15
	return appendText(dst, "%", ascii.UpperHex[hi:hi+1], ascii.UpperHex[lo:lo+1])
}

// appendQuotedPct appends the percent-encoding of b in quotation marks.
func appendQuotedPct(dst []byte, b byte) []byte {
	return appendText(appendPct(appendText(dst, `"`), b), `"`)
}

// appendHexByte appends b as 0xNN.
func appendHexByte(dst []byte, b byte) []byte {
	hi, lo := b>>4, b&15
	return appendText(dst, "0x", ascii.UpperHex[hi:hi+1], ascii.UpperHex[lo:lo+1])
}

// hintHexDig reports whether b is a HEXDIG.
func hintHexDig(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F'
}

// appendOffset appends offset p of the text a hint is about, mapped by at
// when at is not nil.
func appendOffset(dst []byte, p int, at func(int) int) []byte {
	if at != nil {
		p = at(p)
	}
	return strconv.AppendInt(dst, int64(p), 10)
}
