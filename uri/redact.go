package uri

import (
	"log/slog"
	"strconv"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// Redacted returns String with the password replaced by "xxxxx", as net/url's
// URL.Redacted does: the password is what follows the first ":" of userinfo
// ("user:password", deprecated by §3.2.1), even when empty. It hides the
// password browsers read too (errtext.URIPassword): the URL Standard reads
// "https:user:pw@host/", a URI whose path RFC 3986 reads as
// "user:pw@host/", with the password "pw", and the blob URL
// "blob:https://user:pw@host/" with the password of its path. Without a
// password, Redacted returns String unchanged.
//
// Only LogValue and GoString call it. String, MarshalText and AppendText give
// the text in clear, as net/url's URL.String and MarshalBinary do, so a URI
// inside a struct that a JSON handler logs (slog.NewJSONHandler marshals the
// struct with encoding/json, which never asks the fields for a LogValue)
// shows its password. Log the URI as an attribute of its own, or put
// Redacted in the struct, or give the struct a LogValue method (see the
// example).
func (u URI) Redacted() string {
	s, _ := errtext.RedactURI(u.String(), 0)
	return s
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

// The errors that hold the text they are about print it for %#v as their
// messages quote it: without a password that any reading sees and bounded
// (errtext.QuoteURI), so that %#v is as safe to log as %v.

// GoString returns the error as %#v shows it, Base and Ref quoted as Error
// quotes them.
func (e *ResolveError) GoString() string {
	return "&uri.ResolveError{Op:" + strconv.Quote(e.Op) + ", Base:" + errtext.QuoteURI(e.Base, 0) +
		", Ref:" + errtext.QuoteURI(e.Ref, 0) + "}"
}

// GoString returns the error as %#v shows it, Input quoted without its
// password.
func (e *EscapeError) GoString() string {
	return "&uri.EscapeError{Input:" + errtext.QuoteURI(e.Input, e.Offset) + ", Offset:" + strconv.Itoa(e.Offset) + "}"
}

// GoString returns the error as %#v shows it, Input quoted without its
// password.
func (e *FilePathError) GoString() string {
	return "&uri.FilePathError{Op:" + strconv.Quote(e.Op) + ", Input:" + errtext.QuoteURI(e.Input, 0) +
		", Reason:" + strconv.Quote(e.Reason) + "}"
}

// GoString returns the error as %#v shows it, Input quoted without its
// password.
func (e *ReadingError) GoString() string {
	return "&uri.ReadingError{Input:" + errtext.QuoteURI(e.Input, e.Offset) + ", Offset:" + strconv.Itoa(e.Offset) +
		", Component:" + strconv.Quote(e.Component) + ", Reason:" + strconv.Quote(e.Reason) + "}"
}
