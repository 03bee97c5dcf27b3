package uri

import "strings"

// byteSet is a set of bytes, a 256-bit bitmap laid out as combinator.CharSet
// is (byte b is bit b%64 of word b/64), so that Encode takes a CharSet as it
// is. uri keeps its own sets, rather than combinator's, so that a program
// that parses URIs does not link the combinator package and build its rules
// at init: the matchers it runs are generated code. TestSetsMatchGrammar
// checks that each set here is the one of the grammar.
type byteSet [4]uint64

// contains reports whether b is in s.
func (s *byteSet) contains(b byte) bool { return s[b>>6]&(1<<(b&63)) != 0 }

// The sets of RFC 3986 that uri encodes, decodes and repairs with. None
// holds a byte above 127, so each is written as the constant of its first
// word (the bytes 0 to 63: byte b is bit b) and of its second (the bytes 64
// to 127: byte b is bit b-64): the sets are data in the binary and cost
// nothing at init. TestSetsMatchGrammar checks each against the grammar.
const (
	// DIGIT = %x30-39 (RFC 5234 Appendix B.1).
	digit0 = 0x3FF << '0'
	// ALPHA = %x41-5A / %x61-7A (RFC 5234 Appendix B.1).
	alpha1 = 0x3FFFFFF<<('A'-64) | 0x3FFFFFF<<('a'-64)
	// The letters of HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
	// (RFC 5234 Appendix B.1; ABNF literals are case-insensitive, §2.3).
	hexAlpha1 = 0x3F<<('A'-64) | 0x3F<<('a'-64)
	// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" (§2.3).
	unreserved0 = digit0 | 1<<'-' | 1<<'.'
	unreserved1 = alpha1 | 1<<('_'-64) | 1<<('~'-64)
	// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," /
	// ";" / "=" (§2.2), all below 64.
	subDelims0 = 1<<'!' | 1<<'$' | 1<<'&' | 1<<'\'' | 1<<'(' | 1<<')' | 1<<'*' | 1<<'+' | 1<<',' | 1<<';' | 1<<'='
	// reg-name = *( unreserved / pct-encoded / sub-delims ) (§3.2.2), less
	// pct-encoded.
	regName0 = unreserved0 | subDelims0
	// userinfo = *( unreserved / pct-encoded / sub-delims / ":" ) (§3.2.1),
	// less pct-encoded.
	userInfo0 = regName0 | 1<<':'
	// pchar = unreserved / pct-encoded / sub-delims / ":" / "@" (§3.3), less
	// pct-encoded; "@" is byte 64.
	pchar0, pchar1 = regName0 | 1<<':', unreserved1 | 1<<('@'-64)
	// query = *( pchar / "/" / "?" ) (§3.4), less pct-encoded; fragment is
	// the same (§3.5).
	query0 = pchar0 | 1<<'/' | 1<<'?'
)

var (
	alphaSet      = byteSet{0, alpha1}
	hexDigSet     = byteSet{digit0, hexAlpha1}
	unreservedSet = byteSet{unreserved0, unreserved1}
	// schemeSet is what scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
	// allows after its first letter (§3.1).
	schemeSet    = byteSet{digit0 | 1<<'+' | 1<<'-' | 1<<'.', alpha1}
	subDelimsSet = byteSet{subDelims0}
	userInfoSet  = byteSet{userInfo0, unreserved1}
	regNameSet   = byteSet{regName0, unreserved1}
	pcharSet     = byteSet{pchar0, pchar1}
	// pathSet is what a path holds besides pct-encoded: pchar / "/" (§3.3).
	pathSet  = byteSet{pchar0 | 1<<'/', pchar1}
	querySet = byteSet{query0, pchar1}
)

// The classes of byteClass, one bit each.
const (
	clsSchemeStop    = 1 << iota // ":", "/", "?", "#": they end Appendix B's scheme
	clsAuthorityStop             // "/", "?", "#": they end Appendix B's authority
	clsAlpha                     // ALPHA
	clsScheme                    // ALPHA / DIGIT / "+" / "-" / "."
	clsUserinfo                  // unreserved / sub-delims / ":" / "%": a userinfo's bytes
	clsRegName                   // unreserved / sub-delims: a reg-name's bytes but pct-encoded
)

// byteClass holds the classes of each byte that componentAt and the hints
// look for: one table of 256 bytes for all of them.
var byteClass = func() (t [256]uint8) {
	for _, b := range []byte(":/?#") {
		t[b] |= clsSchemeStop
	}
	for _, b := range []byte("/?#") {
		t[b] |= clsAuthorityStop
	}
	for b := 0; b < 256; b++ {
		if alphaSet.contains(byte(b)) {
			t[b] |= clsAlpha
		}
		if schemeSet.contains(byte(b)) {
			t[b] |= clsScheme
		}
		if userInfoSet.contains(byte(b)) || b == '%' {
			t[b] |= clsUserinfo
		}
		if userInfoSet.contains(byte(b)) && b != ':' {
			t[b] |= clsRegName
		}
	}
	return t
}()

// indexStop is the index of the first byte of s in one of the classes cls,
// or -1. It is indexAny for the short strings a scheme and an authority are,
// where a loop costs less than a call of strings.IndexByte per byte looked
// for.
func indexStop(s string, cls uint8) int {
	for i := 0; i < len(s); i++ {
		if byteClass[s[i]]&cls != 0 {
			return i
		}
	}
	return -1
}

// isScheme reports whether s is a scheme (§3.1):
//
//	scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
func isScheme(s string) bool {
	if s == "" || byteClass[s[0]]&clsAlpha == 0 {
		return false
	}
	for i := 1; i < len(s); i++ {
		if byteClass[s[i]]&clsScheme == 0 {
			return false
		}
	}
	return true
}

// indexAny is the index of the first of the bytes bs in s, or -1: one
// strings.IndexByte each (vectorized, unlike strings.IndexAny), in a
// shrinking prefix of s.
func indexAny(s string, bs ...byte) int {
	i := -1
	for _, b := range bs {
		if k := strings.IndexByte(s, b); k >= 0 {
			i, s = k, s[:k]
		}
	}
	return i
}

// userinfoBytes reports whether s holds only bytes a userinfo can (§3.2.1):
// unreserved, sub-delims, ":" and the "%" and HEXDIG of pct-encoded.
func userinfoBytes(s string) bool {
	for i := 0; i < len(s); i++ {
		if byteClass[s[i]]&clsUserinfo == 0 {
			return false
		}
	}
	return true
}
