package properties

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func sp(s string) *string { return &s }

func TestSplitAppendixB(t *testing.T) {
	tests := []struct {
		in   string
		want Components
	}{
		// RFC 3986 Appendix B's own example.
		{"http://www.ics.uci.edu/pub/ietf/uri/#Related", Components{
			Scheme: sp("http"), Authority: sp("www.ics.uci.edu"), Path: "/pub/ietf/uri/", Fragment: sp("Related")}},
		// §3's two examples.
		{"foo://example.com:8042/over/there?name=ferret#nose", Components{
			Scheme: sp("foo"), Authority: sp("example.com:8042"), Path: "/over/there", Query: sp("name=ferret"), Fragment: sp("nose")}},
		{"urn:example:animal:ferret:nose", Components{Scheme: sp("urn"), Path: "example:animal:ferret:nose"}},
		// Empty versus undefined (§5.3).
		{"", Components{}},
		{"s:", Components{Scheme: sp("s")}},
		{"s:?#", Components{Scheme: sp("s"), Query: sp(""), Fragment: sp("")}},
		{"//", Components{Authority: sp("")}},
		{"//@h:", Components{Authority: sp("@h:")}},
		{"?", Components{Query: sp("")}},
		{"#", Components{Fragment: sp("")}},
		{"a/b:c?d?e#f#g", Components{Path: "a/b:c", Query: sp("d?e"), Fragment: sp("f#g")}},
	}
	for _, tt := range tests {
		got := Split(tt.in)
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("Split(%q) mismatch (-want +got):\n%s", tt.in, d)
		}
		if s := got.String(); s != tt.in {
			t.Errorf("Split(%q).String() = %q", tt.in, s)
		}
	}
}

func TestResolveRFCExamples(t *testing.T) {
	base := Split(rfc54Base)
	for _, c := range rfc54Refs {
		got := ResolveRFC(base, Split(c.ref), true).String()
		if got != c.want {
			t.Errorf("strict: resolve(%q, %q) = %q, want %q (RFC 3986 §5.4)", rfc54Base, c.ref, got, c.want)
		}
		want := c.want
		if c.ref == "http:g" {
			want = "http://a/b/c/g" // §5.4.2: "for backward compatibility"
		}
		got = ResolveRFC(base, Split(c.ref), false).String()
		if got != want {
			t.Errorf("non-strict: resolve(%q, %q) = %q, want %q (RFC 3986 §5.4)", rfc54Base, c.ref, got, want)
		}
	}
}

func TestResolveRFCComponents(t *testing.T) {
	// Structured check of two §5.4.1 targets, so that defined-empty and
	// undefined components are compared too.
	base := Split(rfc54Base)
	tests := []struct {
		ref  string
		want Components
	}{
		{"", Components{Scheme: sp("http"), Authority: sp("a"), Path: "/b/c/d;p", Query: sp("q")}},
		{"#s", Components{Scheme: sp("http"), Authority: sp("a"), Path: "/b/c/d;p", Query: sp("q"), Fragment: sp("s")}},
		{"?", Components{Scheme: sp("http"), Authority: sp("a"), Path: "/b/c/d;p", Query: sp("")}},
		{"//g", Components{Scheme: sp("http"), Authority: sp("g")}},
	}
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, ResolveRFC(base, Split(tt.ref), true)); d != "" {
			t.Errorf("resolve(%q) mismatch (-want +got):\n%s", tt.ref, d)
		}
	}
}

func TestRemoveDotSegmentsRFC(t *testing.T) {
	tests := []struct{ in, want string }{
		// The two walk-throughs of §5.2.4.
		{"/a/b/c/./../../g", "/a/g"},
		{"mid/content=5/../6", "mid/6"},
		// Single steps of §5.2.4, each read from the step's text.
		{"", ""},
		{"../", ""},   // A
		{"./", ""},    // A
		{"/./", "/"},  // B
		{"/.", "/"},   // B
		{"/../", "/"}, // C
		{"/..", "/"},  // C
		{"/a/..", "/"},
		{".", ""},  // D
		{"..", ""}, // D
		{"/a", "/a"},
		{"a", "a"},
		{"/a/b/..", "/a/"},
		{"/.a/..b/", "/.a/..b/"}, // not complete segments
		{"/%2E/", "/%2E/"},       // percent-encoded dots are not dot segments here
		{"//", "//"},
		{"a/../..//b", "//b"},
	}
	for _, tt := range tests {
		if got := RemoveDotSegmentsRFC(tt.in); got != tt.want {
			t.Errorf("RemoveDotSegmentsRFC(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMergeRFC(t *testing.T) {
	tests := []struct {
		base, ref, want string
	}{
		{"http://a", "g", "/g"},       // defined authority, empty path
		{"http://a/b/c", "g", "/b/g"}, // all but the last segment
		{"s:abc", "g", "g"},           // no "/" at all: the whole base path goes
		{"s:a/b", "g", "a/g"},         // rootless base path
		{"s:", "g", "g"},              // no authority, empty path
	}
	for _, tt := range tests {
		if got := mergeRFC(Split(tt.base), tt.ref); got != tt.want {
			t.Errorf("merge(%q, %q) = %q, want %q", tt.base, tt.ref, got, tt.want)
		}
	}
}
