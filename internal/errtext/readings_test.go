package errtext_test

import (
	"net/url"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
	"github.com/seed42851778/rfc3986/weburl"
)

// marker is the password the texts of TestURIPasswordCoversEveryReading
// plant; no other piece holds any of its letters.
const marker = "Qz7Kp"

// readingPasswords returns the passwords the readings of s see, alone and
// against base: RFC 3986's (uri.ParseReference and uri.ParseRepaired, then
// Resolve), the URL Standard's (weburl.Parse, and for a blob URL the URL
// its path holds, which the Standard parses for the origin) and net/url's.
func readingPasswords(s, base string) []string {
	var out []string
	pw := func(ui string) {
		if _, p, ok := strings.Cut(ui, ":"); ok {
			out = append(out, p)
		}
	}
	for _, parse := range []func(string) (uri.URI, error){
		uri.ParseReference,
		func(s string) (uri.URI, error) { u, _, err := uri.ParseRepaired(s); return u, err },
	} {
		if u, err := parse(s); err == nil {
			pw(u.UserInfo())
			if b, err := uri.Parse(base); err == nil {
				if r, err := b.Resolve(u); err == nil {
					pw(r.UserInfo())
				}
			}
		}
	}
	web := func(u weburl.URL) {
		out = append(out, u.Password())
		for u.Protocol() == "blob:" {
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
	if b, err := weburl.Parse(base); err == nil {
		if u, err := b.Parse(s); err == nil {
			web(u)
		}
	}
	if u, err := url.Parse(s); err == nil {
		if p, ok := u.User.Password(); ok {
			out = append(out, p)
		}
		if b, err := url.Parse(base); err == nil {
			if p, ok := b.ResolveReference(u).User.Password(); ok {
				out = append(out, p)
			}
		}
	}
	return out
}

// pieces are the bits the texts are made of: what parts the readings of a
// password (schemes in any case, slashes and backslashes, C0 controls,
// spaces, tabs and newlines, blob URLs, delimiters).
var pieces = []string{
	"http", "HTTPS", "hTtPs", "ws", "wss", "ftp", "file", "blob", "s", "a1", ":", ":", "/", "/", "//", "\\", "\\\\",
	"\t", "\n", "\r", " ", "\x01", "\x1f", "@", "@", "u", "host", "?", "#", "%40", "%3A", ".", "[::1]", "80", "x",
}

// shapedText draws a text shaped like a URL with a userinfo that holds the
// marker: leading C0 controls or spaces, a scheme in any case (a tab in it
// sometimes), slashes and backslashes, a userinfo, a host and a tail, each
// drawn among the shapes that part the readings.
func shapedText(t *rapid.T) string {
	pick := func(name string, xs ...string) string { return rapid.SampledFrom(xs).Draw(t, name) }
	scheme := pick("scheme", "", "http", "HTTPS", "hTtPs", "ws", "wss", "ftp", "file", "blob", "blob:https", "blob: http", "s", "a1", "blob:s", "xhttps")
	if k := rapid.IntRange(0, len(scheme)).Draw(t, "tabAt"); scheme != "" && rapid.Bool().Draw(t, "tab") {
		scheme = scheme[:k] + pick("ws", "\t", "\n", "\r") + scheme[k:]
	}
	if scheme != "" {
		scheme += ":"
	}
	return pick("lead", "", " ", "\x01", "\t", " \x1f") + scheme +
		pick("slashes", "", "/", "//", "///", "\\", "\\\\", "/\\", "\\/", "/\t/", "////") +
		pick("user", "u", "", "a:b", "u@v", "u/v", "u\\v") + ":" + pick("pre", "", "x", "\t", "@", ":", "%40") +
		marker + pick("post", "", "x", "@x", ":", "\\", "?", " ") + "@" + pick("host", "host", "", "[::1]", "h:80", "h\\x", "h/x") +
		strings.Join(rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 3).Draw(t, "tail"), "")
}

// TestURIPasswordCoversEveryReading builds texts, shaped like URLs or of
// random pieces, with a planted password, and checks that wherever a reading sees that password,
// RedactURI hides it, and so does HidePasswords, in the text alone and
// inside a message.
func TestURIPasswordCoversEveryReading(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := shapedText(t)
		if rapid.Bool().Draw(t, "pieces") {
			parts := rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 8).Draw(t, "before")
			after := rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 4).Draw(t, "after")
			s = strings.Join(parts, "") + marker + strings.Join(after, "")
		}
		base := rapid.SampledFrom([]string{"https://b/", "s://b/", "blob:https://b/"}).Draw(t, "base")
		seen := false
		for _, p := range readingPasswords(s, base) {
			seen = seen || strings.Contains(p, marker)
		}
		if !seen {
			return
		}
		if r, _ := errtext.RedactURI(s, 0); strings.Contains(r, marker) {
			t.Fatalf("RedactURI(%q) = %q shows the password", s, r)
		}
		if r := errtext.HidePasswords("x " + s); strings.Contains(r, marker) {
			t.Fatalf("HidePasswords(%q) = %q shows the password", "x "+s, r)
		}
	})
}
