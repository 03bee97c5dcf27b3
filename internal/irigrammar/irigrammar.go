// Package irigrammar assembles the four top rules of RFC 3987 with a capture
// around each component. The code generator of the iri package (go generate
// ./iri, internal/irisource) compiles them to Go, and iri's tests check the
// generated matchers against them; iri itself does not link them.
package irigrammar

import (
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/rfc3987"
)

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
		c.Opt(c.Seq(c.Capture(SlotUserInfo, rfc3987.IUserInfo), c.Lit("@"))),
		c.Capture(SlotHost, rfc3987.IHost),
		c.Opt(c.Seq(c.Lit(":"), c.Capture(SlotPort, c.Port)))))
	query    = c.Opt(c.Seq(c.Lit("?"), c.Capture(SlotQuery, rfc3987.IQuery)))
	fragment = c.Opt(c.Seq(c.Lit("#"), c.Capture(SlotFragment, rfc3987.IFragment)))

	// ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless / ipath-empty
	hierPart = c.Named("ihier-part", c.Alt(
		c.Seq(c.Lit("//"), authority, c.Capture(SlotPath, rfc3987.IPathAbempty)),
		c.Capture(SlotPath, rfc3987.IPathAbsolute),
		c.Capture(SlotPath, rfc3987.IPathRootless),
		c.Capture(SlotPath, rfc3987.IPathEmpty)))
	// irelative-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-noscheme / ipath-empty
	relativePart = c.Named("irelative-part", c.Alt(
		c.Seq(c.Lit("//"), authority, c.Capture(SlotPath, rfc3987.IPathAbempty)),
		c.Capture(SlotPath, rfc3987.IPathAbsolute),
		c.Capture(SlotPath, rfc3987.IPathNoScheme),
		c.Capture(SlotPath, rfc3987.IPathEmpty)))

	scheme = c.Seq(c.Capture(SlotScheme, c.Scheme), c.Lit(":"))
)

// The four top rules of RFC 3987 §2.2, assembled from the rules of packages
// combinator and combinator/rfc3987 with a capture around each component.
// They match exactly what rfc3987.IRIReference, rfc3987.IRI,
// rfc3987.AbsoluteIRI and rfc3987.IRelativeRef match.
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
