// Package webhost tells whether browsers read the same host and port in a
// text as RFC 3986 does. It holds the part of the WHATWG URL Standard that
// decides which host a URL names: the basic URL parser (§4.4) from the
// input's start to the end of its authority (the special schemes' slashes
// and backslashes, the file host state, the relative states against a
// base) and the host parser (§3.5) on what it finds there (percent-
// decoding, the UTS #46 mapping of a domain, the IPv4 parser). It sets that
// reading against RFC 3986's split of the same text (§3, as package uri's
// repairs split it) and says where and why they part.
//
// uri's lenient paths (ParseRepaired, Lenient, ResolveRepaired) call Check
// on every input, so that none of them hands a program a host or port that
// a browser would not connect to, while package uri itself holds RFC 3986
// only. The Standard's facts come from internal/facts (special schemes,
// forbidden code points, the IPv4 parser, Windows drive letters) and the
// UTS #46 mapping from internal/idnahost (the module's one IDNA profile):
// nothing here runs at init, so a program that parses without repairs
// links none of it.
package webhost

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/ascii"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/internal/facts"
	"github.com/seed42851778/rfc3986/internal/idnahost"
)

// Ref is RFC 3986's reading of the text Check is given, as package uri
// made it.
type Ref struct {
	// Parsed reports whether the text, repaired, is a URI reference. When
	// it is not, only where the two readings find the authority is
	// compared: the values of a host RFC 3986 refuses mean nothing.
	Parsed bool
	// Host is the reference's host as the URI holds it, after the repairs
	// (a reg-name still percent-encoded, an IPv4address, or an IP-literal
	// in its brackets); "" when it has none.
	Host string
}

// Base is a base URL, as RFC 3986 reads it, against which Check reads a
// reference: browsers take its host where the reference names none, and
// read a reference that starts with the base's special scheme but no "//"
// as relative to it.
type Base struct {
	Scheme    string
	Authority bool   // the base has an authority
	Host      string // its host, as the URI holds it
}

// Finding is where and why the two readings of a text part.
type Finding struct {
	At        int    // byte offset in the text Check was given
	Component string // "authority": browsers read the host elsewhere; "host": they read it otherwise
	Reason    string // how browsers read it, in plain words
}

// Check reads t, a text after the URL Standard's first steps (C0 controls
// and spaces trimmed from both ends, every tab and newline removed), as
// browsers do and as RFC 3986 does, ref being the latter's reading, and
// reports where the two name different hosts or ports. base is the base
// URL the text is resolved against; nil reads a text with a scheme on its
// own and one without against an http URL, the base of nearly every href.
//
// The readings part when browsers read the authority from another place
// than RFC 3986 (after another run of "/" and "\", or up to a "\"), when
// they read no host, or the base's, where RFC 3986 reads one, and the other
// way round, and when they read the same text as another host: a name as
// an IPv4 address, or a name mapped by UTS #46 to one. A text browsers
// refuse never parts: a browser fetches nothing from it. So Check reports
// nothing for a host browsers refuse (an empty one, one that holds a
// forbidden domain code point once percent-decoded, such as "a%3Cb" or
// "%00", bytes that are not UTF-8, a number the IPv4 parser refuses), nor
// for a port over 65535. A domain that does not decode to ASCII is mapped
// with internal/idnahost; where that refuses it, the host browsers read is
// not known here and Check reports it.
//
// Check takes time linear in the length of t, IDNA's cost aside, which is
// bounded: a domain longer than 1,024 bytes that is not ASCII is not
// mapped, and reported.
func Check(t string, ref Ref, base *Base) (Finding, bool) {
	scheme, i := splitScheme(t)
	baseScheme := "http"
	if base != nil {
		baseScheme = base.Scheme
	} else if scheme != "" {
		baseScheme = ""
	}
	w := read(t, i, scheme, baseScheme)
	if w.src == srcFail {
		return Finding{}, false
	}
	rfc := splitRFC(t, i)
	switch w.src {
	case srcText:
		if f, ok := w.structure(t, rfc, scheme); ok || !ref.Parsed {
			return f, ok
		}
		return w.value(ref)
	case srcNone:
		if rfc.authAt >= 0 {
			h := ref.Host
			if !ref.Parsed {
				h = t[rfc.hostAt:rfc.hostEnd]
			}
			if noHost(h, w.file) {
				return Finding{}, false
			}
			if w.drive >= 0 {
				return Finding{At: w.drive, Component: "host", Reason: errtext.Quote(t[w.drive:w.drive+2], 0) +
					` after "file://" is a drive letter to browsers, the start of the path, not a host`}, true
			}
			if !ref.Parsed {
				return Finding{}, false // a host RFC 3986 refuses anyway
			}
			return Finding{At: rfc.hostAt, Component: "host", Reason: "browsers read no host here"}, true
		}
	}
	if !ref.Parsed || (rfc.authAt < 0 && scheme == "") == (w.src == srcBase) {
		return Finding{}, false // both no host, or both the base's
	}
	// One reading takes the base's host, the other none.
	if base == nil || !base.Authority || noHost(base.Host, facts.LookupFold(base.Scheme) == facts.File) {
		return Finding{}, false
	}
	if k := strings.IndexByte(t[w.runAt:w.runEnd], '\\'); k >= 0 {
		return backslashRun(w.runAt + k), true
	}
	return Finding{At: i, Component: "authority", Reason: "against a base URL of the same special scheme, browsers read " +
		errtext.Quote(strings.ToLower(scheme)+":", 0) + ` without "//" as a reference relative to the base, with its host, ` +
		"where RFC 3986 (§5.2.2, strict) reads the reference as it stands, with no host"}, true
}

// noHost reports whether host, as RFC 3986 reads it, names no host: it is
// empty, or, in a file URL, "localhost" (RFC 8089 §2; the URL Standard's
// file host state makes it the empty host).
func noHost(host string, file bool) bool {
	if host == "" {
		return true
	}
	return file && rfcName(percentDecode(host)) == "localhost"
}

// source says where a reading takes a URL's host and port from.
type source uint8

const (
	srcFail source = iota // browsers refuse the text
	srcNone               // no host, or the empty host
	srcBase               // the base URL's
	srcText               // the text's, at hostAt
)

// kind is what the host parser made of a host read from the text.
type kind uint8

const (
	kindName    kind = iota // a domain, ASCII, lower case
	kindIPv4                // an IPv4 address, host holds it in dotted decimal
	kindSame                // an IPv6 address or an opaque host: the same to both readings where both read it from the same text
	kindUnknown             // a domain whose UTS #46 mapping is not known here
)

// reading is where browsers read a text's host, and what.
type reading struct {
	src             source
	file            bool // read by the file host state: no userinfo, no port
	runAt, runEnd   int  // the "/" and "\" browsers take before the authority
	authAt, authEnd int  // the authority (of a file URL: its host)
	hostAt, hostEnd int
	raw             string // t[hostAt:hostEnd]
	drive           int    // a Windows drive letter where a file host would be, or -1
	kind            kind
	host            string // the host: a domain, or an IPv4 address in dotted decimal
	mapped          string // the domain before UTS #46 mapped it, percent-decoded; "" when not mapped
	ascii           string // what UTS #46 mapped it to
}

// splitScheme returns the scheme t starts with and the offset after its
// ":", or "" and 0. The URL Standard's scheme state and RFC 3986 (§3.1)
// read the same scheme: an ASCII letter, then letters, digits, "+", "-"
// and ".".
func splitScheme(t string) (string, int) {
	j := strings.IndexByte(t, ':')
	if j <= 0 || !isAlpha(t[0]) {
		return "", 0
	}
	for k := 1; k < j; k++ {
		c := t[k]
		if !isAlpha(c) && !('0' <= c && c <= '9') && c != '+' && c != '-' && c != '.' {
			return "", 0
		}
	}
	return t[:j], j + 1
}

// read follows the basic URL parser (§4.4) on t, whose scheme, if any,
// ends at i, against a base URL of scheme base ("" for none), up to the
// host, and runs the host parser on it.
func read(t string, i int, scheme, base string) reading {
	r := reading{drive: -1, runAt: i, runEnd: i}
	k, bk := facts.LookupFold(scheme), facts.LookupFold(base)
	switch {
	case scheme == "" && base == "":
		r.src = srcFail // no scheme state: failure without a base
	case k == facts.File || (scheme == "" && bk == facts.File):
		r.fileState(t, i, bk == facts.File) // file state
	case scheme != "" && k.Special() && bk == k && !strings.HasPrefix(t[i:], "//"):
		r.relative(t, i) // special relative or authority state, then relative state
	case scheme != "" && k.Special():
		r.authority(t, skipSlashes(t, i), true) // special authority (ignore) slashes state
	case scheme != "":
		r.src = srcNone // path or authority state, or an opaque path
		if strings.HasPrefix(t[i:], "//") {
			r.authority(t, i+2, false)
		}
	case bk.Special():
		r.relative(t, 0)
	case strings.HasPrefix(t, "//"):
		r.authority(t, 2, false) // relative slash state, not special
	default:
		r.src = srcBase
	}
	return r
}

// relative is the relative state of a special URL at t[i]: "/" or "\" twice
// starts an authority, after every "/" and "\" that follows; anything else
// keeps the base's host.
func (r *reading) relative(t string, i int) {
	if isSlash(at(t, i)) && isSlash(at(t, i+1)) {
		r.authority(t, skipSlashes(t, i), true)
		return
	}
	r.src = srcBase
}

// fileState is the file state at t[i]: "/" or "\" twice starts a host;
// anything else keeps a file base URL's host, and without one the host is
// empty.
func (r *reading) fileState(t string, i int, fileBase bool) {
	r.file = true
	if isSlash(at(t, i)) && isSlash(at(t, i+1)) {
		r.fileHost(t, i+2)
		return
	}
	r.src = srcNone
	if fileBase {
		r.src = srcBase
	}
}

// fileHost is the file host state at t[j]: the host runs up to a "/", "\",
// "?" or "#"; a Windows drive letter there is the path's start, and
// "localhost" is the empty host.
func (r *reading) fileHost(t string, j int) {
	end := j
	for end < len(t) && !stopSpecial[t[end]] {
		end++
	}
	r.runEnd, r.authAt, r.authEnd, r.hostAt, r.hostEnd, r.raw = j, j, end, j, end, t[j:end]
	r.src = srcNone
	switch {
	case facts.WindowsDriveLetter(t[j:end]):
		r.drive = j
	case j < end:
		r.parseHost(t[j:end], true)
		if r.src == srcText && r.kind == kindName && r.host == "localhost" {
			r.src = srcNone
		}
	}
}

// authority is the authority state at t[j] and the host and port states
// after it: the userinfo runs to the authority's last "@", the port starts
// at the first ":" after it outside brackets.
func (r *reading) authority(t string, j int, special bool) {
	stop := &stopRFC
	if special {
		stop = &stopSpecial
	}
	end := j
	for end < len(t) && !stop[t[end]] {
		end++
	}
	r.runEnd, r.authAt, r.authEnd = j, j, end
	r.src = srcFail
	hostAt := j
	if k := strings.LastIndexByte(t[j:end], '@'); k >= 0 {
		if j+k+1 == end {
			return // host-missing
		}
		hostAt = j + k + 1
	}
	colon, inBrackets := -1, false
	for k := hostAt; k < end && colon < 0; k++ {
		switch t[k] {
		case '[':
			inBrackets = true
		case ']':
			inBrackets = false
		case ':':
			if !inBrackets {
				colon = k
			}
		}
	}
	hostEnd := end
	if colon >= 0 {
		hostEnd = colon
		if !validPort(t[colon+1 : end]) {
			return
		}
	}
	r.hostAt, r.hostEnd, r.raw = hostAt, hostEnd, t[hostAt:hostEnd]
	switch {
	case hostAt < hostEnd:
		r.parseHost(t[hostAt:hostEnd], special)
	case colon < 0 && !special:
		r.src = srcNone // the empty host of a non-special URL
	}
}

// The bytes that end an authority: "/", "?" and "#" (RFC 3986 §3.2, and
// the URL Standard's authority state for a URL that is not special), and
// "\" too in a special URL (the authority and file host states).
var (
	stopRFC     = [256]bool{'/': true, '?': true, '#': true}
	stopSpecial = [256]bool{'/': true, '?': true, '#': true, '\\': true}
)

// validPort reports whether the port state accepts p: ASCII digits, their
// value at most 65535.
func validPort(p string) bool {
	n := 0
	for k := 0; k < len(p); k++ {
		if p[k] < '0' || p[k] > '9' {
			return false
		}
		if n = n*10 + int(p[k]-'0'); n > 65535 {
			return false
		}
	}
	return true
}

// maxMapped is the longest domain, in bytes once percent-decoded, that
// parseHost maps by UTS #46, as uri's repair of a host: IDNA's Punycode
// step costs the square of a label's length.
const maxMapped = 1024

// parseHost is the host parser (§3.5) on raw, the host as written, for a
// special URL or not (an opaque host). On success it sets src to srcText
// and the host's kind; a host it refuses leaves src at srcFail, and so
// does one it only knows browsers refuse.
func (r *reading) parseHost(raw string, special bool) {
	r.src = srcFail
	if raw[0] == '[' {
		// The IPv6 parser reads hex digits, ":" and "." only; what it makes
		// of them RFC 3986 makes too, where both read the same text.
		if len(raw) < 2 || raw[len(raw)-1] != ']' {
			return
		}
		for k := 1; k < len(raw)-1; k++ {
			if c := raw[k]; hexValue(c) > 15 && c != ':' && c != '.' {
				return
			}
		}
		r.src, r.kind = srcText, kindSame
		return
	}
	if !special {
		for k := 0; k < len(raw); k++ {
			if facts.ForbiddenHost(raw[k]) {
				return
			}
		}
		r.src, r.kind = srcText, kindSame
		return
	}
	d := percentDecode(raw)
	isASCII := true
	for k := 0; k < len(d); k++ {
		if c := d[k]; c >= utf8.RuneSelf {
			isASCII = false
		} else if facts.ForbiddenDomain(c) {
			return // UTS #46 maps no ASCII code point but letters to another
		}
	}
	r.src = srcText
	if isASCII {
		r.domain(ascii.Lower(d))
		return
	}
	if !utf8.ValidString(d) {
		r.src = srcFail // U+FFFD, which UTS #46 disallows
		return
	}
	r.mapped, r.kind = d, kindUnknown
	if len(d) > maxMapped {
		return
	}
	m, err := idnahost.ToASCII(d)
	if err != nil {
		return
	}
	r.ascii = m
	for k := 0; k < len(m); k++ {
		if facts.ForbiddenDomain(m[k]) {
			r.src = srcFail
			return
		}
	}
	r.domain(m)
}

// domain ends the host parser on m, an ASCII domain without forbidden
// domain code points: a domain that ends in a number is an IPv4 address,
// or a failure.
func (r *reading) domain(m string) {
	if !facts.EndsInANumber(m) {
		r.kind, r.host = kindName, m
		return
	}
	addr, fail, _ := facts.ParseIPv4(m, nil)
	if fail != 0 {
		r.src = srcFail
		return
	}
	r.kind, r.host = kindIPv4, dotted(addr)
}

// structure reports where browsers, having read a host from the text,
// read its authority elsewhere than RFC 3986 (rfc; scheme is the text's).
func (r *reading) structure(t string, rfc rfcSplit, scheme string) (Finding, bool) {
	switch {
	case rfc.authAt != r.authAt:
		if k := strings.IndexByte(t[r.runAt:r.runEnd], '\\'); k >= 0 {
			return backslashRun(r.runAt + k), true
		}
		what := "at the start of a reference"
		if scheme != "" {
			what = "after " + errtext.Quote(strings.ToLower(scheme)+":", 0)
		}
		return Finding{At: r.runAt, Component: "authority", Reason: what +
			` browsers skip every "/" and "\" and read a host, where RFC 3986 reads a host only after exactly "//"`}, true
	case rfc.authEnd != r.authEnd && r.authEnd < len(t) && t[r.authEnd] == '\\':
		return Finding{At: r.authEnd, Component: "authority", Reason: `a "\" in the authority is a "/" to browsers, so the host ends there`}, true
	case rfc.authEnd != r.authEnd || rfc.hostAt != r.hostAt || rfc.hostEnd != r.hostEnd:
		return Finding{At: r.authAt, Component: "authority", Reason: "browsers split the authority otherwise"}, true
	}
	return Finding{}, false
}

// backslashRun is the Finding for a "\" at i among the slashes before a host.
func backslashRun(i int) Finding {
	return Finding{At: i, Component: "authority", Reason: `a "\" after the scheme or at the start of a reference is a "/" to browsers, so they read what follows as a host`}
}

// value reports whether browsers read the host both readings find at the
// same place as another one than ref's.
func (r *reading) value(ref Ref) (Finding, bool) {
	f := Finding{At: r.hostAt, Component: "host"}
	switch r.kind {
	case kindSame:
		return Finding{}, false
	case kindUnknown:
		f.Reason = "browsers map the host " + errtext.Quote(r.mapped, 0) + " by UTS #46 (IDNA), " + unmappedWhy(r.mapped) +
			", so the host they read is not known here"
		return f, true
	}
	d := ref.Host
	if r.kind == kindName && d == r.raw {
		return Finding{}, false // the same text, decoded and mapped alike
	}
	d = percentDecode(d)
	switch {
	case r.kind == kindIPv4 && d == r.host:
		// An IPv4address, or a reg-name of percent-encoded digits and
		// dots that normalization (§6.2.2.2) decodes to one.
		return Finding{}, false
	case r.kind == kindIPv4 && r.mapped != "":
		f.Reason = "browsers map the host " + errtext.Quote(r.mapped, 0) + " by UTS #46 to " +
			errtext.Quote(r.ascii, 0) + " and read the IPv4 address " + r.host + ", where RFC 3986 reads a name"
	case r.kind == kindIPv4:
		f.Reason = "browsers read the host " + errtext.Quote(d, 0) + " as the IPv4 address " + r.host +
			" (the URL Standard's IPv4 parser), where RFC 3986 reads a name"
	case rfcName(d) == r.host:
		return Finding{}, false
	default:
		f.Reason = "browsers read the host as the name " + errtext.Quote(r.host, 0)
	}
	return f, true
}

// unmappedWhy says why parseHost did not map d.
func unmappedWhy(d string) string {
	if len(d) > maxMapped {
		return "which is not done here for a name of more than " + strconv.Itoa(maxMapped) + " bytes"
	}
	return "which the IDNA profile here refuses for it (browsers' rules differ)"
}

// rfcName returns the reg-name d (percent-decoded) as a resolver is given
// it: ASCII letters in lower case (§3.2.2: the host is case-insensitive),
// a name that is not ASCII as its IDNA A-labels, or d when IDNA refuses it
// or it is longer than maxMapped.
func rfcName(d string) string {
	for k := 0; k < len(d); k++ {
		if d[k] >= utf8.RuneSelf {
			if len(d) > maxMapped {
				return d
			}
			if a, err := idnahost.ToASCII(d); err == nil {
				return a
			}
			return d
		}
	}
	return ascii.Lower(d)
}

// rfcSplit is where RFC 3986 reads the authority of a text, as package
// uri's repairs split it (§3.2): after "//" that follows the scheme or
// starts the text, up to the first "/", "?" or "#"; the host after its
// last "@", up to the first ":" (after the "]" of an IP literal).
type rfcSplit struct {
	authAt, authEnd int // authAt is -1 when there is no authority
	hostAt, hostEnd int
}

// splitRFC splits t, whose scheme, if any, ends at i.
func splitRFC(t string, i int) rfcSplit {
	if !strings.HasPrefix(t[i:], "//") {
		return rfcSplit{authAt: -1}
	}
	start := i + 2
	end := start
	for end < len(t) && !stopRFC[t[end]] {
		end++
	}
	hostAt := start
	if k := strings.LastIndexByte(t[start:end], '@'); k >= 0 {
		hostAt = start + k + 1
	}
	from := hostAt
	if strings.HasPrefix(t[hostAt:end], "[") {
		if k := strings.IndexByte(t[hostAt:end], ']'); k >= 0 {
			from = hostAt + k
		}
	}
	hostEnd := end
	if k := strings.IndexByte(t[from:end], ':'); k >= 0 {
		hostEnd = from + k
	}
	return rfcSplit{authAt: start, authEnd: end, hostAt: hostAt, hostEnd: hostEnd}
}

// percentDecode decodes each "%" HEXDIG HEXDIG of s and keeps any other
// byte, as the URL Standard's percent-decode does.
func percentDecode(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && hexValue(s[i+1]) < 16 && hexValue(s[i+2]) < 16 {
			b = append(b, byte(hexValue(s[i+1])<<4|hexValue(s[i+2])))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// dotted writes an IPv4 address in dotted decimal (§3.6 "Host serializing").
func dotted(a uint32) string {
	b := make([]byte, 0, 15)
	for k := 24; k >= 0; k -= 8 {
		b = strconv.AppendUint(b, uint64(a>>k&0xff), 10)
		if k > 0 {
			b = append(b, '.')
		}
	}
	return string(b)
}

// skipSlashes returns the offset of the first byte at or after i in t that
// is neither "/" nor "\" (the special authority ignore slashes state).
func skipSlashes(t string, i int) int {
	for i < len(t) && isSlash(t[i]) {
		i++
	}
	return i
}

// at returns t[i], or 0 past the end.
func at(t string, i int) byte {
	if i < len(t) {
		return t[i]
	}
	return 0
}

func isSlash(c byte) bool { return c == '/' || c == '\\' }

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// hexValue returns the value of the ASCII hex digit c, 16 for any other byte.
func hexValue(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		return c | 0x20 - 'a' + 10
	}
	return 16
}
