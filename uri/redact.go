package uri

import (
	"log/slog"
	"strconv"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// Redacted returns String with the password of the userinfo replaced by
// "xxxxx", as net/url's URL.Redacted does: the password is what follows the
// first ":" of userinfo ("user:password", deprecated by §3.2.1), even when
// empty. Without a ":" in userinfo, Redacted returns String unchanged.
//
// Only LogValue calls it. String, MarshalText and AppendText give the text in
// clear, as net/url's URL.String and MarshalBinary do, so a URI inside a
// struct that a JSON handler logs (slog.NewJSONHandler marshals the struct
// with encoding/json, which never asks the fields for a LogValue) shows its
// password. Log the URI as an attribute of its own, or put Redacted in the
// struct, or give the struct a LogValue method (see the example).
func (u URI) Redacted() string {
	ui := u.UserInfo()
	i := 0
	for i < len(ui) && ui[i] != ':' {
		i++
	}
	if i == len(ui) {
		return u.String()
	}
	// The userinfo starts the authority, right after "scheme://" or "//"
	// (§5.3).
	start := 2
	if !u.IsRelative() {
		start += len(u.Scheme()) + 1
	}
	s := u.String()
	return s[:start+i+1] + "xxxxx" + s[start+len(ui):]
}

// LogValue makes a URI a slog.LogValuer: it logs as the string Redacted
// returns, so that a password never reaches a log through an attribute whose
// value is the URI. A URI held in a struct or a map is marshalled by the
// handler, not asked for its LogValue: see Redacted.
func (u URI) LogValue() slog.Value { return slog.StringValue(u.Redacted()) }

// GoString returns the URI as Go syntax for %#v, with its password as
// "xxxxx" (Redacted); a text past 1 KiB is cut, its length noted, so that a
// debugging print neither shows a password nor copies a long text whole.
func (u URI) GoString() string {
	s := u.Redacted()
	if len(s) > 1<<10 {
		return "uri.MustParseReference(" + errtext.Quote(s, 0) + ")"
	}
	return "uri.MustParseReference(" + strconv.Quote(s) + ")"
}
