package weburl

import (
	"fmt"
	"io"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/net/idna"

	"github.com/seed42851778/rfc3986/internal/errtext"
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

	// hide tells that a reading of the text or the base sees a password:
	// every part this Reading prints then hides what may be one; errText is
	// the message of Err without one.
	hide    bool
	errText string
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

	hide bool // as Reading's
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
// Three texts where the readings part (TestCompareReadingsDocClaims reads
// each with the parsers themselves):
//
//   - "http://0x7f.1/": the URL Standard reads the host as the IPv4 address
//     127.0.0.1; RFC 3986 and net/url read the name "0x7f.1", which an
//     allow-list of names lets through.
//   - "https:/\\evil.example": the URL Standard reads the host
//     evil.example; net/url reads no host and the path "/\evil.example";
//     RFC 3986 refuses the backslash.
//   - "http://example.com\\@evil.com/": the URL Standard reads "\" as "/"
//     in a special URL, so a browser connects to example.com; RFC 3986
//     refuses the backslash, and net/url refuses it in the userinfo
//     ("invalid userinfo"): a check made with either refuses a URL that
//     browsers fetch.
//
// The texts of a Readings and of its Readings hold any password as the
// parsers report it. What it prints (String, and Format, so every verb of
// package fmt) shows none that a reading sees: the input's and the base's
// as errtext.URIPassword finds them, and, when there is one, whatever looks
// like one in a component another reading printed ("user:xxxxx@host/", the
// path RFC 3986 reads in "https:user:pw@host/", where browsers read a
// password); nor do the messages of the parsers' errors.
func CompareReadings(input, base string) Readings {
	r := Readings{Input: input, Base: base}
	r.RFC3986 = readRFC3986(input, base)
	r.URLStandard = readURLStandard(input, base)
	r.NetURL = readNetURL(input, base)
	all := [3]*Reading{&r.RFC3986, &r.URLStandard, &r.NetURL}
	_, _, r.hide = errtext.URIPassword(input)
	if _, _, ok := errtext.URIPassword(base); ok {
		r.hide = true
	}
	for _, x := range all {
		if strings.Contains(x.Parts[PartUserInfo], ":") {
			r.hide = true
		}
	}
	for _, x := range all {
		x.hide = r.hide
		if x.Err != nil {
			x.errText = errtext.HidePasswords(errtext.HideQuoted(errtext.HideQuoted(x.Err.Error(), input), base))
		}
	}
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
// written as "xxxxx" (see CompareReadings). Every text in it is bounded and
// quoted.
func (r Readings) String() string {
	var b strings.Builder
	b.WriteString("input ")
	b.WriteString(quoteBounded(hideIn(r.Input)))
	if r.Base != "" {
		b.WriteString(" against base ")
		b.WriteString(quoteBounded(hideIn(r.Base)))
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
				if !x.Defined[p] {
					col = append(col, "—")
				} else {
					col = append(col, quoteBounded(x.Shown(p)))
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
			b.WriteString(boundText(x.ErrorText(), 300))
			b.WriteByte('\n')
		}
	}
	if r.Dangerous() {
		b.WriteString("! the readings connect to different places: check and fetch with one parser\n")
	}
	return b.String()
}

// Format makes every verb of package fmt print r as String does (%q
// quoted), and %#v as the call that makes it, its texts without a password;
// so that no verb shows a field of r raw.
func (r Readings) Format(f fmt.State, verb rune) {
	switch {
	case verb == 'v' && f.Flag('#'):
		fmt.Fprintf(f, "weburl.CompareReadings(%s, %s)", quoteBounded(hideIn(r.Input)), quoteBounded(hideIn(r.Base)))
	case verb == 'q':
		fmt.Fprintf(f, "%q", r.String())
	default:
		io.WriteString(f, r.String())
	}
}

// Shown returns part p of the reading as String prints it (unquoted):
// userinfo with its password as "xxxxx"; any other part, when a reading of
// the text or the base sees a password, with what looks like one hidden
// (errtext.HideUserInfoShapes: "user:xxxxx@host/" for the path
// "user:pw@host/" that RFC 3986 and net/url read in "https:user:pw@host/",
// whose password browsers read).
func (x Reading) Shown(p Part) string {
	if p < 0 || p >= numParts {
		return ""
	}
	v := x.Parts[p]
	switch {
	case p == PartUserInfo:
		return redactUserInfo(v)
	case x.hide:
		return errtext.HideUserInfoShapes(errtext.HidePasswords(v))
	}
	return v
}

// ErrorText returns the message of the reading's error as the printed
// forms show it, "" when it has none: without a password of the text or the
// base (net/url's messages quote the whole text). A Reading that
// CompareReadings did not make shows Err's message with the passwords of
// the URLs in it hidden (errtext.HidePasswords).
func (x Reading) ErrorText() string {
	switch {
	case x.Err == nil:
		return ""
	case x.errText != "":
		return x.errText
	}
	return errtext.HidePasswords(x.Err.Error())
}

// Format makes every verb of package fmt print the reading on one line, its
// parts as Shown returns them and its error as ErrorText, so that no verb
// shows a field of x raw.
func (x Reading) Format(f fmt.State, verb rune) {
	var b strings.Builder
	b.WriteString(x.Parser)
	if x.Err != nil {
		b.WriteString(" refused it: ")
		b.WriteString(boundText(x.ErrorText(), 300))
	} else {
		b.WriteString(" accepted")
		for p := Part(0); p < numParts; p++ {
			if x.Defined[p] {
				b.WriteString(" " + p.String() + " " + quoteBounded(x.Shown(p)))
			}
		}
	}
	if verb == 'q' {
		fmt.Fprintf(f, "%q", b.String())
		return
	}
	io.WriteString(f, b.String())
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

// hideIn returns a text a reading was given, input or base, with the
// password any reading sees hidden, and those of the URLs inside it
// (errtext.HidePasswords).
func hideIn(s string) string { return errtext.HidePasswords(s) }

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
		x.dialHost, x.hostOK = dialHost(decodedHost(u.Hostname()))
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

// dialHost returns a host name, given percent-decoded (each reading's
// Hostname but the URL Standard's for an opaque host: decodedHost), as a
// client resolves it: an IP address in its canonical form, a name
// lower-cased and, when it is not ASCII, as its IDNA A-labels. It reports
// false for an empty host. It decodes nothing itself: a host decoded twice
// would be another host ("a%25%33Cb" is "a%3Cb", never "a<b").
func dialHost(h string) (string, bool) {
	if h == "" {
		return "", false
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if a, err := netip.ParseAddr(h); err == nil {
		return a.Unmap().String(), true
	}
	if isASCII(h) {
		return strings.ToLower(h), true
	}
	// U+1E9E ẞ maps to ß since UTS #46 15.1, as browsers and
	// internal/idnahost have it; x/net/idna's Unicode 15.0 table maps it
	// to "ss".
	if a, err := idna.Lookup.ToASCII(strings.ReplaceAll(h, "\u1E9E", "\u00DF")); err == nil {
		return a, true
	}
	return strings.ToLower(h), true
}

// decodedHost percent-decodes the host of a URL of the URL Standard, which
// holds a "%" only when it is opaque (a special URL's domain is decoded when
// it is parsed, and "%" is a forbidden domain code point): a client of a
// non-special URL dials the bytes the opaque host encodes.
func decodedHost(h string) string {
	if d, err := uri.PercentDecode(h); err == nil {
		return d
	}
	return h
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
