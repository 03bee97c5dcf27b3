// Package weburl parses, serializes and edits URLs as the WHATWG URL
// Standard defines them: the reading of browsers, of JavaScript's URL class,
// of Node and of the clients that follow them. Section numbers (§) are the
// standard's.
//
//	u, err := weburl.Parse("HTTPS://EXAMPLE.com:443/a/./b/../c?q=1#top")
//	// u.String() == "https://example.com/a/c?q=1#top"
//	ref, err := u.Parse("../d") // new URL("../d", u)
//
// A URL is an immutable value: its serialization (the href) and the offsets
// of its components in it. The getters (Protocol, Username, Password, Host,
// Hostname, Port, Pathname, Search, Hash, Origin) return what the JavaScript
// getters of the same names return, as substrings of the href, without
// allocating. The setters (WithProtocol, WithHost, …) follow the standard's
// API section, with the basic URL parser's state override: where the
// standard leaves the URL unchanged (a port on a file URL, a host on a URL
// with an opaque path, a scheme that would turn a special URL into a
// non-special one, …) they return the URL unchanged. SearchParams and
// WithSearchParams read and write the query as
// application/x-www-form-urlencoded, as URLSearchParams does.
//
// The zero URL is "no URL": its getters return "", and URL{}.Parse(ref) is
// Parse(ref), with no base.
//
// # weburl or uri
//
// The uri package reads RFC 3986 strictly: it refuses what is not a URI
// reference and gives back each component exactly as written. weburl reads
// any string the way a browser would fetch it, repairing what a browser
// repairs: it removes tabs and newlines and leading and trailing spaces and
// controls, reads "\" as "/" in special URLs (http, https, ws, wss, ftp,
// file), lower-cases the scheme and the host, maps an internationalized host
// to its A-label (UTS #46) and reads hosts that end in a number as IPv4
// addresses in any of the forms inet_aton accepts (0x7f.1 is 127.0.0.1),
// drops a default port, resolves "." and ".." segments in every spelling
// ("%2e", ".%2E", …), and percent-encodes what the standard's
// percent-encode sets name. The two readings differ on real inputs:
// "http://example.com\@evil.com/" has the host example.com for a browser
// (the backslash ends the authority) and is not a URI at all for RFC 3986;
// "https:/\evil.example" has the host evil.example for a browser and none
// for RFC 3986.
//
// Use uri for identifiers, protocols and formats that cite RFC 3986, and to
// refuse what is malformed; use weburl for what a browser or a fetch client
// will do with a string, for links scraped from HTML, and to compare with
// what JavaScript says. URL.URI converts an href to a uri.URI byte for byte,
// and names the offset when the href is not one (the standard leaves "|",
// "^", "{" and a few more raw in some components); URL.EncodedURI
// percent-encodes those instead and lists each change. URL.NetURL gives
// net/http a *url.URL whose request carries the href's bytes, URL.DialAddr
// the address a client connects to, and CanParse answers URL.canParse.
//
// # Errors and validation errors
//
// Parse fails with an *Error: the standard's name of the validation error
// that made parsing fail ("missing-scheme-non-relative-URL", "host-missing",
// "port-out-of-range", …), its byte offset in the input as given, and a hint
// for the common mistakes; its message is bounded and never shows a
// password. Where the standard repairs the input and goes on, it names a
// validation error that a browser does not report; ParseValidated returns
// them, in input order and with offsets into the input as given.
//
// # Strings and bytes
//
// The standard works on strings of Unicode scalar values; a Go string may
// hold any bytes. Each byte of the input that is not part of valid UTF-8 is
// read as U+FFFD, as a Go range loop reads it, so that "\xff" in a path
// becomes "%EF%BF%BD". (A browser decoding the same bytes as UTF-8 makes one
// U+FFFD per maximal ill-formed subsequence; the two differ only on
// truncated multi-byte sequences.) Lone surrogates cannot occur in a Go
// string.
//
// The href is ASCII. Parsing is linear in the input, recursion-free, and
// allocates at most one string, the href: none when the input is already
// its own serialization, as most URLs found in the wild are.
//
// # Conformance
//
// The package passes every case of the web-platform-tests files
// urltestdata.json, urltestdata-javascript-only.json, setters_tests.json,
// toascii.json and IdnaTestV2.json (copies in testdata/wpt).
//
// # Internationalized domain names
//
// A special URL's host that is not ASCII goes through UTS #46 ToASCII with
// the flags the URL Standard sets (CheckHyphens, UseSTD3ASCIIRules and
// VerifyDnsLength false; CheckBidi and CheckJoiners true; nontransitional
// processing), using golang.org/x/net/idna. An ASCII host is only
// lower-cased, as the standard says, whatever its "xn--" labels hold.
//
// With Go 1.26, x/net/idna uses its Unicode 15.0 tables and the UTS #46
// algorithm of before Unicode 16 (it selects its Unicode 17.0 tables from
// Go 1.27 on). The package makes up for the difference with data generated
// from x/net's own two tables (idnadelta.go):
//   - the 163 code points whose mapping changed from 15.0 to 17.0 (Georgian
//     capital letters, U+1E9E ẞ now mapped to ß, code points now ignored
//     such as U+180E and U+206B, …) are mapped as Unicode 17.0 maps them;
//   - the 10,352 code points that became valid and are plain (joining type
//     U, not right to left, neither combining mark nor virama: CJK
//     extensions I and J, new symbols and letters) are hidden from x/net/idna
//     behind placeholders of their Bidi class (L, ON or ET, from x/text's
//     Unicode 17.0 tables) while it maps and checks the domain, and put back
//     into the Punycode of their labels, composed where Unicode 17.0's NFC
//     composes them (9 compositions).
//
// It also adds three checks of the current UTS #46 that x/net/idna leaves
// out, all errors: a label "xn--" with nothing after it, a Punycode label
// with a non-ASCII code point (x/net/idna reads "xn--ü-" as Punycode for
// "ü"), and a Punycode label that decodes to a label starting with "xn--".
// It encodes and decodes Punycode itself, in O(n log n): x/net/idna's
// encoder is quadratic in a label's length (measured: see BENCHMARKS.md),
// and its decoder refuses labels longer than 1,024 code
// points (a bound UTS #46 does not set) and those with code points new
// since Unicode 15.0.
//
// WPT's IdnaTestV2.json (Unicode 17.0 data, 2,670 cases) and toascii.json
// (87 cases) pass in full. Beside x/net/idna's own code built with its
// Unicode 17.0 tables and its Unicode 16 algorithm (x/text's 17.0 Bidi and
// normalization tables too), on 50,000 random domains mixing ASCII, new
// and changed code points, joiners, viramas, right-to-left letters and
// "xn--" labels, every difference fell in the cases below or in that
// code's own leniency with "xn--" labels (empty, or with non-ASCII code
// points), which UTS #46 refuses and this package does. What can still
// differ from a Unicode 17.0 implementation, none of it in the WPT files:
//   - the 167 other code points that became valid after Unicode 15.0
//     (combining marks, viramas, right-to-left letters and letters that
//     join, of scripts such as Garay, Kirat Rai, Tulu-Tigalari): a host
//     with one fails to parse;
//   - a domain that holds one of the placeholders (U+A000, U+2605 ★,
//     U+20BF ₿) beside a code point new since 15.0 fails;
//   - of the canonical compositions new since 15.0 (Kirat Rai, Todhri,
//     made here from generated data), a Todhri letter and U+0307 that other
//     marks separate are not composed.
//
// WPT's verifydnslength_tests.json does not apply: the URL Standard parses
// with VerifyDnsLength false (that file tests a function of the ada
// library). The validation error domain-to-ASCII (strict ToASCII, which
// never changes the result) follows the same tables.
package weburl
