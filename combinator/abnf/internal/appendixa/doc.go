// Package appendixa holds matchers generated from the text of RFC 3986
// Appendix A (combinator/abnf/rfc/rfc3986.abnf) by abnfgen, and the tests that
// hold them to the rules compiled from the same text.
package appendixa

//go:generate go run ../../abnfgen -abnf ../../rfc/rfc3986.abnf -pkg appendixa -o appendixa_gen.go URI-reference=MatchURIReference,CheckURIReference URI=MatchURI absolute-URI=MatchAbsoluteURI relative-ref=MatchRelativeRef authority=MatchAuthority,CheckAuthority IPv6address=MatchIPv6Address,CheckIPv6Address
