package iri

import (
	"errors"
	"testing"
)

// TestToASCIIDecodesHostThatStartsWithATriplet: a host whose first
// character is percent-encoded UTF-8 is decoded before IDNA converts it
// (RFC 3987 §3.1: the ireg-name is converted from its characters, and
// "%C3%BC" is "ü"), as one with the triplet further in is. The A-labels
// are RFC 3492's Punycode of the decoded labels, as Python's "punycode"
// codec writes them ("ücher" is "cher-zra").
func TestToASCIIDecodesHostThatStartsWithATriplet(t *testing.T) {
	for in, want := range map[string]string{
		"http://%C3%BCcher.de/":   "http://xn--cher-zra.de/",
		"http://%c3%bccher.de/":   "http://xn--cher-zra.de/",
		"//%C3%A9/x":              "//xn--9ca/x",
		"http://%C3%BC%C3%BC.de/": "http://xn--tdaa.de/",
	} {
		got, err := MustParseReference(in).ToASCII()
		if err != nil || got.String() != want {
			t.Errorf("ToASCII(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// TestToASCIIRefusesEncodedContinuationOctets: a host whose percent-encoded
// octets are not UTF-8 has no characters to convert (RFC 3987 §3.1 converts
// a UCS string), and a triplet %80 to %8F, a continuation octet, is never
// the start of a character: ToASCII fails with the *IDNAError that says so,
// where a host without such a triplet or a character outside ASCII stays as
// it is.
func TestToASCIIRefusesEncodedContinuationOctets(t *testing.T) {
	for _, in := range []string{"http://%80.de/", "http://%8F%BF/", "http://a%80b/"} {
		got, err := MustParseReference(in).ToASCII()
		var ie *IDNAError
		if !errors.As(err, &ie) || !errors.Is(err, errNotUTF8) || ie.Host != in[len("http://"):len(in)-1] {
			t.Errorf("ToASCII(%q) = %q, %v; want an *IDNAError: %v", in, got, err, errNotUTF8)
		}
	}
	if got, err := MustParseReference("http://%7F.de/").ToASCII(); err != nil || got.String() != "http://%7F.de/" {
		t.Errorf("ToASCII(%q) = %q, %v; want it unchanged (ASCII)", "http://%7F.de/", got, err)
	}
}
