package builder

import (
	"errors"
	"strings"
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

// Segments and query parameters that fill the pending slots exactly stay
// pending, so that a chain and its Build allocate once, as
// TestPendingAllocs says of a shorter chain: six segments, or two segments
// and two parameters.
func TestPendingSlotsExactFit(t *testing.T) {
	for _, tt := range []struct {
		name string
		b    func() Builder
		want string
	}{
		{"six segments", func() Builder {
			return New().Scheme("s").Host("h").Segments("a", "b", "c", "d", "e", "f")
		}, "s://h/a/b/c/d/e/f"},
		{"two segments and two parameters", func() Builder {
			return New().Scheme("s").Host("h").Segments("a", "b").QueryParam("k", "v").QueryParam("l", "w")
		}, "s://h/a/b?k=v&l=w"},
	} {
		u, err := tt.b().Build()
		if err != nil || u.String() != tt.want {
			t.Errorf("%s: Build() = %q, %v; want %q", tt.name, u.String(), err, tt.want)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = tt.b().Build() }); n > 1 {
			t.Errorf("%s: chain + Build: %v allocations, want 1", tt.name, n)
		}
	}
}

// A component a setter writes at once (more segments than the pending
// slots hold, or pending segments or parameters flushed by the next call)
// is written with one allocation, its growable text (text.go): with
// Build's one, each chain allocates twice.
func TestFlushedTextOneAllocation(t *testing.T) {
	long := strings.Repeat("x", 30)
	h := New().Scheme("s").Host("h")
	for _, tt := range []struct {
		name string
		b    func() Builder
		want string
	}{
		{"seven segments", func() Builder { return h.Segments(long, long, long, long, long, long, long) },
			"s://h/" + strings.Repeat(long+"/", 6) + long},
		{"segments flushed", func() Builder { return h.Segments(long, long, long, long, long).AppendSegments("z") },
			"s://h/" + strings.Repeat(long+"/", 5) + "z"},
		{"parameters flushed", func() Builder {
			return h.QueryParam(long, long).QueryParam(long, long).QueryParam(long, long).QueryParam("k", "v")
		}, "s://h?" + strings.Repeat(long+"="+long+"&", 3) + "k=v"},
	} {
		u, err := tt.b().Build()
		if err != nil || u.String() != tt.want {
			t.Errorf("%s: Build() = %q, %v; want %q", tt.name, u.String(), err, tt.want)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = tt.b().Build() }); n > 2 {
			t.Errorf("%s: chain + Build: %v allocations, want 2", tt.name, n)
		}
	}
}

// The builder sizes each text it writes for the worst case of its pieces,
// every byte percent-encoded (§2.1: three bytes each), so that a long text,
// here made of spaces each written "%20", is written once into a buffer of
// its own and needs no second allocation. Counted: the chain of setters and
// Build, against the allocations of the same chain with text that needs no
// encoding, which TestFlushedTextOneAllocation pins.
func TestBuildEncodedTextAllocations(t *testing.T) {
	sp30, sp60 := strings.Repeat(" ", 30), strings.Repeat(" ", 60)
	enc := func(s string) string { return strings.ReplaceAll(s, " ", "%20") }
	long := strings.Repeat("a", 300)
	path, query := "/"+long, "q="+long[:36]+long // 641 bytes with "&k=" and long: one more than a size class (640), for the strings.Builder
	nines := strings.Repeat("9", 300)            // port = *DIGIT (§3.2.3)
	h := New().Scheme("s").Host("h")
	for _, tt := range []struct {
		name   string
		b      func() Builder
		want   string
		allocs float64
	}{
		{"a long path", func() Builder { return h.RawPath(path) }, "s://h/" + long, 1},
		{"a long userinfo", func() Builder { return h.RawUserInfo(long) }, "s://" + long + "@h", 1},
		{"a long host", func() Builder { return h.RawHost(long) }, "s://" + long, 1},
		{"a long port", func() Builder { return h.RawPort(nines) }, "s://h:" + nines, 2}, // and a copy of the port, longer than its 20-byte buffer
		{"a long query", func() Builder { return h.RawQuery(long) }, "s://h?" + long, 1},
		{"a long fragment", func() Builder { return h.RawFragment(long) }, "s://h#" + long, 1},
		{"pending segments", func() Builder { return h.Segments(sp60, sp60, sp60) },
			"s://h/" + enc(sp60) + "/" + enc(sp60) + "/" + enc(sp60), 1},
		{"pending parameters", func() Builder { return h.QueryParam(sp60, sp60).QueryParam(sp60, sp60) },
			"s://h?" + enc(sp60) + "=" + enc(sp60) + "&" + enc(sp60) + "=" + enc(sp60), 1},
		{"segments flushed", func() Builder { return h.Segments(sp30, sp30, sp30, sp30, sp30).AppendSegments("z") },
			"s://h/" + strings.Repeat(enc(sp30)+"/", 5) + "z", 2},
		{"parameters flushed", func() Builder {
			return h.QueryParam(sp30, sp30).QueryParam(sp30, sp30).QueryParam(sp30, sp30).QueryParam("k", "v")
		}, "s://h?" + strings.Repeat(enc(sp30)+"="+enc(sp30)+"&", 3) + "k=v", 2},
		{"a parameter written at once", func() Builder { return h.Segments("a", "b", "c", "d", "e").QueryParam(sp60, sp60) },
			"s://h/a/b/c/d/e?" + enc(sp60) + "=" + enc(sp60), 2},
		{"a parameter set in a long query", func() Builder { return h.RawQuery(query).SetQueryParam("k", long) },
			"s://h?" + query + "&k=" + long, 2},
	} {
		u, err := tt.b().Build()
		if err != nil || u.String() != tt.want {
			t.Errorf("%s: Build() = %q, %v; want %q", tt.name, u.String(), err, tt.want)
			continue
		}
		if n := testing.AllocsPerRun(50, func() { _, _ = tt.b().Build() }); n != tt.allocs {
			t.Errorf("%s: chain + Build: %v allocations, want %v", tt.name, n, tt.allocs)
		}
	}
}

// Seven empty segments, more than the pending slots hold, are written at
// once: "/" and six "/" between them, all the text there is (no byte to
// encode), in the one allocation of the written path.
func TestSegmentsAllEmptyWrittenAtOnce(t *testing.T) {
	b := func() Builder { return New().Scheme("s").Host("h").Segments("", "", "", "", "", "", "") }
	if got, want := b().MustBuild().String(), "s://h///////"; got != want {
		t.Errorf("Build() = %q, want %q", got, want)
	}
	if n := testing.AllocsPerRun(50, func() { _, _ = b().Build() }); n != 2 {
		t.Errorf("chain + Build: %v allocations, want 2", n)
	}
}
