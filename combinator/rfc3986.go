package combinator

// The rules of RFC 3986 Appendix A, in its order. Each is an exported *Rule
// that matches exactly the language of its ABNF; where the ABNF's choice is
// ambiguous for a PEG (host, dec-octet, the IPv6 forms, path), the comment says
// how the rule is ordered and why that accepts the same strings.

// Character sets of RFC 3986 §2 and the sets of bytes that each component
// allows as they stand (a percent-encoded triplet aside). The builder and the
// uri package percent-encode every byte outside these sets.
var (
	// UnreservedSet is unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" (§2.3).
	UnreservedSet = AlphaSet.Union(DigitSet, Chars("-._~"))
	// GenDelimsSet is gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@" (§2.2).
	GenDelimsSet = Chars(":/?#[]@")
	// SubDelimsSet is sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=" (§2.2).
	SubDelimsSet = Chars("!$&'()*+,;=")
	// ReservedSet is reserved = gen-delims / sub-delims (§2.2).
	ReservedSet = GenDelimsSet.Union(SubDelimsSet)
	// SchemeSet is what a scheme allows after its first letter: ALPHA / DIGIT / "+" / "-" / "." (§3.1).
	SchemeSet = AlphaSet.Union(DigitSet, Chars("+-."))
	// UserInfoSet is what userinfo allows as it stands: unreserved / sub-delims / ":" (§3.2.1).
	UserInfoSet = UnreservedSet.Union(SubDelimsSet, Chars(":"))
	// RegNameSet is what reg-name allows as it stands: unreserved / sub-delims (§3.2.2).
	RegNameSet = UnreservedSet.Union(SubDelimsSet)
	// IPvFutureSet is what IPvFuture allows after its ".": unreserved / sub-delims / ":" (§3.2.2).
	IPvFutureSet = UserInfoSet
	// PCharSet is what pchar allows as it stands: unreserved / sub-delims / ":" / "@" (§3.3).
	PCharSet = UnreservedSet.Union(SubDelimsSet, Chars(":@"))
	// SegmentNZNCSet is what segment-nz-nc allows as it stands: pchar less ":" (§3.3).
	SegmentNZNCSet = UnreservedSet.Union(SubDelimsSet, Chars("@"))
	// PathSet is what a path allows as it stands: pchar / "/" (§3.3).
	PathSet = PCharSet.Union(Chars("/"))
	// QuerySet is what query allows as it stands: pchar / "/" / "?" (§3.4).
	QuerySet = PCharSet.Union(Chars("/?"))
	// FragmentSet is what fragment allows as it stands: pchar / "/" / "?" (§3.5).
	FragmentSet = QuerySet
)

// URIReference matches a URI or a relative reference (§4.1):
//
//	URI-reference = URI / relative-ref
//
// A URI is tried first; relative-ref cannot match a string whose first segment
// holds a colon, so a PEG commits to the alternative the ABNF means.
var URIReference = Named("URI-reference", Alt(URI, RelativeRef))

// URI matches a URI, with its scheme (§3):
//
//	URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
var URI = Named("URI", Seq(Scheme, Lit(":"), HierPart,
	Opt(Seq(Lit("?"), Query)), Opt(Seq(Lit("#"), Fragment))))

// HierPart matches the part of a URI between its scheme and its query (§3):
//
//	hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
var HierPart = Named("hier-part", Alt(Seq(Lit("//"), Authority, PathAbempty),
	PathAbsolute, PathRootless, PathEmpty))

// AbsoluteURI matches a URI without a fragment (§4.3):
//
//	absolute-URI = scheme ":" hier-part [ "?" query ]
var AbsoluteURI = Named("absolute-URI", Seq(Scheme, Lit(":"), HierPart, Opt(Seq(Lit("?"), Query))))

// RelativeRef matches a relative reference (§4.2):
//
//	relative-ref = relative-part [ "?" query ] [ "#" fragment ]
var RelativeRef = Named("relative-ref", Seq(RelativePart,
	Opt(Seq(Lit("?"), Query)), Opt(Seq(Lit("#"), Fragment))))

// RelativePart matches the part of a relative reference before its query (§4.2):
//
//	relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
var RelativePart = Named("relative-part", Alt(Seq(Lit("//"), Authority, PathAbempty),
	PathAbsolute, PathNoScheme, PathEmpty))

// Scheme matches a scheme name (§3.1):
//
//	scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
var Scheme = Named("scheme", Seq(ALPHA, Star(Alt(ALPHA, DIGIT, Lit("+"), Lit("-"), Lit(".")))))

// Authority matches the authority component (§3.2):
//
//	authority = [ userinfo "@" ] host [ ":" port ]
var Authority = Named("authority", Seq(Opt(Seq(UserInfo, Lit("@"))), Host, Opt(Seq(Lit(":"), Port))))

// UserInfo matches the user information subcomponent (§3.2.1):
//
//	userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
var UserInfo = Named("userinfo", Star(Alt(Unreserved, PctEncoded, SubDelims, Lit(":"))))

// Host matches the host subcomponent (§3.2.2):
//
//	host = IP-literal / IPv4address / reg-name
//
// Every IPv4address is also a reg-name; §3.2.2 says the first match wins. As a
// PEG, IPv4address is taken only when nothing that can begin a reg-name
// character follows it, so that a host such as "1.2.3.4x" or "1.2.3.256" is
// matched whole, as a reg-name. A "%" counts whether or not two hex digits
// follow it: where they do not, reg-name matches the same bytes as
// IPv4address, and a diagnosis that tries it finds that "1.2.3.4%4" could
// still go on ("1.2.3.4%41"), which is where the input stops being a host.
var Host = Named("host", Alt(IPLiteral, Seq(IPv4Address, Not(regNameStart)), RegName))

// regNameStart is what can begin one character of a reg-name: unreserved,
// the "%" of pct-encoded, or sub-delims.
var regNameStart = Alt(Unreserved, Lit("%"), SubDelims)

// Port matches the port subcomponent, any number of digits (§3.2.3):
//
//	port = *DIGIT
var Port = Named("port", Star(DIGIT))

// IPLiteral matches an IP address in brackets (§3.2.2):
//
//	IP-literal = "[" ( IPv6address / IPvFuture ) "]"
var IPLiteral = Named("IP-literal", Seq(Lit("["), Alt(IPv6Address, IPvFuture), Lit("]")))

// IPvFuture matches a future IP literal format (§3.2.2); the "v" is
// case-insensitive, as ABNF quoted strings are:
//
//	IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
var IPvFuture = Named("IPvFuture", Seq(LitFold("v"), Plus(HEXDIG), Lit("."),
	Plus(Alt(Unreserved, SubDelims, Lit(":")))))

// IPv6Address matches an IPv6 address in text form (§3.2.2):
//
//	IPv6address =                            6( h16 ":" ) ls32
//	            /                       "::" 5( h16 ":" ) ls32
//	            / [               h16 ] "::" 4( h16 ":" ) ls32
//	            / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
//	            / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
//	            / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
//	            / [ *4( h16 ":" ) h16 ] "::"              ls32
//	            / [ *5( h16 ":" ) h16 ] "::"              h16
//	            / [ *6( h16 ":" ) h16 ] "::"
//
// As a PEG, "[ *n( h16 ":" ) h16 ]" would take "h16 :" greedily and then find no
// h16 before "::"; it is written here as the same language "[ h16 *n( ":" h16 ) ]",
// whose ":" h16 cannot eat into "::". The alternatives stay in the RFC's order,
// most groups after "::" first, so the first one that matches takes the whole
// address.
var IPv6Address = Named("IPv6address", Alt(
	Seq(Rep(6, 6, h16Colon), LS32),
	Seq(Lit("::"), Rep(5, 5, h16Colon), LS32),
	Seq(h16Before(0), Lit("::"), Rep(4, 4, h16Colon), LS32),
	Seq(h16Before(1), Lit("::"), Rep(3, 3, h16Colon), LS32),
	Seq(h16Before(2), Lit("::"), Rep(2, 2, h16Colon), LS32),
	Seq(h16Before(3), Lit("::"), h16Colon, LS32),
	Seq(h16Before(4), Lit("::"), LS32),
	Seq(h16Before(5), Lit("::"), H16),
	Seq(h16Before(6), Lit("::")),
))

// h16Colon is h16 ":".
var h16Colon = Seq(H16, Lit(":"))

// h16Before returns [ h16 *n( ":" h16 ) ], the groups before "::" in the
// IPv6address alternatives, equal to the RFC's [ *n( h16 ":" ) h16 ].
func h16Before(n int) *Rule {
	if n == 0 {
		return Opt(H16)
	}
	return Opt(Seq(H16, Rep(0, n, Seq(Lit(":"), H16))))
}

// H16 matches 16 bits of an IPv6 address in hexadecimal (§3.2.2):
//
//	h16 = 1*4HEXDIG
var H16 = Named("h16", Rep(1, 4, HEXDIG))

// LS32 matches the least-significant 32 bits of an IPv6 address (§3.2.2):
//
//	ls32 = ( h16 ":" h16 ) / IPv4address
var LS32 = Named("ls32", Alt(Seq(H16, Lit(":"), H16), IPv4Address))

// IPv4Address matches an IPv4 address in dotted-decimal form (§3.2.2):
//
//	IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
var IPv4Address = Named("IPv4address", Seq(DecOctet, Lit("."), DecOctet, Lit("."),
	DecOctet, Lit("."), DecOctet))

// DecOctet matches a decimal number from 0 to 255 without a leading zero (§3.2.2):
//
//	dec-octet = DIGIT                 ; 0-9
//	          / %x31-39 DIGIT         ; 10-99
//	          / "1" 2DIGIT            ; 100-199
//	          / "2" %x30-34 DIGIT     ; 200-249
//	          / "25" %x30-35          ; 250-255
//
// The alternatives are tried longest first, so that a PEG takes "255" whole
// rather than stopping after "2".
var DecOctet = Named("dec-octet", Alt(
	Seq(Lit("25"), Class(ByteRange('0', '5'))),
	Seq(Lit("2"), Class(ByteRange('0', '4')), DIGIT),
	Seq(Lit("1"), Rep(2, 2, DIGIT)),
	Seq(Class(ByteRange('1', '9')), DIGIT),
	DIGIT,
))

// RegName matches a registered name (§3.2.2):
//
//	reg-name = *( unreserved / pct-encoded / sub-delims )
var RegName = Named("reg-name", Star(Alt(Unreserved, PctEncoded, SubDelims)))

// Path matches any of the five path forms (§3.3):
//
//	path = path-abempty / path-absolute / path-noscheme / path-rootless / path-empty
//
// As a PEG the order matters: path-rootless is tried before path-noscheme (its
// subset, which would stop at a colon), and path-abempty, which always
// matches, before path-absolute and path-empty (its subsets).
var Path = Named("path", Alt(PathRootless, PathNoScheme, PathAbempty, PathAbsolute, PathEmpty))

// PathAbempty matches a path that begins with "/" or is empty (§3.3):
//
//	path-abempty = *( "/" segment )
var PathAbempty = Named("path-abempty", Star(Seq(Lit("/"), Segment)))

// PathAbsolute matches a path that begins with "/" but not "//" (§3.3):
//
//	path-absolute = "/" [ segment-nz *( "/" segment ) ]
var PathAbsolute = Named("path-absolute", Seq(Lit("/"), Opt(Seq(SegmentNZ, Star(Seq(Lit("/"), Segment))))))

// PathNoScheme matches a path whose first segment has no colon (§3.3):
//
//	path-noscheme = segment-nz-nc *( "/" segment )
var PathNoScheme = Named("path-noscheme", Seq(SegmentNZNC, Star(Seq(Lit("/"), Segment))))

// PathRootless matches a path that begins with a segment (§3.3):
//
//	path-rootless = segment-nz *( "/" segment )
var PathRootless = Named("path-rootless", Seq(SegmentNZ, Star(Seq(Lit("/"), Segment))))

// PathEmpty matches the empty path (§3.3):
//
//	path-empty = 0<pchar>
var PathEmpty = Named("path-empty", Rep(0, 0, PChar))

// Segment matches a path segment, possibly empty (§3.3):
//
//	segment = *pchar
var Segment = Named("segment", Star(PChar))

// SegmentNZ matches a non-empty path segment (§3.3):
//
//	segment-nz = 1*pchar
var SegmentNZ = Named("segment-nz", Plus(PChar))

// SegmentNZNC matches a non-empty segment without a colon (§3.3):
//
//	segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
var SegmentNZNC = Named("segment-nz-nc", Plus(Alt(Unreserved, PctEncoded, SubDelims, Lit("@"))))

// PChar matches one path character (§3.3):
//
//	pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
var PChar = Named("pchar", Alt(Unreserved, PctEncoded, SubDelims, Lit(":"), Lit("@")))

// Query matches the query component (§3.4):
//
//	query = *( pchar / "/" / "?" )
var Query = Named("query", Star(Alt(PChar, Lit("/"), Lit("?"))))

// Fragment matches the fragment component (§3.5):
//
//	fragment = *( pchar / "/" / "?" )
var Fragment = Named("fragment", Star(Alt(PChar, Lit("/"), Lit("?"))))

// PctEncoded matches a percent-encoded octet (§2.1):
//
//	pct-encoded = "%" HEXDIG HEXDIG
var PctEncoded = Named("pct-encoded", Seq(Lit("%"), HEXDIG, HEXDIG))

// Unreserved matches one unreserved character (§2.3):
//
//	unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
var Unreserved = Named("unreserved", Alt(ALPHA, DIGIT, Lit("-"), Lit("."), Lit("_"), Lit("~")))

// Reserved matches one reserved character (§2.2):
//
//	reserved = gen-delims / sub-delims
var Reserved = Named("reserved", Alt(GenDelims, SubDelims))

// GenDelims matches one generic delimiter (§2.2):
//
//	gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
var GenDelims = Named("gen-delims", Alt(Lit(":"), Lit("/"), Lit("?"), Lit("#"), Lit("["), Lit("]"), Lit("@")))

// SubDelims matches one sub-delimiter (§2.2):
//
//	sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
var SubDelims = Named("sub-delims", Alt(Lit("!"), Lit("$"), Lit("&"), Lit("'"), Lit("("), Lit(")"),
	Lit("*"), Lit("+"), Lit(","), Lit(";"), Lit("=")))
