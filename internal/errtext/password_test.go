package errtext

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestURIPasswordEveryReading checks the password URIPassword finds in the
// shapes where the URL Standard reads one and RFC 3986 does not (§4.4
// "special authority slashes state" and "special authority ignore slashes
// state" take any run of "/" and "\" after a special scheme; §4.1 removes
// leading C0 controls and spaces and every tab and newline; the scheme state
// folds case; a blob URL's origin parses its path), and those where RFC 3986
// and net/url read one (an authority after "//", §3.2).
func TestURIPasswordEveryReading(t *testing.T) {
	for _, tc := range []struct {
		in, want string // want: the password found, "-" for none
	}{
		{`https:\\user:s3cr3t@host/`, "s3cr3t"},
		{`https:user:s3cr3t@host/`, "s3cr3t"},
		{`https:/\user:s3cr3t@host/`, "s3cr3t"},
		{`https:///user:s3cr3t@host/`, "s3cr3t"},
		{`https:/user:s3cr3t@host/`, "s3cr3t"},
		{`https:\user:s3cr3t@host/`, "s3cr3t"},
		{`HtTpS:user:s3cr3t@host/`, "s3cr3t"},
		{`ws:user:s3cr3t@host/`, "s3cr3t"},
		{`wss:user:s3cr3t@host/`, "s3cr3t"},
		{`ftp:user:s3cr3t@host/`, "s3cr3t"},
		{`http:user:s3cr3t@host/`, "s3cr3t"},
		{"blob:https://user:s3cr3t@host/", "s3cr3t"},
		{"BLOB:https:user:s3cr3t@host/", "s3cr3t"},
		{"blob:blob:https://user:s3cr3t@host/", "s3cr3t"},
		{"blob: https://user:s3cr3t@host/", "s3cr3t"},
		{"blob://user:s3cr3t@host/", "s3cr3t"}, // a non-special authority
		{" \x01https:\\\\user:s3cr3t@host/", "s3cr3t"},
		{"ht\ttps:user:s3cr3t@host/", "s3cr3t"},
		{"https\n:user:s3cr3t@host/", "s3cr3t"},
		{"https:/\t\\user:s3cr3t@host/", "s3cr3t"},
		{"s:/\t/user:s3cr3t@host/", "s3cr3t"}, // "//" once the tab is removed
		{"https://user:s3\tcr3t@host/", "s3\tcr3t"},
		{`\\user:s3cr3t@host/`, "s3cr3t"}, // against a special base
		{`/\user:s3cr3t@host/`, "s3cr3t"},
		{"  //user:s3cr3t@host/", "s3cr3t"},
		{"//user:s3cr3t@host/", "s3cr3t"},
		{"http://user:s3cr3t@host/", "s3cr3t"},
		{"s://user:a:b@c@host/", "a:b@c"},
		{"file://user:s3cr3t@host/", "s3cr3t"}, // RFC 3986's reading; the URL Standard fails
		{"1http://user:s3cr3t@host/", "s3cr3t"},
		// No reading sees a password.
		{"s:/\\user:s3cr3t@host/", "-"}, // a non-special authority needs "//"
		{"s:user:s3cr3t@host/", "-"},
		{"file:user:s3cr3t@host/", "-"},
		{"https:user@host/", "-"},
		{"https://host/user:s3cr3t@x", "-"},
		{"https://h\\user:s3cr3t@x/", "s3cr3t"}, // RFC 3986's authority runs past the "\"
		{"https:user%3As3cr3t@host/", "-"},
		{"mailto:user:s3cr3t@host", "-"},
		{"blobs:https://user:s3cr3t@host/", "-"},
		{"xhttps:user:s3cr3t@host/", "-"},
		{"", "-"},
	} {
		got := "-"
		if lo, hi, ok := URIPassword(tc.in); ok {
			got = tc.in[lo:hi]
		}
		if got != tc.want {
			t.Errorf("URIPassword(%q) finds %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestAppendPasswordsInText checks the passwords of URLs inside a text:
// after a word, in a message, one after the other, each found once.
func TestAppendPasswordsInText(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"open http://u:pw@h/: no such file", []string{"pw"}},
		{"-https:u:pw@h", []string{"pw"}},
		{"a https:\\\\u:p1@h b http://v:p2@i/?next=//w:p3@j", []string{"p1", "p2", "p3"}},
		{"x\thttps:u:pw@h", nil}, // the URL Standard reads the scheme "xhttps"
		{"blob:\thttps:u:pw@h", []string{"pw"}},
		{"//a:b//c:d@e", []string{"d"}},
		{"https:\\\\a:b\\c:d@e/", []string{"b\\c:d"}},
		{strings.Repeat("/", 10) + "u:pw@h", []string{"pw"}},
		{"no URL here: a:b@c", nil},
	} {
		var got []string
		for _, p := range AppendPasswords(nil, tc.in) {
			got = append(got, tc.in[p[0]:p[1]])
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("AppendPasswords(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

// TestAppendPasswordsIsLinear runs AppendPasswords on texts made to start
// many URLs that share one authority: each is looked at once.
func TestAppendPasswordsIsLinear(t *testing.T) {
	for _, unit := range []string{"https:", "a\t", "/", "\\/", "blob:", "h:/"} {
		s := strings.Repeat(unit, 1<<16) + "u:pw@h"
		if n := testing.AllocsPerRun(1, func() { AppendPasswords(nil, s) }); n > 10 {
			t.Errorf("%q repeated: %v allocations", unit, n)
		}
	}
}

func TestHidePasswords(t *testing.T) {
	for in, want := range map[string]string{
		"https:user:s3cr3t@host/ and //u:pw@h": "https:user:xxxxx@host/ and //u:xxxxx@h",
		"nothing":                              "nothing",
	} {
		if got := HidePasswords(in); got != want {
			t.Errorf("HidePasswords(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestHideUserInfoShapes checks the hiding of what another reading may take
// for a password in a component: net/url prints the path
// `\\user:s3cr3t@host/` of `https:\\user:s3cr3t@host/`, in which the URL
// Standard reads the password s3cr3t.
func TestHideUserInfoShapes(t *testing.T) {
	for in, want := range map[string]string{
		`\\user:s3cr3t@host/`:      `\\user:xxxxx@host/`,
		"user:s3cr3t@host/":        "user:xxxxx@host/",
		"/%5Cuser:s3%20cr3t@host/": "/%5Cuser:xxxxx@host/",
		"/a:b@c/d:e@f?g:h@i#j:k@l": "/a:xxxxx@c/d:xxxxx@f?g:xxxxx@i#j:xxxxx@l",
		"/a@b:c":                   "/a@b:c",
		"/a:b/c@d":                 "/a:b/c@d",
		"":                         "",
	} {
		if got := HideUserInfoShapes(in); got != want {
			t.Errorf("HideUserInfoShapes(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestHideQuoted checks a message of net/url about a text with a password:
// the text quoted and an escape it quotes from the password are hidden.
func TestHideQuoted(t *testing.T) {
	for _, tc := range []struct{ msg, s, want string }{
		{`parse "http://u:pw@h/\x00": net/url: invalid control character in URL`, "http://u:pw@h/\x00",
			`parse "http://u:xxxxx@h/\x00": net/url: invalid control character in URL`},
		{`parse "http://u:p%zz@h/": invalid URL escape "%zz"`, "http://u:p%zz@h/",
			`parse "http://u:xxxxx@h/": invalid URL escape "xxxxx"`},
		{`parse "http://u@h/%zz": invalid URL escape "%zz"`, "http://u@h/%zz",
			`parse "http://u@h/%zz": invalid URL escape "%zz"`},
	} {
		if got := HideQuoted(tc.msg, tc.s); got != tc.want {
			t.Errorf("HideQuoted(%q, %q) = %q, want %q", tc.msg, tc.s, got, tc.want)
		}
	}
}

// A URL that a builder or a repair percent-encoded (a leading space as
// "%20", a tab in the scheme as "%09") is read as browsers read the text
// before the encoding.
func TestAppendPasswordsEncodedBlanks(t *testing.T) {
	for in, want := range map[string]string{
		"ht%09tps:u:pw@host":     "ht%09tps:u:xxxxx@host",
		"%20https:u:pw@host":     "%20https:u:xxxxx@host",
		"%01HTTPS:%5C%5Cu:pw@h":  "%01HTTPS:%5C%5Cu:xxxxx@h",
		"h%0Attps:u:pw@h":        "h%0Attps:u:xxxxx@h",
		"h%41ttps:u:pw@h":        "h%41ttps:u:pw@h", // not a blank: the scheme is "h%41ttps"
		"x%2fhttps:u:pw@h":       "x%2fhttps:u:pw@h",
		"ht%09tp%0ds:u:pw@h/a:b": "ht%09tp%0ds:u:xxxxx@h/a:b",
	} {
		if got := HidePasswords(in); got != want {
			t.Errorf("HidePasswords(%q) = %q, want %q", in, got, want)
		}
	}
}
