package codegen

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
)

// commitInAlt is the shape of URI: scheme ":" hier-part [ "?" query ], with
// a hier-part that never fails (its last alternative matches empty).
var commitInAlt = c.Seq(c.Capture(0, c.Plus(c.Class(c.ByteRange('a', 'z')))), c.Lit(":"),
	c.Alt(c.Seq(c.Lit("//"), c.Capture(1, c.Star(c.Class(c.ByteRange('a', 'z'))))), c.Capture(2, c.Plus(c.Lit("b"))), c.Capture(3, c.Lit(""))),
	c.Opt(c.Seq(c.Lit("?"), c.Capture(3, c.Star(c.Class(c.ByteRange('a', 'z')))))))

// TestCommitPoint checks where the matcher of commitInAlt stores its
// captures: slots 0 to 2, which nothing after the choice sets, at the end
// of each of its three alternatives, where the match can no longer fail;
// slot 3, which the option after it sets, once at the end.
func TestCommitPoint(t *testing.T) {
	g := &Generator{Package: "x", Slots: 4}
	if err := g.Add("match", commitInAlt); err != nil {
		t.Fatal(err)
	}
	src, err := g.Source()
	if err != nil {
		t.Fatal(err)
	}
	for slot, want := range []int{3, 3, 3, 1} {
		if got := strings.Count(string(src), fmt.Sprintf("caps[%d] = ", slot)); got != want {
			t.Errorf("caps[%d] stored %d times, want %d:\n%s", slot, got, want, src)
		}
	}
}

// TestCommitPointChoice counts the stores of each slot into caps, which the
// matcher of a sequence makes once at the end, or, after the element where
// the match can no longer fail (commitPoint), in each alternative of that
// element when it is a choice written inline (commitsInAlt): so the counts
// tell which element commitPoint chose.
//
//   - Only the first element can fail (it is the last that can): the commit
//     is there, after ( "a" ) / ( "b" ).
//   - Two elements after ":" set two slots each: the first of them is the
//     commit.
//   - The element that sets the most slots is the last one, or the last
//     element can fail (then it is the only one to choose from, and the
//     `j == len(r.subs)-1` test returns where a test of k did before): the
//     end of the function, no commit.
//   - No element can fail: no commit.
func TestCommitPointChoice(t *testing.T) {
	a, b, x := c.Lit("a"), c.Lit("b"), c.Lit("x")
	for _, tc := range []struct {
		name string
		r    *c.Rule
		want []int // stores of caps[0], caps[1], ...
	}{
		{`( ( "a" ) / ( "b" ) ) ( *"x" )`, c.Seq(c.Alt(c.Capture(0, a), c.Capture(1, b)), c.Capture(2, c.Star(x))), []int{2, 2, 1}},
		{`":" ( ( "a" ) / ( "" ) ) ( ( "b" ) / ( "" ) )`, c.Seq(c.Lit(":"), c.Alt(c.Capture(0, a), c.Capture(1, c.Lit(""))),
			c.Alt(c.Capture(2, b), c.Capture(3, c.Lit("")))), []int{2, 2, 1, 1}},
		{`":" ( ( "a" ) / ( "" ) )`, c.Seq(c.Lit(":"), c.Alt(c.Capture(0, a), c.Capture(1, c.Lit("")))), []int{1, 1}},
		{`( *"a" ) ( ( "b" ) / ( "x" ) )`, c.Seq(c.Capture(0, c.Star(a)), c.Alt(c.Capture(1, b), c.Capture(2, x))), []int{1, 1, 1}},
		{`( ( "a" ) / ( "" ) ) ( *"b" )`, c.Seq(c.Alt(c.Capture(0, a), c.Capture(1, c.Lit(""))), c.Capture(2, c.Star(b))), []int{1, 1, 1}},
	} {
		src, err := GenerateGo(tc.r, "p", "m")
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		for slot := range tc.want {
			got = append(got, strings.Count(string(src), fmt.Sprintf("caps[%d] = ", slot)))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: caps stored %v times, want %v:\n%s", tc.name, got, tc.want, src)
		}
	}
}

// TestNeverFails checks which rules match at any position (neverFails),
// which decides where a matcher stores its captures (commitPoint): a rule
// that can match nothing, such as path-abempty = *( "/" segment ) (RFC
// 3986, section 3.3), fused into one run of separated segments, never
// fails; one that needs a byte does.
func TestNeverFails(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    *c.Rule
		want bool
	}{
		{"path-abempty", c.PathAbempty, true},
		{`*( "/" *"a" )`, c.Star(c.Seq(c.Lit("/"), c.Star(c.Lit("a")))), true},
		{"segment", c.Segment, true},
		{"segment-nz", c.SegmentNZ, false},
		{"path-absolute", c.PathAbsolute, false},
		{`"/" path-abempty`, c.Seq(c.Lit("/"), c.PathAbempty), false},
		{`[ ":" port ] path-abempty`, c.Seq(c.Opt(c.Seq(c.Lit(":"), c.Port)), c.PathAbempty), true},
	} {
		g := &Generator{}
		if got := neverFails(g.nodeOf(tc.r)); got != tc.want {
			t.Errorf("%s: neverFails = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestCommitBeforeSeparatedRun checks that a matcher whose rule ends in a
// run of separated segments (path-abempty), which never fails, stores the
// captures before it where nothing after them sets them: the authority's,
// before the path's scan, which then runs with fewer values held.
func TestCommitBeforeSeparatedRun(t *testing.T) {
	alpha := c.Star(c.Class(c.ByteRange('a', 'z')))
	src, err := GenerateGo(c.Seq(c.Lit("//"), c.Capture(0, alpha), c.Capture(1, c.PathAbempty)), "p", "m")
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	store, scan := strings.Index(s, "caps[0] = "), strings.Index(s, "in[p] == '/'")
	if store < 0 || scan < 0 || store > scan {
		t.Errorf("caps[0] stored at %d, the path's scan at %d: want the store first:\n%s", store, scan, s)
	}
}
