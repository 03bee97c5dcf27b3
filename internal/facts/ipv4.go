package facts

import "strings"

// IPv4Error is a validation error of the URL Standard's IPv4 parser (§3.5
// "Host parsing"; the names are those of the table of §1.1 "Writing"). Some only
// note a deviation, some make the parser fail: ParseIPv4 says which.
type IPv4Error uint8

// The IPv4 parser's validation errors.
const (
	IPv4EmptyPart      IPv4Error = iota + 1 // "1.2.3.4.": a final empty part, dropped
	IPv4TooFewParts                         // "127.1": fewer than four parts
	IPv4TooManyParts                        // "1.2.3.4.5": a failure
	IPv4NonNumericPart                      // "1.2.x.4", "09": a failure
	IPv4NonDecimalPart                      // "0x7f", "017": hexadecimal or octal
	IPv4OutOfRangePart                      // a part over 255; a failure but in the last part
	// IPv4AddressOutOfRange is IPv4-out-of-range-part too, for the
	// failure of a last part too large for the bytes left ("1.2.65536",
	// "4294967296"), told apart from a part before the last over 255.
	IPv4AddressOutOfRange
)

// String returns the Standard's name of e, such as "IPv4-empty-part".
func (e IPv4Error) String() string {
	switch e {
	case IPv4EmptyPart:
		return "IPv4-empty-part"
	case IPv4TooFewParts:
		return "IPv4-too-few-parts"
	case IPv4TooManyParts:
		return "IPv4-too-many-parts"
	case IPv4NonNumericPart:
		return "IPv4-non-numeric-part"
	case IPv4NonDecimalPart:
		return "IPv4-non-decimal-part"
	case IPv4OutOfRangePart, IPv4AddressOutOfRange:
		return "IPv4-out-of-range-part"
	}
	return "IPv4Error(?)"
}

// EndsInANumber is the ends in a number checker (§3.5 "Host parsing") on a
// domain that is not empty: whether its last label, after a final empty one
// is dropped, is all ASCII digits, or parses as an IPv4 number, which the
// Standard's note says is "0x" or "0X" and ASCII hex digits. The host
// parser reads such a domain with the IPv4 parser. Both start with a
// digit, so that the last label of a name ("com") is refused at its first
// byte: weburl's fast path asks this of every host.
func EndsInANumber(s string) bool {
	if s != "" && s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	last := s[strings.LastIndexByte(s, '.')+1:]
	if last == "" || last[0] < '0' || last[0] > '9' {
		return false
	}
	if len(last) >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X') {
		for i := 2; i < len(last); i++ {
			if hexValue(last[i]) >= 16 {
				return false
			}
		}
		return true
	}
	for i := 1; i < len(last); i++ {
		if last[i] < '0' || last[i] > '9' {
			return false
		}
	}
	return true
}

// IPv4Overflow is a value no part of an IPv4 address can take:
// ParseIPv4Number returns it for any number of 2^32 or more, so that a
// long run of digits cannot overflow and the IPv4 parser still fails on it.
const IPv4Overflow = 1 << 32

// ParseIPv4Number is the IPv4 number parser (§3.5 "Host parsing"): a
// number in decimal, in hexadecimal after "0x" or "0X" ("0x" alone is 0),
// or in octal after a "0" that is not the whole input. nonDecimal is the
// parser's validationError flag. ok is false for the empty string and for
// a digit outside the radix. A value of 2^32 or more is IPv4Overflow.
func ParseIPv4Number(s string) (n uint64, nonDecimal, ok bool) {
	if s == "" {
		return 0, false, false
	}
	radix := uint64(10)
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s, radix, nonDecimal = s[2:], 16, true
	} else if len(s) >= 2 && s[0] == '0' {
		s, radix, nonDecimal = s[1:], 8, true
	}
	for i := 0; i < len(s); i++ {
		d := hexValue(s[i])
		if d >= radix {
			return 0, false, false
		}
		n = min(n*radix+d, IPv4Overflow)
	}
	return n, nonDecimal, true
}

// hexValue returns the value of the ASCII hex digit c, 16 for any other
// byte.
func hexValue(c byte) uint64 {
	switch {
	case '0' <= c && c <= '9':
		return uint64(c - '0')
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		return uint64(c|0x20-'a') + 10
	}
	return 16
}

// ParseIPv4 is the IPv4 parser (§3.5 "Host parsing") on a domain that ends
// in a number: one to four parts, a final empty one dropped, each an IPv4
// number; every part but the last is a byte and the last fills the bytes
// left. It returns the address, or the validation error that made it fail
// (zero on success) and where in s: the start of the part for
// IPv4NonNumericPart, 0 for the others. report, when not nil, is called
// with each validation error that does not fail and its offset in s (the
// final "." for IPv4EmptyPart, the part's start for IPv4NonDecimalPart, 0
// for the others), in the Standard's order.
func ParseIPv4(s string, report func(e IPv4Error, at int)) (addr uint32, fail IPv4Error, at int) {
	note := func(e IPv4Error, at int) {
		if report != nil {
			report(e, at)
		}
	}
	body := s
	if strings.HasSuffix(s, ".") {
		note(IPv4EmptyPart, len(s)-1)
		if len(s) > 1 {
			body = s[:len(s)-1]
		}
	}
	nparts := strings.Count(body, ".") + 1
	if nparts < 4 {
		note(IPv4TooFewParts, 0)
	}
	if nparts > 4 {
		return 0, IPv4TooManyParts, 0
	}
	var numbers [4]uint64
	start := 0
	for k := 0; k < nparts; k++ {
		end := strings.IndexByte(body[start:], '.')
		if end < 0 {
			end = len(body)
		} else {
			end += start
		}
		n, nonDecimal, ok := ParseIPv4Number(body[start:end])
		if !ok {
			return 0, IPv4NonNumericPart, start
		}
		if nonDecimal {
			note(IPv4NonDecimalPart, start)
		}
		numbers[k] = n
		start = end + 1
	}
	for k := 0; k < nparts; k++ {
		if numbers[k] > 255 {
			note(IPv4OutOfRangePart, 0)
			break
		}
	}
	for k := 0; k < nparts-1; k++ {
		if numbers[k] > 255 {
			return 0, IPv4OutOfRangePart, 0
		}
	}
	last := numbers[nparts-1]
	if last >= 1<<(8*(5-nparts)) {
		return 0, IPv4AddressOutOfRange, 0
	}
	addr = uint32(last)
	for k := 0; k < nparts-1; k++ {
		addr += uint32(numbers[k]) << (8 * (3 - k))
	}
	return addr, 0, 0
}
