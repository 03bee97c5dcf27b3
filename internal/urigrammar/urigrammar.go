// Package urigrammar assembles the four top rules of RFC 3986 with a capture
// around each component. The uri package matches with them, and the code
// generator of the uri package (go generate ./uri) compiles them to Go; both
// import this package, so that neither imports the other.
package urigrammar

import c "github.com/seed42851778/rfc3986/combinator"

// Capture slots of the top rules: one per component of §3.
const (
	SlotScheme = iota
	SlotAuthority
	SlotUserInfo
	SlotHost
	SlotPort
	SlotPath
	SlotQuery
	SlotFragment
	NSlots // the number of slots
)

var (
	authority = c.Capture(SlotAuthority, c.Seq(
		c.Opt(c.Seq(c.Capture(SlotUserInfo, c.UserInfo), c.Lit("@"))),
		c.Capture(SlotHost, c.Host),
		c.Opt(c.Seq(c.Lit(":"), c.Capture(SlotPort, c.Port)))))
	query    = c.Opt(c.Seq(c.Lit("?"), c.Capture(SlotQuery, c.Query)))
	fragment = c.Opt(c.Seq(c.Lit("#"), c.Capture(SlotFragment, c.Fragment)))

	// hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
	hierPart = c.Named("hier-part", c.Alt(
		c.Seq(c.Lit("//"), authority, c.Capture(SlotPath, c.PathAbempty)),
		c.Capture(SlotPath, c.PathAbsolute),
		c.Capture(SlotPath, c.PathRootless),
		c.Capture(SlotPath, c.PathEmpty)))
	// relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
	relativePart = c.Named("relative-part", c.Alt(
		c.Seq(c.Lit("//"), authority, c.Capture(SlotPath, c.PathAbempty)),
		c.Capture(SlotPath, c.PathAbsolute),
		c.Capture(SlotPath, c.PathNoScheme),
		c.Capture(SlotPath, c.PathEmpty)))

	scheme = c.Seq(c.Capture(SlotScheme, c.Scheme), c.Lit(":"))
)

// The four top rules of RFC 3986, assembled from the combinator package's
// rules with a capture around each component. They match exactly what
// combinator.URIReference, combinator.URI, combinator.AbsoluteURI and
// combinator.RelativeRef match.
var (
	// URI is URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ] (§3).
	URI = c.Named("URI", c.Seq(scheme, hierPart, query, fragment))
	// AbsoluteURI is absolute-URI = scheme ":" hier-part [ "?" query ] (§4.3).
	AbsoluteURI = c.Named("absolute-URI", c.Seq(scheme, hierPart, query))
	// RelativeRef is relative-ref = relative-part [ "?" query ] [ "#" fragment ] (§4.2).
	RelativeRef = c.Named("relative-ref", c.Seq(relativePart, query, fragment))
	// URIReference is URI-reference = URI / relative-ref (§4.1).
	URIReference = c.Named("URI-reference", c.Alt(URI, RelativeRef))
)
