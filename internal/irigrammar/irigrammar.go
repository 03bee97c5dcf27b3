// Package irigrammar assembles the four top rules of RFC 3987 with a capture
// around each component. The code generator of the iri package (go generate
// ./iri, internal/irisource) compiles them to Go, and iri's tests check the
// generated matchers against them; iri itself does not link them.
package irigrammar

import c "github.com/seed42851778/rfc3986/combinator"

// Capture slots of the top rules: one per component (RFC 3987 §2.2), the
// slots of internal/urigrammar.
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
		c.Opt(c.Seq(c.Capture(SlotUserInfo, c.IUserInfo), c.Lit("@"))),
		c.Capture(SlotHost, c.IHost),
		c.Opt(c.Seq(c.Lit(":"), c.Capture(SlotPort, c.Port)))))
	query    = c.Opt(c.Seq(c.Lit("?"), c.Capture(SlotQuery, c.IQuery)))
	fragment = c.Opt(c.Seq(c.Lit("#"), c.Capture(SlotFragment, c.IFragment)))

	// ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless / ipath-empty
	hierPart = c.Named("ihier-part", c.Alt(
		c.Seq(c.Lit("//"), authority, c.Capture(SlotPath, c.IPathAbempty)),
		c.Capture(SlotPath, c.IPathAbsolute),
		c.Capture(SlotPath, c.IPathRootless),
		c.Capture(SlotPath, c.IPathEmpty)))
	// irelative-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-noscheme / ipath-empty
	relativePart = c.Named("irelative-part", c.Alt(
		c.Seq(c.Lit("//"), authority, c.Capture(SlotPath, c.IPathAbempty)),
		c.Capture(SlotPath, c.IPathAbsolute),
		c.Capture(SlotPath, c.IPathNoScheme),
		c.Capture(SlotPath, c.IPathEmpty)))

	scheme = c.Seq(c.Capture(SlotScheme, c.Scheme), c.Lit(":"))
)

// The four top rules of RFC 3987 §2.2, assembled from the combinator
// package's rules with a capture around each component. They match exactly
// what combinator.IRIReference, combinator.IRI, combinator.AbsoluteIRI and
// combinator.IRelativeRef match.
var (
	// IRI is IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ] (RFC 3987 §2.2).
	IRI = c.Named("IRI", c.Seq(scheme, hierPart, query, fragment))
	// AbsoluteIRI is absolute-IRI = scheme ":" ihier-part [ "?" iquery ] (RFC 3987 §2.2).
	AbsoluteIRI = c.Named("absolute-IRI", c.Seq(scheme, hierPart, query))
	// IRelativeRef is irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ] (RFC 3987 §2.2).
	IRelativeRef = c.Named("irelative-ref", c.Seq(relativePart, query, fragment))
	// IRIReference is IRI-reference = IRI / irelative-ref (RFC 3987 §2.2).
	IRIReference = c.Named("IRI-reference", c.Alt(IRI, IRelativeRef))
)
