package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
)

// The command's doc promises that no command prints a password unless it is
// given -reveal (RFC 3986 §3.2.1: a password must not be rendered as clear
// text): a password that any reading sees, browsers' too (the URL Standard
// reads one in https:user:pw@host/ and https:\\user:pw@host/).
// URIs the command parsed print through env.show, their components through
// env.part; everything else it echoes (a template, an argument it does not
// know, the text of an error from another package, a repair, an expansion)
// goes through the functions here. Offsets it prints count the bytes of the
// input, never of the text shown.

// passwords returns where the passwords of s lie, s[lo:hi] for each pair:
// every password that a reading of s sees, the URL Standard's (browsers'),
// RFC 3986's and net/url's, and those of the URLs inside s (a URI inside an
// echoed message or template), as errtext.AppendPasswords finds them.
func passwords(s string) [][2]int { return errtext.AppendPasswords(nil, s) }

// hidePasswords returns s with every password passwords finds replaced by
// errtext.Redaction.
func hidePasswords(s string) string { return errtext.HidePasswords(s) }

// text returns s, a text that may hold a URI, as the command shows it: with
// its passwords hidden unless -reveal was given.
func (e env) text(s string) string {
	if e.reveal {
		return s
	}
	return hidePasswords(s)
}

// hideMessage returns msg, a message of another package about the texts
// quoted (an argument, an input), with their passwords hidden where msg
// quotes them, escaped (errtext.HideQuoted), and wherever else they stand
// (hidePasswords).
func hideMessage(msg string, quoted ...string) string {
	for _, q := range quoted {
		msg = errtext.HideQuoted(msg, q)
		if _, v, ok := strings.Cut(q, "="); ok { // a flag's value
			msg = errtext.HideQuoted(msg, v)
		}
	}
	return hidePasswords(msg)
}

// quoteHidden quotes s as strconv.Quote does, its passwords hidden first.
func quoteHidden(s string) string { return strconv.Quote(hidePasswords(s)) }

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
// password of s as errtext.Redaction, unless -reveal was given, for -json.
func (e env) shownRepairs(s string, reps []uri.Repair) []uri.Repair {
	out := make([]uri.Repair, len(reps))
	for i, r := range reps {
		if !e.reveal && inPassword(s, r.Offset, r.Offset+len(r.Old)) {
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
func hideAt(s string, off int) (string, int, bool) { return errtext.HidePasswordsAt(s, off) }

// fault returns what the command shows of a fault at offset off of the
// input s: s as text shows it, the offset of the fault in it, what stands
// there (c.DescribeAt) and the hint given. A fault in a password (unless
// -reveal was given) points at its "xxxxx" and is neither described nor
// hinted at (errtext.PasswordFound and errtext.PasswordHint).
func (e env) fault(s string, off int, hint string) (shown string, at int, what, shownHint string) {
	if e.reveal {
		return s, off, c.DescribeAt(s, off), hint
	}
	shown, at, in := hideAt(s, off)
	if in {
		return shown, at, errtext.PasswordFound, errtext.PasswordHint
	}
	return shown, at, c.DescribeAt(s, off), hideMessage(hint, s)
}
