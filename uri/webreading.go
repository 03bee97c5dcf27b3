package uri

import (
	"strconv"

	"github.com/seed42851778/rfc3986/internal/webhost"
)

// ReadingError is the error of ParseRepaired (and so of Lenient and
// ResolveRepaired) for a text, valid or repaired, in which RFC 3986 reads
// another host or port than browsers do. Browsers read URLs by the WHATWG
// URL Standard, which takes "\" for "/" in http, https, ws, wss, ftp and
// file URLs, reads a host after any run of slashes after such a scheme,
// reads a host that ends in a number as an IPv4 address ("0x7f.1" is
// 127.0.0.1) once percent-decoded and mapped by UTS #46, and reads a drive
// letter after "file://" as a path. Handing the program such a reference
// would give it one server where a browser fetches from another: the
// parser differential behind SSRF and open-redirect bugs. ParseRepaired's
// documentation lists what is refused; a text browsers refuse (an empty
// host, a forbidden code point in it, a port over 65535) is not. Package
// weburl reads the text as browsers do, and its CompareReadings shows both
// readings side by side.
//
// errors.Is(err, ErrInvalid) holds for a *ReadingError.
type ReadingError struct {
	Input     string // the text, as given
	Offset    int    // byte offset in Input where the two readings part
	Component string // "authority": browsers read the host elsewhere in the text; "host": they read it as another host
	Reason    string // how browsers read it, in plain words
}

// Error returns a message such as
//
//	uri: browsers read another host at offset 18: a "\" in the authority of an http URL is a "/" to browsers, so the host ends there; to read the text as a browser does, use package weburl (the WHATWG URL Standard)
//
// It quotes no more than 64 bytes of the input, never its password.
func (e *ReadingError) Error() string {
	return "uri: browsers read another " + e.Component + " at offset " + strconv.Itoa(e.Offset) +
		": " + e.Reason + "; to read the text as a browser does, use package weburl (the WHATWG URL Standard)"
}

// Is reports whether target is ErrInvalid.
func (e *ReadingError) Is(target error) bool { return target == ErrInvalid }

// checkWebReading returns a *ReadingError when browsers read another host
// or port in s than RFC 3986 does in u (internal/webhost says where and
// why). cl is s after the removals of repair 1, on which the text was split
// into components, and maps its offsets back to s; nil when nothing was
// removed. parsed is false when the repaired text is not a URI reference:
// then only where the two readings find the authority is compared. base is
// the base URL of ResolveRepaired, nil for ParseRepaired, which reads a
// relative reference against an http base.
func checkWebReading(s string, cl *cleaned, u URI, parsed bool, base *webhost.Base) *ReadingError {
	t := s
	if cl != nil {
		t = cl.t
	}
	f, ok := webhost.Check(t, webhost.Ref{Parsed: parsed, Host: u.Host()}, base)
	if !ok {
		return nil
	}
	at := min(f.At, len(t)-1)
	if cl != nil {
		at = cl.at(at)
	}
	return &ReadingError{Input: s, Offset: at, Component: f.Component, Reason: f.Reason}
}
