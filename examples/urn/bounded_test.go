package urn

import (
	"errors"
	"strings"
	"testing"
)

// TestErrorMessageBounded checks that the message of a *ParseError stays
// short for a 16 MiB input, and shows no password.
func TestErrorMessageBounded(t *testing.T) {
	big := strings.Repeat("a", 16<<20)
	for _, s := range []string{
		"urn:ex:" + big + " ",
	} {
		_, err := Parse(s)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("Parse(%.40q…) error = %v, want a *ParseError", s, err)
		}
		if msg := err.Error(); len(msg) > 600 || strings.Contains(msg, "s3") {
			t.Errorf("Parse(%.40q…): message of %d bytes: %.300q", s, len(msg), msg)
		}
	}
}
