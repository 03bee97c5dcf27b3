package main

import (
	"strings"
	"testing"
)

// TestPasswordHidden runs every command that prints URIs on a URI with a
// password: it shows as "xxxxx" (RFC 3986 §3.2.1), and in clear with -reveal.
func TestPasswordHidden(t *testing.T) {
	const u = "http://user:s3cret@h/a/./b"
	for _, tc := range []struct {
		name           string
		args           []string
		stdout, stderr string
		status         int
	}{
		{"parse", []string{"parse", u}, `reference absolute-URI
scheme    (defined) "http"
authority (defined) "user:xxxxx@h"
userinfo  (defined) "user:xxxxx"
host      (defined) "h" (reg-name)
port      (undefined)
path      (defined) "/a/./b"
query     (undefined)
fragment  (undefined)
`, "", 0},
		{"parse -json", []string{"parse", "-json", u},
			`{"input":"http://user:xxxxx@h/a/./b","valid":true,"kind":"absolute-URI","scheme":"http","authority":"user:xxxxx@h",` +
				`"userinfo":"user:xxxxx","host":"h","hostKind":"reg-name","path":"/a/./b"}` + "\n", "", 0},
		{"parse -json -reveal", []string{"parse", "-json", "-reveal", u},
			`{"input":"http://user:s3cret@h/a/./b","valid":true,"kind":"absolute-URI","scheme":"http","authority":"user:s3cret@h",` +
				`"userinfo":"user:s3cret","host":"h","hostKind":"reg-name","path":"/a/./b"}` + "\n", "", 0},
		// An error after the password: the caret moves with the text.
		{"parse error", []string{"parse", "http://user:s3cret@h/ "}, "", `uri: invalid character ' ' at offset 20 in path
  http://user:xxxxx@h/ 
                      ^
  trailing white space (a space): trim it
expected pchar, "/", "?", "#" or end of input
`, 1},
		// An error in the password: the byte at fault shows between two
		// "xxxxx", under the caret.
		{"parse error in the password", []string{"parse", "http://user:s3 cret@h/"}, "", `uri: invalid character ' ' at offset 17 in userinfo
  http://user:xxxxx xxxxx@h/
                   ^
  a space is not allowed in a URI: percent-encode it as "%20"
expected unreserved, pct-encoded, sub-delims, ":" or "@"
`, 1},
		{"parse -json error", []string{"parse", "-json", "http://user:s3cret@h/ "}, "", "", 1},
		{"resolve", []string{"resolve", u, "../c"}, "http://user:xxxxx@h/c\n", "", 0},
		{"resolve -reveal", []string{"resolve", "-reveal", u, "../c"}, "http://user:s3cret@h/c\n", "", 0},
		{"normalize", []string{"normalize", u}, "http://user:xxxxx@h/a/b\n", "", 0},
		{"normalize -syntax", []string{"normalize", "-syntax", u}, "http://user:xxxxx@h/a/b\n", "", 0},
		{"normalize -reveal", []string{"normalize", "-reveal", u}, "http://user:s3cret@h/a/b\n", "", 0},
		{"relativize", []string{"relativize", "http://h/", u}, "//user:xxxxx@h/a/b\n", "", 0},
		{"equal", []string{"equal", u, "http://user:s3cret@h/"}, "equal       false\nequivalent  false\nnormalized  http://user:xxxxx@h/a/b\n            http://user:xxxxx@h/\n", "", 1},
		{"build", []string{"build", "-scheme", "http", "-userinfo", "user:s3cret", "-host", "h"}, "http://user:xxxxx@h\n", "", 0},
		{"build -reveal", []string{"build", "-reveal", "-scheme", "http", "-userinfo", "user:s3cret", "-host", "h"}, "http://user:s3cret@h\n", "", 0},
		{"build error", []string{"build", "-from", "http://user:s3cret@h", "-path", "x"}, "",
			"uri build: builder: path \"x\": path must be empty or start with \"/\" after an authority\n", 1},
		{"build error -reveal", []string{"build", "-reveal", "-from", "http://user:s3cret@h", "-path", "x"}, "",
			"uri build: builder: path \"x\": path must be empty or start with \"/\" after an authority\n", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, "", tc.args...)
			if tc.name == "parse -json error" {
				// The message is ParseError's; the input and its offset
				// are shown redacted.
				if !strings.Contains(out, `"input":"http://user:xxxxx@h/ "`) || !strings.Contains(out, `"offset":20`) || strings.Contains(out, "s3") {
					t.Errorf("uri %s: %s", strings.Join(tc.args, " "), out)
				}
				return
			}
			check3(t, tc.args, out, errOut, status, tc.stdout, tc.stderr, tc.status)
		})
	}
	// The diagram is drawn over the text shown.
	out, _, _ := runCmd(t, "", "parse", "-diagram", u)
	if strings.Contains(out, "s3") || !strings.Contains(out, "  http://user:xxxxx@h/a/./b\n") {
		t.Errorf("uri parse -diagram %s:\n%s", u, out)
	}
}
