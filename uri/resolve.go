package uri

import (
	"strings"

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
	return "uri: cannot " + e.Op + " " + what + " " + resolveQuote(e.Ref) + " against " + resolveQuote(e.Base) +
		": the base is a relative reference; a base URI needs a scheme (RFC 3986 §5.2.1)"
}

func resolveQuote(s string) string {
	s, _ = errtext.RedactURI(s, 0)
	return errtext.Quote(s, 0)
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
func (base URI) Resolve(ref URI) (URI, error) { return base.resolve(ref, false) }

// ResolveWith is Resolve with options: with opts.NonStrict it runs the
// non-strict variant of §5.2.2 (see ResolveOptions). With the zero options it
// is Resolve.
func (base URI) ResolveWith(ref URI, opts ResolveOptions) (URI, error) {
	return base.resolve(ref, opts.NonStrict)
}

func (base URI) resolve(ref URI, nonStrict bool) (URI, error) {
	if !base.has(slotScheme) {
		return URI{}, &ResolveError{Op: "resolve", Base: base.s, Ref: ref.s}
	}
	refScheme := ref.has(slotScheme)
	if refScheme && nonStrict && strings.EqualFold(ref.Scheme(), base.Scheme()) {
		refScheme = false
	}

	// Choose the source of each component (§5.2.2).
	var (
		schemeSrc, authSrc, querySrc URI
		dir, rpath                   string // the path is rds(dir + rpath), or base's path when keep
		keep                         bool
	)
	rpath = ref.Path()
	switch {
	case refScheme:
		schemeSrc, authSrc, querySrc = ref, ref, ref
	case ref.has(slotAuthority):
		schemeSrc, authSrc, querySrc = base, ref, ref
	case rpath == "":
		schemeSrc, authSrc = base, base
		keep = true
		if ref.has(slotQuery) {
			querySrc = ref
		} else {
			querySrc = base
		}
	default:
		schemeSrc, authSrc, querySrc = base, base, ref
		if rpath[0] != '/' { // merge (§5.2.3)
			bp := base.Path()
			if base.has(slotAuthority) && bp == "" {
				dir = "/"
			} else {
				dir = bp[:strings.LastIndexByte(bp, '/')+1]
			}
		}
	}

	scheme := schemeSrc.Scheme()
	auth, hasAuth := authSrc.get(slotAuthority)
	query, hasQuery := querySrc.get(slotQuery)
	frag, hasFrag := ref.get(slotFragment)

	var arr [256]byte
	buf := arr[:0]
	var sp [nslots]span
	if n := len(scheme) + len(auth) + len(dir) + len(rpath) + len(base.Path()) + len(query) + len(frag) + 8; n > len(arr) {
		buf = make([]byte, 0, n)
	}
	buf = refPut(buf, &sp, slotScheme, scheme)
	buf = append(buf, ':')
	if hasAuth {
		buf = refAppendAuthority(buf, &sp, authSrc)
	}
	p0 := len(buf)
	if keep {
		buf = append(buf, base.Path()...)
	} else {
		buf = append(buf, dir...)
		buf = append(buf, rpath...)
		if rdsHasDotSegment(buf[p0:]) {
			buf = buf[:p0+rdsInPlace(buf[p0:])]
		}
		if !hasAuth {
			buf = refFixDoubleSlash(buf, p0)
		}
	}
	sp[slotPath] = pathSpan(p0, len(buf))
	if hasQuery {
		buf = append(buf, '?')
		buf = refPut(buf, &sp, slotQuery, query)
	}
	if hasFrag {
		buf = append(buf, '#')
		buf = refPut(buf, &sp, slotFragment, frag)
	}
	return URI{s: string(buf), sp: sp, host: authSrc.host}, nil
}

// refPut, refAppendAuthority and refFixDoubleSlash assemble the text of a
// URI and the spans of its components at once, so that the result needs no
// parse: each appends to buf a component that is valid where it goes, as the
// callers ensure (the tests parse every result back and compare). They take
// and return buf rather than work on a struct through a pointer, so that a
// caller's buffer can stay on its stack.

// refPut appends s to buf as component slot.
func refPut(buf []byte, sp *[nslots]span, slot int, s string) []byte {
	lo := len(buf) + 1
	buf = append(buf, s...)
	sp[slot] = span{int32(lo), int32(len(buf))}
	return buf
}

// refAppendAuthority appends "//" and the authority of src, with the spans
// of its subcomponents.
func refAppendAuthority(buf []byte, sp *[nslots]span, src URI) []byte {
	buf = append(buf, '/', '/')
	start := len(buf)
	shift := int32(start) - (src.sp[slotAuthority].lo - 1)
	buf = append(buf, src.Authority()...)
	sp[slotAuthority] = span{int32(start + 1), int32(len(buf))}
	if x := src.sp[slotUserInfo]; x.lo != 0 {
		sp[slotUserInfo] = span{x.lo + shift, x.hi + shift}
	}
	x := src.sp[slotHost] // always defined with the authority
	sp[slotHost] = span{x.lo + shift, x.hi + shift}
	if x := src.sp[slotPort]; x.lo != 0 {
		sp[slotPort] = span{x.lo + shift, x.hi + shift}
	}
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
	if !rdsHasDotSegment(path) {
		return path
	}
	b := []byte(path)
	return string(b[:rdsInPlace(b)])
}

// rdsHasDotSegment reports whether some "/"-separated segment of p is "." or "..".
func rdsHasDotSegment[T ~string | ~[]byte](p T) bool {
	for i := 0; i < len(p); i++ {
		if p[i] != '.' || (i > 0 && p[i-1] != '/') {
			continue
		}
		k := i + 1
		if k < len(p) && p[k] == '.' {
			k++
		}
		if k == len(p) || p[k] == '/' {
			return true
		}
	}
	return false
}

// rdsInPlace runs remove_dot_segments (§5.2.4) on b, in place, and returns
// the length of the result, which is in b[:n]. The input buffer is b[r:] and
// the output buffer b[:w]; every step consumes at least as much input as it
// writes, so w <= r throughout and the output never overwrites input yet to
// be read. Each case is one rule of §5.2.4, step 2.
func rdsInPlace(b []byte) int {
	r, w, n := 0, 0, len(b)
	for r < n {
		in := b[r:]
		switch {
		// A: a prefix "../" or "./" is removed.
		case len(in) >= 3 && in[0] == '.' && in[1] == '.' && in[2] == '/':
			r += 3
		case len(in) >= 2 && in[0] == '.' && in[1] == '/':
			r += 2
		// B: a prefix "/./" or "/." (complete) becomes "/".
		case len(in) >= 3 && in[0] == '/' && in[1] == '.' && in[2] == '/':
			r += 2
		case len(in) == 2 && in[0] == '/' && in[1] == '.':
			r++
			b[r] = '/'
		// C: a prefix "/../" or "/.." (complete) becomes "/", and the last
		// segment of the output goes, with its "/" if any.
		case len(in) >= 4 && in[0] == '/' && in[1] == '.' && in[2] == '.' && in[3] == '/':
			r += 3
			w = rdsLastSlash(b[:w])
		case len(in) == 3 && in[0] == '/' && in[1] == '.' && in[2] == '.':
			r += 2
			b[r] = '/'
			w = rdsLastSlash(b[:w])
		// D: an input of only "." or ".." is removed.
		case len(in) == 1 && in[0] == '.', len(in) == 2 && in[0] == '.' && in[1] == '.':
			r = n
		// E: the first segment, with its leading "/" if any, moves to the output.
		default:
			j := 0
			if in[0] == '/' {
				j = 1
			}
			for j < len(in) && in[j] != '/' {
				j++
			}
			w += copy(b[w:], in[:j])
			r += j
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
