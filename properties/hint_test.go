package properties

import (
	"errors"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

// TestHintEveryNearMiss: every near miss (Invalid: a forbidden byte, a bad
// "%", an unbalanced bracket, ...) and every generated invalid input of the
// offset property gets a ParseError with a hint, under each top rule that
// refuses it, and the message ends with it (with errtext.PasswordHint when
// the offset falls in a password).
func TestHintEveryNearMiss(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		inputs := []string{Invalid().Draw(t, "near miss").Input, genOffsetInput().Draw(t, "input")}
		for _, s := range inputs {
			for _, r := range offsetRules {
				_, err := r.parse(s)
				var pe *uri.ParseError
				if !errors.As(err, &pe) {
					continue
				}
				if pe.Hint == "" {
					t.Fatalf("%s %q: no hint for %v", r.name, s, err)
				}
				hint := pe.Hint
				if errtext.InPassword(s, pe.Offset) { // a message does not show a password's character (§3.2.1)
					hint = errtext.PasswordHint
				}
				if msg := err.Error(); !strings.HasSuffix(msg, hint) {
					t.Fatalf("%s %q: message %q does not end with the hint", r.name, s, msg)
				}
			}
		}
	})
}
