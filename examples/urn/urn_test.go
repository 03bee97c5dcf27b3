package urn

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want URN
	}{
		// RFC 8141 §3.2.
		{"urn:example:a123,z456", URN{NID: "example", NSS: "a123,z456"}},
		{"URN:example:a123,z456", URN{NID: "example", NSS: "a123,z456"}},
		{"urn:EXAMPLE:a123,z456", URN{NID: "EXAMPLE", NSS: "a123,z456"}},
		{"urn:example:a123,z456?+abc", URN{NID: "example", NSS: "a123,z456", RComponent: "abc"}},
		{"urn:example:a123,z456?=xyz", URN{NID: "example", NSS: "a123,z456", QComponent: "xyz"}},
		{"urn:example:a123,z456#789", URN{NID: "example", NSS: "a123,z456", FComponent: "789", HasFragment: true}},
		{"urn:example:a123,z456/foo", URN{NID: "example", NSS: "a123,z456/foo"}},
		{"urn:example:a123%2Cz456", URN{NID: "example", NSS: "a123%2Cz456"}},
		// RFC 8141 §2.3: all three components, and "?" inside them.
		{"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk", URN{NID: "example", NSS: "foo-bar-baz-qux", RComponent: "CCResolve:cc=uk"}},
		{"urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
			URN{NID: "example", NSS: "weather", QComponent: "op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z"}},
		{"urn:example:a?+r?x?=q?+y#", URN{NID: "example", NSS: "a", RComponent: "r?x", QComponent: "q?+y", HasFragment: true}},
		// The ABNF's r-component may hold "?=": "?=" ends it where a
		// q-component follows (RFC 8141 §2.3), and only there.
		{"urn:ab:x?+r?=?y", URN{NID: "ab", NSS: "x", RComponent: "r?=?y"}},
		{"urn:ab:x?+r?=?y?=z", URN{NID: "ab", NSS: "x", RComponent: "r?=?y", QComponent: "z"}},
		// NID = (alphanum) 0*30(ldh) (alphanum): read as a PEG, 0*30(ldh)
		// would take the last alphanum; the ABNF leaves it (RFC 8141 §2).
		{"urn:a1:b", URN{NID: "a1", NSS: "b"}},
		// NID lengths: 2 and 32 characters, "-" inside.
		{"urn:ab:x", URN{NID: "ab", NSS: "x"}},
		{"urn:" + strings.Repeat("a", 32) + ":x", URN{NID: strings.Repeat("a", 32), NSS: "x"}},
		{"urn:a-b-1:x", URN{NID: "a-b-1", NSS: "x"}},
		{"urn:isbn:0451450523", URN{NID: "isbn", NSS: "0451450523"}},
		{"urn:ietf:rfc:2648", URN{NID: "ietf", NSS: "rfc:2648"}},
	} {
		got, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		got.prefix = ""
		if got != tc.want {
			t.Errorf("Parse(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
	}{
		{"", 0},
		{"urx:ab:x", 2},
		{"urn:a:x", 5}, // NID of one character
		{"urn:" + strings.Repeat("a", 33) + ":x", 36}, // NID of 33
		{"urn:-ab:x", 4}, // starts with "-"
		{"urn:ab-:x", 7}, // an NID ends with an alphanum: after "-", ":" cannot come
		{"urn:a_b:x", 5},
		{"urn:ab:", 7},         // NSS needs a pchar
		{"urn:ab:/x", 7},       // NSS starts with a pchar
		{"urn:ab:x?+", 10},     // r-component cannot be empty
		{"urn:ab:x?=", 10},     // nor q-component
		{"urn:ab:x?y", 9},      // "?" begins "?+" and "?="; "y" is neither
		{"urn:ab:x?=q?+r", 14}, // r before q: here "?+r" is part of q; fine, so check the end
		{"urn:ab:x%2", 10},     // a triplet needs two HEXDIG
		{"urn:ab:x y", 8},
	} {
		_, err := Parse(tc.in)
		if tc.in == "urn:ab:x?=q?+r" {
			if err != nil {
				t.Errorf("Parse(%q): %v", tc.in, err)
			}
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) = %v, want a *ParseError", tc.in, err)
			continue
		}
		if pe.Offset != tc.offset {
			t.Errorf("Parse(%q): offset %d, want %d (%v)", tc.in, pe.Offset, tc.offset, err)
		}
		var se *c.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q): no *combinator.SyntaxError under %v", tc.in, err)
		}
	}
}

func TestEquivalent(t *testing.T) {
	// RFC 8141 §3.2.
	group1 := []string{
		"URN:example:a123,z456",
		"urn:example:a123,z456",
		"urn:EXAMPLE:a123,z456",
		"urn:example:a123,z456?+abc",
		"urn:example:a123,z456?=xyz",
		"urn:example:a123,z456#789",
	}
	others := [][]string{
		group1,
		{"urn:example:a123,z456/foo"},
		{"urn:example:a123,z456/bar"},
		{"urn:example:a123,z456/baz"},
		{"urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456"},
		{"urn:example:A123,z456"},
		{"urn:example:a123,Z456"},
		{"urn:example:%D0%B0123,z456"},
	}
	for gi, g := range others {
		for hi, h := range others {
			for _, a := range g {
				for _, b := range h {
					got, err := Equivalent(a, b)
					if err != nil {
						t.Fatalf("Equivalent(%q, %q): %v", a, b, err)
					}
					if want := gi == hi; got != want {
						t.Errorf("Equivalent(%q, %q) = %t, want %t", a, b, got, want)
					}
				}
			}
		}
	}
	if _, err := Equivalent("urn:a:b", "urn:ab:c"); err == nil {
		t.Error(`Equivalent("urn:a:b", …): no error`)
	}
}

// A URN is a URI: every string NameString accepts, RFC 3986 accepts.
func TestURNIsURI(t *testing.T) {
	for _, s := range []string{"urn:example:a123,z456?+abc?=xyz#789", "urn:ab:x?+r?x?=q?+y#"} {
		if _, err := uri.Parse(s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"urn:example:a123,z456?+abc?=xyz#789", "URN:EX-1:a%2cb", "urn:ab:x?=q?+y#", "urn:a:b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		if u.String() != s {
			t.Fatalf("Parse(%q).String() = %q", s, u.String())
		}
		// Each part is a match of its rule of RFC 8141 §2.
		if !NID.Match(u.NID) || !NSS.Match(u.NSS) ||
			u.RComponent != "" && !RComponent.Match(u.RComponent) ||
			u.QComponent != "" && !QComponent.Match(u.QComponent) ||
			u.HasFragment && !FComponent.Match(u.FComponent) {
			t.Fatalf("Parse(%q) = %+v: a part its rule refuses", s, u)
		}
		if _, err := uri.Parse(s); err != nil {
			t.Fatalf("URN %q is not a URI: %v", s, err)
		}
		cu, err := Parse(u.Canonical())
		if err != nil {
			t.Fatalf("Canonical %q does not parse: %v", u.Canonical(), err)
		}
		if !cu.Equivalent(u) || cu.Canonical() != u.Canonical() {
			t.Fatalf("Canonical %q is not a fixed point", u.Canonical())
		}
	})
}

func ExampleParse() {
	u, err := Parse("urn:example:weather?+CCResolve:cc=uk?=op=map#top")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.NID, u.NSS, u.RComponent, u.QComponent, u.FComponent)
	_, err = Parse("urn:x:y")
	fmt.Println(err)
	// Output:
	// example weather CCResolve:cc=uk op=map top
	// urn: invalid character ':' at offset 5 in namestring: expected ldh or alphanum
}

func ExampleEquivalent() {
	same, _ := Equivalent("URN:EXAMPLE:a123%2cz456?=xyz", "urn:example:a123%2Cz456#789")
	fmt.Println(same)
	// Output: true
}
