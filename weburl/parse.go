package weburl

import (
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// Parse parses input as the URL Standard's URL parser does with no base
// (JavaScript's new URL(input)). A relative reference is an error: parse it
// against a base with URL.Parse.
func Parse(input string) (URL, error) {
	var f fastURL
	if f.read(input) && !f.edited() {
		f.u.href = input
		return f.u, nil
	}
	return parseAfterFast(input, nil, &f)
}

// Parse parses ref with u as the base URL (JavaScript's new URL(ref, u)).
// The zero URL means no base, as Parse.
func (u URL) Parse(ref string) (URL, error) {
	// The fast path needs no base: an input it takes starts with a scheme
	// and "//", and then the parser reads no base.
	var f fastURL
	if f.read(ref) && !f.edited() {
		f.u.href = ref
		return f.u, nil
	}
	var base *URL
	if u.href != "" {
		if !f.ok {
			if r, ok := u.resolveFast(ref); ok {
				return r, nil
			}
		}
		base = &u
	}
	return parseAfterFast(ref, base, &f)
}

// parseAfterFast parses input against base (nil for none) when the fast
// path did not find input to be its own serialization: f is what it read.
func parseAfterFast(input string, base *URL, f *fastURL) (URL, error) {
	if f.ok {
		return f.build("", input), nil
	}
	if f.resume < 0 || input[len(input)-1] <= ' ' || needsCleaning(input[f.resume:]) {
		f = nil
	}
	// With f, the scheme and authority are read and the rest needs no
	// cleaning: the state machine goes on from the path start state.
	u, err := parseFrom(input, base, nil, f)
	if err != nil {
		return URL{}, err
	}
	return u, nil
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
	u, err := parseFrom(input, b, v, nil)
	if err != nil {
		return URL{}, v.list, err
	}
	return u, v.list, nil
}

// parseFrom runs the state machine on input with base (nil for none),
// collecting validation errors in v (nil for none), from the start or,
// when f is not nil, from the path start state after the scheme and the
// authority f read.
func parseFrom(input string, base *URL, v *validations, f *fastURL) (URL, *Error) {
	p := parser{orig: input, v: v}
	baseLen := 0
	if base != nil {
		// A copy: a pointer kept in the parser would make the caller's URL
		// escape to the heap.
		p.base, p.hasBase = *base, true
		baseLen = len(base.href)
	}
	state, start := stScheme, 0
	if f == nil {
		p.clean(input)
	} else {
		p.u, p.in = f.u, input
		state, start = stPathStart, f.resume
	}
	// The href goes to a scratch buffer, then to a string of its size; a
	// long one, to a buffer of the most it can take, which becomes the
	// href: one allocation either way, but for an href that takes less
	// than a quarter of that buffer (dot segments), copied to its size.
	var sp *[]byte
	switch {
	case 3*len(p.in)+baseLen+hrefSlack <= maxScratch:
		sp = scratch.Get().(*[]byte)
		p.buf = (*sp)[:0]
	case base == nil && !hasScheme(p.in):
		// No scheme and no base: the no scheme state fails before it
		// writes a byte.
	default:
		p.buf = make([]byte, 0, hrefBound(p.in, baseLen))
	}
	if f != nil {
		p.buf = f.appendPrefix(p.buf, input)
	}
	ok := p.run(state, start)
	if ok && uint64(len(p.buf)) > maxHref {
		// The offsets are uint32s.
		ok = p.fail("input-too-long", 0)
	}
	u := p.u
	if ok {
		switch {
		case string(p.buf) == input:
			u.href = input
		case sp == nil && 4*len(p.buf) >= cap(p.buf):
			u.href = stringOf(p.buf)
		default:
			u.href = string(p.buf)
		}
	}
	p.releaseCleaned()
	if sp != nil && cap(p.buf) <= maxScratch {
		*sp = p.buf
		scratch.Put(sp)
	}
	if !ok {
		return URL{}, p.err
	}
	return u, nil
}

// hrefSlack is what an href may take beyond its input's bytes, each
// perhaps percent-encoded, and the base URL's href: the "/." of a path,
// "file:", "//" and an IPv4 address in dotted decimal.
const hrefSlack = 64

// hrefBound returns the most an href may take from in (cleaned) with a
// base URL of baseLen bytes, but for a host that UTS #46 maps: in, with two
// more bytes for each byte that the component it may be in percent-encodes,
// then the base's href and hrefSlack. The userinfo is before the first
// '/', '?' or '#' after the scheme's ':' and the slashes that follow it (or
// after the start), the path up to the first '?' or '#', the query up to
// the first '#'.
func hrefBound(in string, baseLen int) int {
	n := len(in) + baseLen + hrefSlack
	i := strings.IndexByte(in, ':') + 1
	for i < len(in) && (in[i] == '/' || in[i] == '\\') {
		i++
	}
	n += 2 * countIn(in[:i], &userinfoSet)
	end := i
	for end < len(in) && in[end] != '/' && in[end] != '?' && in[end] != '#' {
		end++
	}
	n += 2 * countIn(in[i:end], &userinfoSet)
	q := end
	for q < len(in) && in[q] != '?' && in[q] != '#' {
		q++
	}
	n += 2 * countIn(in[end:q], &pathSet)
	h := q
	for h < len(in) && in[h] != '#' {
		h++
	}
	n += 2*countIn(in[q:h], &specialQuerySet) + 2*countIn(in[h:], &fragmentSet)
	return n
}

// countIn returns the number of bytes of s in set.
func countIn(s string, set *encodeSet) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if set[s[i]] {
			n++
		}
	}
	return n
}

// stringOf returns b as a string without a copy; b is never written again.
func stringOf(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

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
	// cleaned is the scratch buffer that in is, when clean took one.
	cleaned *[]byte
}

// clean performs the parser's first steps: strip leading and trailing C0
// control or space, remove ASCII tab or newline. Invalid UTF-8 bytes are
// read as U+FFFD each (the standard works on scalar values; a Go string may
// hold any bytes). What it writes goes to one buffer, from scratch when
// it is short.
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
	p.in = s
	if !mayNeedCleaning(s) {
		return
	}
	tabs, high, first := 0, 0, -1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\t' || c == '\n' || c == '\r':
			if first < 0 {
				first = i
			}
			tabs++
		case c >= utf8.RuneSelf:
			high++
		}
	}
	if first >= 0 {
		p.valid("invalid-URL-unit", first)
	} else if utf8.ValidString(s) {
		return
	}
	// Room for every byte above 0x7F to become U+FFFD's three.
	size := len(s) - tabs + 2*high
	var buf []byte
	if size <= maxScratch {
		p.cleaned = scratch.Get().(*[]byte)
		buf = *p.cleaned
	}
	if cap(buf) < size {
		buf = make([]byte, 0, size)
	}
	buf = appendClean(buf[:0], s, tabs)
	if p.cleaned != nil {
		*p.cleaned = buf
	}
	p.in = stringOf(buf)
	p.dirty = true
}

// releaseCleaned gives the buffer of the cleaned input back to scratch.
func (p *parser) releaseCleaned() {
	if p.cleaned != nil && cap(*p.cleaned) <= maxScratch {
		scratch.Put(p.cleaned)
	}
	p.cleaned = nil
}

// appendClean writes s without its tabs tabs and newlines, then with each
// byte that does not start valid UTF-8 read as U+FFFD, at the start of dst,
// whose capacity is at least their length with two more bytes for each
// byte of s above 0x7F: the text without tabs is first written at the end
// of that capacity, then decoded from there to the front, the writer never
// catching up with the reader (it is ahead by at most two bytes for each
// U+FFFD written, and there are as many bytes above 0x7F still to read).
func appendClean(dst []byte, s string, tabs int) []byte {
	full := dst[:cap(dst)]
	r := len(full) - (len(s) - tabs)
	w := r
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
			full[w] = c
			w++
		}
	}
	tail := full[r:]
	if utf8.Valid(tail) {
		return full[:copy(full, tail)]
	}
	o := 0
	for r < len(full) {
		c, size := utf8.DecodeRune(full[r:])
		if c == utf8.RuneError && size == 1 {
			o += copy(full[o:], "\uFFFD")
		} else {
			o += copy(full[o:], full[r:r+size])
		}
		r += size
	}
	return full[:o]
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
// host text at off, into the parser's failure. The host parser makes a
// new *Error for each failure, which becomes the parser's: its input and
// offset set, its hint kept or the parser's.
func (p *parser) hostFail(e *Error, off int) bool {
	o := p.origOffset(off + e.Offset)
	if p.v != nil {
		p.v.list = append(p.v.list, ValidationError{Type: e.Type, Offset: o, Failure: true})
	}
	switch {
	case e.Hint == "":
		e.Hint = hint(e.Type)
	case p.cleaned != nil:
		// A hint may quote the host, in the scratch buffer of the
		// cleaned input, which goes back to the pool.
		e.Hint = strings.Clone(e.Hint)
	}
	e.Input, e.Offset = redact(p.orig), o
	p.err = e
	return false
}

// The stop tables of the loops that copy runs: a byte is in a table when it
// ends the component or needs percent-encoding.
var (
	authorityStopSpecial = stopTable(nil, "@:[]/?#\\")
	authorityStopOther   = stopTable(nil, "@:[]/?#")
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
