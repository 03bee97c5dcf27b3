// Command uri parses, resolves, normalizes, compares, builds and checks URI
// references by RFC 3986, and prints the grammar it uses.
//
// Run it without arguments to see the component diagram of RFC 3986 §3 drawn
// for its example URI:
//
//	go run ./cmd/uri
//	go run ./cmd/uri parse 'http://[::1]:8080/a%20b?q#f'
//	go run ./cmd/uri resolve 'http://a/b/c/d;p?q' ../g '?y' '#s'
//	go run ./cmd/uri check urls.txt
//	go run ./cmd/uri parse -repair 'https://bücher.de/a b?q={term}'
//	go run ./cmd/uri grammar path-abempty
//
// Usage:
//
//	uri <command> [arguments]
//
// The commands are:
//
//	parse       print the components of URI references
//	resolve     resolve references against a base URI (§5.2)
//	normalize   normalize URIs (§6.2.2, §6.2.3)
//	relativize  make the shortest reference from a base to a target
//	equal       compare two URIs, byte for byte and after normalization
//	build       build a URI from its components
//	check       report the invalid lines of a file of URIs
//	grammar     print the ABNF of a rule, or check inputs against a rule of an ABNF file
//	template    expand a URI Template (RFC 6570)
//	readings    show how RFC 3986, the URL Standard and net/url read a text
//	serve       serve a page of the readings side by side and an ABNF workbench
//
// Run "uri help <command>" or "uri <command> -h" for the usage of a command.
// Every command that prints URIs shows a password as "xxxxx" (RFC 3986
// §3.2.1), in its tables, its -json, its error messages, the repairs it
// lists, the expansions and values of template and the templates it echoes,
// unless it is given -reveal: the password of a userinfo, and any password
// browsers read (the URL Standard reads one in https:user:pw@host/,
// https:\\user:pw@host/ or blob:https://user:pw@host/, where RFC 3986 reads
// a path). An argument echoed in a message about it (an unknown command or
// rule, a flag or usage error) never shows one. Every offset printed counts
// the bytes of the input, whatever is hidden in the text shown.
// The exit status is 0 on success, 1 when an input is invalid or a build is
// refused, and 2 on a usage error.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
)

// example is the URI of RFC 3986 §3, parsed when uri runs without arguments.
const example = "foo://example.com:8042/over/there?name=ferret#nose"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// env is what a command runs with: its standard streams, and whether it
// shows passwords (-reveal).
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	reveal         bool
}

// show returns u as text, with every password that a reading sees as
// "xxxxx" (hidePasswords) unless -reveal was given: §3.2.1 says not to
// render a password in clear, and browsers read one where RFC 3986 reads a
// path (https:user:pw@host/).
func (e env) show(u uri.URI) string { return e.text(u.String()) }

// part returns text[lo:hi], a piece of a text the command shows (a
// component of a URI), as it shows it: its passwords hidden as text hides
// them, unless -reveal was given.
func (e env) part(text string, lo, hi int) string {
	if e.reveal {
		return text[lo:hi]
	}
	h, a, _ := hideAt(text, lo)
	_, b, _ := hideAt(text, hi)
	return h[a:b]
}

// parseError prints the parse error err of the input s as writeParseError
// does.
func (e env) parseError(s string, err error) { e.writeParseError(e.stderr, s, err) }

// command is a subcommand of uri.
type command struct {
	name  string
	args  string // the arguments after the flags, for the usage line
	short string // one line for the list of commands
	long  string // the paragraph of its help
	flags func(c *command, fs *flag.FlagSet) func(e env, args []string) int
	// noURIs tells that the command prints no URI, so has no -reveal flag.
	noURIs bool
}

var commands []*command

func init() {
	commands = []*command{parseCmd, resolveCmd, normalizeCmd, relativizeCmd, equalCmd, buildCmd, checkCmd, grammarCmd, templateCmd, readingsCmd, serveCmd}
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// run is the command: it runs args (without the program name) with the given
// streams and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		return showExample(e)
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 && args[0] == "help" {
			c := lookup(args[1])
			if c == nil {
				fmt.Fprintf(stderr, "uri help %s: unknown command\nRun 'uri help' for usage.\n", echoName(args[1]))
				return 2
			}
			c.help(stdout, nil)
			return 0
		}
		mainUsage(stdout)
		return 0
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(stderr, "uri %s: unknown command\nRun 'uri help' for usage.\n", echoName(args[0]))
		return 2
	}
	return c.run(e, args[1:])
}

func mainUsage(w io.Writer) {
	fmt.Fprint(w, `Uri parses, resolves, normalizes, compares, builds and checks URI
references by RFC 3986. Without arguments, it draws the component diagram of
RFC 3986 §3 for the URI `+example+`.

Usage:

	uri <command> [arguments]

The commands are:

`)
	for _, c := range commands {
		fmt.Fprintf(w, "\t%-11s %s\n", c.name, c.short)
	}
	fmt.Fprint(w, `
Use "uri help <command>" for more information about a command.
`)
}

func (c *command) newFlags() (*flag.FlagSet, func(e env, args []string) int) {
	fs := flag.NewFlagSet("uri "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	do := c.flags(c, fs)
	if c.noURIs {
		return fs, do
	}
	reveal := fs.Bool("reveal", false, `show passwords in clear; by default every password a reading sees, browsers' too, shows as "xxxxx" (RFC 3986 §3.2.1)`)
	return fs, func(e env, args []string) int {
		e.reveal = *reveal
		return do(e, args)
	}
}

func (c *command) usageLine(fs *flag.FlagSet) string {
	line := "usage: uri " + c.name
	if fs != nil {
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			line += " [flags]"
		}
	}
	if c.args != "" {
		line += " " + c.args
	}
	return line
}

// help prints the help of c: its usage line, its paragraph and its flags, in
// the style of the Go tools.
func (c *command) help(w io.Writer, fs *flag.FlagSet) {
	if fs == nil {
		fs, _ = c.newFlags()
	}
	fmt.Fprintf(w, "%s\n\n%s\n", c.usageLine(fs), strings.TrimSpace(c.long))
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprint(w, "\nFlags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
}

func (c *command) run(e env, args []string) int {
	fs, do := c.newFlags()
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			c.help(e.stdout, fs)
			return 0
		}
		// flag's message quotes the argument: hidden and cut as echo does.
		msg := errtext.Clip(hideMessage(err.Error(), args...), maxMessage)
		fmt.Fprintf(e.stderr, "uri %s: %s\n%s\nRun 'uri %s -h' for details.\n", c.name, msg, c.usageLine(fs), c.name)
		return 2
	}
	return do(e, fs.Args())
}

// usageError reports a wrong number of arguments.
func (c *command) usageError(e env, msg string) int {
	fs, _ := c.newFlags()
	msg = errtext.Clip(hidePasswords(msg), maxMessage)
	fmt.Fprintf(e.stderr, "uri %s: %s\n%s\nRun 'uri %s -h' for details.\n", c.name, msg, c.usageLine(fs), c.name)
	return 2
}
