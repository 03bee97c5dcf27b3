package main

import (
	"flag"
	"fmt"
	"strconv"

	"github.com/seed42851778/rfc3986/uri"
)

var resolveCmd = &command{
	name:  "resolve",
	args:  "BASE REF...",
	short: "resolve references against a base URI (§5.2)",
	long: `
Resolve resolves each reference REF against the base URI BASE by the strict
algorithm of RFC 3986 §5.2.2 and prints each target URI on a line. BASE must
be a URI: it needs a scheme (§5.2.1).

With -repair, BASE and each REF are read as uri.ParseRepaired reads them (the
repairs of pasted text that keep its meaning), and each repair is listed on standard
error.`,
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		nonStrict := fs.Bool("nonstrict", false, "ignore a reference's scheme when it equals the base's (the non-strict variant of §5.2.2)")
		repair := fs.Bool("repair", false, "make the repairs of pasted text first, and list them on standard error (uri.ParseRepaired)")
		return func(e env, args []string) int {
			if len(args) < 2 {
				return cmd.usageError(e, "need a BASE and at least one REF")
			}
			parseRef := uri.ParseReference
			if *repair {
				parseRef = func(s string) (uri.URI, error) {
					u, reps, err := uri.ParseRepaired(s)
					e.writeRepairs(e.stderr, "uri resolve: "+strconv.Quote(e.text(s))+": ", s, u, reps)
					return u, err
				}
			}
			base, err := uri.Parse(args[0])
			if *repair && err != nil {
				if b, rerr := parseRef(args[0]); rerr == nil && !b.IsRelative() {
					base, err = b, nil
				}
			}
			if err != nil {
				e.parseError(args[0], err)
				return 1
			}
			status := 0
			for _, a := range args[1:] {
				ref, err := parseRef(a)
				if err != nil {
					e.parseError(a, err)
					status = 1
					continue
				}
				t, err := base.ResolveWith(ref, uri.ResolveOptions{NonStrict: *nonStrict})
				if err != nil {
					fmt.Fprintln(e.stderr, err)
					status = 1
					continue
				}
				fmt.Fprintln(e.stdout, e.show(t))
			}
			return status
		}
	},
}

var normalizeCmd = &command{
	name:  "normalize",
	args:  "URI...",
	short: "normalize URIs (§6.2.2, §6.2.3)",
	long: `
Normalize prints each URI reference in normal form, one a line: scheme and
host in lower case, percent-encoded unreserved characters decoded and the hex
digits of the others in upper case, dot segments removed (RFC 3986 §6.2.2),
and, for the schemes of the normalization registry (http, https, ws, wss,
ftp), the default port dropped and an empty path written "/" (§6.2.3).`,
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		syntax := fs.Bool("syntax", false, "syntax-based normalization only (§6.2.2), no scheme-based rules")
		return func(e env, args []string) int {
			if len(args) == 0 {
				return cmd.usageError(e, "no URI given")
			}
			status := 0
			for _, a := range args {
				u, err := uri.ParseReference(a)
				if err != nil {
					e.parseError(a, err)
					status = 1
					continue
				}
				if *syntax {
					fmt.Fprintln(e.stdout, e.show(u.NormalizeSyntax()))
				} else {
					fmt.Fprintln(e.stdout, e.show(u.Normalize()))
				}
			}
			return status
		}
	},
}

var relativizeCmd = &command{
	name:  "relativize",
	args:  "BASE TARGET",
	short: "make the shortest reference from a base to a target",
	long: `
Relativize prints the shortest reference that resolves against the base URI
BASE to the URI TARGET (with its dot segments removed): the inverse of
resolve. It is TARGET itself when the schemes differ, when BASE has an
authority and TARGET has none, or when no shorter reference reaches TARGET
(a rootless BASE path such as s:a/b cannot climb to s:x/y); a network-path
reference when the authorities differ.`,
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		return func(e env, args []string) int {
			if len(args) != 2 {
				return cmd.usageError(e, "need a BASE and a TARGET")
			}
			us, ok := e.parseAll(uri.Parse, args...)
			if !ok {
				return 1
			}
			r, err := us[0].Relativize(us[1])
			if err != nil {
				fmt.Fprintln(e.stderr, err)
				return 1
			}
			fmt.Fprintln(e.stdout, e.show(r))
			return 0
		}
	},
}

var equalCmd = &command{
	name:  "equal",
	args:  "A B",
	short: "compare two URIs, byte for byte and after normalization",
	long: `
Equal compares the URI references A and B and prints whether they are equal,
character for character (RFC 3986 §6.2.1), and whether they are equivalent,
equal after normalization (§6.2.2, §6.2.3). The exit status is 0 when they are
equivalent and 1 when they are not.`,
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		return func(e env, args []string) int {
			if len(args) != 2 {
				return cmd.usageError(e, "need two URIs")
			}
			us, ok := e.parseAll(uri.ParseReference, args...)
			if !ok {
				return 1
			}
			a, b := us[0], us[1]
			fmt.Fprintf(e.stdout, "equal       %t\n", a.Equal(b))
			fmt.Fprintf(e.stdout, "equivalent  %t\n", a.Equivalent(b))
			if !a.Equivalent(b) {
				fmt.Fprintf(e.stdout, "normalized  %s\n            %s\n", e.show(a.Normalize()), e.show(b.Normalize()))
				return 1
			}
			return 0
		}
	},
}

// parseAll parses every argument with parse, reporting each error.
func (e env) parseAll(parse func(string) (uri.URI, error), args ...string) ([]uri.URI, bool) {
	us := make([]uri.URI, len(args))
	ok := true
	for i, a := range args {
		u, err := parse(a)
		if err != nil {
			e.parseError(a, err)
			ok = false
		}
		us[i] = u
	}
	return us, ok
}
