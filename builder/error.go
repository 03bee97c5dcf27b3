package builder

import (
	"errors"
	"strconv"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// The reasons Build refuses a Builder: the Err of every *BuildError is one of
// them, so errors.Is(err, ErrPortRange) works on what Build returns.
var (
	// ErrInvalidScheme: the scheme is not ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
	// (§3.1); Scheme("") is one such.
	ErrInvalidScheme = errors.New("invalid scheme")
	// ErrSyntax: a component set by a Raw setter does not match its rule
	// (userinfo, path, query or fragment; a raw host is ErrInvalidHost).
	ErrSyntax = errors.New("does not match its rule")
	// ErrPortRange: Port was given a number outside 0–65535.
	ErrPortRange = errors.New("port out of range 0-65535")
	// ErrInvalidHost: the host is neither a reg-name, an IPv4 address nor an
	// IP literal (§3.2.2): a bracketed text that is not a valid IPv6address
	// or IPvFuture (zone identifiers included), a raw host that does not match
	// the host rule, plain text with a ":" that is not an IPv6 address
	// (such as "example.com:8080": use HostPort) or with another part of a
	// URL ("/", "?", "#", "@", "\"; the BuildError's Hint says which setter
	// was meant), a reg-name whose percent-encoding does not decode to
	// UTF-8, or a Unicode name IDNA refuses (the Hint quotes IDNA's reason).
	ErrInvalidHost = errors.New("not a reg-name, IPv4 address or IP literal")
	// ErrPathNeedsSlash: there is an authority and the path is neither empty
	// nor starts with "/" (path-abempty, §3.3); it would run into the host
	// or port.
	ErrPathNeedsSlash = errors.New(`path must be empty or start with "/" after an authority`)
	// ErrPathDoubleSlash: there is no authority and the path starts with "//"
	// (§3.3); its first segment would read as an authority.
	ErrPathDoubleSlash = errors.New(`path starts with "//" without an authority`)
	// ErrColonInFirstSegment: a relative reference without an authority has a
	// path whose first segment contains ":" (path-noscheme, §4.2); it would
	// read as a scheme.
	ErrColonInFirstSegment = errors.New(`first segment of a relative path contains ":"`)
	// ErrDotSegment: Segments was given a segment "." or "..", which no
	// encoding keeps from being a dot-segment (§2.3, §5.2.4).
	ErrDotSegment = errors.New(`a segment "." or ".." would be removed by resolution`)
	// ErrTooLong: the URI would be longer than the 2 GiB that the uri
	// package parses.
	ErrTooLong = errors.New("longer than 2 GiB")
	// ErrReparse: the recomposed text parses back to other components than
	// those set. The checks above leave no input that reaches it; it stands so
	// that Build can never return a URI that differs from what was asked.
	ErrReparse = errors.New("recomposed text parses back differently")
)

// BuildError is the error of Build: which component cannot be written and why.
// Reach it with errors.As; Err is one of the Err… values of this package.
type BuildError struct {
	Component string // "scheme", "userinfo", "host", "port", "path", "query", "fragment" or "URI" (ErrTooLong, ErrReparse)
	Value     string // the component as it would be written (percent-encoded), or the port number; "" for ErrTooLong
	Offset    int    // for ErrSyntax, ErrInvalidHost and ErrDotSegment, the byte offset in Value of the fault; else -1 (and for a host IDNA refuses)
	Err       error  // the reason
	Hint      string // for a common mistake, what was probably meant, naming the character at Offset and the setter to use; for a host IDNA refuses, IDNA's reason; else ""
}

// Error returns a message such as
//
//	builder: path "a:b": first segment of a relative path contains ":"
//
// The value is quoted with the password of a userinfo as "xxxxx" (§3.2.1),
// also where another component holds a whole URI with one (a host set to
// "http://user:password@h"), escaped as strconv.Quote escapes (control and
// bidi characters included) and, when longer than 64 bytes, cut to the 64
// around Offset with "…" and its length. Offset is where the fault is in
// Value, as set. The hint is cut to 512 bytes (IDNA's reason quotes a label
// of any length), so that a message stays under 1 KiB.
func (e *BuildError) Error() string {
	msg := "builder: " + e.Component + " " + e.quotedValue() + ": " + errText(e.Err)
	if e.Offset >= 0 {
		msg += " (at offset " + strconv.Itoa(e.Offset) + ")"
	}
	if e.Hint != "" {
		msg += "; " + errtext.Clip(e.Hint, maxHint)
	}
	return msg
}

// maxHint is the most bytes of a hint a message shows.
const maxHint = 512

// quotedValue returns Value as Error quotes it.
func (e *BuildError) quotedValue() string { return quoteValue(e.Component, e.Value, e.Offset) }

// quoteValue quotes the value v of component for a message, around offset
// off (see errtext.Quote), its passwords hidden: in a userinfo, what
// follows the first ":"; in any other component, every password that a
// reading of a URL it holds sees (a host or a path set to a whole URI, a
// URI in a query), as errtext.HidePasswordsAt finds them.
func quoteValue(component, v string, off int) string {
	if component == "userinfo" {
		v, off = errtext.RedactUserInfo(v, off)
	} else {
		v, off, _ = errtext.HidePasswordsAt(v, off)
	}
	return errtext.Quote(v, off)
}

// errText returns err's message, or "<nil>", cut to 512 bytes.
func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return errtext.Clip(err.Error(), maxHint)
}

// GoString returns the error as %#v shows it: its fields, Value quoted as
// Error quotes it (the password hidden, at most 64 bytes), Err as its
// message:
//
//	&builder.BuildError{Component:"userinfo", Value:"alice:xxxxx%", Offset:11, Err:"does not match its rule", Hint:""}
func (e *BuildError) GoString() string {
	return "&builder.BuildError{Component:" + strconv.Quote(errtext.Clip(e.Component, errtext.Max)) +
		", Value:" + e.quotedValue() + ", Offset:" + strconv.Itoa(e.Offset) +
		", Err:" + strconv.Quote(errText(e.Err)) + ", Hint:" + strconv.Quote(errtext.Clip(e.Hint, maxHint)) + "}"
}

// Unwrap returns Err, so that errors.Is(err, ErrPortRange) and the like work.
func (e *BuildError) Unwrap() error { return e.Err }
