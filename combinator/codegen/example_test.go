package codegen_test

import (
	"fmt"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/codegen"
)

// GenerateGo compiles a rule to the source of a Go function that matches as
// the rule does, without the interpreter: here port = *DIGIT, whose fused run
// becomes a call of the scan loop matchPortRun (which the compiler inlines)
// over a byte table. The example prints the declarations.
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
	// // matchPortWord packs the entries in set of the eight bytes of q, in their
	// // order from the lowest byte.
	// func matchPortWord(q string, set *[256]uint8) uint64 {
	// // matchPortStop returns the offset, in the last r of the eight bytes whose
	// // entries w packs, of the first byte not of the set, or r when all r are.
	// func matchPortStop(w uint64, r int) int {
	// // matchPortSet0 is %x30-39: 0xff for a byte of the set.
	// var matchPortSet0 = [256]uint8{
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
	// func (d *portDiag) named(pos, far, mark, id int) {
	// func (d *portDiag) truncate(n int) {
	// func (d *portDiag) appendLabels(buf []string) []string {
}
