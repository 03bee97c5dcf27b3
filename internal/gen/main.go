// Command gen writes the generated matchers and diagnoses of the uri or the
// iri package, or the IP matchers they share (internal/ipmatch): run by go
// generate in each (uri/gen.go, iri/gen.go, internal/ipmatch/gen.go), it
// compiles the rules of the grammar's package (internal/urigrammar,
// internal/irigrammar) to Go with combinator/codegen, as the Spec that
// package declares says, and writes beside the file its test table (file
// with _test.go for .go: each generated function by its name, which the
// package's tests find as they walk the Spec).
//
// Usage:
//
//	gen -grammar uri|iri|ip [-o file]
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/seed42851778/rfc3986/combinator/codegen"
	"github.com/seed42851778/rfc3986/internal/irigrammar"
	"github.com/seed42851778/rfc3986/internal/urigrammar"
)

// specs maps the value of -grammar to the Spec of its grammar package.
var specs = map[string]*codegen.Spec{
	"uri": urigrammar.Spec,
	"iri": irigrammar.Spec,
	"ip":  urigrammar.IPSpec,
}

func main() {
	grammar := flag.String("grammar", "", "the grammar to generate: uri, iri or ip")
	out := flag.String("o", "zz_parse_gen.go", "the file to write")
	flag.Parse()
	spec, ok := specs[*grammar]
	if !ok {
		fmt.Fprintf(os.Stderr, "gen: -grammar %q: want uri, iri or ip\n", *grammar)
		os.Exit(2)
	}
	if err := write(spec, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// write writes the file spec declares to out and its test table beside it.
func write(spec *codegen.Spec, out string) error {
	src, err := spec.Source()
	if err != nil {
		return err
	}
	table, err := spec.TestSource()
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, src, 0o644); err != nil {
		return err
	}
	return os.WriteFile(strings.TrimSuffix(out, ".go")+"_test.go", table, 0o644)
}
