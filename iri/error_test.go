package iri

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

// TestErrorMessagesBounded makes each error of the package with a 16 MiB
// component and with a password in the userinfo, and checks that the message
// is short, escapes control characters and shows no part of the password,
// not even the character it is about (RFC 3986 §3.2.1).
func TestErrorMessagesBounded(t *testing.T) {
	const password = "Zq9Wx"
	big := strings.Repeat("a", 16<<20)
	parse := func(s string) error { _, err := ParseReference(s); return err }
	toASCII := func(s string) error { _, err := MustParseReference(s).ToASCII(); return err }
	tests := []struct {
		name   string
		err    error
		target any
		absent []string // what the message must not hold, besides the password
	}{
		{"ParseError, big", parse("http://h/" + big + " " + big), new(*ParseError), nil},
		{"ParseError, a space in a password", parse("http://user:" + password[:2] + " " + password[2:] + "@h/"), new(*ParseError), []string{"%20", "' '"}},
		{"ParseError, a \"<\" in a password", parse("http://user:" + password + "<x@h/"), new(*ParseError), []string{"%3C", "'<'"}},
		{"ParseError, a control character after a password", parse("http://user:" + password + "@h/\x00"), new(*ParseError), nil},
		{"IDNAError, big", toASCII("http://-é" + strings.Repeat("é", 1<<20) + "/"), new(*IDNAError), nil},
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
			if len(msg) > 1024 {
				t.Errorf("message of %d bytes: %.200q…", len(msg), msg)
			}
			for _, s := range append(tt.absent, password[:2], password[3:]) {
				if strings.Contains(msg, s) {
					t.Errorf("message holds %q: %q", s, msg)
				}
			}
			if strings.ContainsAny(msg, "\x00\n\r\t") {
				t.Errorf("message holds a control character: %q", msg)
			}
		})
	}
}

// TestPasswordErrorMessage pins the words of a message about a character in
// a password: it names the place, not the character, and keeps the offset
// and what was expected. The fields still hold the details for the program.
func TestPasswordErrorMessage(t *testing.T) {
	_, err := ParseReference("http://user:s3c ret@h/")
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v", err)
	}
	want := `iri: invalid character (not shown: it may be part of a password) at offset 15 in userinfo of "http://user:xxxxx@h/": ` +
		`expected iunreserved, pct-encoded, sub-delims, ":" or "@"; ` +
		`a password holds unreserved characters, sub-delims, ":" and percent-encodings only: percent-encode any other character; ` +
		`the password is not shown (RFC 3986 §3.2.1)`
	if got := pe.Error(); got != want {
		t.Errorf("Error() =\n%s\nwant\n%s", got, want)
	}
	if pe.Offset != 15 || pe.Hint == "" {
		t.Errorf("Offset %d, Hint %q: want 15 and the hint for a space", pe.Offset, pe.Hint)
	}
}

// Every printed form of the package's errors (the verbs %v %+v %#v %s %q
// and slog's text and JSON handlers) stays under about 1 KiB for a 1 MiB
// input, escapes control and bidi characters and shows no part of a
// password.
func TestPrintedFormsBounded(t *testing.T) {
	const password = "Zq9Wx"
	const maxForm = 1536 // 1 KiB, and %q's escapes of its escapes
	big := strings.Repeat("a", 1<<20)
	bidi := "\u202e\u2066\x1b"
	parse := func(s string) error { _, err := ParseReference(s); return err }
	toASCII := func(s string) error { _, err := MustParseReference(s).ToASCII(); return err }
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"ParseError, a bidi override after a password", parse("http://user:" + password + "@h/" + big + bidi)},
		{"ParseError, in a big password", parse("http://user:" + password + big + bidi + "@h/")},
		{"ParseError, Go syntax of its fields", &ParseError{Input: "http://u:" + password + "@h/" + bidi + big, Offset: 20,
			Rule: "IRI" + bidi, Component: "path" + big, Expected: []string{big + bidi, "x"}, Hint: bidi + big}},
		{"IDNAError, a long label", toASCII("http://" + strings.Repeat("é", 1<<19) + "/")},
		{"IDNAError, the bidi rule", toASCII("http://\u05d0é" + strings.Repeat("é", 1<<19) + "/")},
		{"IDNAError, Go syntax of its fields", &IDNAError{Host: bidi + big, Err: errors.New(bidi + big)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.err == nil {
				t.Fatal("no error")
			}
			forms := printedForms(tc.err)
			if strings.Contains(tc.name, "Go syntax") {
				// Fields set by hand: GoString quotes each, where Error
				// trusts the package's own words.
				forms = map[string]string{"%#v": forms["%#v"]}
			}
			for form, s := range forms {
				if len(s) > maxForm {
					t.Errorf("%s: %d bytes: %.200q…", form, len(s), s)
				}
				if r := rawControlOrBidi(s); r >= 0 {
					t.Errorf("%s holds %U raw: %.200q", form, r, s)
				}
				if strings.Contains(s, password[:3]) {
					t.Errorf("%s shows the password: %.300q", form, s)
				}
			}
		})
	}
}

// printedForms returns x as each verb and each slog handler prints it.
func printedForms(x any) map[string]string {
	forms := map[string]string{}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
		forms[verb] = fmt.Sprintf(verb, x)
	}
	var text, js strings.Builder
	slog.New(slog.NewTextHandler(&text, nil)).Info("m", "x", x)
	slog.New(slog.NewJSONHandler(&js, nil)).Info("m", "x", x)
	forms["slog text"], forms["slog JSON"] = text.String(), js.String()
	return forms
}

// rawControlOrBidi returns the first control or bidirectional formatting
// character of s, or -1 (the newline that ends a slog line aside).
func rawControlOrBidi(s string) rune {
	for _, r := range strings.TrimSuffix(s, "\n") {
		if r < 0x20 || r == 0x7F || r >= 0x80 && r <= 0x9F || r == 0x061C || r == 0x200E || r == 0x200F ||
			r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 {
			return r
		}
	}
	return -1
}

// %#v of the package's errors is Go-like syntax of their fields, the
// input and the suggestion quoted as Error quotes the input (no password,
// at most 64 bytes) and the offset, as the field holds it, in the input as
// given.
func TestErrorGoString(t *testing.T) {
	_, err := ParseReference("http://alice:s3cr3t@h/a b")
	if got, want := fmt.Sprintf("%#v", err), `&iri.ParseError{Input:"http://alice:xxxxx@h/a b", Offset:23, Rule:"IRI-reference", `+
		`Component:"path", Expected:[]string{"ipchar", "\"/\"", "\"?\"", "\"#\"", "end of input"}, `+
		`Hint:"a space is not allowed as it stands: percent-encode it as \"%20\"", Suggestion:""}`; got != want {
		t.Errorf("%%#v =\n%s\nwant\n%s", got, want)
	}
	// The Suggestion keeps the password; %#v shows it as Error would (RFC
	// 3986 §3.2.1), as the hint does.
	_, err = Parse("//alice:s3cr3t@bücher.de/x")
	if got, want := fmt.Sprintf("%#v", err), `&iri.ParseError{Input:"//alice:xxxxx@bücher.de/x", Offset:0, Rule:"IRI", `+
		`Component:"scheme", Expected:[]string{"scheme"}, `+
		`Hint:"no scheme: did you mean \"https://alice:xxxxx@bücher.de/x\"?", Suggestion:"https://alice:xxxxx@bücher.de/x"}`; got != want {
		t.Errorf("%%#v =\n%s\nwant\n%s", got, want)
	}
	_, err = MustParse("http://bü_cher.de/").ToASCII()
	if got, want := fmt.Sprintf("%#v", err), `&iri.IDNAError{Host:"bü_cher.de", Err:"idna: disallowed rune U+005F"}`; got != want {
		t.Errorf("%%#v =\n%s\nwant\n%s", got, want)
	}
	if got, want := fmt.Sprintf("%#v", &IDNAError{Host: "h"}), `&iri.IDNAError{Host:"h", Err:"<nil>"}`; got != want {
		t.Errorf("%%#v = %s, want %s", got, want)
	}
}

// An IDNAError made by hand without its cause says what is wrong and does
// not panic.
func TestIDNAErrorWithoutCause(t *testing.T) {
	if got, want := (&IDNAError{Host: "h"}).Error(), `iri: host "h" is not a valid IDNA domain name`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

// TestParseErrorSuggestion: a hint that proposes a text ("did you mean
// ...") puts it whole in Suggestion, password included, as uri does; an
// input over 4 KiB gets none, so that no error of a long input copies it.
func TestParseErrorSuggestion(t *testing.T) {
	long := "bücher.de/" + strings.Repeat("a", 5000)
	for _, tt := range []struct{ in, want string }{
		{"bücher.de/a", "https://bücher.de/a"},
		{"//alice:s3cr3t@h/", "https://alice:s3cr3t@h/"},
		{long, ""},
	} {
		_, err := Parse(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("Parse(%.40q) = %v, want a *ParseError", tt.in, err)
		}
		if pe.Suggestion != tt.want || pe.Hint == "" {
			t.Errorf("Parse(%.40q): Suggestion %q, Hint %q; want %q and a hint", tt.in, pe.Suggestion, pe.Hint, tt.want)
		}
		if tt.want != "" {
			if _, err := Parse(tt.want); err != nil {
				t.Errorf("Parse(%q): the suggestion does not parse: %v", tt.want, err)
			}
		}
	}
}
