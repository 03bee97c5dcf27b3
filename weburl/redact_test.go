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

// Every way browsers read a password ends in an href whose printed forms
// hide it: the special authority states take any slashes and backslashes
// after a special scheme (§4.4), the parser drops leading C0 controls and
// spaces and every tab and newline, and a blob URL's origin is that of the
// URL its path holds (§4.7).
func TestPrintedFormsHideEveryPassword(t *testing.T) {
	for _, tc := range []struct{ in, redacted string }{
		{`https:\\user:s3cr3t@host/`, "https://user:xxxxx@host/"},
		{`https:user:s3cr3t@host/`, "https://user:xxxxx@host/"},
		{`https:/\user:s3cr3t@host/`, "https://user:xxxxx@host/"},
		{`https:///user:s3cr3t@host/`, "https://user:xxxxx@host/"},
		{" \x01HTTPS://us\ter:s3c\nr3t@host/", "https://user:xxxxx@host/"},
		{"blob:https://user:s3cr3t@host/", "blob:https://user:xxxxx@host/"},
		{"blob:https:user:s3cr3t@host/", "blob:https:user:xxxxx@host/"},
		{"blob:blob:https://user:s3cr3t@host/", "blob:blob:https://user:xxxxx@host/"},
		{"s://user:s3cr3t@host/", "s://user:xxxxx@host/"},
		{"s:user:s3cr3t@host/", "s:user:s3cr3t@host/"}, // an opaque path: no reading sees a password
	} {
		u, err := weburl.Parse(tc.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.in, err)
		}
		if got := u.Redacted(); got != tc.redacted {
			t.Errorf("Parse(%q).Redacted() = %q, want %q", tc.in, got, tc.redacted)
		}
		var text, js bytes.Buffer
		slog.New(slog.NewTextHandler(&text, nil)).Info("m", "u", u)
		slog.New(slog.NewJSONHandler(&js, nil)).Info("m", "u", u)
		for name, s := range map[string]string{"%#v": fmt.Sprintf("%#v", u), "slog text": text.String(), "slog JSON": js.String()} {
			if strings.Contains(s, "s3cr3t") != strings.Contains(tc.redacted, "s3cr3t") {
				t.Errorf("Parse(%q), %s: %s", tc.in, name, s)
			}
		}
	}
}
