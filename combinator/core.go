package combinator

// The RFC 5234 core rules that RFC 3986 uses (RFC 5234 Appendix B.1).

// AlphaSet is the set of ALPHA: the ASCII letters A-Z and a-z.
var AlphaSet = ByteRange('A', 'Z').Union(ByteRange('a', 'z'))

// DigitSet is the set of DIGIT: 0-9.
var DigitSet = ByteRange('0', '9')

// HexDigSet is the set of HEXDIG: 0-9, A-F and a-f (ABNF quoted strings are
// case-insensitive, so "A" also stands for "a").
var HexDigSet = hexdigSet

// ALPHA matches one letter (RFC 5234 Appendix B.1):
//
//	ALPHA = %x41-5A / %x61-7A ; A-Z / a-z
var ALPHA = Named("ALPHA", Class(AlphaSet))

// DIGIT matches one decimal digit (RFC 5234 Appendix B.1):
//
//	DIGIT = %x30-39 ; 0-9
var DIGIT = Named("DIGIT", Class(DigitSet))

// HEXDIG matches one hexadecimal digit, in either case (RFC 5234 Appendix B.1):
//
//	HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
var HEXDIG = Named("HEXDIG", Class(HexDigSet))
