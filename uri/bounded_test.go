package uri

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// maxMessage is the most bytes an error message may have, whatever the
// input: two quotes of 64 bytes (each byte at most 4 once escaped) and the
// words around them.
const maxMessage = 2*(4*64+32) + 200

// bigComponent returns a 16 MiB component: a run of bytes valid in every
// component (unreserved), so that only the byte a test puts after it is
// wrong. Under -short (as .ci/mutation runs the tests, once per mutant) it
// is 64 KiB: still a thousand times what a message may quote.
func bigComponent() string {
	if testing.Short() {
		return strings.Repeat("a", 64<<10)
	}
	return strings.Repeat("a", 16<<20)
}

// TestErrorMessagesBounded makes every error type of the package with a
// 16 MiB component, and with a password in the userinfo (§3.2.1), and
// checks that the message is short, and, for the second, that the input
// holds the password and the message no part of it.
func TestErrorMessagesBounded(t *testing.T) {
	const password = "s3cret"
	big := bigComponent()
	resolve := func(base, ref string) error {
		_, err := MustParseReference(base).Resolve(MustParseReference(ref))
		return err
	}
	relativize := func(base, ref string) error {
		_, err := MustParseReference(base).Relativize(MustParseReference(ref))
		return err
	}
	port := func(s string) error { _, err := MustParse(s).PortNumber(); return err }
	decode := func(s string) error { _, err := PercentDecode(s); return err }
	parse := func(s string) error { _, err := Parse(s); return err }
	fromNet := func(v *url.URL) error { _, err := FromNetURL(v); return err }
	toNet := func(s string) error { _, err := MustParseReference(s).NetURL(); return err }
	pwURL := &url.URL{Scheme: "http", User: url.UserPassword("u", password), Host: "h", RawQuery: " "}
	tests := []struct {
		name   string
		err    error
		target any    // a pointer to the error type expected
		in     string // the text that holds the password, for the cases that have one
	}{
		{"ResolveError, big base", resolve("/"+big, "g"), new(*ResolveError), ""},
		{"ResolveError, big reference", resolve("a", "http://h/"+big), new(*ResolveError), ""},
		{"ResolveError, password", resolve("//user:"+password+"@h/", "http://user:"+password+"@h/"), new(*ResolveError), "//user:" + password + "@h/"},
		{"ResolveError, password after a big path", resolve("//user:"+password+"@h/"+big, "g"), new(*ResolveError), "//user:" + password + "@h/"},
		{"ResolveError of Relativize, big", relativize(big, "http://h/"+big), new(*ResolveError), ""},
		{"ResolveError of Relativize, password", relativize("//u:"+password+"@h", "http://u:"+password+"@h"), new(*ResolveError), "//u:" + password + "@h"},
		{"PortRangeError, big", port("http://h:" + strings.Repeat("9", len(big))), new(*PortRangeError), ""},
		{"PortRangeError, password", port("http://u:" + password + "@h:99999"), new(*PortRangeError), "http://u:" + password + "@h:99999"},
		{"EscapeError, big", decode(big + "%zz" + big), new(*EscapeError), ""},
		{"EscapeError, in a password", decode("http://user:" + password + "%zz@h/"), new(*EscapeError), "http://user:" + password + "%zz@h/"},
		{"EscapeError, at the start of a password", decode("http://user:%zz" + password + "@h/"), new(*EscapeError), "http://user:%zz" + password + "@h/"},
		{"ParseError, big", parse("http://h/" + big + " " + big), new(*ParseError), ""},
		{"ParseError, password", parse("http://user:" + password + " @h/"), new(*ParseError), "http://user:" + password + " @h/"},
		{"ConversionError, big", fromNet(&url.URL{Scheme: "http", Host: "h", RawQuery: big + " " + big}), new(*ConversionError), ""},
		{"ConversionError, password", fromNet(pwURL), new(*ConversionError), pwURL.String()},
		{"ConversionError of NetURL, big", toNet("http://h/" + big + "#"), new(*ConversionError), ""},
		{"ConversionError of NetURL, password", toNet("http://u:" + password + "@h/#"), new(*ConversionError), "http://u:" + password + "@h/#"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err == nil {
				t.Fatal("no error")
			}
			if !errors.As(tt.err, tt.target) {
				t.Fatalf("error %T, want %T", tt.err, tt.target)
			}
			msg := tt.err.Error()
			if len(msg) > maxMessage {
				t.Errorf("message of %d bytes: %.200q…", len(msg), msg)
			}
			if strings.Contains(tt.name, "password") {
				if lo, hi, ok := errtext.URIPassword(tt.in); !ok || !strings.Contains(tt.in[lo:hi], password) {
					t.Fatalf("the input %q holds no password %q", tt.in, password)
				}
				if strings.Contains(msg, password[:2]) || strings.Contains(msg, password[3:]) {
					t.Errorf("message shows the password: %q", msg)
				}
			}
			if strings.ContainsAny(msg, "\x00\n\r\t") {
				t.Errorf("message holds a control character: %q", msg)
			}
		})
	}
}

func TestErrorMessagesQuote(t *testing.T) {
	long := strings.Repeat("b", 100)
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"resolve", &ResolveError{Op: "resolve", Base: "a/b", Ref: "g"},
			`uri: cannot resolve reference "g" against "a/b": the base is a relative reference; a base URI needs a scheme (RFC 3986 §5.2.1)`},
		{"relativize, password", &ResolveError{Op: "relativize", Base: "//u:pw@h/", Ref: "s://u:pw@h/x"},
			`uri: cannot relativize target "s://u:xxxxx@h/x" against "//u:xxxxx@h/": the base is a relative reference; a base URI needs a scheme (RFC 3986 §5.2.1)`},
		{"resolve, long", &ResolveError{Op: "resolve", Base: long, Ref: "g\x00"},
			`uri: cannot resolve reference "g\x00" against "` + long[:64] + `…" (100 bytes): the base is a relative reference; a base URI needs a scheme (RFC 3986 §5.2.1)`},
		{"port", &PortRangeError{Port: "65536"}, `uri: port 65536 is out of range 0-65535`},
		{"port with 0 and 9", &PortRangeError{Port: "900000"}, `uri: port 900000 is out of range 0-65535`},
		{"port of 64 digits", &PortRangeError{Port: strings.Repeat("9", 64)}, `uri: port ` + strings.Repeat("9", 64) + ` is out of range 0-65535`},
		{"port, long", &PortRangeError{Port: strings.Repeat("9", 65)},
			`uri: port "` + strings.Repeat("9", 64) + `…" (65 bytes) is out of range 0-65535`},
		{"port, not digits", &PortRangeError{Port: "8\n0"}, `uri: port "8\n0" is out of range 0-65535`},
		{"escape", &EscapeError{Input: "a%zz", Offset: 1},
			`uri: malformed percent-encoding "%zz" at offset 1: expected "%" HEXDIG HEXDIG`},
		{"escape in a password", &EscapeError{Input: "//u:p%zz@h", Offset: 5},
			`uri: malformed percent-encoding in the password at offset 5: expected "%" HEXDIG HEXDIG`},
		{"escape before a password", &EscapeError{Input: "//u%z:pw@h", Offset: 3},
			`uri: malformed percent-encoding "%z:" at offset 3: expected "%" HEXDIG HEXDIG`},
		{"escape running into a password", &EscapeError{Input: "//u%:pw@h", Offset: 3},
			`uri: malformed percent-encoding in the password at offset 3: expected "%" HEXDIG HEXDIG`},
		{"escape at the end of a password", &EscapeError{Input: "//u:pw@h", Offset: 6},
			`uri: malformed percent-encoding "@h" at offset 6: expected "%" HEXDIG HEXDIG`},
		{"escape after a password", &EscapeError{Input: "//u:pw@h%", Offset: 8},
			`uri: malformed percent-encoding "%" at offset 8: expected "%" HEXDIG HEXDIG`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestParseErrorHidesPassword checks that a ParseError's message shows no
// part of a password (§3.2.1), on mistakes made inside it, after it, and in
// inputs whose hint suggests a corrected URI: the character at Offset is not
// named when it falls in the password, and a suggestion shows "xxxxx".
func TestParseErrorHidesPassword(t *testing.T) {
	const pw = "Zq9Wx"
	big := bigComponent()
	for _, s := range []string{
		"http://user:Zq 9Wx@h/", "http://user:Zq9Wx<@h/", "http://user:Zq9Wx@h/ x", "http//user:Zq9Wx@h/",
		"htp:/user:Zq9Wx@h/", "\"http://user:Zq9Wx@h/\"", " http://user:Zq9Wx@h/", "http://user:Zq9Wx@h:8o/",
		"http://user:Zq9Wx@[::1/", "http://user:Zq9Wx@h@x/", "http://user:Zq9Wx@1.2.3.4%/", "http://user:Zq9Wx@h/%zz",
		"http://user:Zq9Wx@h/{x}", "ht tp://user:Zq9Wx@h/", "http://user:Zq9Wx@h#a#b", "http://user:Zq9Wx@h/é",
		"user:Zq9Wx@example.com/x y", "//user:Zq9Wx@h:99999999x/", "http://user:Zq9Wx@[1.2.3.4]/",
		"http://user:Zq9Wx@::1/", "http://u:Zq@9Wxé@h/", "http://u:Zq@9Wx\x01@h/", "mailto://user:Zq9Wx@h/\\", "//user:Zq9Wx" + big + "@h/ x",
	} {
		for _, parse := range []func(string) (URI, error){Parse, ParseReference, ParseAbsolute, ParseRelative} {
			_, err := parse(s)
			if err == nil {
				continue
			}
			msg := err.Error()
			if strings.Contains(msg, pw[:2]) || strings.Contains(msg, pw[3:]) {
				t.Errorf("%.40q: the message shows the password: %.300q", s, msg)
			}
			var pe *ParseError
			if errors.As(err, &pe) && errtext.InPassword(s, pe.Offset) &&
				(!strings.Contains(msg, errtext.PasswordFound) || strings.Contains(msg, pe.Hint)) {
				t.Errorf("%.40q: the message shows the character at fault in the password: %.300q", s, msg)
			}
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"http://user:Zq 9Wx@h/", `uri: invalid character (not shown: it may be part of a password) at offset 14 in userinfo: ` +
			`expected unreserved, pct-encoded, sub-delims, ":" or "@"; ` + errtext.PasswordHint},
		{"http//user:Zq9Wx@h/", `uri: invalid character '/' at offset 4 in scheme: expected ALPHA, DIGIT, "+", "-", "." or ":"; ` +
			`no ":" after the scheme "http": did you mean "http://user:xxxxx@h/"?`},
		{"//user:Zq9Wx@h/ ", `uri: invalid character '/' at offset 0 in scheme: expected scheme; ` +
			`no scheme: did you mean "https://user:xxxxx@h/ "?`},
	} {
		_, err := Parse(tc.in)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%q):\n got %v\nwant %s", tc.in, err, tc.want)
		}
	}
}
