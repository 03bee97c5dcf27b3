package uri

import "strings"

// NormalizeSyntax returns u in the normal form of syntax-based normalization
// (RFC 3986 §6.2.2):
//
//   - case (§6.2.2.1): the scheme and the host are lower-cased, IPv6 and
//     IPvFuture hexadecimal digits included; the hexadecimal digits of every
//     percent-encoded triplet, in every component, are upper-cased ("%7b"
//     becomes "%7B"); nothing else changes case;
//   - percent-encoding (§6.2.2.2): every triplet that encodes an unreserved
//     character (§2.3: ALPHA, DIGIT, "-", ".", "_", "~") is decoded, in every
//     component ("%7e" becomes "~", "%41" in a host becomes "a"), but for
//     the segments of a relative-path reference that would decode to a dot
//     segment (see below);
//   - path segments (§6.2.2.3): dot segments are removed after decoding (so
//     "%2E%2E" counts as ".."), in the RFC's order.
//
// The result parses as the same kind of reference as u: a URI stays a URI, a
// relative reference stays relative, an authority stays, and the host keeps
// its HostKind, but for a reg-name that decodes to an IPv4 address (below).
// NormalizeSyntax is idempotent. The policies where §6.2.2 is silent or would
// change the meaning of u:
//
//   - URIs and absolute paths: RemoveDotSegments runs on the path of a URI
//     with a scheme, of a reference with an authority, and of an
//     absolute-path reference ("/a/./b/../c" becomes "/a/c").
//   - Relative-path references: removing dot segments as §5.2.4 does would
//     change where they point ("../a" would become "a"), so their path is
//     normalized as a relative path: "." segments go, a ".." removes the
//     segment before it, and the ".." segments that climb above the start are
//     kept in front ("a/./b/../../../c" becomes "../c"). A path that ends in a
//     dot segment ends in "/" ("a/.." becomes "./", ".." becomes "../"),
//     and one that would be empty, start with "/" or hold a ":" in its first
//     segment gets "./" in front, so that it still resolves, against any base
//     with an authority or an absolute path, to what u resolves to. For the
//     same reason a segment that would decode to "." or ".." ("%2e",
//     ".%2E") keeps its triplets, upper-cased, and counts as a name, as it
//     does when the reference is resolved (§5.2.4 compares segments as
//     written): base "http://h/a/" takes "%2e/.." to "http://h/a/", and so
//     its normal form "./", where "../" would give "http://h/". In a URI and
//     in a path that starts with "/", no base path comes in: there the
//     triplets are decoded and the dot segments removed (§6.2.2.3).
//   - Double-slash path: a path without an authority that would start with
//     "//" gets "/." in front, as in Resolve ("s:/.//a" stays "s:/.//a").
//   - A reg-name that decodes to an IPv4address ("127.0.0.%31") is decoded
//     like any other (§6.2.2.2) and then is the IPv4 address "127.0.0.1"
//     (§3.2.2, first match wins): the reg-name "127.0.0.1", looked up, names
//     the same host. HostKind tells IPv4.
//   - The port, an empty one included, and empty components stay: dropping
//     them is scheme-based (§6.2.3, see Normalize).
func (u URI) NormalizeSyntax() URI { return u.normalize(false) }

// Normalize returns u in normal form: NormalizeSyntax (§6.2.2), then the
// scheme-based normalization of §6.2.3 for a scheme registered with
// RegisterScheme (compared case-insensitively). By default http, https, ws,
// wss and ftp are known: a port that is empty or equals the scheme's default
// (80, 443, 80, 443, 21; compared as numbers, so "080" is 80) is dropped with
// its ":", and an empty path with an authority becomes "/". So
// "http://example.com", "http://example.com/", "http://example.com:/" and
// "http://example.com:80/" all normalize to "http://example.com/" (§6.2.3).
// Empty queries and fragments stay ("http://example.com/?" differs, §6.2.3).
//
// The result parses as the same kind of reference as u, and Normalize is
// idempotent: u.Normalize().Normalize() == u.Normalize().
func (u URI) Normalize() URI { return u.normalize(true) }

// Equal reports whether u and v are the same URI reference: the same
// components, byte for byte (simple string comparison, §6.2.1).
func (u URI) Equal(v URI) bool { return u.s == v.s }

// Equivalent reports whether u and v are equal after Normalize: equivalent
// under syntax-based and scheme-based normalization (§6.2.2, §6.2.3).
// §6.1 advises to resolve relative references before comparing them;
// Equivalent compares them as they are.
func (u URI) Equivalent(v URI) bool {
	if u.s == v.s {
		return true
	}
	return u.Normalize().s == v.Normalize().s
}

// normalize is NormalizeSyntax and Normalize. It, isNormal and
// normalizeWrite take u by pointer and read it with get and has: a value
// method (Path, …), inlined, would copy the 96-byte URI first.
func (u *URI) normalize(schemeBased bool) URI {
	if u.isNormal(schemeBased) {
		return *u
	}
	return u.normalizeWrite(schemeBased)
}

// normalizeWrite is normalize without the check isNormal: it writes the
// normal form of u, and returns u itself when that is u's text.
func (u *URI) normalizeWrite(schemeBased bool) URI {
	var arr [256]byte
	buf := arr[:0]
	var sp [nslots]span
	if n := len(u.s) + 4; n > len(arr) {
		buf = make([]byte, 0, n)
	}
	var rule SchemeRule
	hasRule := false
	if scheme, ok := u.get(slotScheme); ok {
		sp[slotScheme].lo = 1
		for i := 0; i < len(scheme); i++ {
			buf = append(buf, normLower(scheme[i]))
		}
		sp[slotScheme].hi = int32(len(buf))
		if schemeBased {
			rule, hasRule = schemeRule(string(buf))
		}
		buf = append(buf, ':')
	}
	hasAuth := u.has(slotAuthority)
	kind := u.host
	if hasAuth {
		buf = append(buf, '/', '/')
		sp[slotAuthority].lo = int32(len(buf) + 1)
		if ui, ok := u.get(slotUserInfo); ok {
			sp[slotUserInfo].lo = int32(len(buf) + 1)
			buf = normPctAppend(buf, ui, true, false)
			sp[slotUserInfo].hi = int32(len(buf))
			buf = append(buf, '@')
		}
		host, _ := u.get(slotHost)
		sp[slotHost].lo = int32(len(buf) + 1)
		switch u.host {
		case RegName:
			h0 := len(buf)
			buf = normPctAppend(buf, host, true, true)
			if strings.IndexByte(host, '%') >= 0 && isIPv4(string(buf[h0:])) {
				kind = IPv4 // "127.0.0.%31" decodes to "127.0.0.1" (§6.2.2.2), which §3.2.2 reads as IPv4
			}
		case IPv6, IPvFuture:
			for i := 0; i < len(host); i++ {
				buf = append(buf, normLower(host[i]))
			}
		default:
			buf = append(buf, host...)
		}
		sp[slotHost].hi = int32(len(buf))
		if port, ok := u.get(slotPort); ok && !(hasRule && (port == "" || normSamePort(port, rule.DefaultPort))) {
			buf = append(buf, ':')
			buf = refPut(buf, &sp, slotPort, port)
		}
		sp[slotAuthority].hi = int32(len(buf))
	}

	p0 := len(buf)
	path, _ := u.get(slotPath)
	if !hasAuth && !u.has(slotScheme) && path != "" && path[0] != '/' && strings.IndexByte(path, '%') >= 0 {
		buf = normRelPctAppend(buf, path)
	} else {
		buf = normPctAppend(buf, path, true, false)
	}
	switch {
	case hasAuth || u.has(slotScheme) || path != "" && path[0] == '/':
		if rdsHasDotSegmentBytes(buf[p0:]) {
			buf = buf[:p0+rdsInPlace(buf[p0:])]
		}
		if !hasAuth {
			buf = refFixDoubleSlash(buf, p0)
		}
	case path != "" && rdsHasDotSegmentBytes(buf[p0:]):
		rel := normRelPath(make([]byte, 0, len(buf)-p0+3), buf[p0:])
		buf = append(buf[:p0], rel...)
	}
	if hasAuth && hasRule && rule.EmptyPathIsSlash && len(buf) == p0 {
		buf = append(buf, '/')
	}
	sp[slotPath] = pathSpan(p0, len(buf))

	if q, ok := u.get(slotQuery); ok {
		buf = append(buf, '?')
		sp[slotQuery].lo = int32(len(buf) + 1)
		buf = normPctAppend(buf, q, true, false)
		sp[slotQuery].hi = int32(len(buf))
	}
	if f, ok := u.get(slotFragment); ok {
		buf = append(buf, '#')
		sp[slotFragment].lo = int32(len(buf) + 1)
		buf = normPctAppend(buf, f, true, false)
		sp[slotFragment].hi = int32(len(buf))
	}
	if string(buf) == u.s { // no allocation: u is already normal
		return *u
	}
	return URI{s: string(buf), sp: sp, host: kind}
}

// isNormal reports whether normalize would return u unchanged, by reading u
// once, without writing: a scheme without upper case, a host without upper
// case, no triplet in lower-case hex or encoding an unreserved character,
// no dot segment, and for scheme-based normalization no port or empty path
// that the scheme's rule drops or changes. It may answer false for some
// URIs that are normal; normalize then finds out by writing the normal
// form.
func (u *URI) isNormal(schemeBased bool) bool {
	scheme, hasScheme := u.get(slotScheme)
	if normHasUpper(scheme) {
		return false
	}
	hasAuth := u.has(slotAuthority)
	path, _ := u.get(slotPath)
	if hasAuth {
		if host, _ := u.get(slotHost); u.host != IPv4 && normHasUpper(host) {
			return false
		}
		if schemeBased && hasScheme {
			if rule, ok := schemeRule(scheme); ok {
				port, hasPort := u.get(slotPort)
				if hasPort && (port == "" || normSamePort(port, rule.DefaultPort)) ||
					rule.EmptyPathIsSlash && path == "" {
					return false
				}
			}
		}
	} else if len(path) >= 2 && path[0] == '/' && path[1] == '/' {
		return false
	}
	// Every triplet, in any component, must be upper-case and encode a
	// reserved or other character: such a triplet stays as it is. The
	// triplets that follow a triplet (percent-encoded UTF-8 comes in runs)
	// are read without a call of IndexByte each.
	for s := u.s; ; {
		i := strings.IndexByte(s, '%')
		if i < 0 {
			break
		}
		for ; i < len(s) && s[i] == '%'; i += 3 {
			if i+2 >= len(s) {
				return false
			}
			h, l := s[i+1], s[i+2]
			if 'a' <= h && h <= 'f' || 'a' <= l && l <= 'f' || unreservedSet.contains(normPctHexVal(h)<<4|normPctHexVal(l)) {
				return false
			}
		}
		s = s[i:]
	}
	return !rdsHasDotSegment(path)
}

// normHasUpper reports whether s, ASCII text (a component of a parsed URI),
// holds an upper-case letter. It reads eight bytes at a time, or four: a
// byte b below 0x80 is in 'A'..'Z' exactly when b+0x3F has its high bit set
// and b+0x25 has not, and no sum carries into the next byte. The last word
// is the last eight (or four) bytes of s, overlapping the one before: no
// byte-by-byte tail but below four bytes.
func normHasUpper(s string) bool {
	n := len(s)
	switch {
	case n >= 8:
		for i := 0; i < n-8; i += 8 {
			if normUpper8(s[i : i+8]) {
				return true
			}
		}
		return normUpper8(s[n-8:])
	case n >= 4:
		return normUpper4(s[:4]) || normUpper4(s[n-4:])
	}
	for i := range n {
		if s[i]-'A' < 26 {
			return true
		}
	}
	return false
}

// normUpper8 is normHasUpper for the first eight bytes of w.
func normUpper8(w string) bool {
	const ones = 0x0101010101010101
	_ = w[7]
	x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
	return (x+0x3F*ones)&^(x+0x25*ones)&(0x80*ones) != 0
}

// normUpper4 is normHasUpper for the first four bytes of w.
func normUpper4(w string) bool {
	const ones = 0x01010101
	_ = w[3]
	x := uint32(w[0]) | uint32(w[1])<<8 | uint32(w[2])<<16 | uint32(w[3])<<24
	return (x+0x3F*ones)&^(x+0x25*ones)&(0x80*ones) != 0
}

// normSamePort reports whether the port digits p and the default port d are the
// same number (leading zeros aside).
func normSamePort(p, d string) bool {
	if d == "" {
		return false
	}
	return strings.TrimLeft(p, "0") == strings.TrimLeft(d, "0")
}

func normLower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

func normPctHexVal(b byte) byte {
	switch {
	case '0' <= b && b <= '9':
		return b - '0'
	case 'a' <= b && b <= 'f':
		return b - 'a' + 10
	}
	return b - 'A' + 10
}

func normPctUpperHex(b byte) byte {
	if 'a' <= b && b <= 'f' {
		return b - 'a' + 'A'
	}
	return b
}

// normPctAppend appends s to dst with its percent-encoded triplets
// normalized (§6.2.2.1, §6.2.2.2): a triplet that encodes an unreserved
// character is decoded when decode is set, and the hex digits of the others
// are upper-cased. With lowerCase, letters outside triplets, and decoded
// ones, are lower-cased. s must be valid: every "%" starts a triplet.
func normPctAppend(dst []byte, s string, decode, lowerCase bool) []byte {
	if !lowerCase { // copy the runs between triplets whole
		for {
			i := strings.IndexByte(s, '%')
			if i < 0 || i+2 >= len(s) {
				return append(dst, s...)
			}
			dst = append(dst, s[:i]...)
			// The triplet, and those that follow it (percent-encoded
			// UTF-8 comes in runs) without a call of IndexByte each.
			for s = s[i:]; len(s) >= 3 && s[0] == '%'; s = s[3:] {
				if v := normPctHexVal(s[1])<<4 | normPctHexVal(s[2]); decode && unreservedSet.contains(v) {
					dst = append(dst, v)
				} else {
					dst = append(dst, '%', normPctUpperHex(s[1]), normPctUpperHex(s[2]))
				}
			}
		}
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b == '%' && i+2 < len(s) {
			v := normPctHexVal(s[i+1])<<4 | normPctHexVal(s[i+2])
			if decode && unreservedSet.contains(v) {
				b = v
			} else {
				dst = append(dst, '%', normPctUpperHex(s[i+1]), normPctUpperHex(s[i+2]))
				i += 2
				continue
			}
			i += 2
		}
		if lowerCase {
			b = normLower(b)
		}
		dst = append(dst, b)
	}
	return dst
}

// normRelPctAppend appends the path p of a relative-path reference to dst
// with its triplets normalized as normPctAppend does, except in a segment
// that would decode to "." or "..": there the triplets stay, their hex digits
// upper-cased ("%2e" becomes "%2E"). Resolution does not decode (§5.2.4 takes
// "%2E" for a name, not a dot segment), so decoding it would change where the
// reference leads once merged with a base path: see the policy
// "relative-path references" of NormalizeSyntax.
func normRelPctAppend(dst []byte, p string) []byte {
	for {
		seg, rest, more := strings.Cut(p, "/")
		d0 := len(dst)
		dst = normPctAppend(dst, seg, true, false)
		if d := string(dst[d0:]); (d == "." || d == "..") && d != seg {
			dst = normPctAppend(dst[:d0], seg, false, false)
		}
		if !more {
			return dst
		}
		dst = append(dst, '/')
		p = rest
	}
}

// normRelPath normalizes the dot segments of a relative-path
// reference's path p (not empty, not starting with "/"), appending the result
// to dst: the policy "relative-path references" of NormalizeSyntax.
func normRelPath(dst, p []byte) []byte {
	ups, nseg := 0, 0
	var out []byte // the kept segments, joined with "/"
	dir := false   // the path ends in a dot segment
	for start := 0; start <= len(p); {
		end := start
		for end < len(p) && p[end] != '/' {
			end++
		}
		seg := p[start:end]
		last := end == len(p)
		switch string(seg) {
		case ".":
			dir = last
		case "..":
			if nseg > 0 {
				out = out[:rdsLastSlash(out)]
				nseg--
			} else {
				ups++
			}
			dir = last
		default:
			if nseg > 0 {
				out = append(out, '/')
			}
			out = append(out, seg...)
			nseg++
		}
		start = end + 1
	}
	if dir && nseg > 0 {
		out = append(out, '/')
	}
	first := out
	if i := strings.IndexByte(string(out), '/'); i >= 0 {
		first = out[:i]
	}
	if ups == 0 && (len(out) == 0 || out[0] == '/' || strings.IndexByte(string(first), ':') >= 0) {
		dst = append(dst, '.', '/')
	}
	for range ups {
		dst = append(dst, '.', '.', '/')
	}
	return append(dst, out...)
}
