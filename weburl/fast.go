package weburl

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// The fast path: most real URLs are already their own serialization (a
// lower-case special scheme, "//", a canonical ASCII host, maybe a port,
// then a path, query and fragment with nothing to encode and no dot
// segment), or differ from it only in the host's case, a default port or
// an empty path, which the serializer writes "/". For those one pass reads
// the offsets, and the href is the input (no copy, no allocation) or the
// input with those edits (one allocation, the href). Anything else,
// however harmless, goes to the state machine, from the path start state
// when the scheme and authority were read.
//
// The runs of a component are scanned eight bytes a step, as the matchers
// that combinator/codegen writes for uri do: the table entries of eight
// bytes ANDed, one branch for eight bytes, and where the run stopped found
// without a loop (scanRun).

// runTable is a byte class for scanRun: 1 for a byte of the run, 0 for one
// that ends it.
type runTable [256]uint8

// newRunTable returns the table of the ASCII bytes in for which in(c).
func newRunTable(in func(c byte) bool) *runTable {
	var t runTable
	for c := range 0x80 {
		if in(byte(c)) {
			t[c] = 1
		}
	}
	return &t
}

// The fast path's byte classes. Path, query and fragment bytes are those
// of no percent-encode set; a path run stops at '.' and '%' too, which may
// start a dot segment, and at '\\', which a special URL reads as '/'.
var (
	schemeRun = newRunTable(func(c byte) bool {
		return 'a' <= c && c <= 'z' || isDigit(c) || c == '+' || c == '-' || c == '.'
	})
	// A host of these stays as it is (but for a number: the IPv4 parser).
	hostRun = newRunTable(func(c byte) bool {
		return domainClass[c] == 0
	})
	// With these, the host parser only lower-cases it (the domain to ASCII
	// of a domain that is ASCII, with beStrict false).
	hostFoldRun = newRunTable(func(c byte) bool {
		return domainClass[c] == 0 || domainClass[c] == dcUpper
	})
	// An opaque host of these is kept as it is: the opaque-host parser
	// refuses the forbidden host code points and percent-encodes only C0
	// controls and what is above '~'.
	opaqueHostRun = newRunTable(func(c byte) bool {
		return ' ' < c && c < 0x7f && !facts.ForbiddenHost(c)
	})
	pathRun = newRunTable(func(c byte) bool {
		return !pathSet[c] && c != '\\' && c != '.' && c != '%'
	})
	// The path state copies these at once: a byte of no percent-encode
	// set that does not end a segment (the '?' and '#' that end the path
	// stop it too: the setters' state override does not end it there).
	pathCopyRunSpecial = newRunTable(func(c byte) bool {
		return !pathSet[c] && c != '/' && c != '\\' && c != '?' && c != '#'
	})
	pathCopyRunOther = newRunTable(func(c byte) bool {
		return !pathSet[c] && c != '/' && c != '?' && c != '#'
	})
	querySpecialRun = newRunTable(func(c byte) bool { return !specialQuerySet[c] && c != '#' })
	queryOtherRun   = newRunTable(func(c byte) bool { return !querySet[c] && c != '#' })
	fragmentRun     = newRunTable(func(c byte) bool { return !fragmentSet[c] })
)

// scanRun returns the end of the run of bytes of t from i in s: the offset
// of the first byte from i not in t, or len(s).
//
// The table entries of eight bytes are packed one bit each, the first in
// the lowest bit, by sums with factors of 2, 4 and 16 that the compiler
// writes as address arithmetic (LEA) rather than shifts and ORs; written
// out twice, as a function it would not be inlined.
func scanRun(s string, i int, t *runTable) int {
	// One bounds check and one nil check, not one a step: the loop reads
	// s[i:i+8] at p+i with i+8 <= len(s).
	_, _ = s[i:], t[0]
	p := unsafe.Pointer(unsafe.StringData(s))
	n := len(s)
	for ; n-i >= 8; i += 8 {
		// URLs' runs are short: the bits are packed at once, where a test
		// of the eight entries ANDed would pack them again at the stop.
		q := (*[8]byte)(unsafe.Add(p, i))
		a := uint(t[q[0]]) + 2*uint(t[q[1]])
		b := uint(t[q[2]]) + 2*uint(t[q[3]])
		c := uint(t[q[4]]) + 2*uint(t[q[5]])
		d := uint(t[q[6]]) + 2*uint(t[q[7]])
		if m := a + 4*b + 16*(c+4*d); m != 0xff {
			return i + runLen(m, 8)
		}
	}
	if n >= 8 {
		// The last n-i bytes, as the end of the last eight.
		q := (*[8]byte)(unsafe.Add(p, n-8))
		a := uint(t[q[0]]) + 2*uint(t[q[1]])
		b := uint(t[q[2]]) + 2*uint(t[q[3]])
		c := uint(t[q[4]]) + 2*uint(t[q[5]])
		d := uint(t[q[6]]) + 2*uint(t[q[7]])
		return i + runLen((a+4*b+16*(c+4*d))>>uint(8-(n-i)), n-i)
	}
	for i < n && t[s[i]] != 0 {
		i++
	}
	return i
}

// runLen returns how many of the first r bytes whose bits m packs are in
// the run before the first that is not (r when all are).
func runLen(m uint, r int) int {
	return bits.TrailingZeros(^m | ^uint(0)<<uint(r))
}

// fastURL is what the fast path read: the URL's offsets in the input, and
// the edits that make the input its href.
type fastURL struct {
	u URL
	// resume is where the path starts in the input when the scheme and
	// authority were read, else -1.
	resume int
	// lowerHost: the host has upper-case letters. port: the input's
	// ":digits" (or ":") at u.hostEnd is dropped, a default port. slash:
	// the serializer writes "/" for the empty path of a special URL.
	lowerHost, dropPort, slash bool
	portEnd                    int // with dropPort, where the input's port ends
	ok                         bool
	idnaHost                   // a host handed off to the host parser
}

// edited reports whether the href differs from the input.
func (f *fastURL) edited() bool { return f.lowerHost || f.dropPort || f.slash || f.idnaLen > 0 }

// read runs the fast path on s and reports whether it took s (f.ok).
func (f *fastURL) read(s string) bool {
	// readAuthority, with the scheme's most common case written out: one
	// call fewer.
	f.resume = -1
	i, kind := httpScheme(s)
	if i < 0 {
		if i, kind = otherScheme(s); i < 0 {
			return false
		}
	}
	f.u.schemeEnd = uint32(i - 3)
	if !f.readAuthorityAt(s, i, kind) && !f.readUserinfoAt(s, i, kind) {
		return false
	}
	return f.readRest(s)
}

// readRest reads the path, query and fragment of s from f.resume, after
// the scheme and authority that readAuthority or readAuthorityAt read.
func (f *fastURL) readRest(s string) bool {
	n := len(s)
	u := &f.u
	i := f.resume
	if u.scheme != facts.Other && (i == n || s[i] != '/') {
		if i < n && s[i] == '\\' {
			return false // the path state reads it as '/'
		}
		f.slash = true // the empty path of a special URL is "/"
	}
	if u.scheme == facts.File && n-i >= 3 && isAlpha(s[i+1]) && s[i+2] == '|' {
		return false // perhaps a Windows drive letter, which gets ':'
	}
	// The path, up to its end, when it is its own serialization: no byte
	// to encode, no '\\' in a special URL, no dot segment.
	for {
		i = scanRun(s, i, pathRun)
		if i == n || (s[i] != '.' && s[i] != '%') {
			break
		}
		// A '.' or '%' after a '/' may start a dot segment.
		if i > 0 && s[i-1] == '/' && dotSegmentAt(s, i) {
			return false
		}
		i++
	}
	u.queryStart = uint32(i)
	if i < n && s[i] == '?' {
		u.flags |= flagQuery
		t := querySpecialRun
		if u.scheme == facts.Other {
			t = queryOtherRun
		}
		i = scanRun(s, i+1, t)
	}
	u.fragStart = uint32(i)
	if i < n && s[i] == '#' {
		u.flags |= flagFragment
		i = scanRun(s, i+1, fragmentRun)
	}
	f.ok = i == n
	return f.ok
}

// readAuthority reads the scheme and the authority of s, when they are
// those the fast path takes, and reports whether it did; f.resume is then
// where the path starts.
func (f *fastURL) readAuthority(s string) bool {
	f.resume = -1
	i, kind := fastScheme(s)
	if i < 0 {
		return false
	}
	f.u.schemeEnd = uint32(i - 3)
	return f.readAuthorityAt(s, i, kind) || f.readUserinfoAt(s, i, kind)
}

// readAuthorityAt reads the authority of s from i, after "//", for a URL
// of the scheme kind.
func (f *fastURL) readAuthorityAt(s string, i int, kind facts.Scheme) bool {
	n := len(s)
	u := &f.u
	u.scheme = kind
	hs := i
	if kind != facts.Other {
		i = scanRun(s, i, hostRun)
		if i < n && !hostEnds[s[i]] && 'A' <= s[i] && s[i] <= 'Z' {
			f.lowerHost = true
			i = scanRun(s, i, hostFoldRun)
		}
		// The host must end the authority (or a port follow) before it is
		// worth reading; else the host parser may convert it.
		if i < n && !hostEnds[s[i]] {
			if i = f.readIDNAHost(s, hs, i, kind); i < 0 {
				return false
			}
		} else if kind == facts.File {
			// The file host state: no port, and "localhost" or nothing is
			// the empty host.
			if i < n && s[i] == ':' || i-hs == len("localhost") && equalFoldASCII(s[hs:i], "localhost") {
				return false
			}
			u.host = hostEmpty
			if i > hs && !fastHost(s[hs:i], u, f.lowerHost) {
				return false
			}
		} else if i == hs || !fastHost(s[hs:i], u, f.lowerHost) {
			return false
		}
	} else {
		i = scanRun(s, i, opaqueHostRun)
		if i == hs {
			return false
		}
		u.host = hostOpaque
	}
	u.usernameEnd, u.hostStart, u.hostEnd = uint32(hs), uint32(hs), uint32(i)
	if f.idnaLen > 0 {
		u.hostEnd = uint32(hs + int(f.idnaLen)) // in the href
	}
	// A special URL's host stops at the end of the authority (hostEnds)
	// but for a port; an opaque host and a port may stop anywhere.
	if i < n && (s[i] == ':' || kind == facts.Other) {
		if s[i] == ':' {
			var ok bool
			if i, f.dropPort, ok = fastPort(s, i, kind); !ok {
				return false
			}
			f.portEnd = i
		}
		if i < n && !(s[i] == '/' || s[i] == '?' || s[i] == '#' || (s[i] == '\\' && kind != facts.Other)) {
			return false // not the end of the authority
		}
	}
	f.resume = i
	u.pathStart = uint32(i)
	return true
}

// readUserinfoAt is readAuthorityAt for an authority that starts with a
// userinfo fastUserinfo reads, which readAuthorityAt refused: it reads a
// host first, as most authorities are one, and stops at the userinfo's
// ':' or '@'.
func (f *fastURL) readUserinfoAt(s string, i int, kind facts.Scheme) bool {
	if kind == facts.File {
		return false // a file URL has no userinfo
	}
	at, usernameEnd, ok := fastUserinfo(s, i)
	if !ok {
		return false
	}
	f.lowerHost, f.dropPort, f.idnaLen = false, false, 0
	if !f.readAuthorityAt(s, at+1, kind) {
		return false
	}
	f.u.usernameEnd = uint32(usernameEnd)
	return true
}

// userinfoRun holds the bytes a userinfo keeps as they are.
var userinfoRun = newRunTable(func(c byte) bool { return !userinfoSet[c] })

// fastUserinfo reads at s[i:] a userinfo that the authority state and the
// serializer leave as it is: "user@" or "user:password@", the username
// and password of bytes outside the userinfo percent-encode set, the
// password not empty (the serializer drops the ':' of an empty one) and
// not both empty (it drops the '@'). It returns the offset of the '@' and
// where the username ends.
func fastUserinfo(s string, i int) (at, usernameEnd int, ok bool) {
	usernameEnd = scanRun(s, i, userinfoRun)
	at = usernameEnd
	if at < len(s) && s[at] == ':' {
		if at = scanRun(s, at+1, userinfoRun); at == usernameEnd+1 {
			return 0, 0, false
		}
	}
	if at == len(s) || s[at] != '@' || at == i {
		return 0, 0, false
	}
	return at, usernameEnd, true
}

// The first eight bytes of "https://" and the first seven of "http://",
// as little-endian words.
const (
	httpsWord = 's'<<32 | 'p'<<24 | 't'<<16 | 't'<<8 | 'h' | ':'<<40 | '/'<<48 | '/'<<56
	httpWord  = 'p'<<24 | 't'<<16 | 't'<<8 | 'h' | ':'<<32 | '/'<<40 | '/'<<48
)

// httpScheme reads "https://" or "http://" at the start of s and returns
// the offset after it and the scheme's kind, or -1.
func httpScheme(s string) (int, facts.Scheme) {
	if len(s) < 8 {
		return -1, facts.Other
	}
	w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	// One branch for both, each as likely as the other: the fifth byte
	// picks the word and mask to compare, without a branch.
	var b uint64
	if byte(w>>32) == 's' {
		b = 1
	}
	if w&(^uint64(0)>>(8-8*b)) != httpWord+b*(httpsWord-httpWord) {
		return -1, facts.Other
	}
	return 7 + int(b), facts.HTTP + facts.Scheme(b)
}

// fastScheme reads a lower-case scheme followed by "://"
// at the start of s and returns the offset after it and the scheme's kind,
// or -1.
func fastScheme(s string) (int, facts.Scheme) {
	if i, k := httpScheme(s); i >= 0 {
		return i, k
	}
	return otherScheme(s)
}

// otherScheme is fastScheme for s that does not start with "https://" or
// "http://".
func otherScheme(s string) (int, facts.Scheme) {
	if len(s) == 0 || s[0] < 'a' || s[0] > 'z' {
		return -1, facts.Other
	}
	i := scanRun(s, 1, schemeRun)
	if i+2 >= len(s) || s[i] != ':' || s[i+1] != '/' || s[i+2] != '/' {
		return -1, facts.Other
	}
	return i + 3, specialScheme(s[:i])
}

// hostEnds holds the bytes that may follow a host in the fast path.
var hostEnds = stopTable(nil, ":/?#\\")

// numberEnds holds the bytes a host that ends in a number (§3.5) may end
// with: a decimal or hexadecimal digit, the 'x' of "0x", or a final '.'.
var numberEnds = stopTable(nil, "0123456789abcdefABCDEFxX.")

// fastHost reports whether the host parser reads h (bytes of hostFoldRun;
// with upper-case letters when fold) as h lower-cased, and records its
// kind in u.
func fastHost(h string, u *URL, fold bool) bool {
	// The domain to ASCII of an ASCII domain only lower-cases it (§3.3,
	// beStrict false), whatever its "xn--" labels hold, unless it ends in
	// a number (§3.5: then it is an IPv4 address). Most hosts end in
	// letters no number ends with ("com", "org"): this much is inlined.
	if !numberEnds[h[len(h)-1]] {
		u.host = hostDomain
		return true
	}
	return numberHost(h, u, fold)
}

// numberHost is fastHost for a host h whose last byte may end a number,
// or a '.' after one.
func numberHost(h string, u *URL, fold bool) bool {
	// The last label (before a final '.') ends in a number only if it
	// starts with a digit.
	k := len(h) - 1
	if k > 0 && h[k] == '.' {
		k--
	}
	for k > 0 && h[k-1] != '.' {
		k--
	}
	if !isDigit(h[k]) || !facts.EndsInANumber(h) {
		u.host = hostDomain
		return true
	}
	if fold {
		return false
	}
	return canonicalHost(h, u)
}

// canonicalHost reports whether the host parser leaves h, an ASCII domain
// without forbidden code points or upper-case letters that ends in a
// number, as it is: a canonical IPv4 address, whose kind it records in u.
func canonicalHost(h string, u *URL) bool {
	var b [256]byte
	if _, _, ok := facts.ReadASCIIDomain(h); !ok || len(h) > len(b) {
		return false // not an address: appendHost would build an error for nothing
	}
	out, kind, err := appendHost(b[:0], h, false, nil)
	if err != nil || string(out) != h {
		return false
	}
	u.host = kind
	return true
}

// fastPort reads the port at s[i] == ':' and returns where it ends,
// whether the serializer drops it (the scheme's default port, or no
// digits), and ok false for a port it does not read as it is (a leading
// zero, out of range: the state machine decides).
func fastPort(s string, i int, kind facts.Scheme) (end int, drop, ok bool) {
	i++
	ps := i
	port := 0
	for i < len(s) && isDigit(s[i]) && i-ps < 5 {
		port = port*10 + int(s[i]-'0')
		i++
	}
	switch {
	case i == ps:
		return i, true, true
	case s[ps] == '0' || port > 65535 || (i < len(s) && isDigit(s[i])):
		return i, false, false
	}
	return i, port == kind.Port(), true
}

// dotSegmentAt reports whether the path segment of s that starts at i is a
// dot segment.
func dotSegmentAt(s string, i int) bool {
	n := len(s)
	end := i + 1
	for end < n && end-i <= 6 && s[end] != '/' && s[end] != '?' && s[end] != '#' && s[end] != '\\' {
		end++
	}
	return dotSegment(s[i:end])
}

// appendPrefix appends the href's scheme and authority: s up to the path
// start, with the edits f read.
func (f *fastURL) appendPrefix(dst []byte, s string) []byte {
	if f.idnaLen > 0 {
		dst, end := f.appendHostPart(dst, s)
		if f.dropPort {
			return append(dst, s[f.portEnd:f.resume]...)
		}
		return append(dst, s[end:f.resume]...)
	}
	u := &f.u
	// One copy, but for a dropped port; the host lower-cased in place.
	start := len(dst)
	if f.dropPort {
		dst = append(append(dst, s[:u.hostEnd]...), s[f.portEnd:f.resume]...)
	} else {
		dst = append(dst, s[:f.resume]...)
	}
	if f.lowerHost {
		lowerASCII(dst[start+int(u.hostStart) : start+int(u.hostEnd)])
	}
	return dst
}

// lowerASCII lower-cases b, ASCII bytes, in place, eight bytes a step: a
// byte's high bit is set in ((w + 0x3f…) &^ (w + 0x25…)) exactly when it is
// 'A' to 'Z' (no byte below 0x80 carries into the next), and 0x20 is that
// bit shifted by two.
func lowerASCII(b []byte) {
	const a, z, hi = 0x3f3f3f3f3f3f3f3f, 0x2525252525252525, 0x8080808080808080
	i := 0
	for ; len(b)-i >= 8; i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		binary.LittleEndian.PutUint64(b[i:], w|((w+a)&^(w+z)&hi)>>2)
	}
	for ; i < len(b); i++ {
		b[i] = lower(b[i])
	}
}

// build returns the URL whose href is prefix and s with the edits f read
// (f.ok): prefix is "" or, for a reference that starts with "//", the
// scheme and ':' of the base URL.
func (f *fastURL) build(prefix, s string) URL {
	size := len(prefix) + len(s) + f.hostGrowth()
	if f.slash {
		size++
	}
	b := make([]byte, 0, size)
	if prefix != "" {
		b = append(b, prefix...)
	}
	b = f.appendPrefix(b, s)
	u := f.u
	if prefix != "" {
		d := uint32(len(prefix))
		u.schemeEnd = d - 1
		u.usernameEnd += d
		u.hostStart += d
		u.hostEnd += d
	}
	d := uint32(len(b)) - u.pathStart
	if f.slash {
		b = append(b, '/')
		u.pathStart += d
		u.shiftQuery(d + 1)
	} else {
		u.shiftPath(d)
	}
	if f.resume < len(s) {
		b = append(b, s[f.resume:]...)
	}
	u.href = stringOf(b)
	return u
}

// plainPath reports whether the path state leaves s, a path's segments
// each after a '/' (the first one perhaps without), as it is: bytes of no
// percent-encode set, and no dot segment.
func plainPath(s string) bool {
	seg := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '/' {
			if pathRun[s[i]] == 0 && s[i] != '.' && s[i] != '%' {
				return false
			}
			continue
		}
		if l := i - seg; l > 0 && l <= 6 && (s[seg] == '.' || s[seg] == '%') && dotSegment(s[seg:i]) {
			return false
		}
		seg = i + 1
	}
	return true
}

// plainHost reports whether h, a special URL's host, is made of lower-case
// letters, digits, '-' and '.' (or any ASCII but the forbidden domain code
// points and upper-case letters) and is its own serialization, and returns
// its kind.
func plainHost(h string) (hostKind, bool) {
	if h == "" || scanRun(h, 0, hostRun) != len(h) {
		return hostNone, false
	}
	var u URL
	if !fastHost(h, &u, false) {
		return hostNone, false
	}
	return u.host, true
}

// dotSegment reports whether s is a single-dot or double-dot URL path
// segment (isSingleDot, isDoubleDot).
func dotSegment(s string) bool {
	var b [6]byte
	if len(s) > len(b) {
		return false
	}
	t := b[:copy(b[:], s)]
	return isSingleDot(t) || isDoubleDot(t)
}

// equalFoldASCII reports whether s is lower, a lower-case ASCII string,
// with any of its letters in upper case.
func equalFoldASCII(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i]|0x20 != lower[i] {
			return false
		}
	}
	return true
}
