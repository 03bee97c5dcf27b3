// Package rfc3987 exports the rules of RFC 3987 §2.2 (IRIs) that differ
// from RFC 3986, ready to match or to build on: the counterpart of package
// combinator's RFC 3986 Appendix A rules, on the same engine.
//
// The rules live in a package of their own so that a program that parses
// URIs, and so imports combinator, does not build the IRI grammar at init:
// only a program that imports this package (iri does) pays for it.
//
// They are listed in the order the RFC lists them. The rules RFC 3987 takes
// unchanged from RFC 3986 (scheme, port, IP-literal, IPv4address,
// pct-encoded, sub-delims, ...) are the rules of package combinator.
// Terminals in RFC 3987's ABNF are characters, not bytes: the rules here
// match UTF-8 text, a character outside ASCII being the UTF-8 encoding of
// one code point (combinator.RuneClass), and input that is not valid UTF-8
// never matches. Where a choice is ordered for a PEG, it is ordered as the
// RFC 3986 rule it extends, for the same reason.
package rfc3987

import c "github.com/seed42851778/rfc3986/combinator"

// Code-point sets of RFC 3987 §2.2.
var (
	// UCSCharSet is ucschar (RFC 3987 §2.2): the code points an IRI may
	// hold outside ASCII, in every component but the scheme and the port.
	UCSCharSet = c.Runes(
		c.RuneRange{Lo: 0xA0, Hi: 0xD7FF}, c.RuneRange{Lo: 0xF900, Hi: 0xFDCF},
		c.RuneRange{Lo: 0xFDF0, Hi: 0xFFEF}, c.RuneRange{Lo: 0x10000, Hi: 0x1FFFD},
		c.RuneRange{Lo: 0x20000, Hi: 0x2FFFD}, c.RuneRange{Lo: 0x30000, Hi: 0x3FFFD},
		c.RuneRange{Lo: 0x40000, Hi: 0x4FFFD}, c.RuneRange{Lo: 0x50000, Hi: 0x5FFFD},
		c.RuneRange{Lo: 0x60000, Hi: 0x6FFFD}, c.RuneRange{Lo: 0x70000, Hi: 0x7FFFD},
		c.RuneRange{Lo: 0x80000, Hi: 0x8FFFD}, c.RuneRange{Lo: 0x90000, Hi: 0x9FFFD},
		c.RuneRange{Lo: 0xA0000, Hi: 0xAFFFD}, c.RuneRange{Lo: 0xB0000, Hi: 0xBFFFD},
		c.RuneRange{Lo: 0xC0000, Hi: 0xCFFFD}, c.RuneRange{Lo: 0xD0000, Hi: 0xDFFFD},
		c.RuneRange{Lo: 0xE1000, Hi: 0xEFFFD})
	// IPrivateSet is iprivate (RFC 3987 §2.2): the private-use code points,
	// which an IRI may hold in its query only.
	IPrivateSet = c.Runes(c.RuneRange{Lo: 0xE000, Hi: 0xF8FF},
		c.RuneRange{Lo: 0xF0000, Hi: 0xFFFFD}, c.RuneRange{Lo: 0x100000, Hi: 0x10FFFD})
)

// IRIReference matches an IRI or a relative IRI reference (RFC 3987 §2.2):
//
//	IRI-reference = IRI / irelative-ref
//
// IRI is tried first; irelative-ref cannot match a string whose first
// segment holds a colon, so a PEG commits to the alternative the ABNF means.
var IRIReference = c.Named("IRI-reference", c.Alt(IRI, IRelativeRef))

// IRI matches an IRI, with its scheme (RFC 3987 §2.2):
//
//	IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]
var IRI = c.Named("IRI", c.Seq(c.Scheme, c.Lit(":"), IHierPart,
	c.Opt(c.Seq(c.Lit("?"), IQuery)), c.Opt(c.Seq(c.Lit("#"), IFragment))))

// IHierPart matches the part of an IRI between its scheme and its query
// (RFC 3987 §2.2):
//
//	ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless / ipath-empty
var IHierPart = c.Named("ihier-part", c.Alt(c.Seq(c.Lit("//"), IAuthority, IPathAbempty),
	IPathAbsolute, IPathRootless, IPathEmpty))

// AbsoluteIRI matches an IRI without a fragment (RFC 3987 §2.2):
//
//	absolute-IRI = scheme ":" ihier-part [ "?" iquery ]
var AbsoluteIRI = c.Named("absolute-IRI", c.Seq(c.Scheme, c.Lit(":"), IHierPart, c.Opt(c.Seq(c.Lit("?"), IQuery))))

// IRelativeRef matches a relative IRI reference (RFC 3987 §2.2):
//
//	irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]
var IRelativeRef = c.Named("irelative-ref", c.Seq(IRelativePart,
	c.Opt(c.Seq(c.Lit("?"), IQuery)), c.Opt(c.Seq(c.Lit("#"), IFragment))))

// IRelativePart matches the part of a relative IRI reference before its
// query (RFC 3987 §2.2):
//
//	irelative-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-noscheme / ipath-empty
var IRelativePart = c.Named("irelative-part", c.Alt(c.Seq(c.Lit("//"), IAuthority, IPathAbempty),
	IPathAbsolute, IPathNoScheme, IPathEmpty))

// IAuthority matches the authority component of an IRI (RFC 3987 §2.2):
//
//	iauthority = [ iuserinfo "@" ] ihost [ ":" port ]
var IAuthority = c.Named("iauthority", c.Seq(c.Opt(c.Seq(IUserInfo, c.Lit("@"))), IHost, c.Opt(c.Seq(c.Lit(":"), c.Port))))

// IUserInfo matches the user information of an IRI (RFC 3987 §2.2):
//
//	iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )
var IUserInfo = c.Named("iuserinfo", c.Star(c.Alt(IUnreserved, c.PctEncoded, c.SubDelims, c.Lit(":"))))

// IHost matches the host of an IRI (RFC 3987 §2.2):
//
//	ihost = IP-literal / IPv4address / ireg-name
//
// As in combinator.Host, IPv4address is taken only when no ireg-name
// character follows it ("first-match-wins", RFC 3986 §3.2.2), so that
// "1.2.3.4é" is matched whole, as an ireg-name.
var IHost = c.Named("ihost", c.Alt(c.IPLiteral, c.Seq(c.IPv4Address, c.Not(iregNameChar)), IRegName))

// iregNameChar is one character of an ireg-name.
var iregNameChar = c.Alt(IUnreserved, c.PctEncoded, c.SubDelims)

// IRegName matches a registered name of an IRI (RFC 3987 §2.2):
//
//	ireg-name = *( iunreserved / pct-encoded / sub-delims )
var IRegName = c.Named("ireg-name", c.Star(c.Alt(IUnreserved, c.PctEncoded, c.SubDelims)))

// IPath matches any of the five path forms of an IRI (RFC 3987 §2.2):
//
//	ipath = ipath-abempty / ipath-absolute / ipath-noscheme / ipath-rootless / ipath-empty
//
// Ordered as combinator.Path: ipath-rootless before ipath-noscheme (its
// subset), and ipath-abempty, which always matches, before its subsets
// ipath-absolute and ipath-empty.
var IPath = c.Named("ipath", c.Alt(IPathRootless, IPathNoScheme, IPathAbempty, IPathAbsolute, IPathEmpty))

// IPathAbempty matches a path that begins with "/" or is empty (RFC 3987 §2.2):
//
//	ipath-abempty = *( "/" isegment )
var IPathAbempty = c.Named("ipath-abempty", c.Star(c.Seq(c.Lit("/"), ISegment)))

// IPathAbsolute matches a path that begins with "/" but not "//" (RFC 3987 §2.2):
//
//	ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]
var IPathAbsolute = c.Named("ipath-absolute", c.Seq(c.Lit("/"), c.Opt(c.Seq(ISegmentNZ, c.Star(c.Seq(c.Lit("/"), ISegment))))))

// IPathNoScheme matches a path whose first segment has no colon (RFC 3987 §2.2):
//
//	ipath-noscheme = isegment-nz-nc *( "/" isegment )
var IPathNoScheme = c.Named("ipath-noscheme", c.Seq(ISegmentNZNC, c.Star(c.Seq(c.Lit("/"), ISegment))))

// IPathRootless matches a path that begins with a segment (RFC 3987 §2.2):
//
//	ipath-rootless = isegment-nz *( "/" isegment )
var IPathRootless = c.Named("ipath-rootless", c.Seq(ISegmentNZ, c.Star(c.Seq(c.Lit("/"), ISegment))))

// IPathEmpty matches the empty path (RFC 3987 §2.2):
//
//	ipath-empty = 0<ipchar>
var IPathEmpty = c.Named("ipath-empty", c.Rep(0, 0, IPChar))

// ISegment matches a path segment of an IRI, possibly empty (RFC 3987 §2.2):
//
//	isegment = *ipchar
var ISegment = c.Named("isegment", c.Star(IPChar))

// ISegmentNZ matches a non-empty path segment of an IRI (RFC 3987 §2.2):
//
//	isegment-nz = 1*ipchar
var ISegmentNZ = c.Named("isegment-nz", c.Plus(IPChar))

// ISegmentNZNC matches a non-empty segment of an IRI without a colon (RFC
// 3987 §2.2):
//
//	isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" )
var ISegmentNZNC = c.Named("isegment-nz-nc", c.Plus(c.Alt(IUnreserved, c.PctEncoded, c.SubDelims, c.Lit("@"))))

// IPChar matches one path character of an IRI (RFC 3987 §2.2):
//
//	ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
var IPChar = c.Named("ipchar", c.Alt(IUnreserved, c.PctEncoded, c.SubDelims, c.Lit(":"), c.Lit("@")))

// IQuery matches the query component of an IRI, the one component that may
// hold private-use characters (RFC 3987 §2.2):
//
//	iquery = *( ipchar / iprivate / "/" / "?" )
var IQuery = c.Named("iquery", c.Star(c.Alt(IPChar, IPrivate, c.Lit("/"), c.Lit("?"))))

// IFragment matches the fragment component of an IRI (RFC 3987 §2.2):
//
//	ifragment = *( ipchar / "/" / "?" )
var IFragment = c.Named("ifragment", c.Star(c.Alt(IPChar, c.Lit("/"), c.Lit("?"))))

// IUnreserved matches one unreserved character of an IRI (RFC 3987 §2.2):
//
//	iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
var IUnreserved = c.Named("iunreserved", c.Alt(c.ALPHA, c.DIGIT, c.Lit("-"), c.Lit("."), c.Lit("_"), c.Lit("~"), UCSChar))

// UCSChar matches one character of ucschar, the UTF-8 encoding of a code
// point of UCSCharSet (RFC 3987 §2.2):
//
//	ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	        / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
//	        / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
//	        / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
//	        / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
//	        / %xD0000-DFFFD / %xE1000-EFFFD
var UCSChar = c.Named("ucschar", c.RuneClass(UCSCharSet))

// IPrivate matches one private-use character, the UTF-8 encoding of a code
// point of IPrivateSet (RFC 3987 §2.2):
//
//	iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
var IPrivate = c.Named("iprivate", c.RuneClass(IPrivateSet))
