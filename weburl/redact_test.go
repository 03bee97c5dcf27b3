package weburl_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/weburl"
)

// No printed form but String and Href shows a password (the URL Standard's
// password is data; logs are not the place for it).
func TestPrintedFormsHideThePassword(t *testing.T) {
	u, err := weburl.Parse("https://alice:s3cr3t@example.com/a?b#c")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := u.Redacted(), "https://alice:xxxxx@example.com/a?b#c"; got != want {
		t.Errorf("Redacted() = %q, want %q", got, want)
	}
	var text, js bytes.Buffer
	slog.New(slog.NewTextHandler(&text, nil)).Info("m", "u", u)
	slog.New(slog.NewJSONHandler(&js, nil)).Info("m", "u", u)
	for name, s := range map[string]string{
		"%#v": fmt.Sprintf("%#v", u), "slog text": text.String(), "slog JSON": js.String(),
	} {
		if strings.Contains(s, "s3cr3t") || !strings.Contains(s, "alice:xxxxx@example.com") {
			t.Errorf("%s: %s", name, s)
		}
	}
	if u.String() != "https://alice:s3cr3t@example.com/a?b#c" {
		t.Errorf("String() = %q: the href is data and stays exact", u)
	}
}

func TestRedactedWithoutPassword(t *testing.T) {
	for _, s := range []string{"https://alice@example.com/", "https://example.com/", "mailto:a@b", "https://:@h/"} {
		u, err := weburl.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if u.Redacted() != u.Href() {
			t.Errorf("Redacted(%q) = %q, want the href %q", s, u.Redacted(), u.Href())
		}
	}
}

func TestGoStringBounded(t *testing.T) {
	u, err := weburl.Parse("https://h/" + strings.Repeat("a", 1<<20))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(fmt.Sprintf("%#v", u)); n > 1100 {
		t.Errorf("%%#v is %d bytes", n)
	}
}
