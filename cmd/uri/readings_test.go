package main

import (
	"strings"
	"testing"
)

// The three texts of weburl.CompareReadings's doc, read by the command: a
// hazard sets the exit status, and no password shows.
func TestReadingsMarksHazards(t *testing.T) {
	tests := []struct {
		args   []string
		status int
		marks  []string
	}{
		{[]string{"readings", "http://0x7f.1/"}, 1, []string{`! host      "0x7f.1"        "127.0.0.1"`}},
		{[]string{"readings", `https:/\evil.example`}, 1, []string{`! host`, `RFC 3986 (uri) refused it`}},
		{[]string{"readings", `http://example.com\@evil.com/`}, 0, []string{`"example.com"`, "net/url refused it"}},
		{[]string{"readings", "-base", "http://a/b/c/d;p?q", "../g"}, 0, []string{`"/b/g"`, `against base "http://a/b/c/d;p?q"`}},
		{[]string{"readings", "http://alice:s3cr3t@h/", "http://h:80/"}, 0, []string{`"alice:xxxxx"`, `≠ port`}},
	}
	for _, tt := range tests {
		out, errOut, status := runCmd(t, "", tt.args...)
		if status != tt.status || errOut != "" {
			t.Errorf("uri %q: status %d, stderr %q; want %d and nothing", tt.args, status, errOut, tt.status)
		}
		for _, m := range tt.marks {
			if !strings.Contains(out, m) {
				t.Errorf("uri %q: output lacks %q:\n%s", tt.args, m, out)
			}
		}
		if strings.Contains(out, "s3cr3t") {
			t.Errorf("uri %q shows a password:\n%s", tt.args, out)
		}
	}
	if _, _, status := runCmd(t, "", "readings"); status != 2 {
		t.Errorf("uri readings without TEXT: status %d, want 2", status)
	}
}
