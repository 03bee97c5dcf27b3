package uri

import (
	"errors"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// ErrNoPort is the error of PortNumber when u has no port, or an empty one
// ("//host:"): the scheme's default applies (§3.2.3, §6.2.3).
var ErrNoPort = errors.New("uri: no port number")

// PortRangeError is the error of PortNumber for a port greater than 65535.
// RFC 3986 allows any number of digits (§3.2.3, port = *DIGIT), so the URI is
// still valid; only the number does not fit a TCP or UDP port.
type PortRangeError struct {
	Port string // the port subcomponent, as written
}

// Error returns a message such as
//
//	uri: port 65536 is out of range 0-65535
//
// A port of more than 64 bytes, or one that is not all digits, is quoted,
// cut to its first 64 bytes with "…" and its length.
func (e *PortRangeError) Error() string {
	p := e.Port
	if len(p) > errtext.Max || !digits(p) {
		p = errtext.Quote(p, 0)
	}
	return "uri: port " + p + " is out of range 0-65535"
}

// digits reports whether s is *DIGIT.
func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// PortNumber returns the port as a number (§3.2.3). Leading zeros are
// allowed: "0080" is 80. It fails with ErrNoPort when u has no port or an
// empty one, and with a *PortRangeError when the number is greater than 65535,
// however many digits it has.
func (u URI) PortNumber() (int, error) {
	p := u.Port()
	if p == "" {
		return 0, ErrNoPort
	}
	n := 0
	for i := 0; i < len(p); i++ {
		d := p[i] - '0'
		if d > 9 { // cannot happen for a parsed URI: port = *DIGIT
			return 0, &PortRangeError{Port: p}
		}
		n = n*10 + int(d)
		if n > 65535 {
			return 0, &PortRangeError{Port: p}
		}
	}
	return n, nil
}
