package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
)

// The command's doc promises that no command prints a password unless it is
// given -reveal (RFC 3986 §3.2.1: a password must not be rendered as clear
// text). URIs the command parsed print through env.show; everything else it
// echoes (a template, an argument it does not know, the text of an error
// from another package, a repair, an expansion) goes through the functions
// here.

// passwords returns where the passwords of s lie, s[lo:hi] for each pair:
// after each "//", the authority's userinfo password, as
// errtext.AuthorityPassword finds it in any text. It looks past the first
// "//", so that a URI inside an echoed message or template is found too.
func passwords(s string) [][2]int {
	var out [][2]int
	for i := 0; ; {
		j := strings.Index(s[i:], "//")
		if j < 0 {
			return out
		}
		lo, hi, ok := errtext.AuthorityPassword(s, i+j+2)
		if !ok {
			i += j + 2
			continue
		}
		out = append(out, [2]int{lo, hi})
		i = hi
	}
}

// hidePasswords returns s with every password passwords finds replaced by
// errtext.Redaction.
func hidePasswords(s string) string {
	ps := passwords(s)
	if len(ps) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, p := range ps {
		b.WriteString(s[last:p[0]])
		b.WriteString(errtext.Redaction)
		last = p[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// text returns s, a text that may hold a URI, as the command shows it: with
// its passwords hidden unless -reveal was given.
func (e env) text(s string) string {
	if e.reveal {
		return s
	}
	return hidePasswords(s)
}

// echo returns an argument or a message the command did not make, for a
// message of its own: passwords hidden (with or without -reveal: it is not
// a URI the command prints), cut to at most errtext.Max bytes and escaped,
// quoted.
func echo(s string) string { return errtext.Quote(hidePasswords(s), 0) }

// maxMessage is the most bytes of a message of another package (flag's) the
// command prints.
const maxMessage = 1024

// inPassword reports whether s[lo:hi] touches a password of s.
func inPassword(s string, lo, hi int) bool {
	for _, p := range passwords(s) {
		if lo < p[1] && hi > p[0] || lo == hi && lo >= p[0] && lo < p[1] {
			return true
		}
	}
	return false
}

// repairText returns r as writeRepairs prints it for the input s: a repair
// that touches the password of s names no character of it, unless -reveal
// was given.
func (e env) repairText(s string, r uri.Repair) string {
	if !e.reveal && inPassword(s, r.Offset, r.Offset+len(r.Old)) {
		return fmt.Sprintf("offset %d: a repair in the password (not shown)", r.Offset)
	}
	return r.String()
}

// writeRepairs lists the repairs reps of the input s that made u, one a
// line, each line starting with prefix; nothing when there is none. u shows
// as env.show shows it.
func (e env) writeRepairs(w io.Writer, prefix, s string, u uri.URI, reps []uri.Repair) {
	if len(reps) == 0 {
		return
	}
	fmt.Fprintf(w, "%srepaired: %s\n", prefix, e.show(u))
	for _, r := range reps {
		fmt.Fprintf(w, "%s  %s\n", prefix, e.repairText(s, r))
	}
}

// shownRepairs returns reps with the text of each repair that touches the
// password of s as errtext.Redaction, for -json.
func (e env) shownRepairs(s string, reps []uri.Repair) []uri.Repair {
	out := make([]uri.Repair, len(reps))
	for i, r := range reps {
		if inPassword(s, r.Offset, r.Offset+len(r.Old)) {
			r.Old, r.New = errtext.Redaction, errtext.Redaction
		}
		out[i] = r
	}
	return out
}

// echoName is echo for a name the command was given (a command), bare as
// the Go tools print one when it needs no quotes.
func echoName(s string) string {
	s = hidePasswords(s)
	if len(s) <= errtext.Max && strconv.Quote(s) == `"`+s+`"` && !strings.ContainsAny(s, " \"") && s != "" {
		return s
	}
	return errtext.Quote(s, 0)
}

// hideAt returns s with its passwords hidden as hidePasswords hides them,
// offset off of s mapped to the same byte of the result, and whether off
// fell in a password (then it maps to the start of its "xxxxx").
func hideAt(s string, off int) (string, int, bool) {
	ps := passwords(s)
	if len(ps) == 0 {
		return s, off, false
	}
	newOff, in := off, false
	for _, p := range ps {
		switch {
		case off >= p[1]:
			newOff += len(errtext.Redaction) - (p[1] - p[0])
		case off >= p[0]:
			newOff -= off - p[0]
			in = true
		}
	}
	return hidePasswords(s), newOff, in
}
