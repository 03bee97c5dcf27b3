package hint_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/internal/hint"
	"github.com/seed42851778/rfc3986/iri"
	"github.com/seed42851778/rfc3986/uri"
)

// said is what a *uri.ParseError or an *iri.ParseError says of a mistake.
type said struct {
	Offset     int
	Component  string
	Hint       string
	Suggestion string
}

// mistake is a text that fails rule (RFC 3986's, and the rule of RFC 3987
// that extends it) and what both packages say of it. Offsets are worked
// out from the grammar: the length of the longest prefix of the text that
// some string of the rule starts with.
type mistake struct {
	name, in string
	rule     hint.Rule
	want     said
}

// Words that several rows share.
const (
	notScheme   = ` is not a scheme: a scheme begins with a letter and holds only letters, digits, "+", "-" and "."`
	portDigits  = ": a port is decimal digits only"
	notAllowed  = ` is not allowed as it stands: percent-encode it as `
	onlyLiteral = ` is allowed only around an IP literal in the host: percent-encode it as `
	pctNotHex   = ` is not followed by two hexadecimal digits: a "%" that stands for itself is written "%25"`
	noScheme    = `no scheme: begin with one, such as "https:"`
	colonFirst  = `a ":" in the first segment of a relative path would read as a scheme (RFC 3986 §4.2): begin the path with "./", as in `
	bareIPv6    = `an IPv6 address is written in square brackets, a port after them: `
	noAddress   = ` is neither an IPv6 address nor an IPvFuture ("v", hex digits, "." and more)`
	template    = ` is not allowed as it stands: a URI template (RFC 6570) is expanded before it is parsed; else percent-encode it as `
	backslash   = `a backslash is not a delimiter: use "/"; a backslash that stands for itself is written "%5C"`
	windows     = `a Windows file path is not a URI: did you mean `
	windowsEnd  = `? (RFC 8089; percent-encode any character not allowed as it stands)`
	secondHash  = `a second "#": the fragment began at offset `
	hashInFrag  = ` and cannot hold a "#": percent-encode it as "%23"`
	secondAt    = `a second "@" in the authority: an "@" inside the userinfo is written "%40"`
	hostPort    = `a host and port are written after "//": did you mean `
	zone        = `an IPv6 zone identifier ("%25" and a zone, RFC 6874) is not RFC 3986 syntax: remove it`
	notIRIEithr = ` is not allowed in a URI or an IRI: percent-encode its UTF-8 bytes as `
)

// mistakes are the mistakes that uri and iri word alike: every mistake the
// engine knows but a character outside ASCII that an IRI holds, and the
// option of uri that accepts a zone (whatDiffers).
var mistakes = []mistake{
	// No scheme, or a misspelt one (RFC 3986 §3.1): the whole of
	// "example.com" could begin a scheme; ":" was expected at its end.
	{"missing scheme", "example.com", hint.Absolute,
		said{11, "scheme", `no scheme: did you mean "https://example.com"?`, "https://example.com"}},
	{"missing scheme, path", "www.example.com/path", hint.Absolute,
		said{15, "scheme", `no scheme: did you mean "https://www.example.com/path"?`, "https://www.example.com/path"}},
	{"missing scheme, network path", "//example.com/x", hint.Absolute,
		said{0, "scheme", `no scheme: did you mean "https://example.com/x"?`, "https://example.com/x"}},
	{"missing scheme, password", "//user:secret@h/x", hint.Absolute, // §3.2.1: the hint redacts it, the field keeps it
		said{0, "scheme", `no scheme: did you mean "https://user:xxxxx@h/x"?`, "https://user:secret@h/x"}},
	{"missing scheme, IP literal", "[::1]:80/x", hint.Absolute,
		said{0, "scheme", `no scheme: did you mean "https://[::1]:80/x"?`, "https://[::1]:80/x"}},
	{"missing scheme, internationalized host", "bücher.de/x", hint.Absolute, // a scheme is ASCII: it fails at the "ü"
		said{1, "scheme", `no scheme: did you mean "https://bücher.de/x"?`, "https://bücher.de/x"}},
	{"host and port, no scheme", "127.0.0.1:8080", hint.Absolute,
		said{0, "scheme", hostPort + `"https://127.0.0.1:8080"?`, "https://127.0.0.1:8080"}},
	// A reference: "10.0.0.1" is a segment-nz-nc, which cannot hold the ":" (§4.2).
	{"host and port, reference", "10.0.0.1:80/a?b", hint.Reference,
		said{8, "path", hostPort + `"https://10.0.0.1:80/a?b"?`, "https://10.0.0.1:80/a?b"}},
	{"host and port, relative reference", "127.0.0.1:443", hint.Relative,
		said{9, "path", hostPort + `"//127.0.0.1:443"?`, "//127.0.0.1:443"}},
	{"missing colon", "http//example.com", hint.Absolute,
		said{4, "scheme", `no ":" after the scheme "http": did you mean "http://example.com"?`, "http://example.com"}},
	{"mail address", "me@example.com", hint.Absolute,
		said{2, "scheme", `no scheme: did you mean "mailto:me@example.com"?`, "mailto:me@example.com"}},
	{"relative path", "/over/there", hint.Absolute, said{0, "scheme", noScheme, ""}},
	{"empty", "", hint.Absolute, said{0, "scheme", `an empty string has no scheme: begin with one, such as "https:"`, ""}},
	{"empty scheme", "://x", hint.Absolute, said{0, "scheme", `no scheme before ":": begin with one, such as "https"`, ""}},
	{"words", "not a uri", hint.Absolute, said{3, "scheme", noScheme, ""}}, // no ":": no scheme at all, whatever the space
	{"space in scheme", "ht tp://x", hint.Absolute, said{2, "scheme", `"ht tp"` + notScheme, ""}},
	{"scheme with underscore", "ht_tp://x", hint.Absolute, said{2, "scheme", `"ht_tp"` + notScheme, ""}},
	{"scheme with underscore, reference", "ht_tp://x", hint.Reference, // a first segment "ht_tp", then ":" (§4.2)
		said{5, "path", `"ht_tp"` + notScheme, ""}},
	{"scheme starting with a digit", "1http://x", hint.AbsoluteForm, said{0, "scheme", `"1http"` + notScheme, ""}},
	{"colon in first segment", "1a:b", hint.Reference, said{2, "path", colonFirst + `"./1a:b"`, "./1a:b"}},
	{"scheme in a relative reference", "http://x", hint.Relative,
		said{4, "path", `a relative reference has no scheme, and "http:" reads as one`, ""}},
	// Text that starts with "/", "?" or "#" has no scheme and no first
	// segment to read as a host or a mailbox (§3, §4.2).
	{"mailbox after a slash", "/me@example.com", hint.Absolute, said{0, "scheme", noScheme, ""}},
	{"mailbox after a question mark", "?me@example.com", hint.Absolute, said{0, "scheme", noScheme, ""}},
	{"mailbox after a hash", "#me@example.com", hint.Absolute, said{0, "scheme", noScheme, ""}},
	{"host after a slash", "/example.com", hint.Absolute, said{0, "scheme", noScheme, ""}},
	// A host name (letters, digits, "-" and "." with a "." in it: the LDH
	// rule of RFC 1034 §3.5), the first and last of each range included;
	// one that starts with "@" is no mailbox.
	{"host name, lower case", "www.zz.com", hint.Absolute,
		said{10, "scheme", `no scheme: did you mean "https://www.zz.com"?`, "https://www.zz.com"}},
	{"host name, upper case", "AZ.EXAMPLE", hint.Absolute,
		said{10, "scheme", `no scheme: did you mean "https://AZ.EXAMPLE"?`, "https://AZ.EXAMPLE"}},
	{"host name, digits", "h09.example", hint.Absolute,
		said{11, "scheme", `no scheme: did you mean "https://h09.example"?`, "https://h09.example"}},
	{"host name, digit first", "9.0.example", hint.Absolute,
		said{0, "scheme", `no scheme: did you mean "https://9.0.example"?`, "https://9.0.example"}},
	{"no local part", "@example.com", hint.Absolute, said{0, "scheme", noScheme, ""}},
	{"mailbox, digits", "me@zz.AZ09", hint.Absolute,
		said{2, "scheme", `no scheme: did you mean "mailto:me@zz.AZ09"?`, "mailto:me@zz.AZ09"}},

	// A host and port without "//" (§3.2.3: port = *DIGIT), "0" and "9"
	// included; with a port that is not all digits it is no host and port,
	// and the ":" is in a first segment (§4.2).
	{"host and port 9090", "127.0.0.1:9090", hint.Relative, said{9, "path", hostPort + `"//127.0.0.1:9090"?`, "//127.0.0.1:9090"}},
	{"host and port 0", "127.0.0.1:0", hint.Relative, said{9, "path", hostPort + `"//127.0.0.1:0"?`, "//127.0.0.1:0"}},
	{"host and port 9", "127.0.0.1:9", hint.Relative, said{9, "path", hostPort + `"//127.0.0.1:9"?`, "//127.0.0.1:9"}},
	{"host and letter port", "127.0.0.1:8o", hint.Relative, said{9, "path", colonFirst + `"./127.0.0.1:8o"`, "./127.0.0.1:8o"}},
	{"host and port and letter", "127.0.0.1:80o", hint.Relative, said{9, "path", colonFirst + `"./127.0.0.1:80o"`, "./127.0.0.1:80o"}},
	{"host and colon", "127.0.0.1:", hint.Relative, said{9, "path", colonFirst + `"./127.0.0.1:"`, "./127.0.0.1:"}},
	{"host and colon, URI", "127.0.0.1:", hint.Absolute, said{0, "scheme", `"127.0.0.1"` + notScheme, ""}},

	// The port: "example.com:80a" could still be a userinfo, so the offset
	// is the "/" after it, but the hint names the port.
	{"letter in port", "https://example.com:80a/", hint.Absolute,
		said{23, "port", `the port "80a" holds 'a' at offset 22` + portDigits, ""}},
	{"letter in port after userinfo", "http://u@h:8a/", hint.Absolute,
		said{12, "port", `the port "8a" holds 'a' at offset 12` + portDigits, ""}},
	{"placeholder port", "http://h:port/", hint.Absolute,
		said{13, "port", `the port "port" holds 'p' at offset 9` + portDigits, ""}},
	{"port too long", "http://h:99999999999999999999x/", hint.Absolute,
		said{30, "port", `the port "99999999999999999999x" holds 'x' at offset 29` + portDigits +
			", and 20 digits are too many for a port number (at most 65535)", ""}},
	// At most 65535, five digits: "too many" only past them.
	{"port 65535", "http://h:65535x/", hint.Absolute, said{15, "port", `the port "65535x" holds 'x' at offset 14` + portDigits, ""}},
	{"port 65535, zeros first", "http://h:00065535x/", hint.Absolute,
		said{18, "port", `the port "00065535x" holds 'x' at offset 17` + portDigits, ""}},
	{"port of six digits", "http://h:123456x/", hint.Absolute,
		said{16, "port", `the port "123456x" holds 'x' at offset 15` + portDigits + ", and 6 digits are too many for a port number (at most 65535)", ""}},
	{"port after IP literal", "http://[::1]:8o/", hint.Absolute, // no userinfo holds "["
		said{14, "port", `the port "8o" holds 'o' at offset 14` + portDigits, ""}},
	{"empty host, letter in port", "http://:8x/", hint.Absolute, said{10, "port", `the port "8x" holds 'x' at offset 9` + portDigits, ""}},
	{"percent in port", "http://h:%/", hint.Absolute, said{10, "port", `"%" at offset 9` + pctNotHex, ""}},
	// An IPv6 address outside brackets (§3.2.2), an IPv4 tail included;
	// one with a byte no IPv6 address holds is no address, and its first
	// ":" starts a port. Up to the "/", the text could be a userinfo.
	{"IPv6 without brackets", "http://::1/", hint.Absolute, said{10, "port", bareIPv6 + `"[::1]"`, ""}},
	{"IPv6 without brackets with port", "http://fe80::1:80/", hint.Absolute, said{17, "port", bareIPv6 + `"[fe80::1:80]"`, ""}},
	{"IPv6 of four groups", "http://1:2:3:4/", hint.Absolute, said{14, "port", bareIPv6 + `"[1:2:3:4]"`, ""}},
	{"IPv6 with IPv4 tail", "http://::1.2.3.4/", hint.Absolute, said{16, "port", bareIPv6 + `"[::1.2.3.4]"`, ""}},
	{"no IPv6: g", "http://g::1/", hint.Absolute, said{11, "port", `the port ":1" holds ':' at offset 9` + portDigits, ""}},
	{"no IPv6: last group g", "http://1:2:3:g/", hint.Absolute, said{14, "port", `the port "2:3:g" holds ':' at offset 10` + portDigits, ""}},

	// Characters neither syntax holds as they stand.
	{"space", "http://a b/", hint.Reference, said{8, "host", `a space` + notAllowed + `"%20"`, ""}},
	{"space in path", "http://h/a b", hint.Absolute, said{10, "path", `a space` + notAllowed + `"%20"`, ""}},
	{"space in password", "http://user:s3c ret@h/", hint.Absolute, said{15, "userinfo", `a space` + notAllowed + `"%20"`, ""}},
	{"tab", "a\tb", hint.Reference, said{1, "path", `a tab` + notAllowed + `"%09"`, ""}},
	{"carriage return", "a\rb", hint.Reference, said{1, "path", `a carriage return` + notAllowed + `"%0D"`, ""}},
	{"line feed", "a\nb", hint.Reference, said{1, "path", `a line feed` + notAllowed + `"%0A"`, ""}},
	{"trailing newline", "http://x\n", hint.Absolute, said{8, "host", `trailing white space (a line feed): trim it`, ""}},
	{"trailing space", "http://h/x ", hint.Absolute, said{10, "path", `trailing white space (a space): trim it`, ""}},
	{"trailing tab", "http://h/x\t", hint.Absolute, said{10, "path", `trailing white space (a tab): trim it`, ""}},
	{"trailing carriage return", "http://h/x\r", hint.Absolute, said{10, "path", `trailing white space (a carriage return): trim it`, ""}},
	{"leading space", " http://x", hint.Absolute, said{0, "scheme", `leading white space (a space): trim it`, ""}},
	{"control", "http://h/a\x01", hint.Absolute, said{10, "path", `control character 0x01` + notAllowed + `"%01"`, ""}},
	{"delete", "s:\x7f", hint.Absolute, said{2, "path", `control character 0x7F` + notAllowed + `"%7F"`, ""}},
	// Outside ASCII: U+0085 is a control character, no ucschar (RFC 3987
	// §2.2); U+1FFFE a noncharacter; U+E000 an iprivate, which an IRI
	// holds in its query only. The UTF-8 bytes are worked by hand (RFC
	// 3629 §3).
	{"C1 control", "s:a\u0085", hint.Absolute, said{3, "path", `non-ASCII character '\u0085'` + notIRIEithr + `"%C2%85"`, ""}},
	{"noncharacter", "s:/\U0001FFFE", hint.Absolute, said{3, "path", `non-ASCII character '\U0001fffe'` + notIRIEithr + `"%F0%9F%BF%BE"`, ""}},
	{"private use in path", "s:\ue000", hint.Absolute, said{2, "path",
		`non-ASCII character '\ue000' is not allowed in a URI, nor outside the query of an IRI: percent-encode its UTF-8 bytes as "%EE%80%80"`, ""}},
	{"private use, plane 15, in path", "s:/\U000F0000", hint.Absolute, said{3, "path",
		`non-ASCII character '\U000f0000' is not allowed in a URI, nor outside the query of an IRI: percent-encode its UTF-8 bytes as "%F3%B0%80%80"`, ""}},
	{"noncharacter U+FFFFE in query", "s:?\U000FFFFE", hint.Absolute, said{3, "query",
		`non-ASCII character '\U000ffffe'` + notIRIEithr + `"%F3%BF%BF%BE"`, ""}},
	{"not UTF-8", "http://h/\xff", hint.Absolute, said{9, "path", `byte 0xFF is not UTF-8 text: percent-encode it as "%FF"`, ""}},
	{"backslash", `http:\\h\p`, hint.Absolute, said{5, "path", backslash, ""}},
	{"backslash in path", `http://h/a\b`, hint.Absolute, said{10, "path", backslash, ""}},
	{"template", "http://h/{id}", hint.Absolute, said{9, "path", `"{"` + template + `"%7B"`, ""}},
	{"template close", "http://h/a}", hint.Absolute, said{10, "path", `"}"` + template + `"%7D"`, ""}},
	{"pipe", "http://h/a|b", hint.Absolute, said{10, "path", `"|"` + notAllowed + `"%7C"`, ""}},
	{"caret", "http://h/a^b", hint.Absolute, said{10, "path", `"^"` + notAllowed + `"%5E"`, ""}},
	{"backquote", "http://h/a`b", hint.Absolute, said{10, "path", "\"`\"" + notAllowed + `"%60"`, ""}},
	{"quotation mark", `http://h/a"b`, hint.Absolute, said{10, "path", `"\""` + notAllowed + `"%22"`, ""}},
	{"less than", "http://h/a<b", hint.Absolute, said{10, "path", `"<"` + notAllowed + `"%3C"`, ""}},
	{"greater than", "http://h/a>b", hint.Absolute, said{10, "path", `">"` + notAllowed + `"%3E"`, ""}},
	{"second hash", "http://h/#a#b", hint.Absolute, said{11, "fragment", secondHash + `9` + hashInFrag, ""}},
	{"second hash first", "##", hint.Reference, said{1, "fragment", secondHash + `0` + hashInFrag, ""}},
	{"second hash after one", "#a#", hint.Reference, said{2, "fragment", secondHash + `0` + hashInFrag, ""}},
	{"fragment in absolute form", "http://h/#f", hint.AbsoluteForm,
		said{9, "path", `an absolute URI or IRI has no fragment (RFC 3986 §4.3): remove the "#" and what follows`, ""}},
	{"bracket in path", "http://h/a[1]", hint.Absolute, said{10, "path", `"["` + onlyLiteral + `"%5B"`, ""}},
	{"bracket in query", "http://h/?a]", hint.Absolute, said{11, "query", `"]"` + onlyLiteral + `"%5D"`, ""}},
	{"quoted", `"http://x"`, hint.Absolute, said{0, "scheme", `the text is in quotation marks: remove them`, ""}},
	{"quoted, nothing inside", `""`, hint.Reference, said{0, "path", `the text is in quotation marks: remove them`, ""}},
	{"angle brackets", "<http://x>", hint.Absolute,
		said{0, "scheme", `the text is in angle brackets (as RFC 3986 Appendix C delimits a URI in text): remove them`, ""}},
	{"second at", "http://user:p@ss@host/", hint.Absolute, said{16, "host", secondAt, ""}},
	{"second at, first", "//@@h", hint.Reference, said{3, "host", secondAt, ""}},

	// "%" and two hex digits (§2.1): the offset is where a hex digit was
	// expected; the ends of the HEXDIG ranges (RFC 5234 B.1), either case.
	{"lone percent at end", "http://h/100%", hint.Absolute, said{13, "path", `"%" at offset 12` + pctNotHex, ""}},
	{"percent and letters", "http://h/a%zz", hint.Absolute, said{11, "path", `"%" at offset 10` + pctNotHex, ""}},
	{"percent and one hex digit", "s:?%4g", hint.Absolute, said{5, "query", `"%" at offset 3` + pctNotHex, ""}},
	{"percent alone", "%", hint.Reference, said{1, "path", `"%" at offset 0` + pctNotHex, ""}},
	{"percent 4", "%4", hint.Reference, said{2, "path", `"%" at offset 0` + pctNotHex, ""}},
	{"percent g1", "%g1", hint.Reference, said{1, "path", `"%" at offset 0` + pctNotHex, ""}},
	{"percent 4g", "%4g", hint.Reference, said{2, "path", `"%" at offset 0` + pctNotHex, ""}},
	{"percent 9", "%9", hint.Reference, said{2, "path", `"%" at offset 0` + pctNotHex, ""}},
	{"percent 0", "%0", hint.Reference, said{2, "path", `"%" at offset 0` + pctNotHex, ""}},
	{"percent a", "%a", hint.Reference, said{2, "path", `"%" at offset 0` + pctNotHex, ""}},
	{"percent f", "%f", hint.Reference, said{2, "path", `"%" at offset 0` + pctNotHex, ""}},
	{"percent A", "%A", hint.Reference, said{2, "path", `"%" at offset 0` + pctNotHex, ""}},
	{"percent F", "%F", hint.Reference, said{2, "path", `"%" at offset 0` + pctNotHex, ""}},
	{"percent after a triplet", "%41%", hint.Reference, said{4, "path", `"%" at offset 3` + pctNotHex, ""}},

	// A Windows path is no URI; its "file" URI (RFC 8089 §E.2) writes "/".
	{"Windows path", `C:\Users\me\a.txt`, hint.Absolute, said{2, "path", windows + `"file:///C:/Users/me/a.txt"` + windowsEnd, "file:///C:/Users/me/a.txt"}},
	{"Windows share", `\\server\share`, hint.Reference, said{0, "path", windows + `"file://server/share"` + windowsEnd, "file://server/share"}},

	// The host.
	{"bracket inside a host", "http://99.2[.206.100/", hint.Absolute, said{11, "host", `"["` + onlyLiteral + `"%5B"`, ""}},
	{"close bracket first in host", "s://]", hint.Absolute, said{4, "host", `"]"` + onlyLiteral + `"%5D"`, ""}},
	{"close bracket first in host, reference", "//]", hint.Relative, said{2, "host", `"]"` + onlyLiteral + `"%5D"`, ""}},
	{"close bracket after userinfo", "//u@]/", hint.Relative, said{4, "host", `"]"` + onlyLiteral + `"%5D"`, ""}},
	{"close bracket after host", "//h]", hint.Relative, said{3, "host", `"]"` + onlyLiteral + `"%5D"`, ""}},
	{"unclosed bracket after userinfo", "//@[::1u@a/", hint.Relative,
		said{7, "host", `unclosed "[" at offset 3: an IP literal ends with "]"`, ""}},
	{"empty IP literal", "http://[]/", hint.Absolute, said{8, "host", `the IP literal "[]"` + noAddress, ""}},
	{"IPv4 in brackets", "http://[1.2.3.4]/", hint.Absolute,
		said{9, "host", `an IPv4 address is written without square brackets: "1.2.3.4"`, ""}},
	{"unclosed bracket", "http://[::1/x", hint.Absolute, said{11, "host", `unclosed "[" at offset 7: an IP literal ends with "]"`, ""}},
	{"unclosed bracket at end", "//[::1", hint.Relative, said{6, "host", `unclosed "[" at offset 2: an IP literal ends with "]"`, ""}},
	{"not an address", "http://[::g]/", hint.Absolute, said{10, "host", `the IP literal "[::g]"` + noAddress, ""}},
	{"after IP literal", "http://[::1]x/", hint.Absolute, said{12, "host", `after the "]" of an IP literal come only ":" and a port`, ""}},
	// After "//" a ":" is the authority's, not a first segment's (§4.2):
	// after an IP literal, port = *DIGIT (§3.2.3) stops at a second ":"
	// (without the brackets "h::" could still be a userinfo).
	{"second colon after IP literal", "//[::1]::", hint.Reference, said{8, "port", `the port ":" holds ':' at offset 8` + portDigits, ""}},
	{"colon after a port digit", "//[::1]:1:", hint.Relative, said{9, "port", `the port "1:" holds ':' at offset 9` + portDigits, ""}},
	{"colon after a port, userinfo", "//u@[::1]:80:", hint.Reference, said{12, "port", `the port "80:" holds ':' at offset 12` + portDigits, ""}},
	{"lone quotation mark", `"`, hint.Reference, said{0, "path", `"\""` + notAllowed + `"%22"`, ""}}, // no text in quotation marks

	// A hint quotes at most 60 bytes of what it suggests and a "…" past 64
	// bytes, never cutting a UTF-8 sequence (RFC 3629 §3); "https://" and
	// the input make the 64.
	{"quote of 64 bytes", "www.example.com/" + a40, hint.Absolute,
		said{15, "scheme", `no scheme: did you mean "https://www.example.com/` + a40 + `"?`, "https://www.example.com/" + a40}},
	{"quote of 65 bytes", "www.example.com/" + a40 + "a", hint.Absolute,
		said{15, "scheme", `no scheme: did you mean "https://www.example.com/` + a40[:36] + `"…?`, "https://www.example.com/" + a40 + "a"}},
	// Byte 60 of "https://" and the input is inside "é" (C3 A9): the quote
	// stops before the C3.
	{"quote cut before a rune", "www.example.com/" + a40[:35] + "éxyzxyzxyzx", hint.Absolute,
		said{15, "scheme", `no scheme: did you mean "https://www.example.com/` + a40[:35] + `"…?`, "https://www.example.com/" + a40[:35] + "éxyzxyzxyzx"}},
	// 64 bytes of input, cut by the quote, not before it.
	{"input of 64 bytes", "www.example.com/" + a40 + "aaaaaaaa", hint.Absolute,
		said{15, "scheme", `no scheme: did you mean "https://www.example.com/` + a40[:36] + `"…?`, "https://www.example.com/" + a40 + "aaaaaaaa"}},
	// The cut falls right after a 60-byte scheme, between two parts.
	{"missing colon, long scheme", a40 + a40[:20] + "//example.com/x", hint.Absolute,
		said{60, "scheme", `no ":" after the scheme "` + a40 + a40[:20] + `": did you mean "` + a40 + a40[:20] + `"…?`, a40 + a40[:20] + "://example.com/x"}},
	// A backslash becomes "/" wherever it stands, a part's first byte too.
	{"Windows share, three backslashes", `\\\share`, hint.Absolute, said{0, "scheme", windows + `"file:///share"` + windowsEnd, "file:///share"}},
}

// a40 is 40 bytes of input.
var a40 = strings.Repeat("a", 40)

// parsers are the Parse functions of uri and iri for each rule: Parse,
// ParseAbsolute, ParseRelative and ParseReference.
var parsers = [...]struct {
	uri func(string) (uri.URI, error)
	iri func(string) (iri.IRI, error)
}{
	hint.Absolute:     {uri.Parse, iri.Parse},
	hint.AbsoluteForm: {uri.ParseAbsolute, iri.ParseAbsolute},
	hint.Relative:     {uri.ParseRelative, iri.ParseRelative},
	hint.Reference:    {uri.ParseReference, iri.ParseReference},
}

// uriSaid is what uri says of in as rule, and its message; ok is false
// when uri accepts in.
func uriSaid(t *testing.T, rule hint.Rule, in string) (_ said, msg string, ok bool) {
	t.Helper()
	_, err := parsers[rule].uri(in)
	return saidBy(t, in, err)
}

// iriSaid is uriSaid for iri.
func iriSaid(t *testing.T, rule hint.Rule, in string) (_ said, msg string, ok bool) {
	t.Helper()
	_, err := parsers[rule].iri(in)
	return saidBy(t, in, err)
}

// saidBy is what err, the error of uri or iri for in, says, and its
// message; ok is false when err is nil.
func saidBy(t *testing.T, in string, err error) (_ said, msg string, ok bool) {
	t.Helper()
	var up *uri.ParseError
	var ip *iri.ParseError
	switch {
	case err == nil:
		return said{}, "", false
	case errors.As(err, &up):
		return said{up.Offset, up.Component, up.Hint, up.Suggestion}, up.Error(), true
	case errors.As(err, &ip):
		return said{ip.Offset, ip.Component, ip.Hint, ip.Suggestion}, ip.Error(), true
	}
	t.Fatalf("%q: %T, want a *uri.ParseError or an *iri.ParseError", in, err)
	return said{}, "", false
}

// TestSameMistakeSameWords runs each mistake through uri and iri: both
// refuse it at the same offset, in the same component, with the same hint
// and suggestion, and each message ends with the hint (but where it is
// about a password, which a message does not show: RFC 3986 §3.2.1).
func TestSameMistakeSameWords(t *testing.T) {
	for _, m := range mistakes {
		t.Run(m.name, func(t *testing.T) {
			u, umsg, uok := uriSaid(t, m.rule, m.in)
			i, imsg, iok := iriSaid(t, m.rule, m.in)
			if !uok || !iok {
				t.Fatalf("%q: uri refuses it: %v, iri refuses it: %v; want both", m.in, uok, iok)
			}
			if d := cmp.Diff(m.want, u); d != "" {
				t.Errorf("uri %q (-want +got):\n%s", m.in, d)
			}
			if d := cmp.Diff(m.want, i); d != "" {
				t.Errorf("iri %q (-want +got):\n%s", m.in, d)
			}
			if errtext.InPassword(m.in, m.want.Offset) {
				return
			}
			for _, msg := range []string{umsg, imsg} {
				if !strings.HasSuffix(msg, "; "+m.want.Hint) {
					t.Errorf("%q: message %q does not end with the hint", m.in, msg)
				}
			}
		})
	}
}

// twoWords is a mistake that uri and iri word differently, or that only
// one of them makes: ok is false where a package accepts the text.
type twoWords struct {
	name, in   string
	rule       hint.Rule
	uri, iri   said
	uok, iok   bool
	difference string // why
}

// whatDiffers are the mistakes whose words depend on the syntax: a
// character that an IRI holds (ucschar, RFC 3987 §2.2; iprivate in a
// query), which uri tells to percent-encode and iri accepts, and the option
// of uri that accepts an IPv6 zone (RFC 6874).
var whatDiffers = []twoWords{
	{"non-ASCII", "http://h/café", hint.Absolute,
		said{12, "path", `non-ASCII character 'é' is not allowed in a URI: percent-encode its UTF-8 bytes as "%C3%A9"; an IRI parser (RFC 3987) accepts it as it is`, ""},
		said{}, true, false, "é is a ucschar"},
	{"non-ASCII host", "http://bücher.de/", hint.Absolute,
		said{8, "host", `non-ASCII character 'ü' is not allowed in a URI: percent-encode its UTF-8 bytes as "%C3%BC"; an IRI parser (RFC 3987) accepts it as it is; an internationalized host name is written in DNS with IDNA A-labels ("xn--…", RFC 5891)`, ""},
		said{}, true, false, "ü is a ucschar, which ireg-name holds"},
	{"private use in query", "s:?\ue000", hint.Absolute,
		said{3, "query", `non-ASCII character '\ue000' is not allowed in a URI: percent-encode its UTF-8 bytes as "%EE%80%80"; an IRI parser (RFC 3987) accepts it as it is`, ""},
		said{}, true, false, "iquery holds iprivate"},
	{"bidi override", "s:\u202e", hint.Absolute,
		said{2, "path", `non-ASCII character '\u202e'` + notIRIEithr + `"%E2%80%AE"`, ""},
		said{}, true, false, "RFC 3987 §4.1: an IRI must not hold it, but ucschar does, and so does iri's grammar"},
	{"zone identifier", "http://[fe80::1%25eth0]/", hint.Absolute,
		said{15, "host", zone + `, or parse with ParseReferenceWith and ParseOptions{IPv6Zone: true}, which accepts RFC 6874`, ""},
		said{15, "host", zone, ""}, true, true, "uri has an option that accepts RFC 6874"},
	{"zone identifier not encoded", "http://[fe80::1%eth0]/", hint.Absolute,
		said{15, "host", zone + `, or parse with ParseReferenceWith and ParseOptions{IPv6Zone: true}, which accepts RFC 6874`, ""},
		said{15, "host", zone, ""}, true, true, "uri has an option that accepts RFC 6874"},
	{"non-ASCII before a colon", "hé:x", hint.Reference,
		said{1, "path", `non-ASCII character 'é' is not allowed in a URI: percent-encode its UTF-8 bytes as "%C3%A9"; an IRI parser (RFC 3987) accepts it as it is`, ""},
		said{3, "path", colonFirst + `"./hé:x"`, "./hé:x"}, true, true, "iri's first segment holds é, and fails at the \":\" (§4.2)"},
	{"non-ASCII in a userinfo before a second at", "http://é@h@x/", hint.Absolute,
		said{7, "userinfo", `non-ASCII character 'é' is not allowed in a URI: percent-encode its UTF-8 bytes as "%C3%A9"; an IRI parser (RFC 3987) accepts it as it is`, ""},
		said{11, "host", secondAt, ""}, true, true, "iuserinfo holds é"},
}

// TestWhatDiffersBetweenSyntaxes checks the mistakes whose words depend on
// the syntax: uri names the character an IRI holds and says that an IRI
// does, iri accepts it; uri names its own option for a zone.
func TestWhatDiffersBetweenSyntaxes(t *testing.T) {
	for _, m := range whatDiffers {
		t.Run(m.name, func(t *testing.T) {
			u, _, uok := uriSaid(t, m.rule, m.in)
			i, _, iok := iriSaid(t, m.rule, m.in)
			if uok != m.uok || iok != m.iok {
				t.Fatalf("%q: uri refuses it: %v, iri refuses it: %v; want %v, %v (%s)", m.in, uok, iok, m.uok, m.iok, m.difference)
			}
			if d := cmp.Diff(m.uri, u); d != "" {
				t.Errorf("uri %q (-want +got):\n%s", m.in, d)
			}
			if d := cmp.Diff(m.iri, i); d != "" {
				t.Errorf("iri %q (-want +got):\n%s", m.in, d)
			}
		})
	}
}
