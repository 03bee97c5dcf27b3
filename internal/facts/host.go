package facts

// forbiddenHost is the one list of the URL Standard's forbidden host code
// points (§3.2 "Host miscellaneous"): "U+0000 NULL, U+0009 TAB, U+000A LF,
// U+000D CR, U+0020 SPACE, U+0023 (#), U+002F (/), U+003A (:), U+003C (<),
// U+003E (>), U+003F (?), U+0040 (@), U+005B ([), U+005C (\), U+005D (]),
// U+005E (^), or U+007C (|)". Every one is ASCII, so a byte of UTF-8 text
// is one exactly when it is that code point.
var forbiddenHost = [256]bool{
	0x00: true, '\t': true, '\n': true, '\r': true, ' ': true, '#': true,
	'/': true, ':': true, '<': true, '>': true, '?': true, '@': true,
	'[': true, '\\': true, ']': true, '^': true, '|': true,
}

// ForbiddenHost reports whether c is a forbidden host code point (§3.2
// "Host miscellaneous"): the opaque-host parser (§3.5 "Host parsing")
// fails on a host of a non-special URL that holds one. c is a byte of
// UTF-8 text; no byte of a code point outside ASCII is forbidden.
func ForbiddenHost(c byte) bool { return forbiddenHost[c] }

// ForbiddenDomain reports whether c is a forbidden domain code point (§3.2
// "Host miscellaneous"): "a forbidden host code point, a C0 control, U+0025
// (%), or U+007F DELETE". Domain to ASCII (§3.3 "IDNA") fails on a domain
// that holds one once percent-decoded and mapped, so the host of a special
// URL never does.
func ForbiddenDomain(c byte) bool {
	return forbiddenHost[c] || c < 0x20 || c == '%' || c == 0x7f
}

// ReadASCIIDomain reads s, a special URL's host once percent-decoded and
// mapped to ASCII (the result of the domain parser of §3.5 "Host parsing"
// step 6 before its last check), as the host parser ends: it fails (ok is
// false) when s is empty or holds a forbidden domain code point (§3.3
// "IDNA", domain to ASCII steps 6 and 7), and when s ends in a number the
// IPv4 parser refuses; it returns the address and ipv4 true when s ends in
// a number the IPv4 parser reads (step 8), else a domain (step 9).
func ReadASCIIDomain(s string) (addr uint32, ipv4, ok bool) {
	if s == "" {
		return 0, false, false
	}
	for i := 0; i < len(s); i++ {
		if ForbiddenDomain(s[i]) {
			return 0, false, false
		}
	}
	if !EndsInANumber(s) {
		return 0, false, true
	}
	a, fail, _ := ParseIPv4(s, nil)
	return a, fail == 0, fail == 0
}

// WindowsDriveLetter reports whether s is a Windows drive letter (§4.2
// "URL miscellaneous"): "two code points, of which the first is an ASCII
// alpha and the second is either U+003A (:) or U+007C (|)".
func WindowsDriveLetter(s string) bool {
	return len(s) == 2 && isAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

// NormalizedWindowsDriveLetter reports whether s is a Windows drive letter
// whose second code point is U+003A (:) (§4.2).
func NormalizedWindowsDriveLetter(s string) bool {
	return len(s) == 2 && isAlpha(s[0]) && s[1] == ':'
}

// StartsWithWindowsDriveLetter reports whether s starts with a Windows
// drive letter (§4.2): its first two code points are one, and it ends
// there or goes on with U+002F (/), U+005C (\), U+003F (?) or U+0023 (#).
func StartsWithWindowsDriveLetter(s string) bool {
	if len(s) < 2 || !WindowsDriveLetter(s[:2]) {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
