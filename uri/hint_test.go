package uri

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
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

// TestHintSupplementaryPlanes: the hint for a non-ASCII character says
// whether an IRI holds it, by the ranges of RFC 3987 §2.2: ucschar takes
// %x10000-1FFFD but not the noncharacters U+1FFFE and U+1FFFF, and iprivate
// (%xF0000-FFFFD / %x100000-10FFFD) only in a query. The UTF-8 bytes are
// worked by hand (RFC 3629 §3).
func TestHintSupplementaryPlanes(t *testing.T) {
	const (
		notURI   = "non-ASCII character %s is not allowed in a URI: percent-encode its UTF-8 bytes as %q"
		iri      = "; an IRI parser (RFC 3987) accepts it as it is"
		notIRI   = "non-ASCII character %s is not allowed in a URI or an IRI: percent-encode its UTF-8 bytes as %q"
		iriQuery = "non-ASCII character %s is not allowed in a URI, nor outside the query of an IRI: percent-encode its UTF-8 bytes as %q"
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
			hinted{"URI", 3, "path", fmt.Sprintf(notIRI, `'\U0001fffe'`, "%F0%9F%BF%BE")}},
		{"plane 14, ucschar", "s:/\U000E1000",
			hinted{"URI", 3, "path", fmt.Sprintf(notURI, `'\U000e1000'`, "%F3%A1%80%80") + iri}},
		{"private use plane 15 in query", "s:?\U000FFFFD",
			hinted{"URI", 3, "query", fmt.Sprintf(notURI, `'\U000ffffd'`, "%F3%BF%BF%BD") + iri}},
		{"noncharacter U+FFFFE in query", "s:?\U000FFFFE",
			hinted{"URI", 3, "query", fmt.Sprintf(notIRI, `'\U000ffffe'`, "%F3%BF%BF%BE")}},
		{"private use plane 15 in path", "s:/\U000F0000",
			hinted{"URI", 3, "path", fmt.Sprintf(iriQuery, `'\U000f0000'`, "%F3%B0%80%80")}},
	} {
		wantHinted(t, tc.name+": Parse", Parse, tc.in, tc.want)
	}
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
