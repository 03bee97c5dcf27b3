package properties

import (
	"regexp"

	parsec "github.com/prataprc/goparsec"
)

// This file is a second, independent transcription of RFC 3986 Appendix A,
// written with goparsec combinators: a second oracle for the first. It shares
// nothing with oracle_regexp.go but the character classes of the terminals.
//
// goparsec is a PEG library: OrdChoice commits to the first alternative that
// succeeds, And never backtracks into an earlier element, and Kleene/Many are
// greedy. ABNF alternatives are unordered and a full match asks whether SOME
// derivation covers the whole input, so every place where the two differ is
// rewritten below into a PEG form that accepts exactly the ABNF language, with
// the argument in a comment. The traps avoided:
//   - Token and Atom skip white space; only TokenExact and AtomExact are used,
//     on a scanner (byteScanner) whose SkipWS skips nothing.
//   - SimpleScanner recompiles each regexp per scanner; byteScanner uses
//     regexps compiled once while the grammar is built.
//   - Kleene(Maybe(x)) never ends: no repeated parser here can match empty.
//   - A full match is the rule followed by End().

// byteScanner is a parsec.Scanner over a string that never skips white space
// and looks its patterns up in a table filled once, at package initialisation.
type byteScanner struct {
	buf    []byte
	cursor int
}

// patterns holds the compiled regexps of every TokenExact terminal. It is
// written only while the package-level grammar variables are initialised.
var patterns = map[string]*regexp.Regexp{}

// tok returns goparsec's TokenExact for pattern (a single character class),
// recording the anchored pattern (TokenExact prepends "^") in patterns.
func tok(pattern, name string) parsec.Parser {
	if _, ok := patterns["^"+pattern]; !ok {
		patterns["^"+pattern] = regexp.MustCompile("^" + pattern)
	}
	return parsec.TokenExact(pattern, name)
}

// lit returns goparsec's AtomExact: a case-sensitive literal, no white space skipped.
func lit(s string) parsec.Parser { return parsec.AtomExact(s, s) }

// The parsec.Scanner methods of byteScanner: one line, no white space to
// skip, and a match only at the cursor.

// SetWSPattern ignores its pattern: nothing is white space here.
func (s *byteScanner) SetWSPattern(string) parsec.Scanner { return s }
func (s *byteScanner) TrackLineno() parsec.Scanner        { return s }
func (s *byteScanner) Clone() parsec.Scanner              { c := *s; return &c }
func (s *byteScanner) GetCursor() int                     { return s.cursor }
func (s *byteScanner) Lineno() int                        { return 1 }
func (s *byteScanner) Endof() bool                        { return s.cursor >= len(s.buf) }
func (s *byteScanner) SkipWS() ([]byte, parsec.Scanner)   { return []byte{}, s }
func (s *byteScanner) SkipAny(string) ([]byte, parsec.Scanner) {
	return []byte{}, s
}
func (s *byteScanner) Match(pattern string) ([]byte, parsec.Scanner) {
	re, ok := patterns[pattern]
	if !ok {
		re = regexp.MustCompile(pattern) // not reached by this grammar
	}
	// Match with a "^"-anchored pattern: the match starts at the cursor, so
	// moving the cursor by its length moves it to its end.
	if loc := re.FindIndex(s.buf[s.cursor:]); loc != nil && loc[0] == 0 {
		tok := s.buf[s.cursor : s.cursor+loc[1]]
		s.cursor += loc[1]
		return tok, s
	}
	return nil, s
}
func (s *byteScanner) MatchString(str string) (bool, parsec.Scanner) {
	if len(s.buf)-s.cursor >= len(str) && string(s.buf[s.cursor:s.cursor+len(str)]) == str {
		s.cursor += len(str)
		return true, s
	}
	return false, s
}
func (s *byteScanner) SubmatchAll(string) (map[string][]byte, parsec.Scanner) {
	return nil, s // not used by this grammar
}

// notAhead succeeds, consuming nothing, when p fails at the cursor (PEG "!p").
func notAhead(p parsec.Parser) parsec.Parser {
	return func(s parsec.Scanner) (parsec.ParsecNode, parsec.Scanner) {
		if n, _ := p(s.Clone()); n != nil {
			return nil, s
		}
		return true, s
	}
}

// empty succeeds, consuming nothing.
func empty() parsec.Parser {
	return func(s parsec.Scanner) (parsec.ParsecNode, parsec.Scanner) { return true, s }
}

// upTo matches p greedily between 0 and n times: *n( p ) as nested Maybes.
func upTo(n int, p parsec.Parser) parsec.Parser {
	if n == 0 {
		return empty()
	}
	return parsec.Maybe(nil, parsec.And(nil, p, upTo(n-1, p)))
}

// times matches p exactly n times: n( p ).
func times(n int, p parsec.Parser) parsec.Parser {
	if n == 0 {
		return empty()
	}
	ps := make([]interface{}, n)
	for i := range ps {
		ps[i] = p
	}
	return parsec.And(nil, ps...)
}

// The grammar. Every repeated parser consumes at least one byte per match.
var (
	gpALPHA      = tok(`[A-Za-z]`, "ALPHA")
	gpDIGIT      = tok(`[0-9]`, "DIGIT")
	gpHEXDIG     = tok(`[0-9A-Fa-f]`, "HEXDIG")
	gpUnreserved = tok(`[A-Za-z0-9\-._~]`, "unreserved")
	gpSubDelims  = tok(`[!$&'()*+,;=]`, "sub-delims")
	gpPctEncoded = parsec.And(nil, lit("%"), gpHEXDIG, gpHEXDIG)

	// pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
	// The alternatives start with disjoint bytes, so order does not matter.
	gpPchar = parsec.OrdChoice(nil, gpUnreserved, gpPctEncoded, gpSubDelims, lit(":"), lit("@"))

	// segment = *pchar. Greedy repetition is exact: everything that may follow
	// a segment ("/", "?", "#", end) is not a pchar, so stopping earlier never
	// helps. The same argument holds for every greedy repetition below.
	gpSegment   = parsec.Kleene(nil, gpPchar)
	gpSegmentNZ = parsec.Many(nil, gpPchar)
	// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
	gpSegmentNZNC = parsec.Many(nil, parsec.OrdChoice(nil, gpUnreserved, gpPctEncoded, gpSubDelims, lit("@")))

	gpSlashSegments = parsec.Kleene(nil, parsec.And(nil, lit("/"), gpSegment))
	// path-abempty = *( "/" segment )
	gpPathAbempty = gpSlashSegments
	// path-absolute = "/" [ segment-nz *( "/" segment ) ]
	gpPathAbsolute = parsec.And(nil, lit("/"), parsec.Maybe(nil, parsec.And(nil, gpSegmentNZ, gpSlashSegments)))
	// path-noscheme = segment-nz-nc *( "/" segment )
	gpPathNoscheme = parsec.And(nil, gpSegmentNZNC, gpSlashSegments)
	// path-rootless = segment-nz *( "/" segment )
	gpPathRootless = parsec.And(nil, gpSegmentNZ, gpSlashSegments)
	// path-empty = 0<pchar>
	gpPathEmpty = empty()

	// query = *( pchar / "/" / "?" ), fragment likewise.
	gpQuery    = parsec.Kleene(nil, parsec.OrdChoice(nil, gpPchar, lit("/"), lit("?")))
	gpFragment = gpQuery

	// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
	gpScheme = parsec.And(nil, gpALPHA, parsec.Kleene(nil, tok(`[A-Za-z0-9+\-.]`, "scheme-char")))

	// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
	gpUserinfo = parsec.Kleene(nil, parsec.OrdChoice(nil, gpUnreserved, gpPctEncoded, gpSubDelims, lit(":")))
	// port = *DIGIT
	gpPort = parsec.Kleene(nil, gpDIGIT)

	// dec-octet, longest alternative first. Greedy is exact here: a dec-octet
	// is always followed by "." or by something that is not a digit, so if a
	// longer alternative matches, a shorter one would leave a digit behind
	// and fail anyway.
	gpDecOctet = parsec.OrdChoice(nil,
		parsec.And(nil, lit("25"), tok(`[0-5]`, "%x30-35")),
		parsec.And(nil, lit("2"), tok(`[0-4]`, "%x30-34"), gpDIGIT),
		parsec.And(nil, lit("1"), gpDIGIT, gpDIGIT),
		parsec.And(nil, tok(`[1-9]`, "%x31-39"), gpDIGIT),
		gpDIGIT,
	)
	// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
	gpIPv4address = parsec.And(nil, gpDecOctet, lit("."), gpDecOctet, lit("."), gpDecOctet, lit("."), gpDecOctet)

	// h16 = 1*4HEXDIG (greedy: it is followed by ":", "." never, "]" or end).
	gpH16 = parsec.And(nil, gpHEXDIG, upTo(3, gpHEXDIG))
	// ls32 = ( h16 ":" h16 ) / IPv4address. The first alternative needs a ":"
	// within five bytes and an IPv4address holds no ":", so at most one of
	// them can be followed by the end of the address; committing is safe.
	gpLS32 = parsec.OrdChoice(nil, parsec.And(nil, gpH16, lit(":"), gpH16), gpIPv4address)

	// ipv6End is what may follow an IPv6address: not a hex digit, ":" or "."
	// (in practice "]" or the end of input).
	ipv6End = notAhead(tok(`[0-9A-Fa-f:.]`, "IPv6 char"))

	gpH16Colon = parsec.And(nil, gpH16, lit(":"))
	// ipv6Prefix(n) is [ *n( h16 ":" ) h16 ] rewritten as [ h16 *n( ":" h16 ) ].
	// Literally, *n( h16 ":" ) greedily eats the ":" that should end the
	// prefix (in "a::" it takes "a:" and then h16 fails on ":"), and PEG does
	// not retry a shorter count. In the rewrite each repetition is ":" h16 as
	// one unit, so at "::" the unit fails and And backtracks to before the
	// colon, leaving "::" for the caller. Both forms denote the same strings
	// (1 to n+1 groups joined by ":"). Greedy is exact: the prefix must be
	// followed by "::", and stopping before a ":" h16 unit leaves ":" plus a
	// hex digit, not "::".
	ipv6Prefix = func(n int) parsec.Parser {
		return parsec.Maybe(nil, parsec.And(nil, gpH16, upTo(n, parsec.And(nil, lit(":"), gpH16))))
	}
	// IPv6address: the nine alternatives of §3.2.2, each followed by ipv6End
	// inside the alternative, so that an alternative that matches only a
	// prefix of the address fails and OrdChoice goes on to the next one.
	// With that, the order of the alternatives does not matter. Within each
	// alternative the counts after "::" are exact, and ls32 is discussed above.
	gpIPv6address = parsec.OrdChoice(nil,
		// 6( h16 ":" ) ls32
		parsec.And(nil, times(6, gpH16Colon), gpLS32, ipv6End),
		// "::" 5( h16 ":" ) ls32
		parsec.And(nil, lit("::"), times(5, gpH16Colon), gpLS32, ipv6End),
		// [ h16 ] "::" 4( h16 ":" ) ls32
		parsec.And(nil, ipv6Prefix(0), lit("::"), times(4, gpH16Colon), gpLS32, ipv6End),
		// [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
		parsec.And(nil, ipv6Prefix(1), lit("::"), times(3, gpH16Colon), gpLS32, ipv6End),
		// [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
		parsec.And(nil, ipv6Prefix(2), lit("::"), times(2, gpH16Colon), gpLS32, ipv6End),
		// [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
		parsec.And(nil, ipv6Prefix(3), lit("::"), gpH16Colon, gpLS32, ipv6End),
		// [ *4( h16 ":" ) h16 ] "::" ls32
		parsec.And(nil, ipv6Prefix(4), lit("::"), gpLS32, ipv6End),
		// [ *5( h16 ":" ) h16 ] "::" h16
		parsec.And(nil, ipv6Prefix(5), lit("::"), gpH16, ipv6End),
		// [ *6( h16 ":" ) h16 ] "::"
		parsec.And(nil, ipv6Prefix(6), lit("::"), ipv6End),
	)

	// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" );
	// "v" is case-insensitive (RFC 5234 §2.3).
	gpIPvFuture = parsec.And(nil, tok(`[vV]`, "v"), parsec.Many(nil, gpHEXDIG), lit("."),
		parsec.Many(nil, parsec.OrdChoice(nil, gpUnreserved, gpSubDelims, lit(":"))))
	// IP-literal = "[" ( IPv6address / IPvFuture ) "]"; the two start with
	// disjoint bytes ("v" is not a hex digit).
	gpIPLiteral = parsec.And(nil, lit("["), parsec.OrdChoice(nil, gpIPv6address, gpIPvFuture), lit("]"))

	// reg-name = *( unreserved / pct-encoded / sub-delims )
	gpRegName = parsec.Kleene(nil, parsec.OrdChoice(nil, gpUnreserved, gpPctEncoded, gpSubDelims))
	// host = IP-literal / IPv4address / reg-name, with §3.2.2's
	// "first-match-wins": IPv4address only when it is the whole host, that is
	// when no reg-name character follows it; otherwise reg-name (which also
	// covers every IPv4address, so the language is the ABNF's).
	gpHost = parsec.OrdChoice(nil,
		gpIPLiteral,
		parsec.And(nil, gpIPv4address, notAhead(parsec.OrdChoice(nil, gpUnreserved, lit("%"), gpSubDelims))),
		gpRegName,
	)
	// authority = [ userinfo "@" ] host [ ":" port ]. userinfo cannot hold
	// "@" and host cannot either, so the first "@" (if any) ends userinfo;
	// when no "@" follows the greedy userinfo, Maybe gives back its input.
	gpAuthority = parsec.And(nil,
		parsec.Maybe(nil, parsec.And(nil, gpUserinfo, lit("@"))),
		gpHost,
		parsec.Maybe(nil, parsec.And(nil, lit(":"), gpPort)),
	)

	// hier-part = "//" authority path-abempty / path-absolute / path-rootless
	// / path-empty. Committing is safe: on input starting "//" the other
	// alternatives can consume only "/" (segment-nz cannot start with "/"),
	// which nothing may follow with "/"; path-absolute and path-rootless
	// start with different bytes; path-empty is last.
	gpHierPart = parsec.OrdChoice(nil,
		parsec.And(nil, lit("//"), gpAuthority, gpPathAbempty),
		gpPathAbsolute, gpPathRootless, gpPathEmpty)
	// relative-part likewise, with path-noscheme.
	gpRelativePart = parsec.OrdChoice(nil,
		parsec.And(nil, lit("//"), gpAuthority, gpPathAbempty),
		gpPathAbsolute, gpPathNoscheme, gpPathEmpty)

	gpOptQuery    = parsec.Maybe(nil, parsec.And(nil, lit("?"), gpQuery))
	gpOptFragment = parsec.Maybe(nil, parsec.And(nil, lit("#"), gpFragment))

	// URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
	gpURI = parsec.And(nil, gpScheme, lit(":"), gpHierPart, gpOptQuery, gpOptFragment)
	// absolute-URI = scheme ":" hier-part [ "?" query ]
	gpAbsoluteURI = parsec.And(nil, gpScheme, lit(":"), gpHierPart, gpOptQuery)
	// relative-ref = relative-part [ "?" query ] [ "#" fragment ]
	gpRelativeRef = parsec.And(nil, gpRelativePart, gpOptQuery, gpOptFragment)
	// URI-reference = URI / relative-ref. Each alternative is tried as a FULL
	// match (followed by End), so a URI that matches only a prefix does not
	// stop relative-ref from being tried.
	gpURIReference = parsec.OrdChoice(nil,
		parsec.And(nil, gpURI, parsec.End()),
		parsec.And(nil, gpRelativeRef, parsec.End()))
)

// goparsecRules maps ABNF names to full-match parsers (the rule, then End).
var goparsecRules = func() map[string]parsec.Parser {
	m := map[string]parsec.Parser{}
	for name, p := range map[string]parsec.Parser{
		"URI-reference": gpURIReference,
		"URI":           gpURI,
		"absolute-URI":  gpAbsoluteURI,
		"relative-ref":  gpRelativeRef,
		"relative-part": gpRelativePart,
		"hier-part":     gpHierPart,
		"scheme":        gpScheme,
		"authority":     gpAuthority,
		"userinfo":      gpUserinfo,
		"host":          gpHost,
		"port":          gpPort,
		"IP-literal":    gpIPLiteral,
		"IPvFuture":     gpIPvFuture,
		"IPv6address":   gpIPv6address,
		"h16":           gpH16,
		"ls32":          gpLS32,
		"IPv4address":   gpIPv4address,
		"dec-octet":     gpDecOctet,
		"reg-name":      gpRegName,
		"path-abempty":  gpPathAbempty,
		"path-absolute": gpPathAbsolute,
		"path-noscheme": gpPathNoscheme,
		"path-rootless": gpPathRootless,
		"path-empty":    gpPathEmpty,
		"segment":       gpSegment,
		"segment-nz":    gpSegmentNZ,
		"segment-nz-nc": gpSegmentNZNC,
		"pchar":         gpPchar,
		"query":         gpQuery,
		"fragment":      gpFragment,
		"pct-encoded":   gpPctEncoded,
		"unreserved":    gpUnreserved,
		"sub-delims":    gpSubDelims,
		"ALPHA":         gpALPHA,
		"DIGIT":         gpDIGIT,
		"HEXDIG":        gpHEXDIG,
	} {
		m[name] = parsec.And(nil, p, parsec.End())
	}
	return m
}()

// GoparsecMatch reports whether the whole of s matches the RFC 3986 Appendix A
// rule named rule, using a transcription of the grammar into goparsec
// combinators that is independent of MatchRule's regular expressions. known is
// false for a rule it does not implement (it implements the four top rules,
// their parts down to the character classes; not "path", "reserved" or
// "gen-delims"). It must agree with MatchRule on every input; the tests and
// FuzzGoparsecVsRegexp check that. Each call is linear in len(s) up to a
// constant factor: the only backtracking is bounded by the IPv6 alternatives.
func GoparsecMatch(rule, s string) (matched bool, known bool) {
	p, ok := goparsecRules[rule]
	if !ok {
		return false, false
	}
	n, _ := p(&byteScanner{buf: []byte(s)})
	return n != nil, true
}
