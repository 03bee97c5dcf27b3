package weburl

import (
	"strconv"

	"github.com/seed42851778/rfc3986/uri"
)

// EncodedURI returns u as an RFC 3986 URI, with the list of what it changed
// in the href to make it one. URI returns the href itself or an error;
// EncodedURI never fails for a URL that Parse returned: each byte that RFC
// 3986 does not allow where it stands is percent-encoded, in upper-case hex
// (§2.1), and the href is otherwise kept byte for byte. The bytes so
// encoded are those the URL Standard leaves raw: '|', '[', ']' and '\\' in
// a path; '{', '}', '|', '\\', '^', '`', '[' and ']' in a query; those and
// '#' in a fragment; '"', '{', '}' and '`' in a host; ' ', '"', '<', '>',
// '{', '}', '|', '\\', '^' and '`' in an opaque path; and a '%' not
// followed by two hex digits anywhere (as %25). So the URI names the same
// host (a reg-name decodes to the href's host) and port, and its path,
// query and fragment decode to the href's.
//
// The repairs are uri.Repair values with offsets in the href (Href): Old is
// href[Offset:Offset+len(Old)] and New its encoding, in order of offset,
// not overlapping, so that replacing each Old by its New in the href gives
// the URI's text. They are grouped as ParseRepaired groups its own: a run of
// encoded bytes, and encodings fewer than 16 unchanged bytes apart in one
// component, are one Repair ("a|b|c" is one, Old "|b|" and New "%7Cb%7C"),
// and a Repair in the password has InPassword set. There is none when the
// href is a URI already (then the URI is what URI returns). The zero URL
// gives the zero URI and no repair.
func (u URL) EncodedURI() (uri.URI, []uri.Repair) {
	if u.href == "" {
		return uri.URI{}, nil
	}
	e := encoder{href: u.href}
	// The scheme and its ':' are RFC 3986's scheme already (§3.1).
	e.copy(int(u.schemeEnd) + 1)
	if u.host != hostNone {
		e.copy(int(u.schemeEnd) + 3)
		if u.hostStart > u.schemeEnd+3 { // userinfo and '@'
			e.encode(int(u.usernameEnd), &rfcUserinfo, false)
			if int(u.usernameEnd) < int(u.hostStart)-1 { // ':' and a password
				e.copy(int(u.usernameEnd) + 1)
				e.encode(int(u.hostStart)-1, &rfcUserinfo, true)
			}
			e.copy(int(u.hostStart))
		}
		if u.host == hostDomain || u.host == hostOpaque {
			e.encode(int(u.hostEnd), &rfcRegName, false)
		}
		e.copy(int(u.pathStart))
	}
	e.encode(int(u.queryStart), &rfcPath, false)
	if u.hasQuery() {
		e.copy(int(u.queryStart) + 1)
		e.encode(int(u.fragStart), &rfcQuery, false)
	}
	if u.hasFragment() {
		e.copy(int(u.fragStart) + 1)
		e.encode(len(u.href), &rfcQuery, false)
	}
	s := e.text()
	r, err := uri.Parse(s)
	if err != nil {
		// Parse's hrefs are ASCII, and every byte a component does not
		// allow was encoded above: a failure here is a bug.
		panic("weburl: EncodedURI made " + strconv.Quote(s) + ", not a URI: " + err.Error())
	}
	return r, e.reps
}

// encoder writes an href with what RFC 3986 refuses percent-encoded, and
// the repairs that say so. It writes nothing until the first change (out
// is nil while the href is kept as it is).
type encoder struct {
	href string
	at   int // the offset in href up to which out is written
	out  []byte
	reps []uri.Repair
	// news holds, for each Repair, where its New stands in out: New is set
	// when out is final, as a substring of the one string made of it.
	news [][2]int
	// open says the last Repair may take in a further change: one of the
	// same component fewer than repairGap unchanged bytes after it.
	open bool
}

// repairGap is the number of unchanged bytes that part two repairs, as in
// ParseRepaired's (see uri.Repair).
const repairGap = 16

// copy keeps href[e.at:end] as it is: a delimiter between components,
// which ends the open Repair.
func (e *encoder) copy(end int) {
	if e.out != nil {
		e.out = append(e.out, e.href[e.at:end]...)
	}
	e.at = end
	e.open = false
}

// encode writes href[e.at:end], one component, with every byte outside
// allowed percent-encoded, and a '%' that does not start a triplet too.
func (e *encoder) encode(end int, allowed *[256]bool, password bool) {
	h := e.href
	for i := e.at; i < end; i++ {
		c := h[i]
		if allowed[c] || (c == '%' && i+2 < end && isHex(h[i+1]) && isHex(h[i+2])) {
			continue
		}
		if e.out == nil {
			e.out = make([]byte, 0, len(h)+len(h)/4+8)
			e.out = append(e.out, h[:e.at]...)
		}
		e.out = append(e.out, h[e.at:i]...)
		start := len(e.out)
		e.out = append(e.out, '%', upperhex[c>>4], upperhex[c&15])
		e.at = i + 1
		if k := len(e.reps) - 1; e.open && i-(e.reps[k].Offset+len(e.reps[k].Old)) < repairGap {
			r := &e.reps[k]
			r.Old = h[r.Offset : i+1]
			e.news[k][1] = len(e.out)
			continue
		}
		e.reps = append(e.reps, uri.Repair{Offset: i, Old: h[i : i+1], InPassword: password})
		e.news = append(e.news, [2]int{start, len(e.out)})
		e.open = true
	}
	if e.out != nil {
		e.out = append(e.out, h[e.at:end]...)
	}
	e.at = end
}

// text returns the encoded href, and sets each Repair's New to its part.
func (e *encoder) text() string {
	if e.out == nil {
		return e.href
	}
	s := string(e.out)
	for k := range e.reps {
		e.reps[k].New = s[e.news[k][0]:e.news[k][1]]
	}
	return s
}

// The bytes RFC 3986 allows as they are in each component EncodedURI
// writes ('%' apart: it is kept where it starts a triplet), from its
// Appendix A.
var (
	// userinfo = *( unreserved / pct-encoded / sub-delims / ":" ) (§3.2.1)
	rfcUserinfo = rfcSet(":")
	// reg-name = *( unreserved / pct-encoded / sub-delims ) (§3.2.2)
	rfcRegName = rfcSet("")
	// path segments: pchar = unreserved / pct-encoded / sub-delims / ":" /
	// "@", and "/" between them (§3.3)
	rfcPath = rfcSet(":@/")
	// query = fragment = *( pchar / "/" / "?" ) (§3.4, §3.5)
	rfcQuery = rfcSet(":@/?")
)

// rfcSet returns unreserved and sub-delims (§2.3, §2.2) with extra.
func rfcSet(extra string) (t [256]bool) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		t[c] = isAlpha(b) || isDigit(b)
	}
	for _, c := range []byte("-._~" + "!$&'()*+,;=" + extra) {
		t[c] = true
	}
	return t
}
