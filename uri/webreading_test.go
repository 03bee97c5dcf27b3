package uri_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/seed42851778/rfc3986/uri"
)

// The texts below need a repair and, read by the URL Standard (its basic URL
// parser: "special authority slashes", "special authority ignore slashes",
// "authority" with "\" ending it in a special URL, "file host" with its
// Windows drive letter, and the IPv4 parser behind the "ends in a number"
// checker), name another host than the repaired RFC 3986 reference does.
// ParseRepaired refuses each, where the readings part.
func TestParseRepairedRefusesAnotherHostThanBrowsersRead(t *testing.T) {
	tests := []struct {
		in        string
		offset    int
		component string
	}{
		// "\" ends the authority of a special URL: the host is example.com.
		{`http://example.com\@evil.com/`, 18, "authority"},
		{`http://user:pa\ss@h/`, 14, "authority"},
		{`//evil.example\x/ y`, 14, "authority"},
		// "\" among the slashes after a special scheme, or at the start of
		// a reference read against an http base: a host follows.
		{`https:/\evil.example`, 7, "authority"},
		{`http:\\evil.example/ x`, 5, "authority"},
		{`\\evil.example/ x`, 0, "authority"},
		{`/\evil.example/ x`, 1, "authority"},
		// Any run of slashes, or none, before a host in a special URL.
		{"http:evil.example/ x", 5, "authority"},
		{"http:/evil.example/ x", 5, "authority"},
		{"http:///evil.example/ x", 5, "authority"},
		{"///evil.example/ x", 0, "authority"},
		// The IPv4 parser: 0x7f.1 is 127.0.0.1, 127.1 is 127.0.0.1.
		{"http://0x7f.1/a b", 7, "host"},
		{"http://127.1/a b", 7, "host"},
		{"https://2130706433/a b", 8, "host"},
		{"http://u@0177.0.0.1/a b", 9, "host"},
		// A Windows drive letter after "file://" starts the path.
		{"file://C:/a b", 7, "host"},
		// Tabs and spaces are removed first: offsets are the input's.
		{"\t http://0x7f.1/a b", 9, "host"},
	}
	for _, tt := range tests {
		u, reps, err := uri.ParseRepaired(tt.in)
		var re *uri.ReadingError
		if !errors.As(err, &re) {
			t.Errorf("ParseRepaired(%q) = %q, %v, %v; want a *ReadingError", tt.in, u, reps, err)
			continue
		}
		got := struct {
			Input, Component string
			Offset           int
			Invalid          bool
		}{re.Input, re.Component, re.Offset, errors.Is(err, uri.ErrInvalid)}
		want := got
		want.Input, want.Component, want.Offset, want.Invalid = tt.in, tt.component, tt.offset, true
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("ParseRepaired(%q) (-want +got):\n%s", tt.in, diff)
		}
		if msg := err.Error(); !strings.Contains(msg, "weburl") || strings.Contains(msg, "pa\\ss") {
			t.Errorf("ParseRepaired(%q): message %q should name weburl and no password", tt.in, msg)
		}
	}
}

// Where both readings name the same host, or browsers read none (they fail
// on an empty host), the repair goes on as before.
func TestParseRepairedKeepsWhatBrowsersReadAlike(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://ex.com/a b", "https://ex.com/a%20b"},
		{"http://1.2.3.4/ x", "http://1.2.3.4/%20x"},
		{"http://bücher.de/ x", "http://xn--bcher-kva.de/%20x"},
		{"file:///a b", "file:///a%20b"},
		{"foo:\\\\x/ y", "foo:%5C%5Cx/%20y"}, // not special: "\" is data
		{"http://?a b", "http://?a%20b"},     // an empty host: browsers fail
		{"http:/", "http:/"},                 // valid: unchanged
		{"\\/", "%5C/"},                      // "//" and an empty host to a browser
		{"mailto:a b@example.com", "mailto:a%20b@example.com"},
	}
	for _, tt := range tests {
		u, _, err := uri.ParseRepaired(tt.in)
		if err != nil || u.String() != tt.want {
			t.Errorf("ParseRepaired(%q) = %q, %v; want %q", tt.in, u, err, tt.want)
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
