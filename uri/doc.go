// Package uri parses URI references as RFC 3986 defines them and gives access
// to their components exactly as written.
//
// A URI is an immutable value: the text it was parsed from and where each
// component lies in it. Parse a reference, then ask for its parts:
//
//	u, err := uri.Parse("foo://user@example.com:8042/over/there?name=ferret#nose")
//	if err != nil {
//		return err // a *uri.ParseError: offset, rule, component, what was expected
//	}
//	fmt.Println(u.Scheme(), u.Host(), u.Port(), u.Path(), u.Query(), u.Fragment())
//	// foo example.com 8042 /over/there name=ferret nose
//
// Parse takes a URI (a scheme is required, §3), ParseReference any URI
// reference (a URI or a relative reference, §4.1), ParseAbsolute an absolute
// URI (no fragment, §4.3), ParseRelative a relative reference (no scheme,
// §4.2). MustParse and MustParseReference panic instead, for constants.
// ParseRepaired is for pasted and scraped text: it makes a fixed, short
// list of repairs that keep the reference's meaning (percent-encoding what a
// component cannot hold, an IDNA A-label for a Unicode host), reports each,
// and otherwise fails as ParseReference; it refuses a text a browser would
// read with another host. To read URLs as browsers do, use package weburl
// (the WHATWG URL Standard).
// Section numbers (§) are RFC 3986's.
//
// # Raw components, decoding on demand
//
// Every accessor returns the component as it stands in the text, still
// percent-encoded, without copying: u.String() is exactly the parsed text
// (the recomposition of §5.3), and parsing allocates nothing. Decode with
// PercentDecode, or iterate with Segments and QueryParams (raw pieces, no
// allocation), DecodedSegments and DecodedQueryParams, or look up with
// QueryValue. PercentEncode (for a Component) and Encode (for any set of
// bytes, such as a combinator.CharSet) go the other way; EncodedOffset takes
// an offset in decoded text back to the text as written.
//
// For everyday web work, Hostname, Addr, User and Password read the
// authority as a resolver or a dialer wants it, QueryValues and FormValues
// read the query (QueryParams says which to use when), and ResolveString
// resolves a reference given as text. The builder package edits one part of
// a parsed URI and keeps the rest byte for byte.
//
// One call each: SchemeIs compares the scheme as schemes compare; the
// Without methods drop a fragment, a query, a userinfo or a port;
// PortOrDefault, DialAddr and Origin (RFC 6454) know the default ports;
// Lenient and ResolveRepaired take pasted text through ParseRepaired; ParseRequestTarget
// reads an HTTP request-target (RFC 9112); JoinPath joins a path under a base
// it never leaves; FromFilePath and FilePath convert file paths (RFC 8089);
// HostIPv4 tells which hosts resolvers read as IPv4 addresses; Scan and
// Value store a URI with database/sql.
//
// # Resolution and normalization
//
// Resolve and ResolveWith turn a reference into its target against a base
// URI (§5.2), Relativize goes back from a target to the shortest reference
// that resolves to it, and RemoveDotSegments is the algorithm of §5.2.4.
// NormalizeSyntax applies the syntax-based normalization of §6.2.2,
// Normalize adds the scheme-based one of §6.2.3 for the schemes it knows
// (RegisterScheme adds one), and Equivalent compares two references after
// Normalize.
//
// # Defined or empty
//
// An undefined component and an empty one are different facts, and a URI
// keeps the difference (§5.3): "s:" has no query and "s:?" an empty one;
// "s:#" has an empty fragment; "//@h" an empty userinfo; "//h:" an empty port;
// "//" an empty authority and host; "///" also a path "/". Test with
// HasAuthority, HasUserInfo, HasPort, HasQuery and HasFragment; the path is
// always defined, possibly empty; IsRelative tells whether there is a
// scheme.
//
// # Errors
//
// Every Parse function fails with a *ParseError, which tells the byte offset
// of the first byte that cannot be part of the rule, the rule, the component
// it falls in and what the grammar expected there, and for a common mistake
// (no scheme, a space, a non-ASCII character, a lone "%", a backslash, a port
// that is not a number, ...) a Hint in plain words, and, when the hint
// proposes a corrected text ("did you mean ..."), that text as Suggestion;
// package iri words the same mistake the same way. ComponentAt names the
// component of any offset the same way for text a caller checks itself.
// errors.Is(err, ErrInvalid) holds for all of them. No input makes a function of this package panic,
// whatever its bytes or length, except the Must functions. PercentDecode fails
// with an *EscapeError, PortNumber with ErrNoPort or a *PortRangeError, NetURL
// and FromNetURL with a *ConversionError.
//
// # Corner cases
//
//   - Hosts: an IPv4address wins over reg-name only when the whole host
//     matches it (§3.2.2): "1.2.3.4" is IPv4, "01.2.3.4" and "1.2.3.256" are
//     reg-names. The "v" of IPvFuture is case-insensitive ("[V1.x]"). IPv6
//     zone identifiers (RFC 6874, "[fe80::1%25en0]") are not RFC 3986 syntax
//     and are rejected. HostKind tells which alternative matched.
//   - Port is *DIGIT (§3.2.3): any number of digits is valid syntax;
//     PortNumber reports a number above 65535 as a *PortRangeError.
//   - Reference resolution follows §5.2.2 strictly. Where the literal
//     algorithm would yield a path that starts with "//" without an
//     authority, "/." is put in front of the path so that the result parses
//     back the same; a rootless base path is merged as the RFC says.
//   - Normalization (§6.2.2, §6.2.3) never changes what a reference parses
//     as, and is idempotent.
//   - Redacted and LogValue hide the password of "user:password" userinfo
//     (§3.2.1 deprecates it) as net/url does.
//   - net/url cannot carry every URI: NetURL and FromNetURL list what would
//     be lost (an empty fragment, an IPvFuture host, …) instead of dropping
//     it silently.
package uri
