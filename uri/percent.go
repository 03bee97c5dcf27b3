package uri

import (
	"strconv"
	"strings"
	"unsafe"

	"github.com/seed42851778/rfc3986/internal/ascii"
	"github.com/seed42851778/rfc3986/internal/errtext"
)

// EscapeError is the error of PercentDecode: a "%" that does not start a
// pct-encoded triplet "%" HEXDIG HEXDIG (§2.1). Reach it with errors.As.
type EscapeError struct {
	Input  string // the text, as given
	Offset int    // byte offset of the "%" that starts the malformed triplet
}

// Error returns a message such as
//
//	uri: malformed percent-encoding "%G0" at offset 3: expected "%" HEXDIG HEXDIG
//
// It quotes at most the three bytes at Offset, and none when Input, read as a
// URI reference, has a password there (§3.2.1: a password is not to be
// rendered).
func (e *EscapeError) Error() string {
	end := e.Offset + 3
	if end > len(e.Input) {
		end = len(e.Input)
	}
	bad := ""
	if e.Offset >= 0 && e.Offset <= end {
		bad = e.Input[e.Offset:end]
	}
	if lo, hi, ok := errtext.URIPassword(e.Input); ok && e.Offset < hi && end > lo {
		return "uri: malformed percent-encoding in the password at offset " + strconv.Itoa(e.Offset) +
			`: expected "%" HEXDIG HEXDIG`
	}
	return "uri: malformed percent-encoding " + strconv.Quote(bad) + " at offset " + strconv.Itoa(e.Offset) +
		`: expected "%" HEXDIG HEXDIG`
}

// unhex returns the value of the hexadecimal digit x, or -1.
func unhex(x byte) int {
	switch {
	case '0' <= x && x <= '9':
		return int(x - '0')
	case 'a' <= x && x <= 'f':
		return int(x-'a') + 10
	case 'A' <= x && x <= 'F':
		return int(x-'A') + 10
	}
	return -1
}

// PercentDecode replaces every pct-encoded triplet "%" HEXDIG HEXDIG of s by
// the byte it encodes (§2.1, either case of hex digit). It decodes nothing
// else: "+" stays "+". The result may hold any byte, NUL and invalid UTF-8
// included: a URI encodes octets, not characters.
//
// A "%" that is not followed by two hexadecimal digits ("%", "%4", "%G0") is
// an error, an *EscapeError with the offset of that "%". When s has no "%",
// PercentDecode returns s itself and allocates nothing.
//
// The components of a parsed URI always decode: the grammar admits "%" only
// in a triplet.
func PercentDecode(s string) (string, error) {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s, nil
	}
	// Check everything first, so that a malformed input allocates nothing.
	n := 0
	for j := i; j < len(s); j++ {
		if s[j] != '%' {
			continue
		}
		if j+2 >= len(s) || unhex(s[j+1]) < 0 || unhex(s[j+2]) < 0 {
			return "", &EscapeError{Input: s, Offset: j}
		}
		n++
		j += 2
	}
	b := make([]byte, len(s)-2*n)
	w := copy(b, s[:i])
	for j := i; j < len(s); j++ {
		c := s[j]
		if c == '%' {
			c = byte(unhex(s[j+1])<<4 | unhex(s[j+2]))
			j += 2
		}
		b[w] = c
		w++
	}
	// b is written whole and never again: the result's one allocation.
	return unsafe.String(unsafe.SliceData(b), len(b)), nil
}

// EncodedOffset returns the offset in s of byte n of PercentDecode(s): where
// the triplet or the byte that decodes to it starts, len(s) for n at or past
// the end of the decoding. It maps an offset in decoded text back to the
// text as written, for an error that must say where in the input it is. A
// "%" not followed by two hexadecimal digits counts as one byte, as the
// grammar would stop there.
func EncodedOffset(s string, n int) int {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		if s[i] == '%' && i+2 < len(s) && unhex(s[i+1]) >= 0 && unhex(s[i+2]) >= 0 {
			i += 3
		} else {
			i++
		}
	}
	return i
}

// decode is PercentDecode for text known to be well formed (a component of
// a parsed URI); on a malformed triplet it returns s unchanged.
func decode(s string) string {
	d, err := PercentDecode(s)
	if err != nil {
		return s
	}
	return d
}

// PercentEncode returns s with every byte that component k does not allow as
// it stands replaced by its pct-encoded triplet, in upper-case hex (§2.1).
// "%" is always encoded, so PercentDecode gives s back. An unknown k
// allows only unreserved characters (§2.3). When nothing needs encoding,
// PercentEncode returns s itself and allocates nothing.
//
// It is the one percent-encoder of the module: the builder's plain setters
// call it with the component they set.
func PercentEncode(s string, k Component) string { return encode(s, k.set()) }

// AppendPercentEncode appends PercentEncode(s, k) to dst and returns the
// extended slice, so that a caller building a larger string (a query from
// its parameters, a path from its segments) encodes in place and allocates
// nothing more than dst's growth.
func AppendPercentEncode(dst []byte, s string, k Component) []byte {
	return appendEncode(dst, s, k.set())
}

// appendEncode is AppendPercentEncode for a set that does not hold "%". It
// appends as it reads, where encode counts first to size its result: a
// caller's buffer mostly has the room, and a count first was slower
// (measured: see BENCHMARKS.md).
func appendEncode(dst []byte, s string, allowed *byteSet) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		x := s[i]
		if allowed.contains(x) {
			continue
		}
		dst = append(dst, s[start:i]...)
		dst = append(dst, '%', ascii.UpperHex[x>>4], ascii.UpperHex[x&15])
		start = i + 1
	}
	return append(dst, s[start:]...)
}

// Encode returns s with every byte outside allowed replaced by its
// pct-encoded triplet, in upper-case hex (§2.1), for components the
// Component constants do not name (combinator.SegmentNZNCSet for the first
// segment of a relative path, a scheme-specific set, …). "%" is always
// encoded, even when allowed holds it. When nothing needs encoding, Encode
// returns s itself and allocates nothing.
//
// allowed is a combinator.CharSet, passed as it is: Encode takes the
// CharSet's underlying type, a 256-bit bitmap, so that a program that
// imports uri does not link the combinator package.
func Encode(s string, allowed [4]uint64) string {
	set := byteSet(allowed)
	set[0] &^= 1 << '%'
	return encode(s, &set)
}

// encode is Encode for a set that does not hold "%". It counts the bytes
// to encode, then writes the result in its one allocation, copying the runs
// between triplets whole.
func encode(s string, allowed *byteSet) string {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if !allowed.contains(s[i]) {
			n += 2
		}
	}
	if n == len(s) {
		return s
	}
	b := make([]byte, n)
	w, start := 0, 0
	for i := 0; i < len(s); i++ {
		x := s[i]
		if allowed.contains(x) {
			continue
		}
		if start < i {
			w += copy(b[w:], s[start:i])
		}
		b[w], b[w+1], b[w+2] = '%', ascii.UpperHex[x>>4], ascii.UpperHex[x&15]
		w += 3
		start = i + 1
	}
	copy(b[w:], s[start:])
	// b is written whole and never again: the result's one allocation.
	return unsafe.String(unsafe.SliceData(b), n)
}
