package main

import (
	"flag"
	"fmt"

	"github.com/seed42851778/rfc3986/weburl"
)

var readingsCmd = &command{
	name:  "readings",
	args:  "TEXT...",
	short: "show how RFC 3986, the URL Standard and net/url read a text",
	long: `
Readings reads each TEXT three ways, by RFC 3986 (package uri), by the WHATWG
URL Standard, as browsers do (package weburl), and by Go's net/url, and prints
the parts each takes it to have side by side: scheme, userinfo, host, port,
path, query and fragment. A part two readings write differently is marked
"≠"; a host or port they would connect to differently is marked "!", a
hazard: the parser differential behind SSRF and open-redirect bugs, where a
check made with one reading passes a URL that a client fetches elsewhere.

With -base, each TEXT is read as a reference against BASE.

Passwords always show as "xxxxx". The exit status is 1 when the readings of
some TEXT connect to different places.`,
	noURIs: true, // its table hides every password; there is nothing to -reveal
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		base := fs.String("base", "", "read each TEXT as a reference against `BASE`")
		return func(e env, args []string) int {
			if len(args) == 0 {
				return cmd.usageError(e, "need at least one TEXT")
			}
			status := 0
			for i, s := range args {
				if i > 0 {
					fmt.Fprintln(e.stdout)
				}
				r := weburl.CompareReadings(s, *base)
				fmt.Fprint(e.stdout, r)
				if r.Dangerous() {
					status = 1
				}
			}
			return status
		}
	},
}
