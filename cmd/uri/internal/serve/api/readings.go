package api

import (
	"errors"
	"net"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
	"github.com/seed42851778/rfc3986/weburl"
)

// ReadingsRequest is the body of POST /api/readings: a text and an optional
// base, as `uri readings -base BASE TEXT` takes them.
type ReadingsRequest struct {
	Input string `json:"input"`
	Base  string `json:"base"`
}

// ReadingsResponse is the answer of /api/readings: the three readings of
// weburl.CompareReadings side by side, every password hidden. Input and
// Base are the texts as the page shows them (passwords as "xxxxx"); every
// Mark points into them.
type ReadingsResponse struct {
	Input    string        `json:"input"`
	Base     string        `json:"base"`
	Parts    []string      `json:"parts"` // the rows: the parts of RFC 3986 §3, in its order
	Readings []ReadingJSON `json:"readings"`
	// Hazards are the places where the readings connect to different hosts
	// or ports: the parser differential behind SSRF and open redirects.
	Hazards []Hazard `json:"hazards"`
}

// ReadingJSON is one parser's reading.
type ReadingJSON struct {
	Parser   string     `json:"parser"`
	Accepted bool       `json:"accepted"`
	Parts    []PartJSON `json:"parts"` // indexed as ReadingsResponse.Parts; empty when refused
	Href     string     `json:"href"`  // the reading written back, "" when refused
	// Dial is the address a client dials for this reading, "host:port",
	// with the scheme's default port; DialNote says why there is none.
	Dial     string `json:"dial"`
	DialNote string `json:"dialNote,omitempty"`
	// Error is why the parser refused the text; Notes are the validation
	// errors the URL Standard names on the way (what a browser repaired).
	Error *Problem  `json:"error,omitempty"`
	Notes []Problem `json:"notes,omitempty"`
}

// PartJSON is one part as a reading reports it.
type PartJSON struct {
	Value   string `json:"value"`
	Defined bool   `json:"defined"`
	Differs bool   `json:"differs"` // two accepting readings report it differently
	Hazard  bool   `json:"hazard"`  // they would connect to different places
}

// Problem is an error or a validation error, placed in the text it is
// about.
type Problem struct {
	Message   string   `json:"message"`
	Type      string   `json:"type,omitempty"`      // the URL Standard's name of a validation error
	Component string   `json:"component,omitempty"` // RFC 3986's component at the offset
	Expected  []string `json:"expected,omitempty"`  // what the grammar expected there
	Hint      string   `json:"hint,omitempty"`
	Mark      *Mark    `json:"mark,omitempty"` // nil when the parser says no offset
}

// Mark is a place in a text the page shows: Text is "input" or "base",
// Start and End are offsets in UTF-16 code units (JavaScript's string
// indexes) of the shown text, End-Start the character at fault (0 at the
// end of the text). Password tells the place fell inside a password, now
// shown as "xxxxx".
type Mark struct {
	Text     string `json:"text"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	Password bool   `json:"password,omitempty"`
}

// Hazard is a part two readings connect to differently.
type Hazard struct {
	Part    string `json:"part"`
	Message string `json:"message"`
	Mark    *Mark  `json:"mark,omitempty"`
}

// texts are the input and base of a request, shown without passwords.
type texts struct {
	input, base hidden
	rawInput    string
	rawBase     string
	sec         secrets
}

// mark places byte offset off of the text named which ("input" or "base").
func (t *texts) mark(which string, off int) *Mark {
	raw, h := t.rawInput, t.input
	if which == "base" {
		raw, h = t.rawBase, t.base
	}
	if off < 0 || off > len(raw) {
		return nil
	}
	n := 0
	if off < len(raw) {
		_, n = utf8.DecodeRuneInString(raw[off:])
	}
	shown, inPw := h.at(off)
	if inPw {
		n = len(errtext.Redaction)
	}
	start := utf16Len(h.text[:shown])
	return &Mark{Text: which, Start: start, End: start + utf16Len(h.text[shown:shown+n]), Password: inPw}
}

// utf16Len is the length of s in JavaScript: UTF-16 code units, an invalid
// byte counting as the one U+FFFD it decodes to.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// Readings reads req.Input three ways, as weburl.CompareReadings does, and
// returns the page's view of it, passwords hidden.
func Readings(req ReadingsRequest) ReadingsResponse {
	r := weburl.CompareReadings(req.Input, req.Base)
	t := newTexts(req.Input, req.Base, r)
	resp := ReadingsResponse{Input: t.input.text, Base: t.base.text}
	for p := weburl.PartScheme; p <= weburl.PartFragment; p++ {
		resp.Parts = append(resp.Parts, p.String())
	}
	all := []*weburl.Reading{&r.RFC3986, &r.URLStandard, &r.NetURL}
	for k, x := range all {
		j := ReadingJSON{Parser: x.Parser, Accepted: x.Err == nil, Parts: []PartJSON{}}
		if x.Err == nil {
			for p := weburl.PartScheme; p <= weburl.PartFragment; p++ {
				v := x.Parts[p]
				if p == weburl.PartUserInfo {
					v = hideUserPassword(v)
				}
				j.Parts = append(j.Parts, PartJSON{Value: t.sec.scrub(v), Defined: x.Defined[p], Differs: r.Differ[p], Hazard: r.Hazard[p]})
			}
			j.Href, j.Dial, j.DialNote = t.writeBack(k, x.Href)
		}
		switch k {
		case 0:
			j.Error = t.rfc3986Error()
		case 1:
			j.Error, j.Notes = t.urlStandardProblems()
		case 2:
			j.Error = t.netURLError()
		}
		resp.Readings = append(resp.Readings, j)
	}
	resp.Hazards = t.hazards(r, resp.Readings)
	return resp
}

// newTexts finds the passwords of input and base as the readings r see
// them.
func newTexts(input, base string, r weburl.Readings) *texts {
	t := &texts{rawInput: input, rawBase: base}
	inSpans, baseSpans := passwordSpans(input, schemeOf(base)), passwordSpans(base, "")
	t.sec.addSpans(input, inSpans)
	t.sec.addSpans(base, baseSpans)
	for _, x := range []*weburl.Reading{&r.RFC3986, &r.URLStandard, &r.NetURL} {
		if x.Err == nil && x.Defined[weburl.PartUserInfo] {
			if _, pw, ok := strings.Cut(x.Parts[weburl.PartUserInfo], ":"); ok {
				t.sec.add(pw)
			}
		}
	}
	// A reading's password that stands in the text elsewhere than the spans
	// found (after a tab the URL Standard removes, say) is hidden there too.
	inSpans = append(inSpans, occurrences(input, t.sec.words)...)
	baseSpans = append(baseSpans, occurrences(base, t.sec.words)...)
	t.input, t.base = hide(input, mergeSpans(inSpans)), hide(base, mergeSpans(baseSpans))
	return t
}

// occurrences returns the spans of s where a password of words stands in
// a userinfo (":" w "@") or, minBare bytes long or more, anywhere.
func occurrences(s string, words []string) [][2]int {
	var spans [][2]int
	for _, w := range words {
		for i := 0; ; {
			j := strings.Index(s[i:], w)
			if j < 0 {
				break
			}
			lo, hi := i+j, i+j+len(w)
			if len(w) >= minBare || lo > 0 && s[lo-1] == ':' && hi < len(s) && s[hi] == '@' {
				spans = append(spans, [2]int{lo, hi})
			}
			i = lo + 1
		}
	}
	return spans
}

// hideUserPassword writes the password of a "user:password" userinfo as
// errtext.Redaction, as uri.URI.Redacted does.
func hideUserPassword(ui string) string {
	if i := strings.IndexByte(ui, ':'); i >= 0 {
		return ui[:i+1] + errtext.Redaction
	}
	return ui
}

// writeBack returns the reading k's href with its password hidden by the
// reading's own Redacted, and the address a client of that reading dials.
func (t *texts) writeBack(k int, href string) (shown, dial, note string) {
	shown, dial = href, ""
	var err error
	switch k {
	case 0:
		var u uri.URI
		if u, err = uri.ParseReference(href); err == nil {
			shown = u.Redacted()
			dial, err = u.DialAddr()
		}
	case 1:
		var u weburl.URL
		if u, err = weburl.Parse(href); err == nil {
			shown = u.Redacted()
			dial, err = dialOf(strings.TrimSuffix(u.Protocol(), ":"), u.Hostname(), u.Port())
		}
	case 2:
		var u *url.URL
		if u, err = url.Parse(href); err == nil {
			shown = u.Redacted()
			dial, err = dialOf(u.Scheme, u.Hostname(), u.Port())
		}
	}
	if err != nil {
		note = dialNote(err)
	}
	return t.sec.scrub(shown), t.sec.scrub(dial), t.sec.scrub(note)
}

var errNoDefaultPort = errors.New("no port, and the scheme has no default port")

// dialOf joins host and port as net.Dial takes them, the port defaulting to
// the scheme's as uri knows it (uri.URI.PortOrDefault).
func dialOf(scheme, host, port string) (string, error) {
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if host == "" {
		return "", uri.ErrNoHost
	}
	if port == "" {
		u, err := uri.Parse(scheme + "://h")
		if err != nil {
			return "", errNoDefaultPort
		}
		n, err := u.PortOrDefault()
		if err != nil {
			return "", errNoDefaultPort
		}
		port = strconv.Itoa(n)
	}
	return net.JoinHostPort(host, port), nil
}

// dialNote says in a few words why a reading names no address to dial.
func dialNote(err error) string {
	var pre *uri.PortRangeError
	switch {
	case errors.Is(err, uri.ErrNoHost):
		return "no host to dial"
	case errors.Is(err, uri.ErrNoPort), errors.Is(err, errNoDefaultPort):
		return "no port, and the scheme has no default port"
	case errors.As(err, &pre):
		return "the port is out of range"
	}
	return "no address: " + errtext.Clip(err.Error(), 200)
}

// rfc3986Error returns why RFC 3986 (package uri) refuses the input or the
// base, nil when it reads both.
func (t *texts) rfc3986Error() *Problem {
	u, err := uri.ParseReference(t.rawInput)
	which := "input"
	if err == nil && t.rawBase != "" {
		var b uri.URI
		if b, err = uri.Parse(t.rawBase); err == nil {
			_, err = b.Resolve(u)
		} else {
			which = "base"
		}
	}
	if err == nil {
		return nil
	}
	p := &Problem{Message: t.sec.scrub(errtext.Clip(err.Error(), 1024))}
	var pe *uri.ParseError
	if errors.As(err, &pe) {
		// The message without the expected labels and the hint, which the
		// page shows apart.
		found := errtext.DescribeAt(pe.Input, pe.Offset)
		p.Component, p.Expected, p.Hint = pe.Component, pe.Expected, t.sec.scrub(pe.Hint)
		p.Mark = t.mark(which, pe.Offset)
		if p.Mark != nil && p.Mark.Password {
			found, p.Hint = errtext.PasswordFound, errtext.PasswordHint
		}
		p.Message = t.sec.scrub(found + " at offset " + strconv.Itoa(pe.Offset) + " in " + pe.Component)
	}
	return p
}

// urlStandardProblems returns why the URL Standard (package weburl) refuses
// the input or the base, and the validation errors it names on the way.
func (t *texts) urlStandardProblems() (*Problem, []Problem) {
	var base weburl.URL
	if t.rawBase != "" {
		b, bv, err := weburl.ParseValidated(t.rawBase, weburl.URL{})
		if err != nil {
			return t.weburlProblem(err, "base"), t.validations(bv, "base")
		}
		base = b
	}
	_, v, err := weburl.ParseValidated(t.rawInput, base)
	var p *Problem
	if err != nil {
		p = t.weburlProblem(err, "input")
		if len(v) > 0 && v[len(v)-1].Failure {
			v = v[:len(v)-1] // the failure is the error itself
		}
	}
	return p, t.validations(v, "input")
}

func (t *texts) weburlProblem(err error, which string) *Problem {
	p := &Problem{Message: t.sec.scrub(errtext.Clip(err.Error(), 1024))}
	var we *weburl.Error
	if errors.As(err, &we) {
		p.Type, p.Hint, p.Mark = we.Type, t.sec.scrub(we.Hint), t.mark(which, we.Offset)
	}
	return p
}

// maxNotes bounds the validation errors listed for one text.
const maxNotes = 50

func (t *texts) validations(v []weburl.ValidationError, which string) []Problem {
	var out []Problem
	for i, e := range v {
		if i == maxNotes {
			out = append(out, Problem{Message: strconv.Itoa(len(v)-maxNotes) + " more validation errors not listed"})
			break
		}
		out = append(out, Problem{Message: e.Type + " at offset " + strconv.Itoa(e.Offset), Type: e.Type, Mark: t.mark(which, e.Offset)})
	}
	return out
}

// netURLError returns why net/url refuses the input or the base; net/url
// tells no offset.
func (t *texts) netURLError() *Problem {
	_, err := url.Parse(t.rawInput)
	if err == nil && t.rawBase != "" {
		_, err = url.Parse(t.rawBase)
	}
	if err == nil {
		return nil
	}
	return &Problem{Message: t.sec.scrub(errtext.Clip(err.Error(), 1024))}
}

// hazards lists where the readings connect to different places: a host or
// port two accepting readings dial differently (weburl.Readings.Hazard),
// and a text RFC 3986 refuses but would read, leniently repaired, with
// another host than browsers (uri.ReadingError): a check made with a
// lenient RFC 3986 reader passes a URL that a browser fetches elsewhere.
func (t *texts) hazards(r weburl.Readings, rs []ReadingJSON) []Hazard {
	out := []Hazard{}
	for _, p := range []weburl.Part{weburl.PartHost, weburl.PartPort} {
		if !r.Hazard[p] {
			continue
		}
		var where []string
		for _, x := range rs {
			if !x.Accepted {
				continue
			}
			d := x.Dial
			if d == "" {
				d = "(" + x.DialNote + ")"
			}
			where = append(where, x.Parser+" dials "+d)
		}
		out = append(out, Hazard{Part: p.String(), Message: "the readings connect to different " + p.String() + "s: " + strings.Join(where, "; ")})
	}
	var err error
	which := "input"
	if t.rawBase == "" {
		_, _, err = uri.ParseRepaired(t.rawInput)
	} else if b, berr := uri.Parse(t.rawBase); berr == nil {
		_, _, err = b.ResolveRepaired(t.rawInput)
	}
	var re *uri.ReadingError
	if errors.As(err, &re) {
		msg := "RFC 3986 read leniently (uri.ParseRepaired, which percent-encodes what RFC 3986 refuses) " +
			"takes another " + re.Component + " than browsers: " + t.sec.scrub(re.Reason)
		if web := rs[1]; web.Accepted && web.Dial != "" {
			msg += "; browsers dial " + web.Dial
		}
		out = append(out, Hazard{Part: re.Component, Message: msg, Mark: t.mark(which, re.Offset)})
	}
	return out
}
