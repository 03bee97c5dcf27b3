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
		// Passwords browsers read where RFC 3986 reads a path (the URL
		// Standard's special authority states, and a blob URL's origin).
		{"https:user:s3cr3t@host/", "https:user:xxxxx@host/"},
		{"HTTPS:/user:s3cr3t@host/", "HTTPS:/user:xxxxx@host/"},
		{"https:///user:s3cr3t@host/", "https:///user:xxxxx@host/"},
		{"blob:https://user:s3cr3t@host/", "blob:https://user:xxxxx@host/"},
		{"s:user:s3cr3t@host/", "s:user:s3cr3t@host/"}, // no reading sees a password
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

// The errors that hold the text they are about show it without a password
// under %#v, as their messages do (RFC 3986 §3.2.1).
func TestErrorGoStringHidesThePassword(t *testing.T) {
	const pw = "s3cr3t"
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&ResolveError{Op: "resolve", Base: "a/b", Ref: "https:user:" + pw + "@h/"},
			`&uri.ResolveError{Op:"resolve", Base:"a/b", Ref:"https:user:xxxxx@h/"}`},
		{&EscapeError{Input: "http://u:" + pw + "%zz@h/", Offset: 15},
			`&uri.EscapeError{Input:"http://u:xxxxx@h/", Offset:15}`},
		{&FilePathError{Op: "FilePath", Input: "file://u:" + pw + "@h/", Reason: "r"},
			`&uri.FilePathError{Op:"FilePath", Input:"file://u:xxxxx@h/", Reason:"r"}`},
		{&ReadingError{Input: `https:\\u:` + pw + "@h/", Offset: 6, Component: "authority", Reason: "r"},
			`&uri.ReadingError{Input:"https:\\\\u:xxxxx@h/", Offset:6, Component:"authority", Reason:"r"}`},
	} {
		if got := fmt.Sprintf("%#v", tc.err); got != tc.want {
			t.Errorf("%%#v = %s, want %s", got, tc.want)
		}
		if strings.Contains(tc.err.Error(), pw) {
			t.Errorf("%v shows the password", tc.err)
		}
	}
}
