package uri_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/seed42851778/rfc3986/uri"
)

// The texts below, read by the URL Standard (its basic URL parser: "special
// authority slashes", "special authority ignore slashes", "authority" with
// "\" ending it in a special URL, "file host" with its Windows drive
// letter, and the host parser: percent-decoding, the UTS #46 mapping and
// the IPv4 parser behind the "ends in a number" checker), name another host
// than RFC 3986 reads in them, repaired or not. ParseRepaired refuses each,
// where the readings part, and refuses it alike with spaces, tabs and
// newlines around it (one more byte of offset).
func TestParseRepairedRefusesAnotherHostThanBrowsersRead(t *testing.T) {
	tests := []struct {
		in        string
		offset    int
		component string
	}{
		// "\" ends the authority of a special URL: the host is example.com.
		{`http://example.com\@evil.com/`, 18, "authority"},
		{`http://user:12\34@h/`, 14, "authority"}, // host user, port 12
		{`http://x\y/`, 8, "authority"},
		{`//evil.example\x/ y`, 14, "authority"},
		// "\" among the slashes after a special scheme, or at the start of
		// a reference read against an http base: a host follows.
		{`https:/\evil.example`, 7, "authority"},
		{`http:\\evil.example/ x`, 5, "authority"},
		{`WS:\\evil.example/`, 3, "authority"},
		{`\\evil.example/ x`, 0, "authority"},
		{`/\evil.example/ x`, 1, "authority"},
		{`file:\\evil.example/`, 5, "authority"},
		// Any run of slashes, or none, before a host in a special URL.
		{"http:evil.example/ x", 5, "authority"},
		{"http:/evil.example/ x", 5, "authority"},
		{"http:///evil.example/ x", 5, "authority"},
		{"https:evil.com/", 6, "authority"},
		{"https:/evil.com/", 6, "authority"},
		{"http:///evil.com/", 5, "authority"},
		{"http:@evil.com/", 5, "authority"},
		{"http:.", 5, "authority"}, // the host "."
		{"///evil.example/ x", 0, "authority"},
		// The IPv4 parser: 0x7f.1 is 127.0.0.1, 127.1 is 127.0.0.1.
		{"http://0x7f.1/a b", 7, "host"},
		{"http://127.1/a b", 7, "host"},
		{"https://2130706433/a b", 8, "host"},
		{"http://u@0177.0.0.1/a b", 9, "host"},
		{"http://0x7f.1/", 7, "host"},
		{"HTTP://0X7F.1/", 7, "host"},
		{"http://127.1/", 7, "host"},
		{"http://2130706433/", 7, "host"},
		{"http://1.2.3.4./", 7, "host"}, // the final dot dropped
		{"http://%30x7f.1/", 7, "host"}, // percent-decoded first
		// UTS #46 maps the fullwidth digits to ASCII ones, after the
		// percent-decoding; RFC 3986 reads a name.
		{"http://127.0.0.%EF%BC%91/ x", 7, "host"},
		{"http://%EF%BC%90x7f.1/", 7, "host"},
		{"http://０x7f.1/", 7, "host"}, // repaired to "0x7f.1"
		// IDNA refuses the name here (STD3 rules); browsers map it.
		{"http://%C3%BC_x/", 7, "host"},
		// A Windows drive letter after "file://" starts the path.
		{"file://C:/a b", 7, "host"},
		{"file://c:/x", 7, "host"},
		// Tabs and spaces are removed first: offsets are the input's.
		{"\t http://0x7f.1/a b", 9, "host"},
		{"ht\ttp://0x7f.1/", 8, "host"},
	}
	for _, tt := range tests {
		for _, in := range []string{tt.in, " " + tt.in + "\n"} {
			u, reps, err := uri.ParseRepaired(in)
			var re *uri.ReadingError
			if !errors.As(err, &re) {
				t.Errorf("ParseRepaired(%q) = %q, %v, %v; want a *ReadingError", in, u, reps, err)
				continue
			}
			got := struct {
				Input, Component string
				Offset           int
				Invalid          bool
			}{re.Input, re.Component, re.Offset, errors.Is(err, uri.ErrInvalid)}
			want := got
			want.Input, want.Component, want.Offset, want.Invalid = in, tt.component, tt.offset, true
			if in != tt.in {
				want.Offset++
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("ParseRepaired(%q) (-want +got):\n%s", in, diff)
			}
			if msg := err.Error(); !strings.Contains(msg, "weburl") || strings.Contains(msg, "12\\34") {
				t.Errorf("ParseRepaired(%q): message %q should name weburl and no password", in, msg)
			}
		}
	}
}

// Where both readings name the same host, or browsers refuse the text (they
// fetch nothing from it), the repair goes on as before.
func TestParseRepairedKeepsWhatBrowsersReadAlike(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://ex.com/a b", "https://ex.com/a%20b"},
		{"http://1.2.3.4/ x", "http://1.2.3.4/%20x"},
		{"http://bücher.de/ x", "http://xn--bcher-kva.de/%20x"},
		{"http://１２７.0.0.1/", "http://127.0.0.1/"},     // mapped alike, to the address
		{"http://127.0.0.%31/", "http://127.0.0.%31/"}, // decodes to the address (§6.2.2.2)
		{"http://%C3%BC.de/", "http://%C3%BC.de/"},     // xn--tda.de to both
		{"http://ẞ.de/", "http://xn--zca.de/"},         // ẞ maps to ß (UTS #46 15.1)
		{"http://%E1%BA%9E.de/", "http://%E1%BA%9E.de/"},
		{"HTTP://EXAMPLE.com:80/", "HTTP://EXAMPLE.com:80/"},
		{"file:///a b", "file:///a%20b"},
		{"file://localhost/x", "file://localhost/x"}, // the empty host to browsers
		{"file:///c:/x", "file:///c:/x"},
		{"foo:\\\\x/ y", "foo:%5C%5Cx/%20y"}, // not special: "\" is data
		{"sc://0x7f.1/", "sc://0x7f.1/"},     // not special: an opaque host
		{"http://[::1]:8080/", "http://[::1]:8080/"},
		// Browsers refuse these: an empty host, a port over 65535, a
		// forbidden domain code point once percent-decoded, a number the
		// IPv4 parser refuses, and a port "pa" after the "\" ends the
		// authority.
		{"http://?a b", "http://?a%20b"},
		{"http:/", "http:/"},
		{"http:", "http:"},
		{"\\/", "%5C/"},
		{"http://a:99999/", "http://a:99999/"},
		{"http://a%3Cb/", "http://a%3Cb/"},
		{"http://%00/", "http://%00/"},
		{"http://1.2.3.256/", "http://1.2.3.256/"},
		{`http://user:pa\ss@h/`, "http://user:pa%5Css@h/"},
		{"mailto:a b@example.com", "mailto:a%20b@example.com"},
	}
	for _, tt := range tests {
		for _, in := range []string{tt.in, " " + tt.in + "\n"} {
			u, _, err := uri.ParseRepaired(in)
			if err != nil || u.String() != tt.want {
				t.Errorf("ParseRepaired(%q) = %q, %v; want %q", in, u, err, tt.want)
			}
		}
	}
}

// ResolveRepaired reads the reference against its base, as browsers do: a
// reference that starts with the base's special scheme and no "//" is
// relative to the base to them, and "file:" reads a drive letter.
func TestResolveRepairedReadsAgainstTheBase(t *testing.T) {
	tests := []struct {
		base, ref string
		want      string // the target, or "refused at N"
	}{
		{"http://a/b/c", "http:", "refused at 4"}, // the last byte
		{"http://a/b/c", "HTTP:?q", "refused at 5"},
		{"http://a/b/c", "https:", "https:"}, // browsers refuse it
		{"http://a/b/c", "//x/ y", "http://x/%20y"},
		{"http://a/b/c", "http:///x", "refused at 5"},
		{"file:///tmp/x", "//c:/x", "refused at 2"},
		{"file:///tmp/x", "file:y", "file:y"}, // no host in either reading
		{"file://h/p/q", "file:y", "refused at 5"},
		{"file://h/p/q", "//h/y", "file://h/y"},
		{"sc://x/y", "//0x7f.1/z", "refused at 2"}, // ParseRepaired's reading: an http base
		{"sc://x/y", "z w", "sc://x/z%20w"},
	}
	for _, tt := range tests {
		u, _, err := uri.MustParse(tt.base).ResolveRepaired(tt.ref)
		got := u.String()
		var re *uri.ReadingError
		if errors.As(err, &re) {
			got = fmt.Sprintf("refused at %d", re.Offset)
		} else if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%q.ResolveRepaired(%q) = %s; want %s", tt.base, tt.ref, got, tt.want)
		}
	}
}

func TestReadingErrorMessage(t *testing.T) {
	_, _, err := uri.ParseRepaired(`http://example.com\@evil.com/`)
	want := `uri: browsers read another authority at offset 18: a "\" in the authority is a "/" to browsers, so the host ends there; to read the text as a browser does, use package weburl (the WHATWG URL Standard)`
	if err == nil || err.Error() != want {
		t.Errorf("message:\n got %v\nwant %s", err, want)
	}
}

// A browser reads "\" as "/" in an http URL, so the host of this text is
// example.com to it; repaired by RFC 3986 it would be evil.com. ParseRepaired
// refuses to hand out the other host.
func ExampleReadingError() {
	_, _, err := uri.ParseRepaired(`http://example.com\@evil.com/`)
	var re *uri.ReadingError
	if errors.As(err, &re) {
		fmt.Println(re.Offset, re.Component)
		fmt.Println(re.Reason)
	}
	// Output:
	// 18 authority
	// a "\" in the authority is a "/" to browsers, so the host ends there
}

// A valid reference is refused too where browsers read another host in it,
// and spaces around it change nothing; the same host written as browsers
// read it passes.
func ExampleParseRepaired_browsersReadAnotherHost() {
	for _, s := range []string{"http://0x7f.1/", " http://0x7f.1/\n", "https:evil.example/", "http://127.0.0.1/"} {
		u, _, err := uri.ParseRepaired(s)
		var re *uri.ReadingError
		if errors.As(err, &re) {
			fmt.Printf("%q: refused at %d: %s\n", s, re.Offset, re.Reason)
			continue
		}
		fmt.Printf("%q: %s %v\n", s, u, err)
	}
	// Output:
	// "http://0x7f.1/": refused at 7: browsers read the host "0x7f.1" as the IPv4 address 127.0.0.1 (the URL Standard's IPv4 parser), where RFC 3986 reads a name
	// " http://0x7f.1/\n": refused at 8: browsers read the host "0x7f.1" as the IPv4 address 127.0.0.1 (the URL Standard's IPv4 parser), where RFC 3986 reads a name
	// "https:evil.example/": refused at 6: after "https:" browsers skip every "/" and "\" and read a host, where RFC 3986 reads a host only after exactly "//"
	// "http://127.0.0.1/": http://127.0.0.1/ <nil>
}
