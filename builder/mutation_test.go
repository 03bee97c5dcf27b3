package builder

import (
	"strings"
	"testing"
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
