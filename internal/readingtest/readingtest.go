// Package readingtest holds what the tests of the printed forms share: the
// passwords that each reading of a text sees, asked of the parsers
// themselves, and texts shaped like URLs that plant a password where the
// readings part. The tests plant a password no other piece of a text holds,
// ask the readings whether they see it, and check that no printed form
// shows it. It is imported by _test.go files only.
package readingtest

import (
	"net/url"
	"strings"

	"github.com/seed42851778/rfc3986/uri"
	"github.com/seed42851778/rfc3986/weburl"
)

// Passwords returns the passwords the readings of s see, alone and
// against base when base is not empty: RFC 3986's (uri.ParseReference and
// uri.ParseRepaired, then Resolve), the URL Standard's (weburl.Parse, and
// for a blob URL that of the URL its path holds, which the Standard parses
// for the origin) and net/url's (url.Parse, then ResolveReference).
func Passwords(s, base string) []string {
	var out []string
	userinfo := func(ui string) {
		if _, p, ok := strings.Cut(ui, ":"); ok {
			out = append(out, p)
		}
	}
	for _, parse := range []func(string) (uri.URI, error){
		uri.ParseReference,
		func(s string) (uri.URI, error) { u, _, err := uri.ParseRepaired(s); return u, err },
	} {
		u, err := parse(s)
		if err != nil {
			continue
		}
		userinfo(u.UserInfo())
		if b, err := uri.Parse(base); err == nil {
			if r, err := b.Resolve(u); err == nil {
				userinfo(r.UserInfo())
			}
		}
	}
	web := func(u weburl.URL) {
		out = append(out, u.Password())
		for n := 0; u.Protocol() == "blob:" && n < 8; n++ {
			inner, err := weburl.Parse(u.Pathname())
			if err != nil {
				break
			}
			out = append(out, inner.Password())
			u = inner
		}
	}
	if u, err := weburl.Parse(s); err == nil {
		web(u)
	}
	if b, err := weburl.Parse(base); err == nil && base != "" {
		if u, err := b.Parse(s); err == nil {
			web(u)
		}
	}
	if u, err := url.Parse(s); err == nil {
		if p, ok := u.User.Password(); ok {
			out = append(out, p)
		}
		if b, err := url.Parse(base); err == nil && base != "" {
			if p, ok := b.ResolveReference(u).User.Password(); ok {
				out = append(out, p)
			}
		}
	}
	return out
}

// Sees reports whether a reading of s, alone or against base, sees a
// password that holds mark.
func Sees(s, base, mark string) bool {
	for _, p := range Passwords(s, base) {
		if strings.Contains(p, mark) {
			return true
		}
	}
	return false
}

// Shapes are the pieces of a URL where the readings of a password part:
// schemes in any case, with a tab in them, a blob URL around another;
// slashes and backslashes, in every number; leading C0 controls and spaces;
// userinfos and what may stand in a password or end it.
var (
	Leads   = []string{"", " ", "\x01", "\t", " \x1f"}
	Schemes = []string{"", "http:", "HTTPS:", "hTtPs:", "ht\ttps:", "ws:", "wss:", "ftp:", "file:", "blob:", "blob:https:",
		"blob: http:", "BLOB:blob:https:", "s:", "a1:", "blob:s:", "xhttps:", "https\n:"}
	Slashes = []string{"", "/", "//", "///", `\`, `\\`, `/\`, `\/`, "/\t/", "////"}
	Users   = []string{"u", "", "a:b", "u@v", "u/v", `u\v`, "u?v"}
	Before  = []string{"", "x", "\t", "@", ":", "%40", " "}
	After   = []string{"", "x", "@x", ":", `\`, "?", " ", "/", "#"}
	Hosts   = []string{"host", "", "[::1]", "h:80", `h\x`, "h/x", "H%41"}
)

// Shaped returns the text of the pieces drawn, each index taken modulo the
// length of its list: lead, scheme, slashes, user ":" before mark after "@"
// host, then tail.
func Shaped(i [7]uint8, mark, tail string) string {
	at := func(xs []string, k uint8) string { return xs[int(k)%len(xs)] }
	return at(Leads, i[0]) + at(Schemes, i[1]) + at(Slashes, i[2]) + at(Users, i[3]) + ":" + at(Before, i[4]) +
		mark + at(After, i[5]) + "@" + at(Hosts, i[6]) + tail
}
