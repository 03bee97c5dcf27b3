package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/seed42851778/rfc3986/uri"
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

With -json, readings prints one JSON object a line for each TEXT:
"input" and "base" (left out when there is none); "rfc3986", "urlStandard"
and "netURL", one reading each, with "parser", its name, and the fields of
"uri parse -json" ("valid", then each part it reads, left out when it reads
none: "scheme", "userinfo", "host", "port", "path", "query", "fragment"; or
"error", whose "offset" counts the bytes of TEXT, or of BASE when "base" is
true in it, and is left out when the parser gives none); "differ" and
"hazard", the names of the parts marked; and "dangerous", whether some are
hazards.

Passwords always show as "xxxxx": any password a reading sees, and what
looks like one in a part another reading prints. The exit status is 1 when
the readings of some TEXT connect to different places.`,
	noURIs: true, // its table hides every password; there is nothing to -reveal
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		base := fs.String("base", "", "read each TEXT as a reference against `BASE`")
		asJSON := fs.Bool("json", false, "print one JSON object a line for each TEXT (see above)")
		return func(e env, args []string) int {
			if len(args) == 0 {
				return cmd.usageError(e, "need at least one TEXT")
			}
			status := 0
			for i, s := range args {
				r := weburl.CompareReadings(s, *base)
				switch {
				case *asJSON:
					writeReadingsJSON(e.stdout, r)
				case i > 0:
					fmt.Fprintln(e.stdout)
					fallthrough
				default:
					fmt.Fprint(e.stdout, r)
				}
				if r.Dangerous() {
					status = 1
				}
			}
			return status
		}
	},
}

// jsonReadings is the JSON output of readings for one TEXT.
type jsonReadings struct {
	Input       string      `json:"input"`
	Base        string      `json:"base,omitempty"`
	RFC3986     jsonReading `json:"rfc3986"`
	URLStandard jsonReading `json:"urlStandard"`
	NetURL      jsonReading `json:"netURL"`
	Differ      []string    `json:"differ,omitempty"`
	Hazard      []string    `json:"hazard,omitempty"`
	Dangerous   bool        `json:"dangerous"`
}

// jsonReading is one reading, in the fields of parse -json.
type jsonReading struct {
	Parser   string     `json:"parser"`
	Valid    bool       `json:"valid"`
	Scheme   *string    `json:"scheme,omitempty"`
	UserInfo *string    `json:"userinfo,omitempty"`
	Host     *string    `json:"host,omitempty"`
	Port     *string    `json:"port,omitempty"`
	Path     *string    `json:"path,omitempty"`
	Query    *string    `json:"query,omitempty"`
	Fragment *string    `json:"fragment,omitempty"`
	Error    *jsonError `json:"error,omitempty"`
}

// writeReadingsJSON prints r as one line of JSON, every text as r's String
// shows it: without a password.
func writeReadingsJSON(w io.Writer, r weburl.Readings) {
	j := jsonReadings{Input: hidePasswords(r.Input), Base: hidePasswords(r.Base), Dangerous: r.Dangerous()}
	for p := weburl.PartScheme; p <= weburl.PartFragment; p++ {
		if r.Differ[p] {
			j.Differ = append(j.Differ, p.String())
		}
		if r.Hazard[p] {
			j.Hazard = append(j.Hazard, p.String())
		}
	}
	j.RFC3986 = readingJSON(r.RFC3986, r.Input, r.Base)
	j.URLStandard = readingJSON(r.URLStandard, r.Input, r.Base)
	j.NetURL = readingJSON(r.NetURL, r.Input, r.Base)
	writeJSONLine(w, j)
}

// readingJSON returns the reading x of the text input, against base, for
// -json: its parts as x.Shown shows them, its error as x.ErrorText, with
// the offset and details uri's and weburl's errors give.
func readingJSON(x weburl.Reading, input, base string) jsonReading {
	j := jsonReading{Parser: x.Parser, Valid: x.Err == nil}
	if x.Err != nil {
		j.Error = &jsonError{Message: x.ErrorText()}
		var pe *uri.ParseError
		var we *weburl.Error
		switch {
		case errors.As(x.Err, &pe):
			j.Error.Base = pe.Input != input
			_, _, _, hint := env{}.fault(pe.Input, pe.Offset, pe.Hint)
			j.Error.Offset, j.Error.Component, j.Error.Expected, j.Error.Hint = &pe.Offset, pe.Component, pe.Expected, hint
		case errors.As(x.Err, &we):
			_, err := weburl.Parse(base)
			j.Error.Base = base != "" && err != nil
			j.Error.Offset, j.Error.Component, j.Error.Hint = &we.Offset, we.Type, we.Hint
		}
		return j
	}
	part := func(p weburl.Part) *string {
		if !x.Defined[p] {
			return nil
		}
		v := x.Shown(p)
		return &v
	}
	j.Scheme, j.UserInfo, j.Host, j.Port = part(weburl.PartScheme), part(weburl.PartUserInfo), part(weburl.PartHost), part(weburl.PartPort)
	j.Path, j.Query, j.Fragment = part(weburl.PartPath), part(weburl.PartQuery), part(weburl.PartFragment)
	return j
}
