package idnahost

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// wptDir is the module's one copy of the web-platform-tests data, which
// weburl's tests read too (verbatim copies; see its README.md).
func wptDir() string { return filepath.Join("..", "..", "weburl", "testdata", "wpt") }

// The WPT verifydnslength tests (ASCII hosts of URLs, "failure" when a label
// is empty or over 63 bytes, or the name over 253 bytes without its root
// dot) decide VerifyDNSLength.
func TestVerifyDNSLengthWPT(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(wptDir(), "verifydnslength_tests.json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range raw {
		var tc struct {
			Input   string `json:"input"`
			Failure bool   `json:"failure"`
			Message string `json:"message"`
		}
		if json.Unmarshal(r, &tc) != nil || tc.Input == "" {
			continue // the leading comment
		}
		host := strings.TrimPrefix(tc.Input, "http://")
		host, _, _ = strings.Cut(host, "/")
		err := VerifyDNSLength(host)
		if (err != nil) != tc.Failure {
			t.Errorf("VerifyDNSLength(%q) = %v, want failure %v (%s)", host, err, tc.Failure, tc.Message)
		}
		// ToASCII agrees on ASCII names: the lookup profile keeps them.
		if _, err2 := ToASCII(host); (err2 != nil) != tc.Failure {
			t.Errorf("ToASCII(%q) = %v, want failure %v", host, err2, tc.Failure)
		}
		n++
	}
	if n < 15 {
		t.Fatalf("read %d cases; the file holds 17", n)
	}
}

// A name whose A-label passes 63 bytes is refused, naming the label, though
// its Unicode form is short; one under 63 bytes passes. By RFC 3492, the
// A-label of n ASCII letters and one "ü" is "xn--", the letters, "-" and
// the few digits of one code point's delta: 60 letters make more than 63
// bytes, 50 fewer. The A-label itself comes from x/net's profile without
// the length check.
func TestToASCIILabelLength(t *testing.T) {
	long := strings.Repeat("a", 60) + "ü"
	a, err := New().p.ToASCII(long)
	if err != nil || len(a) <= MaxLabel {
		t.Fatalf("the A-label of %q is %q (%v): the test needs one over 63 bytes", long, a, err)
	}
	_, err = ToASCII("www." + long + ".de")
	var le *LengthError
	if !errors.As(err, &le) {
		t.Fatalf("ToASCII(%q) error %v, want a *LengthError", long, err)
	}
	want := LengthError{Name: "www." + a + ".de", Label: 2, Offset: 4, Len: len(a)}
	if d := cmp.Diff(want, *le); d != "" {
		t.Errorf("LengthError (-want +got):\n%s", d)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "idna: label 2 ") || len(msg) > 300 {
		t.Errorf("message %q does not name label 2, or is long", msg)
	}

	short := strings.Repeat("a", 50) + "ü"
	got, err := ToASCII(short + ".de")
	if err != nil || len(got) > MaxLabel+len(".de") {
		t.Errorf("ToASCII(%q) = %q, %v; want an A-label of at most 63 bytes", short, got, err)
	}
}

// Table of VerifyDNSLength's limits at their edges, each counted by hand.
func TestVerifyDNSLengthEdges(t *testing.T) {
	l63, l64 := strings.Repeat("a", 63), strings.Repeat("a", 64)
	// 4 labels of 63 bytes and 3 dots: 255 bytes; with 61 in the last, 253.
	name253 := l63 + "." + l63 + "." + l63 + "." + strings.Repeat("a", 61)
	for _, tc := range []struct {
		name string
		want *LengthError
	}{
		{"a", nil},
		{"a.", nil}, // the root label
		{l63 + ".de", nil},
		{l64 + ".de", &LengthError{Name: l64 + ".de", Label: 1, Offset: 0, Len: 64}},
		{"de." + l64, &LengthError{Name: "de." + l64, Label: 2, Offset: 3, Len: 64}},
		{name253, nil},
		{name253 + ".", nil},
		{name253 + "a", &LengthError{Name: name253 + "a", Len: 254}},
		{"", &LengthError{Name: "", Label: 1, Len: 0}},
		{".", &LengthError{Name: ".", Label: 1, Len: 0}},
		{".a", &LengthError{Name: ".a", Label: 1, Len: 0}},
		{"a..b", &LengthError{Name: "a..b", Label: 2, Offset: 2, Len: 0}},
		{"a..", &LengthError{Name: "a..", Label: 2, Offset: 2, Len: 0}},
	} {
		err := VerifyDNSLength(tc.name)
		if tc.want == nil {
			if err != nil {
				t.Errorf("VerifyDNSLength(%d bytes) = %v, want nil", len(tc.name), err)
			}
			continue
		}
		var le *LengthError
		if !errors.As(err, &le) {
			t.Errorf("VerifyDNSLength(%q) = %v, want %+v", tc.name, err, tc.want)
			continue
		}
		if d := cmp.Diff(tc.want, le); d != "" {
			t.Errorf("VerifyDNSLength(%q) (-want +got):\n%s", tc.name, d)
		}
	}
}

// Messages name the label, stay short whatever the name's length, and
// escape what they quote.
func TestLengthErrorMessage(t *testing.T) {
	for _, tc := range []struct {
		err  *LengthError
		want string
	}{
		{&LengthError{Name: "", Label: 1}, `idna: the name is empty, DNS allows 1 to 253 bytes (UTS #46 VerifyDnsLength)`},
		{&LengthError{Name: "a..b", Label: 2, Offset: 2}, `idna: label 2 is empty, DNS allows 1 to 63 bytes (UTS #46 VerifyDnsLength): "a..b"`},
		{&LengthError{Name: strings.Repeat("b", 64) + ".de", Label: 1, Len: 64},
			`idna: label 1 is 64 bytes long in ASCII, DNS allows 63 (UTS #46 VerifyDnsLength): "` + strings.Repeat("b", 64) + `"`},
		{&LengthError{Name: "de." + strings.Repeat("b", 64), Label: 2, Offset: 3, Len: 64}, // the last label
			`idna: label 2 is 64 bytes long in ASCII, DNS allows 63 (UTS #46 VerifyDnsLength): "` + strings.Repeat("b", 64) + `"`},
		{&LengthError{Name: "ab", Label: 1, Offset: 1, Len: 5}, // set by hand past the name: the name is quoted
			`idna: label 1 is 5 bytes long in ASCII, DNS allows 63 (UTS #46 VerifyDnsLength): "ab"`},
		{&LengthError{Name: "x\u202e" + strings.Repeat("c", 300), Len: 304},
			`idna: the name is 304 bytes long in ASCII, DNS allows 253 (UTS #46 VerifyDnsLength): "x\u202e` + strings.Repeat("c", 60) + `…" (304 bytes)`},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() =\n%s\nwant\n%s", got, tc.want)
		}
	}
	// A label of 16 MiB: the message stays short.
	huge := strings.Repeat("d", 1<<24)
	if msg := VerifyDNSLength(huge).Error(); len(msg) > 300 {
		t.Errorf("message of %d bytes", len(msg))
	}
}

// The profile keeps IDNA's answers where lengths hold: transitional
// processing off, the mapping for lookup, the bidi and STD3 rules.
func TestToASCIIProfile(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"bücher.de", "xn--bcher-kva.de"}, // RFC 3492 §7.1's style of example, computed by idna's Punycode
		{"BÜCHER.de", "xn--bcher-kva.de"}, // mapped to lower case
		{"faß.de", "xn--fa-hia.de"},       // nontransitional: "ß" kept
		{"bücher.de.", "xn--bcher-kva.de."},
		{"bücher。de", "xn--bcher-kva.de"}, // U+3002 is a label separator
		{"bücher．de｡", "xn--bcher-kva.de."},
	} {
		got, err := ToASCII(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ToASCII(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"ü_x.de", "-bücher.de", "a\u200eb.de", "ü.xn--.de", "xn--"} {
		if _, err := ToASCII(in); err == nil {
			t.Errorf("ToASCII(%q) accepted", in)
		}
	}
	// x/net empties the label "xn--" and leaves a root dot in its place:
	// refused as the empty label 2.
	var le *LengthError
	if _, err := ToASCII("ü.xn--"); !errors.As(err, &le) || *le != (LengthError{Name: "xn--tda.", Label: 2, Offset: 8}) {
		t.Errorf("ToASCII(\"ü.xn--\") error %#v", err)
	}
	u, err := New().ToUnicode("xn--bcher-kva.de")
	if err != nil || u != "bücher.de" {
		t.Errorf("ToUnicode = %q, %v", u, err)
	}
}

// FuzzVerifyDNSLength compares VerifyDNSLength with the rule read as UTS #46
// writes it, on strings.Split's labels, and ToASCII with x/net's profile
// and the rule: it refuses what either refuses, and beyond them only a
// label IDNA emptied.
func FuzzVerifyDNSLength(f *testing.F) {
	for _, s := range []string{"a", "a.", "a..b", ".", "", "bücher.de", strings.Repeat("a", 64), "ü.xn--", "ü。de｡"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		name := strings.TrimSuffix(s, ".")
		if name == "" {
			name = s // "." is not a root label after a name
		}
		ok := len(name) >= 1 && len(name) <= MaxName
		for _, l := range strings.Split(name, ".") {
			ok = ok && len(l) >= 1 && len(l) <= MaxLabel
		}
		if err := VerifyDNSLength(s); (err == nil) != ok {
			t.Fatalf("VerifyDNSLength(%q) = %v, want ok %v", s, err, ok)
		}
		a, err := ToASCII(s)
		a2, err2 := New().p.ToASCII(s)
		if err2 == nil {
			err2 = VerifyDNSLength(a2)
		}
		var le *LengthError
		switch {
		case err == nil && (err2 != nil || a != a2):
			t.Fatalf("ToASCII(%q) = %q; profile and rule give %q, %v", s, a, a2, err2)
		case err != nil && err2 == nil && (!errors.As(err, &le) || le.Len != 0):
			// Beyond the two, ToASCII refuses only a label that IDNA
			// emptied ("xn--"), as an empty label.
			t.Fatalf("ToASCII(%q): %v; profile and rule give %q", s, err, a2)
		}
	})
}

// The UTS #46 conformance data (IdnaTestV2, as WPT carries it for the URL
// Standard, which sets VerifyDnsLength false and so marks the length errors
// A4_1 and A4_2 "ignored") decides VerifyDNSLength on every ASCII form it
// gives: refused exactly when the entry is marked A4_1 (the name) or A4_2
// (a label). The forms that end with the root dot are left out: since
// Unicode 16 the data marks them A4_2, where this package keeps the root
// label of RFC 1035 (see the package doc).
func TestVerifyDNSLengthIdnaTestV2(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(wptDir(), "IdnaTestV2.json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	n, refused, rootDot := 0, 0, 0
	for _, r := range raw {
		var tc struct {
			Input   string  `json:"input"`
			Output  *string `json:"output"`
			Comment string  `json:"comment"`
		}
		if json.Unmarshal(r, &tc) != nil || tc.Output == nil {
			continue // a comment line, or an input the URL Standard refuses
		}
		if strings.HasSuffix(*tc.Output, ".") {
			rootDot++
			continue
		}
		if strings.Contains(tc.Comment, "P4") {
			continue // "xn--" and the like: the A4 is of the label's empty Unicode form, the ASCII one is IDNA's refusal
		}
		want := strings.Contains(tc.Comment, "A4_1") || strings.Contains(tc.Comment, "A4_2")
		if err := VerifyDNSLength(*tc.Output); (err != nil) != want {
			t.Errorf("VerifyDNSLength(%q) = %v; the entry says %q", *tc.Output, err, tc.Comment)
		}
		n++
		if want {
			refused++
		}
	}
	if n < 1000 || refused < 100 {
		t.Fatalf("checked %d entries, %d refused: the file is not what it was", n, refused)
	}
	t.Logf("%d ASCII forms, %d refused; %d with a root dot left out", n, refused, rootDot)
}

// BenchmarkToASCII measures the profile on a typical Unicode name, with its
// DNS length checks and without (x/net's profile alone): what the checks
// add.
//
//	go test ./internal/idnahost -run '^$' -bench ToASCII -benchmem -cpu 1 -count 6
func BenchmarkToASCII(b *testing.B) {
	const name = "www.bücher-und-zeitschriften.example.de"
	b.Run("idnahost", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ToASCII(name); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("x-net-idna", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := New().p.ToASCII(name); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestToASCIIMapsCapitalSharpS checks UTS #46 15.1's mapping of U+1E9E ẞ
// LATIN CAPITAL LETTER SHARP S to U+00DF ß, kept by nontransitional
// processing: WPT's IdnaTestV2.json (Unicode 17.0) has "FAẞ.de" as
// "xn--fa-hia.de", the A-label of "faß" (RFC 3492: "fa", then ß), and
// "xn--zca" is "ß" alone. ToUnicode maps it too.
func TestToASCIIMapsCapitalSharpS(t *testing.T) {
	tests := []struct{ in, ascii, unicode string }{
		{"ẞ.de", "xn--zca.de", "ß.de"},
		{"FAẞ.de", "xn--fa-hia.de", "faß.de"},
		{"FAẞ.DE", "xn--fa-hia.de", "faß.de"},
		{"ß.de", "xn--zca.de", "ß.de"},
		{"ẞẞ", "xn--zcaa", "ßß"},
		{"SS.de", "ss.de", "ss.de"},
	}
	type result struct{ ASCII, Unicode string }
	for _, tt := range tests {
		a, err := ToASCII(tt.in)
		if err != nil {
			t.Errorf("ToASCII(%q): %v", tt.in, err)
		}
		u, err := New().ToUnicode(tt.in)
		if err != nil {
			t.Errorf("ToUnicode(%q): %v", tt.in, err)
		}
		if d := cmp.Diff(result{tt.ascii, tt.unicode}, result{a, u}); d != "" {
			t.Errorf("%q (-want +got):\n%s", tt.in, d)
		}
	}
}
