package uri

import (
	"strconv"
	"strings"
	"unsafe"

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
		return "uri: malformed percent-encoding in the password at offset " + itoa(e.Offset) +
			`: expected "%" HEXDIG HEXDIG`
	}
	return "uri: malformed percent-encoding " + strconv.Quote(bad) + " at offset " + itoa(e.Offset) +
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

// Component names a part of a URI reference for PercentEncode: which bytes
// may stand as they are there. Each allows the set of the combinator package
// named in its comment; every other byte is percent-encoded.
type Component int

// The components PercentEncode knows. The names carry a prefix so as not to
// read as the URI methods or the HostKind constants.
const (
	// ComponentUserInfo is userinfo (§3.2.1): combinator.UserInfoSet,
	// unreserved / sub-delims / ":". Encode a user name with
	// ComponentUserName if it may hold a ":".
	ComponentUserInfo Component = iota
	// ComponentUserName is a user name or a password inside userinfo:
	// combinator.UserInfoSet less ":", so that the first ":" of userinfo
	// keeps separating them (§3.2.1).
	ComponentUserName
	// ComponentHost is a reg-name host (§3.2.2): combinator.RegNameSet,
	// unreserved / sub-delims. IP literals are not encoded; write them as
	// they are.
	ComponentHost
	// ComponentPath is a whole path (§3.3): combinator.PathSet, pchar / "/".
	// A "/" in s stays a separator. The caller keeps the path rules of the
	// reference it builds: no "//" at the start without an authority, no ":"
	// in the first segment of a relative path.
	ComponentPath
	// ComponentPathSegment is one path segment (§3.3): combinator.PCharSet,
	// pchar; "/" is encoded. For the first segment of a relative path, use
	// Encode with combinator.SegmentNZNCSet, which also encodes ":" (§4.2).
	ComponentPathSegment
	// ComponentQuery is a whole query (§3.4): combinator.QuerySet,
	// pchar / "/" / "?".
	ComponentQuery
	// ComponentQueryParam is a key or a value of a query parameter, as
	// QueryParams splits them: combinator.QuerySet less "&", "=", "+" and
	// ";". "&" and "=" delimit; "+" because HTML forms read it as a space;
	// ";" because net/url's ParseQuery refuses a parameter that holds one
	// and older form decoders split on it (see QueryParams). A key or a
	// value so encoded reads back the same with QueryValues and FormValues.
	// The builder's QueryParam and SetQueryParam use it.
	ComponentQueryParam
	// ComponentFragment is a fragment (§3.5): combinator.FragmentSet,
	// pchar / "/" / "?".
	ComponentFragment
	// ComponentUnreserved allows only unreserved characters (§2.3): ALPHA,
	// DIGIT, "-", ".", "_" and "~"; every other byte is encoded, "/" and the
	// sub-delims included. It is the encoding of AWS Signature Version 4
	// (for one path segment and for query keys and values) and of OAuth 1.0
	// (RFC 5849 §3.6), and the one encoding every component can hold as
	// data.
	ComponentUnreserved
)

// componentSets holds, for each Component, the bytes that may stand as they
// are there: the one set per component that every package of the module
// encodes with. None holds "%".
var componentSets = [...]byteSet{
	ComponentUserInfo:    userInfoSet,
	ComponentUserName:    regNameSet, // userinfo less ":"
	ComponentHost:        regNameSet,
	ComponentPath:        pathSet,
	ComponentPathSegment: pcharSet,
	ComponentQuery:       querySet,
	ComponentQueryParam:  {query0 &^ (1<<'&' | 1<<'=' | 1<<'+' | 1<<';'), pchar1},
	ComponentFragment:    querySet,
	ComponentUnreserved:  unreservedSet,
}

// set returns the bytes that may stand as they are in k.
func (k Component) set() *byteSet {
	if k >= 0 && int(k) < len(componentSets) {
		return &componentSets[k]
	}
	return &unreservedSet
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
// caller's buffer mostly has the room, and a count first cost 15% more.
func appendEncode(dst []byte, s string, allowed *byteSet) []byte {
	const hexd = "0123456789ABCDEF"
	start := 0
	for i := 0; i < len(s); i++ {
		x := s[i]
		if allowed.contains(x) {
			continue
		}
		dst = append(dst, s[start:i]...)
		dst = append(dst, '%', hexd[x>>4], hexd[x&15])
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
	const hexd = "0123456789ABCDEF"
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
		b[w], b[w+1], b[w+2] = '%', hexd[x>>4], hexd[x&15]
		w += 3
		start = i + 1
	}
	copy(b[w:], s[start:])
	// b is written whole and never again: the result's one allocation.
	return unsafe.String(unsafe.SliceData(b), n)
}
