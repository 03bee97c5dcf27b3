package weburl

import (
	"math/bits"
	"unsafe"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// The resolution fast path: a reference without a scheme, against a base
// URL of a special scheme other than file, as most references in the wild
// are ("../x", "?q", "#f", "//host/p", "/p"). The href is the base's up to
// where the reference takes over, then the reference as the path, query
// and fragment states write it, into one buffer of the href's size at
// most: no cleaning, no scheme state, no scratch buffer to copy from.

// refEncodeSet holds the bytes that a reference's path, query or fragment
// may percent-encode: the bytes a reference costs more than itself.
var refEncodeSet = func() (t encodeSet) {
	for c := range t {
		t[c] = pathSet[c] || specialQuerySet[c] || fragmentSet[c]
	}
	return t
}()

// resolveFast resolves ref against u when both are of the shape above and
// ref needs no cleaning, and reports whether it did.
func (u *URL) resolveFast(ref string) (URL, bool) {
	n := len(ref)
	// The runs the branches below read (fragmentRun, querySpecialRun, the
	// fast path's) hold no byte that cleaning would take out or replace
	// (tab, newline, a C0 control, non-ASCII): only the path state, last,
	// needs the test for them.
	if !u.special() || u.scheme == facts.File || (n > 0 && (ref[0] <= ' ' || ref[n-1] <= ' ')) ||
		hasScheme(ref) {
		return URL{}, false
	}
	if n == 0 {
		// The relative state at the end of input: the base without its
		// fragment, a prefix of its href.
		r := *u
		r.href = u.href[:u.fragStart]
		r.flags &^= flagFragment
		return r, true
	}
	switch ref[0] {
	case '#':
		if scanRun(ref, 1, fragmentRun) != n {
			return URL{}, false
		}
		r := *u
		r.href = u.href[:u.fragStart] + ref
		r.flags |= flagFragment
		return r, true
	case '?':
		return u.resolveQuery(ref)
	case '\\':
		return URL{}, false
	case '/':
		if n > 1 && ref[1] == '/' {
			return u.resolveNetworkPath(ref)
		}
		if n > 1 && ref[1] == '\\' {
			return URL{}, false
		}
	}
	if r, ok := u.resolvePlainPath(ref); ok {
		return r, true
	}
	if mayNeedCleaning(ref) {
		return URL{}, false
	}
	return u.resolvePath(ref), true
}

// lastSlash returns the offset of the last '/' in s, or -1: eight bytes a
// step from the end, as a base URL's last segment is often longer than a
// few bytes.
func lastSlash(s string) int {
	const low7, slashes = 0x7f7f7f7f7f7f7f7f, '/' * 0x0101010101010101
	i := len(s)
	for ; i >= 8; i -= 8 {
		q := (*[8]byte)(unsafe.Pointer(unsafe.StringData(s[i-8:])))
		x := (uint64(q[0]) | uint64(q[1])<<8 | uint64(q[2])<<16 | uint64(q[3])<<24 |
			uint64(q[4])<<32 | uint64(q[5])<<40 | uint64(q[6])<<48 | uint64(q[7])<<56) ^ slashes
		// The high bit of each byte of x that is zero, and of no other
		// (no carry crosses a byte, so the highest is exact).
		if z := ^((x&low7 + low7) | x | low7); z != 0 {
			return i - 8 + (63-bits.LeadingZeros64(z))>>3
		}
	}
	for i > 0 {
		i--
		if s[i] == '/' {
			return i
		}
	}
	return -1
}

// hasScheme reports whether the scheme state finds a scheme at the start
// of s: an ASCII alpha, then ASCII alphanumerics, '+', '-' or '.' up to a
// ':'.
func hasScheme(s string) bool {
	if s == "" || !isAlpha(s[0]) {
		return false
	}
	j := 1
	for j < len(s) && isSchemeByte(s[j]) {
		j++
	}
	return j < len(s) && s[j] == ':'
}

// resolveQuery resolves ref, '?' and a query and fragment that are their
// own serialization, against u: u's href up to its query, then ref.
func (u *URL) resolveQuery(ref string) (URL, bool) {
	n := len(ref)
	i := scanRun(ref, 1, querySpecialRun)
	r := *u
	r.flags = r.flags&^flagFragment | flagQuery
	if i < n && ref[i] == '#' {
		if scanRun(ref, i+1, fragmentRun) != n {
			return URL{}, false
		}
		r.flags |= flagFragment
	} else if i != n {
		return URL{}, false
	}
	r.href = u.href[:u.queryStart] + ref
	r.fragStart = u.queryStart + uint32(i)
	return r, true
}

// resolveNetworkPath resolves ref, "//" and an authority, path, query and
// fragment that the fast path reads, against u: u's scheme and ':', then
// ref with the fast path's edits.
func (u *URL) resolveNetworkPath(ref string) (URL, bool) {
	var f fastURL
	f.resume = -1
	if !f.readAuthorityAt(ref, 2, u.scheme) || !f.readRest(ref) {
		return URL{}, false
	}
	return f.build(u.href[:u.schemeEnd+1], ref), true
}

// resolvePath resolves ref, a path (absolute, or relative to u's path)
// then perhaps a query and fragment, against u: the path state, and the
// query and fragment states after it, write it after u's href up to its
// path, or up to the last '/' of its path.
func (u *URL) resolvePath(ref string) URL {
	prefix := int(u.pathStart)
	i := 0
	if ref[0] == '/' {
		i = 1
	} else {
		// The relative state: the base's path without its last segment.
		if k := lastSlash(u.href[u.pathStart:u.queryStart]); k >= 0 {
			prefix += k
		}
	}
	size := prefix + 1 + escapedLen(ref, &refEncodeSet)
	p := parser{in: ref, buf: make([]byte, 0, size)}
	p.buf = append(p.buf, u.href[:prefix]...)
	p.u = *u
	p.u.href = ""
	p.u.flags = 0
	p.run(stPath, i)
	r := p.u
	r.href = stringOf(p.buf)
	return r
}

// resolvePlainPath is resolvePath for a reference that the path, query and
// fragment states leave as it is but for its dot segments (no byte to
// encode, no '\\', no percent-encoded dot), as most are: u's href up to
// the last '/' of its path (up to its path for a reference that starts
// with '/'), then ref, in one allocation, without the parser. ok is false
// for any other ref.
func (u *URL) resolvePlainPath(ref string) (URL, bool) {
	n := len(ref)
	i := 0
	dotEnd := 0 // the end of ref's last dot segment, if it has one
	for {
		i = scanRun(ref, i, pathRun)
		if i == n || (ref[i] != '.' && ref[i] != '%') {
			break
		}
		// A '.' or '%' that starts a segment may start a dot segment.
		if i == 0 || ref[i-1] == '/' {
			// "." and ".." are tested here, the forms with "%2e" (and a
			// dot segment that '\\' ends) left to the path state.
			d := 1
			if i+1 < n && ref[i+1] == '.' {
				d = 2
			}
			if ref[i] == '.' && (i+d == n || ref[i+d] == '/' || ref[i+d] == '?' || ref[i+d] == '#') {
				i += d
				dotEnd = i
				continue
			}
			if dotSegmentAt(ref, i) {
				return URL{}, false
			}
		}
		i++
	}
	q := i
	var flags uint8
	if i < n && ref[i] == '?' {
		flags |= flagQuery
		i = scanRun(ref, i+1, querySpecialRun)
	}
	h := i
	if i < n && ref[i] == '#' {
		flags |= flagFragment
		i = scanRun(ref, i+1, fragmentRun)
	}
	if i != n {
		return URL{}, false
	}
	prefix := int(u.pathStart)
	if ref[0] != '/' {
		// The relative state: the base's path without its last segment.
		k := lastSlash(u.href[u.pathStart:u.queryStart])
		if k < 0 {
			return URL{}, false
		}
		prefix += k + 1
	}
	if dotEnd > 0 {
		return u.resolveDotPath(ref, prefix, q, h, dotEnd, flags), true
	}
	b := make([]byte, 0, prefix+n)
	b = append(append(b, u.href[:prefix]...), ref...)
	r := *u
	r.href = stringOf(b)
	r.queryStart = uint32(prefix + q)
	r.fragStart = uint32(prefix + h)
	r.flags = flags
	return r, true
}

// resolveDotPath is resolvePlainPath's end for a reference with "." or
// ".." segments, the last ending at dotEnd, ref[:q] its path, ref[q:h]
// its query and ref[h:] its fragment, and u.href[:prefix] the href before
// it (up to and with the
// last '/' of u's path for a relative path, up to u's path for an
// absolute one). It writes the path as the path state does for a special
// URL other than file: a "." drops out, a ".." drops the path's last
// segment if it has one, and either, last in the path, leaves the path
// ending in '/'.
func (u *URL) resolveDotPath(ref string, prefix, q, h, dotEnd int, flags uint8) URL {
	start := int(u.pathStart)
	// At most u.href[:prefix] and ref: a segment writes itself and one
	// '/', which ref holds after it or u.href[:prefix] ends with, and a
	// dot segment at most that.
	b := make([]byte, 0, prefix+len(ref))
	// b holds the path up to its last segment, without the '/' after
	// it; each segment of ref writes its '/' before it.
	s := 0
	if ref[0] == '/' {
		b = append(b, u.href[:prefix]...)
		s = 1
	} else {
		b = append(b, u.href[:prefix-1]...)
	}
	for {
		e := s
		for e < q && ref[e] != '/' {
			e++
		}
		last := e == q
		if seg := ref[s:e]; seg != "." && seg != ".." {
			b = append(append(b, '/'), seg...)
		} else {
			if seg == ".." {
				if k := lastSlash(stringOf(b[start:])); k >= 0 {
					b = b[:start+k]
				}
			}
			if last {
				// A dot segment last in the path leaves it ending in '/'.
				b = append(b, '/')
			} else if e == dotEnd {
				// The rest of the path is plain segments: one copy.
				b = append(b, ref[e:q]...)
				break
			}
		}
		if last {
			break
		}
		s = e + 1
	}
	r := *u
	r.queryStart = uint32(len(b))
	r.fragStart = uint32(len(b) + h - q)
	b = append(b, ref[q:]...)
	r.href = stringOf(b)
	r.flags = flags
	return r
}
