package codegen

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// TestTableRanges checks that a table is declared as the ranges of its
// set, first and last byte of each in byte order, whose pairs hold
// exactly the set: a byte outside printable ASCII, the quote and the
// backslash are hexadecimal escapes in the literal.
func TestTableRanges(t *testing.T) {
	for _, tc := range []struct {
		set  c.CharSet
		want string
	}{
		{c.ByteRange('a', 'z'), `"az"`},
		{c.ByteRange('0', '9').Union(c.ByteRange('A', 'F')).Union(c.ByteRange('a', 'f')), `"09AFaf"`},
		{c.ByteRange('-', '-').Union(c.ByteRange('.', '.')), `"-."`},
		{c.ByteRange('"', '"').Union(c.ByteRange('\\', '\\')), `"\x22\x22\x5c\x5c"`},
		{c.ByteRange(0, 0x1f).Union(c.ByteRange(0x7f, 0xff)), `"\x00\x1f\x7f\xff"`},
		{c.CharSet{}, `""`},
	} {
		lit := rangesLit(tc.set)
		if lit != tc.want {
			t.Errorf("rangesLit(%s) = %s, want %s", tc.set, lit, tc.want)
		}
		ranges, err := strconv.Unquote(lit)
		if err != nil {
			t.Errorf("rangesLit(%s) = %s: %v", tc.set, lit, err)
			continue
		}
		var got c.CharSet
		for i := 0; i+1 < len(ranges); i += 2 {
			got = got.Union(c.ByteRange(ranges[i], ranges[i+1]))
		}
		if got != tc.set {
			t.Errorf("the ranges %s hold %s, want %s", lit, got, tc.set)
		}
	}
}

// TestTableNames checks that a table is named after its set: the named
// class it is (DIGIT), its range of digits or letters (Digits0To5), the named run
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
	_, fields, _ := strings.Cut(string(src), "type genTables struct {\n")
	fields, _, _ = strings.Cut(fields, "\n}")
	var got []string
	for _, line := range strings.Split(fields, "\n") {
		got = append(got, strings.Fields(line)[0])
	}
	slices.Sort(got)
	want := []string{"ALPHA", "DIGIT", "Digits0To5"}
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
