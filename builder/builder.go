package builder

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/internal/idnahost"
	"github.com/seed42851778/rfc3986/uri"
)

// Builder is an immutable description of a URI reference under construction.
// Every method returns a new Builder and leaves its receiver unchanged, so a
// Builder may be copied, kept as a template, branched and shared between
// goroutines. Its zero value is New(): nothing set.
//
// A Builder holds each component already percent-encoded, as it will be
// written, but for the arguments of the last few Segments, AppendSegments
// and QueryParam calls, which Build encodes as it writes the URI; nothing is
// checked until Build. Two Builders made by the same calls compare equal
// with ==; two that reach the same components by other calls
// (Segments("a", "b") and Segments("a").AppendSegments("b"), or Port(80)
// and RawPort("80")) may not: compare what Build returns.
type Builder struct {
	scheme, userinfo, host, port, path, query, fragment string
	portNum                                             int
	flags                                               flags
	hostFault                                           hostFault // what is wrong with the text given to Host or HostPort
	// pend holds setter arguments not yet encoded, so that a chain of
	// setters allocates nothing and Build writes them into the URI's one
	// buffer: npSeg path segments from the front, which follow path (after
	// a "/" when segSlash), and npKV query parameters, key then value,
	// from the back, which follow query. Slots not in use are "", so that
	// == compares Builders made by the same calls as equal.
	pend        [pendSlots]string
	npSeg, npKV uint8
	segSlash    bool
	// pathText and queryText are path and query as last written into a
	// growable text (text.go), so that the next segment or parameter
	// appends in place: the text grows only while they are the same
	// string as path and query.
	pathText, queryText string
}

// pendSlots is the room for setter arguments not yet encoded: two path
// segments and two query parameters, or other mixes.
const pendSlots = 6

type flags uint16

const (
	hasScheme    flags = 1 << iota
	hasAuthority       // userinfo, host or port set, or From a URI with one
	hasUserInfo
	hasPort
	hasQuery
	hasFragment
	portIsNum // the port is portNum, set by Port; else the raw text port (From)
	portRange // the raw port came from HostPort: Build checks it is at most 65535
	hostMade  // the host was set by Host or RawHost: Build checks its encoding is UTF-8
	dotSeg    // Segments was given "." or ".."
)

func (b Builder) with(f flags) Builder    { b.flags |= f; return b }
func (b Builder) without(f flags) Builder { b.flags &^= f; return b }
func (b Builder) has(f flags) bool        { return b.flags&f != 0 }

// New returns a Builder with nothing set: Build gives the empty relative
// reference "", whose path is defined and empty.
func New() Builder { return Builder{} }

// From returns a Builder holding every component of u as it stands, raw,
// defined or not: From(u).Build() returns u unchanged.
func From(u uri.URI) Builder {
	var b Builder
	if !u.IsRelative() {
		b.scheme, b.flags = u.Scheme(), hasScheme
	}
	if u.HasAuthority() {
		b.flags |= hasAuthority
		b.host = u.Host()
		if u.HasUserInfo() {
			b.userinfo, b.flags = u.UserInfo(), b.flags|hasUserInfo
		}
		if u.HasPort() {
			b.port, b.flags = u.Port(), b.flags|hasPort
		}
	}
	b.path = u.Path()
	if u.HasQuery() {
		b.query, b.flags = u.Query(), b.flags|hasQuery
	}
	if u.HasFragment() {
		b.fragment, b.flags = u.Fragment(), b.flags|hasFragment
	}
	return b
}

// Scheme sets the scheme (§3.1). It is not encoded: s must match
// ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), or Build refuses it with
// ErrInvalidScheme; Scheme("") is refused likewise. Its case is kept (the
// RFC's canonical form is lowercase).
func (b Builder) Scheme(s string) Builder {
	b.scheme = s
	return b.with(hasScheme)
}

// UserInfo sets the userinfo (§3.2.1) from plain text, percent-encoding each
// byte outside combinator.UserInfoSet ("@" becomes "%40"; ":" stays). It
// defines the authority.
func (b Builder) UserInfo(s string) Builder {
	b.userinfo = uri.PercentEncode(s, uri.ComponentUserInfo)
	return b.with(hasAuthority | hasUserInfo)
}

// RawUserInfo sets the userinfo to already-encoded text, which Build checks
// against the userinfo rule (ErrSyntax). It defines the authority.
func (b Builder) RawUserInfo(s string) Builder {
	b.userinfo = s
	return b.with(hasAuthority | hasUserInfo)
}

// Host sets the host (§3.2.2) and defines the authority. Text that starts
// with "[" must be a whole IP literal, "[" IPv6address "]" or
// "[" IPvFuture "]", and is never encoded. Text that is an IPv6address gets
// its brackets. Other text is a reg-name (an IPv4 address among them) and
// each byte outside combinator.RegNameSet is percent-encoded. Text that is
// not UTF-8 is refused by Build with ErrInvalidHost: a host's
// percent-encoding may only stand for UTF-8 (§3.2.2). ASCII text keeps its
// case.
//
// A reg-name with non-ASCII characters (UTF-8) becomes its IDNA A-label
// form, the form DNS resolvers read, by golang.org/x/net/idna with the UTS
// #46 lookup profile and transitional processing off: Host("bücher.de")
// sets "xn--bcher-kva.de" (and Host("BÜCHER.de") too: the mapping lowercases).
// A name IDNA refuses (a disallowed character, a label against the bidi
// rule or starting or ending with "-", an ASCII character other than
// letters, digits, "-" and "." in such a name) or whose A-label form breaks
// a DNS length (a label empty or over 63 bytes, the name over 253: UTS #46
// VerifyDnsLength, which names the label) is refused by Build with
// ErrInvalidHost, the *BuildError's Offset -1 and its Hint quoting IDNA's
// reason.
//
// Text that holds another part of a URL is refused by Build with
// ErrInvalidHost, and the *BuildError's Offset and Hint name the character
// and the setter that was probably meant: "/" or "\" (Path), "?" (Query),
// "#" (Fragment), "@" (UserInfo), "://" (a whole URI: parse it and use
// From), and a ":" outside an IPv6 address (HostPort, or Port). Encoded, such
// text would be a valid reg-name ("example.com%2Fpath"), but never the host
// that was meant. Set an already-encoded host with RawHost.
func (b Builder) Host(s string) Builder { return b.setHost(s, false) }

// setHost is Host; inHostPort tells that the text came from HostPort,
// which changes the hint for a ":".
func (b Builder) setHost(s string, inHostPort bool) Builder {
	b.flags |= hasAuthority | hostMade
	b.hostFault = hostFault{}
	switch {
	case strings.HasPrefix(s, "["):
		b.host = s
		if i := strings.IndexByte(s, ']'); i >= 0 && i+1 < len(s) {
			if h := delimiterHint(s[i+1]); h != noHint {
				b.hostFault = hostFault{offset: i + 1, hint: h}
			}
		}
	case strings.IndexByte(s, ':') >= 0 && c.IPv6Address.Match(s):
		// Every IPv6address holds a ":": a name skips the match (a fifth
		// of a typical chain's time).
		b.host = "[" + s + "]"
	case strings.ContainsAny(s, `:/?#@\`):
		// Encode the rest, keep the delimiters in view for the error.
		v := uri.Encode(s, hostShownSet)
		b.host = v
		if i := strings.IndexAny(v, `/?#@\`); i >= 0 {
			b.hostFault = hostFault{offset: i, hint: delimiterHint(v[i])}
			if j := strings.Index(v, "://"); j >= 0 && j < i {
				b.hostFault = hostFault{offset: j, hint: hintWholeURI}
			}
			break
		}
		off, h := strings.IndexByte(v, ':'), hintPort
		if inHostPort {
			h = hintBrackets
		}
		if i := strings.Index(v, "%25"); i >= 0 && c.IPv6Address.Match(v[:i]) {
			off, h = i, hintZone // an IPv6 zone (RFC 6874), which RFC 3986 has no place for
		}
		b.hostFault = hostFault{offset: off, hint: h}
	case !isASCII(s) && utf8.ValidString(s):
		a, err := idnaToASCII(s)
		if err != nil { // the empty name among them: a label of 0 bytes
			// IDNA's reason may quote the whole name: a Hint stays short.
			b.host, b.hostFault = s, hostFault{offset: -1, hint: hintIDNA, reason: errtext.Clip(err.Error(), maxHint)}
			break
		}
		b.host = a
	default:
		b.host = uri.PercentEncode(s, uri.ComponentHost)
	}
	return b
}

// isASCII reports whether s holds only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// idnaToASCII converts the host name h to its IDNA A-label form with the
// module's one profile (internal/idnahost: UTS #46 lookup, transitional
// processing off, DNS lengths checked). It is called, not kept in a package
// variable, so that a program that never sets a Unicode host links none of
// IDNA's code: a variable's initializer would keep it.
func idnaToASCII(h string) (string, error) {
	return idnahost.ToASCII(h)
}

// HostPort sets the host and the port from text as net.JoinHostPort writes
// it, such as an address in a configuration file: "host", "host:port",
// "[v6]" or "[v6]:port", where host is as Host takes it and port is decimal
// digits (kept as written, "080" included; "host:" gives an empty port,
// §3.2.3). Without a port, the port becomes undefined. It defines the
// authority.
//
// Build refuses what net.SplitHostPort would: an IPv6 address without its
// brackets ("::1", ambiguous with a port), with ErrInvalidHost and a Hint;
// a port that is not digits (ErrSyntax) or is above 65535 (ErrPortRange);
// and whatever Host refuses.
func (b Builder) HostPort(s string) Builder {
	host, port, ok := s, "", false
	switch {
	case strings.Contains(s, "://"):
		// A whole URI: Host says so.
	case strings.HasPrefix(s, "["):
		if i := strings.IndexByte(s, ']'); i >= 0 && strings.HasPrefix(s[i+1:], ":") {
			host, port, ok = s[:i+1], s[i+2:], true
		}
	case strings.Count(s, ":") == 1:
		host, port, _ = strings.Cut(s, ":")
		ok = true
	}
	if !strings.HasPrefix(host, "[") && strings.IndexByte(host, ':') >= 0 {
		// A bare IPv6 address: refused, as net.SplitHostPort refuses it.
		b = b.setHost(host, true)
		if b.hostFault.hint == noHint {
			b.host = host
			b.hostFault = hostFault{offset: strings.IndexByte(host, ':'), hint: hintBrackets}
		}
	} else {
		b = b.setHost(host, true)
	}
	if !ok {
		return b.WithoutPort()
	}
	b = b.RawPort(port)
	return b.with(portRange)
}

// RawHost sets the host to already-encoded text, which Build checks against
// the host rule, and whose percent-encoding must decode to UTF-8 (§3.2.2)
// (ErrInvalidHost). It defines the authority.
func (b Builder) RawHost(s string) Builder {
	b.host, b.hostFault = s, hostFault{}
	b.flags |= hasAuthority | hostMade
	return b
}

// Port sets the port (§3.2.3), written in decimal without leading zeros. It
// defines the authority. Build refuses a number outside 0–65535 with
// ErrPortRange.
func (b Builder) Port(p int) Builder {
	b.port, b.portNum = "", p
	return b.with(hasAuthority | hasPort | portIsNum)
}

// RawPort sets the port to text, which Build checks against the port rule,
// port = *DIGIT (ErrSyntax): RawPort("") defines an empty port, "//h:", and
// RawPort("080") keeps its zero. The RFC sets no range here, and neither does
// RawPort. It defines the authority.
func (b Builder) RawPort(s string) Builder {
	b.port, b.portNum = s, 0
	return b.with(hasAuthority | hasPort).without(portIsNum | portRange)
}

// Path sets the path (§3.3) from plain text in which "/" separates segments:
// each byte outside combinator.PCharSet and "/" is percent-encoded. Whether
// the path fits its context (an authority, a scheme) is checked by Build.
func (b Builder) Path(p string) Builder {
	b = b.dropSegs()
	b.path, b.pathText = uri.PercentEncode(p, uri.ComponentPath), ""
	return b.without(dotSeg)
}

// Segments sets the path to "/" followed by each segment in turn, each
// percent-encoded on its own (combinator.PCharSet; a "/" inside a segment
// becomes "%2F"): Segments("a", "b/c") is "/a/b%2Fc", the path-abempty form
// that follows an authority. Segments() sets the empty path. A rootless path
// ("a/b") is set with Path.
//
// A segment "." or ".." is refused by Build with ErrDotSegment: no encoding
// keeps it a name ("%2E" is "." again, §2.3), and resolution would remove it
// with the segment before it (§5.2.4), so the data would move the path.
func (b Builder) Segments(s ...string) Builder {
	b = b.dropSegs()
	b.flags &^= dotSeg
	b.path, b.pathText = "", ""
	if len(s) == 0 {
		return b
	}
	return b.appendSegments("/", s)
}

// AppendSegments adds segments after the current path, each percent-encoded
// as by Segments, and refused likewise when it is "." or "..". It is
// net/url's JoinPath without its cleaning: nothing is removed, so the
// segments stand as given.
//
// A trailing empty segment is replaced: "/a/" followed by "b" is "/a/b",
// and so is "/a". With an authority and an empty path, the result starts
// with "/" ("https://h" followed by "a" is "https://h/a"); without an
// authority, an empty path becomes a rootless one ("a"), or starts with "/"
// when the first segment is empty (so that it stays a segment). Build checks
// the path as it checks Path, and BuildRepaired repairs it likewise.
// AppendSegments() changes nothing; AppendSegments("") ends the path with
// "/".
func (b Builder) AppendSegments(s ...string) Builder {
	if len(s) == 0 {
		return b
	}
	if b.npSeg > 0 {
		b = b.flushSegs()
	}
	sep := "/"
	switch {
	case strings.HasSuffix(b.path, "/"):
		sep = ""
	case b.path == "" && !b.has(hasAuthority) && s[0] != "":
		sep = "" // a rootless path; an empty first segment needs the "/"
	}
	return b.appendSegments(sep, s)
}

// appendSegments writes sep, then the segments encoded and joined by "/",
// after the path, which has no pending segments: into pend when they fit,
// else at once.
func (b Builder) appendSegments(sep string, s []string) Builder {
	limit := len(sep) + len(s) - 1 // what is written after the path, at most
	for _, seg := range s {
		limit += 3 * len(seg) // every byte encoded
		if seg == "." || seg == ".." {
			b.flags |= dotSeg
		}
	}
	if len(s) <= pendSlots-2*int(b.npKV) {
		copy(b.pend[:], s)
		b.npSeg, b.segSlash = uint8(len(s)), sep != ""
		return b
	}
	write := func(dst []byte) []byte {
		dst = append(dst, sep...)
		for i, seg := range s {
			if i > 0 {
				dst = append(dst, '/')
			}
			dst = uri.AppendPercentEncode(dst, seg, uri.ComponentPathSegment)
		}
		return dst
	}
	b.path = appendText(b.path, b.pathText, limit, write)
	b.pathText = b.path
	return b
}

// ownString returns the bytes of b as a string without a copy: b's array
// was allocated for it and is never written again.
func ownString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// RawPath sets the path to already-encoded text. Build checks it against the
// rule its context demands: path-abempty after an authority, else
// path-absolute, path-rootless (with a scheme), path-noscheme (without) or
// path-empty.
func (b Builder) RawPath(s string) Builder {
	b = b.dropSegs()
	b.path, b.pathText = s, ""
	return b.without(dotSeg)
}

// Query sets the query (§3.4) from plain text, percent-encoding each byte
// outside combinator.QuerySet ("#" becomes "%23"; "&", "=" and "+" stay).
// Query("") defines an empty query: "?".
func (b Builder) Query(q string) Builder {
	b = b.dropKV()
	b.query, b.queryText = uri.PercentEncode(q, uri.ComponentQuery), ""
	return b.with(hasQuery)
}

// QueryParam appends key=value to the query, after an "&" when the query is
// not empty, and defines the query. Key and value are percent-encoded like
// Query, and "&", "=", "+" and ";" in them are encoded too, so that a form
// decoder reads back exactly key and value. To replace the parameters rather
// than add to them, start with WithoutQuery.
func (b Builder) QueryParam(key, value string) Builder {
	if pendSlots-int(b.npSeg)-2*int(b.npKV) < 2 {
		b = b.flushKV()
	}
	if i := pendSlots - 2*int(b.npKV+1); i >= int(b.npSeg) {
		b.pend[i], b.pend[i+1] = key, value
		b.npKV++
		return b.with(hasQuery)
	}
	write := func(dst []byte) []byte {
		if b.query != "" {
			dst = append(dst, '&')
		}
		dst = uri.AppendPercentEncode(dst, key, uri.ComponentQueryParam)
		dst = append(dst, '=')
		return uri.AppendPercentEncode(dst, value, uri.ComponentQueryParam)
	}
	// At most: every byte of key and value encoded.
	b.query = appendText(b.query, b.queryText, 1+3*len(key)+1+3*len(value), write)
	b.queryText = b.query
	return b.with(hasQuery)
}

// RawQuery sets the query to already-encoded text, which Build checks against
// the query rule (ErrSyntax).
func (b Builder) RawQuery(s string) Builder {
	b = b.dropKV()
	b.query, b.queryText = s, ""
	return b.with(hasQuery)
}

// Fragment sets the fragment (§3.5) from plain text, percent-encoding each
// byte outside combinator.FragmentSet. Fragment("") defines an empty
// fragment: "#".
func (b Builder) Fragment(f string) Builder {
	b.fragment = uri.PercentEncode(f, uri.ComponentFragment)
	return b.with(hasFragment)
}

// RawFragment sets the fragment to already-encoded text, which Build checks
// against the fragment rule (ErrSyntax).
func (b Builder) RawFragment(s string) Builder {
	b.fragment = s
	return b.with(hasFragment)
}

// WithoutScheme makes the scheme undefined: Build gives a relative reference.
func (b Builder) WithoutScheme() Builder {
	b.scheme = ""
	return b.without(hasScheme)
}

// WithoutUserInfo makes the userinfo undefined. The authority stays.
func (b Builder) WithoutUserInfo() Builder {
	b.userinfo = ""
	return b.without(hasUserInfo)
}

// WithoutPort makes the port undefined. The authority stays.
func (b Builder) WithoutPort() Builder {
	b.port, b.portNum = "", 0
	return b.without(hasPort | portIsNum)
}

// WithoutAuthority makes the authority undefined, with its userinfo, host and
// port. The path stays.
func (b Builder) WithoutAuthority() Builder {
	b.userinfo, b.host, b.port, b.portNum, b.hostFault = "", "", "", 0, hostFault{}
	return b.without(hasAuthority | hasUserInfo | hasPort | portIsNum | portRange | hostMade)
}

// WithoutQuery makes the query undefined; QueryParam then starts a new one.
func (b Builder) WithoutQuery() Builder {
	b = b.dropKV()
	b.query, b.queryText = "", ""
	return b.without(hasQuery)
}

// WithoutFragment makes the fragment undefined.
func (b Builder) WithoutFragment() Builder {
	b.fragment = ""
	return b.without(hasFragment)
}

// Build recomposes the components as RFC 3986 §5.3 says, parses the text back
// with uri.ParseReference and returns the URI. It returns a *BuildError, and
// no URI, when a component cannot be written so that it parses back as set:
// see the Err… values for the reasons. It checks the components in the order
// they are written (scheme, userinfo, host, port, path, query, fragment) and
// reports the first refusal. A URI it returns has exactly the components that
// were set, and is the URI uri.ParseReference makes of its String.
func (b Builder) Build() (uri.URI, error) { return b.build(false) }

// BuildRepaired is Build, except that where Build refuses the path with
// ErrPathNeedsSlash, ErrPathDoubleSlash or ErrColonInFirstSegment it applies
// the RFC's repair instead: "/" in front of a path under an authority, "/." in
// front of a path that starts with "//", "./" in front of a relative path
// whose first segment holds a ":" (see the package documentation). The URI
// it returns then has that repaired path. Every other refusal stands.
func (b Builder) BuildRepaired() (uri.URI, error) { return b.build(true) }

// MustBuild is Build for constants and tests: it panics when Build refuses,
// with an error that wraps the *BuildError (errors.As reaches it from the
// recovered value).
func (b Builder) MustBuild() uri.URI {
	u, err := b.Build()
	if err != nil {
		panic(fmt.Errorf("builder.MustBuild: %w", err))
	}
	return u
}

// String describes the Builder for debugging. When Build succeeds it is
// builder.Builder("…") with the URI quoted (cut to 1 KiB with "…" and its
// length when longer); otherwise it lists the defined components, encoded
// (each cut to 64 bytes with "…" and its length when longer, as in error
// messages), and the error, and never reads as a URI:
//
//	builder.Builder{scheme:"1http" host:"example.com" path:""} invalid: builder: scheme "1http": invalid scheme
//
// A password shows as "xxxxx", as in uri.URI.Redacted, and control and bidi
// characters are escaped as strconv.Quote escapes them, so that String (and
// so %v) can go to a log.
func (b Builder) String() string {
	u, err := b.Build()
	if err == nil {
		return "builder.Builder(" + quoteCut(u.Redacted(), maxShown) + ")"
	}
	b = b.flushSegs().flushKV()
	var sb strings.Builder
	sb.WriteString("builder.Builder{")
	field := func(name, v string) {
		if sb.Len() > len("builder.Builder{") {
			sb.WriteByte(' ')
		}
		sb.WriteString(name)
		sb.WriteByte(':')
		sb.WriteString(quoteValue(name, v, 0))
	}
	if b.has(hasScheme) {
		field("scheme", b.scheme)
	}
	if b.has(hasUserInfo) {
		field("userinfo", b.userinfo)
	}
	if b.has(hasAuthority) {
		field("host", b.host)
	}
	if b.has(hasPort) {
		field("port", b.portText())
	}
	field("path", b.path)
	if b.has(hasQuery) {
		field("query", b.query)
	}
	if b.has(hasFragment) {
		field("fragment", b.fragment)
	}
	sb.WriteString("} invalid: ")
	sb.WriteString(err.Error())
	return sb.String()
}

// GoString is String, for %#v: the Builder's fields hold the password in
// clear.
func (b Builder) GoString() string { return b.String() }

// maxShown is the most bytes of a URI that String shows.
const maxShown = 1024

// quoteCut quotes s as strconv.Quote does, cut after at most n bytes (at
// the start of a UTF-8 sequence) with "…" and the length of s when longer.
func quoteCut(s string, n int) string {
	if len(s) <= n {
		return strconv.Quote(s)
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	q := strconv.Quote(s[:n])
	return q[:len(q)-1] + "…\" (" + strconv.Itoa(len(s)) + " bytes)"
}

func (b Builder) portText() string {
	if b.has(portIsNum) {
		return strconv.Itoa(b.portNum)
	}
	return b.port
}

// build checks the components left to right, recomposes and parses back.
func (b Builder) build(repair bool) (uri.URI, error) {
	if u, ok := b.quick(); ok {
		return u, nil
	}
	b = b.flushSegs().flushKV()
	if b.has(hasScheme) && !c.Scheme.Match(b.scheme) {
		return uri.URI{}, &BuildError{Component: "scheme", Value: b.scheme, Offset: -1, Err: ErrInvalidScheme}
	}
	auth := b.has(hasAuthority)
	var portBuf [20]byte
	var port []byte
	if auth {
		if b.has(hasUserInfo) && !c.UserInfo.Match(b.userinfo) {
			return uri.URI{}, syntaxError("userinfo", b.userinfo, c.UserInfo, ErrSyntax)
		}
		if f := b.hostFault; f.hint != noHint {
			h := hints[f.hint]
			if f.hint == hintIDNA {
				h += f.reason
			}
			return uri.URI{}, &BuildError{Component: "host", Value: b.host, Offset: f.offset, Err: ErrInvalidHost, Hint: h}
		}
		if !c.Host.Match(b.host) {
			return uri.URI{}, syntaxError("host", b.host, c.Host, ErrInvalidHost)
		}
		if b.has(hostMade) {
			if off := notUTF8(b.host); off >= 0 {
				return uri.URI{}, &BuildError{Component: "host", Value: b.host, Offset: off, Err: ErrInvalidHost}
			}
		}
		if b.has(hasPort) {
			if b.has(portIsNum) {
				if b.portNum < 0 || b.portNum > 65535 {
					return uri.URI{}, &BuildError{Component: "port", Value: strconv.Itoa(b.portNum), Offset: -1, Err: ErrPortRange}
				}
				port = strconv.AppendInt(portBuf[:0], int64(b.portNum), 10)
			} else {
				if !c.Port.Match(b.port) {
					return uri.URI{}, syntaxError("port", b.port, c.Port, ErrSyntax)
				}
				if b.has(portRange) && !fitsPort(b.port) {
					return uri.URI{}, &BuildError{Component: "port", Value: b.port, Offset: -1, Err: ErrPortRange}
				}
				port = append(portBuf[:0], b.port...)
			}
		}
	}
	path, err := b.checkPath(repair)
	if err != nil {
		return uri.URI{}, err
	}
	if b.has(dotSeg) {
		return uri.URI{}, &BuildError{Component: "path", Value: b.path, Offset: dotSegment(b.path), Err: ErrDotSegment}
	}
	if b.has(hasQuery) && !c.Query.Match(b.query) {
		return uri.URI{}, syntaxError("query", b.query, c.Query, ErrSyntax)
	}
	if b.has(hasFragment) && !c.Fragment.Match(b.fragment) {
		return uri.URI{}, syntaxError("fragment", b.fragment, c.Fragment, ErrSyntax)
	}

	s, _, _, ok := b.compose(path, port)
	if !ok {
		return uri.URI{}, &BuildError{Component: "URI", Offset: -1, Err: ErrTooLong}
	}
	u, err := uri.ParseReference(s)
	if err != nil || !b.same(u, path, b.query, port) {
		return uri.URI{}, &BuildError{Component: "URI", Value: s, Offset: -1, Err: ErrReparse}
	}
	return u, nil
}

// quick is the fast path of build: it recomposes and parses back, and
// returns the URI when it has exactly the components of b. Parsing then
// proves every check of build's rules and path hazards (a component that
// does not match its rule, or a hazard, makes the text fail to parse or
// parse to other components), so only the checks the grammar cannot make
// come first: the producer's rules (dot segments given as data, a host's
// encoding of non-UTF-8, the port range) and the Host refusals. When quick
// fails, build runs its checks in order to find and explain the first
// refusal.
func (b Builder) quick() (uri.URI, bool) {
	if b.has(dotSeg) || b.hostFault.hint != noHint {
		return uri.URI{}, false
	}
	var portBuf [20]byte
	var port []byte
	if b.has(hasAuthority) {
		if b.has(hostMade) && notUTF8(b.host) >= 0 {
			return uri.URI{}, false
		}
		if b.has(hasPort) {
			switch {
			case b.has(portIsNum):
				if b.portNum < 0 || b.portNum > 65535 {
					return uri.URI{}, false
				}
				port = strconv.AppendInt(portBuf[:0], int64(b.portNum), 10)
			case b.has(portRange) && !fitsPort(b.port):
				return uri.URI{}, false
			default:
				port = append(portBuf[:0], b.port...)
			}
		}
	}
	s, path, query, ok := b.compose(b.path, port)
	if !ok {
		return uri.URI{}, false
	}
	u, err := uri.ParseReference(s)
	if err != nil || !b.same(u, path, query, port) {
		return uri.URI{}, false
	}
	return u, true
}

// compose recomposes the components with path and port as given (§5.3),
// the pending segments and parameters encoded after path and query, into
// one buffer, the string's; it returns the string, the path and the query
// as written in it, or false when the text would be too long to parse.
func (b *Builder) compose(path string, port []byte) (s, pathText, queryText string, ok bool) {
	n := len(b.scheme) + len(b.userinfo) + len(b.host) + len(port) + len(path) + len(b.query) + len(b.fragment) + 7
	for _, p := range b.pend[:b.npSeg] {
		n += 3*len(p) + 1 // at most: every byte encoded, and a "/"
	}
	for _, p := range b.pend[pendSlots-2*int(b.npKV):] {
		n += 3*len(p) + 1 // at most: every byte encoded, and an "&" or "="
	}
	if n > math.MaxInt32 {
		return "", "", "", false
	}
	var at [4]int // where the path and the query start and end
	if n <= composeOnStack {
		var arr [composeOnStack]byte
		s = string(b.write(arr[:0], path, port, &at))
	} else {
		s = ownString(b.write(make([]byte, 0, n), path, port, &at))
	}
	return s, s[at[0]:at[1]], s[at[2]:at[3]], true
}

// write appends the URI that compose makes to buf, and sets at to the
// offsets where its path and its query start and end.
func (b *Builder) write(buf []byte, path string, port []byte, at *[4]int) []byte {
	if b.has(hasScheme) {
		buf = append(buf, b.scheme...)
		buf = append(buf, ':')
	}
	if b.has(hasAuthority) {
		buf = append(buf, '/', '/')
		if b.has(hasUserInfo) {
			buf = append(buf, b.userinfo...)
			buf = append(buf, '@')
		}
		buf = append(buf, b.host...)
		if b.has(hasPort) {
			buf = append(buf, ':')
			buf = append(buf, port...)
		}
	}
	at[0] = len(buf)
	buf = b.appendPath(buf, path)
	at[1], at[2] = len(buf), len(buf)
	if b.has(hasQuery) {
		buf = append(buf, '?')
		at[2] = len(buf)
		buf = b.appendQuery(buf)
	}
	at[3] = len(buf)
	if b.has(hasFragment) {
		buf = append(buf, '#')
		buf = append(buf, b.fragment...)
	}
	return buf
}

// composeOnStack is the room on the stack in which compose writes a URI
// that fits, before the one allocation of its string.
const composeOnStack = 256

// appendPath appends path, then the pending segments encoded, to dst.
func (b *Builder) appendPath(dst []byte, path string) []byte {
	dst = append(dst, path...)
	if b.npSeg == 0 {
		return dst
	}
	if b.segSlash {
		dst = append(dst, '/')
	}
	for i, seg := range b.pend[:b.npSeg] {
		if i > 0 {
			dst = append(dst, '/')
		}
		dst = uri.AppendPercentEncode(dst, seg, uri.ComponentPathSegment)
	}
	return dst
}

// appendQuery appends the query, then the pending parameters encoded, each
// after an "&" unless the query is still empty, to dst.
func (b *Builder) appendQuery(dst []byte) []byte {
	return b.appendParams(append(dst, b.query...))
}

// appendParams appends the pending parameters encoded, each after an "&"
// unless the query is still empty, to dst.
func (b *Builder) appendParams(dst []byte) []byte {
	for i := range int(b.npKV) {
		j := pendSlots - 2*(i+1)
		if i > 0 || b.query != "" {
			dst = append(dst, '&')
		}
		dst = uri.AppendPercentEncode(dst, b.pend[j], uri.ComponentQueryParam)
		dst = append(dst, '=')
		dst = uri.AppendPercentEncode(dst, b.pend[j+1], uri.ComponentQueryParam)
	}
	return dst
}

// flushSegs returns b with its pending segments encoded into its path.
func (b Builder) flushSegs() Builder {
	if b.npSeg == 0 {
		return b
	}
	need := 1
	for _, seg := range b.pend[:b.npSeg] {
		need += 3*len(seg) + 1
	}
	b.path = appendText(b.path, b.pathText, need, func(dst []byte) []byte { return b.appendPath(dst, "") })
	b.pathText = b.path
	return b.dropSegs()
}

// flushKV returns b with its pending query parameters encoded into its
// query.
func (b Builder) flushKV() Builder {
	if b.npKV == 0 {
		return b
	}
	need := 0
	for _, p := range b.pend[pendSlots-2*int(b.npKV):] {
		need += 3*len(p) + 1
	}
	b.query = appendText(b.query, b.queryText, need, func(dst []byte) []byte { return b.appendParams(dst) })
	b.queryText = b.query
	return b.dropKV()
}

// dropSegs returns b without its pending segments.
func (b Builder) dropSegs() Builder {
	clear(b.pend[:b.npSeg])
	b.npSeg, b.segSlash = 0, false
	return b
}

// dropKV returns b without its pending query parameters.
func (b Builder) dropKV() Builder {
	clear(b.pend[pendSlots-2*int(b.npKV):])
	b.npKV = 0
	return b
}

// same reports whether u has exactly the components of b, with path, query
// and port as written.
func (b *Builder) same(u uri.URI, path, query string, port []byte) bool {
	return u.IsRelative() == !b.has(hasScheme) && u.Scheme() == b.scheme &&
		u.HasAuthority() == b.has(hasAuthority) &&
		u.HasUserInfo() == b.has(hasUserInfo) && u.UserInfo() == b.userinfo &&
		u.Host() == b.host &&
		u.HasPort() == b.has(hasPort) && u.Port() == string(port) &&
		u.Path() == path &&
		u.HasQuery() == b.has(hasQuery) && u.Query() == query &&
		u.HasFragment() == b.has(hasFragment) && u.Fragment() == b.fragment
}

// checkPath returns the path to write: b.path, or with repair its repaired
// form, once it matches the rule its context demands (§3, §4.2).
func (b Builder) checkPath(repair bool) (string, error) {
	p := b.path
	if off := invalidPathByte(p); off >= 0 {
		return "", &BuildError{Component: "path", Value: p, Offset: off, Err: ErrSyntax}
	}
	var rule *c.Rule
	var hazard error
	var fix string
	switch {
	case b.has(hasAuthority):
		rule = c.PathAbempty
		if p != "" && p[0] != '/' {
			hazard, fix = ErrPathNeedsSlash, "/"
		}
	case strings.HasPrefix(p, "//"):
		hazard, fix = ErrPathDoubleSlash, "/."
		rule = c.PathAbsolute
	case b.has(hasScheme):
		rule = c.PathRootless
		if p == "" {
			rule = c.PathEmpty
		} else if p[0] == '/' {
			rule = c.PathAbsolute
		}
	default:
		rule = c.PathNoScheme
		if p == "" {
			rule = c.PathEmpty
		} else if p[0] == '/' {
			rule = c.PathAbsolute
		} else if seg, _, _ := strings.Cut(p, "/"); strings.IndexByte(seg, ':') >= 0 {
			hazard, fix = ErrColonInFirstSegment, "./"
		}
	}
	if hazard != nil {
		if !repair {
			return "", &BuildError{Component: "path", Value: p, Offset: -1, Err: hazard}
		}
		p = fix + p
		if fix != "./" {
			rule = c.PathAbsolute
			if b.has(hasAuthority) {
				rule = c.PathAbempty
			}
		}
	}
	if !rule.Match(p) {
		return "", syntaxError("path", p, rule, ErrSyntax)
	}
	return p, nil
}

// notUTF8 returns the offset in the reg-name host of the triplet that starts
// the first byte of its decoding that is not UTF-8, or -1 (§3.2.2: "must not
// use percent-encoding in host unless it is used to represent a UTF-8
// character sequence"). An IP literal holds no "%".
func notUTF8(host string) int {
	d, err := uri.PercentDecode(host)
	if err != nil || utf8.ValidString(d) {
		return -1
	}
	for i := 0; i < len(d); {
		r, size := utf8.DecodeRuneInString(d[i:])
		if r == utf8.RuneError && size == 1 {
			return uri.EncodedOffset(host, i)
		}
		i += size
	}
	return -1
}

// dotSegment returns the offset in path of its first segment "." or "..", or
// -1.
func dotSegment(path string) int {
	for i := 0; i < len(path); {
		j := strings.IndexByte(path[i+1:], '/')
		end := len(path)
		if j >= 0 {
			end = i + 1 + j
		}
		if seg := path[i+1 : end]; seg == "." || seg == ".." {
			return i + 1
		}
		i = end
	}
	return -1
}

// invalidPathByte returns the offset of the first byte of p that is neither in
// pchar / "/" nor part of a pct-encoded triplet, or -1.
func invalidPathByte(p string) int {
	for i := 0; i < len(p); i++ {
		if c.PathSet.Contains(p[i]) {
			continue
		}
		if p[i] == '%' && i+2 < len(p) && c.HexDigSet.Contains(p[i+1]) && c.HexDigSet.Contains(p[i+2]) {
			i += 2
			continue
		}
		return i
	}
	return -1
}

func syntaxError(component, v string, rule *c.Rule, reason error) *BuildError {
	off := -1
	if se := rule.Explain(v); se != nil {
		off = se.Offset
	}
	return &BuildError{Component: component, Value: v, Offset: off, Err: reason}
}

// hostFault is a mistake in the text given to Host or HostPort, found when
// it is set and reported by Build: the offset in the host as written, and
// what was probably meant. The zero value is no mistake. It is a comparable
// value, so that Builders compare with ==.
type hostFault struct {
	offset int
	hint   hint
	reason string // for hintIDNA, IDNA's error
}

// hint names a hint of a host refusal.
type hint uint8

const (
	noHint hint = iota
	hintPort
	hintBrackets
	hintZone
	hintWholeURI
	hintPath
	hintBackslash
	hintQuery
	hintFragment
	hintUserInfo
	hintIDNA
)

// hints are the texts of the hints, by hint.
var hints = [...]string{
	hintPort:      `":" starts a port: set "host:port" with HostPort, or the port with Port`,
	hintBrackets:  `an IPv6 address is written in brackets: "[v6]" or "[v6]:port", as net.JoinHostPort writes it`,
	hintZone:      `an IPv6 zone identifier (RFC 6874) has no place in an RFC 3986 host`,
	hintWholeURI:  `"://" follows a scheme: this is a whole URI; parse it with uri.Parse and edit it with From`,
	hintPath:      `"/" starts a path: set it with Path or AppendSegments`,
	hintBackslash: `"\" is not a URI character (browsers read it as "/", which starts a path): set the path with Path`,
	hintQuery:     `"?" starts a query: set it with Query or SetQueryParam`,
	hintFragment:  `"#" starts a fragment: set it with Fragment`,
	hintUserInfo:  `"@" ends a userinfo: set "user" or "user:password" with UserInfo`,
	hintIDNA:      `IDNA (UTS #46 lookup) refuses the name: `,
}

// hostShownSet is what the host of a refused Host call keeps in view: the
// reg-name's bytes and the delimiters that caused the refusal.
var hostShownSet = c.RegNameSet.Union(c.Chars(`:/?#@\`))

// delimiterHint returns the hint for the delimiter x in a host, or noHint.
func delimiterHint(x byte) hint {
	switch x {
	case ':':
		return hintPort
	case '/':
		return hintPath
	case '\\':
		return hintBackslash
	case '?':
		return hintQuery
	case '#':
		return hintFragment
	case '@':
		return hintUserInfo
	}
	return noHint
}

// fitsPort reports whether the digits p make a number at most 65535.
func fitsPort(p string) bool {
	n := 0
	for i := 0; i < len(p); i++ {
		n = n*10 + int(p[i]-'0')
		if n > 65535 {
			return false
		}
	}
	return true
}
