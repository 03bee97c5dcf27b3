package combinator_test

import (
	"fmt"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
)

// GenerateGo compiles a rule to the source of a Go function that matches as
// the rule does, without the interpreter: here port = *DIGIT, whose fused run
// becomes one loop over a byte table. The example prints the declarations.
func ExampleRule_GenerateGo() {
	src, err := c.Port.GenerateGo("ports", "matchPort")
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
	// // matchPortSet0 is %x30-39.
	// var matchPortSet0 = [256]bool{
}
