package uri

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

func TestRedacted(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://user:secret@h/p", "http://user:xxxxx@h/p"},
		{"http://user:@h/", "http://user:xxxxx@h/"}, // an empty password, as net/url
		{"http://:secret@h", "http://:xxxxx@h"},
		{"//u:a:b@h:80?q#f", "//u:xxxxx@h:80?q#f"}, // the password is all after the first ":"
		{"http://user@h/", "http://user@h/"},
		{"http://@h/", "http://@h/"},
		{"http://h:80/a:b@c?d:e@f", "http://h:80/a:b@c?d:e@f"},
		{"mailto:a:b@c", "mailto:a:b@c"},
		{"", ""},
	} {
		if got := MustParseReference(tc.in).Redacted(); got != tc.want {
			t.Errorf("Redacted of %q = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestLogValue(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		},
	}))
	log.Info("fetch", "url", MustParse("https://bob:hunter2@example.com/"))
	got := buf.String()
	if strings.Contains(got, "hunter2") || !strings.Contains(got, "url=https://bob:xxxxx@example.com/") {
		t.Errorf("log line %q", got)
	}
}

// %#v of a URI shows no password and stays bounded (issue 31).
func TestGoStringHidesThePasswordAndIsBounded(t *testing.T) {
	u := MustParse("https://alice:s3cr3t@example.com/a")
	if got, want := fmt.Sprintf("%#v", u), `uri.MustParseReference("https://alice:xxxxx@example.com/a")`; got != want {
		t.Errorf("%%#v = %s, want %s", got, want)
	}
	long := MustParse("https://alice:s3cr3t@example.com/" + strings.Repeat("a", 1<<20))
	if s := fmt.Sprintf("%#v", long); len(s) > 1<<10 || strings.Contains(s, "s3cr3t") {
		t.Errorf("%%#v of a 1 MiB URI is %d bytes", len(s))
	}
}
