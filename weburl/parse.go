package weburl

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// Parse parses input as the URL Standard's URL parser does with no base
// (JavaScript's new URL(input)). A relative reference is an error: parse it
// against a base with URL.Parse.
func Parse(input string) (URL, error) {
	u, err := parse(input, nil, nil)
	if err != nil {
		return URL{}, err
	}
	return u, nil
}

// Parse parses ref with u as the base URL (JavaScript's new URL(ref, u)).
// The zero URL means no base, as Parse.
func (u URL) Parse(ref string) (URL, error) {
	var base *URL
	if u.href != "" {
		base = &u
	}
	r, err := parse(ref, base, nil)
	if err != nil {
		return URL{}, err
	}
	return r, nil
}

// ParseValidated parses input against base (the zero URL for none) as
// URL.Parse does, and also returns the validation errors the standard names
// on the way: the places where input is not a valid URL string and a
// browser silently repaired it ("invalid-URL-unit", "invalid-credentials",
// "IPv4-non-decimal-part", …), in input order, with offsets into input.
// When parsing fails, the last validation error is the one that failed it
// (Failure is true) and err is an *Error.
func ParseValidated(input string, base URL) (URL, []ValidationError, error) {
	var b *URL
	if base.href != "" {
		b = &base
	}
	v := &validations{}
	u, err := parse(input, b, v)
	if err != nil {
		return URL{}, v.list, err
	}
	return u, v.list, nil
}

// parse runs the basic URL parser on input with base (nil for none). It
// returns a nil *Error as a nil error interface only through its callers.
func parse(input string, base *URL, v *validations) (URL, *Error) {
	p := parser{orig: input, v: v}
	state, start := stScheme, 0
	if v == nil {
		u, ok, resume := parseFast(input)
		if ok {
			return u, nil
		}
		if resume >= 0 && input[len(input)-1] > ' ' && !mayNeedCleaning(input[resume:]) {
			// The scheme and authority are already canonical and the rest
			// needs no cleaning: the state machine goes on from the path
			// start state with them copied.
			p.u, p.in = u, input
			state, start = stPathStart, resume
		}
	}
	if base != nil {
		// A copy: a pointer kept in the parser would make the caller's URL
		// escape to the heap.
		p.base, p.hasBase = *base, true
	}
	sp := scratch.Get().(*[]byte)
	p.buf = (*sp)[:0]
	if state == stScheme {
		p.clean(input)
	} else {
		p.buf = append(p.buf, input[:start]...)
	}
	ok := p.run(state, start)
	if ok && uint64(len(p.buf)) > maxHref {
		// The offsets are uint32s.
		ok = p.fail("input-too-long", 0)
	}
	u := p.u
	if ok {
		if string(p.buf) == input {
			u.href = input
		} else {
			u.href = string(p.buf)
		}
	}
	if cap(p.buf) <= maxScratch {
		*sp = p.buf
		scratch.Put(sp)
	}
	if !ok {
		return URL{}, p.err
	}
	return u, nil
}

// scratch holds the buffers the parser writes an href into before it knows
// whether the href is the input itself (no allocation then) or needs a new
// string; maxScratch bounds what it keeps.
var scratch = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

const maxScratch = 64 << 10

// maxHref is the longest href a URL holds: its offsets are uint32s.
const maxHref = 1<<32 - 1

// parser is the state of one run of the basic URL parser. It writes the
// serialization into buf in order, as the components are found, and keeps
// their offsets in u.
type parser struct {
	orig string // the input as the caller gave it
	in   string // the input without leading/trailing C0 control or space and tab or newline
	// lead is the number of bytes trimmed in front; dirty says tab/newline
	// was removed or invalid UTF-8 replaced, so offsets need mapping.
	lead  int
	dirty bool
	// mapIn and mapOut are where origOffset's last walk stopped: an offset
	// in orig and the matching one in in.
	mapIn, mapOut int
	buf           []byte
	// base is the base URL when hasBase.
	base    URL
	hasBase bool
	v       *validations
	u       URL
	err     *Error
	// override is the setters' state override: '?' and '#' do not end a
	// path.
	override bool
	// check is CanParse's mode: the scheme, the host and the port are
	// checked but not written, and a failure makes no *Error.
	check bool
}

// clean performs the parser's first steps: strip leading and trailing C0
// control or space, remove ASCII tab or newline. Invalid UTF-8 bytes are
// read as U+FFFD each (the standard works on scalar values; a Go string may
// hold any bytes).
func (p *parser) clean(s string) {
	start, end := 0, len(s)
	for start < end && s[start] <= ' ' {
		start++
	}
	for end > start && s[end-1] <= ' ' {
		end--
	}
	if start > 0 {
		p.valid("invalid-URL-unit", 0)
	} else if end < len(s) {
		p.valid("invalid-URL-unit", end) // p.lead is still 0: an offset in s
	}
	p.lead = start
	s = s[start:end]
	if mayNeedCleaning(s) {
		if strings.ContainsAny(s, "\t\n\r") {
			p.valid("invalid-URL-unit", strings.IndexAny(s, "\t\n\r"))
			var b strings.Builder
			b.Grow(len(s))
			for i := 0; i < len(s); i++ {
				if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
					b.WriteByte(c)
				}
			}
			s = b.String()
			p.dirty = true
		}
		if !utf8.ValidString(s) {
			s = toValidUTF8(s)
			p.dirty = true
		}
	}
	p.in = s
}

// mayNeedCleaning reports whether s has a byte below 0x0E (a tab or
// newline among them) or above 0x7F (perhaps invalid UTF-8), testing eight
// bytes at a time: ((w - 0x0E…) | w) has a byte's high bit set exactly when
// that byte is below 0x0E or above 0x7F (a borrow only ever follows such a
// byte).
func mayNeedCleaning(s string) bool {
	const lo, hi = 0x0E0E0E0E0E0E0E0E, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		t := s[i : i+8]
		w := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
			uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
		if ((w-lo)|w)&hi != 0 {
			return true
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x0E || c >= 0x80 {
			return true
		}
	}
	return false
}

// toValidUTF8 replaces every byte of s that does not start a valid UTF-8
// sequence with U+FFFD, as a Go range loop reads s.
func toValidUTF8(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(r)
	}
	return b.String()
}

// origOffset maps an offset in p.in to the offset in the caller's input.
func (p *parser) origOffset(off int) int {
	if !p.dirty {
		return p.lead + off
	}
	// Walk the original input the way clean did, counting output bytes,
	// from where the last call stopped: validation errors come mostly in
	// input order, so the walks add up to one pass.
	if off < p.mapOut || p.mapIn < p.lead {
		p.mapIn, p.mapOut = p.lead, 0
	}
	s := p.orig
	i, o := p.mapIn, p.mapOut
	for i < len(s) && o < off {
		c := s[i]
		if c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		o += utf8.RuneLen(r)
	}
	p.mapIn, p.mapOut = i, o
	for i < len(s) && (s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// valid records a validation error at offset off of p.in.
func (p *parser) valid(typ string, off int) {
	if p.v != nil {
		p.v.list = append(p.v.list, ValidationError{Type: typ, Offset: p.origOffset(off)})
	}
}

// fail records the failure typ at offset off of p.in and returns false.
func (p *parser) fail(typ string, off int) bool {
	if p.check {
		return false
	}
	o := p.origOffset(off)
	if p.v != nil {
		p.v.list = append(p.v.list, ValidationError{Type: typ, Offset: o, Failure: true})
	}
	p.err = newError(p.orig, o, typ)
	return false
}

// hostFail turns the host parser's error, whose offset is relative to the
// host text at off, into the parser's failure.
func (p *parser) hostFail(e *Error, off int) bool {
	o := p.origOffset(off + e.Offset)
	if p.v != nil {
		p.v.list = append(p.v.list, ValidationError{Type: e.Type, Offset: o, Failure: true})
	}
	err := newError(p.orig, o, e.Type)
	if e.Hint != "" {
		err.Hint = e.Hint
	}
	p.err = err
	return false
}

// The stop tables of the loops that copy runs: a byte is in a table when it
// ends the component or needs percent-encoding.
var (
	authorityStopSpecial = stopTable(nil, "@:[]/?#\\")
	authorityStopOther   = stopTable(nil, "@:[]/?#")
	pathStopSpecial      = stopTable(&pathSet, "/?#\\")
	pathStopOther        = stopTable(&pathSet, "/?#")
	queryStopSpecial     = stopTable(&specialQuerySet, "#")
	queryStopOther       = stopTable(&querySet, "#")
)

// stopTable returns set (nil for none) with the bytes of extra added.
func stopTable(set *encodeSet, extra string) (t [256]bool) {
	if set != nil {
		t = *set
	}
	for i := 0; i < len(extra); i++ {
		t[extra[i]] = true
	}
	return t
}

// finish applies the serializer's one rewrite: a URL without a host whose
// path starts with an empty segment and has more than one gets "/." in front
// of the path, so that the href does not read back as a host.
func (p *parser) finish() bool {
	u := &p.u
	if u.host == hostNone && !u.opaquePath() {
		ps := int(u.pathStart)
		if len(p.buf) >= ps+2 && p.buf[ps] == '/' && p.buf[ps+1] == '/' {
			p.buf = append(p.buf, 0, 0)
			copy(p.buf[ps+2:], p.buf[ps:])
			p.buf[ps], p.buf[ps+1] = '/', '.'
			u.pathStart += 2
			u.queryStart += 2
			u.fragStart += 2
		}
	}
	return true
}

// writeScheme appends the lower-cased scheme and ':'.
func (p *parser) writeScheme(s string) {
	if p.check {
		p.u.scheme, p.u.schemeEnd = onlySpecial(facts.LookupFold(s)), uint32(len(s))
		return
	}
	if !hasUpper(s) {
		p.buf = append(p.buf, s...)
		p.u.scheme = specialScheme(s)
		p.u.schemeEnd = uint32(len(p.buf))
		p.buf = append(p.buf, ':')
		return
	}
	for k := 0; k < len(s); k++ {
		c := s[k]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		p.buf = append(p.buf, c)
	}
	p.u.scheme = onlySpecial(facts.LookupFold(s))
	p.u.schemeEnd = uint32(len(p.buf))
	p.buf = append(p.buf, ':')
}

func hasUpper(s string) bool {
	for k := 0; k < len(s); k++ {
		if 'A' <= s[k] && s[k] <= 'Z' {
			return true
		}
	}
	return false
}

// noHost records a null host: the path follows the scheme.
func (p *parser) noHost() {
	e := uint32(len(p.buf))
	p.u.usernameEnd, p.u.hostStart, p.u.hostEnd, p.u.pathStart = e, e, e, e
	p.u.host = hostNone
}

// emptyHost writes "//" and the empty host.
func (p *parser) emptyHost() {
	p.buf = append(p.buf, '/', '/')
	e := uint32(len(p.buf))
	p.u.usernameEnd, p.u.hostStart, p.u.hostEnd = e, e, e
	p.u.host = hostEmpty
}

// parseHost runs the host parser on in[i:j] and appends the host.
func (p *parser) parseHost(i, j int, opaque bool) bool {
	if p.check {
		return checkHost(p.in[i:j], opaque, &p.buf)
	}
	p.u.hostStart = uint32(len(p.buf))
	var v *validations
	if p.v != nil {
		v = &validations{}
	}
	buf, kind, err := appendHost(p.buf, p.in[i:j], opaque, v)
	if v != nil {
		for _, e := range v.list {
			p.valid(e.Type, i+e.Offset)
		}
	}
	if err != nil {
		return p.hostFail(err, i)
	}
	p.buf = buf
	p.u.hostEnd = uint32(len(p.buf))
	p.u.host = kind
	return true
}

// writePort appends ':' and the port digits unless they are the scheme's
// default port; digits starts at offset off.
func (p *parser) writePort(digits string, off int) bool {
	k := 0
	for k < len(digits)-1 && digits[k] == '0' {
		k++
	}
	d := digits[k:]
	if len(d) > 5 {
		return p.fail("port-out-of-range", off)
	}
	port := 0
	for k := 0; k < len(d); k++ {
		port = port*10 + int(d[k]-'0')
	}
	if port > 65535 {
		return p.fail("port-out-of-range", off)
	}
	if port != p.u.scheme.Port() {
		p.buf = append(p.buf, ':')
		p.buf = append(p.buf, d...)
	}
	return true
}

// copyBaseScheme copies the base's scheme.
func (p *parser) copyBaseScheme() {
	b := &p.base
	p.buf = append(p.buf[:0], b.href[:b.schemeEnd+1]...)
	p.u.schemeEnd = b.schemeEnd
	p.u.scheme = b.scheme
}

// copyBaseAuthority copies the base's username, password, host and port
// (after its scheme, which p.buf holds in the same bytes, so the offsets are
// the base's).
func (p *parser) copyBaseAuthority() {
	b := &p.base
	if b.host == hostNone {
		p.noHost()
		return
	}
	p.buf = append(p.buf, b.href[b.schemeEnd+1:b.pathStart]...)
	p.u.usernameEnd, p.u.hostStart, p.u.hostEnd = b.usernameEnd, b.hostStart, b.hostEnd
	p.u.host = b.host
}

// copyBasePath copies the base's path.
func (p *parser) copyBasePath() {
	p.u.pathStart = uint32(len(p.buf))
	p.buf = append(p.buf, p.base.Pathname()...)
}

// copyBaseQuery copies the base's query, when it has one.
func (p *parser) copyBaseQuery() {
	b := &p.base
	p.u.queryStart = uint32(len(p.buf))
	if b.hasQuery() {
		p.u.flags |= flagQuery
		p.buf = append(p.buf, b.href[b.queryStart:b.fragStart]...)
	}
}

// firstSegment returns path[0] of a URL without an opaque path, or "".
func (u *URL) firstSegment() string {
	path := u.Pathname()
	if path == "" {
		return ""
	}
	path = path[1:]
	if k := strings.IndexByte(path, '/'); k >= 0 {
		path = path[:k]
	}
	return path
}

// shorten removes the path's last segment (§4.2 "shorten a URL's path"),
// except a file URL's lone normalized Windows drive letter.
func (p *parser) shorten() {
	path := p.buf[p.u.pathStart:]
	if len(path) == 0 {
		return
	}
	if p.u.scheme == facts.File && len(path) == 3 && facts.NormalizedWindowsDriveLetter(string(path[1:])) {
		return
	}
	k := len(path) - 1
	for path[k] != '/' {
		k--
	}
	p.buf = p.buf[:int(p.u.pathStart)+k]
}

// appendEncoded appends s (at offset off of the input) percent-encoding
// the bytes in set, copying runs of bytes outside it at once.
func (p *parser) appendEncoded(s string, off int, set *encodeSet) {
	if p.v != nil {
		p.checkUnits(off, off+len(s))
	}
	p.buf = appendEscaped(p.buf, s, set)
}

// appendEscaped appends s to dst percent-encoding each byte in set, and
// copies runs of bytes outside it at once. s is valid UTF-8 (the parser and
// the setters repair their input first), so encoding each byte of a code
// point is the standard's UTF-8 percent-encode.
func appendEscaped(dst []byte, s string, set *encodeSet) []byte {
	start := 0
	for k := 0; k < len(s); k++ {
		c := s[k]
		if set[c] {
			dst = append(dst, s[start:k]...)
			dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
			start = k + 1
		}
	}
	return append(dst, s[start:]...)
}

// checkUnits reports invalid-URL-unit for each code point of in[i:j] that is
// not a URL code point, and each '%' not followed by two hex digits.
func (p *parser) checkUnits(i, j int) {
	in := p.in
	for k := i; k < j; {
		c := in[k]
		if c < utf8.RuneSelf {
			if c == '%' {
				if !(k+2 < len(in) && isHex(in[k+1]) && isHex(in[k+2])) {
					p.valid("invalid-URL-unit", k)
				}
			} else if !isURLCodePointASCII(c) {
				p.valid("invalid-URL-unit", k)
			}
			k++
			continue
		}
		r, size := utf8.DecodeRuneInString(in[k:])
		if !isNonASCIIURLCodePoint(r) {
			p.valid("invalid-URL-unit", k)
		}
		k += size
	}
}

// isURLCodePointASCII reports whether c is an ASCII URL code point (§4.3).
func isURLCodePointASCII(c byte) bool {
	return isAlpha(c) || isDigit(c) || strings.IndexByte("!$&'()*+,-./:;=?@_~", c) >= 0
}

// isNonASCIIURLCodePoint reports whether r (not ASCII) is a URL code point:
// U+00A0 to U+10FFFD, neither a surrogate nor a noncharacter.
func isNonASCIIURLCodePoint(r rune) bool {
	return r >= 0xA0 && r <= 0x10FFFD && !(0xD800 <= r && r <= 0xDFFF) &&
		!(0xFDD0 <= r && r <= 0xFDEF) && r&0xFFFE != 0xFFFE
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isHex(c byte) bool   { return isDigit(c) || ('a' <= c|0x20 && c|0x20 <= 'f') }
func isSchemeByte(c byte) bool {
	return isAlpha(c) || isDigit(c) || c == '+' || c == '-' || c == '.'
}

// isSingleDot reports whether s is a single-dot URL path segment: "." or
// "%2e", case-insensitively.
func isSingleDot(s []byte) bool {
	switch len(s) {
	case 1:
		return s[0] == '.'
	case 3:
		return s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e'
	}
	return false
}

// isDoubleDot reports whether s is a double-dot URL path segment: "..",
// ".%2e", "%2e." or "%2e%2e", case-insensitively.
func isDoubleDot(s []byte) bool {
	switch len(s) {
	case 2:
		return s[0] == '.' && s[1] == '.'
	case 4:
		return (s[0] == '.' && isSingleDot(s[1:])) || (s[3] == '.' && isSingleDot(s[:3]))
	case 6:
		return isSingleDot(s[:3]) && isSingleDot(s[3:])
	}
	return false
}
