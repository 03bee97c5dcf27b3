package uri_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/properties"
	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

type rp = uri.Repair

// TestParseRepaired checks each class of repair, the examples among
// them. The expected texts are the WHATWG URL standard's for these inputs
// (its percent-encode sets, its host parser's domain-to-ASCII), which agree
// with RFC 3986 here; the A-labels are those of RFC 3492's algorithm, as
// registries publish them.
func TestParseRepaired(t *testing.T) {
	tests := []struct {
		in   string
		want string
		reps []uri.Repair
	}{
		// The examples.
		{"https://example.com/a b", "https://example.com/a%20b", []rp{{Offset: 21, Old: " ", New: "%20"}}},
		{"http://x/?q={term}", "http://x/?q=%7Bterm%7D", []rp{{Offset: 12, Old: "{term}", New: "%7Bterm%7D"}}}, // changes fewer than 16 bytes apart are one Repair
		{"http://x/100%", "http://x/100%25", []rp{{Offset: 12, Old: "%", New: "%25"}}},
		{"https://bücher.de/ü", "https://xn--bcher-kva.de/%C3%BC",
			[]rp{{Offset: 8, Old: "bücher.de", New: "xn--bcher-kva.de"}, {Offset: 19, Old: "ü", New: "%C3%BC"}}},
		{" http://x/a\tb ", "http://x/ab", []rp{{Offset: 0, Old: " ", New: ""}, {Offset: 11, Old: "\t", New: ""}, {Offset: 13, Old: " ", New: ""}}},

		// 1: C0 controls and spaces at the ends; tab, LF, CR anywhere.
		{"\x00\x1f http://x/ \x01", "http://x/", []rp{{Offset: 0, Old: "\x00\x1f ", New: ""}, {Offset: 12, Old: " \x01", New: ""}}},
		{"http://ex\r\nample.com/", "http://example.com/", []rp{{Offset: 9, Old: "\r\n", New: ""}}},
		{"ht\ttp://x/", "http://x/", []rp{{Offset: 2, Old: "\t", New: ""}}},
		{"http://x/?a=1\n&b=2", "http://x/?a=1&b=2", []rp{{Offset: 13, Old: "\n", New: ""}}},

		// 2: path.
		{"../v1/old page.html", "../v1/old%20page.html", []rp{{Offset: 9, Old: " ", New: "%20"}}},
		{"/a|b", "/a%7Cb", []rp{{Offset: 2, Old: "|", New: "%7C"}}},
		{`/a"<>\^` + "`{|}", "/a%22%3C%3E%5C%5E%60%7B%7C%7D", []rp{
			{Offset: 2, Old: `"<>\^` + "`{|}", New: "%22%3C%3E%5C%5E%60%7B%7C%7D"}}},
		{"/[x]", "/%5Bx%5D", []rp{{Offset: 1, Old: "[x]", New: "%5Bx%5D"}}},
		{"https://other.example/Ünïcode/path", "https://other.example/%C3%9Cn%C3%AFcode/path",
			[]rp{{Offset: 22, Old: "Ünï", New: "%C3%9Cn%C3%AF"}}},
		{"/%41%4g%", "/%41%254g%25", []rp{{Offset: 4, Old: "%4g%", New: "%254g%25"}}},
		{"/a%2", "/a%252", []rp{{Offset: 2, Old: "%", New: "%25"}}},
		{"/\x7f\x01x\x01", "/%7F%01x", []rp{{Offset: 1, Old: "\x7f\x01", New: "%7F%01"}, {Offset: 4, Old: "\x01", New: ""}}}, // the trimmed end is a Repair of its own
		{"/\xff", "/%FF", []rp{{Offset: 1, Old: "\xff", New: "%FF"}}},
		{"/\xc3\t\xbc", "/%C3%BC", []rp{{Offset: 1, Old: "\xc3\t\xbc", New: "%C3%BC"}}},
		{"mailto:a b@example.com", "mailto:a%20b@example.com", []rp{{Offset: 8, Old: " ", New: "%20"}}},

		// 2: query and fragment; a "#" after the first.
		{"/search?q={term}", "/search?q=%7Bterm%7D", []rp{{Offset: 10, Old: "{term}", New: "%7Bterm%7D"}}},
		{"/p?a b#c d", "/p?a%20b#c%20d", []rp{{Offset: 4, Old: " ", New: "%20"}, {Offset: 8, Old: " ", New: "%20"}}},
		{"/p#a#b##", "/p#a%23b%23%23", []rp{{Offset: 4, Old: "#b##", New: "%23b%23%23"}}},
		{"/p?a?b/c", "/p?a?b/c", nil}, // valid: "?" and "/" belong to a query
		{"/p#x?[y]", "/p#x?%5By%5D", []rp{{Offset: 5, Old: "[y]", New: "%5By%5D"}}},

		// 2: userinfo, up to the last "@".
		{"http://us er:p@ss@h/", "http://us%20er:p%40ss@h/", []rp{{Offset: 9, Old: " ", New: "%20"}, {Offset: 14, Old: "@", New: "%40", InPassword: true}}},
		{"http://[u]@h/", "http://%5Bu%5D@h/", []rp{{Offset: 7, Old: "[u]", New: "%5Bu%5D"}}},

		// 3: IDNA.
		{"http://BÜCHER.de:8080/", "http://xn--bcher-kva.de:8080/", []rp{{Offset: 7, Old: "BÜCHER.de", New: "xn--bcher-kva.de"}}},
		{"http://bücher。de/", "http://xn--bcher-kva.de/", []rp{{Offset: 7, Old: "bücher。de", New: "xn--bcher-kva.de"}}}, // U+3002 maps to "."
		{"//münchen.de", "//xn--mnchen-3ya.de", []rp{{Offset: 2, Old: "münchen.de", New: "xn--mnchen-3ya.de"}}},
		{"http://faß.de/", "http://xn--fa-hia.de/", []rp{{Offset: 7, Old: "faß.de", New: "xn--fa-hia.de"}}}, // not transitional
		{"http://u@bü\tcher.de/", "http://u@xn--bcher-kva.de/", []rp{{Offset: 9, Old: "bü\tcher.de", New: "xn--bcher-kva.de"}}},

		// Valid input: unchanged, no repair.
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q", nil},
		{"", "", nil},
		{"http://xn--bcher-kva.de/%C3%BC", "http://xn--bcher-kva.de/%C3%BC", nil},
	}
	for _, tt := range tests {
		u, reps, err := uri.ParseRepaired(tt.in)
		if err != nil {
			t.Errorf("ParseRepaired(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, u.String()); diff != "" {
			t.Errorf("ParseRepaired(%q) URI (-want +got):\n%s", tt.in, diff)
		}
		if diff := cmp.Diff(tt.reps, reps); diff != "" {
			t.Errorf("ParseRepaired(%q) repairs (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestParseRepairedRefuses checks what is not repaired: the error is
// ParseReference's, with offsets into the caller's text.
func TestParseRepairedRefuses(t *testing.T) {
	tests := []struct {
		in        string
		offset    int
		component string
	}{
		{`foo://x\y/`, 7, "host"},           // "\" is not "/", nor encoded in a host
		{"http://ex ample.com/", 9, "host"}, // a space in a host
		{"http://h:8x/", 11, "port"},        // a bad port stays an error (the strict diagnosis: at "/")
		{"http://h:80 80/", 11, "port"},
		{"a b:c", 3, "path"},               // ":" in the first segment of a relative path
		{" http://[::1 ", 13, "host"},      // ends too early: len(s)
		{"http://\tx%/", 10, "host"},       // a "%" in a host is not repaired; offset past the tab
		{"http://a\u200Eb.de/", 8, "host"}, // IDNA refuses a bidi mark (disallowed)
		{"http://\xff.de/", 7, "host"},     // not UTF-8: IDNA refuses
		{"http://[::1]x/", 12, "host"},
		{"1http://x", 5, "path"},
		{"http://bücher.de:8x/", 20, "port"}, // past the A-label: an offset in s
		{"\tü b:c", 5, "path"},               // past three repairs: the ":" of a relative path
	}
	for _, tt := range tests {
		u, reps, err := uri.ParseRepaired(tt.in)
		var pe *uri.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseRepaired(%q) = %q, %v, %v; want a *ParseError", tt.in, u, reps, err)
			continue
		}
		if pe.Input != tt.in || pe.Offset != tt.offset || pe.Component != tt.component {
			t.Errorf("ParseRepaired(%q): Input %q, Offset %d, Component %s; want offset %d in %s (%v)",
				tt.in, pe.Input, pe.Offset, pe.Component, tt.offset, tt.component, err)
		}
		if !errors.Is(err, uri.ErrInvalid) {
			t.Errorf("ParseRepaired(%q): %v is not ErrInvalid", tt.in, err)
		}
	}
}

// TestParseRepairedHintOffsets: the offsets a hint names are, like Offset,
// offsets of the caller's text, not of the repaired one.
func TestParseRepairedHintOffsets(t *testing.T) {
	for _, tt := range []struct{ in, hint string }{
		{" http://h:8x/", `the port "8x" holds 'x' at offset 11: a port is decimal digits only`},
		{"http://bücher.de:8x/", `the port "8x" holds 'x' at offset 19: a port is decimal digits only`},
		{"\thttp://[::1/ a", `unclosed "[" at offset 8: an IP literal ends with "]"`},
	} {
		_, _, err := uri.ParseRepaired(tt.in)
		var pe *uri.ParseError
		if !errors.As(err, &pe) || pe.Hint != tt.hint {
			t.Errorf("ParseRepaired(%q) = %v; want the hint %q", tt.in, err, tt.hint)
		}
	}
}

// TestParseRepairedErrorOffsetsAtRepairEdges: when the repaired text is still
// no URI reference, the error's offset is where the offending byte stands in
// the caller's text: right after a removed leading space, and right after a
// space encoded as "%20", the ":" that stays an error in the first segment of
// a relative path (§4.2) is at offset 1 and 2.
func TestParseRepairedErrorOffsetsAtRepairEdges(t *testing.T) {
	for in, want := range map[string]int{" :x": 1, "a :": 2, "a  :": 3, " a :": 3} {
		_, _, err := uri.ParseRepaired(in)
		var pe *uri.ParseError
		if !errors.As(err, &pe) || pe.Offset != want || pe.Input != in || in[pe.Offset] != ':' {
			t.Errorf("uri.ParseRepaired(%q) = %v; want a *uri.ParseError at offset %d, the \":\"", in, err, want)
		}
	}
}

// TestParseRepairedEmptyAuthority: "file:///a b" has an empty authority
// (§3.2: "//" then nothing before the "/", as RFC 8089 §2 writes a local
// file), so the space is in the path, where it is encoded (%20).
func TestParseRepairedEmptyAuthority(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		reps     []uri.Repair
	}{
		{"file:///a b", "file:///a%20b", []uri.Repair{{Offset: 9, Old: " ", New: "%20"}}},
		{"http://?a b", "http://?a%20b", []uri.Repair{{Offset: 9, Old: " ", New: "%20"}}},
		{"//#a b", "//#a%20b", []uri.Repair{{Offset: 4, Old: " ", New: "%20"}}},
	} {
		u, reps, err := uri.ParseRepaired(tc.in)
		if err != nil || u.String() != tc.want {
			t.Errorf("uri.ParseRepaired(%q) = %q, %v; want %q", tc.in, u, err, tc.want)
		}
		if d := cmp.Diff(tc.reps, reps); d != "" {
			t.Errorf("uri.ParseRepaired(%q) repairs (-want +got):\n%s", tc.in, d)
		}
		if !u.HasAuthority() || u.Authority() != "" {
			t.Errorf("uri.ParseRepaired(%q): authority %q, %v; want an empty one", tc.in, u.Authority(), u.HasAuthority())
		}
	}
}

// TestParseRepairedEmptyUserinfo: "http://@bücher.de/" has an empty userinfo
// (§3.2.1: userinfo = *( … ), then "@"), so the host is "bücher.de", which
// becomes its IDNA A-label "xn--bcher-kva.de" (RFC 5891; the A-label as RFC
// 3492's example and every IDNA tool give it).
func TestParseRepairedEmptyUserinfo(t *testing.T) {
	u, reps, err := uri.ParseRepaired("http://@bücher.de/")
	if err != nil || u.String() != "http://@xn--bcher-kva.de/" {
		t.Fatalf("ParseRepaired = %q, %v; want http://@xn--bcher-kva.de/", u, err)
	}
	if d := cmp.Diff([]uri.Repair{{Offset: 8, Old: "bücher.de", New: "xn--bcher-kva.de"}}, reps); d != "" {
		t.Errorf("repairs (-want +got):\n%s", d)
	}
}

// TestParseRepairedTabAfterIDNAHost: a tab right after a host that IDNA
// rewrites is removed (repair 1) and stays a repair of its own: the host's
// Repair covers only the host's bytes (RFC 5891 A-label as in
// TestParseRepairedEmptyUserinfo).
func TestParseRepairedTabAfterIDNAHost(t *testing.T) {
	u, reps, err := uri.ParseRepaired("http://bücher.de\t/x")
	if err != nil || u.String() != "http://xn--bcher-kva.de/x" {
		t.Fatalf("ParseRepaired = %q, %v; want http://xn--bcher-kva.de/x", u, err)
	}
	want := []uri.Repair{{Offset: 7, Old: "bücher.de", New: "xn--bcher-kva.de"}, {Offset: 17, Old: "\t"}}
	if d := cmp.Diff(want, reps); d != "" {
		t.Errorf("repairs (-want +got):\n%s", d)
	}
}

// TestParseRepairedNonASCIIAfterARemoval: when repair 1 has removed bytes
// (here a leading space), a non-ASCII character is one Repair, its UTF-8
// bytes percent-encoded (§2.1, §3.3); one split by a removed tab too, the
// tab in its Old (ParseRepaired's doc: changes close together are one).
func TestParseRepairedNonASCIIAfterARemoval(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		reps     []uri.Repair
	}{
		{" http://h/é", "http://h/%C3%A9", []uri.Repair{{Offset: 0, Old: " "}, {Offset: 10, Old: "é", New: "%C3%A9"}}},
		{" http://h/\xc3\t\xa9", "http://h/%C3%A9", []uri.Repair{{Offset: 0, Old: " "}, {Offset: 10, Old: "\xc3\t\xa9", New: "%C3%A9"}}},
		{"\thttp://h/x?€", "http://h/x?%E2%82%AC", []uri.Repair{{Offset: 0, Old: "\t"}, {Offset: 12, Old: "€", New: "%E2%82%AC"}}},
	} {
		u, reps, err := uri.ParseRepaired(tt.in)
		if err != nil || u.String() != tt.want {
			t.Errorf("uri.ParseRepaired(%q) = %q, %v; want %q", tt.in, u, err, tt.want)
			continue
		}
		if d := cmp.Diff(tt.reps, reps); d != "" {
			t.Errorf("uri.ParseRepaired(%q) repairs (-want +got):\n%s", tt.in, d)
		}
	}
}

// TestParseRepairedFragmentFirst: a reference that is only a fragment (§4.2:
// relative-ref may be "#" fragment alone) has its fragment repaired like any
// other: the bytes a fragment does not allow percent-encoded (§3.5).
func TestParseRepairedFragmentFirst(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		reps     []uri.Repair
	}{
		{"#é", "#%C3%A9", []uri.Repair{{Offset: 1, Old: "é", New: "%C3%A9"}}},
		{"#a b", "#a%20b", []uri.Repair{{Offset: 2, Old: " ", New: "%20"}}},
	} {
		u, reps, err := uri.ParseRepaired(tt.in)
		if err != nil || u.String() != tt.want {
			t.Errorf("uri.ParseRepaired(%q) = %q, %v; want %q", tt.in, u, err, tt.want)
			continue
		}
		if d := cmp.Diff(tt.reps, reps); d != "" {
			t.Errorf("uri.ParseRepaired(%q) repairs (-want +got):\n%s", tt.in, d)
		}
	}
}

// checkRepairedTo fails unless ParseRepaired(in) gives the URI want with
// the repairs reps.
func checkRepairedTo(t *testing.T, in, want string, reps []uri.Repair) {
	t.Helper()
	u, got, err := uri.ParseRepaired(in)
	if err != nil || u.String() != want {
		t.Errorf("uri.ParseRepaired(%q) = %q, %v; want %q", in, u, err, want)
		return
	}
	if d := cmp.Diff(reps, got); d != "" {
		t.Errorf("uri.ParseRepaired(%q) repairs (-want +got):\n%s", in, d)
	}
}

// TestParseRepairedIPLiteralHost: an IP literal host (§3.2.2) stands as it
// is, its ":"s are the address's, and the port is what follows its "]";
// the rest of the reference is repaired around it as after any host.
func TestParseRepairedIPLiteralHost(t *testing.T) {
	checkRepairedTo(t, "http://[::1]:8080/a b", "http://[::1]:8080/a%20b", []uri.Repair{{Offset: 19, Old: " ", New: "%20"}})
	checkRepairedTo(t, "http://[2001:db8::7]/c=GB?one two", "http://[2001:db8::7]/c=GB?one%20two", []uri.Repair{{Offset: 29, Old: " ", New: "%20"}})
	checkRepairedTo(t, "//[v1.x]:1/ü", "//[v1.x]:1/%C3%BC", []uri.Repair{{Offset: 11, Old: "ü", New: "%C3%BC"}})
	checkRepairedTo(t, "http://u@[::1]/ x", "http://u@[::1]/%20x", []uri.Repair{{Offset: 15, Old: " ", New: "%20"}})
}

// TestParseRepairedQuestionMarkInFragment: a "?" after the first "#" is
// fragment data (§3.5: the fragment runs to the end), so the path ends at
// the "#" and no query begins: the bytes of the path, its second one
// included, are repaired by the path's rules, and those after the "#" by the
// fragment's.
func TestParseRepairedQuestionMarkInFragment(t *testing.T) {
	checkRepairedTo(t, "http://h/ x#y?z w", "http://h/%20x#y?z%20w",
		[]uri.Repair{{Offset: 9, Old: " ", New: "%20"}, {Offset: 15, Old: " ", New: "%20"}})
	checkRepairedTo(t, "/ x#?", "/%20x#?", []uri.Repair{{Offset: 1, Old: " ", New: "%20"}})
	checkRepairedTo(t, "a^#b?c", "a%5E#b?c", []uri.Repair{{Offset: 1, Old: "^", New: "%5E"}})
}

func TestRepairString(t *testing.T) {
	got := uri.Repair{Offset: 19, Old: " ", New: "%20"}.String()
	if want := `offset 19: " " → "%20"`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	got = uri.Repair{Offset: 3, Old: "\t"}.String()
	if want := `offset 3: "\t" → ""`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// checkRepaired checks the laws of one ParseRepaired result: the repairs are
// in order, do not overlap, each Old stands in s at its Offset, and applying
// them to s gives the URI; the URI parses strictly; repairing it again
// changes nothing.
func checkRepaired(t interface{ Fatalf(string, ...any) }, s string, u uri.URI, reps []uri.Repair) {
	var b strings.Builder
	at := 0
	for _, r := range reps {
		if r.Offset < at || r.Offset+len(r.Old) > len(s) || s[r.Offset:r.Offset+len(r.Old)] != r.Old {
			t.Fatalf("ParseRepaired(%q): repair %v out of order or not in the input", s, r)
		}
		if r.Old == r.New {
			t.Fatalf("ParseRepaired(%q): repair %v changes nothing", s, r)
		}
		b.WriteString(s[at:r.Offset])
		b.WriteString(r.New)
		at = r.Offset + len(r.Old)
	}
	b.WriteString(s[at:])
	if b.String() != u.String() {
		t.Fatalf("ParseRepaired(%q) = %q, but its repairs give %q", s, u, b.String())
	}
	if _, err := uri.ParseReference(u.String()); err != nil {
		t.Fatalf("ParseRepaired(%q) = %q, which does not parse: %v", s, u, err)
	}
	v, again, err := uri.ParseRepaired(u.String())
	if err != nil || v.String() != u.String() || len(again) != 0 {
		t.Fatalf("ParseRepaired(%q) = %q; repaired again: %q, %v, %v", s, u, v, again, err)
	}
}

// A valid URI reference comes back as it is, with no repair, unless
// browsers read another host in it (a *ReadingError, as for the same text
// with spaces around it).
func TestPropertyRepairValidUnchanged(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := properties.URIReference().Draw(t, "s")
		u, reps, err := uri.ParseRepaired(s)
		var re *uri.ReadingError
		if errors.As(err, &re) {
			if _, _, err2 := uri.ParseRepaired(" " + s + "\n"); !errors.As(err2, &re) {
				t.Fatalf("ParseRepaired(%q): %v, but with spaces around: %v", s, err, err2)
			}
			return
		}
		if err != nil || u.String() != s || reps != nil {
			t.Fatalf("ParseRepaired(%q) = %q, %v, %v", s, u, reps, err)
		}
	})
}

// messy damages a valid reference the ways pasted text is damaged.
func messy(t *rapid.T) string {
	s := properties.URIReference().Draw(t, "valid")
	n := rapid.IntRange(0, 4).Draw(t, "n")
	noise := rapid.SampledFrom([]string{" ", "\t", "\n", "\r", "\x00", "\x7f", `"`, "<", ">", `\`, "^", "`",
		"{", "|", "}", "[", "]", "#", "%", "%4", "@", "?", ":", "/", "ü", "ß", "\xff", "\u200e", "日本"})
	for range n {
		i := rapid.IntRange(0, len(s)).Draw(t, "at")
		s = s[:i] + noise.Draw(t, "noise") + s[i:]
	}
	return s
}

// Whatever the input, a result parses, is what its repairs describe, and is
// a fixed point.
func TestPropertyRepairLaws(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := messy(t)
		u, reps, err := uri.ParseRepaired(s)
		if err != nil {
			var pe *uri.ParseError
			var re *uri.ReadingError
			switch {
			case errors.As(err, &pe):
				if pe.Input != s || pe.Offset < 0 || pe.Offset > len(s) {
					t.Fatalf("ParseRepaired(%q): error %#v", s, err)
				}
			case errors.As(err, &re):
				if re.Input != s || re.Offset < 0 || re.Offset >= len(s) {
					t.Fatalf("ParseRepaired(%q): error %#v", s, err)
				}
			default:
				t.Fatalf("ParseRepaired(%q): error %#v", s, err)
			}
			return
		}
		checkRepaired(t, s, u, reps)
	})
}

// Repairs only ever encode, remove or IDNA-map: outside a host, decoding
// the result gives the input without its tabs, newlines and ends, decoded.
func TestPropertyRepairKeepsMeaning(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := messy(t)
		u, _, err := uri.ParseRepaired(s)
		if err != nil || u.HasAuthority() {
			return
		}
		trimmed := strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
		trimmed = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(trimmed)
		if !utf8.ValidString(trimmed) {
			return
		}
		got, err := uri.PercentDecode(u.String())
		if err != nil {
			t.Fatal(err)
		}
		want, err := uri.PercentDecode(validEscapes(trimmed))
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("ParseRepaired(%q) = %q, decodes to %q, want %q", s, u, got, want)
		}
	})
}

// validEscapes encodes each "%" of s that does not start a triplet, by hand.
func validEscapes(s string) string {
	hex := func(x byte) bool { return strings.IndexByte("0123456789abcdefABCDEF", x) >= 0 }
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && !(i+2 < len(s) && hex(s[i+1]) && hex(s[i+2])) {
			b.WriteString("%25")
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// FuzzParseRepaired checks that ParseRepaired never panics, that a result
// parses strictly, is what its repairs describe and is a fixed point, that a
// valid input comes back unchanged or is refused with a *ReadingError, and
// that an error is a *ParseError or a *ReadingError into the input.
func FuzzParseRepaired(f *testing.F) {
	for _, s := range []string{
		"", " ", "\t", "https://example.com/a b", "http://x/?q={term}", "http://x/100%",
		"https://bücher.de/ü", " http://x/a\tb ", "http://u@bü\tcher.de/", "//\xff", "a b:c",
		"http://us er:p@ss@h/", "/p#a#b", "http://[::1]x", "http://\xc3\t\xbc/\xc3\n\xbc", "%",
		"http://a\u200Eb.de/", "http://faß.de/", "s:\x00\x7f", "//@@@", "?#?#", "http://h:8x/",
		"http://0x7f.1/", "https:evil.com/", "http:///evil.com/", "file://c:/x", "http://127.0.0.%EF%BC%91/ x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, reps, err := uri.ParseRepaired(s)
		_, strictErr := uri.ParseReference(s)
		if err != nil {
			var pe *uri.ParseError
			var re *uri.ReadingError
			switch {
			case errors.As(err, &pe):
				if pe.Input != s || pe.Offset < 0 || pe.Offset > len(s) {
					t.Fatalf("ParseRepaired(%q): error %#v", s, err)
				}
			case errors.As(err, &re): // browsers would read another host
				if re.Input != s || re.Offset < 0 || re.Offset >= len(s) {
					t.Fatalf("ParseRepaired(%q): error %#v", s, err)
				}
			default:
				t.Fatalf("ParseRepaired(%q): error %#v", s, err)
			}
			if strictErr == nil && !errors.As(err, &re) {
				t.Fatalf("ParseRepaired(%q) fails on a valid reference: %v", s, err)
			}
			_ = err.Error()
			return
		}
		if strictErr == nil && (u.String() != s || reps != nil) {
			t.Fatalf("ParseRepaired(%q) = %q, %v: a valid reference changed", s, u, reps)
		}
		for _, r := range reps {
			_ = r.String()
		}
		checkRepaired(t, s, u, reps)
	})
}

// TestParseRepairedDNSLength: ParseRepaired refuses a Unicode host whose
// A-label would pass the 63 bytes DNS allows a label (UTS #46
// VerifyDnsLength; 60 letters and a "ü" make "xn--" + 60 + "-" + its delta,
// over 63), with the strict parse's diagnosis (the "ü", unrepaired, at
// offset 67 in the host); the strict parse keeps its grammar's answer, as
// §3.2.2 sets no length: the same label in ASCII, 70 bytes, is a reg-name.
func TestParseRepairedDNSLength(t *testing.T) {
	in := "http://" + strings.Repeat("a", 60) + "ü.de/"
	_, _, err := uri.ParseRepaired(in)
	var pe *uri.ParseError
	if !errors.As(err, &pe) || pe.Offset != 67 || pe.Component != "host" {
		t.Errorf("ParseRepaired(%q) error %v, want one in the host at offset 67", in, err)
	}
	short := "http://" + strings.Repeat("a", 50) + "ü.de/"
	if _, _, err := uri.ParseRepaired(short); err != nil {
		t.Errorf("ParseRepaired(%q): %v", short, err)
	}
	ascii := "http://" + strings.Repeat("a", 70) + ".de/"
	if _, err := uri.Parse(ascii); err != nil {
		t.Errorf("Parse(%q): %v", ascii, err)
	}
}
