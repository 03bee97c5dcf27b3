package uri_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

// TestComponentUnreserved checks the encoding of AWS Signature Version 4
// ("URI-encode every byte except the unreserved characters: 'A'-'Z',
// 'a'-'z', '0'-'9', '-', '.', '_', and '~'"; a space is %20, "*" is %2A, "/"
// is %2F in a query value) and of OAuth 1.0 (RFC 5849 §3.6: the
// percent-encoding of its example parameter "c@" is "c%40", of "r b" is
// "r%20b", §3.4.1.3.2).
func TestComponentUnreserved(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"AZaz09-._~", "AZaz09-._~"},
		{"Hello World!", "Hello%20World%21"},
		{"a/b", "a%2Fb"},
		{"*", "%2A"},
		{"+", "%2B"},
		{"c@", "c%40"},
		{"r b", "r%20b"},
		{"%", "%25"},
		{"=&;:$,'()", "%3D%26%3B%3A%24%2C%27%28%29"},
		{"ü", "%C3%BC"},
		{"\x00\xff", "%00%FF"},
	}
	for _, tt := range tests {
		if got := uri.PercentEncode(tt.in, uri.ComponentUnreserved); got != tt.want {
			t.Errorf("PercentEncode(%q, ComponentUnreserved) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestPropertyComponentUnreserved checks ComponentUnreserved byte by byte
// against §2.3 and §2.1 (upper-case hex), and that it decodes back.
func TestPropertyComponentUnreserved(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.String().Draw(t, "s")
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			x := s[i]
			if 'A' <= x && x <= 'Z' || 'a' <= x && x <= 'z' || '0' <= x && x <= '9' || strings.IndexByte("-._~", x) >= 0 {
				b.WriteByte(x)
			} else {
				fmt.Fprintf(&b, "%%%02X", x)
			}
		}
		got := uri.PercentEncode(s, uri.ComponentUnreserved)
		if got != b.String() {
			t.Fatalf("PercentEncode(%q) = %q, want %q", s, got, b.String())
		}
		if d, err := uri.PercentDecode(got); err != nil || d != s {
			t.Fatalf("PercentDecode(%q) = %q, %v", got, d, err)
		}
		if a := string(uri.AppendPercentEncode(nil, s, uri.ComponentUnreserved)); a != got {
			t.Fatalf("AppendPercentEncode = %q, PercentEncode = %q", a, got)
		}
	})
}

func ExampleComponent_unreserved() {
	// AWS Signature Version 4 canonical query: keys and values encoded with
	// the unreserved set alone.
	key, value := "prefix", "photos/2026 *.jpg"
	fmt.Println(uri.PercentEncode(key, uri.ComponentUnreserved) + "=" +
		uri.PercentEncode(value, uri.ComponentUnreserved))
	// Output: prefix=photos%2F2026%20%2A.jpg
}
