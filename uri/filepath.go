package uri

import (
	"runtime"
	"strconv"
	"strings"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// PathStyle says how to read and write a file path: as POSIX or as Windows
// writes it, whatever the platform the program runs on.
type PathStyle uint8

// The path styles.
const (
	// NativeStyle is the style of the platform the program runs on:
	// WindowsStyle on Windows, POSIXStyle elsewhere.
	NativeStyle PathStyle = iota
	// POSIXStyle: "/" separates names, a name may hold any byte but "/"
	// and NUL, an absolute path starts with "/".
	POSIXStyle
	// WindowsStyle: "\" and "/" separate names; an absolute path starts
	// with a drive letter and ":" ("C:\Users"), or is a UNC path
	// ("\\server\share\dir"), possibly with the prefix "\\?\".
	WindowsStyle
)

// String returns "native", "POSIX" or "Windows".
func (st PathStyle) String() string {
	switch st {
	case NativeStyle:
		return "native"
	case POSIXStyle:
		return "POSIX"
	case WindowsStyle:
		return "Windows"
	}
	return "PathStyle(?)"
}

// resolve returns the style st stands for: NativeStyle is the platform's.
func (st PathStyle) resolve() PathStyle {
	if st == NativeStyle {
		if runtime.GOOS == "windows" {
			return WindowsStyle
		}
		return POSIXStyle
	}
	return st
}

// FilePathError is the error of FromFilePath and FilePath: a path that has
// no file URI, or a URI that names no file path of the style asked for.
type FilePathError struct {
	Op     string // "FromFilePath" or "FilePath"
	Input  string // the path (FromFilePath) or the URI as text (FilePath)
	Reason string // why, in plain words
}

// Error returns a message such as
//
//	uri: file path "docs\\a.txt": a relative path has no file URI: make it absolute first (filepath.Abs)
//
// A URI is quoted with its password as "xxxxx" (see Redacted), and cut to
// its first 64 bytes when longer.
func (e *FilePathError) Error() string {
	what, in := "file path ", e.Input
	if e.Op == "FilePath" {
		what = "file URI "
		in, _ = errtext.RedactURI(in, 0)
	}
	return "uri: " + what + errtext.Quote(in, 0) + ": " + e.Reason
}

// FromFilePath returns the file URI (RFC 8089) of the absolute file path p,
// read in the style st: "file://" with an empty authority and the path, each
// name percent-encoded as a path segment (§3.3: a space is "%20", "#" is
// "%23", "%" is "%25", each byte outside ASCII "%XX"), but for a UNC path,
// whose server is the authority (RFC 8089 §3, Appendix E.3.1):
//
//	/etc/hosts                 file:///etc/hosts               (POSIX)
//	/tmp/a b#1                 file:///tmp/a%20b%231           (POSIX)
//	C:\Users\me\ä.txt          file:///C:/Users/me/%C3%A4.txt  (Windows, Appendix E.2)
//	\\server\share\f.txt       file://server/share/f.txt       (Windows, Appendix E.3.1)
//	\\?\C:\very\long           file:///C:/very/long            (Windows)
//
// Names are kept as they are: no dot segment is removed, no case changed.
// A Windows path may use "/" as well as "\"; in a POSIX path "\" is a byte
// of a name, encoded as "%5C".
//
// It fails with a *FilePathError for a relative path (make it absolute
// first: filepath.Abs), a Windows path relative to a drive ("C:x") or to the
// current drive ("\x"), a NUL byte, or a UNC path without a share.
func FromFilePath(p string, st PathStyle) (URI, error) {
	st = st.resolve()
	fail := func(reason string) (URI, error) {
		return URI{}, &FilePathError{Op: "FromFilePath", Input: p, Reason: reason}
	}
	if strings.IndexByte(p, 0) >= 0 {
		return fail("a path holds no NUL byte")
	}
	var b strings.Builder
	b.Grow(len("file://") + len(p) + len(p)/4)
	b.WriteString("file://")
	if st == POSIXStyle {
		if !strings.HasPrefix(p, "/") {
			return fail("a relative path has no file URI: make it absolute first (filepath.Abs)")
		}
		writeSegments(&b, p[1:], "/")
		return ParseReference(b.String())
	}
	q := p
	if strings.HasPrefix(q, `\\?\`) || strings.HasPrefix(q, `//?/`) {
		q = q[4:]
		if len(q) >= 4 && strings.EqualFold(q[:3], "UNC") && isWinSep(q[3]) {
			q = `\\` + q[4:]
		}
	}
	switch {
	case hasDrive(q) && (len(q) == 2 || isWinSep(q[2])):
		if len(q) == 2 { // "C:" is the drive's current directory, "C:\" its root
			return fail(`a drive letter alone ("C:") is relative to the drive's current directory: write "C:\"`)
		}
		b.WriteByte('/')
		b.WriteString(q[:2])
		writeSegments(&b, q[3:], `/\`)
	case hasDrive(q):
		return fail(`a path relative to a drive ("C:x") has no file URI: write "C:\x"`)
	case len(q) >= 2 && isWinSep(q[0]) && isWinSep(q[1]):
		rest := q[2:]
		i := strings.IndexAny(rest, `/\`)
		if i <= 0 || i == len(rest)-1 {
			return fail(`a UNC path is \\server\share\...: the server or the share is missing`)
		}
		b.WriteString(PercentEncode(rest[:i], ComponentHost))
		writeSegments(&b, rest[i+1:], `/\`)
	default:
		return fail(`a relative path, or one relative to the current drive ("\x"), has no file URI: make it absolute first (filepath.Abs)`)
	}
	u, err := ParseReference(b.String())
	if err != nil {
		return fail("it makes no URI: " + err.Error())
	}
	return u, nil
}

func isWinSep(x byte) bool { return x == '\\' || x == '/' }

// hasDrive reports whether s starts with a drive letter and ":".
func hasDrive(s string) bool {
	return len(s) >= 2 && s[1] == ':' && alphaSet.contains(s[0])
}

// writeSegments writes "/" and each name of p (split on any byte of seps),
// percent-encoded as a path segment.
func writeSegments(b *strings.Builder, p, seps string) {
	for {
		b.WriteByte('/')
		i := strings.IndexAny(p, seps)
		if i < 0 {
			b.WriteString(PercentEncode(p, ComponentPathSegment))
			return
		}
		b.WriteString(PercentEncode(p[:i], ComponentPathSegment))
		p = p[i+1:]
	}
}

// FilePath returns the file path that the file URI u names (RFC 8089), in
// the style st; the inverse of FromFilePath. The scheme must be "file" (in
// any case) and the path absolute; the query and the fragment are ignored.
// Each segment is percent-decoded; no dot segment is removed (clean the
// result, and check it with filepath.IsLocal or a prefix, before you open a
// file a URI from outside names).
//
// The host "" and "localhost" (in any case) are this machine. Another host
// is a UNC server in WindowsStyle ("file://server/share/f.txt" gives
// `\\server\share\f.txt`) and an error in POSIXStyle, which has no remote
// paths. In WindowsStyle a first segment that is a drive letter and ":" or
// "|" is the drive ("file:///c:/x" and "file:///c|/x", which ParseRepaired
// reads as "file:///c%7C/x", give `c:\x`); a path without a drive is rooted
// on the current drive.
//
// It also reads the other forms of RFC 8089 Appendix E: no authority
// ("file:/etc/hosts", E.1; "file:c:/path", "file:/c:/path", E.2), the
// vertical line of E.2.2, a UNC path in the path ("file:////server/share/f"
// and "file://///server/share/f", E.3.2), and in WindowsStyle a "\" as a
// separator (E.4; ParseRepaired reads "file:///c:\x" as "file:///c:%5Cx").
//
// It fails with a *FilePathError when u is not a file URI, when a segment
// decodes to a NUL byte, or, in POSIXStyle, to a "/" ("%2F"), which no name
// holds; in WindowsStyle a decoded "/" or "\" separates names.
func (u URI) FilePath(st PathStyle) (string, error) {
	st = st.resolve()
	fail := func(reason string) (string, error) {
		return "", &FilePathError{Op: "FilePath", Input: u.s, Reason: reason}
	}
	if !u.SchemeIs("file") {
		return fail(`the scheme is not "file"`)
	}
	host := u.Host()
	if u.HasUserInfo() || u.HasPort() {
		return fail("a file URI has no userinfo and no port (RFC 8089 §2)")
	}
	if strings.EqualFold(host, "localhost") {
		host = ""
	}
	path := u.Path()
	if strings.Contains(path, "%00") {
		return fail("a path holds no NUL byte (%00)")
	}
	if st == POSIXStyle {
		if host != "" {
			return fail("the host " + strconv.Quote(host) + " is not this machine: a POSIX path names no other")
		}
		if !strings.HasPrefix(path, "/") {
			return fail("the path is not absolute")
		}
		for seg := range strings.SplitSeq(path, "/") {
			if strings.Contains(strings.ToUpper(seg), "%2F") {
				return fail(`a name holds no "/" ("%2F")`)
			}
		}
		return decode(path), nil
	}
	// WindowsStyle.
	rest := strings.TrimPrefix(path, "/")
	if host == "" && strings.HasPrefix(path, "//") {
		// E.3.2: the UNC path in the path, "//server/share" or "///server/share".
		rest = strings.TrimLeft(path, "/")
		i := strings.IndexByte(rest, '/')
		if i <= 0 {
			return fail("a UNC path needs a server and a share")
		}
		host, rest = rest[:i], rest[i+1:]
	}
	var b strings.Builder
	b.Grow(len(path) + 2)
	switch {
	case host != "":
		b.WriteString(`\\`)
		b.WriteString(decode(host))
		b.WriteByte('\\')
	case windowsDrive(rest) > 0:
		n := windowsDrive(rest)
		b.WriteByte(rest[0])
		b.WriteByte(':')
		b.WriteByte('\\')
		rest = rest[n:]
		switch {
		case strings.HasPrefix(rest, "/"):
			rest = rest[1:]
		case len(rest) >= 3 && strings.EqualFold(rest[:3], "%5C"):
			rest = rest[3:]
		}
	case strings.HasPrefix(path, "/"):
		b.WriteByte('\\')
	default:
		return fail("the path is not absolute")
	}
	d := decode(rest)
	for i := 0; i < len(d); i++ {
		if d[i] == '/' {
			b.WriteByte('\\')
		} else {
			b.WriteByte(d[i])
		}
	}
	return b.String(), nil
}

// windowsDrive returns the length of the drive letter at the start of the
// rootless path p ("c:", "c|", "c%7C", each followed by "/" or the end), or
// 0.
func windowsDrive(p string) int {
	if len(p) < 2 || !alphaSet.contains(p[0]) {
		return 0
	}
	n := 0
	switch {
	case p[1] == ':':
		n = 2
	case strings.HasPrefix(p[1:], "%7C") || strings.HasPrefix(p[1:], "%7c"):
		n = 4
	default:
		return 0
	}
	if len(p) > n && p[n] != '/' && !strings.HasPrefix(strings.ToUpper(p[n:]), "%5C") {
		return 0
	}
	return n
}
