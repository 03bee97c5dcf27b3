package builder

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

// bigValue is a run of a byte every component allows as it stands: 16 MiB,
// or 64 KiB with -short (which .ci/mutation passes for this package, where
// the 16 MiB cost 14 s a mutant). 64 KiB is still a thousand times the
// 64 bytes an error may quote, so a message that quotes it whole fails.
func bigValue() string {
	if testing.Short() {
		return strings.Repeat("a", 64<<10)
	}
	return strings.Repeat("a", 16<<20)
}

// TestBuildErrorBounded makes a *BuildError for each component with a
// 16 MiB value (64 KiB with -short) and with a password in the userinfo, and checks that the
// message, and Builder.String of a Builder that does not build, are short
// and show no part of the password.
func TestBuildErrorBounded(t *testing.T) {
	big := bigValue()
	const password = "s3cret"
	const maxMessage = 2*(4*64+32) + 200
	h := New().Scheme("http").Host("h")
	withPw := h.UserInfo("user:" + password)
	tests := []struct {
		name string
		b    Builder
		want error
	}{
		{"scheme", New().Scheme(big + "_"), ErrInvalidScheme},
		{"userinfo", h.RawUserInfo(big + "[" + big), ErrSyntax},
		{"userinfo, password", h.RawUserInfo("user:" + password + " "), ErrSyntax},
		{"userinfo, big password", h.RawUserInfo("user:" + password + big + "["), ErrSyntax},
		{"userinfo, password before the fault", h.RawUserInfo("user:" + password + "[" + big), ErrSyntax},
		{"host", h.RawHost(big + "[" + big), ErrInvalidHost},
		{"host with a colon", h.Host(big + ":" + big), ErrInvalidHost},
		{"host, password", withPw.RawHost("h h"), ErrInvalidHost},
		{"port", h.RawPort(big + "a"), ErrSyntax},
		{"port, password", withPw.Port(1 << 20), ErrPortRange},
		{"path", h.RawPath("/" + big + " " + big), ErrSyntax},
		{"path without slash", h.RawPath(big), ErrPathNeedsSlash},
		{"path, dot segment", h.Segments(big, "..", big), ErrDotSegment},
		{"path, password", withPw.RawPath("/ "), ErrSyntax},
		{"query", h.RawQuery(big + "#" + big), ErrSyntax},
		{"fragment", h.RawFragment(big + "#" + big), ErrSyntax},
		{"fragment, password", withPw.RawFragment("#"), ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.b.Build()
			var be *BuildError
			if !errors.As(err, &be) || !errors.Is(err, tt.want) {
				t.Fatalf("Build() error = %v, want a *BuildError of %v", err, tt.want)
			}
			for what, msg := range map[string]string{"Error": err.Error(), "String": tt.b.String()} {
				if len(msg) > 2*maxMessage {
					t.Errorf("%s is %d bytes: %.200q…", what, len(msg), msg)
				}
				if strings.Contains(msg, password[:2]) {
					t.Errorf("%s shows the password: %q", what, msg)
				}
			}
			if len(err.Error()) > maxMessage {
				t.Errorf("Error is %d bytes", len(err.Error()))
			}
		})
	}
}

func TestBuildErrorQuote(t *testing.T) {
	long := strings.Repeat("b", 100)
	tests := []struct {
		name string
		err  *BuildError
		want string
	}{
		{"short", &BuildError{Component: "path", Value: "a:b", Offset: -1, Err: ErrColonInFirstSegment},
			`builder: path "a:b": first segment of a relative path contains ":"`},
		// The window is Value[off-32 : off+32].
		{"long", &BuildError{Component: "query", Value: long + "#" + long, Offset: 100, Err: ErrSyntax},
			`builder: query "…` + long[:32] + "#" + long[:31] + `…" (201 bytes): does not match its rule (at offset 100)`},
		{"control characters", &BuildError{Component: "fragment", Value: "a\x00\n", Offset: 1, Err: ErrSyntax},
			`builder: fragment "a\x00\n": does not match its rule (at offset 1)`},
		{"userinfo", &BuildError{Component: "userinfo", Value: "user:s3c ret", Offset: 8, Err: ErrSyntax},
			`builder: userinfo "user:xxxxx": does not match its rule (at offset 8)`},
		{"userinfo without a password", &BuildError{Component: "userinfo", Value: "us er", Offset: 2, Err: ErrSyntax},
			`builder: userinfo "us er": does not match its rule (at offset 2)`},
		// The password is all that follows the first ":", the fault with it.
		{"userinfo, long password", &BuildError{Component: "userinfo", Value: "u:" + long + "[" + long, Offset: 102, Err: ErrSyntax},
			`builder: userinfo "u:xxxxx": does not match its rule (at offset 102)`},
		// The window is taken once the password is redacted, around where
		// the offset lands then (208+3), and the length is the redacted
		// one, which does not tell the password's.
		{"URI, long", &BuildError{Component: "URI", Value: "//" + long + ":pw@h/" + long + "[", Offset: 208, Err: ErrReparse},
			`builder: URI "…` + long[:63] + `[" (212 bytes): recomposed text parses back differently (at offset 208)`},
		{"URI", &BuildError{Component: "URI", Value: "http://u:pw@h/", Offset: -1, Err: ErrReparse},
			`builder: URI "http://u:xxxxx@h/": recomposed text parses back differently`},
		// A fault inside the password of a URI in a host: the window is
		// taken around the start of its "xxxxx" (offset 104 of the 212
		// bytes shown: from 72 to 136).
		{"host, a fault in a password", &BuildError{Component: "host", Value: long + "//u:secretsecret@h/" + long, Offset: 110, Err: ErrInvalidHost},
			`builder: host "…` + long[:28] + `//u:xxxxx@h/` + long[:24] + `…" (212 bytes): not a reg-name, IPv4 address or IP literal (at offset 110)`},
		// A fault after a password, in the middle of the text: the window
		// is taken around where it lands once the password is 5 bytes
		// ("secret" is 6): 112 of 213, from 80 to 144.
		{"path, a fault after a password", &BuildError{Component: "path", Value: "//u:secret@h/" + long + " " + long, Offset: 113, Err: ErrSyntax},
			`builder: path "…` + long[:32] + " " + long[:31] + `…" (213 bytes): does not match its rule (at offset 113)`},
		// Two URIs in a query, both passwords hidden; the offset after them
		// moves back by what they lost (6+6 bytes to 5+5): 128 of the 129 shown.
		{"query, two URIs", &BuildError{Component: "query", Value: "a=//u:secret@h&b=//v:secret@h&" + long + "#", Offset: 130, Err: ErrSyntax},
			`builder: query "…` + long[:63] + `#" (129 bytes): does not match its rule (at offset 130)`},
		// A URI whose password browsers read after a special scheme
		// without "//" (the URL Standard's special authority states).
		{"host, a URI browsers read a password in", &BuildError{Component: "host", Value: `https:\\u:secret@h`, Offset: 5, Err: ErrInvalidHost},
			`builder: host "https:\\\\u:xxxxx@h": not a reg-name, IPv4 address or IP literal (at offset 5)`},
		{"path, a URI browsers read a password in", &BuildError{Component: "path", Value: "/x https:u:secret@h ", Offset: 19, Err: ErrSyntax},
			`builder: path "/x https:u:xxxxx@h ": does not match its rule (at offset 19)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestStringRedacted(t *testing.T) {
	tests := []struct {
		name string
		b    Builder
		want string
	}{
		{"builds", New().Scheme("http").UserInfo("user:s3cret").Host("h"), `builder.Builder("http://user:xxxxx@h")`},
		{"no password", New().Scheme("http").UserInfo("user").Host("h"), `builder.Builder("http://user@h")`},
		{"does not build", New().Scheme("http").UserInfo("user:s3cret").Host("h").RawPath("x"),
			`builder.Builder{scheme:"http" userinfo:"user:xxxxx" host:"h" path:"x"} invalid: builder: path "x": ` +
				`path must be empty or start with "/" after an authority`},
		{"long field", New().Scheme("1").Host(strings.Repeat("h", 65)),
			`builder.Builder{scheme:"1" host:"` + strings.Repeat("h", 64) + `…" (65 bytes) path:""} invalid: builder: scheme "1": invalid scheme`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.b.String(); got != tt.want {
				t.Errorf("String() =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// printedForms returns x as each verb and each slog handler prints it.
func printedForms(x any) map[string]string {
	forms := map[string]string{}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
		forms[verb] = fmt.Sprintf(verb, x)
	}
	var text, js strings.Builder
	slog.New(slog.NewTextHandler(&text, nil)).Info("m", "x", x)
	slog.New(slog.NewJSONHandler(&js, nil)).Info("m", "x", x)
	forms["slog text"], forms["slog JSON"] = text.String(), js.String()
	return forms
}

// rawControlOrBidi returns the first control or bidirectional formatting
// character of s, or -1: a printed form escapes them all (a bidi override
// would reorder what a terminal or a log viewer shows). The newline that
// ends a slog line is allowed.
func rawControlOrBidi(s string) rune {
	for _, r := range strings.TrimSuffix(s, "\n") {
		if r < 0x20 || r == 0x7F || r >= 0x80 && r <= 0x9F || r == 0x061C || r == 0x200E || r == 0x200F ||
			r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 {
			return r
		}
	}
	return -1
}

// Every printed form of a Builder and of its *BuildError (the verbs %v %+v
// %#v %s %q and slog's text and JSON handlers) stays under about 1 KiB
// whatever the input (here 1 MiB values, 64 KiB with -short: each form
// builds the Builder again), escapes control and bidi characters and shows
// no part of a password.
func TestPrintedFormsBounded(t *testing.T) {
	big := bigValue()
	big = big[:min(len(big), 1<<20)]
	const password = "s3cret"
	const maxForm = 1536 // 1 KiB, and %q's escapes of its escapes
	bidi := "\u202e\u2066\x00\x1b"
	h := New().Scheme("http").Host("h")
	withPw := h.UserInfo("user:" + password + big + bidi)
	for _, tc := range []struct {
		name string
		b    Builder
	}{
		{"userinfo", h.RawUserInfo("user:" + password + bidi + big + "[")},
		{"host, raw", withPw.RawHost(bidi + big + "[")},
		{"host, a whole URI", h.Host("http://user:" + password + "@" + big + bidi + "/")},
		{"host, IDNA", h.Host("ü" + bidi + big)},
		{"host, IDNA bidi rule", h.Host("\u05d0ü" + strings.Repeat("é", len(big)/2))},
		{"path", withPw.RawPath("/" + bidi + big + " ")},
		{"path, a URI in it", h.RawPath("x//user:" + password + "@h/" + bidi + big)},
		{"query", withPw.RawQuery(big + bidi + "#")},
		{"fragment", withPw.RawFragment(bidi + big + "#")},
		{"builds", withPw.Path("/" + big + bidi)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.b.Build()
			values := map[string]any{"Builder": tc.b, "*Builder": &tc.b}
			if err != nil {
				values["error"] = err
			}
			for what, v := range values {
				for form, s := range printedForms(v) {
					if len(s) > maxForm {
						t.Errorf("%s %s: %d bytes: %.200q…", what, form, len(s), s)
					}
					if r := rawControlOrBidi(s); r >= 0 {
						t.Errorf("%s %s holds %U raw: %.200q", what, form, r, s)
					}
					if strings.Contains(s, password[:3]) {
						t.Errorf("%s %s shows the password: %.300q", what, form, s)
					}
				}
			}
		})
	}
}

// %#v shows no password: a Builder's fields and a *BuildError's Value hold
// it in clear, GoString hides it as Error and String do.
func TestGoStringHidesPassword(t *testing.T) {
	for _, tc := range []struct {
		x    any
		want string
	}{
		{New().Scheme("http").UserInfo("alice:s3cr3t").Host("h"), `builder.Builder("http://alice:xxxxx@h")`},
		{&BuildError{Component: "userinfo", Value: "alice:s3cr3t", Offset: -1, Err: ErrSyntax},
			`&builder.BuildError{Component:"userinfo", Value:"alice:xxxxx", Offset:-1, Err:"does not match its rule", Hint:""}`},
		{&BuildError{Component: "host", Value: "http://alice:s3cr3t@h", Offset: 4, Err: ErrInvalidHost, Hint: "h"},
			`&builder.BuildError{Component:"host", Value:"http://alice:xxxxx@h", Offset:4, Err:"not a reg-name, IPv4 address or IP literal", Hint:"h"}`},
	} {
		if got := fmt.Sprintf("%#v", tc.x); got != tc.want {
			t.Errorf("%%#v =\n%s\nwant\n%s", got, tc.want)
		}
	}
}
