package uritemplate

import (
	"unicode/utf8"

	c "github.com/seed42851778/rfc3986/combinator"
)

// The grammar of RFC 6570 §2, written with the combinator package. Each rule
// is an exported *combinator.Rule that matches exactly the language of its
// ABNF (Level 4, the whole syntax), so it can be reused in another grammar
// and printed back as ABNF. Parse matches URITemplate and then refuses what
// the ABNF admits but RFC 6570 reserves: the operators of op-reserve.
//
// ALPHA, DIGIT and pct-encoded are the rules of RFC 5234 and RFC 3986 that
// the combinator package exports; ucschar and iprivate (RFC 3987) are
// Unicode code-point ranges, matched by the unexported terminals below.

// URITemplate matches a whole URI Template (RFC 6570 §2):
//
//	URI-Template  = *( literals / expression )
var URITemplate = c.Named("URI-Template", c.Star(c.Alt(Literals, Expression)))

// literalSet is the ASCII part of literals: any printable ASCII character
// except SP, DQUOTE, "'", "%", "<", ">", "\", "^", "`", "{", "|" and "}".
var literalSet = c.Chars("!").Union(
	c.ByteRange(0x23, 0x24), c.Chars("&"), c.ByteRange(0x28, 0x3B), c.Chars("="),
	c.ByteRange(0x3F, 0x5B), c.Chars("]"), c.Chars("_"), c.ByteRange(0x61, 0x7A), c.Chars("~"))

// Literals matches one character of the text outside expressions (RFC 6570 §2.1):
//
//	literals      =  %x21 / %x23-24 / %x26 / %x28-3B / %x3D / %x3F-5B
//	              /  %x5D / %x5F / %x61-7A / %x7E / ucschar / iprivate
//	              /  pct-encoded
//	                   ; any Unicode character except: CTL, SP,
//	                   ;  DQUOTE, "'", "%" (aside from pct-encoded),
//	                   ;  "<", ">", "\", "^", "`", "{", "|", "}"
var Literals = c.Named("literals", c.Alt(c.Class(literalSet), c.PctEncoded, ucschar, iprivate))

// Expression matches an expression in braces (RFC 6570 §2.2):
//
//	expression    =  "{" [ operator ] variable-list "}"
var Expression = c.Named("expression", c.Seq(c.Lit("{"), c.Opt(Operator), VariableList, c.Lit("}")))

// Operator matches the operator of an expression (RFC 6570 §2.2):
//
//	operator      =  op-level2 / op-level3 / op-reserve
var Operator = c.Named("operator", c.Alt(OpLevel2, OpLevel3, OpReserve))

// OpLevel2 matches the operators of Level 2 templates (RFC 6570 §2.2):
//
//	op-level2     =  "+" / "#"
var OpLevel2 = c.Named("op-level2", c.Alt(c.Lit("+"), c.Lit("#")))

// OpLevel3 matches the operators of Level 3 templates (RFC 6570 §2.2):
//
//	op-level3     =  "." / "/" / ";" / "?" / "&"
var OpLevel3 = c.Named("op-level3", c.Alt(c.Lit("."), c.Lit("/"), c.Lit(";"), c.Lit("?"), c.Lit("&")))

// OpReserve matches the operators reserved for future extensions (RFC 6570
// §2.2). The grammar admits them; Parse refuses them.
//
//	op-reserve    =  "=" / "," / "!" / "@" / "|"
var OpReserve = c.Named("op-reserve", c.Alt(c.Lit("="), c.Lit(","), c.Lit("!"), c.Lit("@"), c.Lit("|")))

// VariableList matches the comma-separated variable specifiers of an
// expression (RFC 6570 §2.3):
//
//	variable-list =  varspec *( "," varspec )
var VariableList = c.Named("variable-list", c.Seq(Varspec, c.Star(c.Seq(c.Lit(","), Varspec))))

// Varspec matches a variable name and its optional modifier (RFC 6570 §2.3):
//
//	varspec       =  varname [ modifier-level4 ]
var Varspec = c.Named("varspec", c.Seq(Varname, c.Opt(ModifierLevel4)))

// Varname matches a variable name (RFC 6570 §2.3):
//
//	varname       =  varchar *( ["."] varchar )
var Varname = c.Named("varname", c.Seq(Varchar, c.Star(c.Seq(c.Opt(c.Lit(".")), Varchar))))

// Varchar matches one character of a variable name (RFC 6570 §2.3):
//
//	varchar       =  ALPHA / DIGIT / "_" / pct-encoded
var Varchar = c.Named("varchar", c.Alt(c.ALPHA, c.DIGIT, c.Lit("_"), c.PctEncoded))

// ModifierLevel4 matches a value modifier (RFC 6570 §2.4):
//
//	modifier-level4 =  prefix / explode
var ModifierLevel4 = c.Named("modifier-level4", c.Alt(Prefix, Explode))

// Prefix matches a prefix modifier (RFC 6570 §2.4.1):
//
//	prefix        =  ":" max-length
var Prefix = c.Named("prefix", c.Seq(c.Lit(":"), MaxLength))

// MaxLength matches the length of a prefix modifier, 1 to 9999 (RFC 6570 §2.4.1):
//
//	max-length    =  %x31-39 0*3DIGIT   ; positive integer < 10000
var MaxLength = c.Named("max-length", c.Seq(c.Class(c.ByteRange('1', '9')), c.Rep(0, 3, c.DIGIT)))

// Explode matches the explode modifier (RFC 6570 §2.4.2):
//
//	explode       =  "*"
var Explode = c.Named("explode", c.Lit("*"))

// ucschar matches one UTF-8 encoded character of ucschar (RFC 3987 §2.2,
// imported by RFC 6570 §1.5):
//
//	ucschar        = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	               / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
//	               / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
//	               / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
//	               / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
//	               / %xD0000-DFFFD / %xE1000-EFFFD
//
// The combinator engine has byte classes only, so this is a terminal that
// decodes UTF-8; invalid UTF-8 never matches.
var ucschar = c.Func("ucschar", runeIn(isUCSChar))

// iprivate matches one UTF-8 encoded character of iprivate (RFC 3987 §2.2,
// imported by RFC 6570 §1.5), a terminal as ucschar is:
//
//	iprivate       = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
var iprivate = c.Func("iprivate", runeIn(isIPrivate))

// runeIn makes a terminal that matches one UTF-8 encoded code point for
// which in reports true; invalid UTF-8 never matches.
func runeIn(in func(r rune) bool) c.MatchFunc {
	return func(s string, pos int) int {
		if pos >= len(s) || s[pos] < utf8.RuneSelf {
			return -1
		}
		r, n := utf8.DecodeRuneInString(s[pos:])
		if r == utf8.RuneError && n <= 1 || !in(r) {
			return -1
		}
		return pos + n
	}
}

// isUCSChar reports whether r is in ucschar (RFC 3987 §2.2).
func isUCSChar(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0x10000 && r <= 0xDFFFD:
		return r&0xFFFF <= 0xFFFD // %x10000-1FFFD … %xD0000-DFFFD
	case r >= 0xE1000 && r <= 0xEFFFD:
		return true
	}
	return false
}

// isIPrivate reports whether r is in iprivate (RFC 3987 §2.2).
func isIPrivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0xFFFFD || r >= 0x100000 && r <= 0x10FFFD
}
