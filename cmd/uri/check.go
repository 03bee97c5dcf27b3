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
lines make the exit status 1.

With -json, check prints one JSON object a line for each line that is not
empty, valid or not, instead of the reports and the count: "file" and
"line", then the fields of "uri parse -json" (see "uri help parse"), its
offsets in the bytes of the line.`,
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		ref := fs.Bool("ref", false, "accept relative references too (URI-reference, §4.1)")
		quiet := fs.Bool("q", false, "print only the count")
		repair := fs.Bool("repair", false, "try the repairs of pasted text on an invalid line, and count the lines they make valid (uri.ParseRepaired)")
		asJSON := fs.Bool("json", false, "print one JSON object a line for each line that is not empty (see above)")
		return func(e env, args []string) int {
			if *asJSON && *quiet {
				return cmd.usageError(e, "-json with -q")
			}
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
				name, r = hidePasswords(args[0]), f // a file name may be a URL
			}
			return check(e, name, r, checkMode{ref: *ref, quiet: *quiet, repair: *repair, json: *asJSON})
		}
	},
}

// checkMode is how check reads and reports: its flags.
type checkMode struct{ ref, quiet, repair, json bool }

// jsonCheck is the JSON output of check -json for one line.
type jsonCheck struct {
	File string `json:"file"`
	Line int    `json:"line"`
	jsonURI
}

// check streams r, one URI a line, and reports the invalid lines.
func check(e env, name string, r io.Reader, m checkMode) int {
	ref, quiet, repair := m.ref, m.quiet, m.repair
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
		u, err := parse(s)
		var reps []uri.Repair
		fixed := false
		if err != nil && repair {
			ru, rreps, rerr := uri.ParseRepaired(s)
			switch {
			case rerr == nil && (ref || !ru.IsRelative()):
				u, reps, err, fixed = ru, rreps, nil, true
			case rerr != nil:
				err = rerr // where the line stops being a URI reference after its repairs
			}
		}
		switch {
		case fixed:
			repaired++
		case err == nil:
			valid++
		default:
			invalid++
		}
		if m.json {
			writeJSONLine(w, jsonCheck{name, line, e.jsonOf(s, u, reps, err)})
			continue
		}
		if quiet || err == nil && !fixed {
			continue
		}
		if fixed {
			e.writeRepairs(w, fmt.Sprintf("%s:%d: ", name, line), s, u, reps)
			continue
		}
		var pe *uri.ParseError
		if errors.As(err, &pe) {
			_, _, what, hint := e.fault(s, pe.Offset, pe.Hint)
			fmt.Fprintf(w, "%s:%d: offset %d: %s in %s: expected %s", name, line, pe.Offset,
				what, pe.Component, c.JoinExpected(pe.Expected))
			if hint != "" {
				fmt.Fprintf(w, "; %s", hint)
			}
			w.WriteByte('\n')
		} else {
			fmt.Fprintf(w, "%s:%d: %s\n", name, line, hideMessage(err.Error(), s))
		}
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		fmt.Fprintf(e.stderr, "uri check: %s:%d: %v\n", name, line+1, err)
		return 1
	}
	switch {
	case m.json:
	case repair:
		fmt.Fprintf(w, "%d valid, %d repaired, %d invalid\n", valid, repaired, invalid)
	default:
		fmt.Fprintf(w, "%d valid, %d invalid\n", valid, invalid)
	}
	if invalid > 0 {
		return 1
	}
	return 0
}
