package weburl

// encodeSet is a percent-encode set of the URL Standard (§1.3): a byte is in
// the set when it must be percent-encoded. Bytes 0x80 and up are in every set.
type encodeSet [256]bool

// appendPercentEncoded appends s to dst with every byte in set
// percent-encoded as %XX (upper-case hex).
func appendPercentEncoded(dst []byte, s string, set *encodeSet) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if set[c] {
			dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}

// needsEncoding reports whether any byte of s is in set.
func needsEncoding(s string, set *encodeSet) bool {
	for i := 0; i < len(s); i++ {
		if set[s[i]] {
			return true
		}
	}
	return false
}

const upperhex = "0123456789ABCDEF"
