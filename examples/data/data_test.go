package data

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

func TestParse(t *testing.T) {
	usASCII := []Param{{"charset", "US-ASCII"}}
	for _, tc := range []struct {
		in   string
		want Data
	}{
		// RFC 2397 §4.
		{"data:,A%20brief%20note", Data{MediaType: "text/plain", Params: usASCII, Payload: []byte("A brief note")}},
		{"data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local",
			Data{MediaType: "application/vnd-xxx-query", Payload: []byte("select_vcount,fcol_from_fieldtable/local")}},
		// RFC 2397 §2: "text/plain" may be omitted but the charset given.
		{"data:;charset=utf-8,caf%C3%A9", Data{MediaType: "text/plain", Params: []Param{{"charset", "utf-8"}}, Payload: []byte("café")}},
		{"data:text/plain;charset=iso-8859-7,%be%be", Data{MediaType: "text/plain",
			Params: []Param{{"charset", "iso-8859-7"}}, Payload: []byte{0xbe, 0xbe}}},
		// Case-insensitive type, attribute and ";base64" (RFC 2045 §5.1); values keep their case.
		{"DATA:Text/HTML;CharSet=UTF-8;BASE64,PGI+aGk8L2I+", Data{MediaType: "text/html",
			Params: []Param{{"charset", "UTF-8"}}, Base64: true, Payload: []byte("<b>hi</b>")}},
		{"data:;base64,", Data{MediaType: "text/plain", Params: usASCII, Base64: true, Payload: []byte{}}},
		{"data:text/plain;name=%22a%5C%22b%22,x#f", Data{MediaType: "text/plain",
			Params: []Param{{"name", `a"b`}}, Payload: []byte("x"), Fragment: "f", HasFragment: true}},
		{"data:,a?b/c", Data{MediaType: "text/plain", Params: usASCII, Payload: []byte("a?b/c")}},
		// Token characters a URI does not allow, percent-encoded (RFC 2045 §5.1:
		// "#", "%", "^", "`", "{", "|", "}"); a value may encode any byte.
		{"data:a%7Bb/c%5ed;N%25=my%20file.txt,y", Data{MediaType: "a{b/c^d",
			Params: []Param{{"n%", "my file.txt"}}, Payload: []byte("y")}},
		// Any token character may be percent-encoded (RFC 3986 §2.3, §6.2.2.2).
		{"data:text/%70lain;%63harset=utf-8,x", Data{MediaType: "text/plain",
			Params: []Param{{"charset", "utf-8"}}, Payload: []byte("x")}},
		// Only one whole quoted-string is unquoted (RFC 2045 §5.1, RFC 822 §3.3).
		{"data:;a=%22x%5C%22y%22;b=%22a%22b%22;c=%22x%5C%22;d=a%22b,", Data{MediaType: "text/plain",
			Params: []Param{{"charset", "US-ASCII"}, {"a", `x"y`}, {"b", `"a"b"`}, {"c", `"x\"`}, {"d", `a"b`}}, Payload: []byte{}}},
	} {
		got, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tc.in, d)
		}
	}
}

// The GIF of RFC 2397 §4: its header says GIF87a, 48 by 48.
func TestParseGIF(t *testing.T) {
	d, err := Parse("data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw")
	if err != nil {
		t.Fatal(err)
	}
	if d.MediaType != "image/gif" || !d.Base64 || !bytes.HasPrefix(d.Payload, []byte("GIF87a\x30\x00\x30\x00")) {
		t.Errorf("got %+v", d)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		syntax bool
	}{
		// RFC 2397 §4 prints this one, but "%fg" is not pct-encoded (RFC 3986 §2.1).
		{"data:text/plain;charset=iso-8859-7,%be%fg%be", 40, true},
		{"data:text/plain", 15, true},           // no ","
		{"data:text,x", 9, true},                // a type without a subtype
		{"data:text/plain;charset,x", 23, true}, // a parameter without "="
		{"data:a b,x", 6, true},
		// A type, subtype or attribute is a token: no "/", space or other
		// tspecial, not even percent-encoded (RFC 2045 §5.1).
		{"data:%2F/0,", 7, true},
		{"data:text/pl%20ain,x", 14, true},
		{"data:;%FF=a,x", 7, true},
		{"data:text/%2,x", 12, true},
		{"http:,x", 0, true},
		{"data:;base64,YQ", 13, false}, // not padded: Go reports the quantum's start
		{"data:;base64,!!!!", 13, false},
		{"data:;base64,a%47VsbG8=!", 23, false}, // the offset in the input, not in the decoded payload
	} {
		_, err := Parse(tc.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) = %v, want a *ParseError", tc.in, err)
			continue
		}
		var se *c.SyntaxError
		if pe.Offset != tc.offset || errors.As(err, &se) != tc.syntax {
			t.Errorf("Parse(%q): offset %d, syntax %t; want %d, %t (%v)", tc.in, pe.Offset, se != nil, tc.offset, tc.syntax, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"data:,A%20brief%20note", "data:image/gif;base64,R0lGODdh", "data:;charset=utf-8;a=%22%22,x#y",
		"data:text/plain;charset=iso-8859-7,%be%fg%be", "dAtA:%2F/0,", "data:a%7c/b;c=%ff,", "data:;a=%22a%22b%22;b=%22x%5C%22,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := Parse(s)
		var se *c.SyntaxError
		if errors.As(err, &se) == DataURL.Match(s) {
			t.Fatalf("Parse(%q) = %v, and the grammar matches: %v", s, err, DataURL.Match(s))
		}
		if err != nil {
			return
		}
		if _, err := uri.Parse(s); err != nil {
			t.Fatalf("data URL %q is not a URI: %v", s, err)
		}
		again, err := Parse(d.String())
		if err != nil {
			t.Fatalf("Parse(%q).String() = %q does not parse: %v", s, d.String(), err)
		}
		if diff := cmp.Diff(d, again); diff != "" {
			t.Fatalf("%q recomposed as %q parses differently (-first +second):\n%s", s, d.String(), diff)
		}
	})
}

func ExampleParse() {
	d, err := Parse("data:text/plain;charset=utf-8;base64,aGVsbG8=")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.MediaType, d.Charset(), string(d.Payload))
	d, _ = Parse("data:,A%20brief%20note")
	fmt.Printf("%s;charset=%s %q\n", d.MediaType, d.Charset(), d.Payload)
	_, err = Parse("data:text/plain;charset=iso-8859-7,%be%fg%be")
	fmt.Println(err)
	// Output:
	// text/plain utf-8 hello
	// text/plain;charset=US-ASCII "A brief note"
	// data: invalid character 'g' at offset 40 in dataurl-reference: expected HEXDIG
}
