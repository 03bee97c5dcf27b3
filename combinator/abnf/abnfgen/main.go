// Command abnfgen compiles rules of an ABNF file to Go matchers, for a go
// generate step: each rule given as NAME=GoFunc becomes
//
//	func GoFunc(s string) bool
//
// matching exactly what the rule's ABNF derives, as the rule from
// combinator/abnf does (codegen.GenerateAutomata: its minimized automaton
// as tables). Usage:
//
//	//go:generate go run github.com/seed42851778/rfc3986/combinator/abnf/abnfgen -abnf tel.abnf -rfc3986 -pkg tel -o tel_gen.go telephone-uri=MatchTelephoneURI
//
// -rfc3986 and -rfc3987 make the rules of RFC 3986 Appendix A and RFC 3987
// §2.2 available to the file, as abnf.RFC3986 and abnf.RFC3987 do.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/seed42851778/rfc3986/combinator/abnf"
	"github.com/seed42851778/rfc3986/combinator/codegen"
)

func main() {
	in := flag.String("abnf", "", "the ABNF file")
	pkg := flag.String("pkg", "main", "the package of the output")
	out := flag.String("o", "", "the output file (standard output when empty)")
	rfc3986 := flag.Bool("rfc3986", false, "make the rules of RFC 3986 Appendix A available")
	rfc3987 := flag.Bool("rfc3987", false, "make the rules of RFC 3987 §2.2 available")
	flag.Parse()
	if err := run(*in, *pkg, *out, *rfc3986, *rfc3987, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "abnfgen:", err)
		os.Exit(1)
	}
}

func run(in, pkg, out string, rfc3986, rfc3987 bool, rules []string) error {
	text, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var opts []abnf.Option
	if rfc3986 {
		opts = append(opts, abnf.RFC3986())
	}
	if rfc3987 {
		opts = append(opts, abnf.RFC3987())
	}
	g, err := abnf.ParseWith(string(text), opts...)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	var funcs []codegen.AutomatonFunc
	for _, arg := range rules {
		name, fn, ok := strings.Cut(arg, "=")
		if !ok || fn == "" {
			return fmt.Errorf("%q: want RULE=GoFunc", arg)
		}
		r, err := g.Rule(name)
		if err != nil {
			return err
		}
		funcs = append(funcs, codegen.AutomatonFunc{Name: fn, Rule: r})
	}
	if len(funcs) == 0 {
		return fmt.Errorf("no rule to generate: give RULE=GoFunc arguments")
	}
	src, err := codegen.GenerateAutomata(pkg, funcs...)
	if err != nil {
		return err
	}
	if out == "" {
		_, err = os.Stdout.Write(src)
		return err
	}
	return os.WriteFile(out, src, 0o644)
}
