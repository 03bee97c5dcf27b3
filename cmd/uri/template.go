package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
	"github.com/seed42851778/rfc3986/uritemplate"
)

var templateCmd = &command{
	name:  "template",
	args:  "TEMPLATE [key=value ...]",
	short: "expand a URI Template (RFC 6570)",
	long: `
Template expands the URI Template TEMPLATE (RFC 6570, Levels 1 to 4) with the
values key=value and prints the expansion. A key given once is a string; a key
repeated is a list of its values in order (give it as key=a key=b). A
variable given no value is undefined, and its expression expands to nothing;
key= defines it as the empty string. A key that is not a variable of the
template is a usage error, to catch a typo.

With -uri, the expansion must also be a URI reference (RFC 3986 §4.1), which
a template does not promise (RFC 6570 §3). With -match URI, template reads the
values of the variables back from URI instead (the inverse of the expansion,
for the templates uritemplate.Template.Match supports) and prints them as
key=value lines in the order of the template, a list as one line per member.
An invalid template, a value the template cannot expand or a URI it does not
match exits with status 1.`,
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		asURI := fs.Bool("uri", false, "check that the expansion is a URI reference")
		match := fs.String("match", "", "read the variables back from `URI` instead of expanding")
		return func(e env, args []string) int {
			if len(args) == 0 {
				return cmd.usageError(e, "no TEMPLATE")
			}
			t, err := uritemplate.Parse(args[0])
			if err != nil {
				e.writeTemplateError(e.stderr, args[0], err)
				return 1
			}
			vars := map[string]any{}
			for _, kv := range args[1:] {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					return cmd.usageError(e, quoteHidden(kv)+" is not key=value")
				}
				if !slices.Contains(t.Varnames(), k) {
					return cmd.usageError(e, quoteHidden(k)+" is not a variable of the template; its variables are "+
						strings.Join(t.Varnames(), " "))
				}
				switch old := vars[k].(type) {
				case nil:
					vars[k] = v
				case string:
					vars[k] = []string{old, v}
				case []string:
					vars[k] = append(old, v)
				}
			}
			if isSet(fs, "match") {
				if len(args) > 1 {
					return cmd.usageError(e, "key=value with -match")
				}
				m, ok := t.Match(*match)
				if !ok {
					fmt.Fprintf(e.stderr, "uri template: %q does not match %s\n", e.text(*match), e.text(t.String()))
					return 1
				}
				secret := map[string]bool{}
				if !e.reveal {
					secret = passwordVars(t.String(), m)
				}
				for _, name := range t.Varnames() {
					switch v := m[name].(type) {
					case string:
						if secret[name] {
							v = errtext.Redaction
						}
						fmt.Fprintf(e.stdout, "%s=%s\n", name, v)
					case []string:
						for _, s := range v {
							if secret[name] {
								s = errtext.Redaction
							}
							fmt.Fprintf(e.stdout, "%s=%s\n", name, s)
						}
					}
				}
				return 0
			}
			var s string
			if *asURI {
				u, err := t.ExpandURI(vars)
				if err != nil {
					fmt.Fprintln(e.stderr, e.text(err.Error()))
					return 1
				}
				s = e.show(u)
			} else if s, err = t.Expand(vars); err != nil {
				fmt.Fprintln(e.stderr, e.text(err.Error()))
				return 1
			} else if u, err := uri.ParseReference(s); err == nil {
				s = e.show(u)
			} else {
				s = e.text(s)
			}
			fmt.Fprintln(e.stdout, s)
			return 0
		}
	},
}

// isSet reports whether the flag name was given.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// writeTemplateError prints err for the template s: its message, s with a
// caret under the offset, and the hint. The offset counts the bytes of s;
// unless -reveal was given, the passwords of s show as "xxxxx", the caret is
// under the text shown, and a fault inside a password is not described.
func (e env) writeTemplateError(w io.Writer, s string, err error) {
	var pe *uritemplate.ParseError
	if !errors.As(err, &pe) {
		fmt.Fprintln(w, e.text(err.Error()))
		return
	}
	shown, at, what, hint := e.fault(s, pe.Offset, pe.Hint)
	if hint == errtext.PasswordHint {
		hint = "" // about a URI's userinfo, not a template's
	}
	text, cols := displayText(shown)
	fmt.Fprintf(w, "uritemplate: %s at offset %d in %s\n", what, pe.Offset, pe.In)
	fmt.Fprintf(w, "  %s\n  %s^\n", text, strings.Repeat(" ", cols[min(at, len(shown))]))
	fmt.Fprintf(w, "expected %s\n", c.JoinExpected(pe.Expected))
	if hint != "" {
		fmt.Fprintln(w, hint)
	}
}

// passwordVars returns the variables of the template raw whose values,
// matched from a URI (m), land in a password when raw is expanded with
// them: those -match must not print. An expression expands alone as it does
// in the template (RFC 6570 §3), so each part (a run of literals or an
// expression) is expanded on its own and its place in the expansion added
// up, in one pass. When the expansion fails, every variable counts as
// secret if the template holds an "@".
func passwordVars(raw string, m map[string]any) map[string]bool {
	secret := map[string]bool{}
	t, err := uritemplate.Parse(raw)
	if err != nil {
		return secret
	}
	full, err := t.Expand(m)
	if err != nil {
		for _, n := range t.Varnames() {
			secret[n] = strings.Contains(raw, "@")
		}
		return secret
	}
	pws := passwords(full)
	if len(pws) == 0 {
		return secret
	}
	at := 0 // where the part starts in full
	for rest := raw; rest != ""; {
		end := strings.IndexByte(rest, '{')
		if end == 0 {
			end = strings.IndexByte(rest, '}') + 1
		}
		if end <= 0 {
			end = len(rest)
		}
		part := rest[:end]
		rest = rest[end:]
		pt, err := uritemplate.Parse(part)
		if err != nil {
			return allSecret(t)
		}
		x, err := pt.Expand(m)
		if err != nil {
			return allSecret(t)
		}
		// pws are in order and apart: skip those that end before the part,
		// then the part overlaps the next one or none.
		for len(pws) > 0 && pws[0][1] <= at {
			pws = pws[1:]
		}
		if len(pws) > 0 && pws[0][0] < at+len(x) && len(x) > 0 {
			for _, n := range pt.Varnames() {
				secret[n] = true
			}
		}
		at += len(x)
	}
	return secret
}

// allSecret returns every variable of t as secret.
func allSecret(t *uritemplate.Template) map[string]bool {
	secret := map[string]bool{}
	for _, n := range t.Varnames() {
		secret[n] = true
	}
	return secret
}
