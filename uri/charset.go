package uri

// byteSet is a set of bytes, a 256-bit bitmap laid out as combinator.CharSet
// is (byte b is bit b%64 of word b/64), so that Encode takes a CharSet as it
// is. uri keeps its own sets, rather than combinator's, so that a program
// that parses URIs does not link the combinator package and build its rules
// at init: the matchers it runs are generated code. TestSetsMatchGrammar
// checks that each set here is the one of the grammar.
type byteSet [4]uint64

// contains reports whether b is in s.
func (s *byteSet) contains(b byte) bool { return s[b>>6]&(1<<(b&63)) != 0 }

// union returns the bytes in s or in o.
//
//go:noinline
func (s byteSet) union(o byteSet) byteSet {
	for i := range s {
		s[i] |= o[i]
	}
	return s
}

// minus returns the bytes in s and not in o.
func (s byteSet) minus(o byteSet) byteSet {
	for i := range s {
		s[i] &^= o[i]
	}
	return s
}

// chars returns the set of the bytes of s. It is not inlined: the sets
// below are computed once at init, and a call is smaller than its loop.
//
//go:noinline
func chars(s string) byteSet {
	var c byteSet
	for i := 0; i < len(s); i++ {
		c[s[i]>>6] |= 1 << (s[i] & 63)
	}
	return c
}

// The sets of RFC 3986 uri encodes, decodes and repairs with.
var (
	// alphaSet is ALPHA = %x41-5A / %x61-7A (RFC 5234 Appendix B.1).
	alphaSet = chars("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
	// digitSet is DIGIT = %x30-39 (RFC 5234 Appendix B.1).
	digitSet = chars("0123456789")
	// hexDigSet is HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
	// (RFC 5234 Appendix B.1; its literals are case-insensitive, §2.3).
	hexDigSet = digitSet.union(chars("ABCDEFabcdef"))
	// unreservedSet is unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
	// (§2.3).
	unreservedSet = alphaSet.union(digitSet).union(chars("-._~"))
	// schemeSet is what scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
	// allows after its first letter (§3.1).
	schemeSet = alphaSet.union(digitSet).union(chars("+-."))
	// subDelimsSet is sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*"
	// / "+" / "," / ";" / "=" (§2.2).
	subDelimsSet = chars("!$&'()*+,;=")
	// userInfoSet is what userinfo = *( unreserved / pct-encoded /
	// sub-delims / ":" ) holds besides pct-encoded (§3.2.1).
	userInfoSet = unreservedSet.union(subDelimsSet).union(chars(":"))
	// regNameSet is what reg-name = *( unreserved / pct-encoded / sub-delims )
	// holds besides pct-encoded (§3.2.2).
	regNameSet = unreservedSet.union(subDelimsSet)
	// pcharSet is pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
	// less pct-encoded (§3.3).
	pcharSet = regNameSet.union(chars(":@"))
	// pathSet is what a path holds besides pct-encoded: pchar / "/" (§3.3).
	pathSet = pcharSet.union(chars("/"))
	// querySet is what query = *( pchar / "/" / "?" ) holds besides
	// pct-encoded (§3.4); fragment is the same (§3.5).
	querySet = pathSet.union(chars("?"))
)
