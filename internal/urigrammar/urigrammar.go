// Package urigrammar assembles the four top rules of RFC 3986 with a capture
// around each component, and declares (Spec) what the uri package's
// generated matchers and diagnoses are: go generate ./uri runs internal/gen
// -grammar uri, which compiles them to Go. uri's tests check its matchers
// against these rules; uri itself does not link this package.
package urigrammar

import (
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/codegen"
)

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

// Parts are the component rules the top rules are assembled from, and
// the names of what Assemble makes of them: RFC 3986's (URIParts), RFC
// 3987's (internal/irigrammar), or a variant's (a host rule of its own).
type Parts struct {
	UserInfo, Host, Port                                             *c.Rule
	PathAbempty, PathAbsolute, PathRootless, PathNoScheme, PathEmpty *c.Rule
	Query, Fragment                                                  *c.Rule
	// The names of the rules made: "URI", "absolute-URI", "relative-ref",
	// "URI-reference", "hier-part", "relative-part".
	URI, AbsoluteURI, RelativeRef, Reference, HierPart, RelativePart string
}

// Rules are the rules Assemble makes, each with a capture around each
// component (the Slot constants): the four top rules and the pieces they
// share, which a Spec names (PieceNames) and a variant may reuse.
type Rules struct {
	URI, AbsoluteURI, RelativeRef, Reference *c.Rule
	HierPart, RelativePart                   *c.Rule
	// Authority is authority = [ userinfo "@" ] host [ ":" port ] (§3.2),
	// captured whole and by part.
	Authority *c.Rule
	// AuthorityPath is "//" authority path-abempty, the first alternative
	// of both hier-part and relative-part: one rule, which the generator
	// compiles to one function that both call (codegen.Generator).
	AuthorityPath *c.Rule
}

// Assemble makes the top rules of p (§3, §4.1, §4.2, §4.3):
//
//	URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//	hier-part     = "//" authority path-abempty / path-absolute / path-rootless / path-empty
//	absolute-URI  = scheme ":" hier-part [ "?" query ]
//	relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
//	relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
//	URI-reference = URI / relative-ref
func Assemble(p Parts) Rules {
	var r Rules
	r.Authority = c.Capture(SlotAuthority, c.Seq(
		c.Opt(c.Seq(c.Capture(SlotUserInfo, p.UserInfo), c.Lit("@"))),
		c.Capture(SlotHost, p.Host),
		c.Opt(c.Seq(c.Lit(":"), c.Capture(SlotPort, p.Port)))))
	query := c.Opt(c.Seq(c.Lit("?"), c.Capture(SlotQuery, p.Query)))
	fragment := c.Opt(c.Seq(c.Lit("#"), c.Capture(SlotFragment, p.Fragment)))
	r.AuthorityPath = c.Seq(c.Lit("//"), r.Authority, c.Capture(SlotPath, p.PathAbempty))
	r.HierPart = c.Named(p.HierPart, c.Alt(
		r.AuthorityPath,
		c.Capture(SlotPath, p.PathAbsolute),
		c.Capture(SlotPath, p.PathRootless),
		c.Capture(SlotPath, p.PathEmpty)))
	r.RelativePart = c.Named(p.RelativePart, c.Alt(
		r.AuthorityPath,
		c.Capture(SlotPath, p.PathAbsolute),
		c.Capture(SlotPath, p.PathNoScheme),
		c.Capture(SlotPath, p.PathEmpty)))
	scheme := c.Seq(c.Capture(SlotScheme, c.Scheme), c.Lit(":"))
	r.URI = c.Named(p.URI, c.Seq(scheme, r.HierPart, query, fragment))
	r.AbsoluteURI = c.Named(p.AbsoluteURI, c.Seq(scheme, r.HierPart, query))
	r.RelativeRef = c.Named(p.RelativeRef, c.Seq(r.RelativePart, query, fragment))
	r.Reference = c.Named(p.Reference, c.Alt(r.URI, r.RelativeRef))
	return r
}

// URIParts are the rules of RFC 3986 that Grammar is assembled from.
var URIParts = Parts{
	UserInfo: c.UserInfo, Host: c.Host, Port: c.Port,
	PathAbempty: c.PathAbempty, PathAbsolute: c.PathAbsolute, PathRootless: c.PathRootless,
	PathNoScheme: c.PathNoScheme, PathEmpty: c.PathEmpty,
	Query: c.Query, Fragment: c.Fragment,
	URI: "URI", AbsoluteURI: "absolute-URI", RelativeRef: "relative-ref", Reference: "URI-reference",
	HierPart: "hier-part", RelativePart: "relative-part",
}

// Grammar is RFC 3986's top rules and pieces, assembled from URIParts.
var Grammar = Assemble(URIParts)

// The four top rules of RFC 3986, assembled from the combinator package's
// rules with a capture around each component. They match exactly what
// combinator.URIReference, combinator.URI, combinator.AbsoluteURI and
// combinator.RelativeRef match.
var (
	// URI is URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ] (§3).
	URI = Grammar.URI
	// AbsoluteURI is absolute-URI = scheme ":" hier-part [ "?" query ] (§4.3).
	AbsoluteURI = Grammar.AbsoluteURI
	// RelativeRef is relative-ref = relative-part [ "?" query ] [ "#" fragment ] (§4.2).
	RelativeRef = Grammar.RelativeRef
	// URIReference is URI-reference = URI / relative-ref (§4.1).
	URIReference = Grammar.Reference
)

// Spec declares uri/zz_parse_gen.go: the generated matchers of the uri
// package, named as uri calls them, then its diagnoses.
var Spec = &codegen.Spec{
	Generator: codegen.Generator{
		Package: "uri",
		Slots:   NSlots,
		// The functions of the piece hier-part and relative-part share.
		PieceNames: map[*c.Rule]string{Grammar.AuthorityPath: "AuthorityPathAbempty"},
		// Seldom in real references (the corpus of BENCHMARKS.md): their
		// runs are scanned by a call, not written out.
		ColdRules: []*c.Rule{c.UserInfo, c.Port, c.IPLiteral},
		Extern:    IPExtern,
		// The matchers store each capture as the span of a URI
		// (uri/parse.go): the URI is filled as it is matched. A span
		// holds start+1, 0 when absent: the matchers keep the starts so.
		CapsType:     "span",
		CapsMake:     "capSpan",
		CapsOneBased: true,
		CapsStart:    "capStart",
		Header:       "// Code generated by internal/gen -grammar uri from internal/urigrammar. DO NOT EDIT.",
	},
	Matchers: []codegen.Func{
		{Name: "matchURI", Rule: URI},
		{Name: "matchAbsoluteURI", Rule: AbsoluteURI},
		{Name: "matchRelativeRef", Rule: RelativeRef},
		// After the two above: URI / relative-ref compiles to calls of them.
		{Name: "matchURIReference", Rule: URIReference},
		// The host kind of a parsed URI and normalization ask whether a
		// host is an IPv4address as a whole.
		{Name: "matchIPv4Host", Rule: c.IPv4Address},
		// uri's error path asks whether a bracketed host is one.
		{Name: "matchIPLiteral", Rule: c.IPLiteral},
	},
	Explainers: []codegen.Func{
		{Name: "explainURI", Rule: URI},
		{Name: "explainAbsoluteURI", Rule: AbsoluteURI},
		{Name: "explainRelativeRef", Rule: RelativeRef},
		{Name: "explainURIReference", Rule: URIReference},
	},
	// What a diagnosis finds where a matcher stopped, known without
	// running it (codegen.Generator.AddStop): most rejections.
	Stops: []codegen.Func{
		{Name: "stopURI", Rule: URI},
		{Name: "stopAbsoluteURI", Rule: AbsoluteURI},
		{Name: "stopRelativeRef", Rule: RelativeRef},
		{Name: "stopURIReference", Rule: URIReference},
	},
}

// IPExtern maps the rules of internal/ipmatch's matchers (IPSpec) to them:
// the generated matchers of uri and iri call them for IP-literal and
// IPv4address, and a variant's for IPv6address, found by the identity of
// the rule: one copy of those rules' matchers (IPv6address is the largest
// rule of RFC 3986) for every package.
var IPExtern = IPSpec.Extern("github.com/seed42851778/rfc3986/internal/ipmatch")

// IPSpec declares internal/ipmatch/zz_parse_gen.go: the matchers of
// IP-literal, IPv4address and IPv6address (§3.2.2) that uri and iri share
// (IPExtern).
var IPSpec = &codegen.Spec{
	Generator: codegen.Generator{
		Package:   "ipmatch",
		ColdRules: []*c.Rule{c.IPLiteral},
		Header:    "// Code generated by internal/gen -grammar ip from internal/urigrammar. DO NOT EDIT.",
	},
	Matchers: []codegen.Func{
		{Name: "IPLiteral", Rule: c.IPLiteral},
		{Name: "IPv4Address", Rule: c.IPv4Address},
		{Name: "IPv6Address", Rule: c.IPv6Address},
	},
}
