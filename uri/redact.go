package uri

import "log/slog"

// Redacted returns String with the password of the userinfo replaced by
// "xxxxx", as net/url's URL.Redacted does: the password is what follows the
// first ":" of userinfo ("user:password", deprecated by §3.2.1), even when
// empty. Without a ":" in userinfo, Redacted returns String unchanged.
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
// returns, so that a password never reaches a log.
func (u URI) LogValue() slog.Value { return slog.StringValue(u.Redacted()) }
