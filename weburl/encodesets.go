package weburl

import "unicode/utf8"

// encodeSet is a percent-encode set of the URL Standard (§1.3 "Percent-encoded
// bytes"): a byte is in the set when it must be percent-encoded. Every byte
// 0x80 and above is in every set, so that encoding a UTF-8 string byte by
// byte is the standard's "UTF-8 percent-encode". A table lookup per byte is
// the cheapest test there is; the eight tables take 2 KiB.
type encodeSet [256]bool

// The percent-encode sets, each defined in the standard's words as the
// previous one plus some code points.
var (
	// c0ControlSet is the C0 control percent-encode set: the C0 controls and
	// every code point greater than U+007E (~).
	c0ControlSet = newEncodeSet(nil, "\x7f")

	// fragmentSet is the fragment percent-encode set: the C0 control
	// percent-encode set and U+0020 SPACE, ", <, > and `.
	fragmentSet = newEncodeSet(&c0ControlSet, " \"<>`")

	// querySet is the query percent-encode set: the C0 control percent-encode
	// set and U+0020 SPACE, ", #, < and >. (Not built on the fragment set: it
	// leaves ` alone.)
	querySet = newEncodeSet(&c0ControlSet, " \"#<>")

	// specialQuerySet is the special-query percent-encode set: the query
	// percent-encode set and '.
	specialQuerySet = newEncodeSet(&querySet, "'")

	// pathSet is the path percent-encode set: the query percent-encode set and
	// ?, ^, `, { and }.
	pathSet = newEncodeSet(&querySet, "?^`{}")

	// userinfoSet is the userinfo percent-encode set: the path percent-encode
	// set and /, :, ;, =, @, [ to ] inclusive, and |.
	userinfoSet = newEncodeSet(&pathSet, "/:;=@[\\]|")

	// componentSet is the component percent-encode set: the userinfo
	// percent-encode set and $ to & inclusive, + and , (what JavaScript's
	// encodeURIComponent encodes).
	componentSet = newEncodeSet(&userinfoSet, "$%&+,")

	// formSet is the application/x-www-form-urlencoded percent-encode set: the
	// component percent-encode set and !, ' to ) inclusive, and ~. Everything
	// but the ASCII alphanumerics, *, -, . and _ is in it.
	formSet = newEncodeSet(&componentSet, "!'()~")
)

// newEncodeSet returns base (the C0 control percent-encode set's controls and
// non-ASCII bytes when base is nil) with the bytes of extra added.
func newEncodeSet(base *encodeSet, extra string) encodeSet {
	var s encodeSet
	if base != nil {
		s = *base
	} else {
		for c := 0; c < 0x20; c++ {
			s[c] = true
		}
		for c := 0x80; c < 0x100; c++ {
			s[c] = true
		}
	}
	for i := 0; i < len(extra); i++ {
		s[extra[i]] = true
	}
	return s
}

// appendPercentEncoded appends s to dst with every byte in set
// percent-encoded as %XX (upper-case hex): the standard's "UTF-8
// percent-encode". A byte that is not part of valid UTF-8 is read as U+FFFD,
// as a Go range loop reads it (the standard's strings are scalar value
// strings, so it has no such bytes), and encoded as %EF%BF%BD.
func appendPercentEncoded(dst []byte, s string, set *encodeSet) []byte {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if !set[c] {
			i++
			continue
		}
		dst = append(dst, s[start:i]...)
		n := 1
		if c >= utf8.RuneSelf {
			var r rune
			if r, n = utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && n == 1 {
				dst = append(dst, "%EF%BF%BD"...)
				i++
				start = i
				continue
			}
		}
		for _, c := range []byte(s[i : i+n]) {
			dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
		}
		i += n
		start = i
	}
	return append(dst, s[start:]...)
}

// needsEncoding reports whether any byte of s is in set, that is whether
// appendPercentEncoded would change s.
func needsEncoding(s string, set *encodeSet) bool {
	for i := 0; i < len(s); i++ {
		if set[s[i]] {
			return true
		}
	}
	return false
}

const upperhex = "0123456789ABCDEF"

// unhex returns the value of the ASCII hex digit c and whether it is one.
func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// isPercentEncodedAt reports whether s[i:] starts with a percent-encoded
// byte: % and two ASCII hex digits.
func isPercentEncodedAt(s string, i int) bool {
	if i+2 >= len(s) || s[i] != '%' {
		return false
	}
	_, ok1 := unhex(s[i+1])
	_, ok2 := unhex(s[i+2])
	return ok1 && ok2
}

// appendPercentDecoded appends the standard's percent-decoding of s to dst:
// each percent-encoded byte becomes the byte it encodes; a % not followed by
// two hex digits stays as it is.
func appendPercentDecoded(dst []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && isPercentEncodedAt(s, i) {
			hi, _ := unhex(s[i+1])
			lo, _ := unhex(s[i+2])
			dst = append(dst, s[start:i]...)
			dst = append(dst, hi<<4|lo)
			i += 2
			start = i + 1
		}
	}
	return append(dst, s[start:]...)
}
