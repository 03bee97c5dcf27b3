package builder

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
)

// Builder is an immutable description of a URI reference under construction.
// Every method returns a new Builder and leaves its receiver unchanged, so a
// Builder may be copied, kept as a template, branched and shared between
// goroutines. Its zero value is New(): nothing set.
//
// A Builder holds each component already percent-encoded, as it will be
// written; nothing is checked until Build.
type Builder struct {
	scheme, userinfo, host, port, path, query, fragment string
	portNum                                             int
	flags                                               flags
}

type flags uint16

const (
	hasScheme    flags = 1 << iota
	hasAuthority       // userinfo, host or port set, or From a URI with one
	hasUserInfo
	hasPort
	hasQuery
	hasFragment
	portIsNum // the port is portNum, set by Port; else the raw text port (From)
	hostColon // plain host text with a ":" that is not an IPv6 address
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
	b.userinfo = encode(s, &c.UserInfoSet)
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
// each byte outside combinator.RegNameSet is percent-encoded, except that a
// ":" is refused by Build with ErrInvalidHost: it is a port or an IPv6 zone
// given to the wrong setter. Text that is not UTF-8 is refused likewise: a
// host's percent-encoding may only stand for UTF-8 (§3.2.2). The case is
// kept.
func (b Builder) Host(s string) Builder {
	b.flags = b.flags&^hostColon | hasAuthority | hostMade
	switch {
	case strings.HasPrefix(s, "["):
		b.host = s
	case c.IPv6Address.Match(s):
		b.host = "[" + s + "]"
	case strings.IndexByte(s, ':') >= 0:
		b.host = encode(s, &regNameColonSet)
		b.flags |= hostColon
	default:
		b.host = encode(s, &c.RegNameSet)
	}
	return b
}

// RawHost sets the host to already-encoded text, which Build checks against
// the host rule, and whose percent-encoding must decode to UTF-8 (§3.2.2)
// (ErrInvalidHost). It defines the authority.
func (b Builder) RawHost(s string) Builder {
	b.host = s
	b.flags = b.flags&^hostColon | hasAuthority | hostMade
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
	return b.with(hasAuthority | hasPort).without(portIsNum)
}

// Path sets the path (§3.3) from plain text in which "/" separates segments:
// each byte outside combinator.PCharSet and "/" is percent-encoded. Whether
// the path fits its context (an authority, a scheme) is checked by Build.
func (b Builder) Path(p string) Builder {
	b.path = encode(p, &pathSet)
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
	n := 0
	b.flags &^= dotSeg
	for _, seg := range s {
		n += 1 + encodedLen(seg, &c.PCharSet)
		if seg == "." || seg == ".." {
			b.flags |= dotSeg
		}
	}
	var sb strings.Builder
	sb.Grow(n)
	for _, seg := range s {
		sb.WriteByte('/')
		appendEncoded(&sb, seg, &c.PCharSet)
	}
	b.path = sb.String()
	return b
}

// RawPath sets the path to already-encoded text. Build checks it against the
// rule its context demands: path-abempty after an authority, else
// path-absolute, path-rootless (with a scheme), path-noscheme (without) or
// path-empty.
func (b Builder) RawPath(s string) Builder {
	b.path = s
	return b.without(dotSeg)
}

// Query sets the query (§3.4) from plain text, percent-encoding each byte
// outside combinator.QuerySet ("#" becomes "%23"; "&", "=" and "+" stay).
// Query("") defines an empty query: "?".
func (b Builder) Query(q string) Builder {
	b.query = encode(q, &c.QuerySet)
	return b.with(hasQuery)
}

// QueryParam appends key=value to the query, after an "&" when the query is
// not empty, and defines the query. Key and value are percent-encoded like
// Query, and "&", "=", "+" and ";" in them are encoded too, so that a form
// decoder reads back exactly key and value. To replace the parameters rather
// than add to them, start with WithoutQuery.
func (b Builder) QueryParam(key, value string) Builder {
	n := len(b.query) + encodedLen(key, &paramSet) + 1 + encodedLen(value, &paramSet)
	if b.query != "" {
		n++
	}
	var sb strings.Builder
	sb.Grow(n)
	sb.WriteString(b.query)
	if b.query != "" {
		sb.WriteByte('&')
	}
	appendEncoded(&sb, key, &paramSet)
	sb.WriteByte('=')
	appendEncoded(&sb, value, &paramSet)
	b.query = sb.String()
	return b.with(hasQuery)
}

// RawQuery sets the query to already-encoded text, which Build checks against
// the query rule (ErrSyntax).
func (b Builder) RawQuery(s string) Builder {
	b.query = s
	return b.with(hasQuery)
}

// Fragment sets the fragment (§3.5) from plain text, percent-encoding each
// byte outside combinator.FragmentSet. Fragment("") defines an empty
// fragment: "#".
func (b Builder) Fragment(f string) Builder {
	b.fragment = encode(f, &c.FragmentSet)
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
	b.userinfo, b.host, b.port, b.portNum = "", "", "", 0
	return b.without(hasAuthority | hasUserInfo | hasPort | portIsNum | hostColon | hostMade)
}

// WithoutQuery makes the query undefined; QueryParam then starts a new one.
func (b Builder) WithoutQuery() Builder {
	b.query = ""
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
// builder.Builder("…") with the URI quoted; otherwise it lists the defined
// components, encoded (each cut to 64 bytes with "…" and its length when
// longer, as in error messages), and the error, and never reads as a URI:
//
//	builder.Builder{scheme:"1http" host:"example.com" path:""} invalid: builder: scheme "1http": invalid scheme
//
// A password shows as "xxxxx", as in uri.URI.Redacted, so that String (and
// so %v) can go to a log.
func (b Builder) String() string {
	u, err := b.Build()
	if err == nil {
		return "builder.Builder(" + strconv.Quote(u.Redacted()) + ")"
	}
	var sb strings.Builder
	sb.WriteString("builder.Builder{")
	field := func(name, v string) {
		if sb.Len() > len("builder.Builder{") {
			sb.WriteByte(' ')
		}
		sb.WriteString(name)
		sb.WriteByte(':')
		sb.WriteString(errtext.Quote(v, 0))
	}
	if b.has(hasScheme) {
		field("scheme", b.scheme)
	}
	if b.has(hasUserInfo) {
		ui, _ := errtext.RedactUserInfo(b.userinfo, 0)
		field("userinfo", ui)
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

func (b Builder) portText() string {
	if b.has(portIsNum) {
		return strconv.Itoa(b.portNum)
	}
	return b.port
}

// build checks the components left to right, recomposes and parses back.
func (b Builder) build(repair bool) (uri.URI, error) {
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
		if b.has(hostColon) {
			off := strings.IndexByte(b.host, ':')
			if i := strings.Index(b.host, "%25"); i >= 0 && c.IPv6Address.Match(b.host[:i]) {
				off = i // an IPv6 zone (RFC 6874), which RFC 3986 has no place for
			}
			return uri.URI{}, &BuildError{Component: "host", Value: b.host, Offset: off, Err: ErrInvalidHost}
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

	// §5.3 Component Recomposition.
	n := len(b.scheme) + len(b.userinfo) + len(b.host) + len(port) + len(path) + len(b.query) + len(b.fragment) + 7
	if n > math.MaxInt32 {
		return uri.URI{}, &BuildError{Component: "URI", Offset: -1, Err: ErrTooLong}
	}
	var sb strings.Builder
	sb.Grow(n)
	if b.has(hasScheme) {
		sb.WriteString(b.scheme)
		sb.WriteByte(':')
	}
	if auth {
		sb.WriteString("//")
		if b.has(hasUserInfo) {
			sb.WriteString(b.userinfo)
			sb.WriteByte('@')
		}
		sb.WriteString(b.host)
		if b.has(hasPort) {
			sb.WriteByte(':')
			sb.Write(port)
		}
	}
	sb.WriteString(path)
	if b.has(hasQuery) {
		sb.WriteByte('?')
		sb.WriteString(b.query)
	}
	if b.has(hasFragment) {
		sb.WriteByte('#')
		sb.WriteString(b.fragment)
	}
	s := sb.String()

	u, err := uri.ParseReference(s)
	if err != nil || !b.same(u, path, port) {
		return uri.URI{}, &BuildError{Component: "URI", Value: s, Offset: -1, Err: ErrReparse}
	}
	return u, nil
}

// same reports whether u has exactly the components of b, with path and port
// as written.
func (b Builder) same(u uri.URI, path string, port []byte) bool {
	return u.IsRelative() == !b.has(hasScheme) && u.Scheme() == b.scheme &&
		u.HasAuthority() == b.has(hasAuthority) &&
		u.HasUserInfo() == b.has(hasUserInfo) && u.UserInfo() == b.userinfo &&
		u.Host() == b.host &&
		u.HasPort() == b.has(hasPort) && u.Port() == string(port) &&
		u.Path() == path &&
		u.HasQuery() == b.has(hasQuery) && u.Query() == b.query &&
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
		if pathSet.Contains(p[i]) {
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

var (
	// pathSet is what a path allows as it stands: pchar and "/".
	pathSet = c.PCharSet.Union(c.Chars("/"))
	// regNameColonSet keeps the ":" of a host that Build refuses, so that
	// its error points at it.
	regNameColonSet = c.RegNameSet.Union(c.Chars(":"))
	// paramSet is what a query key or value allows as it stands: the query's
	// set less the form delimiters "&", "=", ";" and "+" (read as a space).
	paramSet = c.QuerySet.Minus(c.Chars("&=;+"))
)

const upperhex = "0123456789ABCDEF"

// encodedLen is the length of s once each byte outside allowed is
// percent-encoded.
func encodedLen(s string, allowed *c.CharSet) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if !allowed.Contains(s[i]) {
			n += 2
		}
	}
	return n
}

// encode percent-encodes each byte of s outside allowed, with uppercase hex
// digits (§2.1). It returns s itself when nothing needs encoding.
func encode(s string, allowed *c.CharSet) string {
	n := encodedLen(s, allowed)
	if n == len(s) {
		return s
	}
	var sb strings.Builder
	sb.Grow(n)
	appendEncoded(&sb, s, allowed)
	return sb.String()
}

func appendEncoded(sb *strings.Builder, s string, allowed *c.CharSet) {
	start := 0
	for i := 0; i < len(s); i++ {
		if allowed.Contains(s[i]) {
			continue
		}
		sb.WriteString(s[start:i])
		sb.WriteByte('%')
		sb.WriteByte(upperhex[s[i]>>4])
		sb.WriteByte(upperhex[s[i]&15])
		start = i + 1
	}
	sb.WriteString(s[start:])
}
