package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/uri"
)

// FuzzParseLines feeds any text to "uri parse -json -", the command's line
// reader: no panic; one JSON object a line for each line of the input (lines
// end in "\n" or "\r\n", which are dropped), each telling whether the line is
// a URI reference as uri.ParseReference does; status 1 exactly when one is
// not; and, without -reveal, no password of a valid line in the output.
func FuzzParseLines(f *testing.F) {
	for _, s := range []string{
		"", "\n", "\r\n", "a\nb", "a\r\nb\r\n", "http://u:s3cret@h/\n", "a b\n\n", "\r", "x\r\r\n",
		"//[::1]\n//[v1.x]\n%zz\n", "\xff\n\x00", "http://a/b/c/./../g?q#f\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out, errOut, status := runCmd(t, in, "parse", "-json", "-")
		if errOut != "" {
			t.Fatalf("stderr %q", errOut)
		}
		lines := strings.SplitAfter(in, "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if out == "" {
			got = nil
		}
		if len(got) != len(lines) {
			t.Fatalf("%d lines in, %d JSON lines out:\n%s", len(lines), len(got), out)
		}
		wantStatus := 0
		for i, l := range lines {
			l = strings.TrimSuffix(l, "\n")
			l = strings.TrimSuffix(l, "\r")
			var j struct {
				Valid    bool    `json:"valid"`
				UserInfo *string `json:"userinfo"`
			}
			if err := json.Unmarshal([]byte(got[i]), &j); err != nil {
				t.Fatalf("line %d: %v: %s", i, err, got[i])
			}
			u, err := uri.ParseReference(l)
			if j.Valid != (err == nil) {
				t.Fatalf("line %d %q: valid %v, ParseReference error %v", i, l, j.Valid, err)
			}
			if err != nil {
				wantStatus = 1
				continue
			}
			if _, pw, ok := strings.Cut(u.UserInfo(), ":"); ok && (j.UserInfo == nil || *j.UserInfo != strings.TrimSuffix(u.UserInfo(), pw)+"xxxxx") {
				t.Fatalf("line %d %q: userinfo %v, want the password as xxxxx", i, l, j.UserInfo)
			}
		}
		if status != wantStatus {
			t.Fatalf("status %d, want %d", status, wantStatus)
		}
	})
}
