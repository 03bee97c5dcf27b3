package builder

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBuildOneLongComponent builds URIs in which one component is much
// longer than all the others together: the length Build computes to
// recompose them (§5.3) must add every component. Kills the mutants of
// build's `len(…) + len(port) + …` that subtract one length, which make the
// total negative and strings.Builder.Grow panic.
func TestBuildOneLongComponent(t *testing.T) {
	long := strings.Repeat("9", 40)
	for _, tt := range []struct {
		b    Builder
		want string
	}{
		{New().RawPort(long), "//:" + long},
		{New().Scheme("s" + long), "s" + long + ":"},
		{New().RawUserInfo(long), "//" + long + "@"},
		{New().RawHost("h" + long), "//h" + long},
		{New().RawPath("/" + long), "/" + long},
		{New().RawQuery(long), "?" + long},
		{New().RawFragment(long), "#" + long},
	} {
		u, err := tt.b.Build()
		if err != nil || u.String() != tt.want {
			t.Errorf("Build() = %q, %v; want %q", u.String(), err, tt.want)
		}
	}
}

// TestBuildErrorOffsets pins where Build says a refusal is: at offset 0, at
// a dot segment after an empty one, at a "%" that ends the path too soon, at
// a ":" that starts a relative path's first segment (§4.2). Kills mutants of
// error.go (`Offset >= 0` → `> 0`), dotSegment (`j >= 0` → `> 0`),
// invalidPathByte (`i+2 < len(p)` → `<=`, `i+2` → `i-2`) and checkPath
// (`IndexByte(seg, ':') >= 0` → `> 0`).
func TestBuildErrorOffsets(t *testing.T) {
	for _, tt := range []struct {
		name string
		b    Builder
		want string
	}{
		{"offset 0", New().RawQuery("#"), `builder: query "#": does not match its rule (at offset 0)`},
		{"dot segment after an empty one", New().Host("h").Segments("", ".."),
			`builder: path "//..": a segment "." or ".." would be removed by resolution (at offset 2)`},
		{"a truncated triplet", New().RawPath("/a%4"), `builder: path "/a%4": does not match its rule (at offset 2)`},
		{"a lone % at the end", New().RawPath("/a%"), `builder: path "/a%": does not match its rule (at offset 2)`},
		{"a first segment starting with a colon", New().RawPath(":a/b"),
			`builder: path ":a/b": first segment of a relative path contains ":"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.b.Build()
			if err == nil || err.Error() != tt.want {
				t.Errorf("Build() error = %v\nwant %s", err, tt.want)
			}
		})
	}
	if u, err := New().RawPath(":a/b").BuildRepaired(); err != nil || u.String() != "./:a/b" {
		t.Errorf("BuildRepaired() = %q, %v; want \"./:a/b\"", u.String(), err)
	}
}

// buildFault is what a test of a refused host compares of the *BuildError.
type buildFault struct {
	Component string
	Offset    int
	Hint      string
	Invalid   bool // errors.Is(err, ErrInvalidHost)
}

// TestHostDelimiterAtStart: Host given text that starts with a part of a URL
// other than a host says so at offset 0: a "/" that starts a path, a "://"
// that follows a scheme (a whole URI, here with an empty scheme; the "://"
// wins over the "/" inside it). Kills setHost's `IndexAny(v, …); i >= 0` and
// `Index(v, "://"); j >= 0` → `> 0` mutants, which moved the fault off 0.
func TestHostDelimiterAtStart(t *testing.T) {
	for _, tt := range []struct {
		host string
		want buildFault
	}{
		{"/p", buildFault{"host", 0, `"/" starts a path: set it with Path or AppendSegments`, true}},
		{"?q", buildFault{"host", 0, `"?" starts a query: set it with Query or SetQueryParam`, true}},
		{"://h/p", buildFault{"host", 0, `"://" follows a scheme: this is a whole URI; parse it with uri.Parse and edit it with From`, true}},
	} {
		_, err := New().Scheme("http").Host(tt.host).Build()
		var be *BuildError
		if !errors.As(err, &be) {
			t.Fatalf("Host(%q): Build() error = %v, want a *BuildError", tt.host, err)
		}
		got := buildFault{be.Component, be.Offset, be.Hint, errors.Is(err, ErrInvalidHost)}
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("Host(%q) (-want +got):\n%s", tt.host, d)
		}
	}
}

// TestHostMapsToEmpty: a Unicode host that IDNA maps to nothing (U+00AD
// SOFT HYPHEN and U+200B ZERO WIDTH SPACE are "ignored" in the UTS #46
// mapping) is refused with ErrInvalidHost, at no offset (-1, as for every
// host IDNA refuses), with the reason as the Hint: an empty reg-name would be
// another URI (§3.2.2). Kills the mutants of `offset: -1` in setHost's
// `a == ""` case, which no test reached.
func TestHostMapsToEmpty(t *testing.T) {
	for _, host := range []string{"\u00ad", "\u200b\u00ad"} {
		_, err := New().Scheme("http").Host(host).Build()
		var be *BuildError
		if !errors.As(err, &be) {
			t.Fatalf("Host(%q): Build() error = %v, want a *BuildError", host, err)
		}
		got := buildFault{be.Component, be.Offset, be.Hint, errors.Is(err, ErrInvalidHost)}
		if d := cmp.Diff(buildFault{"host", -1, "IDNA (UTS #46 lookup) refuses the name: idna: the name is empty, DNS allows 1 to 253 bytes (UTS #46 VerifyDnsLength)", true}, got); d != "" {
			t.Errorf("Host(%q) (-want +got):\n%s", host, d)
		}
	}
}

// TestPendingExactFit: segments and query parameters that fill the pending
// slots exactly stay pending, so a chain and its Build allocate once, as
// TestPendingAllocs says of a shorter chain: six segments, or two segments
// and two parameters. Kills appendSegments's `len(s) <= pendSlots-…` → `<`
// mutant, which wrote the exact fit at once (one allocation more), the URI
// being the same; QueryParam's `i >= int(b.npSeg)` → `>` fails it too.
func TestPendingExactFit(t *testing.T) {
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

// TestLongTextOneAllocation: a component a setter writes at once, longer
// than the room on the stack (textOnStack), is written with one allocation
// of its string, as the doc of textOnStack says: seven segments (more than
// the pending slots), pending segments flushed by AppendSegments, pending
// parameters flushed by a fourth. With Build's one, each chain allocates twice. Kills the `need <=
// textOnStack` → `need > textOnStack` mutants, which wrote a long text in
// the stack buffer, grown (an allocation more), and then copied it.
func TestLongTextOneAllocation(t *testing.T) {
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

// TestBuildSchemeNoAuthorityPath: with a scheme and no authority, the path
// is path-absolute when it starts with "/", path-empty when empty, else
// path-rootless (§3: hier-part); each is valid, so a Build that fails must
// name the component at fault, here a query holding "#" (§3.4), and not the
// path. Such a Builder goes past Build's quick path (its text does not
// parse) to the check of each component. Kills checkPath's `p == ""` →
// `p != ""` and `p[0] == '/'` → `p[0] != '/'` in its scheme case, which
// gave the path a rule it does not match (or indexed an empty one).
func TestBuildSchemeNoAuthorityPath(t *testing.T) {
	for _, p := range []string{"", "x", "/x", "x:y/z", "/"} {
		_, err := New().Scheme("s").RawPath(p).RawQuery("#").Build()
		var be *BuildError
		if !errors.As(err, &be) || be.Component != "query" || be.Offset != 0 || !errors.Is(err, ErrSyntax) {
			t.Errorf("path %q, query \"#\": Build() error = %v, want one about the query at offset 0", p, err)
		}
		if u, err := New().Scheme("s").RawPath(p).Build(); err != nil || u.String() != "s:"+p {
			t.Errorf("path %q: Build() = %q, %v; want %q", p, u.String(), err, "s:"+p)
		}
	}
}

// TestBuildEncodedTextAllocations: the builder sizes each text it writes
// for the worst case of its pieces, every byte percent-encoded (§2.1: three
// bytes each), so that a long text, here made of spaces each written
// "%20", is written once into a buffer of its own and needs no second
// allocation (textOnStack's and composeOnStack's doc: one allocation of
// the string). Counted: the chain of setters and Build, against the
// allocations of the same chain with text that needs no encoding, which
// TestLongTextOneAllocation pins. Kills the mutants of compose's `n :=
// len(b.scheme) + … + 7` and of its `3*len(p) + 1` terms, of flushSegs'
// `len(b.path) + 1` and `3*len(seg) + 1`, of flushKV's `3*len(p) + 1`, of
// QueryParam's `need := len(b.query) + 1 + 3*len(key) + …` (a parameter
// written at once when pending segments fill the slots), and of
// SetQueryParam's Grow(… + 2), which sized the buffer a few bytes short
// and made it grow.
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

// TestBuildPortBoundsPastTheQuickPath: ports 0 and 65535 are in range
// (§3.2.3 leaves the range to the scheme; the builder takes 0 to 65535), also
// where Build checks each component because the text does not parse (here a
// query holding "#"): the error is the query's. A port out of range from
// HostPort is an ErrPortRange with no offset (BuildError's doc: Offset is -1
// for it). Kills build's `b.portNum < 0` → `<= 0` and `b.portNum > 65535` →
// `>= 65535`, and the `Offset: -1` → `1` of its HostPort range error.
func TestBuildPortBoundsPastTheQuickPath(t *testing.T) {
	for _, p := range []int{0, 65535} {
		_, err := New().Scheme("s").Host("h").Port(p).RawQuery("#").Build()
		var be *BuildError
		if !errors.As(err, &be) || be.Component != "query" || !errors.Is(err, ErrSyntax) {
			t.Errorf("Port(%d), query \"#\": Build() error = %v, want the query's", p, err)
		}
	}
	_, err := New().Scheme("s").HostPort("h:65536").RawQuery("#").Build()
	var be *BuildError
	if !errors.As(err, &be) || be.Component != "port" || be.Offset != -1 || !errors.Is(err, ErrPortRange) {
		t.Errorf("HostPort(h:65536): Build() error = %#v, want ErrPortRange at offset -1", err)
	}
}

// TestBuildPathFaultAtZero: a path whose first byte is the fault is refused
// with ErrSyntax at offset 0: a "%" that starts no pct-encoded triplet
// (§2.1), a space (in no rule of §3.3). Kills checkPath's
// `invalidPathByte(p); off >= 0` → `off > 0`, which let such a path on to
// the rule of its context: the offset of the rule's failure (1, after the
// "%"), or ErrPathNeedsSlash under an authority.
func TestBuildPathFaultAtZero(t *testing.T) {
	for _, b := range []Builder{New().RawPath("%zz"), New().Host("h").RawPath(" /a"), New().Scheme("s").RawPath("%")} {
		_, err := b.Build()
		var be *BuildError
		if !errors.As(err, &be) || be.Component != "path" || be.Offset != 0 || !errors.Is(err, ErrSyntax) {
			t.Errorf("%v: Build() error = %v, want ErrSyntax in the path at offset 0", b, err)
		}
	}
}
