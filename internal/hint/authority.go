package hint

import (
	"strconv"
	"strings"

	"github.com/seed42851778/rfc3986/internal/ipmatch"
)

// authorityHint explains an error in an authority (RFC 3986 §3.2): an IPv6
// address outside square brackets, an unclosed "[", an IP literal that is
// no address, a port that is not all digits.
func authorityHint(dst []byte, t *Text) []byte {
	s, off := t.S, t.Off
	if t.Rule <= AbsoluteForm {
		if j := indexIn(s, schemeStop); j < 0 || s[j] != ':' || !isScheme(s[:j]) {
			return dst
		}
	}
	a0, a1, ok := authoritySpan(s)
	if !ok || off < a0 || off > a1 {
		return dst
	}
	h := hostStart(s, a0, a1)
	hp := s[h:a1] // host and port
	if hp != "" && hp[0] == '[' {
		end := strings.IndexByte(hp, ']')
		if end < 0 {
			dst = appendText(dst, unclosed)
			dst = appendOffset(dst, h, t.At)
			return appendText(dst, literalEnd)
		}
		if off <= h+end && ipmatch.IPv4Address(hp[1:end], 0) == end-1 {
			return appendQuoteBounded(appendText(dst, ipv4Lit), false, hp[1:end])
		}
		if off <= h+end {
			dst = appendText(dst, theLiteral)
			dst = appendQuoteBounded(dst, false, hp[:end+1])
			return appendText(dst, noAddress)
		}
		if rest := hp[end+1:]; rest != "" && rest[0] == ':' {
			return portHint(dst, s, h+end+2, a1, t.At)
		}
		return appendText(dst, AfterLiteral)
	}
	if colons := strings.Count(hp, ":"); colons >= 2 && (colons >= 3 || strings.Contains(hp, "::")) && ipv6Bytes(hp) {
		return appendQuoteBounded(appendText(dst, bareIPv6), false, "[", clip(hp), "]")
	}
	i := strings.IndexByte(hp, ':')
	if i < 0 || off <= h+i {
		return dst
	}
	return portHint(dst, s, h+i+1, a1, t.At)
}

// portHint explains a port s[p0:p1] that is not all digits (RFC 3986
// §3.2.3), or appends nothing.
func portHint(dst []byte, s string, p0, p1 int, at func(int) int) []byte {
	port := s[p0:p1]
	q := 0
	for q < len(port) && port[q] >= '0' && port[q] <= '9' {
		q++
	}
	if q == len(port) {
		return dst
	}
	dst = appendText(dst, thePort)
	dst = appendQuoteBounded(dst, false, port)
	dst = appendText(dst, holds)
	dst = appendDescribeByte(dst, port, q)
	dst = appendText(dst, atOffset)
	dst = appendOffset(dst, p0+q, at)
	dst = appendText(dst, portDigits)
	if digits := strings.TrimLeft(port[:q], "0"); len(digits) > 5 || len(digits) == 5 && digits > "65535" {
		dst = appendText(dst, portAnd)
		dst = strconv.AppendInt(dst, int64(q), 10)
		dst = appendText(dst, portLong)
	}
	return dst
}

// ipv6Bytes reports whether s holds only the bytes of an IPv6 address in
// text form: hex digits, ":" and ".".
func ipv6Bytes(s string) bool {
	for i := 0; i < len(s); i++ {
		if !HexDig(s[i]) && s[i] != ':' && s[i] != '.' {
			return false
		}
	}
	return true
}

// authoritySpan returns where the authority of s lies as RFC 3986
// Appendix B splits s: after the "//" that follows the scheme (or starts
// s), up to the next "/", "?" or "#".
func authoritySpan(s string) (a0, a1 int, ok bool) {
	i := 0
	if j := indexIn(s, schemeStop); j > 0 && s[j] == ':' {
		i = j + 1
	}
	if !strings.HasPrefix(s[i:], "//") {
		return 0, 0, false
	}
	a0 = i + 2
	a1 = len(s)
	if k := indexIn(s[a0:], authorityStop); k >= 0 {
		a1 = a0 + k
	}
	return a0, a1, true
}

// hostStart returns where the host begins in the authority s[a0:a1]:
// after the first "@" when only userinfo bytes come before it (RFC 3986
// §3.2.1; a byte outside ASCII counts as one, as RFC 3987's iuserinfo
// holds ucschar), as uri.ComponentAt reads an authority.
func hostStart(s string, a0, a1 int) int {
	k := strings.IndexByte(s[a0:a1], '@')
	if k < 0 {
		return a0
	}
	// One branch a byte, which goes the same way up to a byte no
	// userinfo holds: a test of each kind of byte in turn was several,
	// mispredicted where letters and punctuation alternate.
	for i := a0; i < a0+k; i++ {
		if b := s[i]; userinfoSet[b>>6]>>(b&63)&1 == 0 {
			return a0
		}
	}
	return a0 + k + 1
}

// userinfoPunct is the set of the bytes below 64 that a userinfo holds
// besides DIGIT: "-", ".", sub-delims, ":" and the "%" of pct-encoded.
const userinfoPunct uint64 = 1<<'-' | 1<<'.' | 1<<'!' | 1<<'$' | 1<<'&' | 1<<'\'' | 1<<'(' | 1<<')' |
	1<<'*' | 1<<'+' | 1<<',' | 1<<';' | 1<<'=' | 1<<':' | 1<<'%'

// userinfoSet is the set of the bytes hostStart counts as a userinfo's,
// as 256 bits (byte b is bit b&63 of word b>>6): DIGIT and userinfoPunct,
// ALPHA, "_" and "~" (the rest of unreserved), and every byte from 0x80
// on (RFC 3987's ucschar, in UTF-8). It is data, not code run at init.
var userinfoSet = [4]uint64{
	userinfoPunct | (1<<10-1)<<'0',
	(1<<26-1)<<('A'-64) | 1<<('_'-64) | (1<<26-1)<<('a'-64) | 1<<('~'-64),
	1<<64 - 1,
	1<<64 - 1,
}

// The bytes that end a scheme and an authority as RFC 3986 Appendix B
// splits a text, as sets of bytes below 64 (indexIn).
const (
	schemeStop    uint64 = 1<<':' | 1<<'/' | 1<<'?' | 1<<'#'
	authorityStop uint64 = 1<<'/' | 1<<'?' | 1<<'#'
)

// indexIn is the index of the first byte of s in set, a set of bytes below
// 64, or -1: strings.IndexAny without building its set at each call.
//
// A byte is tested with one branch, which goes the same way until the
// byte found: a shift of 64 or more leaves no bit (the Go spec), so that
// the bytes from 64 on need no test of their own. A test of b < 64 first
// was a second branch, which the letters and the punctuation of a host
// name take by turns, mispredicted; eight bytes a step mispredicted the
// end of the steps as often (callgrind: BENCHMARKS.md).
func indexIn(s string, set uint64) int {
	for i := 0; i < len(s); i++ {
		if set>>s[i]&1 != 0 {
			return i
		}
	}
	return -1
}

// inIPLiteral reports whether offset p of s lies after a "[" that opens
// the host of an authority and no "]" closes before p.
func inIPLiteral(s string, p int) bool {
	a0, a1, ok := authoritySpan(s)
	if !ok || p < a0 || p > a1 {
		return false
	}
	h := hostStart(s, a0, a1)
	return h < len(s) && s[h] == '[' && p > h && strings.IndexByte(s[h:p], ']') < 0
}
