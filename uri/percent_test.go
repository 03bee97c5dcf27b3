package uri

import (
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	c "github.com/seed42851778/rfc3986/combinator"
	"pgregory.net/rapid"
)

func TestPercentDecode(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"%41", "A"},
		{"%41%42c", "ABc"},
		{"a%2Fb", "a/b"},
		{"a%2fb", "a/b"}, // hex digits in either case (§2.1)
		{"%25", "%"},
		{"%2541", "%41"}, // decoded once, not twice
		{"%00", "\x00"},
		{"%C3%A9", "é"},
		{"%FF", "\xff"},
		{"a+b", "a+b"}, // "+" is no space in RFC 3986
	} {
		got, err := PercentDecode(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("PercentDecode(%q) = %q, %v; want %q, nil", tc.in, got, err, tc.want)
		}
	}
}

func TestPercentDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		msg    string
	}{
		{"%", 0, `uri: malformed percent-encoding "%" at offset 0: expected "%" HEXDIG HEXDIG`},
		{"%4", 0, `uri: malformed percent-encoding "%4" at offset 0: expected "%" HEXDIG HEXDIG`},
		{"%G0", 0, `uri: malformed percent-encoding "%G0" at offset 0: expected "%" HEXDIG HEXDIG`},
		{"%0G", 0, `uri: malformed percent-encoding "%0G" at offset 0: expected "%" HEXDIG HEXDIG`},
		{"ab%41%zz", 5, `uri: malformed percent-encoding "%zz" at offset 5: expected "%" HEXDIG HEXDIG`},
		{"a%%41", 1, `uri: malformed percent-encoding "%%4" at offset 1: expected "%" HEXDIG HEXDIG`},
		{"a%\xff", 1, `uri: malformed percent-encoding "%\xff" at offset 1: expected "%" HEXDIG HEXDIG`},
	} {
		got, err := PercentDecode(tc.in)
		var ee *EscapeError
		if !errors.As(err, &ee) {
			t.Errorf("PercentDecode(%q) = %q, %v; want an *EscapeError", tc.in, got, err)
			continue
		}
		if ee.Input != tc.in || ee.Offset != tc.offset {
			t.Errorf("PercentDecode(%q): Input %q, Offset %d; want offset %d", tc.in, ee.Input, ee.Offset, tc.offset)
		}
		if err.Error() != tc.msg {
			t.Errorf("PercentDecode(%q) message:\n got %s\nwant %s", tc.in, err, tc.msg)
		}
	}
}

func TestPercentDecodeNoAlloc(t *testing.T) {
	s := "/over/there?name=ferret"
	n := testing.AllocsPerRun(100, func() {
		d, _ := PercentDecode(s)
		if d != s {
			t.Fatal("changed")
		}
	})
	if n != 0 {
		t.Errorf("PercentDecode without %% allocates %v times, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = PercentDecode("a%zz") }); n > 1 {
		t.Errorf("PercentDecode of a malformed input allocates %v times, want at most the error", n)
	}
}

// TestPercentDecodeOneAlloc: a text with triplets is decoded into the
// result's one allocation, whose bytes are those RFC 3986 §2.1 gives.
func TestPercentDecodeOneAlloc(t *testing.T) {
	const in, want = "q=%E4%BD%A0%e5%a5%bd+%41b%2F", "q=\u4f60\u597d+Ab/"
	var got string
	if n := testing.AllocsPerRun(100, func() { got, _ = PercentDecode(in) }); n != 1 {
		t.Errorf("PercentDecode(%q) allocates %v times, want 1", in, n)
	}
	if got != want {
		t.Errorf("PercentDecode(%q) = %q, want %q", in, got, want)
	}
}

func TestPercentEncode(t *testing.T) {
	for _, tc := range []struct {
		in   string
		k    Component
		want string
	}{
		{"", ComponentPath, ""},
		{"a b", ComponentPath, "a%20b"},
		{"a/b c", ComponentPath, "a/b%20c"},
		{"a/b", ComponentPathSegment, "a%2Fb"},
		{"a:b@c", ComponentPathSegment, "a:b@c"},
		{"100%", ComponentPath, "100%25"},
		{"é", ComponentFragment, "%C3%A9"}, // upper-case hex (§2.1)
		{"\x00\xff", ComponentQuery, "%00%FF"},
		{"a=1&b=2?/", ComponentQuery, "a=1&b=2?/"},
		{"a=1&b+2", ComponentQueryParam, "a%3D1%26b%2B2"},
		{"x?/:@", ComponentQueryParam, "x?/:@"},
		{"#", ComponentFragment, "%23"},
		{"user:pw", ComponentUserInfo, "user:pw"},
		{"user:pw", ComponentUserName, "user%3Apw"},
		{"a@b", ComponentUserInfo, "a%40b"},
		{"ex ample.com:80", ComponentHost, "ex%20ample.com%3A80"},
		{"[::1]", ComponentHost, "%5B%3A%3A1%5D"},
		{"a~b", Component(-1), "a~b"},
		{"a!b", Component(-1), "a%21b"},
	} {
		if got := PercentEncode(tc.in, tc.k); got != tc.want {
			t.Errorf("PercentEncode(%q, %d) = %q, want %q", tc.in, tc.k, got, tc.want)
		}
		if got := string(AppendPercentEncode([]byte("x="), tc.in, tc.k)); got != "x="+tc.want {
			t.Errorf("AppendPercentEncode(\"x=\", %q, %d) = %q, want %q", tc.in, tc.k, got, "x="+tc.want)
		}
	}
}

// allowedByRFC is each component's set of bytes written out from the ABNF of
// RFC 3986 (§2.2, §2.3, §3), independently of the combinator package.
var allowedByRFC = map[Component]string{
	ComponentUserInfo:    unreservedRFC + subDelimsRFC + ":",
	ComponentUserName:    unreservedRFC + subDelimsRFC,
	ComponentHost:        unreservedRFC + subDelimsRFC,
	ComponentPath:        unreservedRFC + subDelimsRFC + ":@/",
	ComponentPathSegment: unreservedRFC + subDelimsRFC + ":@",
	ComponentQuery:       unreservedRFC + subDelimsRFC + ":@/?",
	ComponentQueryParam:  unreservedRFC + "!$'()*," + ":@/?", // less "&", "=", "+", ";": see TestQueryParamDelimiters
	ComponentFragment:    unreservedRFC + subDelimsRFC + ":@/?",
	ComponentUnreserved:  unreservedRFC,
}

const (
	unreservedRFC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	subDelimsRFC  = "!$&'()*+,;="
)

// TestPercentEncodeAllBytes checks every byte in every component: kept when
// the RFC allows it there, else encoded as %XX, and decoded back.
func TestPercentEncodeAllBytes(t *testing.T) {
	for k, allowed := range allowedByRFC {
		for b := 0; b < 256; b++ {
			s := string([]byte{byte(b)})
			want := s
			if !strings.Contains(allowed, s) {
				want = fmt.Sprintf("%%%02X", b)
			}
			got := PercentEncode(s, k)
			if got != want {
				t.Errorf("PercentEncode(%q, %d) = %q, want %q", s, k, got, want)
			}
			if got := string(AppendPercentEncode(nil, s, k)); got != want {
				t.Errorf("AppendPercentEncode(nil, %q, %d) = %q, want %q", s, k, got, want)
			}
			if d, err := PercentDecode(got); err != nil || d != s {
				t.Errorf("PercentDecode(%q) = %q, %v; want %q", got, d, err, s)
			}
		}
	}
}

// An encoded component parses as that component.
func TestPercentEncodeParses(t *testing.T) {
	var all []byte
	for b := 0; b < 256; b++ {
		all = append(all, byte(b))
	}
	s := string(all)
	u, err := ParseReference("s://" + PercentEncode(s, ComponentUserInfo) + "@" + PercentEncode(s, ComponentHost) +
		"/" + PercentEncode(s, ComponentPathSegment) + PercentEncode("/"+s, ComponentPath) +
		"?" + PercentEncode(s, ComponentQuery) + "&" + PercentEncode(s, ComponentQueryParam) + "=" +
		"#" + PercentEncode(s, ComponentFragment))
	if err != nil {
		t.Fatal(err)
	}
	for _, got := range []string{u.UserInfo(), u.Host()} {
		if d, _ := PercentDecode(got); d != s {
			t.Errorf("%q does not decode to every byte", got)
		}
	}
	if v, ok := u.QueryValue(s); !ok || v != "" {
		t.Errorf("QueryValue(every byte) = %q, %v", v, ok)
	}
}

func TestPercentEncodeNoAlloc(t *testing.T) {
	s := "over/there"
	n := testing.AllocsPerRun(100, func() {
		if PercentEncode(s, ComponentPath) != s {
			t.Fatal("changed")
		}
	})
	if n != 0 {
		t.Errorf("PercentEncode allocates %v times when nothing changes, want 0", n)
	}
}

func TestEncode(t *testing.T) {
	if got := Encode("a:b/c", c.SegmentNZNCSet); got != "a%3Ab%2Fc" {
		t.Errorf("Encode(segment-nz-nc) = %q", got)
	}
	// "%" is encoded even when the set allows it.
	if got := Encode("100%", c.Chars("0123456789%")); got != "100%25" {
		t.Errorf(`Encode("100%%") = %q, want "100%%25"`, got)
	}
	if got := Encode("abc", c.CharSet{}); got != "%61%62%63" {
		t.Errorf("Encode with the empty set = %q", got)
	}
}

func TestEncodedOffset(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want int
	}{
		{"", 0, 0},
		{"", 3, 0},
		{"abc", 2, 2},
		{"%41b", 0, 0},
		{"%41b", 1, 3},
		{"%41b", 2, 4},
		{"%41b", 9, 4},
		{"a%C3%A9z", 2, 4}, // the second byte of "é"
		{"a%C3%A9z", 3, 7},
		{"%4", 1, 1}, // a malformed "%" is one byte
		{"%%41", 1, 1},
		{"%%41", 2, 4},
	} {
		if got := EncodedOffset(tc.s, tc.n); got != tc.want {
			t.Errorf("EncodedOffset(%q, %d) = %d, want %d", tc.s, tc.n, got, tc.want)
		}
	}
}

// For well-formed text, the prefix up to EncodedOffset(s, n) decodes to the
// first n bytes of the decoding.
func TestEncodedOffsetPrefix(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := strings.Join(rapid.SliceOfN(rapid.SampledFrom([]string{"a", "/", "%41", "%c3", "%A9", "%25"}), 0, 12).Draw(t, "s"), "")
		d, err := PercentDecode(s)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= len(d)+1; n++ {
			p, err := PercentDecode(s[:EncodedOffset(s, n)])
			if err != nil || p != d[:min(n, len(d))] {
				t.Fatalf("EncodedOffset(%q, %d) = %d: the prefix decodes to %q, %v; want %q", s, n, EncodedOffset(s, n), p, err, d[:min(n, len(d))])
			}
		}
	})
}

// TestQueryParamDelimiters is the one test of the set that the builder's
// QueryParam and SetQueryParam encode keys and values with: "&" and "="
// delimit parameters, "+" is a space to a form decoder, and ";" is refused by
// net/url's ParseQuery (Go 1.17 and later: "invalid semicolon separator in
// query") and was a separator to HTML 4 decoders. Each is encoded, so that
// both readings give the text back; the other sub-delims and the query's
// own "/", "?", ":" and "@" stay.
func TestQueryParamDelimiters(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a&b", "a%26b"},
		{"a=b", "a%3Db"},
		{"a+b", "a%2Bb"},
		{"a;b", "a%3Bb"},
		{"a b", "a%20b"},
		{"!$'()*,", "!$'()*,"},
		{"/?:@", "/?:@"},
	} {
		got := PercentEncode(tc.in, ComponentQueryParam)
		if got != tc.want {
			t.Errorf("PercentEncode(%q, ComponentQueryParam) = %q, want %q", tc.in, got, tc.want)
		}
		q := got + "=" + got
		vals, err := url.ParseQuery(q)
		if want := (url.Values{tc.in: {tc.in}}); err != nil || !reflect.DeepEqual(vals, want) {
			t.Errorf("url.ParseQuery(%q) = %v, %v; want %v", q, vals, err, want)
		}
		u := MustParseReference("?" + q)
		if diff := cmp.Diff([]string{tc.in}, u.QueryValues(tc.in)); diff != "" {
			t.Errorf("QueryValues(%q) on %q (-want +got):\n%s", tc.in, u, diff)
		}
	}
	// Why ";" is encoded: net/url's form decoder refuses it raw.
	if _, err := url.ParseQuery("a=b;c"); err == nil {
		t.Error(`url.ParseQuery("a=b;c") succeeds; the encoding of ";" was chosen because it fails`)
	}
}

// TestEncodedOffsetZeroDigit: a triplet whose hex digit is "0" is one decoded
// byte (§2.1).
func TestEncodedOffsetZeroDigit(t *testing.T) {
	for _, tt := range []struct {
		s       string
		n, want int
	}{
		{"%30x", 1, 3},
		{"%03x", 1, 3},
		{"%00%00x", 2, 6},
		{"a%0", 2, 2}, // not a triplet: "%" counts as one byte
	} {
		if got := EncodedOffset(tt.s, tt.n); got != tt.want {
			t.Errorf("EncodedOffset(%q, %d) = %d, want %d", tt.s, tt.n, got, tt.want)
		}
	}
	if got, err := PercentDecode("%30%00"); err != nil || got != "0\x00" {
		t.Errorf("PercentDecode(%%30%%00) = %q, %v", got, err)
	}
}

// TestEscapeErrorNegativeOffset: an error built by hand may hold a negative offset, which
// the message writes with its sign.
func TestEscapeErrorNegativeOffset(t *testing.T) {
	err := &EscapeError{Input: "%", Offset: -3}
	if want := `uri: malformed percent-encoding "" at offset -3: expected "%" HEXDIG HEXDIG`; err.Error() != want {
		t.Errorf("Error() = %s, want %s", err.Error(), want)
	}
}

// TestPercentEncodeOneAllocation: PercentEncode sizes its result for the
// triplets it writes (two bytes more each, §2.1) and allocates it once, for
// one triplet or many.
func TestPercentEncodeOneAllocation(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a b", "a%20b"},
		{"a b c d", "a%20b%20c%20d"},
		{"<<<<>>>>", "%3C%3C%3C%3C%3E%3E%3E%3E"},
	} {
		if got := PercentEncode(tt.in, ComponentPath); got != tt.want {
			t.Errorf("PercentEncode(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if n := testing.AllocsPerRun(100, func() { _ = PercentEncode(tt.in, ComponentPath) }); n != 1 {
			t.Errorf("PercentEncode(%q): %v allocations, want 1", tt.in, n)
		}
	}
}
