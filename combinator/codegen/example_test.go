package codegen_test

import (
	"fmt"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/codegen"
)

// GenerateGo compiles a rule to the source of a Go function that matches as
// the rule does, without the interpreter: here port = *DIGIT, whose fused run
// becomes a loop over a byte table, eight bytes a step, written out in the
// matcher with the two helpers matchPortWord and matchPortStop (which the
// compiler inlines), and the last eight bytes of the input left to
// matchPortScan; the table, matchPortSet.DIGIT, is filled from the
// ranges of its set by matchPortSets. The example prints the declarations.
func ExampleGenerateGo() {
	src, err := codegen.GenerateGo(c.Port, "ports", "matchPort")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "func ") || strings.HasPrefix(line, "var ") || strings.HasPrefix(line, "// ") {
			fmt.Println(line)
		}
	}
	// Output:
	// // matchPort matches port at pos in in and returns the end offset of the match, or -1.
	// func matchPort(in string, pos int) int {
	// // matchPortScan returns the end of the run of the bytes of set from p in in,
	// // as the runs written out in the matchers find it: eight bytes a step, then
	// // where the run stopped without a branch (in the last eight bytes of in, by
	// // matchPortWord and matchPortStop).
	// func matchPortScan(in string, p int, set *[256]uint8) int {
	// // matchPortAll reports whether the eight bytes of q are all of set.
	// func matchPortAll(q string, set *[256]uint8) bool {
	// // matchPortWord packs the entries in set of the eight bytes of q, in their
	// // order from the lowest byte.
	// func matchPortWord(q string, set *[256]uint8) uint64 {
	// // matchPortStop returns the offset, in the last r of the eight bytes whose
	// // entries w packs, of the first byte not of the set, or r when all r are.
	// func matchPortStop(w uint64, r int) int {
	// // matchPortSet holds the tables of the byte classes: matchPortSet.X[b] is 1
	// // for a byte b of the set X, 0 for any other.
	// var matchPortSet = matchPortSets()
	// // matchPortTables are the tables of matchPortSet, each named after its set.
	// // matchPortSets returns the tables, each filled from the ranges of its set:
	// // pairs of bytes, the first and the last of each range.
	// func matchPortSets() (t matchPortTables) {
	// // matchPortFill sets the entries of the bytes of ranges in t to 1. It is
	// // not inlined: matchPortSets is then a call for each table, not a copy of the
	// // loops.
	// func matchPortFill(t *[256]uint8, ranges string) {
}

// AddExplain compiles what Rule.ExplainFrom computes: the farthest offset a
// failed match reached and what was expected there. The output holds a
// function per named rule, the record they share and the table of labels;
// the example prints the functions' declarations.
func ExampleGenerator_AddExplain() {
	g := &codegen.Generator{Package: "ports", Prefix: "port"}
	if err := g.AddExplain("explainPort", c.Port); err != nil {
		fmt.Println(err)
		return
	}
	src, err := g.Source()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "func ") {
			fmt.Println(line)
		}
	}
	// Output:
	// func explainPortRule(in string, pos int, d *portDiag) int {
	// func explainPort(in string, lowerBound int, buf []string) (offset int, expected []string) {
	// func explainPortDiag(in string, lowerBound int, d *portDiag) (offset int) {
	// func (d *portDiag) fail(pos, id int) {
	// func (d *portDiag) record(pos, id int) {
	// func (d *portDiag) explain(in string, lowerBound, root, end int) int {
	// func (d *portDiag) miss(pos, far, mark, root, id int) int {
	// func (d *portDiag) named(pos, far, mark, id int) {
	// func (d *portDiag) truncate(n int) {
	// func (d *portDiag) appendLabels(buf []string) []string {
	// func portRun(in string, root int, d *portDiag) int {
	// func portSets() (t portTables) {
	// func portFill(t *[256]uint8, ranges string) {
}

// CapsType and CapsMake store the captures in a form of the target
// package's own: here a span type made by mkSpan, as package uri stores
// the spans of a URI while its matchers run. With CapsOneBased, as uri's, a
// capture's start is kept plus one and a slot that took no part is
// mkSpan(0, 0): a span whose zero value means "none" is stored as it is.
// The example prints the matcher's declaration, where its captures start
// and its stores.
func ExampleGenerator_capsType() {
	g := &codegen.Generator{Package: "spans", Prefix: "sp", CapsType: "span", CapsMake: "mkSpan", CapsOneBased: true}
	// authority-ish: a capture of the host, then an optional port.
	r := c.Seq(c.Capture(0, c.RegName), c.Opt(c.Seq(c.Lit(":"), c.Capture(1, c.Port))))
	if err := g.Add("matchHostPort", r); err != nil {
		fmt.Println(err)
		return
	}
	src, err := g.Source()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "func matchHostPort") || strings.Contains(line, "caps[") || strings.Contains(line, "s = p") {
			fmt.Println(strings.TrimSpace(line))
		}
	}
	// Output:
	// // On a match, caps[i] holds mkSpan(start+1, end) of capture slot i, or mkSpan(0, 0).
	// func matchHostPort(in string, pos int, caps *[2]span) int {
	// k0s = p + 1
	// k1s = p + 1
	// caps[0] = mkSpan(k0s, k0e)
	// caps[1] = mkSpan(k1s, k1e)
}

func ExampleGenerateAutomata() {
	defs, _ := c.ExactGrammar(c.Def{Name: "digits", Body: c.Plus(c.Class(c.DigitSet))})
	src, err := codegen.GenerateAutomata("num", codegen.AutomatonFunc{Name: "MatchDigits", Rule: defs[0]})
	fmt.Println(err, strings.Contains(string(src), "func MatchDigits(s string) bool {"))
	// Output: <nil> true
}
