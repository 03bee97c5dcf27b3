package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
)

var grammarCmd = &command{
	name:   "grammar",
	args:   "[RULE] | -abnf FILE [-rule NAME] [INPUT...]",
	short:  "print the ABNF of a rule, or check inputs against a rule of an ABNF file",
	noURIs: true,
	long: `
Grammar prints the ABNF of RULE as the combinator package's rule tree knows
it: the rule and every named rule it uses, one definition a line, in the order
they are first met (Rule.Grammar). RULE is an ABNF rule name of RFC 3986 or
RFC 5234, such as URI-reference, path-abempty or IPv6address, or its Go name,
such as PathAbempty; case and "-" do not matter. Without RULE, grammar prints
the whole URI-reference grammar of RFC 3986 Appendix A. Where the rules order
or guard their alternatives to match as PEG exactly what the ABNF means, the
guards print as PEG look-aheads, which ABNF lacks: !( rule ) where rule must
not follow, &( rule ) where it must.

With -abnf, grammar reads the ABNF of FILE (RFC 5234 and RFC 7405, as an
RFC prints it; its rules may name those of RFC 3986 Appendix A, such as
segment or host) with package combinator/abnf, which matches exactly the
language the ABNF describes. It prints the grammar of the rule NAME (by
default the first rule of FILE), or, given INPUTs, checks each against it:
"ok", or where it fails and what was expected there. The exit status is then
1 when an INPUT does not match.`,
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		short := fs.Bool("short", false, "print only the rule's own definition (Rule.String); with -abnf, that of NAME")
		list := fs.Bool("list", false, "list the rule names; with -abnf, those FILE defines, in its order")
		abnfFile := fs.String("abnf", "", "read the grammar from the ABNF `FILE` (RFC 5234) instead")
		ruleName := fs.String("rule", "", "with -abnf, the rule `NAME` to print or check inputs against (default: the first rule of FILE)")
		return func(e env, args []string) int {
			if *abnfFile != "" {
				return abnfGrammar(e, *abnfFile, *ruleName, args, *list, *short)
			}
			if *ruleName != "" {
				return cmd.usageError(e, "-rule needs -abnf FILE")
			}
			if *list {
				for _, n := range ruleNames() {
					fmt.Fprintln(e.stdout, n)
				}
				return 0
			}
			if len(args) > 1 {
				return cmd.usageError(e, "more than one RULE")
			}
			r := c.URIReference
			if len(args) == 1 {
				r = findRule(args[0])
				if r == nil {
					fmt.Fprintf(e.stderr, "uri grammar: no rule %s; the rules are:\n  %s\n", echo(args[0]),
						strings.Join(ruleNames(), " "))
					return 2 // a usage error: the argument names no rule
				}
			}
			if *short {
				fmt.Fprintln(e.stdout, r.String())
			} else {
				fmt.Fprint(e.stdout, r.Grammar())
				if !strings.HasSuffix(r.Grammar(), "\n") {
					fmt.Fprintln(e.stdout)
				}
			}
			return 0
		}
	},
}

// rules are the exported rules of the combinator package: those of RFC 3986
// Appendix A and the core rules of RFC 5234 they use.
var rules = []*c.Rule{
	c.URIReference, c.URI, c.HierPart, c.AbsoluteURI, c.RelativeRef, c.RelativePart,
	c.Scheme, c.Authority, c.UserInfo, c.Host, c.Port, c.IPLiteral, c.IPvFuture,
	c.IPv6Address, c.H16, c.LS32, c.IPv4Address, c.DecOctet, c.RegName,
	c.Path, c.PathAbempty, c.PathAbsolute, c.PathNoScheme, c.PathRootless, c.PathEmpty,
	c.Segment, c.SegmentNZ, c.SegmentNZNC, c.PChar, c.Query, c.Fragment,
	c.PctEncoded, c.Unreserved, c.Reserved, c.GenDelims, c.SubDelims,
	c.ALPHA, c.DIGIT, c.HEXDIG,
}

// fold makes a rule name comparable: ABNF names are case-insensitive
// (RFC 5234 §2.1), and without "-" an ABNF name meets its Go name.
func fold(name string) string {
	return strings.ToLower(strings.ReplaceAll(name, "-", ""))
}

func findRule(name string) *c.Rule {
	for _, r := range rules {
		if fold(r.Name()) == fold(name) {
			return r
		}
	}
	return nil
}

func ruleNames() []string {
	var names []string
	for _, r := range rules {
		names = append(names, r.Name())
	}
	sort.Strings(names)
	return names
}

// abnfGrammar is grammar -abnf: it compiles the ABNF of file, with RFC 3986's
// rules at hand, and lists its rule names (list), prints the grammar of the
// rule name (or, short, its own definition) or checks inputs against it.
// The messages echo no password of an argument (a file or rule name, an
// input).
func abnfGrammar(e env, file, name string, inputs []string, list, short bool) int {
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(e.stderr, "uri grammar: %s\n", hideMessage(err.Error(), file))
		return 1
	}
	g, err := abnf.ParseWith(string(src), abnf.RFC3986())
	if err != nil {
		fmt.Fprintf(e.stderr, "uri grammar: %s: %s\n", hidePasswords(file), hideMessage(err.Error(), file))
		return 1
	}
	names := g.Names()
	if list {
		for _, n := range names {
			fmt.Fprintln(e.stdout, n)
		}
		return 0
	}
	if name == "" {
		if len(names) == 0 {
			fmt.Fprintf(e.stderr, "uri grammar: %s defines no rule\n", hidePasswords(file))
			return 1
		}
		name = names[0]
	}
	r, err := g.Rule(name)
	if err != nil {
		fmt.Fprintf(e.stderr, "uri grammar: %s: %s\n", hidePasswords(file), hideMessage(err.Error(), file, name))
		return 2
	}
	if len(inputs) == 0 {
		if short {
			fmt.Fprintln(e.stdout, r.String())
		} else {
			fmt.Fprint(e.stdout, r.Grammar())
		}
		return 0
	}
	status := 0
	for _, in := range inputs {
		if err := r.Check(in); err != nil {
			fmt.Fprintf(e.stdout, "%s: %s\n", echo(in), hideMessage(err.Error(), in))
			status = 1
			continue
		}
		fmt.Fprintf(e.stdout, "%s: ok\n", echo(in))
	}
	return status
}
