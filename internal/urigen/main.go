// Command urigen writes the generated matchers of the uri package: run by
// go generate in uri (see uri/gen.go), it compiles the rules of
// internal/urigrammar to Go with combinator.Generator.
//
// Usage:
//
//	urigen [-o file]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/seed42851778/rfc3986/internal/urisource"
)

func main() {
	out := flag.String("o", "zz_parse_gen.go", "the file to write")
	flag.Parse()
	src, err := urisource.Source()
	if err != nil {
		fmt.Fprintln(os.Stderr, "urigen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "urigen:", err)
		os.Exit(1)
	}
}
