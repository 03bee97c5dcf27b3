package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
)

var checkCmd = &command{
	name:  "check",
	args:  "[FILE]",
	short: "report the invalid lines of a file of URIs",
	long: `
Check reads FILE, or standard input when there is no FILE or it is "-", one URI
a line, and reports each line that is not a URI (RFC 3986 §3) as
FILE:LINE: offset N: message (ending with a hint at the mistake when there
is one), then the count of valid and invalid lines.
Lines end in "\n" or "\r\n"; any other "\r" is part of the line, and
invalid there. Empty lines are skipped. The exit status is 1 when a line
is invalid.

With -repair, a line that is invalid as it stands but valid after the repairs
of uri.ParseRepaired for pasted text counts as repaired, and is
reported with its repairs as FILE:LINE: repaired: URI and one line a repair;
the count then reads "N valid, R repaired, M invalid", and only the invalid
lines make the exit status 1.`,
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		ref := fs.Bool("ref", false, "accept relative references too (URI-reference, §4.1)")
		quiet := fs.Bool("q", false, "print only the count")
		repair := fs.Bool("repair", false, "try the repairs of pasted text on an invalid line, and count the lines they make valid (uri.ParseRepaired)")
		return func(e env, args []string) int {
			if len(args) > 1 {
				return cmd.usageError(e, "more than one FILE")
			}
			name, r := "<stdin>", e.stdin
			if len(args) == 1 && args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					fmt.Fprintf(e.stderr, "uri check: %s\n", hidePasswords(err.Error()))
					return 1
				}
				defer f.Close()
				name, r = args[0], f
			}
			return check(e, name, r, *ref, *quiet, *repair)
		}
	},
}

// check streams r, one URI a line, and reports the invalid lines.
func check(e env, name string, r io.Reader, ref, quiet, repair bool) int {
	parse := uri.Parse
	if ref {
		parse = uri.ParseReference
	}
	w := bufio.NewWriterSize(e.stdout, 64*1024)
	defer w.Flush()
	sc := newLineScanner(r)
	valid, repaired, invalid, line := 0, 0, 0, 0
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
		if repair {
			u, reps, rerr := uri.ParseRepaired(s)
			if rerr == nil && (ref || !u.IsRelative()) {
				repaired++
				if !quiet {
					e.writeRepairs(w, fmt.Sprintf("%s:%d: ", name, line), s, u, reps)
				}
				continue
			}
			if rerr != nil {
				err = rerr // where the line stops being a URI reference after its repairs
			}
		}
		invalid++
		if quiet {
			continue
		}
		var pe *uri.ParseError
		if errors.As(err, &pe) {
			what := c.DescribeAt(s, pe.Offset)
			if !e.reveal && inPassword(s, pe.Offset, pe.Offset) {
				what = errtext.PasswordFound
			}
			fmt.Fprintf(w, "%s:%d: offset %d: %s in %s: expected %s", name, line, pe.Offset,
				what, pe.Component, c.JoinExpected(pe.Expected))
			if pe.Hint != "" {
				fmt.Fprintf(w, "; %s", pe.Hint)
			}
			w.WriteByte('\n')
		} else {
			fmt.Fprintf(w, "%s:%d: %s\n", name, line, e.text(err.Error()))
		}
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		fmt.Fprintf(e.stderr, "uri check: %s:%d: %v\n", name, line+1, err)
		return 1
	}
	if repair {
		fmt.Fprintf(w, "%d valid, %d repaired, %d invalid\n", valid, repaired, invalid)
	} else {
		fmt.Fprintf(w, "%d valid, %d invalid\n", valid, invalid)
	}
	if invalid > 0 {
		return 1
	}
	return 0
}
