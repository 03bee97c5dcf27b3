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
// "^", "{" and a few more raw in some components).
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
// urltestdata.json, urltestdata-javascript-only.json, setters_tests.json
// and toascii.json (copies in testdata/wpt). Hosts go through UTS #46
// ToASCII with the standard's flags (CheckHyphens false, CheckBidi and
// CheckJoiners true, UseSTD3ASCIIRules false, Transitional_Processing
// false, VerifyDnsLength false) using golang.org/x/net/idna, with its
// Unicode 15.0 tables brought up to Unicode 17.0 for the code points whose
// mapping changed. Of IdnaTestV2.json, the inputs that use code points of
// CJK Unified Ideographs Extension J (new in Unicode 17.0, which x/net/idna's
// tables do not know) fail.
package weburl
