package weburl

import (
	"log/slog"
	"strconv"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// Redacted returns the href with a password written as "xxxxx", as net/url's
// URL.Redacted does, for logs and messages; String and Href stay exact (they
// are data). The password of a blob URL's path, which browsers read when
// they compute its origin ("blob:https://user:pw@host/"), is hidden too.
func (u URL) Redacted() string {
	s, _ := errtext.RedactURI(u.href, 0)
	return s
}

// LogValue makes a URL a slog.LogValuer: it logs as the string Redacted
// returns, so that no handler (text or JSON) writes a password.
func (u URL) LogValue() slog.Value { return slog.StringValue(u.Redacted()) }

// GoString returns a Go-syntax form for %#v, with a password written as
// "xxxxx".
func (u URL) GoString() string { return "weburl.URL(" + quote(u.Redacted()) + ")" }

// quote is strconv.Quote cut to about 1 KiB, so that %#v of a long URL stays
// bounded.
func quote(s string) string {
	const max = 1024
	if len(s) > max {
		cut := max
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		return strconv.Quote(s[:cut]) + "…"
	}
	return strconv.Quote(s)
}
