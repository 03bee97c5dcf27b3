package builder

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Segments, AppendSegments and QueryParam keep their last few arguments
// unencoded until Build (pend). These tests hold every mix of pending and
// encoded text to the URI the setters describe: the expected texts are
// worked by hand from the encoding rules (pchar for a segment, §3.3; the
// query set less "&=+;" for a parameter, §3.4) and the joining rules of the
// setters' documentation.
func TestPending(t *testing.T) {
	base := New().Scheme("http").Host("h")
	for _, tt := range []struct {
		name string
		b    Builder
		want string
	}{
		{"two segments, two params", base.Segments("a b", "c").QueryParam("k", "v w").QueryParam("x", "&"),
			"http://h/a%20b/c?k=v%20w&x=%26"},
		{"three params, one flushed", base.QueryParam("a", "1").QueryParam("b", "2").QueryParam("c", "3"),
			"http://h?a=1&b=2&c=3"},
		{"four params after two segments", base.Segments("s", "t").QueryParam("a", "1").QueryParam("b", "2").QueryParam("c", "3").QueryParam("d", "4"),
			"http://h/s/t?a=1&b=2&c=3&d=4"},
		{"six segments", base.Segments("1", "2", "3", "4", "5", "6"), "http://h/1/2/3/4/5/6"},
		{"seven segments, at once", base.Segments("1", "2", "3", "4", "5", "6", "7"), "http://h/1/2/3/4/5/6/7"},
		{"five segments then params", base.Segments("1", "2", "3", "4", "5").QueryParam("a", "1").QueryParam("b", "/"),
			"http://h/1/2/3/4/5?a=1&b=/"},
		{"params then segments that do not fit", base.QueryParam("a", "1").QueryParam("b", "2").Segments("1", "2", "3"),
			"http://h/1/2/3?a=1&b=2"},
		{"append after pending segments", base.Segments("a").AppendSegments("b", "c?"), "http://h/a/b/c%3F"},
		{"append after a trailing empty segment", base.Segments("a", "").AppendSegments("b"), "http://h/a/b"},
		{"append to a rootless path", New().AppendSegments("a", "b"), "a/b"},
		{"append to an empty path with an authority", base.AppendSegments("a"), "http://h/a"},
		{"Segments replaces pending segments", base.Segments("x", "y").Segments("a"), "http://h/a"},
		{"Path replaces pending segments", base.Segments("x", "y").Path("/p q"), "http://h/p%20q"},
		{"RawPath replaces pending segments", base.Segments("x").RawPath("/r"), "http://h/r"},
		{"Segments() empties the path", base.Segments("x").Segments(), "http://h"},
		{"Query replaces pending params", base.QueryParam("a", "1").Query("q r"), "http://h?q%20r"},
		{"RawQuery replaces pending params", base.QueryParam("a", "1").RawQuery("r=1"), "http://h?r=1"},
		{"params after a raw query", base.RawQuery("r=1").QueryParam("a", "1"), "http://h?r=1&a=1"},
		{"params after an empty query", base.Query("").QueryParam("a", "1"), "http://h?a=1"},
		{"WithoutQuery drops pending params", base.QueryParam("a", "1").WithoutQuery(), "http://h"},
		{"WithoutQuery then a param", base.QueryParam("a", "1").WithoutQuery().QueryParam("b", "2"), "http://h?b=2"},
		{"SetQueryParam over pending params", base.QueryParam("a", "1").QueryParam("b", "2").SetQueryParam("a", "3"), "http://h?a=3&b=2"},
		{"DelQueryParam over pending params", base.QueryParam("a", "1").QueryParam("b", "2").DelQueryParam("a"), "http://h?b=2"},
		{"DelQueryParam of every pending param", base.QueryParam("a", "1").DelQueryParam("a"), "http://h"},
		{"encoded key and value", base.QueryParam("a=b", "c+d;e"), "http://h?a%3Db=c%2Bd%3Be"},
	} {
		u, err := tt.b.Build()
		if err != nil {
			t.Errorf("%s: Build: %v", tt.name, err)
			continue
		}
		if u.String() != tt.want {
			t.Errorf("%s: Build = %q, want %q", tt.name, u, tt.want)
		}
		if r, err := tt.b.BuildRepaired(); err != nil || r != u {
			t.Errorf("%s: BuildRepaired = %q, %v", tt.name, r, err)
		}
		if got, want := tt.b.String(), "builder.Builder(\""+tt.want+"\")"; got != want {
			t.Errorf("%s: String = %s, want %s", tt.name, got, want)
		}
	}
}

// TestPendingErrors: a refusal names the component as encoded, pending
// arguments included, as when they were encoded at once.
func TestPendingErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		b    Builder
		want BuildError
		str  string
	}{
		{"dot segment", New().Scheme("s").Host("h").Segments("a b", ".."),
			BuildError{Component: "path", Value: "/a%20b/..", Offset: 7, Err: ErrDotSegment},
			`builder.Builder{scheme:"s" host:"h" path:"/a%20b/.."} invalid: builder: path "/a%20b/..": a segment "." or ".." would be removed by resolution (at offset 7)`},
		{"colon in a relative path", New().AppendSegments("a:b").QueryParam("k", "v w"),
			BuildError{Component: "path", Value: "a:b", Offset: -1, Err: ErrColonInFirstSegment},
			`builder.Builder{path:"a:b" query:"k=v%20w"} invalid: builder: path "a:b": first segment of a relative path contains ":"`},
		{"bad scheme", New().Scheme("1").QueryParam("k", "v"),
			BuildError{Component: "scheme", Value: "1", Offset: -1, Err: ErrInvalidScheme},
			`builder.Builder{scheme:"1" path:"" query:"k=v"} invalid: builder: scheme "1": invalid scheme`},
	} {
		_, err := tt.b.Build()
		var be *BuildError
		if !errors.As(err, &be) {
			t.Errorf("%s: Build error %v, want a *BuildError", tt.name, err)
			continue
		}
		if diff := cmp.Diff(tt.want, *be, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
			t.Errorf("%s: BuildError (-want +got):\n%s", tt.name, diff)
		}
		if got := tt.b.String(); got != tt.str {
			t.Errorf("%s: String = %s\nwant %s", tt.name, got, tt.str)
		}
	}
}

// TestPendingEqual: Builders made by the same calls compare equal, whatever
// was pending and then dropped; the zero Builder is New().
func TestPendingEqual(t *testing.T) {
	b := New().Scheme("s").Host("h")
	pairs := [][2]Builder{
		{b.Segments("a", "b").QueryParam("k", "v"), b.Segments("a", "b").QueryParam("k", "v")},
		{b.Segments("x", "y").Path("/p"), b.Path("/p")},
		{b.QueryParam("a", "1").Query("q"), b.Query("q")},
		{b.QueryParam("a", "1").WithoutQuery(), b.WithoutQuery()},
		{b.Segments("x").Segments(), b.Segments()},
		{New().Segments("a").RawPath(""), New()},
	}
	for i, p := range pairs {
		if p[0] != p[1] {
			t.Errorf("pair %d: %#v != %#v", i, p[0], p[1])
		}
	}
}

// TestPendingAllocs: the chain of BenchmarkBuild allocates once, the URI's
// text; each setter none.
func TestPendingAllocs(t *testing.T) {
	n := testing.AllocsPerRun(100, func() {
		_, _ = New().Scheme("https").Host("example.com").Port(8443).
			Segments("api", "items").QueryParam("page", "2").QueryParam("q", "a b").
			Fragment("top").Build()
	})
	if n > 1 {
		t.Errorf("chain + Build: %v allocations, want 1", n)
	}
}
