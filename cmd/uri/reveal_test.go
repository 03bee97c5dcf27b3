package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/errtext"
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
		// An error after the password: the offset counts the input's
		// bytes (the space is its 22nd), the caret moves with the text.
		{"parse error", []string{"parse", "http://user:s3cret@h/ "}, "", `uri: invalid character ' ' at offset 21 in path
  http://user:xxxxx@h/ 
                      ^
  trailing white space (a space): trim it
expected pchar, "/", "?", "#" or end of input
`, 1},
		// An error in the password: neither the byte at fault nor what it
		// is shows; the caret points at the "xxxxx".
		{"parse error in the password", []string{"parse", "http://user:s3 cret@h/"}, "", `uri: ` + errtext.PasswordFound + ` at offset 14 in userinfo
  http://user:xxxxx@h/
              ^
  ` + errtext.PasswordHint + `
expected unreserved, pct-encoded, sub-delims, ":" or "@"
`, 1},
		{"parse error -reveal", []string{"parse", "-reveal", "http://user:s3 cret@h/"}, "", `uri: invalid character ' ' at offset 14 in userinfo
  http://user:s3 cret@h/
                ^
  a space is not allowed as it stands: percent-encode it as "%20"
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
				if !strings.Contains(out, `"input":"http://user:xxxxx@h/ "`) || !strings.Contains(out, `"offset":21`) || strings.Contains(out, "s3") {
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

// TestPasswordHiddenInEveryEcho runs what prints a URI or echoes an argument
// outside the tables: check -repair and check's messages, template's
// expansion, -match and echoed templates, grammar's and the unknown command's
// messages, flag and usage errors, the repairs of parse and resolve. None
// shows any of the password "s3cret" without -reveal (§3.2.1); with -reveal
// the commands that print URIs show it.
func TestPasswordHiddenInEveryEcho(t *testing.T) {
	const pw = "s3cret"
	for _, tc := range []struct {
		name   string
		args   []string
		stdin  string
		stdout string
		stderr string
		status int
	}{
		{"check -repair", []string{"check", "-repair"}, "http://user:s3cret@h/a b\nhttp://user:s3 cret@h/\n",
			"<stdin>:1: repaired: http://user:xxxxx@h/a%20b\n<stdin>:1:   offset 22: \" \" → \"%20\"\n" +
				"<stdin>:2: repaired: http://user:xxxxx@h/\n<stdin>:2:   offset 14: a repair in the password (not shown)\n" +
				"0 valid, 2 repaired, 0 invalid\n", "", 0},
		{"check, a fault in the password", []string{"check"}, "http://user:s3 cret@h/\n",
			"<stdin>:1: offset 14: invalid character (not shown: it may be part of a password) in userinfo: " +
				"expected unreserved, pct-encoded, sub-delims, \":\" or \"@\"; " + errtext.PasswordHint + "\n" +
				"0 valid, 1 invalid\n", "", 1},
		{"check, a file named by a URI", []string{"check", "http://u:s3cret@h/"}, "", "",
			"uri check: open http://u:xxxxx@h/: no such file or directory\n", 1},
		{"template", []string{"template", "http://{user}:{pw}@h/", "user=u", "pw=s3cret"}, "", "http://u:xxxxx@h/\n", "", 0},
		{"template -uri", []string{"template", "-uri", "http://{user}:{pw}@h/", "user=u", "pw=s3cret"}, "", "http://u:xxxxx@h/\n", "", 0},
		{"template, a password in the text", []string{"template", "http://u:s3cret@h/{x}", "x=1"}, "", "http://u:xxxxx@h/1\n", "", 0},
		{"template -match", []string{"template", "-match", "http://u:s3cret@h/x", "http://{user}:{pw}@h/{p}"}, "",
			"user=u\npw=xxxxx\np=x\n", "", 0},
		{"template -match, reserved expansion", []string{"template", "-match", "http://u:s3cret@h/", "{+x}"}, "", "x=xxxxx\n", "", 0},
		{"template -match, no match", []string{"template", "-match", "/q", "http://u:s3cret@h/{x}"}, "", "",
			"uri template: \"/q\" does not match http://u:xxxxx@h/{x}\n", 1},
		{"template -match, the URI echoed", []string{"template", "-match", "http://u:s3cret@h/zzz", "http://{a}@h/x"}, "", "",
			"uri template: \"http://u:xxxxx@h/zzz\" does not match http://{a}@h/x\n", 1},
		{"template parse error", []string{"template", "http://u:s3cret@h/{a b}"}, "", "",
			"uritemplate: invalid character ' ' at offset 20 in expression\n  http://u:xxxxx@h/{a b}\n                     ^\n" +
				"expected \".\", varchar, modifier-level4, \",\" or \"}\"\na varname cannot hold a space\n", 1},
		{"template parse error in the password", []string{"template", "http://u:s3{ }cret@h/"}, "", "",
			"uritemplate: invalid character (not shown: it may be part of a password) at offset 12 in expression\n" +
				"  http://u:xxxxx@h/\n           ^\nexpected operator or variable-list\n", 1},
		{"template usage error", []string{"template", "{x}", "http://u:s3cret@h"}, "", "",
			"uri template: \"http://u:xxxxx@h\" is not key=value\nusage: uri template [flags] TEMPLATE [key=value ...]\nRun 'uri template -h' for details.\n", 2},
		{"grammar", []string{"grammar", "http://u:s3cret@h"}, "", "", "", 2}, // stderr checked below
		{"unknown command", []string{"http://u:s3cret@h"}, "", "",
			"uri http://u:xxxxx@h: unknown command\nRun 'uri help' for usage.\n", 2},
		{"help, unknown command", []string{"help", "http://u:s3cret@h"}, "", "",
			"uri help http://u:xxxxx@h: unknown command\nRun 'uri help' for usage.\n", 2},
		{"flag error", []string{"parse", "-http://u:s3cret@h"}, "", "",
			"uri parse: flag provided but not defined: -http://u:xxxxx@h\nusage: uri parse [flags] URI...\nRun 'uri parse -h' for details.\n", 2},
		{"parse -repair", []string{"parse", "-repair", "-json", "http://user:s3 cret@h/"}, "",
			`{"input":"http://user:xxxxx@h/","valid":true,"kind":"absolute-URI","scheme":"http","authority":"user:xxxxx@h",` +
				`"userinfo":"user:xxxxx","host":"h","hostKind":"reg-name","path":"/","repaired":"http://user:xxxxx@h/",` +
				`"repairs":[{"offset":14,"old":"xxxxx","new":"xxxxx"}]}` + "\n", "", 0},
		{"build, a whole URI as the host", []string{"build", "-scheme", "s", "-host", "http://u:s3cret@h"}, "", "",
			"uri build: builder: host \"http://u:xxxxx@h\": not a reg-name, IPv4 address or IP literal (at offset 4); " +
				"\"://\" follows a scheme: this is a whole URI; parse it with uri.Parse and edit it with From\n" +
				"  http://u:xxxxx@h\n      ^\n", 1},
		{"resolve -repair", []string{"resolve", "-repair", "http://user:s3 cret@h/a", "b"}, "", "http://user:xxxxx@h/b\n",
			"uri resolve: \"http://user:xxxxx@h/a\": repaired: http://user:xxxxx@h/a\n" +
				"uri resolve: \"http://user:xxxxx@h/a\":   offset 14: a repair in the password (not shown)\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, tc.stdin, tc.args...)
			for _, frag := range []string{pw, ":s3", "cret@", "s3{"} {
				if strings.Contains(out+errOut, frag) {
					t.Errorf("uri %s shows %q:\n%s%s", strings.Join(tc.args, " "), frag, out, errOut)
				}
			}
			if tc.name == "grammar" {
				if !strings.HasPrefix(errOut, "uri grammar: no rule \"http://u:xxxxx@h\"; the rules are:\n") || status != 2 {
					t.Errorf("uri grammar: %s (status %d)", errOut, status)
				}
				return
			}
			check3(t, tc.args, out, errOut, status, tc.stdout, tc.stderr, tc.status)
		})
	}
	// -reveal shows the password where the command prints URIs.
	for _, args := range [][]string{
		{"check", "-reveal", "-repair", "-"},
		{"template", "-reveal", "http://{user}:{pw}@h/", "user=u", "pw=s3cret"},
		{"template", "-reveal", "-match", "http://u:s3cret@h/x", "http://{user}:{pw}@h/{p}"},
	} {
		out, _, _ := runCmd(t, "http://user:s3cret@h/a b\n", args...)
		if !strings.Contains(out, pw) {
			t.Errorf("uri %s: %s, want the password shown", strings.Join(args, " "), out)
		}
	}
}

// TestPasswordHiddenInEveryReading runs the commands on texts whose password
// RFC 3986 reads as part of a path while browsers read it as a password
// (the URL Standard's special authority states take any slashes and
// backslashes after a special scheme, in any case; a blob URL's origin is
// that of the URL in its path): no command shows it without -reveal.
func TestPasswordHiddenInEveryReading(t *testing.T) {
	for _, tc := range []commandTest{
		{"parse, no slash", []string{"parse", "https:user:s3cr3t@host/"}, "", `reference absolute-URI
scheme    (defined) "https"
authority (undefined)
userinfo  (undefined)
host      (undefined)
port      (undefined)
path      (defined) "user:xxxxx@host/"
query     (undefined)
fragment  (undefined)
`, "", 0},
		{"parse -json, three slashes", []string{"parse", "-json", "https:///user:s3cr3t@host/"},
			"", `{"input":"https:///user:xxxxx@host/","valid":true,"kind":"absolute-URI","scheme":"https","authority":"","host":"","hostKind":"reg-name","path":"/user:xxxxx@host/"}` + "\n", "", 0},
		{"parse -json, blob", []string{"parse", "-json", "blob:https://user:s3cr3t@host/"},
			"", `{"input":"blob:https://user:xxxxx@host/","valid":true,"kind":"absolute-URI","scheme":"blob","path":"https://user:xxxxx@host/"}` + "\n", "", 0},
		{"parse -diagram", []string{"parse", "-diagram", "HTTPS:user:s3cr3t@host/?q"}, "", `   HTTPS:user:xxxxx@host/?q
   \___/ \______________/ ^
     |          |         |
  scheme      path      query
reference absolute-URI
scheme    (defined) "HTTPS"
authority (undefined)
userinfo  (undefined)
host      (undefined)
port      (undefined)
path      (defined) "user:xxxxx@host/"
query     (defined) "q"
fragment  (undefined)
`, "", 0},
		// RFC 3986 refuses the backslash; its message points at it.
		{"parse, backslashes", []string{"parse", `https:\\user:s3cr3t@host/`}, "", "", `uri: invalid character '\\' at offset 6 in path
  https:\\user:xxxxx@host/
        ^
  a backslash is not a delimiter: use "/"; a backslash that stands for itself is written "%5C"
expected "//", path-absolute, path-rootless, "?", "#" or end of input
`, 1},
		{"normalize", []string{"normalize", "HTTPS:/user:s3%63r3t@host/a/../b"}, "", "https:/user:xxxxx@host/b\n", "", 0},
		{"resolve", []string{"resolve", "http://h/", "https:user:s3cr3t@host/", "blob:https://u:s3cr3t@h/"}, "",
			"https:user:xxxxx@host/\nblob:https://u:xxxxx@h/\n", "", 0},
		{"resolve, a base", []string{"resolve", "https:///user:s3cr3t@host/a", "b"}, "", "https:///user:xxxxx@host/b\n", "", 0},
		{"equal", []string{"equal", "https:user:s3cr3t@host/", "https:user:s3cr3t@host/x"}, "",
			"equal       false\nequivalent  false\nnormalized  https:user:xxxxx@host/\n            https:user:xxxxx@host/x\n", "", 1},
		{"build -from", []string{"build", "-from", "https:user:s3cr3t@host/", "-fragment", "f"}, "", "https:user:xxxxx@host/#f\n", "", 0},
		{"check", []string{"check", "-"}, "https:user:s3cr3t@host/ x\n", "<stdin>:1: offset 23: invalid character ' ' in path: " +
			`expected pchar, "/", "?", "#" or end of input; a space is not allowed as it stands: percent-encode it as "%20"` + "\n0 valid, 1 invalid\n", "", 1},
		{"check, a fault in the password", []string{"check", "-"}, "https:user:s3 cr3t@host/\n", "<stdin>:1: offset 13: " + errtext.PasswordFound +
			` in path: expected pchar, "/", "?", "#" or end of input; ` + errtext.PasswordHint + "\n0 valid, 1 invalid\n", "", 1},
		{"template", []string{"template", "https:{user}:{pw}@host/", "user=u", "pw=s3cr3t"}, "", "https:u:xxxxx@host/\n", "", 0},
		{"readings", []string{"readings", "https:user:s3cr3t@host/"}, "", `input "https:user:xxxxx@host/"
            RFC 3986 (uri)      URL Standard (weburl)  net/url
            accepted            accepted               accepted
  scheme    "https"             "https"                "https"
≠ userinfo  —                   "user:xxxxx"           —
! host      —                   "host"                 —
  port      —                   —                      —
≠ path      "user:xxxxx@host/"  "/"                    "user:xxxxx@host/"
  query     —                   —                      —
  fragment  —                   —                      —
! the readings connect to different places: check and fetch with one parser
`, "", 1},
		{"unknown command", []string{`https:/\user:s3cr3t@host/`}, "", "", `uri "https:/\\user:xxxxx@host/": unknown command` + "\nRun 'uri help' for usage.\n", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, tc.stdin, tc.args...)
			check3(t, tc.args, out, errOut, status, tc.stdout, tc.stderr, tc.status)
		})
	}
	// With -reveal, the commands that print URIs show it.
	for _, args := range [][]string{
		{"parse", "-reveal", "https:user:s3cr3t@host/"},
		{"normalize", "-reveal", "https:///user:s3cr3t@host/"},
		{"parse", "-json", "-reveal", "blob:https://user:s3cr3t@host/"},
	} {
		if out, _, _ := runCmd(t, "", args...); !strings.Contains(out, "s3cr3t") {
			t.Errorf("uri %s: %s, want the password shown", strings.Join(args, " "), out)
		}
	}
}

// TestOffsetsCountTheInput checks that every offset the command prints
// counts the bytes of the input, not of the text shown with its password
// hidden: the space of "https://user:s3cret@db.example/ x" is its byte 31
// (from 0), whatever the 5 bytes of "xxxxx" in place of the 6 of "s3cret".
func TestOffsetsCountTheInput(t *testing.T) {
	const in = "https://user:s3cret@db.example/ x"
	if got := strings.IndexByte(in, ' '); got != 31 {
		t.Fatalf("the space is at %d", got)
	}
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"parse", "-json", in}, "", `"offset":31,`},
		{[]string{"parse", in}, "", "at offset 31 in path"},
		{[]string{"parse", "-reveal", in}, "", "at offset 31 in path"},
		{[]string{"check", "-"}, in + "\n", "<stdin>:1: offset 31:"},
		{[]string{"check", "-json"}, in + "\n", `"offset":31,`},
		{[]string{"readings", "-json", in}, "", `"offset":31,`},
		{[]string{"parse", "-json", "-repair", in}, "", `"repairs":[{"offset":31,"old":" ","new":"%20"}]`},
		{[]string{"check", "-repair"}, in + "\n", "<stdin>:1:   offset 31: \" \" → \"%20\""},
		{[]string{"template", "https://user:s3cret@db.example/{a b}"}, "", "at offset 33 in expression"},
	} {
		out, errOut, _ := runCmd(t, tc.stdin, tc.args...)
		if !strings.Contains(out+errOut, tc.want) {
			t.Errorf("uri %s: want %q in\n%s%s", strings.Join(tc.args, " "), tc.want, out, errOut)
		}
		if !slices.Contains(tc.args, "-reveal") && strings.Contains(out+errOut, "s3cret") {
			t.Errorf("uri %s shows the password:\n%s%s", strings.Join(tc.args, " "), out, errOut)
		}
	}
}
