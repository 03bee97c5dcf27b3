// Package http parses "http" and "https" URIs by RFC 9110 §4.2 with a
// grammar built from the exported RFC 3986 rules of the combinator package.
//
//	u, err := http.Parse("HTTP://Example.COM/a?b#c")
//	// u.Scheme == "http", u.Host == "example.com", u.Port == 80, u.Origin() == "http://example.com:80"
//
// On top of RFC 3986, an http(s) URI needs an authority with a non-empty host
// (RFC 9110 §4.2.1: a recipient must reject an empty host), and Parse refuses
// a userinfo, which RFC 9110 §4.2.4 deprecates and asks recipients to treat
// as an error. The port defaults to the scheme's, 80 or 443, as uri knows
// them: uri holds the http and https rules of scheme-based normalization
// (RFC 9110 §4.2.3, RFC 3986 §6.2.3) from the start, so that
// uri.URI.Normalize and Equivalent drop a default or empty port and write an
// empty path as "/".
package http

import (
	"errors"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

// HTTPURI matches an "http" URI (RFC 9110 §4.2.1); the scheme is
// case-insensitive:
//
//	http-URI = "http" "://" authority path-abempty [ "?" query ]
var HTTPURI = c.Named("http-URI", c.Seq(c.LitFold("http"), c.Lit("://"), c.Authority, c.PathAbempty,
	c.Opt(c.Seq(c.Lit("?"), c.Query))))

// HTTPSURI matches an "https" URI (RFC 9110 §4.2.2):
//
//	https-URI = "https" "://" authority path-abempty [ "?" query ]
var HTTPSURI = c.Named("https-URI", c.Seq(c.LitFold("https"), c.Lit("://"), c.Authority, c.PathAbempty,
	c.Opt(c.Seq(c.Lit("?"), c.Query))))

// Reference matches an http or https URI with an optional fragment, which a
// reference may carry (RFC 9110 §4.2.5):
//
//	reference = ( http-URI / https-URI ) [ "#" fragment ]
var Reference = c.Named("reference", c.Seq(c.Alt(HTTPURI, HTTPSURI), c.Opt(c.Seq(c.Lit("#"), c.Fragment))))

// The errors of Parse beyond syntax, under a *ParseError.
var (
	// ErrEmptyHost: the host is empty (RFC 9110 §4.2.1).
	ErrEmptyHost = errors.New("empty host")
	// ErrUserInfo: the authority has a userinfo (RFC 9110 §4.2.4).
	ErrUserInfo = errors.New("userinfo is deprecated and rejected")
	// ErrPort: the port is greater than 65535.
	ErrPort = errors.New("port out of range 0-65535")
)

// ParseError is the error of Parse: the offset in the input and the reason,
// a *combinator.SyntaxError or one of the Err values of this package.
type ParseError struct {
	Input  string
	Offset int
	Err    error
}

// Error returns a message such as
//
//	http: empty host at offset 7
func (e *ParseError) Error() string {
	var se *c.SyntaxError
	if errors.As(e.Err, &se) {
		in := se.In
		if in == "" {
			in = se.Rule
		}
		return "http: " + se.Found() + " at offset " + strconv.Itoa(e.Offset) + " in " + in + ": expected " + c.JoinExpected(se.Expected)
	}
	return "http: " + e.Err.Error() + " at offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns Err.
func (e *ParseError) Unwrap() error { return e.Err }

// URL is a parsed http or https URI.
type URL struct {
	URI         uri.URI // the URI as parsed
	Scheme      string  // "http" or "https", in lower case
	Host        string  // normalized (RFC 3986 §6.2.2): lower case, unreserved characters decoded; an IP literal keeps its brackets
	Port        int     // the port, or the scheme's default (80, 443) when absent or empty
	Path        string  // the path as written, possibly empty
	Query       string  // the query, without "?"; see URI.HasQuery
	Fragment    string  // the fragment, without "#"; see URI.HasFragment
	DefaultPort bool    // whether Port is the scheme's default because none was given
}

// Parse parses s as an http or https URI reference with an optional
// fragment (RFC 9110 §4.2).
func Parse(s string) (URL, error) {
	if !Reference.Match(s) {
		se := Reference.Explain(s)
		return URL{}, &ParseError{Input: s, Offset: se.Offset, Err: se}
	}
	u, err := uri.Parse(s)
	if err != nil { // the grammar above is a subset of URI
		return URL{}, &ParseError{Input: s, Err: err}
	}
	auth := len(u.Scheme()) + 3
	if u.HasUserInfo() {
		return URL{}, &ParseError{Input: s, Offset: auth, Err: ErrUserInfo}
	}
	if u.Host() == "" {
		return URL{}, &ParseError{Input: s, Offset: auth, Err: ErrEmptyHost}
	}
	r := URL{
		URI:      u,
		Scheme:   strings.ToLower(u.Scheme()),
		Host:     u.NormalizeSyntax().Host(),
		Path:     u.Path(),
		Query:    u.Query(),
		Fragment: u.Fragment(),
	}
	// PortOrDefault fails only on a port out of range: uri knows the
	// default port of http and https.
	p, err := u.PortOrDefault()
	if err != nil {
		return URL{}, &ParseError{Input: s, Offset: auth + len(u.Host()) + 1, Err: ErrPort}
	}
	r.Port, r.DefaultPort = p, u.Port() == ""
	return r, nil
}

// Origin returns the origin of u, "scheme://host:port" with the port always
// written (RFC 6454 §6.2 serializes it without a default port; this form
// compares origins by string).
func (u URL) Origin() string {
	return u.Scheme + "://" + u.Host + ":" + strconv.Itoa(u.Port)
}

// Normalize returns the normal form of u by RFC 9110 §4.2.3: scheme and host
// in lower case, percent-encoded unreserved characters decoded and other
// triplets in upper case, dot segments removed, the default or an empty port
// dropped, and an empty path written "/".
func (u URL) Normalize() string { return u.URI.Normalize().String() }

// String returns u as it was parsed.
func (u URL) String() string { return u.URI.String() }

// Equivalent parses a and b and reports whether they are equivalent by
// RFC 9110 §4.2.3: equal after Normalize.
func Equivalent(a, b string) (bool, error) {
	u, err := Parse(a)
	if err != nil {
		return false, err
	}
	v, err := Parse(b)
	if err != nil {
		return false, err
	}
	return u.Normalize() == v.Normalize(), nil
}
