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
	args:   "[RULE] | -abnf FILE [-import RFC] [-encoding E] [-lists F] [-rule NAME] [INPUT...]",
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
1 when an INPUT does not match. What compiles but is likely not what the
text means (an element right after a group, UTF-8 bytes spelled in a
grammar of characters) is printed to standard error as a warning.

-encoding says what the values of FILE are: characters (the default: %xE9
is the character é, matched as its UTF-8 bytes C3 A9) or octets (%xE9 is
the byte E9, as RFC 9110's obs-text and RFC 3629's UTF-8 mean). -lists
reads RFC 9110's #list (§5.6.1): sender or recipient. -import makes the
rules of grammars shipped with combinator/abnf available (rfc5322,
rfc9110, ...: "-import list" lists them); a comma-separated list, or the
flag given again. With -import, -abnf may be left out: -rule then names a
rule of the imported grammars.`,
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		short := fs.Bool("short", false, "print only the rule's own definition (Rule.String); with -abnf, that of NAME")
		list := fs.Bool("list", false, "list the rule names; with -abnf, those FILE defines, in its order")
		abnfFile := fs.String("abnf", "", "read the grammar from the ABNF `FILE` (RFC 5234) instead")
		ruleName := fs.String("rule", "", "with -abnf, the rule `NAME` to print or check inputs against (default: the first rule of FILE)")
		var a abnfFlags
		fs.Var(&a.imports, "import", "with -abnf, make the rules of the shipped grammar `RFC` available (rfc5322, rfc9110, ...; list: the names)")
		fs.StringVar(&a.encoding, "encoding", "characters", "with -abnf, what the values of FILE are: `characters` or octets")
		fs.StringVar(&a.lists, "lists", "", "with -abnf, read RFC 9110's #list as a `sender` or recipient expands it")
		return func(e env, args []string) int {
			if *abnfFile != "" || len(a.imports) > 0 {
				return abnfGrammar(e, *abnfFile, *ruleName, a, args, *list, *short)
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

// abnfFlags are the flags of grammar -abnf that say how to compile FILE.
type abnfFlags struct {
	imports  namesFlag
	encoding string
	lists    string
}

// namesFlag is a flag given again or as a comma-separated list.
type namesFlag []string

func (l *namesFlag) String() string { return strings.Join(*l, ",") }

func (l *namesFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

// options returns the options of a, or a usage error.
func (a abnfFlags) options() ([]abnf.Option, error) {
	opts := []abnf.Option{abnf.RFC3986()}
	switch a.encoding {
	case "characters":
	case "octets":
		opts = append(opts, abnf.WithEncoding(abnf.Octets))
	default:
		return nil, fmt.Errorf("-encoding %s: want characters or octets", echo(a.encoding))
	}
	switch a.lists {
	case "":
	case "sender":
		opts = append(opts, abnf.Lists(abnf.ListSender))
	case "recipient":
		opts = append(opts, abnf.Lists(abnf.ListRecipient))
	default:
		return nil, fmt.Errorf("-lists %s: want sender or recipient", echo(a.lists))
	}
	for _, name := range a.imports {
		if _, err := abnf.RFC(name); err != nil {
			return nil, fmt.Errorf("-import %s: no such grammar; the grammars are %s", echo(name), strings.Join(abnf.RFCs(), " "))
		}
	}
	if len(a.imports) > 0 {
		opts = append(opts, abnf.ImportRFC(a.imports...))
	}
	return opts, nil
}

// abnfGrammar is grammar -abnf: it compiles the ABNF of file, with RFC 3986's
// rules and those of the grammars imported at hand, and lists its rule
// names (list), prints the grammar of the rule name (or, short, its own
// definition) or checks inputs against it. The messages echo no password
// of an argument (a file or rule name, an input).
func abnfGrammar(e env, file, name string, a abnfFlags, inputs []string, list, short bool) int {
	if len(a.imports) == 1 && a.imports[0] == "list" {
		fmt.Fprintln(e.stdout, strings.Join(abnf.RFCs(), "\n"))
		return 0
	}
	opts, err := a.options()
	if err != nil {
		fmt.Fprintf(e.stderr, "uri grammar: %v\n", err)
		return 2
	}
	var src []byte
	if file != "" {
		if src, err = os.ReadFile(file); err != nil {
			fmt.Fprintf(e.stderr, "uri grammar: %s\n", hideMessage(err.Error(), file))
			return 1
		}
	} else if name == "" {
		fmt.Fprintf(e.stderr, "uri grammar: -import without -abnf needs -rule NAME\n")
		return 2
	}
	g, err := abnf.ParseWith(string(src), opts...)
	if err != nil {
		fmt.Fprintf(e.stderr, "uri grammar: %s: %s\n", hidePasswords(file), hideMessage(err.Error(), file))
		return 1
	}
	for _, w := range g.Warnings() {
		fmt.Fprintf(e.stderr, "uri grammar: %s: %s\n", hidePasswords(file), hideMessage(w.Error(), file))
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
