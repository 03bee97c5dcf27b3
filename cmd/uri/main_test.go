package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// runCmd runs the command with args and stdin, returning its streams and
// exit status.
func runCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var o, e bytes.Buffer
	status = run(args, strings.NewReader(stdin), &o, &e)
	return o.String(), e.String(), status
}

func check3(t *testing.T, args []string, gotOut, gotErr string, gotStatus int, wantOut, wantErr string, wantStatus int) {
	t.Helper()
	if gotOut != wantOut || gotErr != wantErr || gotStatus != wantStatus {
		t.Errorf("uri %s\n--- stdout\n%s--- want\n%s--- stderr\n%s--- want\n%s--- status %d, want %d",
			strings.Join(args, " "), gotOut, wantOut, gotErr, wantErr, gotStatus, wantStatus)
	}
}

// commandTest is a run of the command: its arguments and standard input,
// and what it writes and exits with.
type commandTest struct {
	name           string
	args           []string
	stdin          string
	stdout, stderr string
	status         int
}

// commandTests are the runs TestCommands checks.
var commandTests = []commandTest{
	{"default", nil, "", `    foo://example.com:8042/over/there?name=ferret#nose
    \_/   \______________/\_________/ \_________/ \__/
     |           |             |           |       |
  scheme     authority       path        query fragment

reference URI
scheme    (defined) "foo"
authority (defined) "example.com:8042"
userinfo  (undefined)
host      (defined) "example.com" (reg-name)
port      (defined) "8042" (8042)
path      (defined) "/over/there"
query     (defined) "name=ferret"
fragment  (defined) "nose"

Run 'uri help' for the commands.
`, "", 0},

	// RFC 3986 §3: the second example, without an authority.
	{"parse urn", []string{"parse", "-diagram", "urn:example:animal:ferret:nose"}, "", `    urn:example:animal:ferret:nose
    \_/ \________________________/
     |              |
  scheme          path
reference absolute-URI
scheme    (defined) "urn"
authority (undefined)
userinfo  (undefined)
host      (undefined)
port      (undefined)
path      (defined) "example:animal:ferret:nose"
query     (undefined)
fragment  (undefined)
`, "", 0},

	// Short components: names that do not fit go on rows below.
	{"parse short", []string{"parse", "-diagram", "s://h/p?q#f"}, "", `  s://h/p?q#f
  ^   ^\/ ^ ^
  |   ||  | |
  |   ||  | fragment
  |   ||  query
  |   |path
  |   authority
  scheme
reference URI
scheme    (defined) "s"
authority (defined) "h"
userinfo  (undefined)
host      (defined) "h" (reg-name)
port      (undefined)
path      (defined) "/p"
query     (defined) "q"
fragment  (defined) "f"
`, "", 0},

	// Empty and undefined components (§5.3), an IPv6 host, an empty port.
	{"parse empty", []string{"parse", "//@[::1]:?#"}, "", `reference relative-ref (network-path reference)
scheme    (undefined)
authority (defined) "@[::1]:"
userinfo  (defined) ""
host      (defined) "[::1]" (IPv6)
port      (defined) "" (empty: the scheme's default)
path      (defined) ""
query     (defined) ""
fragment  (defined) ""
`, "", 0},

	{"parse stdin", []string{"parse", "-"}, "a/b\nhttp://192.0.2.1:65536\n", `reference relative-ref (relative-path reference)
scheme    (undefined)
authority (undefined)
userinfo  (undefined)
host      (undefined)
port      (undefined)
path      (defined) "a/b"
query     (undefined)
fragment  (undefined)

reference absolute-URI
scheme    (defined) "http"
authority (defined) "192.0.2.1:65536"
userinfo  (undefined)
host      (defined) "192.0.2.1" (IPv4)
port      (defined) "65536" (out of range 0-65535)
path      (defined) ""
query     (undefined)
fragment  (undefined)
`, "", 0},

	// An invalid reference: message, caret, expected; status 1.
	{"parse error", []string{"parse", "http://a b/"}, "", "", `uri: invalid character ' ' at offset 8 in host
  http://a b/
          ^
  a space is not allowed as it stands: percent-encode it as "%20"
expected unreserved, pct-encoded, sub-delims, ":", "@", "/", "?", "#" or end of input
`, 1},
	{"parse error port", []string{"parse", "https://example.com:80a/"}, "", "", `uri: invalid character '/' at offset 23 in port
  https://example.com:80a/
                         ^
  the port "80a" holds 'a' at offset 22: a port is decimal digits only
expected unreserved, pct-encoded, sub-delims, ":" or "@"
`, 1},
	{"parse error escape", []string{"parse", "x:%zz\x01"}, "", "", `uri: invalid character 'z' at offset 3 in path
  x:%zz\x01
     ^
  "%" at offset 2 is not followed by two hexadecimal digits: a "%" that stands for itself is written "%25"
expected HEXDIG
`, 1},
	{"parse error control", []string{"parse", "a\tb"}, "", "", `uri: invalid character '\t' at offset 1 in path
  a\x09b
   ^
  a tab is not allowed as it stands: percent-encode it as "%09"
expected ALPHA, DIGIT, "+", "-", ".", ":", unreserved, pct-encoded, sub-delims, "@", "/", "?", "#" or end of input
`, 1},

	// RFC 3986 §5.4.1, all the normal examples, and some of §5.4.2.
	{"resolve", []string{"resolve", "http://a/b/c/d;p?q",
		"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x", "g;x?y#s", "",
		".", "./", "..", "../", "../g", "../..", "../../", "../../g",
		"../../../g", "/./g", "g.", ".g", "g..", "..g", "./../g", "g;x=1/../y", "g?y/./x", "g#s/../x", "http:g"}, "",
		`g:h
http://a/b/c/g
http://a/b/c/g
http://a/b/c/g/
http://a/g
http://g
http://a/b/c/d;p?y
http://a/b/c/g?y
http://a/b/c/d;p?q#s
http://a/b/c/g#s
http://a/b/c/g?y#s
http://a/b/c/;x
http://a/b/c/g;x
http://a/b/c/g;x?y#s
http://a/b/c/d;p?q
http://a/b/c/
http://a/b/c/
http://a/b/
http://a/b/
http://a/b/g
http://a/
http://a/
http://a/g
http://a/g
http://a/g
http://a/b/c/g.
http://a/b/c/.g
http://a/b/c/g..
http://a/b/c/..g
http://a/b/g
http://a/b/c/y
http://a/b/c/g?y/./x
http://a/b/c/g#s/../x
http:g
`, "", 0},
	{"resolve nonstrict", []string{"resolve", "-nonstrict", "http://a/b/c/d;p?q", "http:g"}, "", "http://a/b/c/g\n", "", 0},
	{"resolve relative base", []string{"resolve", "b/c", "g"}, "", "", `uri: invalid character '/' at offset 1 in scheme
  b/c
   ^
  no scheme: begin with one, such as "https:"
expected ALPHA, DIGIT, "+", "-", "." or ":"
`, 1},

	// RFC 3986 §6.2.2 and §6.2.3.
	{"normalize", []string{"normalize", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "HTTP://www.Example.com:80", "http://example.com:/"}, "",
		"example://a/b/c/%7Bfoo%7D\nhttp://www.example.com/\nhttp://example.com/\n", "", 0},
	{"normalize syntax", []string{"normalize", "-syntax", "HTTP://www.Example.com:80"}, "", "http://www.example.com:80\n", "", 0},

	{"relativize", []string{"relativize", "http://a/b/c/d;p?q", "http://a/b/c/g?y"}, "", "g?y\n", "", 0},
	{"relativize other host", []string{"relativize", "http://a/b/c/d;p?q", "http://g/x"}, "", "//g/x\n", "", 0},

	{"equal", []string{"equal", "example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"}, "",
		"equal       false\nequivalent  true\n", "", 0},
	{"equal different", []string{"equal", "http://a/b", "http://a/B"}, "",
		"equal       false\nequivalent  false\nnormalized  http://a/b\n            http://a/B\n", "", 1},

	{"build", []string{"build", "-scheme", "https", "-host", "example.com", "-port", "8443", "-path", "/a b/ü",
		"-query", "q=x&y", "-query", "lang=en", "-fragment", "top"}, "",
		"https://example.com:8443/a%20b/%C3%BC?q=x%26y&lang=en#top\n", "", 0},
	{"build empty", []string{"build", "-scheme", "s", "-host", "", "-fragment", ""}, "", "s://#\n", "", 0},
	{"build from", []string{"build", "-from", "http://a/b?c#d", "-host", "192.0.2.1"}, "", "http://192.0.2.1/b?c#d\n", "", 0},
	{"build refused", []string{"build", "-scheme", "http", "-host", "example.com", "-path", "a"}, "", "",
		"uri build: builder: path \"a\": path must be empty or start with \"/\" after an authority\n", 1},
	{"build repaired", []string{"build", "-repair", "-scheme", "http", "-host", "example.com", "-path", "a"}, "",
		"http://example.com/a\n", "", 0},
	{"build port", []string{"build", "-host", "h", "-port", "65536"}, "", "",
		"uri build: builder: port \"65536\": port out of range 0-65535\n", 1},
	{"build bad port", []string{"build", "-port", "x"}, "", "",
		"uri build: -port \"x\": not a decimal number\nusage: uri build [flags]\nRun 'uri build -h' for details.\n", 2},
	{"build signed port", []string{"build", "-port", "+80"}, "", "",
		"uri build: -port \"+80\": not a decimal number\nusage: uri build [flags]\nRun 'uri build -h' for details.\n", 2},
	{"build huge port", []string{"build", "-host", "h", "-port", "99999999999999999999"}, "", "",
		"uri build: builder: port \"99999999999999999999\": port out of range 0-65535\n", 1},
	{"build empty port", []string{"build", "-host", "h", "-port", ""}, "", "//h:\n", "", 0},
	{"build query without =", []string{"build", "-query", "k"}, "", "",
		"uri build: -query \"k\": want key=value (-rawquery for other forms)\nusage: uri build [flags]\nRun 'uri build -h' for details.\n", 2},
	{"build dot segment", []string{"build", "-host", "h", "-path", "/a/../b"}, "", "//h/a/../b\n", "", 0},
	{"build host not UTF-8", []string{"build", "-host", "caf\xe9"}, "", "",
		"uri build: builder: host \"caf%E9\": not a reg-name, IPv4 address or IP literal (at offset 3)\n  caf%E9\n     ^\n", 1},

	{"check", []string{"check"}, "http://a/\n\nhttp://a b/\nnot a uri\r\nfoo:bar\n", `<stdin>:3: offset 8: invalid character ' ' in host: expected unreserved, pct-encoded, sub-delims, ":", "@", "/", "?", "#" or end of input; a space is not allowed as it stands: percent-encode it as "%20"
<stdin>:4: offset 3: invalid character ' ' in scheme: expected ALPHA, DIGIT, "+", "-", "." or ":"; no scheme: begin with one, such as "https:"
2 valid, 2 invalid
`, "", 1},
	{"check ref", []string{"check", "-ref", "-"}, "a/b\n../c\n", "2 valid, 0 invalid\n", "", 0},
	// A line ends in "\n" or "\r\n"; another "\r" is in the line (§2: no CR in a URI).
	{"check CR", []string{"check"}, "s:a\r\r\ns:b\r", `<stdin>:1: offset 3: invalid character '\r' in path: expected pchar, "/", "?", "#" or end of input; trailing white space (a carriage return): trim it
1 valid, 1 invalid
`, "", 1},
	// Characters that move the caret or the terminal are escaped.
	{"parse C1 and format characters", []string{"parse", "s:a\u0085b\u202e c"}, "", "", "uri: invalid character '\\u0085' (UTF-8 0xC2 0x85) at offset 3 in path\n  s:a\\u0085b\\u202E c\n     ^\n  non-ASCII character '\\u0085' is not allowed in a URI or an IRI: percent-encode its UTF-8 bytes as \"%C2%85\"\nexpected pchar, \"/\", \"?\", \"#\" or end of input\n", 1},

	{"grammar", []string{"grammar", "path-abempty"}, "", `path-abempty = *( "/" segment )
segment = *pchar
pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
ALPHA = %x41-5A / %x61-7A
DIGIT = %x30-39
pct-encoded = "%" HEXDIG HEXDIG
HEXDIG = %x30-39 / %x41-46 / %x61-66
sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
`, "", 0},
	{"grammar go name", []string{"grammar", "-short", "SegmentNZNC"}, "",
		"segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / \"@\" )\n", "", 0},
	{"grammar unknown", []string{"grammar", "nope"}, "", "", "", 2},

	{"unknown", []string{"frob"}, "", "", "uri frob: unknown command\nRun 'uri help' for usage.\n", 2},
	{"no args", []string{"resolve", "http://a/"}, "", "",
		"uri resolve: need a BASE and at least one REF\nusage: uri resolve [flags] BASE REF...\nRun 'uri resolve -h' for details.\n", 2},
}

func TestCommands(t *testing.T) {
	for _, tc := range commandTests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, tc.stdin, tc.args...)
			if tc.name == "grammar unknown" {
				errOut = "" // the list of rules is long; the status says enough
			}
			check3(t, tc.args, out, errOut, status, tc.stdout, tc.stderr, tc.status)
		})
	}
}

func TestParseJSON(t *testing.T) {
	out, _, status := runCmd(t, "", "parse", "-json", "foo://example.com:8042/over/there?name=ferret#nose", "s:")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("got %d lines:\n%s", len(lines), out)
	}
	var j map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &j); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]any{"scheme": "foo", "host": "example.com", "port": "8042", "portNumber": 8042.0,
		"path": "/over/there", "query": "name=ferret", "fragment": "nose", "hostKind": "reg-name"} {
		if j[k] != want {
			t.Errorf("%s = %v, want %v", k, j[k], want)
		}
	}
	if _, ok := j["userinfo"]; ok {
		t.Error("undefined userinfo is in the JSON")
	}
	j = nil
	json.Unmarshal([]byte(lines[1]), &j)
	if j["path"] != "" || j["query"] != nil {
		t.Errorf(`"s:": path %v, query %v; want "", absent`, j["path"], j["query"])
	}
}

// Every command has help in the style of the Go tools: usage line, text,
// flags; status 0.
func TestHelp(t *testing.T) {
	for _, c := range commands {
		for _, args := range [][]string{{c.name, "-h"}, {"help", c.name}} {
			out, errOut, status := runCmd(t, "", args...)
			if status != 0 || errOut != "" || !strings.HasPrefix(out, "usage: uri "+c.name) ||
				!strings.Contains(out, "\n\n"+strings.ToUpper(c.name[:1])+c.name[1:]+" ") {
				t.Errorf("uri %s: status %d, stderr %q, stdout:\n%s", strings.Join(args, " "), status, errOut, out)
			}
		}
	}
	out, _, status := runCmd(t, "", "help")
	if status != 0 || !strings.Contains(out, "\tresolve     resolve references") {
		t.Errorf("uri help: %d\n%s", status, out)
	}
}

// uri check goes through the URLs of the corpus (internal/corpus: the
// shared one, else its sample) and ends with its count. Its speed is
// measured by BenchmarkCheckCorpus, not here.
func TestCheckCorpus(t *testing.T) {
	out, _, _ := runCmd(t, "", "check", "-q", corpus.Path("urls.txt"))
	if !strings.HasSuffix(out, " invalid\n") || strings.Count(out, "\n") != 1 {
		t.Fatalf("output %q", out)
	}
	t.Log(strings.TrimSpace(out))
}

// BenchmarkCheckCorpus runs uri check -q over the 20,000-URL corpus, one op
// being the whole file.
func BenchmarkCheckCorpus(b *testing.B) {
	path := corpus.FullPath(b, "urls.txt", "figures over the 20,000 URLs")
	for i := 0; i < b.N; i++ {
		run([]string{"check", "-q", path}, strings.NewReader(""), io.Discard, io.Discard)
	}
}

// check -json prints one object a line for each line that is not empty,
// valid or not, with its file and line and the fields of parse -json; the
// offsets count the bytes of the line ("http://u:s3cret@h/ x" has its space
// at 18), the password hidden. The exit status is that of check.
func TestCheckJSON(t *testing.T) {
	const in = "http://a/b\n\nhttp://u:s3cret@h/ x\n//rel\n"
	const valid = `{"file":"<stdin>","line":1,"input":"http://a/b","valid":true,"kind":"absolute-URI","scheme":"http","authority":"a","host":"a","hostKind":"reg-name","path":"/b"}` + "\n"
	const rel = `{"file":"<stdin>","line":4,"input":"//rel","valid":false,"error":{"message":"uri: invalid character '/' at offset 0 in scheme: expected scheme; no scheme: did you mean \"https://rel\"?","offset":0,"component":"scheme","expected":["scheme"],"hint":"no scheme: did you mean \"https://rel\"?"}}` + "\n"
	for _, tc := range []commandTest{
		{"check -json", []string{"check", "-json"}, in, valid +
			`{"file":"<stdin>","line":3,"input":"http://u:xxxxx@h/ x","valid":false,"error":{"message":"uri: invalid character ' ' at offset 18 in path: expected pchar, \"/\", \"?\", \"#\" or end of input; a space is not allowed as it stands: percent-encode it as \"%20\"","offset":18,"component":"path","expected":["pchar","\"/\"","\"?\"","\"#\"","end of input"],"hint":"a space is not allowed as it stands: percent-encode it as \"%20\""}}` + "\n" +
			rel, "", 1},
		{"check -json -repair", []string{"check", "-json", "-repair"}, in, valid +
			`{"file":"<stdin>","line":3,"input":"http://u:xxxxx@h/ x","valid":true,"kind":"absolute-URI","scheme":"http","authority":"u:xxxxx@h","userinfo":"u:xxxxx","host":"h","hostKind":"reg-name","path":"/%20x","repaired":"http://u:xxxxx@h/%20x","repairs":[{"offset":18,"old":" ","new":"%20"}]}` + "\n" +
			rel, "", 1},
		{"check -json -ref", []string{"check", "-json", "-ref"}, "//rel\n",
			`{"file":"<stdin>","line":1,"input":"//rel","valid":true,"kind":"relative-ref (network-path reference)","authority":"rel","host":"rel","hostKind":"reg-name","path":""}` + "\n", "", 0},
		{"check -json -q", []string{"check", "-json", "-q"}, in, "", "uri check: -json with -q\nusage: uri check [flags] [FILE]\nRun 'uri check -h' for details.\n", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, tc.stdin, tc.args...)
			check3(t, tc.args, out, errOut, status, tc.stdout, tc.stderr, tc.status)
		})
	}
}
