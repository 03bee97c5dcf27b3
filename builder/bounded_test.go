package builder

import (
	"errors"
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
