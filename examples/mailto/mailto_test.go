package mailto

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

func TestParse(t *testing.T) {
	type h = Header
	for _, tc := range []struct {
		in   string
		want Mailto
	}{
		// RFC 6068 §6.1.
		{"mailto:chris@example.com", Mailto{To: []string{"chris@example.com"}}},
		{"mailto:infobot@example.com?subject=current-issue", Mailto{To: []string{"infobot@example.com"}, Headers: []h{{"subject", "current-issue"}}}},
		{"mailto:infobot@example.com?body=send%20current-issue", Mailto{To: []string{"infobot@example.com"}, Headers: []h{{"body", "send current-issue"}}}},
		{"mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
			Mailto{To: []string{"infobot@example.com"}, Headers: []h{{"body", "send current-issue\r\nsend index"}}}},
		{"mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
			Mailto{To: []string{"list@example.org"}, Headers: []h{{"In-Reply-To", "<3469A91.D10AF4C@example.com>"}}}},
		{"mailto:majordomo@example.com?body=subscribe%20bamboo-l", Mailto{To: []string{"majordomo@example.com"}, Headers: []h{{"body", "subscribe bamboo-l"}}}},
		{"mailto:joe@example.com?cc=bob@example.com&body=hello", Mailto{To: []string{"joe@example.com"}, Headers: []h{{"cc", "bob@example.com"}, {"body", "hello"}}}},
		{"mailto:gorby%25kremvax@example.com", Mailto{To: []string{"gorby%kremvax@example.com"}}},
		{"mailto:unlikely%3Faddress@example.com?blat=foop", Mailto{To: []string{"unlikely?address@example.com"}, Headers: []h{{"blat", "foop"}}}},
		{"mailto:Mike%26family@example.org", Mailto{To: []string{"Mike&family@example.org"}}},
		// RFC 6068 §6.2.
		{"mailto:%22not%40me%22@example.org", Mailto{To: []string{`"not@me"@example.org`}}},
		{"mailto:%22oh%5C%5Cno%22@example.org", Mailto{To: []string{`"oh\\no"@example.org`}}},
		{"mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org", Mailto{To: []string{`"\\\"it's\ ugly\\\""@example.org`}}},
		// RFC 6068 §6.3.
		{"mailto:user@example.org?subject=caf%C3%A9", Mailto{To: []string{"user@example.org"}, Headers: []h{{"subject", "café"}}}},
		{"mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D&body=caf%C3%A9",
			Mailto{To: []string{"user@example.org"}, Headers: []h{{"subject", "=?utf-8?Q?caf=C3=A9?="}, {"body", "café"}}}},
		{"mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
			Mailto{To: []string{"user@納豆.example.org"}, Headers: []h{{"subject", "Test"}, {"body", "NATTO"}}}},
		// RFC 6068 §2: addresses in the to part and in "to" fields.
		{"mailto:addr1@an.example,addr2@an.example", Mailto{To: []string{"addr1@an.example", "addr2@an.example"}}},
		{"mailto:?to=addr1@an.example,addr2@an.example", Mailto{Headers: []h{{"to", "addr1@an.example,addr2@an.example"}}}},
		{"mailto:", Mailto{}},
		{"MAILTO:a@%5B192.0.2.1%5D", Mailto{To: []string{"a@[192.0.2.1]"}}},
		// RFC 5322 §3.2.4: WSP in a quoted-string; RFC 6532 §3.2: UTF-8 in a quoted-pair.
		{"mailto:%22a%09b%22@x", Mailto{To: []string{"\"a\tb\"@x"}}},
		{"mailto:%22%5C%C3%A9%22@x", Mailto{To: []string{`"\é"@x`}}},
		{"mailto:%F0%9F%98%80@x", Mailto{To: []string{"😀@x"}}},
	} {
		got, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if d := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tc.in, d)
		}
	}
}

// Header field names fold in ASCII only (RFC 5322 §1.2.2): U+017F is not "s".
func TestHeaderASCIIFold(t *testing.T) {
	m, err := Parse("mailto:a@b?%C5%BFubject=x&SUBJECT=hi")
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Subject(); got != "hi" {
		t.Errorf("Subject() = %q, want %q", got, "hi")
	}
}

func TestStringEncodes(t *testing.T) {
	for in, want := range map[string]string{
		"mailto:a%26b@example.com":     "mailto:a%26b@example.com",
		"mailto:%61%3db@x":             "mailto:a%3Db@x",
		"mailto:?subject=a%26b%3Dc%23": "mailto:?subject=a%26b%3Dc%23",
	} {
		m, err := Parse(in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		if got := m.String(); got != want {
			t.Errorf("Parse(%q).String() = %q, want %q", in, got, want)
		}
	}
}

// RFC 6068 §2: the three forms give the same recipients.
func TestRecipients(t *testing.T) {
	want := []string{"addr1@an.example", "addr2@an.example"}
	for _, s := range []string{
		"mailto:addr1@an.example,addr2@an.example",
		"mailto:?to=addr1@an.example,addr2@an.example",
		"mailto:addr1@an.example?to=addr2@an.example",
	} {
		m, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, m.Recipients()); d != "" {
			t.Errorf("%q (-want +got):\n%s", s, d)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		addr   string
	}{
		{"mailto:joe", 7, "joe"},             // no "@"
		{"mailto:a@b,joe", 11, "joe"},        // the second address
		{"mailto:a@b?to=x@y,joe", 18, "joe"}, // an address of a "to" field
		{"mailto:?subject=x&to=a@b,%22c", 25, `"c`},
		{"mailto:?to=%22a,b%22@x,%20", 23, " "},
		// RFC 6068 §2: "&", ";" and "=" have to be percent-encoded in an addr-spec.
		{"mailto:a=b@example.com", 8, ""},
		{"mailto:a&b@example.com", 8, ""},
		{"mailto:a;b@example.com", 8, ""},
		// RFC 6532 §3.1: only well-formed UTF-8.
		{"mailto:%FF@example.com", 7, "\xff@example.com"},
		{"mailto:%C3@x", 7, "\xc3@x"},
		{"mailto:a@%ED%A0%80", 7, "a@\xed\xa0\x80"}, // a surrogate
		{"mailto:%C0%AF@x", 7, "\xc0\xaf@x"},        // an overlong "/"
		{"mailto:a@b?subject", 18, ""},              // hfield needs "="
		{"mailto:a@b?subject=a&b", 22, ""},          //
		{"mailto:a@b?subject=a/b", 20, ""},          // "/" is not a qchar
		{"mailto:a@b?subject=a=b", 20, ""},          // nor "="
		{"mailto:a b@c", 8, ""},                     //
		{"mailto:a@b#f", 10, ""},                    // no fragment
		{"mailto:%22a@b", 7, `"a@b`},                // unterminated quoted-string
		{"mailto:a..b@c", 7, "a..b@c"},              // empty atom
		{"mailto:a@b?subject=%zz", 20, ""},          //
		{"mailx:a@b", 4, ""},                        // "mail" begins "mailto:"
	} {
		_, err := Parse(tc.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) = %v, want a *ParseError", tc.in, err)
			continue
		}
		if pe.Offset != tc.offset || pe.Addr != tc.addr {
			t.Errorf("Parse(%q): offset %d, addr %q; want %d, %q (%v)", tc.in, pe.Offset, pe.Addr, tc.offset, tc.addr, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"mailto:joe@example.com?cc=bob@example.com&body=hello", "mailto:%22not%40me%22@example.org",
		"mailto:?to=%22a,b%22@x,c@d", "mailto:a@[1.2.3.4]?=&=", "mailto:%22%5C%C3%A9%09%22@x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := Parse(s)
		if err != nil {
			return
		}
		if _, err := uri.Parse(s); err != nil {
			t.Fatalf("mailto URI %q is not a URI: %v", s, err)
		}
		again, err := Parse(m.String())
		if err != nil {
			t.Fatalf("Parse(%q).String() = %q does not parse: %v", s, m.String(), err)
		}
		if d := cmp.Diff(m, again, cmpopts.EquateEmpty()); d != "" {
			t.Fatalf("%q recomposed as %q parses differently:\n%s", s, m.String(), d)
		}
	})
}

func ExampleParse() {
	m, err := Parse("mailto:%22not%40me%22@example.org?subject=caf%C3%A9&body=hello")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.To[0], m.Subject(), m.Body())
	_, err = Parse("mailto:joe?subject=hi")
	fmt.Println(err)
	// Output:
	// "not@me"@example.org café hello
	// mailto: address "joe" at offset 7: unexpected end of input at offset 3 in addr-spec: expected atext, "." or "@"
}

// TestMailtoABNFIsTheRFCsOnURIs: the regular reading of RFC 6068's ABNF
// that Parse checks a URI with (mailto-abnf) accepts, of strings made of
// the characters of URIs, what MailtoURI, the RFC's ABNF itself, accepts.
func TestMailtoABNFIsTheRFCsOnURIs(t *testing.T) {
	parts := rapid.SampledFrom([]string{"mailto:", "a", "b.c", "@", "%22", "%40", ",", "?", "&", "=", "to", "(", ")", ".", "..", "%5B1.2%5D", "[", "]", "!", "~", "#"})
	rapid.Check(t, func(t *rapid.T) {
		s := "mailto:" + strings.Join(rapid.SliceOfN(parts, 0, 8).Draw(t, "parts"), "")
		if got, want := mailtoABNF.Match(s), MailtoURI.Match(s); got != want {
			t.Fatalf("%q: mailto-abnf %v, RFC 6068's mailtoURI %v", s, got, want)
		}
	})
	for _, s := range []string{"mailto:%22not%40me%22@example.org", "mailto:a@b?to=c", "mailto:user@[10.0.0.1]"} {
		if !mailtoABNF.Match(s) || !MailtoURI.Match(s) {
			t.Errorf("%q refused", s)
		}
	}
}

// TestParseAppliesTheProseAndTheABNF: RFC 6068's ABNF alone reads
// "mailto:a@b?subject=x" as one address whose domain is "b?subject=x"
// (atext holds "?" and "="); its prose says those characters are
// percent-encoded in an address, so the to part ends at "?". A URI the
// prose would allow but the ABNF does not ("(" in a local part, which is
// no atext) is refused at the ABNF's offset.
func TestParseAppliesTheProseAndTheABNF(t *testing.T) {
	if !MailtoURI.Match("mailto:a@b?subject=x&y") {
		t.Fatal("the ABNF refuses one address of domain b?subject=x&y")
	}
	m, err := Parse("mailto:a@b?subject=x")
	if err != nil || len(m.To) != 1 || m.To[0] != "a@b" || m.Subject() != "x" {
		t.Errorf("Parse = %+v, %v", m, err)
	}
	_, err = Parse("mailto:%22a(b)%22@x")
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Offset != 11 || pe.Err.Rule != "mailto-abnf" {
		t.Errorf("Parse(%%22a(b)%%22@x) = %v", err)
	}
}
