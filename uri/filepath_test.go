package uri_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

// TestFromFilePath checks paths against the file URIs of RFC 8089 (§2, the
// examples of Appendix B and E), encoded as §3.3 says.
func TestFromFilePath(t *testing.T) {
	tests := []struct {
		p    string
		st   uri.PathStyle
		want string
	}{
		{"/path/to/file", uri.POSIXStyle, "file:///path/to/file"}, // Appendix B
		{"/etc/hosts", uri.POSIXStyle, "file:///etc/hosts"},
		{"/", uri.POSIXStyle, "file:///"},
		{"/tmp/a b#1?x%y", uri.POSIXStyle, "file:///tmp/a%20b%231%3Fx%25y"},
		{"/tmp/ä", uri.POSIXStyle, "file:///tmp/%C3%A4"},
		{"/tmp/a\\b", uri.POSIXStyle, "file:///tmp/a%5Cb"},
		{"/tmp/\xff", uri.POSIXStyle, "file:///tmp/%FF"},
		{"/a:b/c;d=e@f", uri.POSIXStyle, "file:///a:b/c;d=e@f"},
		{"//server/x", uri.POSIXStyle, "file:////server/x"},
		{"/a/../b/./", uri.POSIXStyle, "file:///a/../b/./"},
		{`c:\path\to\file`, uri.WindowsStyle, "file:///c:/path/to/file"}, // Appendix E.2
		{`C:\Users\me\ä b.txt`, uri.WindowsStyle, "file:///C:/Users/me/%C3%A4%20b.txt"},
		{`C:/Users/me`, uri.WindowsStyle, "file:///C:/Users/me"},
		{`C:\`, uri.WindowsStyle, "file:///C:/"},
		{`\\host.example.com\Share\path\to\file.txt`, uri.WindowsStyle, "file://host.example.com/Share/path/to/file.txt"}, // E.3.1
		{`\\server\share`, uri.WindowsStyle, "file://server/share"},
		{`\\?\C:\very\long\path`, uri.WindowsStyle, "file:///C:/very/long/path"},
		{`\\?\UNC\server\share\x`, uri.WindowsStyle, "file://server/share/x"},
		{`C:\a#b\100%`, uri.WindowsStyle, "file:///C:/a%23b/100%25"},
	}
	for _, tt := range tests {
		got, err := uri.FromFilePath(tt.p, tt.st)
		if err != nil || got.String() != tt.want {
			t.Errorf("FromFilePath(%q, %v) = %q, %v; want %q", tt.p, tt.st, got, err, tt.want)
		}
		if err == nil {
			back, err := got.FilePath(tt.st)
			want := tt.p
			if tt.st == uri.WindowsStyle {
				want = strings.ReplaceAll(strings.TrimPrefix(strings.Replace(want, `\\?\UNC\`, `\\`, 1), `\\?\`), "/", `\`)
			}
			if err != nil || back != want {
				t.Errorf("FromFilePath(%q, %v).FilePath = %q, %v; want %q", tt.p, tt.st, back, err, want)
			}
		}
	}
}

func TestFromFilePathRefuses(t *testing.T) {
	tests := []struct {
		p  string
		st uri.PathStyle
	}{
		{"", uri.POSIXStyle},
		{"docs/a.txt", uri.POSIXStyle},
		{"/a\x00b", uri.POSIXStyle},
		{`C:\a` + "\x00", uri.WindowsStyle},
		{`docs\a.txt`, uri.WindowsStyle},
		{`C:docs`, uri.WindowsStyle},
		{`C:`, uri.WindowsStyle},
		{`\docs`, uri.WindowsStyle},
		{`\\server`, uri.WindowsStyle},
		{`\\server\`, uri.WindowsStyle},
		{`\\\share`, uri.WindowsStyle},
		{`/etc/hosts`, uri.WindowsStyle},
	}
	for _, tt := range tests {
		u, err := uri.FromFilePath(tt.p, tt.st)
		var fe *uri.FilePathError
		if !errors.As(err, &fe) || fe.Input != tt.p || fe.Op != "FromFilePath" {
			t.Errorf("FromFilePath(%q, %v) = %q, %v; want a *FilePathError", tt.p, tt.st, u, err)
		}
	}
}

// TestFilePath checks the forms of RFC 8089: §2's, and those of Appendix E
// that RFC 3986 can hold (E.2.2's "|" and E.4's "\" as ParseRepaired reads
// them: "%7C", "%5C").
func TestFilePath(t *testing.T) {
	tests := []struct {
		in             string
		posix, windows string // "" for an error
	}{
		{"file:///path/to/file", "/path/to/file", `\path\to\file`},
		{"file://localhost/path/to/file", "/path/to/file", `\path\to\file`},
		{"FILE://LOCALHOST/x", "/x", `\x`},
		{"file:/path/to/file", "/path/to/file", `\path\to\file`},                                            // E.1
		{"file:///c:/path/to/file", "/c:/path/to/file", `c:\path\to\file`},                                  // E.2
		{"file:/c:/path/to/file", "/c:/path/to/file", `c:\path\to\file`},                                    // E.2
		{"file:c:/path/to/file", "", `c:\path\to\file`},                                                     // E.2
		{"file:///c%7C/path/to/file", "/c|/path/to/file", `c:\path\to\file`},                                // E.2.2, repaired
		{"file:c%7c/path/to/file", "", `c:\path\to\file`},                                                   // E.2.2, repaired
		{"file:///c:", "/c:", `c:\`},                                                                        //
		{"file://host.example.com/Share/path/to/file.txt", "", `\\host.example.com\Share\path\to\file.txt`}, // E.3.1
		{"file:////host.example.com/Share/path/to/file.txt", "//host.example.com/Share/path/to/file.txt",
			`\\host.example.com\Share\path\to\file.txt`}, // E.3.2
		{"file://///host.example.com/Share/path/to/file.txt", "///host.example.com/Share/path/to/file.txt",
			`\\host.example.com\Share\path\to\file.txt`}, // E.3.2
		{"file:///c:%5Cpath%5Cto%5Cfile", "/c:\\path\\to\\file", `c:\path\to\file`}, // E.4, repaired
		{"file:///tmp/a%20b%23?q#f", "/tmp/a b#", `\tmp\a b#`},
		{"file:///a/../b", "/a/../b", `\a\..\b`},
		{"file:///a%2Fb", "", `\a\b`},
		{"file:///a%00", "", ""},
		{"http://h/x", "", ""},
		{"file://u@h/x", "", ""},
		{"file://h:1/x", "", ""},
		{"file:x", "", ""},
		{"file:", "", ""},
	}
	for _, tt := range tests {
		u := uri.MustParse(tt.in)
		for _, c := range []struct {
			st   uri.PathStyle
			want string
		}{{uri.POSIXStyle, tt.posix}, {uri.WindowsStyle, tt.windows}} {
			got, err := u.FilePath(c.st)
			if c.want == "" {
				var fe *uri.FilePathError
				if !errors.As(err, &fe) || fe.Op != "FilePath" {
					t.Errorf("%q.FilePath(%v) = %q, %v; want a *FilePathError", tt.in, c.st, got, err)
				}
				continue
			}
			if err != nil || got != c.want {
				t.Errorf("%q.FilePath(%v) = %q, %v; want %q", tt.in, c.st, got, err, c.want)
			}
		}
	}
}

func TestFilePathAppendixERepaired(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"file:///c|/path/to/file", `c:\path\to\file`}, // E.2.2
		{"file:c|/path/to/file", `c:\path\to\file`},    // E.2.2
		{`file:///c:\path\to\file`, `c:\path\to\file`}, // E.4
		{`file:c:\path\to\file`, `c:\path\to\file`},    // E.4
	} {
		u, _, err := uri.ParseRepaired(tt.in)
		if err != nil {
			t.Fatalf("ParseRepaired(%q): %v", tt.in, err)
		}
		if got, err := u.FilePath(uri.WindowsStyle); err != nil || got != tt.want {
			t.Errorf("%q (%q).FilePath = %q, %v; want %q", tt.in, u, got, err, tt.want)
		}
	}
}

func TestFilePathErrorRedacts(t *testing.T) {
	_, err := uri.MustParse("file://u:secret@h/x").FilePath(uri.POSIXStyle)
	if err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("error %v", err)
	}
}

// TestPropertyFilePathRoundTrip checks that FilePath gives back the path
// FromFilePath was given: any POSIX absolute path without NUL, any Windows
// drive path with "\" separators and names without "/", "\" and NUL.
func TestPropertyFilePathRoundTrip(t *testing.T) {
	name := rapid.StringMatching(`[^/\\\x00]{0,6}`)
	rapid.Check(t, func(t *rapid.T) {
		names := rapid.SliceOfN(name, 0, 5).Draw(t, "names")
		posix := "/" + strings.Join(names, "/")
		u, err := uri.FromFilePath(posix, uri.POSIXStyle)
		if err != nil {
			t.Fatalf("FromFilePath(%q): %v", posix, err)
		}
		if back, err := u.FilePath(uri.POSIXStyle); err != nil || back != posix {
			t.Fatalf("FromFilePath(%q) = %q, FilePath = %q, %v", posix, u, back, err)
		}
		drive := string(rune(rapid.IntRange('A', 'Z').Draw(t, "drive")))
		win := drive + `:\` + strings.Join(names, `\`)
		if rapid.Bool().Draw(t, "unc") && len(names) > 0 && names[0] != "" {
			win = `\\server\` + strings.Join(names, `\`)
		}
		u, err = uri.FromFilePath(win, uri.WindowsStyle)
		if err != nil {
			t.Fatalf("FromFilePath(%q): %v", win, err)
		}
		if back, err := u.FilePath(uri.WindowsStyle); err != nil || back != win {
			t.Fatalf("FromFilePath(%q) = %q, FilePath = %q, %v", win, u, back, err)
		}
	})
}

// FuzzFilePath checks that FromFilePath and FilePath never panic, that a
// URI FromFilePath returns is a file URI that parses back, and that
// FilePath gives back a POSIX path.
func FuzzFilePath(f *testing.F) {
	for _, s := range []string{"/etc/hosts", `C:\x`, `\\s\h\x`, `\\?\UNC\s\h`, "", "/a b", `C:`, "file:///c:/x", "file:////h/s/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, st := range []uri.PathStyle{uri.POSIXStyle, uri.WindowsStyle} {
			u, err := uri.FromFilePath(s, st)
			if err == nil {
				if v, perr := uri.ParseReference(u.String()); perr != nil || v != u || !u.SchemeIs("file") {
					t.Fatalf("FromFilePath(%q, %v) = %q", s, st, u)
				}
				back, err := u.FilePath(st)
				if err != nil {
					t.Fatalf("FromFilePath(%q, %v) = %q, whose FilePath fails: %v", s, st, u, err)
				}
				if st == uri.POSIXStyle && back != s {
					t.Fatalf("FromFilePath(%q) = %q, FilePath = %q", s, u, back)
				}
			}
			if v, err := uri.ParseReference(s); err == nil {
				_, _ = v.FilePath(st)
			}
		}
	})
}

// TestNativeStyle: NativeStyle is the style of the platform the test runs
// on.
func TestNativeStyle(t *testing.T) {
	want := uri.POSIXStyle
	if runtime.GOOS == "windows" {
		want = uri.WindowsStyle
	}
	for _, p := range []string{"/etc/hosts", `C:\x`, `\\s\h\x`, "rel"} {
		u1, err1 := uri.FromFilePath(p, uri.NativeStyle)
		u2, err2 := uri.FromFilePath(p, want)
		if u1 != u2 || (err1 == nil) != (err2 == nil) {
			t.Errorf("FromFilePath(%q, NativeStyle) = %q, %v; with %v: %q, %v", p, u1, err1, want, u2, err2)
		}
	}
	u := uri.MustParse("file:///c:/x")
	p1, err1 := u.FilePath(uri.NativeStyle)
	p2, err2 := u.FilePath(want)
	if p1 != p2 || (err1 == nil) != (err2 == nil) {
		t.Errorf("FilePath(NativeStyle) = %q, %v; with %v: %q, %v", p1, err1, want, p2, err2)
	}
}

func TestPathStyleString(t *testing.T) {
	for st, want := range map[uri.PathStyle]string{uri.NativeStyle: "native", uri.POSIXStyle: "POSIX", uri.WindowsStyle: "Windows", 9: "PathStyle(?)"} {
		if got := st.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", st, got, want)
		}
	}
}
