package weburl

import (
	"encoding/json"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/seed42851778/rfc3986/uri"
)

// agreesOnHost fails t when uri.ParseRepaired repairs input (against base,
// "" for none) into a reference whose host or port, as a client dials them,
// differ from those the URL Standard reads in the same text. A repair must
// never hand a program another server than a browser fetches from (issue 33);
// where a browser refuses the text, or reads no host, there is nothing to
// compare.
func agreesOnHost(t interface{ Fatalf(string, ...any) }, input, base string) {
	ref, reps, err := uri.ParseRepaired(input)
	if err != nil || len(reps) == 0 {
		return // refused, or a valid reference: unchanged, not a repair
	}
	if base != "" && sameSchemeRelative(input, base) {
		return
	}
	var web URL
	if base != "" {
		b, err := Parse(base)
		if err != nil {
			return
		}
		if web, err = b.Parse(input); err != nil {
			return
		}
	} else if web, err = Parse(input); err != nil {
		return
	}
	target := ref
	if base != "" {
		b, err := uri.Parse(base)
		if err != nil {
			return
		}
		if target, err = b.Resolve(ref); err != nil {
			return
		}
	}
	webScheme := strings.TrimSuffix(web.Protocol(), ":")
	webHasHost := strings.HasPrefix(web.Href()[len(webScheme)+1:], "//")
	wh, wok := "", false
	if webHasHost {
		wh, wok = dialHost(web.Hostname())
	}
	rh, rok := "", false
	if target.HasAuthority() {
		rh, rok = dialHost(target.Hostname())
	}
	if !wok {
		return // browsers read no host, or an empty one: nothing to dial
	}
	if rok != wok || rh != wh {
		t.Fatalf("ParseRepaired(%q) (base %q) = %q: host %q, where the URL Standard reads %q (href %q)", input, base, target, rh, wh, web.Href())
	}
	if rp, wp := dialPort(target.Scheme(), target.Port()), dialPort(webScheme, web.Port()); rp != wp {
		t.Fatalf("ParseRepaired(%q) (base %q) = %q: port %q, where the URL Standard reads %q", input, base, target, rp, wp)
	}
}

// sameSchemeRelative reports whether input starts with the special scheme of
// base, then no "//": the URL Standard reads it as a relative reference
// against base ("http:g" against "http://a/b" is "http://a/g"), the
// "backwards compatibility" reading RFC 3986 §5.2.2 leaves to non-strict
// parsers, where uri's Resolve is strict ("http:g" stays "http:g"). That
// is a difference of resolution, with or without a repair.
func sameSchemeRelative(input, base string) bool {
	in := strings.TrimLeft(input, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\v\f\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	in = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(in)
	i := strings.IndexByte(base, ':')
	if i < 0 || len(in) <= i || !strings.EqualFold(in[:i+1], base[:i+1]) {
		return false
	}
	return !strings.HasPrefix(in[i+1:], "//")
}

// Every input of urltestdata.json, with its base and without, and with the
// bases of an http, a file and a non-special URL.
func TestParseRepairedAgreesWithURLStandardOnHosts(t *testing.T) {
	var raw []json.RawMessage
	readWPT(t, "urltestdata.json", &raw)
	bases := []string{"", "http://example.org/foo/bar", "file:///tmp/mock/path", "sc://x/y"}
	n := 0
	for _, r := range raw {
		var tc urlTest
		if json.Unmarshal(r, &tc) != nil {
			continue
		}
		if tc.Base != nil {
			agreesOnHost(t, tc.Input, *tc.Base)
		}
		for _, b := range bases {
			agreesOnHost(t, tc.Input, b)
		}
		n++
	}
	if n < 800 {
		t.Fatalf("read %d cases of urltestdata.json", n)
	}
}

// The same law on texts made of the pieces that part the two readings.
func TestPropertyParseRepairedAgreesWithURLStandardOnHosts(t *testing.T) {
	pieces := []string{"http:", "https:", "file:", "ws:", "foo:", "/", "\\", "//", "\\\\", "@", ":", "::", "[", "]",
		"example.com", "evil.example", "0x7f", ".1", "127", ".0.0.1", "%30", "１２７", "bücher", "C:", "|", "?", "#",
		" ", "\t", "%", "80", "99999", "u:p@", "..", "."}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 8).Draw(t, "n")
		var b strings.Builder
		for range n {
			b.WriteString(rapid.SampledFrom(pieces).Draw(t, "piece"))
		}
		base := rapid.SampledFrom([]string{"", "http://example.org/foo/bar", "file:///tmp/x"}).Draw(t, "base")
		agreesOnHost(t, b.String(), base)
	})
}
