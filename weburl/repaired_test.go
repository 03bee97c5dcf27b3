package weburl

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/seed42851778/rfc3986/uri"
)

// The law of uri's lenient paths (issue 42): whatever the text, repaired or
// not, ParseRepaired (and so Lenient) and ResolveRepaired either refuse it
// or hand back a reference whose host and port, as a client dials them
// (dialHost and dialPort, as CompareReadings compares them), are those the
// URL Standard reads in the same text, against the same base: a browser
// fetches from the same server. Where a browser refuses the text there is
// nothing to compare. And the verdict does not change when C0 controls and
// spaces surround the text.

// lawCounts counts what checkLaw saw.
type lawCounts struct {
	texts    int // texts read, each against one base (or none)
	reading  int // refused with a *uri.ReadingError
	accepted int // accepted by uri's lenient path
	compared int // of those, accepted by the URL Standard too, so compared
	withHost int // of those, naming a host in either reading
}

func (c lawCounts) String() string {
	return fmt.Sprintf("%d texts: %d accepted by uri, %d of them read by the URL Standard too (%d with a host); %d refused, %d of them with a *uri.ReadingError",
		c.texts, c.accepted, c.compared, c.withHost, c.texts-c.accepted, c.reading)
}

// lenient reads input as uri's lenient paths do: ParseRepaired without a
// base, ResolveRepaired against base. ok is false when base is not a URI.
func lenient(input, base string) (u uri.URI, err error, ok bool) {
	if base == "" {
		u, _, err = uri.ParseRepaired(input)
		return u, err, true
	}
	b, berr := uri.Parse(base)
	if berr != nil {
		return uri.URI{}, nil, false
	}
	u, _, err = b.ResolveRepaired(input)
	return u, err, true
}

// checkLaw fails t when the law does not hold for input against base (""
// for none), and counts what it saw in c.
func checkLaw(t interface{ Fatalf(string, ...any) }, c *lawCounts, input, base string) {
	target, err, ok := lenient(input, base)
	if !ok {
		return
	}
	c.texts++
	// The verdict does not depend on what surrounds the text.
	padded := " " + input + "\n"
	if pt, perr, _ := lenient(padded, base); (perr == nil) != (err == nil) || pt != target {
		t.Fatalf("lenient reading of %q (base %q) = %q, %v; of %q: %q, %v", input, base, target, err, padded, pt, perr)
	}
	if err != nil {
		var re *uri.ReadingError
		var pe *uri.ParseError
		if errors.As(err, &re) {
			c.reading++
		} else if !errors.As(err, &pe) && base == "" {
			t.Fatalf("ParseRepaired(%q): %T %v", input, err, err)
		}
		return
	}
	c.accepted++
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
	c.compared++
	webScheme := strings.TrimSuffix(web.Protocol(), ":")
	wh, wok := "", false
	if strings.HasPrefix(web.Href()[len(webScheme)+1:], "//") {
		wh, wok = lawHost(webScheme, web.Hostname())
	}
	rh, rok := "", false
	if target.HasAuthority() {
		// Host, not Hostname: dialHost percent-decodes, and Hostname
		// has already.
		rh, rok = lawHost(target.Scheme(), target.Host())
	}
	if wok || rok {
		c.withHost++
	}
	if rok != wok || rh != wh {
		t.Fatalf("lenient reading of %q (base %q) = %q: host %q, where the URL Standard reads %q (href %q)", input, base, target, rh, wh, web.Href())
	}
	if !wok {
		return
	}
	if rp, wp := dialPort(target.Scheme(), target.Port()), dialPort(webScheme, web.Port()); rp != wp {
		t.Fatalf("lenient reading of %q (base %q) = %q: port %q, where the URL Standard reads %q (href %q)", input, base, target, rp, wp, web.Href())
	}
}

// lawHost is dialHost, except that a file URL's host "localhost" is no
// host, as the URL Standard's file host state has it and RFC 8089 §2 says
// of "localhost" and the empty host.
func lawHost(scheme, h string) (string, bool) {
	d, ok := dialHost(h)
	if ok && d == "localhost" && strings.EqualFold(scheme, "file") {
		return "", false
	}
	return d, ok
}

// lawBases are the bases every text is read against besides its own: none,
// an http, a file and a non-special URL.
var lawBases = []string{"", "http://example.org/foo/bar", "file:///tmp/mock/path", "sc://x/y"}

// Every input of urltestdata.json, with its own base, without one, and
// with the bases of an http, a file and a non-special URL.
func TestParseRepairedAgreesWithURLStandardOnHosts(t *testing.T) {
	var raw []json.RawMessage
	readWPT(t, "urltestdata.json", &raw)
	var c lawCounts
	n := 0
	for _, r := range raw {
		var tc urlTest
		if json.Unmarshal(r, &tc) != nil {
			continue
		}
		if tc.Base != nil {
			checkLaw(t, &c, tc.Input, *tc.Base)
		}
		for _, b := range lawBases {
			checkLaw(t, &c, tc.Input, b)
		}
		n++
	}
	if n < 800 {
		t.Fatalf("read %d cases of urltestdata.json", n)
	}
	t.Logf("urltestdata.json: %d inputs; %v", n, c)
}

// lawTexts is how many texts TestPropertyLenientPathsAgreeWithURLStandard
// reads: $WEBURL_LAW_TEXTS, else a number that keeps go test fast.
func lawTexts(t *testing.T) int {
	if s := os.Getenv("WEBURL_LAW_TEXTS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("WEBURL_LAW_TEXTS=%q: %v", s, err)
		}
		return n
	}
	if testing.Short() {
		return 500
	}
	return 5000
}

// The law on texts made of the pieces that part the readings. Run a
// million with WEBURL_LAW_TEXTS=1000000.
func TestPropertyLenientPathsAgreeWithURLStandard(t *testing.T) {
	var c lawCounts
	n := lawTexts(t)
	for c.texts < n && !t.Failed() {
		rapid.Check(t, func(t *rapid.T) {
			checkLaw(t, &c, lawText().Draw(t, "text"), rapid.SampledFrom(lawBases).Draw(t, "base"))
		})
	}
	t.Logf("%v", c)
}

// FuzzLenientPathsAgreeWithURLStandard checks the law on any text, against
// the base the byte picks among lawBases.
func FuzzLenientPathsAgreeWithURLStandard(f *testing.F) {
	for i, s := range append(fuzzSeeds, lawSeeds...) {
		f.Add(s, byte(i))
	}
	f.Fuzz(func(t *testing.T, s string, b byte) {
		var c lawCounts
		checkLaw(t, &c, s, lawBases[int(b)%len(lawBases)])
	})
}

// lawSeeds are the shapes of issue 42 and their neighbours.
var lawSeeds = []string{
	"http://0x7f.1/", "http://127.1/", "http://2130706433/", "https:evil.com/", "https:/evil.com/",
	"http:///evil.com/", "file://c:/x", "http://127.0.0.%EF%BC%91/ x", "http://%EF%BC%90x7f.1/",
	"http://ẞ.de/", "http:", "//c:/x", "file:x", `\\x\y`, "http://a%3Cb/", "http://user:12\\34@h/",
}

// lawText draws a text from the pieces where the two readings part: a
// scheme in any case (or none), a run of "/" and "\", a userinfo, a host
// that is a name or a number in an IPv4 spelling (decimal, octal, hex,
// fewer parts, a final dot), some of its characters fullwidth or
// percent-encoded, a port, a rest, and spaces and C0 controls around and
// inside; or a plain concatenation of such pieces.
func lawText() *rapid.Generator[string] {
	around := rapid.SampledFrom([]string{"", "", " ", "\t", "\n", "\x00", "\x1f", " \r\n", "\x0c\x01"})
	scheme := rapid.SampledFrom([]string{"", "http:", "HTTP:", "hTtPs:", "ws:", "WSS:", "ftp:", "file:",
		"FILE:", "sc:", "foo:", "mailto:", "h\tttp:"})
	slash := rapid.SampledFrom([]string{"/", "/", "\\", "\t"})
	userinfo := rapid.SampledFrom([]string{"", "", "u@", "u:p@", "u:12@", "@", "a@b@", `u:p\`, "u%40@", ":@"})
	port := rapid.SampledFrom([]string{"", "", ":", ":80", ":080", ":443", ":21", ":65535", ":65536",
		":8x", ":８０", ":%38"})
	rest := rapid.SampledFrom([]string{"", "/", "/p", "/a b", "?q", "#f", `\p`, "/%zz", "@evil.com/",
		`\@evil.com/`, ":1/", "/../x"})
	pieces := rapid.SampledFrom([]string{"http:", "https:", "file:", "ws:", "foo:", "/", "\\", "//", "\\\\",
		"@", ":", "::", "[", "]", "example.com", "evil.example", "0x7f", ".1", "127", ".0.0.1", "%30",
		"１２７", "bücher", "C:", "|", "?", "#", " ", "\t", "%", "80", "99999", "u:p@", "..", ".", "ẞ"})
	return rapid.Custom(func(t *rapid.T) string {
		if rapid.IntRange(0, 4).Draw(t, "plain") == 0 {
			var b strings.Builder
			for range rapid.IntRange(1, 8).Draw(t, "n") {
				b.WriteString(pieces.Draw(t, "piece"))
			}
			return b.String()
		}
		var b strings.Builder
		b.WriteString(around.Draw(t, "before"))
		b.WriteString(scheme.Draw(t, "scheme"))
		if rapid.Bool().Draw(t, "two slashes") {
			b.WriteString("//")
		} else {
			for range rapid.IntRange(0, 4).Draw(t, "slashes") {
				b.WriteString(slash.Draw(t, "slash"))
			}
		}
		b.WriteString(userinfo.Draw(t, "userinfo"))
		b.WriteString(lawHostText(t))
		b.WriteString(port.Draw(t, "port"))
		b.WriteString(rest.Draw(t, "rest"))
		b.WriteString(around.Draw(t, "after"))
		return b.String()
	})
}

// lawHostText draws a host: a name, or a number in one of the spellings
// the URL Standard's IPv4 parser reads, and then rewrites some of its
// characters as browsers map them back (fullwidth digits and dots,
// percent-encoding, upper case).
func lawHostText(t *rapid.T) string {
	var h string
	if rapid.Bool().Draw(t, "name") {
		h = rapid.SampledFrom([]string{"", "example.com", "evil.example", "localhost", "LOCALHOST", "c:", "C|",
			"[::1]", "[::ffff:127.0.0.1]", "[v1.x]", "ẞ.de", "bücher.de", "a_b", "xn--tda", "a%3Cb", "%00",
			"1.2.3.256", "0x", "09", "com.1"}).Draw(t, "host")
	} else {
		parts := rapid.IntRange(1, 5).Draw(t, "parts")
		for k := range parts {
			if k > 0 {
				h += "."
			}
			n := rapid.SampledFrom([]uint64{0, 1, 127, 255, 256, 65535, 16777215, 2130706433, 4294967295, 4294967296}).Draw(t, "number")
			switch rapid.IntRange(0, 3).Draw(t, "radix") {
			case 0:
				h += strconv.FormatUint(n, 10)
			case 1:
				h += "0" + strconv.FormatUint(n, 8)
			case 2:
				h += "0x" + strconv.FormatUint(n, 16)
			default:
				h += "0X" + strings.ToUpper(strconv.FormatUint(n, 16))
			}
		}
		if rapid.IntRange(0, 4).Draw(t, "final dot") == 0 {
			h += "."
		}
	}
	var b strings.Builder
	for k := 0; k < len(h); k++ {
		c := h[k]
		switch rapid.IntRange(0, 19).Draw(t, "spelling") {
		case 0:
			if '0' <= c && c <= '9' || c == 'x' || c == '.' {
				b.WriteRune(rune(c) - 0x20 + 0xFF00) // fullwidth
				continue
			}
		case 1:
			if c < 0x80 {
				fmt.Fprintf(&b, "%%%02X", c)
				continue
			}
		case 2:
			if '0' <= c && c <= '9' || c == '.' {
				for _, e := range []byte(string(rune(c) - 0x20 + 0xFF00)) {
					fmt.Fprintf(&b, "%%%02X", e)
				}
				continue
			}
		case 3:
			if c == '.' {
				b.WriteString("。")
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}
