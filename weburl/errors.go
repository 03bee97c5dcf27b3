package weburl

import (
	"strconv"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/errtext"
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

// redact returns input with any password that a reading sees, browsers'
// or RFC 3986's (errtext.URIPassword), replaced by "xxxxx", and bounded to
// maxErrorInput bytes (with "…" where cut).
func redact(input string) string {
	s, _ := errtext.RedactURI(input, 0)
	if len(s) > maxErrorInput {
		cut := maxErrorInput
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}
