// Package ascii holds the byte tables and byte helpers the module's
// packages share, so that each is declared once: the hexadecimal digits of
// a percent-encoding (RFC 3986 §2.1) and of a byte written as 0xHH in a
// message, and the lower-casing of ASCII letters.
package ascii

// UpperHex is the hexadecimal digits, upper case, as a percent-encoding
// writes them (RFC 3986 §2.1: "For consistency, URI producers and
// normalizers should use uppercase hexadecimal digits"): UpperHex[b>>4] and
// UpperHex[b&15] are the two digits of byte b.
const UpperHex = "0123456789ABCDEF"

// Lower returns s with its ASCII letters A to Z in lower case and every
// other byte as it is (RFC 3986 §6.2.2.1 and the URL Standard lower-case
// hosts so), s itself when it has no upper-case letter.
func Lower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
