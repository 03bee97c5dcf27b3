package errtext

import (
	"strconv"
	"strings"
)

// This file finds passwords as browsers find them, and in texts that may
// hold URLs anywhere (a message, a template, a component another reading
// printed). A password that any reading sees is hidden: the URL Standard's
// reading reads a password in texts RFC 3986 and net/url read as a path
// ("https:user:pw@host/", `https:\\user:pw@host/`, "blob:https://user:pw@host/").

// URIPassword returns where a password that some reading of s sees lies:
// s[lo:hi], and whether there is one. s need not be valid. The readings are
// RFC 3986's and net/url's, which split s as RFC 3986 Appendix B splits any
// string (an authority follows "//" after an optional scheme), and the URL
// Standard's, the reading of browsers: it skips leading C0 controls and
// spaces and ignores tabs and newlines wherever they stand; after a special
// scheme but file (in any case), the authority follows any run of "/" and
// "\"; after another scheme it follows "//"; without a scheme, it follows
// two of "/" or "\", as a special base reads a reference; and the path of a
// blob URL is read again as a URL, as the Standard reads it for the origin.
// Each reading finds the userinfo of the authority up to its last "@", so
// that a password holding an unencoded "@" is found whole, and the password
// from the first ":" of the userinfo (AuthorityPassword).
func URIPassword(s string) (lo, hi int, ok bool) {
	// Every reading ends a userinfo at an "@": a text without one, as
	// most that fail to parse are, has no password, whatever its scheme.
	if strings.IndexByte(s, '@') < 0 {
		return 0, 0, false
	}
	for i := 0; ; {
		kind, k := noScheme, i
		if j := strings.IndexAny(s[i:], ":/?#\\"); j > 0 && s[i+j] == ':' {
			kind, k = schemeKind(s[i:i+j]), i+j+1
		}
		for kind == noScheme && k < len(s) && s[k] <= ' ' {
			k++
		}
		a, n, plain := webSlashes(s, k, kind != otherScheme && kind != blobScheme)
		switch {
		case kind == specialScheme, n >= 2 && (plain || kind == noScheme):
			return AuthorityPassword(s, a)
		case kind != blobScheme:
			return 0, 0, false
		}
		i = k
	}
}

// The kinds of scheme URIPassword tells apart.
const (
	noScheme = iota
	otherScheme
	specialScheme // a special scheme of the URL Standard but file
	blobScheme
)

// schemeKind returns the kind of the scheme t, as the URL Standard reads it:
// leading C0 controls and spaces skipped, tabs and newlines ignored, ASCII
// case folded.
func schemeKind(t string) int {
	var v uint64 // the bytes of the scheme, one a byte of v
	n := 0
	for k := 0; k < len(t); k++ {
		switch c := t[k]; {
		case c == '\t' || c == '\n' || c == '\r' || c <= ' ' && n == 0:
		case n == 5:
			return otherScheme
		default:
			v = v<<8 | uint64(c|0x20) // lower case; no byte but a letter becomes one
			n++
		}
	}
	switch v {
	case 'h'<<24 | 't'<<16 | 't'<<8 | 'p', 'h'<<32 | 't'<<24 | 't'<<16 | 'p'<<8 | 's', 'w'<<8 | 's', 'w'<<16 | 's'<<8 | 's', 'f'<<16 | 't'<<8 | 'p':
		return specialScheme
	case 'b'<<24 | 'l'<<16 | 'o'<<8 | 'b':
		return blobScheme
	}
	return otherScheme
}

// webSlashes skips the "/" and "\" at offset i of s, and the tabs and
// newlines among them: all of them, or with all false, the first two. It
// returns the offset after them, how many it skipped, and whether the first
// two were "/" (a non-special URL's authority needs "//", and starts after
// it).
func webSlashes(s string, i int, all bool) (end, n int, plain bool) {
	plain = true
	for ; i < len(s); i++ {
		switch c := s[i]; c {
		case '/', '\\':
			if n == 2 && !all {
				return i, n, plain
			}
			plain = plain && (n >= 2 || c == '/')
			n++
		case '\t', '\n', '\r':
		default:
			return i, n, plain
		}
	}
	return i, n, plain
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// isSchemeByte reports whether c may stand in a scheme (RFC 3986 §3.1).
func isSchemeByte(c byte) bool {
	return isLetter(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'
}

// AppendPasswords appends to dst where the passwords of every URL that may
// start anywhere in s lie, as pairs of offsets s[lo:hi], in order and
// apart: for a text that may hold URLs inside it (a message, a template, a
// component that one reading of a URL printed) rather than be one. Every
// password URIPassword finds in s is among them; so is the password of each
// authority that follows two of "/" and "\" anywhere in s (tabs and
// newlines among them), or a special scheme but file and its ":" that no
// letter or digit comes before (the URL Standard's reading of
// "https:user:pw@host/"). It takes
// time linear in len(s).
func AppendPasswords(dst [][2]int, s string) [][2]int {
	end := -1 // the end of the last authority looked at
	for i := 0; i < len(s); i++ {
		a := -1
		switch c := s[i]; {
		case c == '/' || c == '\\':
			j, n, _ := webSlashes(s, i, true)
			if n >= 2 {
				a = j
			}
			i = j - 1
		case isLetter(c) && (i == 0 || !isLetter(s[i-1]) && (s[i-1] < '0' || s[i-1] > '9') || encodedBlank(s, i-3)):
			j := i
			for j < len(s) {
				switch {
				case isSchemeByte(s[j]) || s[j] == '\t' || s[j] == '\n' || s[j] == '\r':
					j++
					continue
				case j+2 < len(s) && s[j] == '%' && s[j+1] == '0' && (s[j+2] == '9' || s[j+2]|0x20 == 'a' || s[j+2]|0x20 == 'd'):
					j += 3
					continue
				}
				break
			}
			if j < len(s) && s[j] == ':' && schemeKind(decodeBlanks(s[i:j])) == specialScheme {
				a, _, _ = webSlashes(s, j+1, true)
			}
			i = j - 1
		}
		if a < 0 || a < end {
			continue
		}
		end = a + len(s[a:])
		if k := strings.IndexAny(s[a:], "/?#"); k >= 0 {
			end = a + k
		}
		if lo, hi, ok := AuthorityPassword(s, a); ok {
			dst = append(dst, [2]int{lo, hi})
		}
	}
	return dst
}

// encodedBlank reports whether s[i:] starts with the percent-encoding of a
// C0 control or a space ("%09", "%1f", "%20"): a builder or a repair that
// encodes a text a browser reads as a URL (it skips a leading C0 control or
// space, and a tab or newline anywhere) leaves the URL for AppendPasswords
// to find.
func encodedBlank(s string, i int) bool {
	return i >= 0 && i+2 < len(s) && s[i] == '%' && (s[i+1] == '0' || s[i+1] == '1' || s[i+1] == '2' && s[i+2] == '0') &&
		('0' <= s[i+2] && s[i+2] <= '9' || 'a' <= s[i+2]|0x20 && s[i+2]|0x20 <= 'f')
}

// decodeBlanks returns the scheme run t with its encoded tabs and newlines
// ("%09", "%0A", "%0D") as the bytes, which schemeKind ignores.
func decodeBlanks(t string) string {
	if strings.IndexByte(t, '%') < 0 {
		return t
	}
	return strings.NewReplacer("%09", "\t", "%0a", "\n", "%0A", "\n", "%0d", "\r", "%0D", "\r").Replace(t)
}

// HidePasswords returns s with every password AppendPasswords finds in it
// replaced by Redaction.
func HidePasswords(s string) string {
	h, _, _ := HidePasswordsAt(s, 0)
	return h
}

// HidePasswordsAt is HidePasswords that also maps offset off of s to the
// same byte of the result, and reports whether it falls in a password (it
// then maps to the start of that password's Redaction).
func HidePasswordsAt(s string, off int) (hidden string, at int, inPassword bool) {
	var buf [4][2]int
	return replaceSpans(s, AppendPasswords(buf[:0], s), off)
}

// replaceSpans returns s with each of the spans ps, in order and apart,
// replaced by Redaction, and off mapped as HidePasswordsAt maps it.
func replaceSpans(s string, ps [][2]int, off int) (string, int, bool) {
	if len(ps) == 0 {
		return s, off, false
	}
	var b strings.Builder
	b.Grow(len(s))
	last, at, in := 0, off, false
	for _, p := range ps {
		b.WriteString(s[last:p[0]])
		b.WriteString(Redaction)
		switch {
		case off >= p[1]:
			at += len(Redaction) - (p[1] - p[0])
		case off >= p[0]:
			at -= off - p[0]
			in = true
		}
		last = p[1]
	}
	b.WriteString(s[last:])
	return b.String(), at, in
}

// HideUserInfoShapes returns s, a component that one reading of a URL
// printed, with what another reading may take for a password hidden: in
// each run of s between "/", "?" and "#", what lies from its first ":" to
// its last "@". The URL Standard reads "https:user:pw@host/" with the
// password "pw" that RFC 3986 and net/url print in the path
// "user:pw@host/"; nothing in the path alone tells it from a path. Call it
// where the text the component came from holds a password (URIPassword).
func HideUserInfoShapes(s string) string {
	if strings.IndexByte(s, '@') < 0 {
		return s
	}
	var ps [][2]int
	for i := 0; i < len(s); {
		j := i + len(s[i:])
		if k := strings.IndexAny(s[i:], "/?#"); k >= 0 {
			j = i + k
		}
		if lo, hi, ok := AuthorityPassword(s[:j], i); ok {
			ps = append(ps, [2]int{lo, hi})
		}
		i = j + 1
	}
	h, _, _ := replaceSpans(s, ps, 0)
	return h
}

// HideQuoted returns msg, the message of an error of another package about
// the text s, with the passwords of s (as AppendPasswords finds them)
// hidden where msg quotes s: s quoted as strconv.Quote quotes it becomes
// HidePasswords(s) quoted, and any other quoted piece of msg that lies in
// a password of s (net/url's `invalid URL escape "%zz"`) becomes Redaction
// quoted. A quoted text escapes its tabs and controls, which a reading
// skips, so that HidePasswords alone may not find a password in msg.
func HideQuoted(msg, s string) string {
	var buf [4][2]int
	ps := AppendPasswords(buf[:0], s)
	if len(ps) == 0 {
		return msg
	}
	h, _, _ := replaceSpans(s, ps, 0)
	msg = strings.ReplaceAll(msg, strconv.Quote(s), strconv.Quote(h))
	for i := 0; i < len(msg); {
		q := strings.IndexByte(msg[i:], '"')
		if q < 0 {
			break
		}
		i += q
		piece, err := strconv.QuotedPrefix(msg[i:])
		if err != nil {
			i++
			continue
		}
		if v, err := strconv.Unquote(piece); err == nil && v != "" && inAny(s, ps, v) {
			msg = msg[:i] + strconv.Quote(Redaction) + msg[i+len(piece):]
			piece = strconv.Quote(Redaction)
		}
		i += len(piece)
	}
	return msg
}

// inAny reports whether v stands in one of the spans ps of s.
func inAny(s string, ps [][2]int, v string) bool {
	for _, p := range ps {
		if strings.Contains(s[p[0]:p[1]], v) {
			return true
		}
	}
	return false
}
