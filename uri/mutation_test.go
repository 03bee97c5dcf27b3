package uri

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The tests of this file pin behaviour that mutation testing (.ci/mutation)
// found no test to notice: each names the mutant it kills. Expected values
// come from the RFC sections named, worked by hand.

// TestResolveDoubleSlashExactly: a target path that is exactly "//" without
// an authority gets "/." in front too (Resolve's double-slash policy):
// "s:/" + ".//" merges to "/.//" (§5.2.3), which RemoveDotSegments makes "//"
// (§5.2.4, rule B), whose text "s://" would read as an empty authority.
// Kills resolve.go refFixDoubleSlash `>= 2` → `> 2`.
func TestResolveDoubleSlashExactly(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		{"s:/", ".//", "s:/.//"},
		{"s:/a/b", ".././/", "s:/.//"},
		{"s:/", "/.//", "s:/.//"},
		{"s:/x", ".//g/h?q#f", "s:/.//g/h?q#f"},
		{"s://h/", ".//", "s://h//"}, // with an authority the path stays
	} {
		got, err := MustParse(tt.base).Resolve(MustParseReference(tt.ref))
		if err != nil || got.String() != tt.want {
			t.Errorf("%q.Resolve(%q) = %q, %v; want %q", tt.base, tt.ref, got, err, tt.want)
		}
		if got.HasAuthority() != MustParse(tt.base).HasAuthority() {
			t.Errorf("%q.Resolve(%q) = %q: authority %v", tt.base, tt.ref, got, got.HasAuthority())
		}
	}
}

// TestEncodedOffsetZeroDigit: a triplet whose hex digit is "0" is one
// decoded byte (§2.1). Kills percent.go EncodedOffset `unhex(…) >= 0` →
// `> 0`, for either digit.
func TestEncodedOffsetZeroDigit(t *testing.T) {
	for _, tt := range []struct {
		s       string
		n, want int
	}{
		{"%30x", 1, 3},
		{"%03x", 1, 3},
		{"%00%00x", 2, 6},
		{"a%0", 2, 2}, // not a triplet: "%" counts as one byte
	} {
		if got := EncodedOffset(tt.s, tt.n); got != tt.want {
			t.Errorf("EncodedOffset(%q, %d) = %d, want %d", tt.s, tt.n, got, tt.want)
		}
	}
	if got, err := PercentDecode("%30%00"); err != nil || got != "0\x00" {
		t.Errorf("PercentDecode(%%30%%00) = %q, %v", got, err)
	}
}

// TestNormalizeCaseBoundaries: §6.2.2.1 lower-cases the scheme and the host,
// "Z" and "A" included, and upper-cases the hex digits of a triplet, "f"
// and "a" included. Kills normalize.go normLower `b <= 'Z'` → `< 'Z'` (and
// `'A' <= b` → `<`) and normPctUpperHex `b <= 'f'` → `< 'f'` (and
// `'a' <= b` → `<`).
func TestNormalizeCaseBoundaries(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Z://ZA.AZ/", "z://za.az/"},
		{"A:Z", "a:Z"}, // the path keeps its case
		{"s:%af%fa%Ff", "s:%AF%FA%FF"},
		{"s://h/%af?%fa#%aF", "s://h/%AF?%FA#%AF"},
		{"s://%af%fA@h", "s://%AF%FA@h"},
		{"//[::AF]", "//[::af]"},
		{"//ZZ%41", "//zza"},
	} {
		if got := MustParseReference(tt.in).NormalizeSyntax().String(); got != tt.want {
			t.Errorf("NormalizeSyntax(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestRelativizeColonFirst: a relative path whose first segment starts with
// ":" needs "./" in front (§4.2: path-noscheme), so that it is not read as
// a scheme. Kills relativize.go `IndexByte(first, ':') >= 0` → `> 0`.
func TestRelativizeColonFirst(t *testing.T) {
	for _, tt := range []struct{ base, target, want string }{
		{"http://h/a/b", "http://h/a/:x", "./:x"},
		{"http://h/a/b", "http://h/a/x:", "./x:"},
		// A target path that is a proper prefix of the base's directory:
		// "/a" is shorter than "../../a". Kills the bound `i < len(tp)` →
		// `<=`, which would index past tp.
		{"http://h/a/b/c", "http://h/a", "/a"},
		{"http://h/ab/c/d", "http://h/a", "/a"},
	} {
		got, err := MustParse(tt.base).Relativize(MustParse(tt.target))
		if err != nil || got.String() != tt.want {
			t.Errorf("%q.Relativize(%q) = %q, %v; want %q", tt.base, tt.target, got, err, tt.want)
		}
	}
}

// TestResolveErrorNamesTheOp: Relativize's error says "target", Resolve's
// "reference". Kills resolve.go `e.Op == "relativize"` → `!=`.
func TestResolveErrorNamesTheOp(t *testing.T) {
	_, err := MustParseReference("a").Relativize(MustParse("s:b"))
	if want := `uri: cannot relativize target "s:b" against "a": the base is a relative reference; a base URI needs a scheme (RFC 3986 §5.2.1)`; err == nil || err.Error() != want {
		t.Errorf("Relativize error %v, want %s", err, want)
	}
	_, err = MustParseReference("a").Resolve(MustParseReference("b"))
	if want := `uri: cannot resolve reference "b" against "a": the base is a relative reference; a base URI needs a scheme (RFC 3986 §5.2.1)`; err == nil || err.Error() != want {
		t.Errorf("Resolve error %v, want %s", err, want)
	}
}

// TestItoaNegative: an error built by hand may hold a negative offset, which
// the message writes with its sign. Kills error.go itoa's `n = -n` and `i--`
// mutants of the negative branch.
func TestItoaNegative(t *testing.T) {
	err := &EscapeError{Input: "%", Offset: -3}
	if want := `uri: malformed percent-encoding "" at offset -3: expected "%" HEXDIG HEXDIG`; err.Error() != want {
		t.Errorf("Error() = %s, want %s", err.Error(), want)
	}
}

// TestHintSupplementaryPlanes: the hint for a non-ASCII character says
// whether an IRI holds it, by the ranges of RFC 3987 §2.2: ucschar takes
// %x10000-1FFFD but not the noncharacters U+1FFFE and U+1FFFF, and iprivate
// (%xF0000-FFFFD / %x100000-10FFFD) only in a query. The UTF-8 bytes are
// worked by hand (RFC 3629 §3). Kills hint.go iriChar `r&0xFFFF <= 0xFFFD`
// → `<` (U+1FFFD) and → `>` (U+1FFFE), and the same in the query case.
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

// TestHintQuoteCutsBeforeARune: a hint quotes at most 60 bytes and a "…"
// (hintQuote), and never cuts a UTF-8 sequence (RFC 3629 §3): when byte 60
// of what it quotes is inside "é" (C3 A9), the quote stops before the C3.
// Here "https://" + the input is 71 bytes, "é" at bytes 59 and 60. Kills
// hint.go appendQuoteBounded's `n--` → `n++`, which would take the "é" and
// the byte after it.
func TestHintQuoteCutsBeforeARune(t *testing.T) {
	as := strings.Repeat("a", 35)
	in := "www.example.com/" + as + "é" + "xyzxyzxyzx"
	want := hinted{"URI", 15, "scheme", `no scheme: did you mean "https://www.example.com/` + as + `"…?`}
	wantHinted(t, "Parse", Parse, in, want)
}

// TestComponentAtNonASCIIUserinfo: ComponentAt counts every byte from 0x80
// up as one a userinfo may hold (so that an IRI's iuserinfo, RFC 3987
// §2.2, is named as a URI's userinfo is, §3.2.1): at the "@" after such
// bytes the userinfo would go on, as at the "@" of "u@h". 0x80 is the
// least of them, alone (invalid UTF-8, still counted) or as the second byte
// of "À" (C3 80). Kills component.go's `s[i] >= 0x80` → `> 0x80`,
// `b[j] >= 0x80` → `> 0x80` and `j < len(b)` → `>=`.
func TestComponentAtNonASCIIUserinfo(t *testing.T) {
	for _, tc := range []struct {
		s    string
		off  int
		want string
	}{
		{"http://u@h/", 8, "userinfo"},
		{"http://ü@h/", 9, "userinfo"},
		{"http://\x80@h/", 8, "userinfo"},
		{"http://\xc3\x80@h/", 9, "userinfo"},
		{"http://\xc3\x80@h/", 10, "host"},
		{"http://u ü@h/", 11, "host"}, // " " is no userinfo byte: a host with a space
	} {
		for _, rule := range []string{"URI", "URI-reference"} {
			if got := ComponentAt(tc.s, tc.off, rule); got != tc.want {
				t.Errorf("ComponentAt(%q, %d, %s) = %q, want %q", tc.s, tc.off, rule, got, tc.want)
			}
		}
	}
}

// TestHintPercentAtZero: a "%" at offset 0 that does not start a
// pct-encoded triplet (§2.1: "%" HEXDIG HEXDIG) gets the same hint as one
// further on. A relative reference may start with one: its path begins
// there. Offsets: the grammar stops where a HEXDIG was expected. Kills
// hint.go percentHint's `q >= 0` → `q > 0`, and hintHexDig's range bounds.
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

// TestPortNumberNines: port = *DIGIT (§3.2.3), and "9" is a digit like the
// others. Kills port.go PortNumber's `d > 9` → `d >= 9`.
func TestPortNumberNines(t *testing.T) {
	for in, want := range map[string]int{"//h:9": 9, "//h:99": 99, "//h:0099": 99, "//h:65529": 65529, "//h:19/x": 19} {
		got, err := MustParseReference(in).PortNumber()
		if err != nil || got != want {
			t.Errorf("PortNumber of %q = %d, %v; want %d", in, got, err, want)
		}
	}
}

// TestHintWrapAndSecondDelimiter pins hints at the edge of their cases:
// a second "#" after one at offset 0 (§3.5: a fragment holds no "#"); a
// second "@" right after the first, at the start of the authority (§3.2.1:
// an "@" in a userinfo is "%40"); a lone quotation mark, which is not a URI
// in quotation marks. Kills hint.go's `IndexByte(s[:off], '#'); i >= 0` →
// `> 0`, `IndexByte(s[a0:off], '@') >= 0` → `> 0` and wrapHint's
// `len(s) > 1` → `>= 1` for '"'.
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

// TestHintNoSchemeBeforeADelimiter: text that starts with "/", "?" or "#"
// has no scheme and no first segment to read as a host or a mailbox, even
// when what follows the delimiter looks like one (§3: the scheme comes
// first; §4.2: a relative reference is no URI). Kills hint.go schemeHint's
// `j < 0` → `j <= 0`, which would read the whole text as the first segment.
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
// characters, or a letter first. Kills hint.go looksLikeHost's range bounds
// and looksLikeMailbox's `i > 0` → `i >= 0`.
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
// segment of a relative path (§4.2) is for a reference that starts with
// that segment; after "//" the ":" is the authority's (§3.2.3: port =
// *DIGIT, so a second ":" after an IP literal's port is where the grammar
// stops; without the brackets "h::" could still be a userinfo). Kills hint.go
// firstSegmentHint's `indexAny(s[:off], …) >= 0` → `> 0`.
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
// reads as an IPv6 address without its brackets (§3.2.2: an IPv6 address
// is written in "[" "]"); an empty host before a port that is not all
// digits gets the port hint (§3.2.3: port = *DIGIT). The grammar stops at
// the end of the authority: until there the text could be a userinfo
// before an "@". Kills hint.go authorityHint's `Count(hp, ":") >= 3` → `> 3`
// and `i < 0` → `i <= 0`.
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

// TestPartsRecompose: the five components recompose to the reference
// (§5.3), also when the authority, the query or the fragment is far longer
// than the rest. Kills uri.go parts.String's capacity mutants `+ len(…)` →
// `-` of those three, which make the capacity negative (a panic).
func TestPartsRecompose(t *testing.T) {
	long := strings.Repeat("q", 300)
	for _, s := range []string{"s:?" + long, "#" + long, "?" + long + "#" + long, "//" + long, "s://" + long + "/p", "s://h/p?q#f", "", "//h", "a/b"} {
		u := MustParseReference(s)
		if got := u.parts().String(); got != s {
			t.Errorf("parts(%q).String() = %q", s, got)
		}
		if v, err := u.parts().uri(); err != nil || v.String() != s {
			t.Errorf("parts(%q).uri() = %q, %v", s, v, err)
		}
	}
}

// TestHintPortDigits: a port that is not all digits (§3.2.3: port = *DIGIT)
// is told so; that its digits are too many for a TCP or UDP port (at most
// 65535, five digits) is added only past five digits or above 65535. The
// grammar stops at the end of the authority, which could be a userinfo up
// to there. Kills hint.go portHint's `len(digits) > 5` → `>= 5`.
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

// TestHintQuoteBounds: a hint quotes what it suggests whole up to 64 bytes
// (hintQuote) and cuts it to 60 and a "…" past that; a Windows path's
// backslashes become "/" wherever they stand, the first byte of a part
// included (RFC 8089: a file URI's path is "/"-separated). Kills hint.go
// appendQuoteBounded's `total > hintQuote` → `>=` and `i < 0` → `i <= 0`.
func TestHintQuoteBounds(t *testing.T) {
	a40, a41 := strings.Repeat("a", 40), strings.Repeat("a", 41)
	for _, tc := range []struct {
		in   string
		want hinted
	}{
		// "https://" + 56 bytes: 64, quoted whole.
		{"www.example.com/" + a40, hinted{"URI", 15, "scheme", `no scheme: did you mean "https://www.example.com/` + a40 + `"?`}},
		// 65 bytes: cut to 60.
		{"www.example.com/" + a41, hinted{"URI", 15, "scheme", `no scheme: did you mean "https://www.example.com/` + a40[:36] + `"…?`}},
		{`\\\share`, hinted{"URI", 0, "scheme", `a Windows file path is not a URI: did you mean "file:///share"? (RFC 8089; percent-encode what a URI does not allow)`}},
	} {
		wantHinted(t, "Parse", Parse, tc.in, tc.want)
	}
}

// TestHintMissingColonLongScheme: the "did you mean" of a missing ":"
// quotes the scheme, the ":" and the rest as one text, cut at 60 bytes
// with "…" (hintQuote); here the cut falls right after the 60-byte scheme,
// at the boundary between two parts. Kills hint.go byteAt's `i < len(p)` →
// `<=`, which would read past the first part.
func TestHintMissingColonLongScheme(t *testing.T) {
	a60 := strings.Repeat("a", 60)
	in := a60 + "//example.com/x"
	want := hinted{"URI", 60, "scheme", `no ":" after the scheme "` + a60 + `": did you mean "` + a60 + `"…?`}
	wantHinted(t, "Parse", Parse, in, want)
}

// TestParseRepairedErrorOffsetsAtRepairEdges: when the repaired text is
// still no URI reference, the error's offset is where the offending byte
// stands in the caller's text: right after a removed leading space, and
// right after a space encoded as "%20", the ":" that stays an error in the
// first segment of a relative path (§4.2) is at offset 1 and 2. Kills
// repair.go inputOffset's `o < start` → `<=` and `o < start+len(r.New)` →
// `<=`.
func TestParseRepairedErrorOffsetsAtRepairEdges(t *testing.T) {
	for in, want := range map[string]int{" :x": 1, "a :": 2, "a  :": 3, " a :": 3} {
		_, _, err := ParseRepaired(in)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Offset != want || pe.Input != in || in[pe.Offset] != ':' {
			t.Errorf("ParseRepaired(%q) = %v; want a *ParseError at offset %d, the \":\"", in, err, want)
		}
	}
}

// TestParseRepairedEmptyAuthority: "file:///a b" has an empty authority
// (§3.2: "//" then nothing before the "/", as RFC 8089 §2 writes a local
// file), so the space is in the path, where it is encoded (%20). Kills
// repair.go's `indexAny(t[start:], …); k >= 0` → `k > 0`, which would read
// the path as the authority.
func TestParseRepairedEmptyAuthority(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		reps     []Repair
	}{
		{"file:///a b", "file:///a%20b", []Repair{{Offset: 9, Old: " ", New: "%20"}}},
		{"http://?a b", "http://?a%20b", []Repair{{Offset: 9, Old: " ", New: "%20"}}},
		{"//#a b", "//#a%20b", []Repair{{Offset: 4, Old: " ", New: "%20"}}},
	} {
		u, reps, err := ParseRepaired(tc.in)
		if err != nil || u.String() != tc.want {
			t.Errorf("ParseRepaired(%q) = %q, %v; want %q", tc.in, u, err, tc.want)
		}
		if d := cmp.Diff(tc.reps, reps); d != "" {
			t.Errorf("ParseRepaired(%q) repairs (-want +got):\n%s", tc.in, d)
		}
		if !u.HasAuthority() || u.Authority() != "" {
			t.Errorf("ParseRepaired(%q): authority %q, %v; want an empty one", tc.in, u.Authority(), u.HasAuthority())
		}
	}
}

// TestParseRepairedEmptyUserinfo: "http://@bücher.de/" has an empty
// userinfo (§3.2.1: userinfo = *( … ), then "@"), so the host is
// "bücher.de", which becomes its IDNA A-label "xn--bcher-kva.de" (RFC 5891;
// the A-label as RFC 3492's example and every IDNA tool give it). Kills
// repair.go's `LastIndexByte(t[start:end], '@'); at >= 0` → `at > 0`, which
// would hand "@bücher.de" to IDNA.
func TestParseRepairedEmptyUserinfo(t *testing.T) {
	u, reps, err := ParseRepaired("http://@bücher.de/")
	if err != nil || u.String() != "http://@xn--bcher-kva.de/" {
		t.Fatalf("ParseRepaired = %q, %v; want http://@xn--bcher-kva.de/", u, err)
	}
	if d := cmp.Diff([]Repair{{Offset: 8, Old: "bücher.de", New: "xn--bcher-kva.de"}}, reps); d != "" {
		t.Errorf("repairs (-want +got):\n%s", d)
	}
}

// TestParseRepairedTabAfterIDNAHost: a tab right after a host that IDNA
// rewrites is removed (repair 1) and stays a repair of its own: the host's
// Repair covers only the host's bytes (RFC 5891 A-label as in
// TestParseRepairedEmptyUserinfo). Kills repair.go merge's `rm.Offset <
// hostEnd` → `<=`, which would fold the tab into the host.
func TestParseRepairedTabAfterIDNAHost(t *testing.T) {
	u, reps, err := ParseRepaired("http://bücher.de\t/x")
	if err != nil || u.String() != "http://xn--bcher-kva.de/x" {
		t.Fatalf("ParseRepaired = %q, %v; want http://xn--bcher-kva.de/x", u, err)
	}
	want := []Repair{{Offset: 7, Old: "bücher.de", New: "xn--bcher-kva.de"}, {Offset: 17, Old: "\t"}}
	if d := cmp.Diff(want, reps); d != "" {
		t.Errorf("repairs (-want +got):\n%s", d)
	}
}

// TestHintHostPortDigits: text that reads as a host, ":" and a port
// (§3.2.3: port = *DIGIT), "0" and "9" included, is told to begin with
// "//"; with a port that is not all digits it is no host and port, and
// gets the hint for a ":" in the first segment of a relative path (§4.2).
// The grammar stops at the ":": a relative path's first segment holds
// none. A ":" with no digit after it is no host and port either (the
// hint is for a port written out; a URI's scheme begins with a letter,
// §3.1). Kills hint.go looksLikeHost's port loop: `s[k] < '0'` → `<=`,
// `s[k] > '9'` → `>=`, `k < len(s)` → `>=` (no digit checked), and
// looksLikeHostPort's `i+1 < len(s)` → `<=` and `i+1` → `i-1`.
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
// literal (§3.2.2: only "[" does), so the grammar stops at it, and it is
// told to be percent-encoded as "%5D" (§2.2: a gen-delim, §2.1), as a "]"
// anywhere else outside an IP literal is. Kills hint.go fixedByteHint's
// `b == ']'` → `b != ']'` (the "]" at the host's start got no hint).
func TestHintCloseBracketFirstInHost(t *testing.T) {
	const want = `"]" is allowed only around an IP literal in the host: percent-encode it as "%5D"`
	wantHinted(t, "Parse", Parse, "s://]", hinted{"URI", 4, "host", want})
	wantHinted(t, "ParseRelative", ParseRelative, "//]", hinted{"relative-ref", 2, "host", want})
	wantHinted(t, "ParseRelative", ParseRelative, "//u@]/", hinted{"relative-ref", 4, "host", want})
	wantHinted(t, "ParseRelative", ParseRelative, "//h]", hinted{"relative-ref", 3, "host", want})
}

// TestHintIPv6BytesOnly: an authority that reads as an IPv6 address outside
// brackets is told to bracket it (§3.2.2), an IPv4 tail ("::1.2.3.4", ls32)
// included; one with a byte that no IPv6 address holds ("g" is no HEXDIG,
// RFC 5234 B.1) is not an IPv6 address, and gets the hint of the port
// that its first ":" starts (§3.2.3: port = *DIGIT). The grammar stops at
// the "/" after the authority: up to it, the text could be a userinfo
// (§3.2.1, which holds ":") still to be followed by "@". Kills hint.go ipv6Bytes'
// `i < len(s)` → `i >= len(s)` (no byte checked) and `s[i] != '.'` →
// `s[i] == '.'` (only "." refused).
func TestHintIPv6BytesOnly(t *testing.T) {
	wantHinted(t, "Parse", Parse, "http://::1.2.3.4/", hinted{"URI", 16, "port",
		`an IPv6 address in a URI is written in square brackets, a port after them: "[::1.2.3.4]"`})
	wantHinted(t, "Parse", Parse, "http://g::1/", hinted{"URI", 11, "port",
		`the port ":1" holds ':' at offset 9: a port is decimal digits only`})
	wantHinted(t, "Parse", Parse, "http://1:2:3:g/", hinted{"URI", 14, "port",
		`the port "2:3:g" holds ':' at offset 10: a port is decimal digits only`})
}

// TestHintClipAtQuoteLength: a text of exactly 64 bytes (hintQuote) is
// quoted cut to 60 bytes with "…" as a longer one is, the cut made by
// appendQuoteBounded, not by clip, which keeps a text of up to 65 bytes
// whole. Kills hint.go clip's `len(s) > hintQuote+1` → `hintQuote-1`,
// which cut a 64-byte text to 65 bytes, past its end.
func TestHintClipAtQuoteLength(t *testing.T) {
	a36, a48 := strings.Repeat("a", 36), strings.Repeat("a", 48)
	in := "www.example.com/" + a48 // 64 bytes, with "https://" 72
	wantHinted(t, "Parse", Parse, in, hinted{"URI", 15, "scheme", `no scheme: did you mean "https://www.example.com/` + a36 + `"…?`})
}

// TestNormalizeOneLowerHexDigit: a triplet whose only lower-case hex digit
// is its first, "a" or "f", is upper-cased (§6.2.2.1) like any other; the
// octets it encodes (0xA0, 0xF0, 0xAF) are not unreserved (§2.3), so it
// stays a triplet (§6.2.2.2). Kills normalize.go isNormal's `'a' <= h` →
// `'a' < h` and `h <= 'f'` → `h < 'f'`, which took such a URI for normal
// and returned it unchanged.
func TestNormalizeOneLowerHexDigit(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"s:%a0", "s:%A0"},
		{"s:%f0", "s:%F0"},
		{"s://h/x?%aF", "s://h/x?%AF"},
		{"%fA", "%FA"},
	} {
		if got := MustParseReference(tt.in).NormalizeSyntax().String(); got != tt.want {
			t.Errorf("NormalizeSyntax(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestNormalizeWritesOnTheStack: the normal form of a URI of up to 252
// bytes is written in normalizeWrite's 256-byte stack buffer, so that
// NormalizeSyntax allocates only its result; here a 99-byte URI whose
// scheme and host are lower-cased (§6.2.2.1). Kills normalize.go's `n >
// len(arr)` → `n <= len(arr)`, which made a short URI's buffer on the heap
// (two allocations).
func TestNormalizeWritesOnTheStack(t *testing.T) {
	in := "HTTP://H/" + strings.Repeat("a", 90)
	u := MustParseReference(in)
	if got, want := u.NormalizeSyntax().String(), "http://h/"+strings.Repeat("a", 90); got != want {
		t.Fatalf("NormalizeSyntax(%q) = %q, want %q", in, got, want)
	}
	if n := testing.AllocsPerRun(100, func() { _ = u.NormalizeSyntax() }); n != 1 {
		t.Errorf("NormalizeSyntax of a %d-byte URI: %v allocations, want 1 (the result)", len(in), n)
	}
}

// TestPercentEncodeUnknownComponent: a Component past the last one
// (ComponentFragment) or below the first allows only unreserved characters
// (PercentEncode's doc; §2.3), so every other byte is encoded (§2.1).
// Kills percent.go Component.set's `int(k) < len(componentSets)` → `<=`,
// which read past the table for the first unknown value.
func TestPercentEncodeUnknownComponent(t *testing.T) {
	for _, k := range []Component{ComponentFragment + 1, ComponentFragment + 2, -1} {
		if got, want := PercentEncode("a-b/c?d@e~", k), "a-b%2Fc%3Fd%40e~"; got != want {
			t.Errorf("PercentEncode(…, %d) = %q, want %q", k, got, want)
		}
	}
}

// TestPercentEncodeOneAllocation: PercentEncode sizes its result for the
// triplets it writes (two bytes more each, §2.1) and allocates it once,
// for one triplet or many. Kills percent.go encode's n += 2 → n += 1,
// which left too little room (its writes go past it).
func TestPercentEncodeOneAllocation(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a b", "a%20b"},
		{"a b c d", "a%20b%20c%20d"},
		{"<<<<>>>>", "%3C%3C%3C%3C%3E%3E%3E%3E"},
	} {
		if got := PercentEncode(tt.in, ComponentPath); got != tt.want {
			t.Errorf("PercentEncode(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if n := testing.AllocsPerRun(100, func() { _ = PercentEncode(tt.in, ComponentPath) }); n != 1 {
			t.Errorf("PercentEncode(%q): %v allocations, want 1", tt.in, n)
		}
	}
}

// TestResolveAllocations pins what Resolve's doc promises: it allocates the
// text of the result once, however long (its room is worked out before it
// is written; TestResolveKeepsNoRoom has the one exception, a result that
// dot segments shortened by more than half). The results are worked by
// §5.2.2 and §5.2.3: a merge after the base's last "/", an authority from
// the reference (in the non-strict variant a reference with the base's
// scheme counts as without one). Kills the mutants of resolveJoin's length
// `n := headEnd - headFrom + …` that make it smaller (the text then grows
// a second time).
func TestResolveAllocations(t *testing.T) {
	rep := strings.Repeat
	for _, tt := range []struct {
		name, base, ref, want string
		nonStrict             bool
		allocs                float64
	}{
		{"short merge, long tail", "http://h/" + rep("b", 60) + "/x", rep("r", 80) + "?" + rep("q", 80),
			"http://h/" + rep("b", 60) + "/" + rep("r", 80) + "?" + rep("q", 80), false, 1},
		{"merge of 253 bytes", "http://h/x", rep("r", 244), "http://h/" + rep("r", 244), false, 1},
		{"authority of 250 bytes", "http://a/", "HTTP://h/" + rep("p", 241), "http://h/" + rep("p", 241), true, 1},
		{"authority of 254 bytes", "http://a/", "//h/" + rep("p", 245), "http://h/" + rep("p", 245), false, 1},
		{"authority of 255 bytes", "http://a/", "//h/" + rep("p", 246), "http://h/" + rep("p", 246), false, 1},
		{"long merge", "http://h/" + rep("b", 300) + "/x", rep("r", 300) + "?" + rep("q", 400),
			"http://h/" + rep("b", 300) + "/" + rep("r", 300) + "?" + rep("q", 400), false, 1},
	} {
		base, ref := MustParse(tt.base), MustParseReference(tt.ref)
		got, err := base.ResolveWith(ref, ResolveOptions{NonStrict: tt.nonStrict})
		if err != nil || got.String() != tt.want {
			t.Errorf("%s: Resolve = %q, %v; want %q", tt.name, got, err, tt.want)
			continue
		}
		if n := testing.AllocsPerRun(50, func() { _, _ = base.ResolveWith(ref, ResolveOptions{NonStrict: tt.nonStrict}) }); n != tt.allocs {
			t.Errorf("%s: %d bytes: %v allocations, want %v", tt.name, len(tt.want), n, tt.allocs)
		}
	}
}

// TestResolveSpansAsParsed: Resolve writes the spans of its result's
// components without a parse; they must be those a parse of its text finds
// (the same URI value), when the base brings the components up to its
// path or its query and the reference brings nothing or only a fragment
// (§5.2.2: T takes Base.path and Base.query, not Base.fragment). Kills
// resolve.go resolveJoin's `i < slotHi` → `<=`, which also took the
// span of the base's next component, one not in the text.
func TestResolveSpansAsParsed(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		{"http://a/b?q#f", "", "http://a/b?q"},
		{"http://a/b#f", "", "http://a/b"},
		{"http://a/b?q#f", "#g", "http://a/b?q#g"},
		{"http://a/b#f", "#g", "http://a/b#g"},
		{"http://a/b?q#f", "?", "http://a/b?"},
		{"s:b#f", "", "s:b"},
		{"http://a/b?q#f", "//h", "http://h"},
		{"s:a#f", "//h?x", "s://h?x"},
	} {
		got, err := MustParse(tt.base).Resolve(MustParseReference(tt.ref))
		if err != nil || got.String() != tt.want {
			t.Errorf("%q.Resolve(%q) = %q, %v; want %q", tt.base, tt.ref, got, err, tt.want)
			continue
		}
		// URI.Equal compares the text only: compare the spans and the host kind.
		p := MustParseReference(tt.want)
		if d := cmp.Diff(p.sp, got.sp, cmp.AllowUnexported(span{})); d != "" || p.host != got.host {
			t.Errorf("%q.Resolve(%q): spans not those of a parse (-parse +got):\n%s\nhost kind %v, parse %v", tt.base, tt.ref, d, got.host, p.host)
		}
	}
}

// TestNormalizeColonFirstAfterDotSegments: a relative-path reference whose
// normal path would start with a segment holding ":" gets "./" in front
// (NormalizeSyntax's policy, §4.2: such a first segment would read as a
// scheme), also when the ":" is the segment's first byte and the segment
// was not first before the dot segments went. Kills normalize.go
// normRelPath's `IndexByte(string(first), ':') >= 0` → `> 0`.
func TestNormalizeColonFirstAfterDotSegments(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a/../:b", "./:b"},
		{"./:b/c", "./:b/c"},
		{"a/./../:", "./:"},
		{"a/../b:c", "./b:c"},
	} {
		got := MustParseReference(tt.in).NormalizeSyntax()
		if got.String() != tt.want {
			t.Errorf("NormalizeSyntax(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if _, err := ParseReference(got.String()); err != nil {
			t.Errorf("NormalizeSyntax(%q) = %q, which does not parse: %v", tt.in, got, err)
		}
	}
}

// TestParseRepairedNonASCIIAfterARemoval: when repair 1 has removed bytes
// (here a leading space), a non-ASCII character that stands in one piece in
// the input is still one Repair, its UTF-8 bytes percent-encoded (§2.1,
// §3.3); one split by a removed tab is a Repair per byte (ParseRepaired's
// doc). Kills repair.go cleaned.contiguous's `j-1-i` → `j+1-i` and
// `pos[j-1]-pos[i]` → `+`, which took every character for split.
func TestParseRepairedNonASCIIAfterARemoval(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		reps     []Repair
	}{
		{" http://h/é", "http://h/%C3%A9", []Repair{{Offset: 0, Old: " "}, {Offset: 10, Old: "é", New: "%C3%A9"}}},
		{" http://h/\xc3\t\xa9", "http://h/%C3%A9", []Repair{{Offset: 0, Old: " "}, {Offset: 10, Old: "\xc3", New: "%C3"},
			{Offset: 11, Old: "\t"}, {Offset: 12, Old: "\xa9", New: "%A9"}}},
		{"\thttp://h/x?€", "http://h/x?%E2%82%AC", []Repair{{Offset: 0, Old: "\t"}, {Offset: 12, Old: "€", New: "%E2%82%AC"}}},
	} {
		u, reps, err := ParseRepaired(tt.in)
		if err != nil || u.String() != tt.want {
			t.Errorf("ParseRepaired(%q) = %q, %v; want %q", tt.in, u, err, tt.want)
			continue
		}
		if d := cmp.Diff(tt.reps, reps); d != "" {
			t.Errorf("ParseRepaired(%q) repairs (-want +got):\n%s", tt.in, d)
		}
	}
}

// TestParseRepairedFragmentFirst: a reference that is only a fragment
// (§4.2: relative-ref may be "#" fragment alone) has its fragment repaired
// like any other: the bytes a fragment does not allow percent-encoded
// (§3.5). Kills repair.go repair's fragment `if f >= 0` → `f > 0`, which
// dropped a fragment at offset 0.
func TestParseRepairedFragmentFirst(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		reps     []Repair
	}{
		{"#é", "#%C3%A9", []Repair{{Offset: 1, Old: "é", New: "%C3%A9"}}},
		{"#a b", "#a%20b", []Repair{{Offset: 2, Old: " ", New: "%20"}}},
	} {
		u, reps, err := ParseRepaired(tt.in)
		if err != nil || u.String() != tt.want {
			t.Errorf("ParseRepaired(%q) = %q, %v; want %q", tt.in, u, err, tt.want)
			continue
		}
		if d := cmp.Diff(tt.reps, reps); d != "" {
			t.Errorf("ParseRepaired(%q) repairs (-want +got):\n%s", tt.in, d)
		}
	}
}

// TestResolveDotSegmentsOnlyInTheReference: with a base directory free of
// dot segments, RemoveDotSegments must start where the reference's first
// dot segment lies in the merged path (§5.2.3, then §5.2.4), not at its
// offset in the reference: a base segment such as "a.." is a name, not a
// "..". Kills resolve.go resolve's `dot >= 0` → `dot < 0`, which left the
// offset in the reference's terms and read "a.." as "..".
func TestResolveDotSegmentsOnlyInTheReference(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		{"http://h/a../b", "x/../y", "http://h/a../y"},
		{"http://h/a./b", "x/./y", "http://h/a./x/y"},
		{"http://h/p/q/r", "g/..", "http://h/p/q/"},
		{"http://h/.a/b", "../g", "http://h/g"},
	} {
		got, err := MustParse(tt.base).Resolve(MustParseReference(tt.ref))
		if err != nil || got.String() != tt.want {
			t.Errorf("%q.Resolve(%q) = %q, %v; want %q", tt.base, tt.ref, got, err, tt.want)
		}
	}
}

// TestTooLongFor: a URI's spans store an offset plus one in an int32, and a
// capture may start at len(s), so the longest text the Parse functions take
// is math.MaxInt32-1 bytes (a text of math.MaxInt32 bytes was taken, and
// resolving against it overflowed a span: a panic). Checked on the bound
// itself, not on a 2 GiB input.
func TestTooLongFor(t *testing.T) {
	cases := []struct {
		n    int
		want bool
	}{{0, false}, {math.MaxInt32 - 1, false}, {math.MaxInt32, true}}
	if n := int64(math.MaxInt32) + 1; n <= math.MaxInt { // where an int holds it (not on 32-bit platforms)
		cases = append(cases, struct {
			n    int
			want bool
		}{int(n), true})
	}
	for _, tt := range cases {
		if got := tooLongFor(tt.n); got != tt.want {
			t.Errorf("tooLongFor(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
}

// TestNormalizeSyntaxOfNormalAllocatesNothing: a URI already in the normal
// form of §6.2.2 comes back as it is, with no allocation, however long
// (issue 14). Kills isNormal's negations of its "//" path check (a normal
// path "a/…" or "/a…" taken for one starting "//" is written again, on the
// heap past the stack's room).
func TestNormalizeSyntaxOfNormalAllocatesNothing(t *testing.T) {
	for _, in := range []string{"a/" + strings.Repeat("b", 300), "/a" + strings.Repeat("b", 300),
		"http://h/" + strings.Repeat("a", 300)} {
		u := MustParseReference(in)
		if got := u.NormalizeSyntax().String(); got != in {
			t.Errorf("NormalizeSyntax(%.12q…) = %.12q…, want it unchanged", in, got)
		}
		if n := testing.AllocsPerRun(100, func() { _ = u.NormalizeSyntax() }); n != 0 {
			t.Errorf("NormalizeSyntax(%.12q…): %v allocations, want 0", in, n)
		}
	}
}

var resolveSink URI

// TestResolveSizesItsText: Resolve's one allocation holds the result's text
// and only the room removing dot segments needs. "#f" against
// "http://a/bc?q" is "http://a/bc?q#f" (§5.2.2: the base's path and query,
// the reference's fragment), 15 bytes; "http://a/./b" against "http://x/"
// in the non-strict variant (§5.2.2: the reference's scheme, the base's,
// is left out and its authority taken) is "http://a/b" (§5.2.4: "./"
// removed), 10 bytes and 5 of room for the path: both the allocator's
// 16-byte class. Kills the empty-path call's dot -1 → 1 and resolveJoin's
// headEnd - headFrom → + (room for nothing: the 24-byte class).
func TestResolveSizesItsText(t *testing.T) {
	for _, tt := range []struct {
		base, ref, want string
		opts            ResolveOptions
	}{
		{"http://a/bc?q", "#f", "http://a/bc?q#f", ResolveOptions{}},
		{"http://x/", "http://a/./b", "http://a/b", ResolveOptions{NonStrict: true}},
	} {
		base, ref := MustParse(tt.base), MustParseReference(tt.ref)
		if got, _ := base.ResolveWith(ref, tt.opts); got.String() != tt.want {
			t.Errorf("Resolve(%q, %q) = %q, want %q", tt.base, tt.ref, got, tt.want)
			continue
		}
		// The least of three counts, so that what another goroutine
		// allocates meanwhile (the runtime's, the test runner's) is left out.
		const runs = 2000
		per := math.Inf(1)
		for range 3 {
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			for range runs {
				resolveSink, _ = base.ResolveWith(ref, tt.opts)
			}
			runtime.ReadMemStats(&m1)
			per = min(per, float64(m1.TotalAlloc-m0.TotalAlloc)/runs)
		}
		if per > 20 {
			t.Errorf("Resolve(%q, %q) allocated %.1f bytes per call, want 16", tt.base, tt.ref, per)
		}
	}
}
