package weburl

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/net/idna"

	"github.com/seed42851778/rfc3986/internal/facts"
	"github.com/seed42851778/rfc3986/uri"
)

// A Part names one component of a URL reference, in the order RFC 3986 §3
// lists them.
type Part int

// The parts a Reading holds, in the order of RFC 3986 §3.
const (
	PartScheme Part = iota
	PartUserInfo
	PartHost
	PartPort
	PartPath
	PartQuery
	PartFragment
	numParts
)

var partNames = [numParts]string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}

// String returns the part's name as RFC 3986 §3 writes it: "scheme",
// "userinfo", "host", "port", "path", "query" or "fragment".
func (p Part) String() string {
	if p < 0 || p >= numParts {
		return "Part(" + strconv.Itoa(int(p)) + ")"
	}
	return partNames[p]
}

// A Reading is what one parser takes a text to be: each part as that parser
// reports it, raw (still percent-encoded, as it stands in its serialization),
// or the parser's error.
type Reading struct {
	// Parser names the reader: "RFC 3986 (uri)", "URL Standard (weburl)"
	// or "net/url".
	Parser string
	// Err is the parser's error when it refused the text; the parts are
	// then all undefined.
	Err error
	// Parts holds each part's text, indexed by Part; Defined tells whether
	// the part is there at all (RFC 3986 §5.3 tells an empty query "?"
	// from none; net/url and the URL Standard's getters cannot always tell,
	// and report what they can).
	Parts   [numParts]string
	Defined [numParts]bool
	// Href is the whole reading written back: the URI, the href, or
	// net/url's String.
	Href string

	// where a client connects: the host as a resolver is given it (IDNA
	// A-labels, case folded, an IP address in its canonical form) and the
	// port, the scheme's default filled in; hostOK is false when the
	// reading names no host that can be dialed.
	dialHost string
	dialPort string
	hostOK   bool
}

// Readings is the result of CompareReadings: one text read by RFC 3986 (package
// uri), by the URL Standard (this package) and by net/url, side by side.
type Readings struct {
	Input, Base string
	// RFC3986, URLStandard and NetURL are the three readings.
	RFC3986, URLStandard, NetURL Reading
	// Differ marks each part that two readings that accept the text report
	// differently (an error against a value does not count: see Refused).
	Differ [numParts]bool
	// Hazard marks the host or port of a text that two parsers accept and
	// connect to differently: the parser differential behind SSRF and
	// open-redirect bugs, where a check made with one reading lets through
	// a URL that a client reading it the other way fetches elsewhere.
	Hazard [numParts]bool
}

// CompareReadings reads input, against base when base is not empty, by RFC 3986
// (uri.ParseReference, then Resolve against uri.Parse(base)), by the URL
// Standard (Parse, or base's URL Parse(input)) and by net/url (url.Parse,
// then ResolveReference), and marks where the three disagree.
//
// A part differs when two readings that accepted the text report it
// differently as text ("EXAMPLE.com" and "example.com" differ: one keeps
// case, the other folds it). A host or port is a hazard only when two
// accepting readings would connect to different places: the hosts compared
// as a resolver gets them (IDNA A-labels, ASCII case folded, IP addresses
// in their canonical form, so that "0x7f.1" as the URL Standard reads it is
// 127.0.0.1), the ports with the scheme's default filled in.
//
// Three texts where the readings part:
//
//   - "http://example.com\\@evil.com/": the URL Standard reads "\" as "/"
//     in a special URL, so a browser connects to example.com; net/url takes
//     "example.com\" as a userinfo and connects to evil.com; RFC 3986
//     refuses the backslash.
//   - "http://0x7f.1/": the URL Standard reads the host as the IPv4 address
//     127.0.0.1; RFC 3986 and net/url read the name "0x7f.1", which an
//     allow-list of names lets through.
//   - "https:/\\evil.example": the URL Standard reads host evil.example;
//     RFC 3986 and net/url read no host and the path "/\evil.example".
//
// The texts of a Readings hold any password as the parsers report it;
// String writes it as "xxxxx".
func CompareReadings(input, base string) Readings {
	r := Readings{Input: input, Base: base}
	r.RFC3986 = readRFC3986(input, base)
	r.URLStandard = readURLStandard(input, base)
	r.NetURL = readNetURL(input, base)
	all := [3]*Reading{&r.RFC3986, &r.URLStandard, &r.NetURL}
	for i := 0; i < len(all); i++ {
		for j := i + 1; j < len(all); j++ {
			a, b := all[i], all[j]
			if a.Err != nil || b.Err != nil {
				continue
			}
			for p := Part(0); p < numParts; p++ {
				if a.Parts[p] != b.Parts[p] || a.Defined[p] != b.Defined[p] {
					r.Differ[p] = true
				}
			}
			if a.hostOK != b.hostOK || a.dialHost != b.dialHost {
				r.Hazard[PartHost] = true
			}
			if a.hostOK && b.hostOK && a.dialPort != b.dialPort {
				r.Hazard[PartPort] = true
			}
		}
	}
	return r
}

// Dangerous reports whether two readings that accept the text connect to
// different hosts or ports (Hazard holds for the host or the port).
func (r Readings) Dangerous() bool { return r.Hazard[PartHost] || r.Hazard[PartPort] }

// Refused reports whether some of the three parsers refused the text and
// some accepted it.
func (r Readings) Refused() bool {
	n := 0
	for _, x := range [3]*Reading{&r.RFC3986, &r.URLStandard, &r.NetURL} {
		if x.Err != nil {
			n++
		}
	}
	return n > 0 && n < 3
}

// String writes the three readings as a table, one line a part, a "≠" in
// front of a part that differs and "!" in front of a hazard, each password
// written as "xxxxx". Every text in it is bounded and quoted.
func (r Readings) String() string {
	var b strings.Builder
	b.WriteString("input ")
	b.WriteString(quoteBounded(redactText(r.Input)))
	if r.Base != "" {
		b.WriteString(" against base ")
		b.WriteString(quoteBounded(redactText(r.Base)))
	}
	b.WriteByte('\n')
	all := [3]*Reading{&r.RFC3986, &r.URLStandard, &r.NetURL}
	cols := [3][]string{}
	for k, x := range all {
		col := make([]string, 0, numParts+2)
		col = append(col, x.Parser)
		if x.Err != nil {
			col = append(col, "refused")
			for p := Part(0); p < numParts; p++ {
				col = append(col, "")
			}
		} else {
			col = append(col, "accepted")
			for p := Part(0); p < numParts; p++ {
				switch {
				case !x.Defined[p]:
					col = append(col, "—")
				case p == PartUserInfo:
					col = append(col, quoteBounded(redactUserInfo(x.Parts[p])))
				default:
					col = append(col, quoteBounded(x.Parts[p]))
				}
			}
		}
		cols[k] = col
	}
	labels := make([]string, 0, numParts+2)
	labels = append(labels, "", "")
	for p := Part(0); p < numParts; p++ {
		mark := "  "
		if r.Hazard[p] {
			mark = "! "
		} else if r.Differ[p] {
			mark = "≠ "
		}
		labels = append(labels, mark+p.String())
	}
	widths := [4]int{}
	for i := range labels {
		widths[0] = max(widths[0], runeLen(labels[i]))
		for k := range cols {
			widths[k+1] = max(widths[k+1], runeLen(cols[k][i]))
		}
	}
	for i := range labels {
		var line strings.Builder
		pad(&line, labels[i], widths[0])
		for k := range cols {
			line.WriteString("  ")
			pad(&line, cols[k][i], widths[k+1])
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	for _, x := range all {
		if x.Err != nil {
			b.WriteString(x.Parser)
			b.WriteString(" refused it: ")
			b.WriteString(boundText(redactText(x.Err.Error()), 300))
			b.WriteByte('\n')
		}
	}
	if r.Dangerous() {
		b.WriteString("! the readings connect to different places: check and fetch with one parser\n")
	}
	return b.String()
}

func runeLen(s string) int { return len([]rune(s)) }

func pad(b *strings.Builder, s string, w int) {
	b.WriteString(s)
	for n := runeLen(s); n < w; n++ {
		b.WriteByte(' ')
	}
}

// quoteBounded quotes s as Go does, escaping control and bidi characters,
// and cuts it to about 200 bytes.
func quoteBounded(s string) string {
	return strconv.QuoteToGraphic(boundText(s, 200))
}

func boundText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && cut < len(s) && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// redactUserInfo writes the password of a "user:password" userinfo as
// "xxxxx", as net/url's Redacted does.
func redactUserInfo(ui string) string {
	if i := strings.IndexByte(ui, ':'); i >= 0 {
		return ui[:i+1] + "xxxxx"
	}
	return ui
}

// redactText hides the password of the first authority of a text that holds
// one ("s://user:pw@h" gives "s://user:xxxxx@h"), so that no message shows
// it; a text without an authority is returned as it is.
func redactText(s string) string {
	i := strings.Index(s, "//")
	if i < 0 {
		return s
	}
	rest := s[i+2:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	at := strings.LastIndexByte(rest[:end], '@')
	if at < 0 {
		return s
	}
	colon := strings.IndexByte(rest[:at], ':')
	if colon < 0 {
		return s
	}
	return s[:i+2] + rest[:colon+1] + "xxxxx" + rest[at:]
}

func readRFC3986(input, base string) Reading {
	x := Reading{Parser: "RFC 3986 (uri)"}
	u, err := uri.ParseReference(input)
	if err == nil && base != "" {
		var b uri.URI
		b, err = uri.Parse(base)
		if err == nil {
			u, err = b.Resolve(u)
		}
	}
	if err != nil {
		x.Err = err
		return x
	}
	x.Href = u.String()
	x.Parts[PartScheme], x.Defined[PartScheme] = u.Scheme(), !u.IsRelative()
	x.Parts[PartUserInfo], x.Defined[PartUserInfo] = u.UserInfo(), u.HasUserInfo()
	x.Parts[PartHost], x.Defined[PartHost] = u.Host(), u.HasAuthority()
	x.Parts[PartPort], x.Defined[PartPort] = u.Port(), u.HasPort()
	x.Parts[PartPath], x.Defined[PartPath] = u.Path(), true
	x.Parts[PartQuery], x.Defined[PartQuery] = u.Query(), u.HasQuery()
	x.Parts[PartFragment], x.Defined[PartFragment] = u.Fragment(), u.HasFragment()
	if u.HasAuthority() {
		x.dialHost, x.hostOK = dialHost(u.Hostname())
		x.dialPort = dialPort(u.Scheme(), u.Port())
	}
	return x
}

func readURLStandard(input, base string) Reading {
	x := Reading{Parser: "URL Standard (weburl)"}
	var (
		u   URL
		err error
	)
	if base != "" {
		var b URL
		b, err = Parse(base)
		if err == nil {
			u, err = b.Parse(input)
		}
	} else {
		u, err = Parse(input)
	}
	if err != nil {
		x.Err = err
		return x
	}
	href := u.Href()
	x.Href = href
	scheme := strings.TrimSuffix(u.Protocol(), ":")
	x.Parts[PartScheme], x.Defined[PartScheme] = scheme, true
	rest := href[len(scheme)+1:]
	hasAuthority := strings.HasPrefix(rest, "//")
	if user, pass := u.Username(), u.Password(); user != "" || pass != "" {
		ui := user
		if pass != "" {
			ui += ":" + pass
		}
		x.Parts[PartUserInfo], x.Defined[PartUserInfo] = ui, true
	}
	x.Parts[PartHost], x.Defined[PartHost] = u.Hostname(), hasAuthority
	x.Parts[PartPort], x.Defined[PartPort] = u.Port(), u.Port() != ""
	x.Parts[PartPath], x.Defined[PartPath] = u.Pathname(), true
	// The getters return "" for an empty query and for none; the href
	// tells them apart: the first "?" before any "#" (no part before the
	// query can hold a raw "?" or "#").
	frag := strings.IndexByte(href, '#')
	beforeFrag := href
	if frag >= 0 {
		beforeFrag = href[:frag]
		x.Parts[PartFragment], x.Defined[PartFragment] = href[frag+1:], true
	}
	if q := strings.IndexByte(beforeFrag, '?'); q >= 0 {
		x.Parts[PartQuery], x.Defined[PartQuery] = beforeFrag[q+1:], true
	}
	if hasAuthority {
		x.dialHost, x.hostOK = dialHost(u.Hostname())
		x.dialPort = dialPort(scheme, u.Port())
	}
	return x
}

func readNetURL(input, base string) Reading {
	x := Reading{Parser: "net/url"}
	u, err := url.Parse(input)
	if err == nil && base != "" {
		var b *url.URL
		b, err = url.Parse(base)
		if err == nil {
			u = b.ResolveReference(u)
		}
	}
	if err != nil {
		x.Err = err
		return x
	}
	x.Href = u.String()
	x.Parts[PartScheme], x.Defined[PartScheme] = u.Scheme, u.Scheme != ""
	if u.User != nil {
		x.Parts[PartUserInfo], x.Defined[PartUserInfo] = u.User.String(), true
	}
	hasAuthority := u.Host != "" || (u.Opaque == "" && strings.HasPrefix(strings.TrimPrefix(x.Href, u.Scheme+":"), "//"))
	x.Parts[PartHost], x.Defined[PartHost] = hostWithoutPort(u.Host), hasAuthority
	x.Parts[PartPort], x.Defined[PartPort] = u.Port(), strings.Contains(u.Host, "]:") || (!strings.HasPrefix(u.Host, "[") && strings.Contains(u.Host, ":"))
	if u.Opaque != "" {
		x.Parts[PartPath] = u.Opaque
	} else {
		x.Parts[PartPath] = u.EscapedPath()
	}
	x.Defined[PartPath] = true
	x.Parts[PartQuery], x.Defined[PartQuery] = u.RawQuery, u.RawQuery != "" || u.ForceQuery
	x.Parts[PartFragment], x.Defined[PartFragment] = u.EscapedFragment(), u.Fragment != ""
	if hasAuthority {
		x.dialHost, x.hostOK = dialHost(u.Hostname())
		x.dialPort = dialPort(u.Scheme, u.Port())
	}
	return x
}

// hostWithoutPort returns net/url's Host without its port, brackets kept, as
// it stands in the text.
func hostWithoutPort(h string) string {
	if strings.HasPrefix(h, "[") {
		if i := strings.LastIndexByte(h, ']'); i >= 0 {
			return h[:i+1]
		}
		return h
	}
	if i := strings.LastIndexByte(h, ':'); i >= 0 {
		return h[:i]
	}
	return h
}

// dialHost returns a host name as a client resolves it: an IP address in its
// canonical form, a name percent-decoded, lower-cased and, when it is not
// ASCII, as its IDNA A-labels. It reports false for an empty host.
func dialHost(h string) (string, bool) {
	if h == "" {
		return "", false
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if d, err := uri.PercentDecode(h); err == nil {
		h = d
	}
	if a, err := netip.ParseAddr(h); err == nil {
		return a.Unmap().String(), true
	}
	if isASCII(h) {
		return strings.ToLower(h), true
	}
	if a, err := idna.Lookup.ToASCII(h); err == nil {
		return a, true
	}
	return strings.ToLower(h), true
}

// dialPort returns the port a client connects to: the port as a number
// written in decimal, else the default port of the scheme (ASCII case
// folded), else "".
func dialPort(scheme, port string) string {
	if port != "" {
		if n, err := strconv.ParseUint(port, 10, 64); err == nil {
			return strconv.FormatUint(n, 10)
		}
		return port
	}
	return facts.LookupFold(scheme).DefaultPort()
}
