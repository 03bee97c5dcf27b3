package uri

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// hinted is what a hint test compares of a *ParseError.
type hinted struct {
	Rule      string
	Offset    int
	Component string
	Hint      string
}

var parsers = map[string]func(string) (URI, error){
	"URI":           Parse,
	"URI-reference": ParseReference,
	"relative-ref":  ParseRelative,
	"absolute-URI":  ParseAbsolute,
}

// TestParseErrorHint checks the hint of each mistake it names, with the
// exact offset (the length of the longest prefix of the input that some
// string of the rule starts with) worked out from the grammar of RFC 3986.
func TestParseErrorHint(t *testing.T) {
	const (
		notScheme = ` is not a scheme: a scheme begins with a letter and holds only letters, digits, "+", "-" and "."`
		digits    = ": a port is decimal digits only"
	)
	for _, tc := range []struct {
		name, in string
		want     hinted
	}{
		// No scheme: the whole of "example.com" could begin a scheme; ":" was expected at its end.
		{"missing scheme", "example.com",
			hinted{"URI", 11, "scheme", `no scheme: did you mean "https://example.com"?`}},
		{"missing scheme, path", "www.example.com/path",
			hinted{"URI", 15, "scheme", `no scheme: did you mean "https://www.example.com/path"?`}},
		{"missing scheme, network path", "//example.com/x",
			hinted{"URI", 0, "scheme", `no scheme: did you mean "https://example.com/x"?`}},
		{"missing scheme, IP literal", "[::1]:80/x",
			hinted{"URI", 0, "scheme", `no scheme: did you mean "https://[::1]:80/x"?`}},
		{"host and port, no scheme", "127.0.0.1:8080",
			hinted{"URI", 0, "scheme", `a host and port are written after "//": did you mean "https://127.0.0.1:8080"?`}},
		// A reference: "10.0.0.1" is a segment-nz-nc, which cannot hold the ":" (§4.2).
		{"host and port, reference", "10.0.0.1:80/a?b",
			hinted{"URI-reference", 8, "path", `a host and port are written after "//": did you mean "https://10.0.0.1:80/a?b"?`}},
		{"host and port, relative reference", "127.0.0.1:443",
			hinted{"relative-ref", 9, "path", `a host and port are written after "//": did you mean "//127.0.0.1:443"?`}},
		{"missing colon", "http//example.com",
			hinted{"URI", 4, "scheme", `no ":" after the scheme "http": did you mean "http://example.com"?`}},
		{"mail address", "me@example.com",
			hinted{"URI", 2, "scheme", `no scheme: did you mean "mailto:me@example.com"?`}},
		{"relative path", "/over/there",
			hinted{"URI", 0, "scheme", `no scheme: a URI begins with a scheme, such as "https:"`}},
		{"empty", "",
			hinted{"URI", 0, "scheme", `an empty string is not a URI: a URI begins with a scheme, such as "https:"`}},
		{"empty scheme", "://x",
			hinted{"URI", 0, "scheme", `no scheme before ":": a URI begins with a scheme, such as "https"`}},
		{"words", "not a uri", // no ":": no scheme at all, whatever the space
			hinted{"URI", 3, "scheme", `no scheme: a URI begins with a scheme, such as "https:"`}},
		{"space in scheme", "ht tp://x",
			hinted{"URI", 2, "scheme", `"ht tp"` + notScheme}},
		{"scheme with underscore", "ht_tp://x",
			hinted{"URI", 2, "scheme", `"ht_tp"` + notScheme}},
		{"scheme with underscore, reference", "ht_tp://x", // a first segment "ht_tp", then ":" (§4.2)
			hinted{"URI-reference", 5, "path", `"ht_tp"` + notScheme}},
		{"scheme starting with a digit", "1http://x",
			hinted{"absolute-URI", 0, "scheme", `"1http"` + notScheme}},
		{"colon in first segment", "1a:b",
			hinted{"URI-reference", 2, "path", `a ":" in the first segment of a relative path would read as a scheme (§4.2): begin the path with "./", as in "./1a:b"`}},
		{"scheme in a relative reference", "http://x",
			hinted{"relative-ref", 4, "path", `a relative reference has no scheme, and "http:" reads as one`}},

		// The port: "example.com:80a" could still be a userinfo, so the
		// offset is the "/" after it, but the hint names the port.
		{"letter in port", "https://example.com:80a/",
			hinted{"URI", 23, "port", `the port "80a" holds 'a' at offset 22` + digits}},
		{"letter in port after userinfo", "http://u@h:8a/",
			hinted{"URI", 12, "port", `the port "8a" holds 'a' at offset 12` + digits}},
		{"placeholder port", "http://h:port/",
			hinted{"URI", 13, "port", `the port "port" holds 'p' at offset 9` + digits}},
		{"port too long", "http://h:99999999999999999999x/",
			hinted{"URI", 30, "port", `the port "99999999999999999999x" holds 'x' at offset 29` + digits +
				", and 20 digits are too many for a port number (at most 65535)"}},
		{"port after IP literal", "http://[::1]:8o/",
			hinted{"URI", 14, "port", `the port "8o" holds 'o' at offset 14` + digits}}, // no userinfo holds "["
		{"IPv6 without brackets", "http://::1/",
			hinted{"URI", 10, "port", `an IPv6 address in a URI is written in square brackets, a port after them: "[::1]"`}},
		{"IPv6 without brackets with port", "http://fe80::1:80/",
			hinted{"URI", 17, "port", `an IPv6 address in a URI is written in square brackets, a port after them: "[fe80::1:80]"`}},

		// Characters no URI holds as they stand.
		{"space", "http://a b/",
			hinted{"URI-reference", 8, "host", `a space is not allowed in a URI: percent-encode it as "%20"`}},
		{"space in path", "http://h/a b",
			hinted{"URI", 10, "path", `a space is not allowed in a URI: percent-encode it as "%20"`}},
		{"tab", "a\tb",
			hinted{"URI-reference", 1, "path", `a tab is not allowed in a URI: percent-encode it as "%09"`}},
		{"trailing newline", "http://x\n",
			hinted{"URI", 8, "host", `trailing white space (a line feed): trim it`}},
		{"leading space", " http://x",
			hinted{"URI", 0, "scheme", `leading white space (a space): trim it`}},
		{"control", "http://h/a\x01",
			hinted{"URI", 10, "path", `control character 0x01 is not allowed in a URI: percent-encode it as "%01"`}},
		{"delete", "s:\x7f",
			hinted{"URI", 2, "path", `control character 0x7F is not allowed in a URI: percent-encode it as "%7F"`}},
		{"non-ASCII", "http://h/café",
			hinted{"URI", 12, "path", `non-ASCII character 'é' is not allowed in a URI: percent-encode its UTF-8 bytes as "%C3%A9"; an IRI parser (RFC 3987) accepts it as it is`}},
		{"non-ASCII host", "http://bücher.de/",
			hinted{"URI", 8, "host", `non-ASCII character 'ü' is not allowed in a URI: percent-encode its UTF-8 bytes as "%C3%BC"; an IRI parser (RFC 3987) accepts it as it is; an internationalized host name is written in DNS with IDNA A-labels ("xn--…", RFC 5891)`}},
		{"C1 control", "s:a\u0085",
			hinted{"URI", 3, "path", `non-ASCII character '\u0085' is not allowed in a URI: percent-encode its UTF-8 bytes as "%C2%85" (an IRI, RFC 3987, does not hold it either)`}},
		{"bidi override", "s:\u202e", // RFC 3987 §4.1: IRIs MUST NOT contain it
			hinted{"URI", 2, "path", `non-ASCII character '\u202e' is not allowed in a URI: percent-encode its UTF-8 bytes as "%E2%80%AE" (an IRI, RFC 3987, does not hold it either)`}},
		{"private use in query", "s:?\ue000", // iprivate: in an IRI's query only
			hinted{"URI", 3, "query", `non-ASCII character '\ue000' is not allowed in a URI: percent-encode its UTF-8 bytes as "%EE%80%80"; an IRI parser (RFC 3987) accepts it as it is`}},
		{"private use in path", "s:\ue000",
			hinted{"URI", 2, "path", `non-ASCII character '\ue000' is not allowed in a URI: percent-encode its UTF-8 bytes as "%EE%80%80" (an IRI, RFC 3987, does not hold it either)`}},
		{"not UTF-8", "http://h/\xff",
			hinted{"URI", 9, "path", `byte 0xFF is not allowed in a URI (nor is it UTF-8): percent-encode it as "%FF"`}},
		{"backslash", `http:\\h\p`,
			hinted{"URI", 5, "path", `a backslash is not a URI delimiter: URIs separate with "/"; a backslash that stands for itself is written "%5C"`}},
		{"backslash in path", `http://h/a\b`,
			hinted{"URI", 10, "path", `a backslash is not a URI delimiter: URIs separate with "/"; a backslash that stands for itself is written "%5C"`}},
		{"template", "http://h/{id}",
			hinted{"URI", 9, "path", `"{" is not allowed in a URI: a URI template (RFC 6570) is not a URI; expand it first, or percent-encode "{" as "%7B"`}},
		{"template close", "http://h/a}",
			hinted{"URI", 10, "path", `"}" is not allowed in a URI: a URI template (RFC 6570) is not a URI; expand it first, or percent-encode "}" as "%7D"`}},
		{"pipe", "http://h/a|b",
			hinted{"URI", 10, "path", `"|" is not allowed in a URI: percent-encode it as "%7C"`}},
		{"caret", "http://h/a^b",
			hinted{"URI", 10, "path", `"^" is not allowed in a URI: percent-encode it as "%5E"`}},
		{"second hash", "http://h/#a#b",
			hinted{"URI", 11, "fragment", `a second "#": the fragment began at offset 9 and cannot hold a "#": percent-encode it as "%23"`}},
		{"fragment in absolute URI", "http://h/#f",
			hinted{"absolute-URI", 9, "path", `an absolute URI has no fragment (§4.3): remove the "#" and what follows`}},
		{"bracket in path", "http://h/a[1]",
			hinted{"URI", 10, "path", `"[" is allowed only around an IP literal in the host: percent-encode it as "%5B"`}},
		{"bracket in query", "http://h/?a]",
			hinted{"URI", 11, "query", `"]" is allowed only around an IP literal in the host: percent-encode it as "%5D"`}},
		{"quoted", `"http://x"`,
			hinted{"URI", 0, "scheme", `the URI is in quotation marks: remove them`}},
		{"angle brackets", "<http://x>",
			hinted{"URI", 0, "scheme", `the URI is in angle brackets (as RFC 3986 Appendix C delimits one in text): remove them`}},
		{"second at", "http://user:p@ss@host/",
			hinted{"URI", 16, "host", `a second "@" in the authority: an "@" inside the userinfo is written "%40"`}},

		// "%" and two hex digits (§2.1): the offset is where a hex digit was expected.
		{"lone percent at end", "http://h/100%",
			hinted{"URI", 13, "path", `"%" at offset 12 is not followed by two hexadecimal digits: a "%" that stands for itself is written "%25"`}},
		{"percent and letters", "http://h/a%zz",
			hinted{"URI", 11, "path", `"%" at offset 10 is not followed by two hexadecimal digits: a "%" that stands for itself is written "%25"`}},
		{"percent and one hex digit", "s:?%4g",
			hinted{"URI", 5, "query", `"%" at offset 3 is not followed by two hexadecimal digits: a "%" that stands for itself is written "%25"`}},

		{"Windows path", `C:\Users\me\a.txt`,
			hinted{"URI", 2, "path", `a Windows file path is not a URI: did you mean "file:///C:/Users/me/a.txt"? (RFC 8089; percent-encode what a URI does not allow)`}},
		{"Windows share", `\\server\share`,
			hinted{"URI-reference", 0, "path", `a Windows file path is not a URI: did you mean "file://server/share"? (RFC 8089; percent-encode what a URI does not allow)`}},

		// The host.
		{"bracket inside a host", "http://99.2[.206.100/",
			hinted{"URI", 11, "host", `"[" is allowed only around an IP literal in the host: percent-encode it as "%5B"`}},
		{"unclosed bracket after userinfo", "//@[::1u@a/",
			hinted{"relative-ref", 7, "host", `unclosed "[" at offset 3: an IP literal ends with "]"`}},
		{"empty IP literal", "http://[]/",
			hinted{"URI", 8, "host", `the IP literal "[]" is neither an IPv6 address nor an IPvFuture ("v", hex digits, "." and more)`}},
		{"IPv4 in brackets", "http://[1.2.3.4]/",
			hinted{"URI", 9, "host", `an IPv4 address is written without square brackets: "1.2.3.4"`}},
		{"unclosed bracket", "http://[::1/x",
			hinted{"URI", 11, "host", `unclosed "[" at offset 7: an IP literal ends with "]"`}},
		{"unclosed bracket at end", "//[::1",
			hinted{"relative-ref", 6, "host", `unclosed "[" at offset 2: an IP literal ends with "]"`}},
		{"not an address", "http://[::g]/",
			hinted{"URI", 10, "host", `the IP literal "[::g]" is neither an IPv6 address nor an IPvFuture ("v", hex digits, "." and more)`}},
		{"after IP literal", "http://[::1]x/",
			hinted{"URI", 12, "host", `after the "]" of an IP literal come only ":" and a port`}},
		{"zone identifier", "http://[fe80::1%25eth0]/",
			hinted{"URI", 15, "host", zoneHint}},
		{"zone identifier not encoded", "http://[fe80::1%eth0]/",
			hinted{"URI", 15, "host", zoneHint}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parsers[tc.want.Rule](tc.in)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%s(%q) = %v, want a *ParseError", tc.want.Rule, tc.in, err)
			}
			got := hinted{pe.Rule, pe.Offset, pe.Component, pe.Hint}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("%s(%q) (-want +got):\n%s", tc.want.Rule, tc.in, d)
			}
			if tc.want.Hint != "" && !strings.HasSuffix(err.Error(), "; "+tc.want.Hint) &&
				!errtext.InPassword(tc.in, pe.Offset) { // there it ends with errtext.PasswordHint
				t.Errorf("%s(%q): message %q does not end with the hint", tc.want.Rule, tc.in, err)
			}
		})
	}
}

// TestParseErrorSuggestion checks ParseError.Suggestion, the whole text a
// "did you mean" hint proposes, worked by hand: a scheme before a host name
// or "//" (§3.1, §3.2), the ":" after a scheme, "mailto:" before a
// mailbox (RFC 6068), a "file" URI for a Windows path (RFC 8089 §E.2), "//"
// before a host and port (§3.2), "./" before a first segment with a ":"
// (§4.2). The hint quotes the suggestion with its password redacted
// (§3.2.1); the field keeps it, as Input does. A hint that proposes no
// text, and an input over 4 KiB, leave it "".
func TestParseErrorSuggestion(t *testing.T) {
	long := "example.com/" + strings.Repeat("a", 5000)
	for _, tt := range []struct {
		rule, in, want string
	}{
		{"URI", "example.com/a?b", "https://example.com/a?b"},
		{"URI", "//example.com/a", "https://example.com/a"},
		{"URI", "http//example.com/", "http://example.com/"},
		{"URI", "me@example.com", "mailto:me@example.com"},
		{"URI", "[::1]:80/x", "https://[::1]:80/x"},
		{"URI", "127.0.0.1:8080/x", "https://127.0.0.1:8080/x"},
		{"URI", "//user:secret@h/x", "https://user:secret@h/x"},
		{"URI-reference", `C:\dir\file.txt`, "file:///C:/dir/file.txt"},
		{"URI-reference", `\\server\share\f`, "file://server/share/f"},
		{"relative-ref", "127.0.0.1:8080", "//127.0.0.1:8080"},
		{"URI-reference", "1a:b", "./1a:b"},
		{"URI", "http://a b", ""},
		{"URI-reference", "a b", ""},
		{"URI", long, ""},
	} {
		_, err := parsers[tt.rule](tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("%s(%.40q) = %v, want a *ParseError", tt.rule, tt.in, err)
		}
		if pe.Suggestion != tt.want {
			t.Errorf("%s(%.40q).Suggestion = %q, want %q", tt.rule, tt.in, pe.Suggestion, tt.want)
		}
		if tt.want == "" {
			continue
		}
		if _, err := parsers[tt.rule](tt.want); err != nil && !strings.HasPrefix(tt.want, "https://") {
			t.Errorf("%s(%q): the suggestion does not parse: %v", tt.rule, tt.want, err)
		} else if _, err := Parse(tt.want); err != nil && strings.HasPrefix(tt.want, "https://") {
			t.Errorf("Parse(%q): the suggestion does not parse: %v", tt.want, err)
		}
		if strings.Contains(pe.Hint, "secret") || strings.Contains(err.Error(), "secret") {
			t.Errorf("%s(%q): the hint shows the password: %s", tt.rule, tt.in, err)
		}
	}
}

// TestParseErrorBounded: whatever the input and its length, the message
// stays under 1 KiB and holds no control character.
func TestParseErrorBounded(t *testing.T) {
	n := 2 << 20
	if testing.Short() { // 64 KiB: still far past what a message quotes
		n = 64 << 10
	}
	big := strings.Repeat("a", n)
	for _, in := range []string{
		"http://h/" + big + " ",
		"http://h/" + strings.Repeat("\x01", n),
		big + ".com/x",
		"//" + big + ".com/" + big,
		"http://h:" + strings.Repeat("9", n) + "x/",
		"http://[" + strings.Repeat("1:", n/2),
		"http://[::" + big + "]/",
		strings.Repeat("é", n/2),
		"http://h/" + strings.Repeat("\u202e", n/3) + "%",
		"http://" + strings.Repeat("1:", n/2) + "/",
		"ht_" + big + "://x",
		"\"" + big + "\"",
	} {
		for rule, parse := range parsers {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := parse(in)
			var msg string
			if err != nil {
				msg = err.Error()
			}
			runtime.ReadMemStats(&after)
			if err == nil {
				continue
			}
			checkMessage(t, in, msg)
			// The diagnosis and its message allocate in proportion to the
			// message, not to the input.
			if n := after.TotalAlloc - before.TotalAlloc; n > 16<<10 {
				t.Errorf("%s(%.20q…): %d bytes allocated for the error of a %d-byte input", rule, in, n, len(in))
			}
		}
	}
}

// checkMessage fails when the message of the error of input s is 1 KiB or
// more or holds a control or format character.
func checkMessage(t testing.TB, s, msg string) {
	t.Helper()
	if len(msg) >= 1024 {
		t.Fatalf("%.20q…: message of %d bytes: %.200q…", s, len(msg), msg)
	}
	for _, r := range msg {
		if r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || unicode.Is(unicode.Cf, r) {
			t.Fatalf("%.20q…: message holds control character %U: %q", s, r, msg)
		}
	}
}

// TestInIPLiteralEdges: inIPLiteral at the "[" that opens an IP-literal is
// not inside it (p after the "[" is, up to the "]"), and an empty host at
// the very end of the text (after a userinfo's "@") is in none, without
// reading past the text.
func TestInIPLiteralEdges(t *testing.T) {
	for _, tc := range []struct {
		s    string
		p    int
		want bool
	}{
		{"s://[::1]", 4, false}, // the "[" itself
		{"s://[::1]", 5, true},  // after it
		{"s://[::1]", 8, true},  // before the "]"
		{"s://[::1]", 9, false}, // after the "]"
		{"s://x@", 6, false},    // an empty host at the end
		{"s://x@", 5, false},    // in the userinfo
	} {
		if got := inIPLiteral(tc.s, tc.p); got != tc.want {
			t.Errorf("inIPLiteral(%q, %d) = %v, want %v", tc.s, tc.p, got, tc.want)
		}
	}
}

// TestHintSupplementaryPlanes: the hint for a non-ASCII character says
// whether an IRI holds it, by the ranges of RFC 3987 §2.2: ucschar takes
// %x10000-1FFFD but not the noncharacters U+1FFFE and U+1FFFF, and iprivate
// (%xF0000-FFFFD / %x100000-10FFFD) only in a query. The UTF-8 bytes are
// worked by hand (RFC 3629 §3).
func TestHintSupplementaryPlanes(t *testing.T) {
	const (
		notURI = "non-ASCII character %s is not allowed in a URI: percent-encode its UTF-8 bytes as %q"
		iri    = "; an IRI parser (RFC 3987) accepts it as it is"
		notIRI = " (an IRI, RFC 3987, does not hold it either)"
	)
	for _, tc := range []struct {
		name, in string
		want     hinted
	}{
		{"emoji in path", "s:/\U0001F600",
			hinted{"URI", 3, "path", fmt.Sprintf(notURI, `'😀'`, "%F0%9F%98%80") + iri}},
		{"last ucschar of plane 1", "s:/\U0001FFFD",
			hinted{"URI", 3, "path", fmt.Sprintf(notURI, `'\U0001fffd'`, "%F0%9F%BF%BD") + iri}},
		{"noncharacter U+1FFFE", "s:/\U0001FFFE",
			hinted{"URI", 3, "path", fmt.Sprintf(notURI, `'\U0001fffe'`, "%F0%9F%BF%BE") + notIRI}},
		{"plane 14, ucschar", "s:/\U000E1000",
			hinted{"URI", 3, "path", fmt.Sprintf(notURI, `'\U000e1000'`, "%F3%A1%80%80") + iri}},
		{"private use plane 15 in query", "s:?\U000FFFFD",
			hinted{"URI", 3, "query", fmt.Sprintf(notURI, `'\U000ffffd'`, "%F3%BF%BF%BD") + iri}},
		{"noncharacter U+FFFFE in query", "s:?\U000FFFFE",
			hinted{"URI", 3, "query", fmt.Sprintf(notURI, `'\U000ffffe'`, "%F3%BF%BF%BE") + notIRI}},
		{"private use plane 15 in path", "s:/\U000F0000",
			hinted{"URI", 3, "path", fmt.Sprintf(notURI, `'\U000f0000'`, "%F3%B0%80%80") + notIRI}},
	} {
		wantHinted(t, tc.name+": Parse", Parse, tc.in, tc.want)
	}
}

// TestHintPercentAtZero: a "%" at offset 0 that does not start a pct-encoded
// triplet (§2.1: "%" HEXDIG HEXDIG) gets the same hint as one further on. A
// relative reference may start with one: its path begins there. Offsets: the
// grammar stops where a HEXDIG was expected.
func TestHintPercentAtZero(t *testing.T) {
	const pct = `"%" at offset 0 is not followed by two hexadecimal digits: a "%" that stands for itself is written "%25"`
	for _, tc := range []struct {
		in   string
		want hinted
	}{
		{"%", hinted{"URI-reference", 1, "path", pct}},
		{"%4", hinted{"URI-reference", 2, "path", pct}},
		{"%g1", hinted{"URI-reference", 1, "path", pct}},
		{"%4g", hinted{"URI-reference", 2, "path", pct}},
		// The ends of the HEXDIG ranges (RFC 5234 B.1, either case, §2.1).
		{"%9", hinted{"URI-reference", 2, "path", pct}},
		{"%0", hinted{"URI-reference", 2, "path", pct}},
		{"%a", hinted{"URI-reference", 2, "path", pct}},
		{"%f", hinted{"URI-reference", 2, "path", pct}},
		{"%A", hinted{"URI-reference", 2, "path", pct}},
		{"%F", hinted{"URI-reference", 2, "path", pct}},
		{"%41%", hinted{"URI-reference", 4, "path", `"%" at offset 3 is not followed by two hexadecimal digits: a "%" that stands for itself is written "%25"`}},
	} {
		wantHinted(t, "ParseReference", ParseReference, tc.in, tc.want)
	}
}

// TestHintWrapAndSecondDelimiter pins hints at the edge of their cases: a
// second "#" after one at offset 0 (§3.5: a fragment holds no "#"); a second
// "@" right after the first, at the start of the authority (§3.2.1: an "@" in
// a userinfo is "%40"); a lone quotation mark, which is not a URI in
// quotation marks.
func TestHintWrapAndSecondDelimiter(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want hinted
	}{
		{"##", hinted{"URI-reference", 1, "fragment", `a second "#": the fragment began at offset 0 and cannot hold a "#": percent-encode it as "%23"`}},
		{"#a#", hinted{"URI-reference", 2, "fragment", `a second "#": the fragment began at offset 0 and cannot hold a "#": percent-encode it as "%23"`}},
		{"//@@h", hinted{"URI-reference", 3, "host", `a second "@" in the authority: an "@" inside the userinfo is written "%40"`}},
		{`""`, hinted{"URI-reference", 0, "path", "the URI is in quotation marks: remove them"}},
	} {
		wantHinted(t, "ParseReference", ParseReference, tc.in, tc.want)
	}
	_, err := ParseReference(`"`)
	var pe *ParseError
	if !errors.As(err, &pe) || strings.Contains(pe.Hint, "quotation marks") {
		t.Errorf(`ParseReference("\"") = %v: a lone '"' is not a URI in quotation marks`, err)
	}
}

// TestHintNoSchemeBeforeADelimiter: text that starts with "/", "?" or "#" has
// no scheme and no first segment to read as a host or a mailbox, even when
// what follows the delimiter looks like one (§3: the scheme comes first;
// §4.2: a relative reference is no URI).
func TestHintNoSchemeBeforeADelimiter(t *testing.T) {
	const none = `no scheme: a URI begins with a scheme, such as "https:"`
	for _, in := range []string{"/me@example.com", "?me@example.com", "#me@example.com", "/example.com"} {
		wantHinted(t, "Parse", Parse, in, hinted{"URI", 0, "scheme", none})
	}
}

// TestHintHostLetters: text without a scheme that reads as a host name
// (letters, digits, "-" and "." with a "." in it: the LDH rule of RFC 1034
// §3.5, as reg-name holds it, §3.2.2) gets "https://" in front, whatever its
// letters and digits, the first and last of each range included; one that
// starts with "@" is no mailbox. Offsets: a URI needs ":" after the scheme
// characters, or a letter first.
func TestHintHostLetters(t *testing.T) {
	const none = `no scheme: a URI begins with a scheme, such as "https:"`
	for _, tc := range []struct {
		in   string
		want hinted
	}{
		{"www.zz.com", hinted{"URI", 10, "scheme", `no scheme: did you mean "https://www.zz.com"?`}},
		{"AZ.EXAMPLE", hinted{"URI", 10, "scheme", `no scheme: did you mean "https://AZ.EXAMPLE"?`}},
		{"h09.example", hinted{"URI", 11, "scheme", `no scheme: did you mean "https://h09.example"?`}},
		{"9.0.example", hinted{"URI", 0, "scheme", `no scheme: did you mean "https://9.0.example"?`}},
		{"@example.com", hinted{"URI", 0, "scheme", none}},
		{"me@zz.AZ09", hinted{"URI", 2, "scheme", `no scheme: did you mean "mailto:me@zz.AZ09"?`}},
	} {
		wantHinted(t, "Parse", Parse, tc.in, tc.want)
	}
}

// TestHintNoFirstSegmentAfterADelimiter: the hint for a ":" in the first
// segment of a relative path (§4.2) is for a reference that starts with that
// segment; after "//" the ":" is the authority's (§3.2.3: port = *DIGIT, so a
// second ":" after an IP literal's port is where the grammar stops; without
// the brackets "h::" could still be a userinfo).
func TestHintNoFirstSegmentAfterADelimiter(t *testing.T) {
	for _, parse := range []func(string) (URI, error){ParseReference, ParseRelative} {
		for in, off := range map[string]int{"//[::1]::": 8, "//[::1]:1:": 9, "//u@[::1]:80:": 12} {
			_, err := parse(in)
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Offset != off || pe.Component != "port" || strings.Contains(pe.Hint, "first segment") {
				t.Errorf("%q: %v; want an error at %d in the port, with no first-segment hint", in, err, off)
			}
		}
	}
}

// TestHintAuthorityEdges: an authority of three ":"-separated hex groups
// reads as an IPv6 address without its brackets (§3.2.2: an IPv6 address is
// written in "[" "]"); an empty host before a port that is not all digits
// gets the port hint (§3.2.3: port = *DIGIT). The grammar stops at the end of
// the authority: until there the text could be a userinfo before an "@".
func TestHintAuthorityEdges(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want hinted
	}{
		{"http://1:2:3:4/", hinted{"URI", 14, "port", `an IPv6 address in a URI is written in square brackets, a port after them: "[1:2:3:4]"`}},
		{"http://:8x/", hinted{"URI", 10, "port", `the port "8x" holds 'x' at offset 9: a port is decimal digits only`}},
	} {
		wantHinted(t, "Parse", Parse, tc.in, tc.want)
	}
}

// TestHintPortDigits: a port that is not all digits (§3.2.3: port = *DIGIT)
// is told so; that its digits are too many for a TCP or UDP port (at most
// 65535, five digits) is added only past five digits or above 65535. The
// grammar stops at the end of the authority, which could be a userinfo up to
// there.
func TestHintPortDigits(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want hinted
	}{
		{"http://h:65535x/", hinted{"URI", 15, "port", `the port "65535x" holds 'x' at offset 14: a port is decimal digits only`}},
		{"http://h:00065535x/", hinted{"URI", 18, "port", `the port "00065535x" holds 'x' at offset 17: a port is decimal digits only`}},
		{"http://h:123456x/", hinted{"URI", 16, "port", `the port "123456x" holds 'x' at offset 15: a port is decimal digits only, and 6 digits are too many for a port number (at most 65535)`}},
	} {
		wantHinted(t, "Parse", Parse, tc.in, tc.want)
	}
}

// TestHintHostPortDigits: text that reads as a host, ":" and a port (§3.2.3:
// port = *DIGIT), "0" and "9" included, is told to begin with "//"; with a
// port that is not all digits it is no host and port, and gets the hint for a
// ":" in the first segment of a relative path (§4.2). The grammar stops at
// the ":": a relative path's first segment holds none. A ":" with no digit
// after it is no host and port either (the hint is for a port written out; a
// URI's scheme begins with a letter, §3.1).
func TestHintHostPortDigits(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want hinted
	}{
		{"127.0.0.1:9090", hinted{"relative-ref", 9, "path", `a host and port are written after "//": did you mean "//127.0.0.1:9090"?`}},
		{"127.0.0.1:0", hinted{"relative-ref", 9, "path", `a host and port are written after "//": did you mean "//127.0.0.1:0"?`}},
		{"127.0.0.1:9", hinted{"relative-ref", 9, "path", `a host and port are written after "//": did you mean "//127.0.0.1:9"?`}},
		{"127.0.0.1:8o", hinted{"relative-ref", 9, "path", `a ":" in the first segment of a relative path would read as a scheme (§4.2): begin the path with "./", as in "./127.0.0.1:8o"`}},
		{"127.0.0.1:80o", hinted{"relative-ref", 9, "path", `a ":" in the first segment of a relative path would read as a scheme (§4.2): begin the path with "./", as in "./127.0.0.1:80o"`}},
	} {
		wantHinted(t, "ParseRelative", ParseRelative, tc.in, tc.want)
	}
	wantHinted(t, "ParseRelative", ParseRelative, "127.0.0.1:", hinted{"relative-ref", 9, "path",
		`a ":" in the first segment of a relative path would read as a scheme (§4.2): begin the path with "./", as in "./127.0.0.1:"`})
	wantHinted(t, "Parse", Parse, "127.0.0.1:", hinted{"URI", 0, "scheme",
		`"127.0.0.1" is not a scheme: a scheme begins with a letter and holds only letters, digits, "+", "-" and "."`})
}

// wantHinted checks that parse, called name in messages, refuses in with a
// *ParseError whose rule, offset, component and hint are want's.
func wantHinted(t *testing.T, name string, parse func(string) (URI, error), in string, want hinted) {
	t.Helper()
	_, err := parse(in)
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("%s(%q) = %v, want a *ParseError", name, in, err)
	}
	if d := cmp.Diff(want, hinted{pe.Rule, pe.Offset, pe.Component, pe.Hint}); d != "" {
		t.Errorf("%s(%q) (-want +got):\n%s", name, in, d)
	}
}

// TestHintCloseBracketFirstInHost: a "]" where the host begins opens no IP
// literal (§3.2.2: only "[" does), so the grammar stops at it, and it is told
// to be percent-encoded as "%5D" (§2.2: a gen-delim, §2.1), as a "]" anywhere
// else outside an IP literal is.
func TestHintCloseBracketFirstInHost(t *testing.T) {
	const want = `"]" is allowed only around an IP literal in the host: percent-encode it as "%5D"`
	wantHinted(t, "Parse", Parse, "s://]", hinted{"URI", 4, "host", want})
	wantHinted(t, "ParseRelative", ParseRelative, "//]", hinted{"relative-ref", 2, "host", want})
	wantHinted(t, "ParseRelative", ParseRelative, "//u@]/", hinted{"relative-ref", 4, "host", want})
	wantHinted(t, "ParseRelative", ParseRelative, "//h]", hinted{"relative-ref", 3, "host", want})
}

// TestHintIPv6BytesOnly: an authority that reads as an IPv6 address outside
// brackets is told to bracket it (§3.2.2), an IPv4 tail ("::1.2.3.4", ls32)
// included; one with a byte that no IPv6 address holds ("g" is no HEXDIG, RFC
// 5234 B.1) is not an IPv6 address, and gets the hint of the port that its
// first ":" starts (§3.2.3: port = *DIGIT). The grammar stops at the "/"
// after the authority: up to it, the text could be a userinfo (§3.2.1, which
// holds ":") still to be followed by "@".
func TestHintIPv6BytesOnly(t *testing.T) {
	wantHinted(t, "Parse", Parse, "http://::1.2.3.4/", hinted{"URI", 16, "port",
		`an IPv6 address in a URI is written in square brackets, a port after them: "[::1.2.3.4]"`})
	wantHinted(t, "Parse", Parse, "http://g::1/", hinted{"URI", 11, "port",
		`the port ":1" holds ':' at offset 9: a port is decimal digits only`})
	wantHinted(t, "Parse", Parse, "http://1:2:3:g/", hinted{"URI", 14, "port",
		`the port "2:3:g" holds ':' at offset 10: a port is decimal digits only`})
}
