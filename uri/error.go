package uri

import (
	"errors"
	"strings"
	"unsafe"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// ParseError is the error of every Parse function: where the text stops being
// a URI reference and what the grammar expected there. Reach it with
// errors.As.
type ParseError struct {
	Input     string   // the text, as given
	Offset    int      // byte offset of the first byte that cannot be part of the rule: the length of the longest prefix of Input that some string of Rule starts with
	Rule      string   // the top rule: "URI", "URI-reference", "absolute-URI" or "relative-ref"
	Component string   // the component Offset falls in as Rule reads Input: "scheme", "authority", "userinfo", "host", "port", "path", "query" or "fragment"
	Expected  []string // what the grammar could have matched at Offset: rule names and terminals
	Hint      string   // what the mistake probably was, in plain words ("a space is not allowed in a URI: ..."); "" when there is nothing to add
}

// Error returns a message such as
//
//	uri: invalid character ' ' at offset 8 in path: expected pchar, "/", "?", "#" or end of input; a space is not allowed in a URI: percent-encode it as "%20"
//
// It ends with the Hint, when there is one. It quotes no more than 64 bytes
// of the input and escapes control characters, however long the input.
func (e *ParseError) Error() string {
	msg := "uri: " + errtext.DescribeAt(e.Input, e.Offset) + " at offset " + itoa(e.Offset) +
		" in " + e.Component + ": expected " + errtext.JoinExpected(e.Expected)
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg
}

// ErrInvalid is matched by every *ParseError under errors.Is, for callers that
// only need to know that the text was not a URI.
var ErrInvalid = errors.New("uri: invalid URI reference")

// Is reports whether target is ErrInvalid.
func (e *ParseError) Is(target error) bool { return target == ErrInvalid }

// newParseError explains why s does not match rule with its generated
// diagnosis; prefix, the end of the prefix of s that rule matches (or -1), is
// a lower bound of where it fails.
func newParseError(s string, rule topRule, prefix int) *ParseError {
	// One allocation for the error, what it expected and its hint, most
	// often: the hint is written into text and Hint reads it in place.
	e := new(struct {
		ParseError
		buf  [12]string
		text [hintText]byte
	})
	off, exp := explain(rule, s, prefix, e.buf[:0])
	if off < 0 { // cannot happen: the fast match failed
		off, exp = 0, append(exp, rule.Name())
	}
	comp := componentAt(s, off, rule)
	hint := hintFor(e.text[:0], s, off, rule.Name(), comp, nil)
	e.ParseError = ParseError{
		Input:     s,
		Offset:    off,
		Rule:      rule.Name(),
		Component: comp,
		Expected:  exp[:len(exp):len(exp)],
		// hint is never written again: in e.text, or in the array append
		// made when it outgrew e.text.
		Hint: unsafe.String(unsafe.SliceData(hint), len(hint)),
	}
	return &e.ParseError
}

// hintText is the room for a hint in the allocation of a ParseError, which
// it brings to 512 bytes, the largest size the allocator serves without a
// header: every hint fits but the longest (a non-ASCII character in a host,
// up to ~250 bytes), which append moves to an array of its own.
const hintText = 224

// componentAt names the component that offset off of s falls in when s is
// read as rule. It splits s as RFC 3986 Appendix B does (which reads any
// string as components): the scheme up to the first ":" before any "/", "?"
// or "#"; after "//", the authority up to the next "/", "?" or "#"; the path
// up to "?" or "#"; the query up to "#"; the fragment. An offset at the end of
// a component belongs to the one that would go on there.
//
// Appendix B's scheme is what rule reads as one: a relative-ref has none, so
// text before a ":" in it is its first path segment (path-noscheme, §4.2);
// a URI-reference has one only where that text is a scheme (§3.1), and is
// otherwise a relative-ref; and a URI or an absolute-URI that has none failed
// in the scheme it requires.
func componentAt(s string, off int, rule topRule) string {
	i := 0
	// scheme
	j := 0 // a short scan: no call
	for j < len(s) && !schemeStop[s[j]] {
		j++
	}
	hasScheme := j > 0 && j < len(s) && s[j] == ':'
	switch rule {
	case ruleRelativeRef:
		hasScheme = false
	case ruleURIReference:
		hasScheme = hasScheme && isScheme(s[:j])
	case ruleURI, ruleAbsoluteURI:
		if !hasScheme {
			return "scheme"
		}
	}
	if hasScheme {
		if off <= j {
			return "scheme"
		}
		i = j + 1
	}
	// authority
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		start := i + 2
		end := len(s)
		if k := indexAny(s[start:], '/', '?', '#'); k >= 0 {
			end = start + k
		}
		if off <= end {
			if off < start {
				return "authority"
			}
			return authorityPart(s[start:end], off-start)
		}
		i = end
	}
	// path, query, fragment: the last that begins before off
	rest := s[i:min(off, len(s))]
	switch {
	case strings.IndexByte(rest, '#') >= 0:
		return "fragment"
	case strings.IndexByte(rest, '?') >= 0:
		return "query"
	}
	return "path"
}

// schemeStop holds the bytes that end Appendix B's scheme.
var schemeStop = [256]bool{':': true, '/': true, '?': true, '#': true}

// isScheme reports whether s is a scheme (§3.1):
//
//	scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
func isScheme(s string) bool {
	if s == "" || !alphaSet.contains(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !schemeSet.contains(s[i]) {
			return false
		}
	}
	return true
}

// indexAny is the index of the first of the bytes bs in s, or -1: one
// strings.IndexByte each (vectorized, unlike strings.IndexAny), in a
// shrinking prefix of s.
func indexAny(s string, bs ...byte) int {
	i := -1
	for _, b := range bs {
		if k := strings.IndexByte(s, b); k >= 0 {
			i, s = k, s[:k]
		}
	}
	return i
}

// authorityPart names the subcomponent of authority a that offset off falls
// in, as the grammar reads a (§3.2):
//
//	authority = [ userinfo "@" ] host [ ":" port ]
//
// The text up to the first "@" is a userinfo while it holds only userinfo
// bytes: "[::1]@h" has none. The host ends at its first ":" (reg-name and
// IPv4address hold none), or an IP literal at its "]"; the port follows.
func authorityPart(a string, off int) string {
	host := 0
	if j := strings.IndexByte(a, '@'); j >= 0 && userinfoBytes(a[:min(off, j)]) {
		if off <= j {
			return "userinfo"
		}
		host = j + 1
	}
	from := host
	if strings.HasPrefix(a[host:], "[") { // an IP literal: the port comes after "]"
		from = len(a)
		if j := strings.IndexByte(a[host:], ']'); j >= 0 {
			from = host + j
		}
	}
	if j := strings.IndexByte(a[from:], ':'); j >= 0 && off > from+j {
		return "port"
	}
	return "host"
}

// userinfoBytes reports whether s holds only bytes a userinfo can (§3.2.1):
// unreserved, sub-delims, ":" and the "%" and HEXDIG of pct-encoded.
func userinfoBytes(s string) bool {
	for i := 0; i < len(s); i++ {
		if !userInfoSet.contains(s[i]) && s[i] != '%' {
			return false
		}
	}
	return true
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
