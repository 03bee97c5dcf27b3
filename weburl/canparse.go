package weburl

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// CanParse reports whether Parse(input) succeeds, as JavaScript's
// URL.canParse(input) does: the URL Standard's basic URL parser with no base
// does not fail on input. It allocates nothing, but for a scheme and
// authority longer than 64 KiB that holds a tab, a newline or invalid
// UTF-8, or a special host that long with a percent-encoded byte or a code
// point outside ASCII (UTS #46 maps such a host into buffers of a pool,
// which keeps those up to 64 KiB).
//
// It does not write the href: without a base, only the scheme, the host
// and the port can make the parser fail (a missing scheme, a host the host
// parser refuses, a port that is not digits or greater than 65535), so it
// runs the parser's states up to the path and checks the host without
// serializing it. An input that is its own serialization, as most URLs in
// the wild are, is checked in one pass without the state machine.
func CanParse(input string) bool {
	var f fastURL
	f.check = true
	if f.readAuthority(input) {
		// The fast path read a canonical scheme, host and port: what is
		// left is a path, a query and a fragment, which never fail.
		return true
	}
	if uint64(len(input)) > maxHref/9 {
		// The href could exceed maxHref (a byte of input becomes at most
		// nine: U+FFFD percent-encoded); Parse knows.
		_, err := Parse(input)
		return err == nil
	}
	start, end := 0, len(input)
	for start < end && input[start] <= ' ' {
		start++
	}
	for end > start && input[end-1] <= ' ' {
		end--
	}
	in := input[start:end]
	colon := strings.IndexByte(in, ':')
	if colon < 0 {
		return false // no scheme, and no base
	}
	if mayNeedCleaning(in) && (strings.ContainsAny(in, "\t\n\r") || !utf8.ValidString(in)) {
		cp := scratch.Get().(*[]byte)
		*cp = appendCleaned((*cp)[:0], in[:authorityEnd(in, colon)])
		ok := checkScheme(input, unsafe.String(unsafe.SliceData(*cp), len(*cp)))
		if cap(*cp) <= maxScratch {
			scratch.Put(cp)
		}
		return ok
	}
	return checkScheme(input, in)
}

// checkScheme runs the parser's states on in, the input cleaned (at least
// up to the end of its authority), in check mode, with a buffer from
// scratch: they stop at the path start state.
func checkScheme(input, in string) bool {
	sp := scratch.Get().(*[]byte)
	p := parser{orig: input, in: in, check: true, buf: (*sp)[:0]}
	ok := p.run(stScheme, 0)
	if cap(p.buf) <= maxScratch {
		*sp = p.buf[:0]
		scratch.Put(sp)
	}
	return ok
}

// authorityEnd returns where the scheme and the authority of in end at the
// latest, colon being the offset of its first ':': at the first '/', '?'
// or '#' after the slashes (and backslashes, tabs and newlines) that follow
// the colon. The parser's states before the path read nothing after it.
func authorityEnd(in string, colon int) int {
	i := colon + 1
	for i < len(in) && strings.IndexByte("/\\\t\n\r", in[i]) >= 0 {
		i++
	}
	if k := strings.IndexAny(in[i:], "/?#"); k >= 0 {
		return i + k
	}
	return len(in)
}

// appendCleaned appends s with every tab and newline removed, then every
// byte that does not start valid UTF-8 read as U+FFFD, as the parser's
// clean does.
func appendCleaned(dst []byte, s string) []byte {
	start := len(dst)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
			dst = append(dst, c)
		}
	}
	if utf8.Valid(dst[start:]) {
		return dst
	}
	// Written after the text without tabs, then moved in its place.
	n := len(dst)
	for i := start; i < n; {
		r, size := utf8.DecodeRune(dst[i:n])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, "\uFFFD"...)
		} else {
			dst = append(dst, dst[i:i+size]...)
		}
		i += size
	}
	m := copy(dst[start:], dst[n:])
	return dst[:start+m]
}

// checkHost reports whether the host parser accepts input (see
// appendHost), without writing its serialization; buf is scratch space for
// a percent-decoded domain.
func checkHost(input string, isOpaque bool, buf *[]byte) bool {
	switch {
	case input == "":
		return true
	case input[0] == '[':
		return len(input) >= 2 && input[len(input)-1] == ']' && validIPv6(input[1:len(input)-1])
	case isOpaque:
		for i := 0; i < len(input); i++ {
			if facts.ForbiddenHost(input[i]) {
				return false
			}
		}
		return true
	}
	var class uint8
	for i := 0; i < len(input); i++ {
		class |= domainClass[input[i]]
	}
	if class&^dcUpper == 0 {
		// The IPv4 parser reads hex digits and "0x" in either case.
		_, _, ok := facts.ReadASCIIDomain(input)
		return ok
	}
	if class&dcPercent == 0 {
		return checkDomain(input)
	}
	start := len(*buf)
	*buf = appendPercentDecoded(*buf, input)
	b := (*buf)[start:]
	ok := checkDomain(unsafe.String(unsafe.SliceData(b), len(b)))
	*buf = (*buf)[:start]
	return ok
}

// checkDomain reports whether the domain parser (with beStrict false) and
// the host parser's last steps accept domain, a special URL's host once
// percent-decoded. It converts a domain that is not ASCII into a buffer on
// the stack, or of the parser's pool when the domain is long. A domain
// that is not UTF-8 is not ASCII, and ToASCII fails on it (its bad bytes
// decode as U+FFFD, which is disallowed), so it is not checked apart.
func checkDomain(domain string) bool {
	switch {
	case isASCII(domain):
		_, _, ok := facts.ReadASCIIDomain(domain)
		return ok
	case len(domain) > 32:
		sp := scratch.Get().(*[]byte)
		out, ok := checkToASCII((*sp)[:0], domain)
		if cap(out) <= maxScratch {
			*sp = out[:0]
			scratch.Put(sp)
		}
		return ok
	}
	var buf [256]byte
	_, ok := checkToASCII(buf[:0], domain)
	return ok
}

// checkToASCII runs domain parser ToASCII on domain into buf, and reports
// whether it and the host parser's last steps accept it.
func checkToASCII(buf []byte, domain string) ([]byte, bool) {
	out, err := appendToASCII(buf, domain, false)
	if err.code != 0 {
		return out, false
	}
	_, _, ok := facts.ReadASCIIDomain(unsafe.String(unsafe.SliceData(out), len(out)))
	return out, ok
}

// validIPv6 reports whether the URL Standard's IPv6 parser (§3.5) accepts
// s, the text between the brackets: parseIPv6 without the address and the
// error it would build.
func validIPv6(s string) bool {
	piece, compress, p := 0, -1, 0
	if p < len(s) && s[p] == ':' {
		if p+1 >= len(s) || s[p+1] != ':' {
			return false
		}
		p += 2
		piece++
		compress = piece
	}
	for p < len(s) {
		if piece == 8 {
			return false
		}
		if s[p] == ':' {
			if compress >= 0 {
				return false
			}
			p++
			piece++
			compress = piece
			continue
		}
		length := 0
		for length < 4 && p < len(s) && isHex(s[p]) {
			p++
			length++
		}
		if p < len(s) && s[p] == '.' {
			if length == 0 || piece > 6 || !validIPv4InIPv6(s[p-length:]) {
				return false
			}
			piece += 2
			break
		}
		if p < len(s) && s[p] == ':' {
			p++
			if p >= len(s) {
				return false
			}
		} else if p < len(s) {
			return false
		}
		piece++
	}
	return compress >= 0 || piece == 8
}

// validIPv4InIPv6 reports whether s, the rest of an IPv6 address, is the
// IPv4 part the IPv6 parser reads: four decimal numbers, each at most 255
// and without a leading zero, joined by '.'.
func validIPv4InIPv6(s string) bool {
	numbers, p := 0, 0
	for p < len(s) {
		if numbers > 0 {
			if s[p] != '.' || numbers >= 4 {
				return false
			}
			p++
		}
		if p >= len(s) || !isDigit(s[p]) {
			return false
		}
		n, start := 0, p
		for p < len(s) && isDigit(s[p]) {
			if p > start && n == 0 {
				return false // a leading zero
			}
			n = n*10 + int(s[p]-'0')
			if n > 255 {
				return false
			}
			p++
		}
		numbers++
	}
	return numbers == 4
}
