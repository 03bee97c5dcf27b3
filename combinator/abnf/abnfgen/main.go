// Command abnfgen compiles rules of an ABNF file to Go matchers, for a go
// generate step: each rule given as NAME=GoFunc becomes
//
//	func GoFunc(s string) bool
//
// matching exactly what the rule's ABNF derives, as the rule from
// combinator/abnf does (codegen.GenerateAutomata: its minimized automaton
// as tables), and, given as NAME=GoFunc,CheckFunc,
//
//	func CheckFunc(s string) error
//
// which returns nil or a *SyntaxError (declared in the output) with the
// offset where s stops matching and what was expected there, as the
// rule's Check reports them. Usage:
//
//	//go:generate go run github.com/seed42851778/rfc3986/combinator/abnf/abnfgen -abnf tel.abnf -rfc3986 -pkg tel -o tel_gen.go telephone-uri=MatchTelephoneURI,CheckTelephoneURI
//
// -rfc3986 and -rfc3987 make the rules of RFC 3986 Appendix A and RFC 3987
// §2.2 available to the file, as abnf.RFC3986 and abnf.RFC3987 do; -import
// those of the grammars shipped with combinator/abnf (-import rfc5322,rfc9110);
// -octets reads the file's values as bytes (abnf.WithEncoding).
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
	imports := flag.String("import", "", "make the rules of the shipped grammars available (comma-separated: rfc5322,rfc9110)")
	octets := flag.Bool("octets", false, "read the values of the file as bytes, not characters")
	flag.Parse()
	var opts []abnf.Option
	if *rfc3986 {
		opts = append(opts, abnf.RFC3986())
	}
	if *rfc3987 {
		opts = append(opts, abnf.RFC3987())
	}
	if *imports != "" {
		opts = append(opts, abnf.ImportRFC(strings.Split(*imports, ",")...))
	}
	if *octets {
		opts = append(opts, abnf.WithEncoding(abnf.Octets))
	}
	if err := run(*in, *pkg, *out, opts, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "abnfgen:", err)
		os.Exit(1)
	}
}

func run(in, pkg, out string, opts []abnf.Option, rules []string) error {
	text, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	g, err := abnf.ParseWith(string(text), opts...)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	var funcs []codegen.AutomatonFunc
	for _, arg := range rules {
		name, fns, ok := strings.Cut(arg, "=")
		fn, check, _ := strings.Cut(fns, ",")
		if !ok || fn == "" || strings.Contains(fns, ",") && check == "" {
			return fmt.Errorf("%q: want RULE=GoFunc or RULE=GoFunc,CheckFunc", arg)
		}
		r, err := g.Rule(name)
		if err != nil {
			return err
		}
		funcs = append(funcs, codegen.AutomatonFunc{Name: fn, Rule: r, Check: check})
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
