package weburl

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file is shared by the state machine (parse.go, states.go) and the host parser
// (host.go): the error a failed parse returns and the validation errors the
// standard names for what a browser silently fixes.

// ValidationError is one validation error of the URL Standard (§1.1): a
// place where the input is not a valid URL string, whether or not parsing
// went on. Type is the standard's name for it ("invalid-credentials",
// "IPv4-non-decimal-part", …) and Offset the byte offset in the input as the
// caller passed it.
type ValidationError struct {
	Type    string
	Offset  int
	Failure bool // parsing failed here (the standard's "return failure")
}

// Error is the error of a URL that the standard's parser refuses. Offset is
// the byte offset in the input where parsing failed, Type the standard's
// name of the validation error, and Hint, when not empty, what the input
// was probably meant to be. Error never shows a password and is bounded.
type Error struct {
	Input  string // the input, bounded and with any password hidden
	Offset int
	Type   string
	Hint   string
}

// validations collects validation errors when a caller asked for them; a nil
// *validations collects nothing and costs one comparison. base is added to
// each offset, so a sub-parser (the host parser) reports offsets relative to
// the whole input.
type validations struct {
	list []ValidationError
	base int
}

func (v *validations) add(typ string, off int) {
	if v != nil {
		v.list = append(v.list, ValidationError{Type: typ, Offset: v.base + off})
	}
}

// maxErrorInput bounds the input an Error shows.
const maxErrorInput = 200

// newError returns the *Error of a failure typ at offset off of input, with
// the input bounded, any password hidden and a hint for the common mistakes.
func newError(input string, off int, typ string) *Error {
	return &Error{Input: redact(input), Offset: off, Type: typ, Hint: hint(typ)}
}

// hint says, for a validation error that fails parsing, what the input was
// probably meant to be.
func hint(typ string) string {
	switch typ {
	case "missing-scheme-non-relative-URL":
		return "a relative reference needs a base URL (URL.Parse), and a URL with an opaque path can only be the base of a fragment"
	case "host-missing":
		return "a special URL (http, https, ws, wss, ftp) needs a host, and credentials or a port need a host before them"
	case "port-invalid":
		return "the port must be ASCII digits only; a ':' in a host needs brackets ([::1])"
	case "port-out-of-range":
		return "a port is at most 65535"
	case "input-too-long":
		return "a URL's href is at most 4 GiB"
	}
	return ""
}

// Error returns the failure as "weburl: parse "input": type at offset n
// (hint)", bounded in length and without the password of the input.
func (e *Error) Error() string {
	s := "weburl: parse " + strconv.Quote(e.Input) + ": " + e.Type + " at offset " + strconv.Itoa(e.Offset)
	if e.Hint != "" {
		s += " (" + e.Hint + ")"
	}
	return s
}

// redact returns input bounded to maxErrorInput bytes (with "…" where cut)
// and with the password of its authority, as the URL parser would read it,
// replaced by "***".
func redact(input string) string {
	s := input
	// The authority starts after the scheme's ':' and any slashes; it ends at
	// the first '/', '\', '?' or '#'. Its last '@' ends the userinfo.
	start := 0
	if k := strings.IndexByte(s, ':'); k > 0 && isSchemeLike(s[:k]) {
		start = k + 1
	}
	for start < len(s) && (s[start] == '/' || s[start] == '\\' || s[start] <= ' ') {
		start++
	}
	end := start
	for end < len(s) && s[end] != '/' && s[end] != '\\' && s[end] != '?' && s[end] != '#' {
		end++
	}
	pre, stars, post := s, "", ""
	if at := strings.LastIndexByte(s[start:end], '@'); at >= 0 {
		if c := strings.IndexByte(s[start:start+at], ':'); c >= 0 {
			pre, stars, post = s[:start+c+1], "***", s[start+at:]
		}
	}
	// The text with the password hidden, cut to maxErrorInput bytes, is
	// made by one concatenation.
	if len(pre)+len(stars)+len(post) <= maxErrorInput {
		if stars == "" {
			return input
		}
		return pre + stars + post
	}
	switch cut := maxErrorInput; {
	case cut <= len(pre):
		return cutRunes(pre, cut) + "…"
	case cut <= len(pre)+len(stars):
		return pre + stars[:cut-len(pre)] + "…"
	default:
		return pre + stars + cutRunes(post, cut-len(pre)-len(stars)) + "…"
	}
}

// cutRunes returns s cut to at most n bytes, at the start of a rune.
func cutRunes(s string, n int) string {
	for n > 0 && n < len(s) && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// isSchemeLike reports whether s could be a scheme, spaces around allowed.
func isSchemeLike(s string) bool {
	for s != "" && s[0] <= ' ' {
		s = s[1:]
	}
	if s == "" || !isAlpha(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isSchemeByte(c) && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}
