package codegen

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// TestTableTwelveBytesALine: a table of a set lists its bytes twelve a
// line, in byte order: the 26 letters on lines of 12, 12 and 2 entries,
// from 'a', 'm' and 'y'.
func TestTableTwelveBytesALine(t *testing.T) {
	src, err := GenerateGo(c.Plus(c.Class(c.ByteRange('a', 'z'))), "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(src), "= [256]")
	table, _, _ = strings.Cut(table, "\n}\n")
	lines := strings.Split(table, "\n")
	if !ok || len(lines) < 1 {
		t.Fatalf("no table in\n%s", src)
	}
	var got []string
	for _, l := range lines[1:] {
		got = append(got, fmt.Sprintf("%d from %.4s", strings.Count(l, "': "), strings.TrimSpace(l)))
	}
	want := []string{"12 from 'a':", "12 from 'm':", "2 from 'y':"}
	if !slices.Equal(got, want) {
		t.Errorf("the table's lines: %q, want %q:\n%s", got, want, table)
	}
}

// TestTableNames checks that a table is named after its set: the named
// class it is (DIGIT), its range of digits or letters (0To5), the named run
// whose bytes it holds, or the named rule whose first bytes it holds, and
// never after a number while a name is free.
func TestTableNames(t *testing.T) {
	digits := c.Named("digits", c.Plus(c.DIGIT))
	r := c.Named("r", c.Alt(c.Seq(c.Lit("x"), c.Class(c.ByteRange('0', '5'))), digits,
		c.Named("word", c.Seq(c.ALPHA, c.Lit("-")))))
	g := &Generator{Package: "p"}
	if err := g.Add("m", r); err != nil {
		t.Fatal(err)
	}
	src, err := g.Source()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(string(src), "\n") {
		if name, ok := strings.CutPrefix(line, "var "); ok {
			name, _, _ = strings.Cut(name, " ")
			got = append(got, name)
		}
	}
	slices.Sort(got)
	want := []string{"set0To5", "setALPHA", "setDIGIT"}
	if !slices.Equal(got, want) {
		t.Errorf("tables %q, want %q:\n%s", got, want, src)
	}
}

// TestRangeName checks the names of sets that are one range of letters or
// digits, and that other sets have none.
func TestRangeName(t *testing.T) {
	for _, tc := range []struct {
		set  c.CharSet
		want string
	}{
		{c.ByteRange('0', '5'), "0To5"},
		{c.ByteRange('a', 'a'), "a"},
		{c.ByteRange('A', 'F'), "AToF"},
		{c.ByteRange('!', '/'), ""},
		{c.ByteRange('0', '9').Union(c.ByteRange('a', 'f')), ""},
		{c.CharSet{}, ""},
	} {
		if got := rangeName(tc.set); got != tc.want {
			t.Errorf("rangeName(%s) = %q, want %q", tc.set, got, tc.want)
		}
	}
}
