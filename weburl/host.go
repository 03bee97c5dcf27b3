package weburl

import (
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// hostKind says which of the URL Standard's host forms (§3.1 "Host
// representation") a parsed host is.
type hostKind uint8

const (
	hostNone   hostKind = iota // the URL has no host (null)
	hostEmpty                  // the empty host ""
	hostDomain                 // a domain, serialized as ASCII lower case
	hostIPv4                   // an IPv4 address, serialized as dotted decimal
	hostIPv6                   // an IPv6 address, serialized compressed in brackets
	hostOpaque                 // an opaque host (non-special schemes), percent-encoded
)

// Byte classes of a host being read as a domain. The common host is ASCII
// already in its serialized form, so one scan that ORs the classes of its
// bytes decides whether the slow path is needed at all.
const (
	dcUpper     = 1 << iota // A-Z: the domain parser lower-cases it
	dcPercent               // %: the host is percent-decoded first
	dcForbidden             // a forbidden domain code point other than %
	dcNonASCII              // the domain goes through UTS #46 ToASCII
)

// domainClass classifies bytes for the scan above: the forbidden domain
// code points of internal/facts (§3.2 "Host miscellaneous"), % apart.
var domainClass = func() (dc [256]uint8) {
	for c := range 256 {
		switch {
		case c == '%':
			dc[c] = dcPercent
		case facts.ForbiddenDomain(byte(c)):
			dc[c] = dcForbidden
		case 'A' <= c && c <= 'Z':
			dc[c] = dcUpper
		case c >= 0x80:
			dc[c] = dcNonASCII
		}
	}
	return dc
}()

// appendHost runs the host parser (§3.5 "Host parsing") on input, the text
// between the authority's end of userinfo and the port (not yet
// percent-decoded), with isOpaque = !special, and appends the host's
// serialization (§3.6 "Host serializing") to dst.
//
// An empty input is the empty host whatever isOpaque says: the standard's
// host parser never sees "" on the domain path (the state machine fails with
// host-missing or makes the empty host itself), and the opaque-host parser
// turns "" into "".
//
// Validation errors go to v with offsets relative to input; on failure the
// returned *Error's Offset is relative to input too and dst is returned
// unchanged. The failure itself is not added to v: the caller reports it
// from the *Error.
func appendHost(dst []byte, input string, isOpaque bool, v *validations) ([]byte, hostKind, *Error) {
	if input == "" {
		return dst, hostEmpty, nil
	}
	if input[0] == '[' {
		if len(input) < 2 || input[len(input)-1] != ']' {
			return dst, hostNone, hostError(len(input), "IPv6-unclosed", "an IPv6 address in a URL ends with ]")
		}
		addr, err := parseIPv6(input[1:len(input)-1], 1, v)
		if err != nil {
			return dst, hostNone, err
		}
		dst = append(dst, '[')
		dst = appendIPv6(dst, &addr)
		return append(dst, ']'), hostIPv6, nil
	}
	if isOpaque {
		return appendOpaqueHost(dst, input, v)
	}
	return appendDomainHost(dst, input, v)
}

// hostError makes the *Error of a host the parser refuses. The hint may
// quote part of the host (never userinfo, so never a password); it is cut
// to maxHint bytes so that a message stays bounded whatever the input.
func hostError(off int, typ, hint string) *Error {
	if len(hint) > maxHint {
		cut := maxHint
		for cut > 0 && !utf8.RuneStart(hint[cut]) {
			cut--
		}
		hint = hint[:cut] + "…"
	}
	return &Error{Offset: off, Type: typ, Hint: hint}
}

// maxHint bounds the length of a host error's hint.
const maxHint = 200

// appendDomainHost is the host parser's path for a special URL's host
// (steps 3 to 9): percent-decode, the domain parser with beStrict false,
// then the IPv4 parser when the domain ends in a number.
func appendDomainHost(dst []byte, input string, v *validations) ([]byte, hostKind, *Error) {
	var class uint8
	for i := 0; i < len(input); i++ {
		// The first byte of the slow path's classes decides: a host not
		// ASCII has one early, and is read once more anyway.
		if class |= domainClass[input[i]]; class&^dcUpper != 0 {
			return appendDomainSlow(dst, input, v)
		}
	}
	// An ASCII domain without forbidden code points: the domain parser with
	// beStrict false returns it lower-cased, whatever ToASCII thinks of it
	// (web compatibility, §3.3 "domain parser" step 5).
	if v != nil {
		checkStrictDomain(input, v)
	}
	if facts.EndsInANumber(input) {
		// The IPv4 parser reads hex digits and "0x" case-insensitively, so
		// it can read input rather than its lower-cased copy, and offsets
		// in input are its offsets.
		return appendIPv4Host(dst, input, true, v)
	}
	start := len(dst)
	dst = append(dst, input...)
	if class&dcUpper != 0 {
		for i := start; i < len(dst); i++ {
			if c := dst[i]; 'A' <= c && c <= 'Z' {
				dst[i] = c + 'a' - 'A'
			}
		}
	}
	return dst, hostDomain, nil
}

// appendDomainSlow handles a domain with a percent sign, a forbidden code
// point or a non-ASCII code point. It converts the domain into dst itself,
// so that a host costs no allocation of its own.
func appendDomainSlow(dst []byte, input string, v *validations) ([]byte, hostKind, *Error) {
	for i := strings.IndexByte(input, '%'); i >= 0 && i < len(input); i++ {
		if isPercentEncodedAt(input, i) {
			v.add("domain-percent-encoded", i)
			// Decoded into a buffer on the stack or, for a long host, of
			// the parser's pool; the domain parser no longer reads it once
			// it returns.
			if len(input) <= shortHost {
				var b [shortHost]byte
				d := appendPercentDecoded(b[:0], input)
				return appendDomain(dst, input, unsafe.String(unsafe.SliceData(d), len(d)), v)
			}
			sp := scratch.Get().(*[]byte)
			d := appendPercentDecoded((*sp)[:0], input)
			dst, kind, err := appendDomain(dst, input, unsafe.String(unsafe.SliceData(d), len(d)), v)
			if cap(d) <= maxScratch {
				*sp = d[:0]
				scratch.Put(sp)
			}
			return dst, kind, err
		}
	}
	return appendDomain(dst, input, input, v)
}

// shortHost is the length up to which a host is percent-decoded on the
// stack: most are shorter, and a sync.Pool costs more than the copy.
const shortHost = 64

// appendDomain is the domain parser with beStrict false and the host
// parser's steps after it on domain, input percent-decoded; offsets in
// domain are offsets in input when domain is input.
func appendDomain(dst []byte, input, domain string, v *validations) ([]byte, hostKind, *Error) {
	exact := len(domain) == len(input)
	// UTF-8 decode without BOM: a byte sequence that is not UTF-8 becomes
	// U+FFFD, which UTS #46 disallows, so the domain parser fails on it.
	// ToASCII fails on it too (mapLabel decodes it as U+FFFD), so that a
	// domain is checked only when ToASCII fails, but for the strict ToASCII
	// of validation, which needs a domain that is UTF-8.
	ascii := isASCII(domain)
	if !ascii && v != nil && !utf8.ValidString(domain) {
		return dst, hostNone, errNotUTF8()
	}
	if v != nil {
		checkStrictDomain(domain, v)
	}
	start := len(dst)
	if ascii {
		dst = append(dst, domain...)
		for i := start; i < len(dst); i++ {
			if 'A' <= dst[i] && dst[i] <= 'Z' {
				dst[i] += 'a' - 'A'
			}
		}
	} else {
		var err idnaError
		if dst, err = appendToASCII(dst, domain, false); err.code != 0 {
			if !utf8.ValidString(domain) {
				return dst, hostNone, errNotUTF8()
			}
			off := 0
			if exact {
				off = err.at
			}
			return dst, hostNone, hostError(off, "domain-to-ASCII", err.hint(domain))
		}
	}
	result := unsafe.String(unsafe.SliceData(dst[start:]), len(dst)-start)
	if result == "" {
		return dst, hostNone, hostError(0, "domain-to-ASCII", "the host is empty once mapped by UTS #46")
	}
	// result is ASCII lower case: hostRun holds all of it but the
	// forbidden domain code points, which are rare, so found at once.
	for i := scanRun(result, 0, hostRun); i < len(result); i++ {
		if domainClass[result[i]]&(dcForbidden|dcPercent) != 0 {
			off := 0
			if exact {
				off = max(strings.IndexByte(input, result[i]), 0)
			}
			return dst[:start], hostNone, hostError(off, "domain-to-ASCII",
				"a domain cannot contain "+strconv.QuoteRune(rune(result[i]))+" (a forbidden domain code point)")
		}
	}
	if facts.EndsInANumber(result) {
		// The address is read before its serialization overwrites result.
		// result is not input (an ASCII domain gets here only with a
		// forbidden code point, refused above), so its offsets are not the
		// input's: IPv4 errors point at the host's start.
		addr, err := parseIPv4(result, false, v)
		if err != nil {
			return dst[:start], hostNone, err
		}
		return appendIPv4(dst[:start], addr), hostIPv4, nil
	}
	return dst, hostDomain, nil
}

// errNotUTF8 is the error of a domain that is not UTF-8 once
// percent-decoded.
func errNotUTF8() *Error {
	return hostError(0, "domain-to-ASCII", "the host's percent-encoded bytes are not UTF-8")
}

// appendIPv4Host runs the IPv4 parser on s and appends the address's
// serialization; exact says whether offsets in s are offsets in the host
// input (when not, errors point at the host's start).
func appendIPv4Host(dst []byte, s string, exact bool, v *validations) ([]byte, hostKind, *Error) {
	addr, err := parseIPv4(s, exact, v)
	if err != nil {
		return dst, hostNone, err
	}
	return appendIPv4(dst, addr), hostIPv4, nil
}

// appendOpaqueHost is the opaque-host parser (§3.5): a non-special URL's
// host is kept as written, minus the forbidden host code points, with the
// C0 control percent-encode set applied.
func appendOpaqueHost(dst []byte, input string, v *validations) ([]byte, hostKind, *Error) {
	for i := 0; i < len(input); i++ {
		if facts.ForbiddenHost(input[i]) {
			return dst, hostNone, hostError(i, "host-invalid-code-point",
				strconv.QuoteRune(rune(input[i]))+" cannot appear in a host; percent-encode it")
		}
	}
	if v != nil {
		checkURLUnits(input, v)
	}
	return appendPercentEncoded(dst, input, &c0ControlSet), hostOpaque, nil
}

// checkURLUnits adds the opaque-host parser's invalid-URL-unit validation
// errors (steps 2 and 3): one when s contains a code point that is neither a
// URL code point nor %, one when s contains a % that does not start a
// percent-encoded byte, each at the first such place.
func checkURLUnits(s string, v *validations) {
	badUnit, badPercent := -1, -1
	for i, r := range s {
		if r == '%' {
			if badPercent < 0 && !isPercentEncodedAt(s, i) {
				badPercent = i
			}
		} else if badUnit < 0 && !isURLCodePoint(r) {
			badUnit = i
		}
	}
	if badUnit >= 0 {
		v.add("invalid-URL-unit", badUnit)
	}
	if badPercent >= 0 {
		v.add("invalid-URL-unit", badPercent)
	}
}

// isURLCodePoint reports whether r is a URL code point (§4.3 "URL
// writing"): an ASCII alphanumeric, one of !$&'()*+,-./:;=?@_~, or a code
// point from U+00A0 to U+10FFFD that is neither a surrogate nor a
// noncharacter.
func isURLCodePoint(r rune) bool {
	switch {
	case r < 0x80:
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' ||
			strings.ContainsRune("!$&'()*+,-./:;=?@_~", r)
	case r < 0xA0 || r > 0x10FFFD:
		return false
	case 0xD800 <= r && r <= 0xDFFF: // surrogates
		return false
	case 0xFDD0 <= r && r <= 0xFDEF, r&0xFFFE == 0xFFFE: // noncharacters
		return false
	}
	return true
}

// isASCII reports whether s has no byte 0x80 or above.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// parseIPv4 runs the IPv4 parser (§3.5) of internal/facts on s, a domain
// that ends in a number, and words its failure. exact says whether offsets
// in s are offsets in the host input (when not, errors point at the host's
// start).
func parseIPv4(s string, exact bool, v *validations) (uint32, *Error) {
	at := func(i int) int {
		if exact {
			return i
		}
		return 0
	}
	var report func(facts.IPv4Error, int)
	if v != nil {
		report = func(e facts.IPv4Error, i int) { v.add(e.String(), at(i)) }
	}
	addr, fail, i := facts.ParseIPv4(s, report)
	var hint string
	switch fail {
	case 0:
		return addr, nil
	case facts.IPv4TooManyParts:
		hint = "an IPv4 address has at most four parts; a domain cannot end in a number"
	case facts.IPv4NonNumericPart:
		part := s[i:]
		if k := strings.IndexByte(part, '.'); k >= 0 {
			part = part[:k]
		}
		hint = "a host whose last label is a number must be an IPv4 address, and " + quoteShort(part) + " is not a number"
	case facts.IPv4OutOfRangePart:
		hint = "each part of an IPv4 address but the last is at most 255"
	default: // facts.IPv4AddressOutOfRange
		hint = "the IPv4 address is larger than 255.255.255.255"
	}
	return 0, hostError(at(i), fail.String(), hint)
}

// quoteShort quotes s, cut to 32 bytes.
func quoteShort(s string) string {
	if len(s) <= 32 {
		return strconv.Quote(s)
	}
	cut := 32
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "…"
}

// appendIPv4 is the IPv4 serializer (§3.6): four decimal bytes joined by dots.
func appendIPv4(dst []byte, addr uint32) []byte {
	for i := 3; i >= 0; i-- {
		dst = strconv.AppendUint(dst, uint64(addr>>(8*i)&0xff), 10)
		if i != 0 {
			dst = append(dst, '.')
		}
	}
	return dst
}

// parseIPv6 is the standard's IPv6 parser (§3.5) on the text between the
// brackets; off is that text's offset in the host input.
func parseIPv6(s string, off int, v *validations) ([8]uint16, *Error) {
	var addr [8]uint16
	fail := func(p int, typ, hint string) ([8]uint16, *Error) {
		return [8]uint16{}, hostError(off+p, typ, hint)
	}
	piece, compress, p := 0, -1, 0
	if p < len(s) && s[p] == ':' {
		if p+1 >= len(s) || s[p+1] != ':' {
			return fail(p, "IPv6-invalid-compression", "an IPv6 address starts with \"::\" or a number, not a lone ':'")
		}
		p += 2
		piece++
		compress = piece
	}
	for p < len(s) {
		if piece == 8 {
			return fail(p, "IPv6-too-many-pieces", "an IPv6 address has at most eight pieces")
		}
		if s[p] == ':' {
			if compress >= 0 {
				return fail(p, "IPv6-multiple-compression", "an IPv6 address has at most one \"::\"")
			}
			p++
			piece++
			compress = piece
			continue
		}
		pieceStart := p
		value, length := 0, 0
		for length < 4 && p < len(s) {
			d, ok := unhex(s[p])
			if !ok {
				break
			}
			value = value*0x10 + int(d)
			p++
			length++
		}
		if p < len(s) && s[p] == '.' {
			if length == 0 {
				return fail(p, "IPv4-in-IPv6-invalid-code-point", "an IPv4 part of an IPv6 address starts with a digit")
			}
			p -= length
			if piece > 6 {
				return fail(p, "IPv4-in-IPv6-too-many-pieces", "an IPv4 part of an IPv6 address takes the place of its last two pieces")
			}
			numbersSeen := 0
			for p < len(s) {
				ipv4Piece := -1
				if numbersSeen > 0 {
					if s[p] != '.' || numbersSeen >= 4 {
						return fail(p, "IPv4-in-IPv6-invalid-code-point", "an IPv4 part of an IPv6 address is four decimal numbers joined by '.'")
					}
					p++
				}
				if p >= len(s) || s[p] < '0' || s[p] > '9' {
					return fail(p, "IPv4-in-IPv6-invalid-code-point", "an IPv4 part of an IPv6 address is four decimal numbers joined by '.'")
				}
				for p < len(s) && '0' <= s[p] && s[p] <= '9' {
					n := int(s[p] - '0')
					switch ipv4Piece {
					case -1:
						ipv4Piece = n
					case 0:
						return fail(p, "IPv4-in-IPv6-invalid-code-point", "a number in an IPv4 part of an IPv6 address has no leading zero")
					default:
						ipv4Piece = ipv4Piece*10 + n
					}
					if ipv4Piece > 255 {
						return fail(p, "IPv4-in-IPv6-out-of-range-part", "each number of an IPv4 part of an IPv6 address is at most 255")
					}
					p++
				}
				addr[piece] = addr[piece]*0x100 + uint16(ipv4Piece)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					piece++
				}
			}
			if numbersSeen != 4 {
				return fail(p, "IPv4-in-IPv6-too-few-parts", "an IPv4 part of an IPv6 address has four numbers")
			}
			break
		} else if p < len(s) && s[p] == ':' {
			p++
			if p >= len(s) {
				return fail(p, "IPv6-invalid-code-point", "an IPv6 address does not end with a lone ':'")
			}
		} else if p < len(s) {
			r, _ := utf8.DecodeRuneInString(s[p:])
			return fail(p, "IPv6-invalid-code-point",
				strconv.QuoteRune(r)+" cannot appear in an IPv6 address (hex digits, ':' and an IPv4 part only; no zone identifier)")
		}
		if length > 1 && value < 1<<(4*(length-1)) {
			v.add("IPv6-piece-leading-zero", off+pieceStart)
		}
		addr[piece] = uint16(value)
		piece++
	}
	if compress >= 0 {
		swaps := piece - compress
		piece = 7
		for piece != 0 && swaps > 0 {
			addr[piece], addr[compress+swaps-1] = addr[compress+swaps-1], addr[piece]
			piece--
			swaps--
		}
	} else if piece != 8 {
		return fail(len(s), "IPv6-too-few-pieces", "an IPv6 address without \"::\" has eight pieces")
	}
	return addr, nil
}

// appendIPv6 is the IPv6 serializer (§3.6): pieces in lower-case hex without
// leading zeros, the first longest run of two or more zero pieces written
// as "::".
func appendIPv6(dst []byte, addr *[8]uint16) []byte {
	compress, longest := -1, 1
	found, size := -1, 0
	for i, piece := range addr {
		if piece != 0 {
			if size > longest {
				compress, longest = found, size
			}
			found, size = -1, 0
			continue
		}
		if found < 0 {
			found = i
		}
		size++
	}
	if size > longest {
		compress = found
	}
	ignore0 := false
	for i, piece := range addr {
		if ignore0 && piece == 0 {
			continue
		}
		ignore0 = false
		if compress == i {
			if i == 0 {
				dst = append(dst, "::"...)
			} else {
				dst = append(dst, ':')
			}
			ignore0 = true
			continue
		}
		dst = strconv.AppendUint(dst, uint64(piece), 16)
		if i != 7 {
			dst = append(dst, ':')
		}
	}
	return dst
}
