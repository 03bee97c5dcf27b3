package api

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPasswordSpans checks where the passwords of a text are found, each
// expected span that of "pw" in the text: after "//" (RFC 3986 Appendix B,
// net/url), and after a special scheme's ":" and any slashes and
// backslashes (the URL Standard's parser), or a special base's.
func TestPasswordSpans(t *testing.T) {
	for _, tc := range []struct {
		s, base string
		found   bool
	}{
		{"http://u:pw@h/", "", true},
		{"foo://u:pw@h/", "", true},
		{`https:\\u:pw@h/`, "", true},
		{`http:u:pw@h/`, "", true},
		{`WSS:///\u:pw@h/`, "", true},
		{"\t http://u:pw@h/", "", true},
		{`\\u:pw@h/`, "http://b/", true},
		{`/\u:pw@h/`, "ftp://b/", true},
		{`//u:pw@h/`, "foo://b/", true},
		{`foo:u:pw@h/`, "", false},       // a path to every reading
		{`/u:pw@h/`, "http://b/", false}, // a path-absolute reference
		{`\\u:pw@h/`, "", true},          // hidden without a base too: a special base reads an authority
		{"http://h/u:pw@x", "", false},   // in the path
	} {
		got := passwordSpans(tc.s, schemeOf(tc.base))
		var want [][2]int
		if tc.found {
			i := strings.Index(tc.s, "pw")
			want = [][2]int{{i, i + 2}}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q against %q (-want +got):\n%s", tc.s, tc.base, diff)
		}
	}
	// The userinfo runs to the last "@" of the authority.
	if got := passwordSpans("http://u:p@w@h/", ""); !cmp.Equal(got, [][2]int{{9, 12}}) {
		t.Errorf("http://u:p@w@h/: %v, want [[9 12]]", got)
	}
}

// TestHiddenMapsOffsets checks that an offset after a password moves with
// the shorter or longer text, and one inside it lands on "xxxxx".
func TestHiddenMapsOffsets(t *testing.T) {
	s := "http://u:secret123@h/ x"
	h := hide(s, passwordSpans(s, ""))
	if h.text != "http://u:xxxxx@h/ x" {
		t.Fatalf("shown %q", h.text)
	}
	for _, tc := range []struct {
		off, want int
		in        bool
	}{
		{4, 4, false},
		{9, 9, true},
		{12, 9, true},
		{strings.IndexByte(s, ' '), strings.IndexByte(h.text, ' '), false},
	} {
		got, in := h.at(tc.off)
		if got != tc.want || in != tc.in {
			t.Errorf("at(%d) = %d, %v; want %d, %v", tc.off, got, in, tc.want, tc.in)
		}
	}
}
