package weburl

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// printableIn returns the printable ASCII bytes (U+0020 to U+007E) of set.
func printableIn(set *encodeSet) string {
	var b []byte
	for c := byte(0x20); c < 0x7f; c++ {
		if set[c] {
			b = append(b, c)
		}
	}
	return string(b)
}

// printableExcept returns the printable ASCII bytes not in keep.
func printableExcept(keep string) string {
	var b []byte
	for c := byte(0x20); c < 0x7f; c++ {
		in := false
		for i := 0; i < len(keep); i++ {
			in = in || keep[i] == c
		}
		if !in {
			b = append(b, c)
		}
	}
	return string(b)
}

const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// TestEncodeSetsHoldTheStandardsCodePoints checks each percent-encode set's
// printable ASCII members against the standard's definitions (§1.3), and
// that every set holds the C0 controls, U+007F and every non-ASCII byte.
func TestEncodeSetsHoldTheStandardsCodePoints(t *testing.T) {
	tests := []struct {
		name string
		set  *encodeSet
		want string // printable ASCII members, in byte order
	}{
		{"C0 control", &c0ControlSet, ""},
		{"fragment", &fragmentSet, " \"<>`"},
		{"query", &querySet, " \"#<>"},
		{"special-query", &specialQuerySet, " \"#'<>"},
		{"path", &pathSet, " \"#<>?^`{}"},
		{"userinfo", &userinfoSet, " \"#/:;<=>?@[\\]^`{|}"},
		// JavaScript's encodeURIComponent leaves alone exactly the ASCII
		// alphanumerics and -_.!~*'() (ECMA-262 uriUnreserved).
		{"component", &componentSet, printableExcept(alnum + "-_.!~*'()")},
		// The standard's note: everything but the ASCII alphanumerics, *, -, . and _.
		{"application/x-www-form-urlencoded", &formSet, printableExcept(alnum + "*-._")},
	}
	for _, tt := range tests {
		if got := printableIn(tt.set); got != tt.want {
			t.Errorf("%s percent-encode set: printable members %q, want %q", tt.name, got, tt.want)
		}
		for c := 0; c < 0x100; c++ {
			if (c < 0x20 || c >= 0x7f) && !tt.set[c] {
				t.Errorf("%s percent-encode set lacks byte %#x", tt.name, c)
			}
		}
	}
}

// TestAppendPercentEncodedFollowsTheStandardsExamples checks the examples of
// §1.3 "Percent-encoded bytes" that use UTF-8.
func TestAppendPercentEncodedFollowsTheStandardsExamples(t *testing.T) {
	tests := []struct {
		in   string
		set  *encodeSet
		want string
	}{
		{"\x23", &componentSet, "%23"},
		{"\x7f", &c0ControlSet, "%7F"},
		{"≡", &userinfoSet, "%E2%89%A1"},
		{"‽", &userinfoSet, "%E2%80%BD"},
		{"Say what‽", &userinfoSet, "Say%20what%E2%80%BD"},
		{"", &pathSet, ""},
		{"a\xffb", &pathSet, "a%EF%BF%BDb"},          // an invalid byte is read as U+FFFD
		{"\xe2\x80", &pathSet, "%EF%BF%BD%EF%BF%BD"}, // a truncated sequence: one U+FFFD per byte, as a range loop reads it
	}
	for _, tt := range tests {
		if got := string(appendPercentEncoded(nil, tt.in, tt.set)); got != tt.want {
			t.Errorf("appendPercentEncoded(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got, want := needsEncoding(tt.in, tt.set), tt.in != tt.want; got != want {
			t.Errorf("needsEncoding(%q) = %v, want %v", tt.in, got, want)
		}
	}
	if got := string(appendPercentEncoded([]byte("x="), "a b", &formSet)); got != "x=a%20b" {
		t.Errorf("appendPercentEncoded keeps dst: got %q", got)
	}
}

// TestAppendPercentDecodedFollowsTheStandardsExamples checks the examples of
// §1.3: a % not followed by two hex digits stays.
func TestAppendPercentDecodedFollowsTheStandardsExamples(t *testing.T) {
	tests := []struct{ in, want string }{
		{"%25%s%1G", "%%s%1G"},
		{"‽%25%2E", "\xe2\x80\xbd\x25\x2e"},
		{"%", "%"},
		{"%4", "%4"},
		{"%41", "A"},
		{"%4a%4A", "JJ"},
		{"a%", "a%"},
		{"%%41", "%A"},
	}
	for _, tt := range tests {
		if got := string(appendPercentDecoded(nil, tt.in)); got != tt.want {
			t.Errorf("appendPercentDecoded(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestAppendPercentEncodedPassesPercentEncodingTests runs the UTF-8 column of
// WPT's percent-encoding.json, which WPT checks in a special URL's query and
// fragment: the special-query and fragment percent-encode sets.
func TestAppendPercentEncodedPassesPercentEncodingTests(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "wpt", "percent-encoding.json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range raw {
		var c struct {
			Input  string            `json:"input"`
			Output map[string]string `json:"output"`
		}
		if json.Unmarshal(r, &c) != nil {
			continue // a comment
		}
		want, ok := c.Output["utf-8"]
		if !ok {
			continue
		}
		n++
		for name, set := range map[string]*encodeSet{"special-query": &specialQuerySet, "fragment": &fragmentSet} {
			if diff := cmp.Diff(want, string(appendPercentEncoded(nil, c.Input, set))); diff != "" {
				t.Errorf("%q in the %s set (-want +got):\n%s", c.Input, name, diff)
			}
		}
	}
	if n < 5 {
		t.Fatalf("read %d cases", n)
	}
}

func BenchmarkAppendPercentEncoded(b *testing.B) {
	for _, in := range []string{"/path/to/resource.html", "/a path/with ünïcode"} {
		b.Run(in, func(b *testing.B) {
			dst := make([]byte, 0, 64)
			b.ReportAllocs()
			defer reportCPU(b)()
			for b.Loop() {
				dst = appendPercentEncoded(dst[:0], in, &pathSet)
			}
		})
	}
}
