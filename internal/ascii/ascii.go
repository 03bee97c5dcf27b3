// Package ascii holds the byte tables the module's packages share, so that
// each is declared once: the hexadecimal digits of a percent-encoding
// (RFC 3986 §2.1) and of a byte written as 0xHH in a message.
package ascii

// UpperHex is the hexadecimal digits, upper case, as a percent-encoding
// writes them (RFC 3986 §2.1: "For consistency, URI producers and
// normalizers should use uppercase hexadecimal digits"): UpperHex[b>>4] and
// UpperHex[b&15] are the two digits of byte b.
const UpperHex = "0123456789ABCDEF"
