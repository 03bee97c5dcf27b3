package iri

import (
	"errors"
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
	want := `iri: invalid character (not shown: it may be part of a password) at offset 15 in userinfo: expected iunreserved, pct-encoded, sub-delims, ":" or "@" (` +
		`a password holds unreserved characters, sub-delims, ":" and percent-encodings only: percent-encode any other character; ` +
		`the password is not shown (RFC 3986 §3.2.1)) in "http://user:xxxxx@h/"`
	if got := pe.Error(); got != want {
		t.Errorf("Error() =\n%s\nwant\n%s", got, want)
	}
	if pe.Offset != 15 || pe.Hint == "" {
		t.Errorf("Offset %d, Hint %q: want 15 and the hint for a space", pe.Offset, pe.Hint)
	}
}
