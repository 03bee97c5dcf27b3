package main

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/seed42851778/rfc3986/builder"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
)

// optString is a string flag that remembers whether it was given, so that
// -query "" (defined, empty) differs from no -query (undefined).
type optString struct {
	v   string
	set bool
}

func (o *optString) String() string     { return o.v }
func (o *optString) Set(s string) error { o.v, o.set = s, true; return nil }

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

var buildCmd = &command{
	name:  "build",
	args:  "",
	short: "build a URI from its components",
	long: `
Build builds a URI reference from components given as plain text, through the
builder package: each byte a component does not allow as it stands is
percent-encoded, and a reference that would parse back differently is refused.
A flag given "" defines its component as empty (-fragment "" gives "#"); a
component whose flag is not given stays undefined. Build prints the URI, or
the builder's refusal with exit status 1.`,
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		var from, scheme, userinfo, host, port, path, rawQuery, fragment optString
		var query listFlag
		fs.Var(&from, "from", "start from the components of `URI`")
		fs.Var(&scheme, "scheme", "the `scheme` (§3.1), not encoded")
		fs.Var(&userinfo, "userinfo", "the userinfo (§3.2.1), plain `text`")
		fs.Var(&host, "host", "the `host` (§3.2.2): a reg-name, an IPv4 address or an IPv6 address (brackets optional)")
		fs.Var(&port, "port", "the port `number`, 0-65535 (§3.2.3); \"\" for an empty port")
		fs.Var(&path, "path", "the `path` (§3.3), plain text; \"/\" separates segments")
		fs.Var(&query, "query", "a query parameter `key=value`, appended; repeatable; the \"=\" is required")
		fs.Var(&rawQuery, "rawquery", "the whole `query` (§3.4), already encoded")
		fs.Var(&fragment, "fragment", "the fragment (§3.5), plain `text`")
		repair := fs.Bool("repair", false, `repair a path the RFC knows how to repair ("/", "/." or "./" in front) instead of refusing it`)
		return func(e env, args []string) int {
			if len(args) != 0 {
				return cmd.usageError(e, "unexpected argument "+quoteHidden(args[0]))
			}
			b := builder.New()
			if from.set {
				u, err := uri.ParseReference(from.v)
				if err != nil {
					e.parseError(from.v, err)
					return 1
				}
				b = builder.From(u)
			}
			if scheme.set {
				b = b.Scheme(scheme.v)
			}
			if userinfo.set {
				b = b.UserInfo(userinfo.v)
			}
			if host.set {
				b = b.Host(host.v)
			}
			if port.set {
				switch n, err := strconv.Atoi(port.v); {
				case port.v == "":
					b = b.RawPort("") // defined and empty: "//h:" (§3.2.3)
				case strings.Trim(port.v, "0123456789") != "":
					return cmd.usageError(e, "-port "+quoteHidden(port.v)+": not a decimal number")
				case err != nil: // too many digits for an int: out of range like 65536
					return writeBuildError(e, &builder.BuildError{Component: "port", Value: port.v, Offset: -1, Err: builder.ErrPortRange})
				default:
					b = b.Port(n)
				}
			}
			if path.set {
				b = b.Path(path.v)
			}
			if rawQuery.set {
				b = b.RawQuery(rawQuery.v)
			}
			for _, kv := range query {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					return cmd.usageError(e, "-query "+quoteHidden(kv)+": want key=value (-rawquery for other forms)")
				}
				b = b.QueryParam(k, v)
			}
			if fragment.set {
				b = b.Fragment(fragment.v)
			}
			build := b.Build
			if *repair {
				build = b.BuildRepaired
			}
			u, err := build()
			if err != nil {
				return writeBuildError(e, err)
			}
			fmt.Fprintln(e.stdout, e.show(u))
			return 0
		}
	},
}

// writeBuildError prints the builder's refusal, with a caret under its
// offset, and returns exit status 1.
func writeBuildError(e env, err error) int {
	fmt.Fprintf(e.stderr, "uri build: %s\n", hideMessage(err.Error()))
	var be *builder.BuildError
	if errors.As(err, &be) && be.Offset >= 0 && be.Offset <= len(be.Value) {
		v, off := be.Value, be.Offset
		switch {
		case e.reveal:
		case be.Component == "userinfo":
			v, off = errtext.RedactUserInfo(v, off)
		default: // a host or a path set to a whole URI holds a password too
			v, off, _ = hideAt(v, off)
		}
		text, cols := displayText(v)
		fmt.Fprintf(e.stderr, "  %s\n  %s^\n", text, strings.Repeat(" ", cols[off]))
	}
	return 1
}
