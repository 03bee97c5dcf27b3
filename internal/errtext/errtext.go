// Package errtext quotes input in the messages of the module's errors: at
// most Max bytes of it, escaped as strconv.Quote escapes (control characters
// and invalid UTF-8 included, as combinator.DescribeAt does for one
// character), and without a password (RFC 3986 §3.2.1: a password must not
// be rendered as clear text).
//
// Every error type of the module that shows input goes through Quote, after
// RedactUserInfo where the input may hold a userinfo, or through QuoteURI,
// which redacts a URI reference first, so that a message stays short
// whatever the input and never leaks a password into a log. AppendQuoted is
// the escaping of Quote, for messages that quote text in pieces.
//
// A password is any that a reading of the text sees: RFC 3986's, net/url's
// and the URL Standard's, which browsers follow and which reads one in
// texts RFC 3986 reads as a path (URIPassword); for a text that may hold
// URLs anywhere, AppendPasswords and HidePasswords find those of each.
// This is the one place of the module that knows where a password lies.
package errtext

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/ascii"
)

// Max is the most bytes of input that Quote shows.
const Max = 64

// Redaction is what RedactUserInfo and RedactURI put in place of a password,
// as uri.URI.Redacted and net/url's URL.Redacted do.
const Redaction = "xxxxx"

// Quote returns s quoted as strconv.Quote does when it is at most Max bytes
// long. A longer s is cut to at most Max bytes around offset off (the point
// the message is about: the window starts up to Max/2 bytes before it), with
// "…" inside the quotes where bytes were left out and the length of s after
// them:
//
//	"…aaaa%zzaaaa…" (16777216 bytes)
//
// The window never splits a UTF-8 sequence. An off outside s counts as its
// nearest end.
func Quote(s string, off int) string {
	if len(s) <= Max {
		return strconv.Quote(s)
	}
	off = max(0, min(off, len(s)))
	start := max(0, off-Max/2)
	end := min(len(s), start+Max)
	start = max(0, end-Max)
	for i := 0; i < utf8.UTFMax-1 && start > 0 && !utf8.RuneStart(s[start]); i++ {
		start++
	}
	for i := 0; i < utf8.UTFMax-1 && end < len(s) && !utf8.RuneStart(s[end]); i++ {
		end--
	}
	b := make([]byte, 0, end-start+2*len("…")+24)
	b = append(b, '"')
	if start > 0 {
		b = append(b, "…"...)
	}
	b = AppendQuoted(b, s[start:end])
	if end < len(s) {
		b = append(b, "…"...)
	}
	b = append(b, `" (`...)
	b = strconv.AppendInt(b, int64(len(s)), 10)
	b = append(b, " bytes)"...)
	return string(b)
}

// QuoteURI is Quote for s read as a URI reference: its password, if it has
// one, is replaced by Redaction first (RedactURI), and off is mapped with
// it.
func QuoteURI(s string, off int) string {
	r, o := RedactURI(s, off)
	return Quote(r, o)
}

// AppendQuoted appends s escaped as strconv.Quote escapes it, without the
// quotation marks around it: for a message that quotes pieces of text as
// one. Printable ASCII but the quotation mark and the backslash, which
// strconv.Quote leaves as they are, is appended without it.
func AppendQuoted(dst []byte, s string) []byte {
	plain := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
			plain = false
			break
		}
	}
	if plain {
		return append(dst, s...)
	}
	n := len(dst)
	dst = strconv.AppendQuote(dst, s)
	copy(dst[n:], dst[n+1:len(dst)-1])
	return dst[:len(dst)-2]
}

// Clip returns s cut to at most n bytes, at the start of a UTF-8 sequence,
// followed by "…" when it was cut: for a message of another package (a
// reason from golang.org/x/net/idna quotes its input whole) that is already
// escaped.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// RedactUserInfo returns the userinfo text ui with its password replaced by
// Redaction: what follows its first ":" ("user:password", §3.2.1), even
// when empty. Without a ":", ui is returned as it is. Offset off of ui is
// returned as the offset of the same byte in the result; an offset inside
// the password becomes the offset of Redaction.
func RedactUserInfo(ui string, off int) (string, int) {
	i := strings.IndexByte(ui, ':')
	if i < 0 {
		return ui, off
	}
	return redact(ui, i+1, len(ui), off)
}

// RedactURI returns s, read as a URI reference, with the password of its
// userinfo replaced by Redaction, as uri.URI.Redacted does, and offset off of
// s mapped as RedactUserInfo maps it. s need not be valid: see URIPassword.
func RedactURI(s string, off int) (string, int) {
	lo, hi, ok := URIPassword(s)
	if !ok {
		return s, off
	}
	return redact(s, lo, hi, off)
}

// AuthorityPassword is URIPassword for an authority known to start at
// offset i of s (after the "//"), as in a URI a message suggests: the
// authority runs to the next "/", "?" or "#", its userinfo to its last "@",
// the password from the first ":" of the userinfo.
func AuthorityPassword(s string, i int) (lo, hi int, ok bool) {
	if i < 0 {
		return 0, 0, false
	}
	// The first ":" of the userinfo is the first of the authority; when the
	// userinfo has none, that of the port comes after the last "@".
	lo, hi = len(s), -1
	for ; i < len(s) && s[i] != '/' && s[i] != '?' && s[i] != '#'; i++ {
		if s[i] == '@' {
			hi = i
		} else if s[i] == ':' && lo == len(s) {
			lo = i + 1
		}
	}
	if lo > hi {
		return 0, 0, false
	}
	return lo, hi, true
}

// InPassword reports whether offset off of s falls in the password of its
// userinfo, as URIPassword finds it: an error about the byte there must not
// quote it (§3.2.1), and says PasswordFound instead.
func InPassword(s string, off int) bool {
	lo, hi, ok := URIPassword(s)
	return ok && lo <= off && off < hi
}

// PasswordFound stands for DescribeAt in a message about a character that
// InPassword places in a password: it does not show the character.
const PasswordFound = "invalid character (not shown: it may be part of a password)"

// PasswordHint is the hint of a message about a character in a password,
// which names neither the character nor its percent-encoding.
const PasswordHint = "a password holds unreserved characters, sub-delims, \":\" and percent-encodings only: " +
	"percent-encode any other character; the password is not shown (RFC 3986 §3.2.1)"

// redact replaces s[lo:hi] by Redaction and maps off.
func redact(s string, lo, hi, off int) (string, int) {
	switch {
	case off >= hi:
		off += len(Redaction) - (hi - lo)
	case off > lo:
		off = lo
	}
	return s[:lo] + Redaction + s[hi:], off
}

// DescribeAt describes what stands at offset off of s, for error messages:
// "invalid character 'x'", "invalid character 'é' (UTF-8 0xC3 0xA9)", "invalid
// byte 0xFF" or "unexpected end of input". combinator.DescribeAt is this
// function; it lives here so that a package can describe its input without
// linking the combinator package (uri does not).
func DescribeAt(s string, off int) string {
	if off >= len(s) || off < 0 {
		return "unexpected end of input"
	}
	b := s[off]
	if b < utf8.RuneSelf {
		return "invalid character " + quoteChar(rune(b))
	}
	r, size := utf8.DecodeRuneInString(s[off:])
	if r == utf8.RuneError && size <= 1 {
		return "invalid byte " + hexByte(b)
	}
	d := "invalid character " + quoteChar(r) + " (UTF-8"
	for i := off; i < off+size; i++ {
		d += " " + hexByte(s[i])
	}
	return d + ")"
}

// quoteChar quotes r between single quotes, escaped as Go escapes a rune
// literal, except that a single quote is shown as '\”.
func quoteChar(r rune) string {
	if r == '\'' {
		return `'\''`
	}
	return strconv.QuoteRune(r)
}

// hexByte writes b as 0xHH, in upper case.
func hexByte(b byte) string {
	return string([]byte{'0', 'x', ascii.UpperHex[b>>4], ascii.UpperHex[b&15]})
}

// JoinExpected joins labels as a list: `a`, `a or b`, `a, b or c`;
// combinator.JoinExpected is this function.
func JoinExpected(labels []string) string {
	switch len(labels) {
	case 0:
		return "nothing"
	case 1:
		return labels[0]
	}
	return strings.Join(labels[:len(labels)-1], ", ") + " or " + labels[len(labels)-1]
}
