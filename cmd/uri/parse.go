package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

var parseCmd = &command{
	name:  "parse",
	args:  "URI...",
	short: "print the components of URI references",
	long: `
Parse parses each argument as a URI reference (RFC 3986 §4.1) and prints its
kind, its components (an undefined component and an empty one are told apart),
the kind of its host and its port number. The argument "-" reads one URI
reference a line from standard input. For an invalid reference, parse prints
the message, the input with a caret under the offset where it stops being a
URI reference, under the caret a hint at the mistake when there is one, and
what the grammar expected there; the exit status is 1.

With -repair, each argument is read as uri.ParseRepaired reads it: the
repairs of pasted text that keep its meaning (spaces and controls trimmed, tab and
newlines removed, what a component cannot hold percent-encoded, a Unicode
host in its IDNA A-label form) are made and listed before the table. To
read a text as browsers do, see "uri readings".

With -json, parse prints one JSON object a line per reference, with the
fields:

	input       the reference as given (its passwords hidden)
	valid       whether it is a URI reference (after the repairs, with -repair)
	kind        the kind of reference, as the table names it
	scheme, authority, userinfo, host, port, path, query, fragment
	            each component, "" when empty, left out when undefined
	hostKind    "reg-name", "IPv4", "IPv6" or "IPvFuture", with an authority
	portNumber  the port as a number, left out when it has none in range
	error       for an invalid reference: "message", "offset" (in the
	            input's bytes), "component", "expected" (a list) and "hint"
	repaired    with -repair, the repaired reference, when a repair was made
	repairs     with -repair, each repair: "offset" (in the input's bytes),
	            "old" and "new"

A JSON string holds UTF-8: an invalid byte shows as U+FFFD. Passwords show
as "xxxxx" in every field unless -reveal is given.`,
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		asJSON := fs.Bool("json", false, "print one JSON object a line per reference (see above)")
		diagram := fs.Bool("diagram", false, "draw the component diagram of RFC 3986 §3 above each table")
		repair := fs.Bool("repair", false, "make the repairs of pasted text first, and list them (uri.ParseRepaired)")
		return func(e env, args []string) int {
			if len(args) == 0 {
				return cmd.usageError(e, "no URI given")
			}
			w := bufio.NewWriter(e.stdout)
			defer w.Flush()
			status := 0
			first := true
			one := func(s string) {
				var u uri.URI
				var reps []uri.Repair
				var err error
				if *repair {
					u, reps, err = uri.ParseRepaired(s)
				} else {
					u, err = uri.ParseReference(s)
				}
				if *asJSON {
					e.writeJSON(w, s, u, reps, err)
				} else {
					if !first {
						fmt.Fprintln(w)
					}
					first = false
					if err != nil {
						w.Flush()
						e.writeParseError(e.stderr, s, err)
					} else {
						e.writeRepairs(w, "", s, u, reps)
						if *diagram {
							w.WriteString(e.diagramOf(u))
						}
						e.writeTable(w, u)
					}
				}
				if err != nil {
					status = 1
				}
			}
			for _, a := range args {
				if a != "-" {
					one(a)
					continue
				}
				sc := newLineScanner(e.stdin)
				for sc.Scan() {
					one(sc.Text())
				}
				if err := sc.Err(); err != nil {
					w.Flush()
					fmt.Fprintf(e.stderr, "uri parse: reading standard input: %v\n", err)
					return 1
				}
			}
			return status
		}
	},
}

// showExample is uri without arguments: the diagram and the table of the
// example of RFC 3986 §3.
func showExample(e env) int {
	u := uri.MustParse(example)
	fmt.Fprint(e.stdout, e.diagramOf(u))
	fmt.Fprintln(e.stdout)
	e.writeTable(e.stdout, u)
	fmt.Fprint(e.stdout, "\nRun 'uri help' for the commands.\n")
	return 0
}

// newLineScanner reads lines ending in "\n" or "\r\n" (which it drops), as
// long as the 2 GiB the uri package parses (where an int holds that; on a
// 32-bit platform, as long as an int allows).
func newLineScanner(r io.Reader) *bufio.Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), int(min(math.MaxInt32+2, int64(math.MaxInt))))
	return sc
}

// span is where a component lies in the text of a URI reference.
type span struct {
	name       string
	start, end int
	defined    bool
}

// spans returns the components of u and where they lie in u.String(), in the
// order of the text: scheme, authority (userinfo, host, port), path, query,
// fragment.
func spans(u uri.URI) (scheme, authority, userinfo, host, port, path, query, fragment span) {
	pos := 0
	scheme = span{name: "scheme"}
	if !u.IsRelative() {
		scheme = span{"scheme", 0, len(u.Scheme()), true}
		pos = scheme.end + 1
	}
	authority = span{name: "authority"}
	userinfo = span{name: "userinfo"}
	host = span{name: "host"}
	port = span{name: "port"}
	if u.HasAuthority() {
		pos += 2
		authority = span{"authority", pos, pos + len(u.Authority()), true}
		if u.HasUserInfo() {
			userinfo = span{"userinfo", pos, pos + len(u.UserInfo()), true}
			pos = userinfo.end + 1
		}
		host = span{"host", pos, pos + len(u.Host()), true}
		pos = host.end
		if u.HasPort() {
			port = span{"port", pos + 1, pos + 1 + len(u.Port()), true}
		}
		pos = authority.end
	}
	path = span{"path", pos, pos + len(u.Path()), true}
	pos = path.end
	query = span{name: "query"}
	if u.HasQuery() {
		query = span{"query", pos + 1, pos + 1 + len(u.Query()), true}
		pos = query.end
	}
	fragment = span{name: "fragment"}
	if u.HasFragment() {
		fragment = span{"fragment", pos + 1, pos + 1 + len(u.Fragment()), true}
	}
	return
}

// diagramOf draws the component diagram of RFC 3986 §3 for u, as show
// shows u: each non-empty component of the generic syntax (scheme,
// authority, path, query, fragment) underlined, with a pipe from the middle
// of the underline to its name. Names are centered under their pipes when
// they fit on one line; otherwise each starts at its pipe, on as many lines
// as needed so that no pipe crosses a name.
func (e env) diagramOf(u uri.URI) string {
	s, a, _, _, _, p, q, f := spans(u)
	var parts []span
	for _, sp := range []span{s, a, p, q, f} {
		if sp.defined && sp.end > sp.start {
			parts = append(parts, sp)
		}
	}
	shown := e.show(u)
	text, cols := displayText(shown)
	col := func(off int) int { // off in u.String(), moved to the text shown
		if !e.reveal {
			_, off, _ = hideAt(u.String(), off)
		}
		return cols[off]
	}

	type label struct {
		pipe, start int
		name        string
		row         int
	}
	labels := make([]label, len(parts))
	for i, sp := range parts {
		first, last := col(sp.start), col(sp.end)-1
		pipe := first + (last-first)/2
		labels[i] = label{pipe: pipe, start: pipe - len(sp.name)/2, name: sp.name}
	}
	// Centered names on one row, if they do not touch.
	centered := true
	for i := 1; i < len(labels); i++ {
		if labels[i].start <= labels[i-1].start+len(labels[i-1].name) {
			centered = false
		}
	}
	rows := 1
	if !centered {
		// Names start at their pipes. A name on row r must not cover the
		// pipe of a name to its right, so that one goes on a row above.
		for i := len(labels) - 1; i >= 0; i-- {
			l := &labels[i]
			l.start = l.pipe
			l.row = 0
			for j := i + 1; j < len(labels); j++ {
				if labels[j].pipe <= l.start+len(l.name) && labels[j].row >= l.row {
					l.row = labels[j].row + 1
				}
			}
			if l.row+1 > rows {
				rows = l.row + 1
			}
		}
	}
	indent := 2
	for _, l := range labels {
		if 2-l.start > indent {
			indent = 2 - l.start
		}
	}
	pad := strings.Repeat(" ", indent)

	var b strings.Builder
	b.WriteString(pad + text + "\n")
	under := make([]byte, cols[len(shown)])
	for i := range under {
		under[i] = ' '
	}
	for _, sp := range parts {
		first, last := col(sp.start), col(sp.end)-1
		switch {
		case first == last:
			under[first] = '^'
		default:
			under[first] = '\\'
			for i := first + 1; i < last; i++ {
				under[i] = '_'
			}
			under[last] = '/'
		}
	}
	b.WriteString(strings.TrimRight(pad+string(under), " ") + "\n")
	// The pipe line, then the rows of names from the nearest the underline
	// down; the pipes of the names on lower rows run through the rows above.
	line := func(row int) string {
		var out []byte
		put := func(at int, s string) {
			for len(out) < at+len(s) {
				out = append(out, ' ')
			}
			copy(out[at:], s)
		}
		for _, l := range labels {
			switch {
			case l.row > row:
				put(indent+l.pipe, "|")
			case l.row == row:
				put(indent+l.start, l.name)
			}
		}
		return strings.TrimRight(string(out), " ") + "\n"
	}
	b.WriteString(line(-1))
	for r := 0; r < rows; r++ {
		b.WriteString(line(r))
	}
	return b.String()
}

// displayText returns s as it is shown on a terminal line, with each control
// byte and each byte of invalid UTF-8 written as \xNN, and the column at which
// each byte offset of s is shown (cols has len(s)+1 entries; the bytes of a
// rune after its first share its column).
func displayText(s string) (string, []int) {
	var b strings.Builder
	cols := make([]int, len(s)+1)
	col := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		for k := 0; k < n; k++ {
			cols[i+k] = col
		}
		switch {
		case (r == utf8.RuneError && n == 1) || r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02X`, s[i])
			col += 4
		case !unicode.IsGraphic(r) || unicode.In(r, unicode.Mn, unicode.Me):
			// C1 controls, format characters (bidi overrides, zero widths)
			// and combining marks would move the caret or the terminal.
			esc := fmt.Sprintf(`\u%04X`, r)
			b.WriteString(esc)
			col += len(esc)
		default:
			b.WriteString(s[i : i+n])
			col++
		}
		i += n
	}
	cols[len(s)] = col
	return b.String(), cols
}

// kindOf names the kind of reference u is (§4): a URI, an absolute URI, or a
// relative reference of one of the three kinds of §4.2.
func kindOf(u uri.URI) string {
	switch {
	case u.IsAbsolute():
		return "absolute-URI"
	case !u.IsRelative():
		return "URI"
	case u.HasAuthority():
		return "relative-ref (network-path reference)"
	case strings.HasPrefix(u.Path(), "/"):
		return "relative-ref (absolute-path reference)"
	default:
		return "relative-ref (relative-path reference)"
	}
}

// writeTable prints the components of u, each defined or undefined, with the
// kind of host and the port number; each as part shows it.
func (e env) writeTable(w io.Writer, u uri.URI) {
	fmt.Fprintf(w, "%-9s %s\n", "reference", kindOf(u))
	s, a, ui, h, p, path, q, f := spans(u)
	text := u.String()
	for _, sp := range []span{s, a, ui, h, p, path, q, f} {
		if !sp.defined {
			fmt.Fprintf(w, "%-9s (undefined)\n", sp.name)
			continue
		}
		v := e.part(text, sp.start, sp.end)
		extra := ""
		switch sp.name {
		case "host":
			extra = " (" + u.HostKind().String() + ")"
		case "port":
			n, err := u.PortNumber()
			var re *uri.PortRangeError
			switch {
			case err == nil:
				extra = " (" + strconv.Itoa(n) + ")"
			case errors.As(err, &re):
				extra = " (out of range 0-65535)"
			default:
				extra = " (empty: the scheme's default)"
			}
		}
		fmt.Fprintf(w, "%-9s (defined) %q%s\n", sp.name, v, extra)
	}
}

// writeParseError prints err for the input s: its message, s as the command
// shows it (its passwords hidden unless -reveal was given) with a caret
// under the offset where it stops being a URI reference, the hint under the
// caret when there is one, and what the grammar expected there. The offset
// in the message counts the bytes of s. A fault in a password is not
// described, nor does its hint name it (errtext.PasswordFound and
// PasswordHint), and the caret points at the password's "xxxxx".
func (e env) writeParseError(w io.Writer, s string, err error) {
	var pe *uri.ParseError
	if !errors.As(err, &pe) {
		fmt.Fprintln(w, hideMessage(err.Error(), s))
		return
	}
	shown, at, what, hint := e.fault(s, pe.Offset, pe.Hint)
	text, cols := displayText(shown)
	fmt.Fprintf(w, "uri: %s at offset %d in %s\n", what, pe.Offset, pe.Component)
	fmt.Fprintf(w, "  %s\n  %s^\n", text, strings.Repeat(" ", cols[at]))
	if hint != "" {
		fmt.Fprintf(w, "  %s\n", hint)
	}
	fmt.Fprintf(w, "expected %s\n", c.JoinExpected(pe.Expected))
}

// jsonURI is the JSON output for one input: undefined components are left out.
type jsonURI struct {
	Input      string       `json:"input"`
	Valid      bool         `json:"valid"`
	Kind       string       `json:"kind,omitempty"`
	Scheme     *string      `json:"scheme,omitempty"`
	Authority  *string      `json:"authority,omitempty"`
	UserInfo   *string      `json:"userinfo,omitempty"`
	Host       *string      `json:"host,omitempty"`
	HostKind   string       `json:"hostKind,omitempty"`
	Port       *string      `json:"port,omitempty"`
	PortNumber *int         `json:"portNumber,omitempty"`
	Path       *string      `json:"path,omitempty"`
	Query      *string      `json:"query,omitempty"`
	Fragment   *string      `json:"fragment,omitempty"`
	Error      *jsonError   `json:"error,omitempty"`
	Repaired   string       `json:"repaired,omitempty"` // with -repair, the repaired text when a repair was made
	Repairs    []jsonRepair `json:"repairs,omitempty"`
}

// jsonRepair is one repair of -repair: offset and text in the input.
type jsonRepair struct {
	Offset int    `json:"offset"`
	Old    string `json:"old"`
	New    string `json:"new"`
}

type jsonError struct {
	Message   string   `json:"message"`
	Offset    *int     `json:"offset,omitempty"` // in the input's bytes; left out when the parser gives none (net/url)
	Base      bool     `json:"base,omitempty"`   // readings: the error is the base's, Offset in its bytes
	Component string   `json:"component,omitempty"`
	Expected  []string `json:"expected,omitempty"`
	Hint      string   `json:"hint,omitempty"`
}

// writeJSON prints one line of JSON for the input s, as jsonOf makes it.
func (e env) writeJSON(w io.Writer, s string, u uri.URI, reps []uri.Repair, err error) {
	writeJSONLine(w, e.jsonOf(s, u, reps, err))
}

// writeJSONLine prints v as one line of JSON, "<", ">" and "&" as they are
// (a URI is not HTML).
func writeJSONLine(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

// jsonOf returns the JSON output for the input s: its text and its
// components as the command shows them (passwords hidden unless -reveal was
// given), undefined components left out, empty ones "". Offsets count the
// bytes of s.
func (e env) jsonOf(s string, u uri.URI, reps []uri.Repair, err error) jsonURI {
	j := jsonURI{Input: e.text(s), Valid: err == nil}
	if len(reps) > 0 {
		j.Repaired = e.show(u)
		for _, r := range e.shownRepairs(s, reps) {
			j.Repairs = append(j.Repairs, jsonRepair{r.Offset, r.Old, r.New})
		}
	}
	var pe *uri.ParseError
	var re *uri.ReadingError
	switch {
	case errors.As(err, &pe):
		_, _, _, hint := e.fault(s, pe.Offset, pe.Hint)
		j.Error = &jsonError{Message: hideMessage(err.Error(), s), Offset: &pe.Offset, Component: pe.Component, Expected: pe.Expected, Hint: hint}
	case errors.As(err, &re):
		j.Error = &jsonError{Message: hideMessage(err.Error(), s), Offset: &re.Offset, Component: re.Component, Hint: hideMessage(re.Reason, s)}
	case err != nil:
		j.Error = &jsonError{Message: hideMessage(err.Error(), s)}
	default:
		text := u.String()
		j.Kind = kindOf(u)
		sc, a, ui, h, p, path, q, f := spans(u)
		val := func(sp span) *string {
			if !sp.defined {
				return nil
			}
			v := e.part(text, sp.start, sp.end)
			return &v
		}
		j.Scheme, j.Authority, j.UserInfo, j.Host = val(sc), val(a), val(ui), val(h)
		j.Port, j.Path, j.Query, j.Fragment = val(p), val(path), val(q), val(f)
		if u.HasAuthority() {
			j.HostKind = u.HostKind().String()
		}
		if n, err := u.PortNumber(); err == nil {
			j.PortNumber = &n
		}
	}
	return j
}
