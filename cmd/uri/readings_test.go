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

// readings -json prints one object a line for each TEXT: each reading in the
// fields of parse -json, with its parser's name; the parts marked; the
// password hidden, an error's offset in the bytes of the text or, marked
// "base", of the base.
func TestReadingsJSON(t *testing.T) {
	for _, tc := range []commandTest{
		{"a hazard", []string{"readings", "-json", "http://0x7f.1/"}, "",
			`{"input":"http://0x7f.1/","rfc3986":{"parser":"RFC 3986 (uri)","valid":true,"scheme":"http","host":"0x7f.1","path":"/"},` +
				`"urlStandard":{"parser":"URL Standard (weburl)","valid":true,"scheme":"http","host":"127.0.0.1","path":"/"},` +
				`"netURL":{"parser":"net/url","valid":true,"scheme":"http","host":"0x7f.1","path":"/"},"differ":["host"],"hazard":["host"],"dangerous":true}` + "\n", "", 1},
		{"a password browsers read", []string{"readings", "-json", `https:\\user:s3cr3t@host/`}, "",
			`{"input":"https:\\\\user:xxxxx@host/","rfc3986":{"parser":"RFC 3986 (uri)","valid":false,"error":{"message":"uri: invalid character '\\\\' at offset 6 in path: expected \"//\", path-absolute, path-rootless, \"?\", \"#\" or end of input; a backslash is not a delimiter: use \"/\"; a backslash that stands for itself is written \"%5C\"","offset":6,"component":"path","expected":["\"//\"","path-absolute","path-rootless","\"?\"","\"#\"","end of input"],"hint":"a backslash is not a delimiter: use \"/\"; a backslash that stands for itself is written \"%5C\""}},` +
				`"urlStandard":{"parser":"URL Standard (weburl)","valid":true,"scheme":"https","userinfo":"user:xxxxx","host":"host","path":"/"},` +
				`"netURL":{"parser":"net/url","valid":true,"scheme":"https","path":"\\\\user:xxxxx@host/"},"differ":["userinfo","host","path"],"hazard":["host"],"dangerous":true}` + "\n", "", 1},
		{"an error of the base", []string{"readings", "-json", "-base", "http://u:s3cr3t@h/ x", "g"}, "",
			`{"input":"g","base":"http://u:xxxxx@h/ x","rfc3986":{"parser":"RFC 3986 (uri)","valid":false,"error":{"message":"uri: invalid character ' ' at offset 18 in path: expected pchar, \"/\", \"?\", \"#\" or end of input; a space is not allowed as it stands: percent-encode it as \"%20\"","offset":18,"base":true,"component":"path","expected":["pchar","\"/\"","\"?\"","\"#\"","end of input"],"hint":"a space is not allowed as it stands: percent-encode it as \"%20\""}},` +
				`"urlStandard":{"parser":"URL Standard (weburl)","valid":true,"scheme":"http","userinfo":"u:xxxxx","host":"h","path":"/g"},` +
				`"netURL":{"parser":"net/url","valid":true,"scheme":"http","userinfo":"u:xxxxx","host":"h","path":"/g"},"dangerous":false}` + "\n", "", 0},
		{"net/url's message", []string{"readings", "-json", "http://u:s3%zz@h/"}, "",
			`{"input":"http://u:xxxxx@h/","rfc3986":{"parser":"RFC 3986 (uri)","valid":false,"error":{"message":"uri: invalid character (not shown: it may be part of a password) at offset 12 in userinfo: expected HEXDIG; a password holds unreserved characters, sub-delims, \":\" and percent-encodings only: percent-encode any other character; the password is not shown (RFC 3986 §3.2.1)","offset":12,"component":"userinfo","expected":["HEXDIG"],"hint":"a password holds unreserved characters, sub-delims, \":\" and percent-encodings only: percent-encode any other character; the password is not shown (RFC 3986 §3.2.1)"}},` +
				`"urlStandard":{"parser":"URL Standard (weburl)","valid":true,"scheme":"http","userinfo":"u:xxxxx","host":"h","path":"/"},` +
				`"netURL":{"parser":"net/url","valid":false,"error":{"message":"parse \"http://u:xxxxx@h/\": invalid URL escape \"xxxxx\""}},"dangerous":false}` + "\n", "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, tc.stdin, tc.args...)
			check3(t, tc.args, out, errOut, status, tc.stdout, tc.stderr, tc.status)
		})
	}
}
