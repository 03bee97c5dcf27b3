package uri

import (
	"strings"
	"unsafe"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// ResolveError is the error of Resolve, ResolveWith and Relativize when the
// base is not a URI that §5.2.1 accepts: a base URI needs a scheme. Reach it
// with errors.As.
type ResolveError struct {
	Op   string // "resolve" or "relativize"
	Base string // the base, as text
	Ref  string // the reference (or, for relativize, the target), as text
}

// Error returns a message such as
//
//	uri: cannot resolve reference "g" against "a/b": the base is a relative reference; a base URI needs a scheme (RFC 3986 §5.2.1)
//
// Each URI is quoted with its password as "xxxxx" (see Redacted) and, when
// longer than 64 bytes, cut to its first 64 with "…" and its length.
func (e *ResolveError) Error() string {
	what := "reference"
	if e.Op == "relativize" {
		what = "target"
	}
	return "uri: cannot " + e.Op + " " + what + " " + errtext.QuoteURI(e.Ref, 0) + " against " + errtext.QuoteURI(e.Base, 0) +
		": the base is a relative reference; a base URI needs a scheme (RFC 3986 §5.2.1)"
}

// ResolveOptions selects variants of the resolution algorithm of §5.2.2.
// The zero value is the strict algorithm that Resolve runs.
type ResolveOptions struct {
	// NonStrict makes a reference whose scheme equals the base's (compared
	// case-insensitively, as schemes are, §3.1) resolve as if it had no
	// scheme: the "not strict" branch of §5.2.2, kept there for backward
	// compatibility with RFC 1630 parsers (§5.4.2: with base
	// "http://a/b/c/d;p?q", "http:g" resolves to "http://a/b/c/g" instead of
	// "http:g").
	NonStrict bool
}

// Resolve transforms ref into its target URI against the base URI base: the
// strict algorithm of RFC 3986 §5.2.2, with merge (§5.2.3) and
// RemoveDotSegments (§5.2.4). A reference with a scheme is taken as it is,
// only its dot segments removed. The base must have a scheme (§5.2.1);
// otherwise Resolve returns a *ResolveError. The base's fragment is ignored;
// the base is not normalized (§5.2.1 leaves that optional).
//
// The result always parses back, with ParseReference, to exactly the URI
// returned. Where the algorithm is silent or its literal output would not do
// that, Resolve follows these named policies:
//
//   - Double-slash path: when the target has no authority and its path
//     starts with "//" (base "f:/a" and reference ".//g" give "f:" and
//     "//g", whose text "f://g" would read as the authority "g"), the path
//     gets "/." in front: "f:/.//g". RemoveDotSegments of "/.//g" is "//g"
//     again, so the path means the same.
//   - Empty path with an authority: a base such as "http://a" with the
//     reference "g" merges to "/g" (§5.2.3, first rule).
//   - Rootless base path: merged as §5.2.3 says, by keeping what is up to
//     the last "/" of the base path ("s:a/b" with "c" gives "s:a/c"; "s:b"
//     with "c" gives "s:c"). RemoveDotSegments then runs on the rootless
//     path as written, so "s:a/b" with "../c" gives "s:/c".
//   - Empty-path reference: the target takes the base path as it stands,
//     dot segments included (§5.2.2 does not remove them there), and the
//     base query unless the reference has one ("?y" gives base path + "?y").
//   - More ".." than segments: the surplus is dropped, never kept or
//     reported ("../../../g" against "http://a/b/c/d;p?q" gives
//     "http://a/g", §5.4.2).
//
// Resolve allocates the text of the result, once (twice for a text of more
// than 128 bytes that removing dot segments shortens by more than half and
// 64 bytes, so that a short result never holds on to a long reference's
// room). Three results allocate nothing: a reference with a scheme and no
// dot segment is returned as it is, a base without fragment when the
// reference is empty, and a target that is the base's text up to some
// point ("." against "http://a/b/c/d;p?q" gives "http://a/b/c/") shares
// that text.
func (base URI) Resolve(ref URI) (URI, error) { return base.resolve(&ref, false) }

// ResolveWith is Resolve with options: with opts.NonStrict it runs the
// non-strict variant of §5.2.2 (see ResolveOptions). With the zero options it
// is Resolve.
func (base URI) ResolveWith(ref URI, opts ResolveOptions) (URI, error) {
	return base.resolve(&ref, opts.NonStrict)
}

// ResolveString parses ref as a URI reference (ParseReference) and resolves
// it against base (Resolve, §5.2). It fails with the *ParseError of ref, or
// with the error of Resolve (a *ResolveError when base has no scheme).
func (base URI) ResolveString(ref string) (URI, error) {
	r, err := ParseReference(ref)
	if err != nil {
		return URI{}, err
	}
	return base.Resolve(r)
}

// resolve is Resolve and ResolveWith. It takes both URIs by pointer and
// reads them with get and has, never with the value methods (Path, …):
// each of those, inlined, would copy the 96-byte URI first.
func (b *URI) resolve(r *URI, nonStrict bool) (t URI, err error) {
	if !b.has(slotScheme) {
		return URI{}, &ResolveError{Op: "resolve", Base: b.s, Ref: r.s}
	}
	refScheme := r.has(slotScheme)
	if refScheme && nonStrict {
		rs, _ := r.get(slotScheme)
		bs, _ := b.get(slotScheme)
		refScheme = !strings.EqualFold(rs, bs)
	}
	// Choose the source of each component (§5.2.2). The target is written
	// as a head (scheme and authority, from one URI, and in one case the
	// base's path and query too), a path, and a tail (query and fragment,
	// the end of the reference's text), each copied whole with its spans.
	rpath, _ := r.get(slotPath)
	switch {
	case refScheme:
		// T = R, its path without dot segments: R itself when it has none.
		dot := rdsIndexDotSegment(rpath)
		if dot < 0 {
			return *r, nil
		}
		resolveJoin(&t, &joinPlan{head: r, headEnd: r.pathStart(), slotLo: slotScheme, slotHi: slotPath,
			rpath: rpath, dot: dot, tail: r, tailFrom: r.pathStart() + len(rpath), host: r.host})
		return t, nil
	case r.has(slotAuthority):
		// The scheme of B, then R from its "//" (a scheme R has in the
		// non-strict variant is left out).
		from := int(r.sp[slotAuthority].lo) - 3
		scheme, _ := b.get(slotScheme)
		resolveJoin(&t, &joinPlan{scheme: scheme, head: r, headFrom: from, headEnd: r.pathStart(), slotLo: slotAuthority, slotHi: slotPath,
			rpath: rpath, dot: dotUnknown, tail: r, tailFrom: r.pathStart() + len(rpath), host: r.host})
		return t, nil
	case rpath == "":
		// The base's path as it stands, and its query unless R has one:
		// b.s up to the end of one of them, then the rest of R's text,
		// its query and fragment.
		if r.pathStart() == len(r.s) && !b.has(slotFragment) {
			return *b, nil
		}
		bp, _ := b.get(slotPath)
		end, slots := b.pathStart()+len(bp), slotPath+1
		if !r.has(slotQuery) {
			if q := b.sp[slotQuery]; q.lo != 0 {
				end, slots = int(q.hi), slotQuery+1
			}
		}
		resolveJoin(&t, &joinPlan{head: b, headEnd: end, slotLo: slotScheme, slotHi: slots,
			dot: -1, tail: r, tailFrom: r.pathStart(), host: b.host})
		return t, nil
	}
	var dir string
	if rpath[0] != '/' { // merge (§5.2.3)
		bp, _ := b.get(slotPath)
		if b.has(slotAuthority) && bp == "" {
			dir = "/"
		} else {
			dir = bp[:strings.LastIndexByte(bp, '/')+1]
		}
	}
	resolveJoin(&t, &joinPlan{head: b, headEnd: b.pathStart(), slotLo: slotScheme, slotHi: slotPath,
		dir: dir, rpath: rpath, dot: dotUnknown, tail: r, tailFrom: r.pathStart() + len(rpath), host: b.host})
	return t, nil
}

// pathStart returns the offset in u.s where the path starts: after the
// authority, or else after the scheme's ":".
func (u *URI) pathStart() int {
	if x := u.sp[slotAuthority]; x.lo != 0 {
		return int(x.hi)
	}
	if x := u.sp[slotScheme]; x.lo != 0 {
		return int(x.hi) + 1
	}
	return 0
}

// joinPlan is what resolveJoin writes, the target of a resolution, in the
// order of its text:
//
//   - scheme and ":", when scheme is not empty;
//   - head.s[headFrom:headEnd], with the spans of head's slots
//     [slotLo, slotHi);
//   - the path dir + rpath, unless both are empty, its dot segments
//     removed when dot, the offset of its first one (rdsIndexDotSegment),
//     is not -1; with dotUnknown, resolveJoin finds it in the path written;
//   - tail.s[tailFrom:], with the spans of tail's query and fragment.
//
// Each piece is valid where it goes, as the callers ensure (the tests parse
// every result back and compare). host is the kind of the host the head
// brings.
type joinPlan struct {
	scheme            string
	head              *URI
	headFrom, headEnd int
	slotLo, slotHi    int
	dir, rpath        string
	dot               int
	tail              *URI
	tailFrom          int
	host              HostKind
}

// resolveJoin writes the target that j plans and its spans at once, so
// that the result needs no parse, into *u, a zero URI (the named result of
// resolve: no copy of a URI on its way out).
func resolveJoin(u *URI, j *joinPlan) {
	scheme, head, headFrom, headEnd := j.scheme, j.head, j.headFrom, j.headEnd
	dir, rpath, dot, tail, tailFrom := j.dir, j.rpath, j.dot, j.tail, j.tailFrom
	// The text is written in room for every piece, on the stack or in the
	// result's one allocation. The "/." that the double-slash policy adds
	// needs no more: dir + rpath never starts with "//" without an
	// authority (a path-absolute cannot, a rootless or empty path does not
	// start with "/", and dir is a prefix of such a path), so when the path
	// starts with "//" after dot removal, two bytes or more were removed:
	// the rules of §5.2.4 that remove one byte ("/." at the end as "/", in
	// B; "." as the whole input, in D) do so at the end of the path and
	// change no start, the others remove two or more ("./", "/./" as "/",
	// "../", "/../" as "/", "/.." at the end, "..")
	// (TestResolveDoubleSlashFitsItsRoom).
	n := headEnd - headFrom + len(dir) + len(rpath) + len(tail.s) - tailFrom
	if scheme != "" {
		n += len(scheme) + 1
	}
	// A text of up to resolveStack bytes is written on the stack, then
	// copied to its allocation, or to none when it is a prefix of the
	// head's text; a longer one is written in its allocation.
	var stack [resolveStack]byte
	var heap []byte
	buf := stack[:0]
	if n > len(stack) {
		heap = make([]byte, 0, n)
		buf = heap
	}
	if scheme != "" {
		buf = refPut(buf, &u.sp, slotScheme, scheme)
		buf = append(buf, ':')
	}
	d := int32(len(buf) - headFrom)
	buf = append(buf, head.s[headFrom:headEnd]...)
	for i := j.slotLo; i < j.slotHi; i++ {
		if x := head.sp[i]; x.lo != 0 {
			u.sp[i] = span{x.lo + d, x.hi + d}
		}
	}
	if dir != "" || rpath != "" {
		p0 := len(buf)
		buf = append(buf, dir...)
		buf = append(buf, rpath...)
		if dot == dotUnknown {
			dot = rdsIndexDotSegmentBytes(buf[p0:])
		}
		if dot >= 0 {
			buf = buf[:p0+rdsInPlaceFrom(buf[p0:], dot)]
			if u.sp[slotAuthority].lo == 0 {
				buf = refFixDoubleSlash(buf, p0)
			}
		}
		u.sp[slotPath] = pathSpan(p0, len(buf))
	}
	d = int32(len(buf) - tailFrom)
	buf = append(buf, tail.s[tailFrom:]...)
	for i := slotQuery; i < nslots; i++ {
		if x := tail.sp[i]; x.lo != 0 {
			u.sp[i] = span{x.lo + d, x.hi + d}
		}
	}
	u.host = j.host
	switch {
	case heap == nil && scheme == "" && headFrom == 0 && len(buf) <= len(head.s) && string(buf) == head.s[:len(buf)]:
		// The target is the base up to some point, as a reference to the
		// page itself, or to its directory, often is ("?x" against
		// ".../p?x", "../d/p" against ".../d/p", "." against ".../d/p"):
		// its text is the base's.
		u.s = head.s[:len(buf)]
	case heap == nil || unsafe.SliceData(buf) != unsafe.SliceData(heap):
		u.s = string(buf)
	case cap(buf)-len(buf) > 64 && cap(buf)-len(buf) > len(buf):
		// Dot segments took more than half of the room away (a reference
		// of many ".." is the extreme): the result gets a text of its own
		// size, so that it does not keep the whole room alive.
		u.s = string(buf)
	default:
		// Written in its allocation (the room was enough: no append
		// moved buf), which nothing else refers to.
		u.s = unsafe.String(unsafe.SliceData(heap), len(buf))
	}
}

// dotUnknown is the dot of resolveJoin for a path whose first dot segment
// is not known: one scan of the path written costs less than one of dir and
// one of rpath, a call of IndexByte each (measured: see BENCHMARKS.md,
// issue 14, session 12).
const dotUnknown = -2

// resolveStack is the longest text of a resolution that resolveJoin writes
// on its stack: nearly all those of resolve.tsv fit.
const resolveStack = 128

// refPut and refFixDoubleSlash assemble the text of a URI and the spans of
// its components at once, so that the result needs no parse: each appends
// to buf a component that is valid where it goes, as the callers ensure.
// They take and return buf rather than work on a struct through a pointer,
// so that a caller's buffer can stay on its stack.

// refPut appends s to buf as component slot.
func refPut(buf []byte, sp *[nslots]span, slot int, s string) []byte {
	lo := len(buf) + 1
	buf = append(buf, s...)
	sp[slot] = span{int32(lo), int32(len(buf))}
	return buf
}

// refFixDoubleSlash puts "/." in front of the path that starts at p0 (and
// runs to the end of buf) when it starts with "//" and there is no
// authority: the named policy "double-slash path" of Resolve.
func refFixDoubleSlash(buf []byte, p0 int) []byte {
	if len(buf)-p0 >= 2 && buf[p0] == '/' && buf[p0+1] == '/' {
		buf = append(buf, 0, 0)
		copy(buf[p0+2:], buf[p0:len(buf)-2])
		buf[p0], buf[p0+1] = '/', '.'
	}
	return buf
}

// RemoveDotSegments interprets and removes the complete path segments "."
// and ".." of path: the remove_dot_segments routine of RFC 3986 §5.2.4,
// which Resolve runs on every path it builds. For example "/a/b/c/./../../g"
// becomes "/a/g" and "mid/content=5/../6" becomes "mid/6". Surplus ".."
// segments are dropped ("/../g" becomes "/g"); segments that only hold dots
// among other characters ("g.", "..g") are kept.
//
// It is a faster equivalent of the two-buffer loop of §5.2.4 and returns
// exactly what that loop returns, for every string (rules A and D included:
// "../g" becomes "g", ".." becomes ""). A path without dot segments is
// returned as it is, without copying.
func RemoveDotSegments(path string) string {
	i := rdsIndexDotSegment(path)
	if i < 0 {
		return path
	}
	b := []byte(path)
	return string(b[:rdsInPlaceFrom(b, i)])
}

// rdsHasDotSegment reports whether some "/"-separated segment of p is "."
// or "..".
func rdsHasDotSegment(p string) bool { return rdsIndexDotSegment(p) >= 0 }

// rdsIndexDotSegment returns the offset of the first "/"-separated segment
// of p that is "." or "..", or -1. It looks only at each ".", where it
// starts the text or follows a "/".
func rdsIndexDotSegment(p string) int {
	for i := 0; ; i++ {
		j := strings.IndexByte(p[i:], '.')
		if j < 0 {
			return -1
		}
		i += j
		if (i == 0 || p[i-1] == '/') && rdsDotAt(p, i) {
			return i
		}
	}
}

// rdsIndexDotSegmentBytes and rdsHasDotSegmentBytes are rdsIndexDotSegment
// and rdsHasDotSegment for a path being written: p is read as a string, not
// copied (nothing writes to it meanwhile).
func rdsIndexDotSegmentBytes(p []byte) int {
	return rdsIndexDotSegment(unsafe.String(unsafe.SliceData(p), len(p)))
}

func rdsHasDotSegmentBytes(p []byte) bool { return rdsIndexDotSegmentBytes(p) >= 0 }

// rdsDotAt reports whether the segment of p that starts at i is "." or "..".
func rdsDotAt(p string, i int) bool {
	if i >= len(p) || p[i] != '.' {
		return false
	}
	k := i + 1
	if k < len(p) && p[k] == '.' {
		k++
	}
	return k == len(p) || p[k] == '/'
}

// rdsInPlace runs remove_dot_segments (§5.2.4) on b, in place, and returns
// the length of the result, which is in b[:n]. The input buffer is b[r:] and
// the output buffer b[:w]; every step consumes at least as much input as it
// writes, so w <= r throughout and the output never overwrites input yet to
// be read.
//
// It goes a segment at a time. Rules A and D of §5.2.4, step 2, can only
// apply while the input does not start with "/": to a leading run of "../"
// and "./", and to what is left when it is "." or "..". Once the input
// starts with "/" it always does (B, C and E each leave a "/" or nothing),
// and each step looks at the segment after that "/": "." is rule B, ".."
// rule C, anything else rule E.
func rdsInPlace(b []byte) int { return rdsInPlaceFrom(b, 0) }

// rdsInPlaceFrom is rdsInPlace for a b whose first dot segment starts at
// offset from, or later: what comes before it, output of rule E unchanged,
// stays in place.
func rdsInPlaceFrom(b []byte, from int) int {
	r, w, n := 0, 0, len(b)
	if from > 0 { // b[from-1] == '/'
		r, w = from-1, from-1
		goto segments
	}
	// A and D.
	for r < n && b[r] == '.' {
		switch {
		case r+1 == n: // D: "."
			return 0
		case b[r+1] == '/': // A: "./"
			r += 2
		case b[r+1] != '.': // a name such as ".a"
			goto first
		case r+2 == n: // D: ".."
			return 0
		case b[r+2] == '/': // A: "../"
			r += 3
		default: // a name such as "..."
			goto first
		}
	}
first:
	// E, for a first segment without "/".
	for r < n && b[r] != '/' {
		b[w] = b[r]
		w++
		r++
	}
segments:
	for r < n { // b[r] == '/'
		if s := r + 1; s < n && b[s] == '.' {
			switch {
			case s+1 == n || b[s+1] == '/': // B: "/./" or a final "/." becomes "/"
				if r = s + 1; r == n {
					b[w] = '/'
					return w + 1
				}
				continue
			case b[s+1] == '.' && (s+2 == n || b[s+2] == '/'): // C: as B, and the last output segment goes
				w = rdsLastSlash(b[:w])
				if r = s + 2; r == n {
					b[w] = '/'
					return w + 1
				}
				continue
			}
		}
		// E: "/" and the segment move to the output, a byte at a time
		// (w <= r): segments are short, a call of copy costs more.
		b[w] = '/'
		w, r = w+1, r+1
		for r < n && b[r] != '/' {
			b[w] = b[r]
			w, r = w+1, r+1
		}
	}
	return w
}

// rdsLastSlash returns the index of the last "/" in b, or 0 when there is none:
// the length of b once its last segment and that "/" are gone.
func rdsLastSlash(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '/' {
			return i
		}
	}
	return 0
}
