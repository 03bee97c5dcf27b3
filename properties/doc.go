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
// An Impl gives an implementation as functions over strings; nil functions
// are skipped. Run checks every applicable law under rapid.Check; each law is
// also a plain function (Law...) for fixed inputs and a rapid check (Check...):
//
//   - Round trip (§5.3): for a valid URI-reference s, recompose(parse(s)) == s,
//     and parse(recompose(parse(s))) == parse(s).
//   - Parse matches split (Appendix B): parse(s) has exactly the components,
//     defined or undefined, of the Appendix B regular expression.
//   - Resolve (§5.2): resolve(base, ref) equals the strict §5.2.2 algorithm,
//     with "/." allowed before a path that starts with "//" when there is no
//     authority; its path has no dot segment (§5.2.4) unless ref is empty or
//     only a query and/or fragment; resolve(base, "") is base without its
//     fragment.
//   - Normalize is idempotent (§6.2.2, §6.2.3, §6.1): normalize(normalize(s))
//     == normalize(s), and the result is still a URI-reference of the same
//     kind (a URI stays a URI, a relative reference stays relative) and parses.
//   - Relativize (§5.2 backwards): resolve(base, relativize(base, t)) is t with
//     its dot segments removed.
//
// For example, with net/url behind an adapter (see Example_netURL):
//
//	func TestMyURI(t *testing.T) {
//		properties.Run(t, properties.Impl{Name: "mine", Parse: myParse, Resolve: myResolve})
//	}
//
// The tests use rapid's default of 100 checks per property so that go test
// ./... stays fast. To run longer:
//
//	go test ./properties -rapid.checks=10000
//
// and to fuzz the two oracles against each other:
//
//	go test ./properties -run '^$' -fuzz FuzzGoparsecVsRegexp
package properties
