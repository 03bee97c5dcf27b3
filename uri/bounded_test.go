package uri

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

// maxMessage is the most bytes an error message may have, whatever the
// input: two quotes of 64 bytes (each byte at most 4 once escaped) and the
// words around them.
const maxMessage = 2*(4*64+32) + 200

// big is a 16 MiB component: a run of bytes valid in every component
// (unreserved), so that only the byte a test puts after it is wrong.
var big = strings.Repeat("a", 16<<20)

// TestErrorMessagesBounded makes every error type of the package with a
// 16 MiB component and with a password in the userinfo, and checks that the
// message is short and holds no part of the password.
func TestErrorMessagesBounded(t *testing.T) {
	const password = "s3cret"
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
	tests := []struct {
		name   string
		err    error
		target any // a pointer to the error type expected
	}{
		{"ResolveError, big base", resolve("/"+big, "g"), new(*ResolveError)},
		{"ResolveError, big reference", resolve("a", "http://h/"+big), new(*ResolveError)},
		{"ResolveError, password", resolve("//user:"+password+"@h/", "http://user:"+password+"@h/"), new(*ResolveError)},
		{"ResolveError, password after a big path", resolve("//user:"+password+"@h/"+big, "g"), new(*ResolveError)},
		{"ResolveError of Relativize, big", relativize(big, "http://h/"+big), new(*ResolveError)},
		{"ResolveError of Relativize, password", relativize("//u:"+password+"@h", "http://u:"+password+"@h"), new(*ResolveError)},
		{"PortRangeError, big", port("http://h:" + strings.Repeat("9", 16<<20)), new(*PortRangeError)},
		{"PortRangeError, password", port("http://u:" + password + "@h:99999"), new(*PortRangeError)},
		{"EscapeError, big", decode(big + "%zz" + big), new(*EscapeError)},
		{"EscapeError, in a password", decode("http://user:" + password + "%zz@h/"), new(*EscapeError)},
		{"EscapeError, at the start of a password", decode("http://user:%zz" + password + "@h/"), new(*EscapeError)},
		{"ParseError, big", parse("http://h/" + big + " " + big), new(*ParseError)},
		{"ParseError, password", parse("http://user:" + password[:3] + " " + password[3:] + "@h/"), new(*ParseError)},
		{"ConversionError, big", fromNet(&url.URL{Scheme: "http", Host: "h", RawQuery: big + " " + big}), new(*ConversionError)},
		{"ConversionError, password", fromNet(&url.URL{Scheme: "http", User: url.UserPassword("u", password), Host: "h", RawQuery: " "}), new(*ConversionError)},
		{"ConversionError of NetURL, big", toNet("http://h/" + big + "#"), new(*ConversionError)},
		{"ConversionError of NetURL, password", toNet("http://u:" + password + "@h/#"), new(*ConversionError)},
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
			if strings.Contains(msg, password[:2]) {
				t.Errorf("message shows the password: %q", msg)
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
