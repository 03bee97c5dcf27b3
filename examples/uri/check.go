package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

var checkCmd = &command{
	name:   "check",
	args:   "[FILE]",
	short:  "report the invalid lines of a file of URIs",
	noURIs: true,
	long: `
Check reads FILE, or standard input when there is no FILE or it is "-", one URI
a line, and reports each line that is not a URI (RFC 3986 §3) as
FILE:LINE: offset N: message, then the count of valid and invalid lines.
Lines end in "\n" or "\r\n"; any other "\r" is part of the line, and
invalid there. Empty lines are skipped. The exit status is 1 when a line
is invalid.`,
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		ref := fs.Bool("ref", false, "accept relative references too (URI-reference, §4.1)")
		quiet := fs.Bool("q", false, "print only the count")
		return func(e env, args []string) int {
			if len(args) > 1 {
				return cmd.usageError(e, "more than one FILE")
			}
			name, r := "<stdin>", e.stdin
			if len(args) == 1 && args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					fmt.Fprintf(e.stderr, "uri check: %v\n", err)
					return 1
				}
				defer f.Close()
				name, r = args[0], f
			}
			return check(e, name, r, *ref, *quiet)
		}
	},
}

// check streams r, one URI a line, and reports the invalid lines.
func check(e env, name string, r io.Reader, ref, quiet bool) int {
	parse := uri.Parse
	if ref {
		parse = uri.ParseReference
	}
	w := bufio.NewWriterSize(e.stdout, 64*1024)
	defer w.Flush()
	sc := newLineScanner(r)
	valid, invalid, line := 0, 0, 0
	for sc.Scan() {
		line++
		s := sc.Text() // a line's end, "\n" or "\r\n", dropped
		if s == "" {
			continue
		}
		_, err := parse(s)
		if err == nil {
			valid++
			continue
		}
		invalid++
		if quiet {
			continue
		}
		var pe *uri.ParseError
		if errors.As(err, &pe) {
			fmt.Fprintf(w, "%s:%d: offset %d: %s in %s: expected %s\n", name, line, pe.Offset,
				c.DescribeAt(s, pe.Offset), pe.Component, c.JoinExpected(pe.Expected))
		} else {
			fmt.Fprintf(w, "%s:%d: %v\n", name, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		fmt.Fprintf(e.stderr, "uri check: %s:%d: %v\n", name, line+1, err)
		return 1
	}
	fmt.Fprintf(w, "%d valid, %d invalid\n", valid, invalid)
	if invalid > 0 {
		return 1
	}
	return 0
}
