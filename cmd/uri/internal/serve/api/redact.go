package api

import (
	"net/url"
	"sort"
	"strings"

	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
)

// No response of the page holds a password (RFC 3986 §3.2.1: a password is
// not to be rendered as clear text), whichever reading takes a part of the
// text for one: "https:\\user:s3cr3t@host/" holds the password "s3cr3t" to
// a browser, which reads "\" as "/", while RFC 3986 refuses it and net/url
// reads a path. So the page finds the passwords of a text as each reading
// would, hides them where they stand in the text it echoes (spans, whose
// offsets it maps), and scrubs every other string it sends of the same
// passwords (secrets.scrub).

// specialSchemes are the special schemes of the URL Standard (§4.1 of the
// URL Standard's "URL parsing"): a "\" is a "/" in their URLs, and any run
// of slashes after their ":" leads to the authority.
var specialSchemes = map[string]bool{"http": true, "https": true, "ws": true, "wss": true, "ftp": true, "file": true}

// passwordSpans returns where passwords lie in s, as the readings find them:
// after "//" as RFC 3986 and net/url split a reference (errtext.URIPassword),
// and, for a special scheme (s's own, else baseScheme's for a reference
// that starts with a slash or a backslash), after the ":" and any run of
// "/", "\" and ASCII white space, as the URL Standard's parser reads it, the
// authority running to the next "/", "\", "?" or "#". The spans are sorted
// and do not overlap.
func passwordSpans(s, baseScheme string) [][2]int {
	var spans [][2]int
	if lo, hi, ok := errtext.URIPassword(s); ok {
		spans = append(spans, [2]int{lo, hi})
	}
	start := leadingC0(s)
	i, scheme := start, schemeOf(s)
	if scheme != "" {
		i = start + len(scheme) + 1
		scheme = strings.ToLower(scheme)
	} else if strings.HasPrefix(strings.TrimLeft(s[start:], "\t\n\r"), "/") || strings.HasPrefix(s[start:], `\`) {
		scheme = strings.ToLower(baseScheme)
		if !strings.HasPrefix(strings.ReplaceAll(s[start:min(len(s), start+2)], `\`, "/"), "//") {
			scheme = "" // a path-absolute reference names no authority
		}
	}
	if specialSchemes[scheme] {
		for i < len(s) && (s[i] == '/' || s[i] == '\\' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
		end := i
		for end < len(s) && !strings.ContainsRune(`/\?#`, rune(s[end])) {
			end++
		}
		if at := strings.LastIndexByte(s[i:end], '@'); at >= 0 {
			if c := strings.IndexByte(s[i:i+at], ':'); c >= 0 {
				spans = append(spans, [2]int{i + c + 1, i + at})
			}
		}
	}
	return mergeSpans(spans)
}

// leadingC0 is the length of the C0 controls and spaces that s starts with,
// which the URL Standard removes before it reads the text.
func leadingC0(s string) int {
	i := 0
	for i < len(s) && s[i] <= ' ' {
		i++
	}
	return i
}

// schemeOf returns the scheme of s as the URL Standard finds it, after any
// leading C0 controls and spaces, or "".
func schemeOf(s string) string {
	s = s[leadingC0(s):]
	if j := strings.IndexByte(s, ':'); j > 0 && isScheme(s[:j]) {
		return s[:j]
	}
	return ""
}

// isScheme reports whether s is a scheme: ALPHA *( ALPHA / DIGIT / "+" /
// "-" / "." ) (RFC 3986 §3.1).
func isScheme(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		isAlpha := 'a' <= c && c <= 'z'
		if !isAlpha && (i == 0 || !('0' <= s[i] && s[i] <= '9' || s[i] == '+' || s[i] == '-' || s[i] == '.')) {
			return false
		}
	}
	return true
}

// mergeSpans sorts spans and joins those that overlap or touch; empty spans
// are dropped.
func mergeSpans(spans [][2]int) [][2]int {
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	var out [][2]int
	for _, sp := range spans {
		if sp[0] >= sp[1] {
			continue
		}
		if n := len(out); n > 0 && sp[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], sp[1])
			continue
		}
		out = append(out, sp)
	}
	return out
}

// hidden is a text with its passwords replaced by errtext.Redaction.
type hidden struct {
	text  string   // the text as shown
	spans [][2]int // the passwords in the original text
}

// hide replaces each span of s by errtext.Redaction.
func hide(s string, spans [][2]int) hidden {
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		b.WriteString(s[last:sp[0]])
		b.WriteString(errtext.Redaction)
		last = sp[1]
	}
	b.WriteString(s[last:])
	return hidden{text: b.String(), spans: spans}
}

// at maps offset off of the original text to the shown one, and reports
// whether it fell in a password (it then maps to the start of its
// Redaction).
func (h hidden) at(off int) (int, bool) {
	shift := 0
	for _, sp := range h.spans {
		switch {
		case off >= sp[1]:
			shift += len(errtext.Redaction) - (sp[1] - sp[0])
		case off >= sp[0]:
			return sp[0] + shift, true
		}
	}
	return off + shift, false
}

// secrets are the passwords of one request's texts, in the forms the
// readings may report them: as written, and percent-decoded.
type secrets struct {
	words []string
}

// add records a password p, as written and percent-decoded.
func (s *secrets) add(p string) {
	if p == "" {
		return
	}
	s.words = append(s.words, p)
	if d, err := url.PathUnescape(p); err == nil && d != p {
		s.words = append(s.words, d)
	}
	if d, err := uri.PercentDecode(p); err == nil && d != p {
		s.words = append(s.words, d)
	}
}

// addSpans records the text of each span of s.
func (s *secrets) addSpans(text string, spans [][2]int) {
	for _, sp := range spans {
		s.add(text[sp[0]:sp[1]])
	}
}

// minBare is the length from which a password is hidden wherever it
// stands; a shorter one only where it stands as a password, between the
// ":" and the "@" of a userinfo, so that the password "p" does not hide
// every "p" of "http".
const minBare = 4

// scrub returns v with every password of s hidden: in a userinfo (":" p "@",
// where any reading of the text that takes it for a path or a host still
// shows it) whatever its length, and anywhere once it is minBare bytes long.
func (s *secrets) scrub(v string) string {
	if len(s.words) == 0 || v == "" {
		return v
	}
	// Longer words first, so that a decoded form inside another is hidden whole.
	words := append([]string(nil), s.words...)
	sort.Slice(words, func(i, j int) bool { return len(words[i]) > len(words[j]) })
	for _, w := range words {
		v = strings.ReplaceAll(v, ":"+w+"@", ":"+errtext.Redaction+"@")
		if len(w) >= minBare {
			v = strings.ReplaceAll(v, w, errtext.Redaction)
		}
	}
	return v
}
