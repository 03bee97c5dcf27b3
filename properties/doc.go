// Package properties offers property-based testing tools for RFC 3986 (URI
// Generic Syntax) that do not depend on any URI implementation, this module's
// included, so that they can check one.
//
// # Generators
//
// URIReference, URI, AbsoluteURI, RelativeRef and one generator per Appendix A
// rule below them (Scheme, Authority, UserInfo, Host, RegName, IPv4Address,
// IPv6Address, IPvFuture, IPLiteral, Port, the five path forms, Segment,
// Query, Fragment, PctEncoded) return rapid generators of valid strings. They
// favour the corners: empty versus absent components ("s:", "s:?#", "//@h",
// "//h:", "//"), percent-encodings in both cases, dot segments and their
// encoded forms, colons in later segments, "//" inside paths, every IPv6 form,
// dec-octet boundaries, reg-names that look like IPv4 addresses, upper case,
// and occasionally inputs of a few hundred bytes. Invalid returns near misses:
// a valid string changed by one documented mutation, checked to be invalid.
//
// # Oracles
//
// MatchRule decides membership in any Appendix A rule with regular expressions
// transcribed from the ABNF (the grammar is regular, so this is exact).
// GoparsecMatch decides it again with an independent goparsec transcription;
// the tests and FuzzGoparsecVsRegexp hold the two to agreement. Split, the
// Components type with its §5.3 String method, ResolveRFC (§5.2.2 and §5.2.3)
// and RemoveDotSegmentsRFC (§5.2.4) transcribe the algorithms of §5 literally.
//
// # Laws
//
// An Impl gives an implementation as functions over strings; Run checks every
// law whose functions it has under rapid.Check, and logs the others it skips.
// Each law is also a plain function (Law...) for fixed inputs and a rapid
// check (Check...):
//
//   - Round trip (§5.3): for a valid URI-reference s, recompose(parse(s)) == s,
//     and parse(recompose(parse(s))) == parse(s).
//   - Parse matches split (Appendix B): parse(s) has exactly the components,
//     defined or undefined, of the Appendix B regular expression.
//   - Resolve (§5.2): resolve(base, ref) equals the strict §5.2.2 algorithm
//     (with §5.2.3 merge and §5.2.4 remove_dot_segments), with "/." allowed
//     before a path that starts with "//" when there is no authority; its path
//     has no dot segment (§5.2.4) unless ref is empty or only a query and/or
//     fragment; resolve(base, "") is base without its fragment (§5.2.2,
//     §5.4.1).
//   - Rejects (Appendix A): parse refuses a near miss (Invalid) that is not a
//     URI-reference.
//   - Normalize is idempotent (§6.2.2, §6.2.3, §6.1): normalize(normalize(s))
//     == normalize(s), and the result is still a URI-reference of the same
//     kind (a URI stays a URI, a relative reference stays relative) and parses.
//   - Normalize is an equivalence (§6.2): s and normalize(s), resolved against
//     one deep base, have the same components in the normal form of case,
//     percent-encoding and dot segments, defined or not alike, but for what
//     §6.2.3 lets a scheme change (a port dropped; "" after an authority
//     written "/"). A normalizer that drops an empty "?" or "#", lower-cases
//     a path or decodes "%2F" fails it.
//   - Relativize (§5.2 backwards): resolve(base, relativize(base, t)) is t with
//     its dot segments removed (§5.2.2 on a reference with a scheme).
//
// For example, with net/url behind an adapter (see Example_netURL):
//
//	func TestMyURI(t *testing.T) {
//		properties.Run(t, properties.Impl{Name: "mine", Parse: myParse, Resolve: myResolve})
//	}
//
// # This module's own suite
//
// The tests of this package (ours_test.go, engine_oracle_test.go) run all of
// the above against this module's packages in go test ./...:
//
//   - Run with the uri package behind an Impl (ParseReference with the Has…
//     methods for undefined components, Resolve, Normalize, Relativize): the
//     laws above, plus the §5.4 examples and the resolution corners (the
//     "/." before a "//" path without an authority).
//   - Parsing (§3, §4.1, §4.2, §4.3, Appendix B): every generated
//     URI-reference, URI, absolute-URI and relative-ref parses with
//     uri.ParseReference, Parse, ParseAbsolute and ParseRelative respectively;
//     String is the input (§5.3) and the components are the Appendix B split;
//     each of the four functions accepts a string exactly when MatchRule says
//     it is of its rule.
//   - Rejection (Appendix A): every near miss from Invalid is rejected by the
//     function of its rule with a *uri.ParseError (errors.Is ErrInvalid) for
//     that input and rule, whose Offset lies in [0, len(input)] and is not past
//     the first byte that no rule allows (§2).
//   - Non-strict resolution (§5.2.2): ResolveWith with NonStrict equals the
//     non-strict branch of ResolveRFC, the scheme compared case-insensitively
//     (§3.1) as uri.ResolveOptions documents.
//   - remove_dot_segments (§5.2.4): uri.RemoveDotSegments equals
//     RemoveDotSegmentsRFC.
//   - Comparison (§6.2.1, §6.2.2): a reference is Equal to its reparse and
//     Equivalent to its normal form; NormalizeSyntax is idempotent.
//   - Builder (§5.3, §2.1): builder.From(u).Build() is u, accessor by accessor;
//     a reference built with the plain setters from any text parses back with
//     uri.ParseReference and each component percent-decodes (uri.PercentDecode)
//     to exactly the text set, or Build refuses it for the reason an
//     independent reading of §3.2.2, §3.2.3, §3.3 and §4.2 gives, and
//     BuildRepaired then makes the RFC's repair.
//   - The fast engine against both oracles (Appendix A): for each of the 39
//     rules MatchRule knows (36 for GoparsecMatch), the exported combinator
//     rule's Match agrees with the oracle on generated valid strings, edits of
//     them, near misses, slices of URI-references and short arbitrary
//     strings over an alphabet of delimiters, "%" and foreign bytes.
//   - Shapes: 10,000 generated URI-references hold every host kind (none,
//     reg-name, IPv4, IPv6, IPvFuture) and every path form (abempty, absolute,
//     noscheme, rootless, empty); go test -v ./properties -run TestShapeCounts
//     logs the counts.
//
// # How long
//
// The tests use rapid's default of 100 checks per property (each law, each
// rule of the engine comparison), so that go test ./properties takes about
// 2 s, and about 12 s with -race, on a 2-core machine. To run longer:
//
//	go test ./properties -rapid.checks=10000
//
// which takes about 90 s on the same machine, most of it in the goparsec
// oracle (TestOraclesAgreeOnGenerated). To fuzz the two oracles against each other and
// both against the engine:
//
//	go test ./properties -run '^$' -fuzz FuzzGoparsecVsRegexp
//	go test ./properties -run '^$' -fuzz FuzzOraclesVsEngine
package properties
