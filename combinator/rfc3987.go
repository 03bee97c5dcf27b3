package combinator

// The rules of RFC 3987 §2.2 (IRIs) that differ from RFC 3986, in the order
// the RFC lists them. The rules RFC 3987 takes unchanged from RFC 3986
// (scheme, port, IP-literal, IPv4address, pct-encoded, sub-delims, ...) are
// the rules of rfc3986.go. Terminals in RFC 3987's ABNF are characters, not
// bytes: the rules here match UTF-8 text, a character outside ASCII being
// the UTF-8 encoding of one code point (RuneClass), and input that is not
// valid UTF-8 never matches. Where a choice is ordered for a PEG, it is
// ordered as the RFC 3986 rule it extends, for the same reason.

// Code-point sets of RFC 3987 §2.2.
var (
	// UCSCharSet is ucschar (RFC 3987 §2.2): the code points an IRI may
	// hold outside ASCII, in every component but the scheme and the port.
	UCSCharSet = Runes(
		RuneRange{0xA0, 0xD7FF}, RuneRange{0xF900, 0xFDCF}, RuneRange{0xFDF0, 0xFFEF},
		RuneRange{0x10000, 0x1FFFD}, RuneRange{0x20000, 0x2FFFD}, RuneRange{0x30000, 0x3FFFD},
		RuneRange{0x40000, 0x4FFFD}, RuneRange{0x50000, 0x5FFFD}, RuneRange{0x60000, 0x6FFFD},
		RuneRange{0x70000, 0x7FFFD}, RuneRange{0x80000, 0x8FFFD}, RuneRange{0x90000, 0x9FFFD},
		RuneRange{0xA0000, 0xAFFFD}, RuneRange{0xB0000, 0xBFFFD}, RuneRange{0xC0000, 0xCFFFD},
		RuneRange{0xD0000, 0xDFFFD}, RuneRange{0xE1000, 0xEFFFD})
	// IPrivateSet is iprivate (RFC 3987 §2.2): the private-use code points,
	// which an IRI may hold in its query only.
	IPrivateSet = Runes(RuneRange{0xE000, 0xF8FF}, RuneRange{0xF0000, 0xFFFFD}, RuneRange{0x100000, 0x10FFFD})
)

// IRIReference matches an IRI or a relative IRI reference (RFC 3987 §2.2):
//
//	IRI-reference = IRI / irelative-ref
//
// IRI is tried first; irelative-ref cannot match a string whose first
// segment holds a colon, so a PEG commits to the alternative the ABNF means.
var IRIReference = Named("IRI-reference", Alt(IRI, IRelativeRef))

// IRI matches an IRI, with its scheme (RFC 3987 §2.2):
//
//	IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]
var IRI = Named("IRI", Seq(Scheme, Lit(":"), IHierPart,
	Opt(Seq(Lit("?"), IQuery)), Opt(Seq(Lit("#"), IFragment))))

// IHierPart matches the part of an IRI between its scheme and its query
// (RFC 3987 §2.2):
//
//	ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless / ipath-empty
var IHierPart = Named("ihier-part", Alt(Seq(Lit("//"), IAuthority, IPathAbempty),
	IPathAbsolute, IPathRootless, IPathEmpty))

// AbsoluteIRI matches an IRI without a fragment (RFC 3987 §2.2):
//
//	absolute-IRI = scheme ":" ihier-part [ "?" iquery ]
var AbsoluteIRI = Named("absolute-IRI", Seq(Scheme, Lit(":"), IHierPart, Opt(Seq(Lit("?"), IQuery))))

// IRelativeRef matches a relative IRI reference (RFC 3987 §2.2):
//
//	irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]
var IRelativeRef = Named("irelative-ref", Seq(IRelativePart,
	Opt(Seq(Lit("?"), IQuery)), Opt(Seq(Lit("#"), IFragment))))

// IRelativePart matches the part of a relative IRI reference before its
// query (RFC 3987 §2.2):
//
//	irelative-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-noscheme / ipath-empty
var IRelativePart = Named("irelative-part", Alt(Seq(Lit("//"), IAuthority, IPathAbempty),
	IPathAbsolute, IPathNoScheme, IPathEmpty))

// IAuthority matches the authority component of an IRI (RFC 3987 §2.2):
//
//	iauthority = [ iuserinfo "@" ] ihost [ ":" port ]
var IAuthority = Named("iauthority", Seq(Opt(Seq(IUserInfo, Lit("@"))), IHost, Opt(Seq(Lit(":"), Port))))

// IUserInfo matches the user information of an IRI (RFC 3987 §2.2):
//
//	iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )
var IUserInfo = Named("iuserinfo", Star(Alt(IUnreserved, PctEncoded, SubDelims, Lit(":"))))

// IHost matches the host of an IRI (RFC 3987 §2.2):
//
//	ihost = IP-literal / IPv4address / ireg-name
//
// As in Host, IPv4address is taken only when no ireg-name character follows
// it ("first-match-wins", RFC 3986 §3.2.2), so that "1.2.3.4é" is matched
// whole, as an ireg-name.
var IHost = Named("ihost", Alt(IPLiteral, Seq(IPv4Address, Not(iregNameChar)), IRegName))

// iregNameChar is one character of an ireg-name.
var iregNameChar = Alt(IUnreserved, PctEncoded, SubDelims)

// IRegName matches a registered name of an IRI (RFC 3987 §2.2):
//
//	ireg-name = *( iunreserved / pct-encoded / sub-delims )
var IRegName = Named("ireg-name", Star(Alt(IUnreserved, PctEncoded, SubDelims)))

// IPath matches any of the five path forms of an IRI (RFC 3987 §2.2):
//
//	ipath = ipath-abempty / ipath-absolute / ipath-noscheme / ipath-rootless / ipath-empty
//
// Ordered as Path: ipath-rootless before ipath-noscheme (its subset), and
// ipath-abempty, which always matches, before its subsets ipath-absolute and
// ipath-empty.
var IPath = Named("ipath", Alt(IPathRootless, IPathNoScheme, IPathAbempty, IPathAbsolute, IPathEmpty))

// IPathAbempty matches a path that begins with "/" or is empty (RFC 3987 §2.2):
//
//	ipath-abempty = *( "/" isegment )
var IPathAbempty = Named("ipath-abempty", Star(Seq(Lit("/"), ISegment)))

// IPathAbsolute matches a path that begins with "/" but not "//" (RFC 3987 §2.2):
//
//	ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]
var IPathAbsolute = Named("ipath-absolute", Seq(Lit("/"), Opt(Seq(ISegmentNZ, Star(Seq(Lit("/"), ISegment))))))

// IPathNoScheme matches a path whose first segment has no colon (RFC 3987 §2.2):
//
//	ipath-noscheme = isegment-nz-nc *( "/" isegment )
var IPathNoScheme = Named("ipath-noscheme", Seq(ISegmentNZNC, Star(Seq(Lit("/"), ISegment))))

// IPathRootless matches a path that begins with a segment (RFC 3987 §2.2):
//
//	ipath-rootless = isegment-nz *( "/" isegment )
var IPathRootless = Named("ipath-rootless", Seq(ISegmentNZ, Star(Seq(Lit("/"), ISegment))))

// IPathEmpty matches the empty path (RFC 3987 §2.2):
//
//	ipath-empty = 0<ipchar>
var IPathEmpty = Named("ipath-empty", Rep(0, 0, IPChar))

// ISegment matches a path segment of an IRI, possibly empty (RFC 3987 §2.2):
//
//	isegment = *ipchar
var ISegment = Named("isegment", Star(IPChar))

// ISegmentNZ matches a non-empty path segment of an IRI (RFC 3987 §2.2):
//
//	isegment-nz = 1*ipchar
var ISegmentNZ = Named("isegment-nz", Plus(IPChar))

// ISegmentNZNC matches a non-empty segment of an IRI without a colon (RFC
// 3987 §2.2):
//
//	isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" )
var ISegmentNZNC = Named("isegment-nz-nc", Plus(Alt(IUnreserved, PctEncoded, SubDelims, Lit("@"))))

// IPChar matches one path character of an IRI (RFC 3987 §2.2):
//
//	ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
var IPChar = Named("ipchar", Alt(IUnreserved, PctEncoded, SubDelims, Lit(":"), Lit("@")))

// IQuery matches the query component of an IRI, the one component that may
// hold private-use characters (RFC 3987 §2.2):
//
//	iquery = *( ipchar / iprivate / "/" / "?" )
var IQuery = Named("iquery", Star(Alt(IPChar, IPrivate, Lit("/"), Lit("?"))))

// IFragment matches the fragment component of an IRI (RFC 3987 §2.2):
//
//	ifragment = *( ipchar / "/" / "?" )
var IFragment = Named("ifragment", Star(Alt(IPChar, Lit("/"), Lit("?"))))

// IUnreserved matches one unreserved character of an IRI (RFC 3987 §2.2):
//
//	iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
var IUnreserved = Named("iunreserved", Alt(ALPHA, DIGIT, Lit("-"), Lit("."), Lit("_"), Lit("~"), UCSChar))

// UCSChar matches one character of ucschar, the UTF-8 encoding of a code
// point of UCSCharSet (RFC 3987 §2.2):
//
//	ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	        / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
//	        / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
//	        / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
//	        / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
//	        / %xD0000-DFFFD / %xE1000-EFFFD
var UCSChar = Named("ucschar", RuneClass(UCSCharSet))

// IPrivate matches one private-use character, the UTF-8 encoding of a code
// point of IPrivateSet (RFC 3987 §2.2):
//
//	iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
var IPrivate = Named("iprivate", RuneClass(IPrivateSet))
