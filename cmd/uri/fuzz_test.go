package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/readingtest"
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

// secretMark is the password FuzzCommand puts in a URI argument; the
// fuzzed text may not hold it.
const secretMark = "Pw7Zq9Kx"

// FuzzCommand runs the command's entry function on every subcommand with
// fuzzed arguments, one of them a URI (or a template, a file name, a
// command name, a rule name, a text to read) that plants the password
// secretMark: in the userinfo of "http://u:…@a" for shape 0, else in a
// text shaped like a URL where the readings part (readingtest.Shaped,
// chosen by the bytes of shape: any case of a scheme, slashes and
// backslashes, C0 controls, tabs, blob URLs). No panic, an exit status of
// 0, 1 or 2, and, as -reveal is never given, the password nowhere in the
// output whenever a reading sees it (asked of uri, weburl and net/url,
// alone and against a base: the command's doc, every command hides it).
func FuzzCommand(f *testing.F) {
	for _, s := range []struct {
		which, bits uint8
		a, b        string
	}{
		{0, 0, "h/a b", "x"}, {0, 3, "bü cher.de/%", ""}, {1, 1, "h/a/b", "../c"}, {1, 2, "h", "//other/"},
		{2, 1, "H/./a/%7e", "b"}, {3, 0, "h/a/b", "http://h/a/c"}, {4, 0, "h/", "http://h"},
		{5, 1, "h/x", "y z"}, {5, 0, "h/", ""}, {6, 0, "h", ""}, {7, 0, "{+p}", "p=/x"}, {7, 2, "h/x", "{+x}"},
		{7, 3, "h/{x}", "{a}@{b}"}, {8, 1, "h/", "x"}, {8, 6, "h", "a b"}, {8, 16, "h", ""}, {8, 32, " x", ""}, {9, 0, "h", "x"},
		{10, 0, "/", ""}, {10, 1, "/ x", "https://b/"}, {11, 0, "", ""}, {11, 1, "", ""}, {11, 2, "", ""},
	} {
		f.Add(s.which, s.bits, uint64(0), s.a, s.b)
	}
	// The shapes of the issue: https:\\u:…@host/, https:u:…@host/,
	// https:/\u:…@host/, https:///u:…@host/, blob:https://u:…@host/, a C0
	// control and HTTPS:, a tab in the scheme.
	for _, shape := range []uint64{0x050200, 0x0200, 0x060200, 0x030200, 0x020a00, 0x050202, 0x0400} {
		for which := range uint8(12) {
			f.Add(which, uint8(0), shape, "", "x")
		}
	}
	f.Fuzz(func(t *testing.T, which, bits uint8, shape uint64, a, b string) {
		for _, s := range []string{a, b} {
			for k := 0; k+3 <= len(secretMark); k++ {
				if strings.Contains(s, secretMark[k:k+3]) {
					return // the fuzzed text would hold part of the password
				}
			}
		}
		s := "http://u:" + secretMark + "@" + a
		if shape != 0 {
			var i [7]uint8
			for k := range i {
				i[k] = uint8(shape >> (8 * k))
			}
			s = readingtest.Shaped(i, secretMark, a)
		}
		args, stdin := commandArgs(which, bits, s, a, b)
		out, errOut, status := runCmd(t, stdin, args...)
		if status < 0 || status > 2 {
			t.Fatalf("uri %q: status %d", args, status)
		}
		secret := which%12 == 8 && bits&48 == 32 || // the password of a userinfo built
			readingtest.Sees(s, "https://b/", secretMark) || readingtest.Sees(s, b, secretMark)
		if secret && strings.Contains(out+errOut, secretMark) {
			t.Fatalf("uri %q shows the password:\n%s%s", args, out, errOut)
		}
	})
}

// commandArgs returns the arguments and standard input of a run of
// FuzzCommand: the subcommand which picks, its flags from bits, the text s
// that holds the password, and the fuzzed texts a and b.
func commandArgs(which, bits uint8, s, a, b string) (args []string, stdin string) {
	flag := func(bit uint8, name string) []string {
		if bits&bit != 0 {
			return []string{name}
		}
		return nil
	}
	pair := func(x, y string) []string {
		if bits&8 != 0 {
			return []string{y, x}
		}
		return []string{x, y}
	}
	switch which % 12 {
	case 0:
		args = append(append(append(append([]string{"parse"}, flag(1, "-json")...), flag(2, "-repair")...), flag(4, "-diagram")...), s, b)
	case 1:
		args = append(append(append([]string{"resolve"}, flag(1, "-repair")...), flag(2, "-nonstrict")...), pair(s, b)...)
	case 2:
		args = append(append([]string{"normalize"}, flag(1, "-syntax")...), s, b)
	case 3:
		args = append([]string{"relativize"}, pair(s, b)...)
	case 4:
		args = append([]string{"equal"}, pair(s, b)...)
	case 5:
		if bits&16 != 0 {
			return []string{"check", s}, ""
		}
		args = append(append(append(append([]string{"check"}, flag(1, "-repair")...), flag(2, "-ref")...), flag(4, "-json")...), "-")
		stdin = s + "\n" + b + "\n" + s
	case 6:
		args = append(append([]string{"grammar"}, flag(1, "-short")...), s)
	case 7:
		if bits&2 != 0 {
			return []string{"template", "-match", s, b}, ""
		}
		args = append(append([]string{"template"}, flag(1, "-uri")...), s, b)
	case 8:
		args = append([]string{"build", "-from", s}, flag(1, "-repair")...)
		switch {
		case bits&16 != 0: // a whole URI as the host: refused, and echoed
			args = []string{"build", "-scheme", "http", "-host", s}
		case bits&32 != 0: // the password where it belongs
			args = []string{"build", "-scheme", "http", "-userinfo", "u:" + secretMark + a, "-host", "h"}
		}
		switch {
		case bits&2 != 0:
			args = append(args, "-path", b)
		case bits&4 != 0:
			args = append(args, "-query", b)
		default:
			args = append(args, "-fragment", b)
		}
	case 9:
		args = []string{s, b}
		if bits&1 != 0 {
			args = []string{"help", s}
		}
	case 10:
		args = append(append([]string{"readings"}, flag(1, "-json")...), s)
		if bits&2 != 0 {
			args = append([]string{"readings", "-base", b}, args[1:]...)
		}
	case 11:
		args = []string{"grammar", "-abnf", "testdata/tel.abnf", s, b}
		switch {
		case bits&1 != 0:
			args = []string{"grammar", "-abnf", "testdata/tel.abnf", "-rule", s}
		case bits&2 != 0:
			args = []string{"grammar", "-abnf", s, "-short"}
		}
	}
	return args, stdin
}
