// Command irigen writes the generated matchers of the iri package: run by
// go generate in iri (see iri/gen.go), it compiles the rules of
// internal/irigrammar to Go with combinator/codegen.
//
// Usage:
//
//	irigen [-o file]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/seed42851778/rfc3986/internal/irisource"
)

func main() {
	out := flag.String("o", "zz_parse_gen.go", "the file to write")
	flag.Parse()
	src, err := irisource.Source()
	if err != nil {
		fmt.Fprintln(os.Stderr, "irigen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "irigen:", err)
		os.Exit(1)
	}
}
