package uri

import (
	"encoding/json"
	"log/slog"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/ascii"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/internal/idnahost"
)

// Repair is one change ParseRepaired made to its input: at byte Offset of the
// text given to ParseRepaired, Old stood and New replaced it ("" for a
// removal). Old is always exactly s[Offset:Offset+len(Old)]; the repairs of
// one call are in increasing order of Offset and do not overlap, so that
// replacing each Old by its New in s gives the repaired text.
//
// A repair in the password of the userinfo ("user:password", §3.2.1) has
// InPassword set, and its printed forms (String, GoString, LogValue) name the
// password and the number of bytes instead of showing Old and New, as the
// errors of Parse do: a password is not to be rendered. Old and New still
// hold the text; do not print them yourself.
type Repair struct {
	Offset     int    // byte offset in the input of what was replaced
	Old        string // the text that stood there
	New        string // what replaced it: "" for a removal, a pct-encoded triplet or an IDNA A-label host
	InPassword bool   // Old stood in the password of the userinfo: after its first ":", before the last "@" of the authority
}

// String returns a description such as
//
//	offset 19: " " → "%20"
//
// or, for a repair in the password, one that shows none of its bytes:
//
//	offset 14: 2 bytes of the password percent-encoded
func (r Repair) String() string {
	if r.InPassword {
		what := " percent-encoded"
		if r.New == "" {
			what = " removed"
		}
		n := "1 byte"
		if len(r.Old) != 1 {
			n = strconv.Itoa(len(r.Old)) + " bytes"
		}
		return "offset " + strconv.Itoa(r.Offset) + ": " + n + " of the password" + what
	}
	return "offset " + strconv.Itoa(r.Offset) + ": " + strconv.Quote(r.Old) + " → " + strconv.Quote(r.New)
}

// GoString makes the %#v verb of package fmt print r as Go syntax, with Old
// and New as "xxxxx" (as Redacted writes a password) when InPassword is set.
func (r Repair) GoString() string {
	o, n := strconv.Quote(r.Old), strconv.Quote(r.New)
	if r.InPassword {
		o, n = `"`+errtext.Redaction+`"`, `"`+errtext.Redaction+`"`
	}
	return "uri.Repair{Offset:" + strconv.Itoa(r.Offset) + ", Old:" + o + ", New:" + n +
		", InPassword:" + strconv.FormatBool(r.InPassword) + "}"
}

// MarshalJSON writes r as a JSON object of its four fields, Old and New as
// "xxxxx" when InPassword is set, so that a list of repairs marshalled into
// a log line (slog's JSON handler marshals a slice as it is) does not show
// a password. Without InPassword it writes what encoding/json would.
func (r Repair) MarshalJSON() ([]byte, error) {
	type plain Repair // without the method, not to recurse
	if r.InPassword {
		r.Old, r.New = errtext.Redaction, errtext.Redaction
	}
	return json.Marshal(plain(r))
}

// LogValue makes a Repair a slog.LogValuer: it logs as String, so that a
// JSON handler, which would marshal Old and New, does not show a password.
func (r Repair) LogValue() slog.Value { return slog.StringValue(r.String()) }

// ParseRepaired parses s as a URI reference (§4.1) after a fixed, short
// list of repairs for pasted and scraped text, those that keep what the
// reference means, and returns the URI with the list of what it changed, in
// order. A valid URI reference comes back unchanged with no repair;
// repairing a repaired text changes nothing. It does not read s as a browser
// does: package weburl does that, by the WHATWG URL Standard, and its
// CompareReadings shows where the two readings of one text part. Where a
// repaired text would have another host than browsers read in it, ParseRepaired
// refuses it with a *ReadingError (see below). The repairs are exactly these:
//
//  1. C0 control characters (U+0000–U+001F) and spaces at the start and at
//     the end are removed, and so is every tab, LF and CR (the WHATWG URL
//     standard's first steps).
//  2. In the userinfo, the path, the query and the fragment, each byte the
//     component does not allow is percent-encoded, upper-case hex (§2.1): a
//     space (%20), a control character, `"`, "<", ">", "\", "^", "`", "{",
//     "|", "}", "[" and "]", a "#" after the first (%23), an "@" in the
//     userinfo before the last one (%40), each octet of a non-ASCII
//     character, and a "%" not followed by two hexadecimal digits (%25). A
//     valid triplet "%" HEXDIG HEXDIG stays as it is.
//  3. A reg-name host with non-ASCII characters becomes its IDNA A-label
//     form (golang.org/x/net/idna, the UTS #46 lookup profile, transitional
//     processing off): "bücher.de" becomes "xn--bcher-kva.de". The UTS #46
//     mapping comes first, so the whole host is case-folded ("BÜCHER.de"
//     becomes "xn--bcher-kva.de" too) and "。" is a dot; the Repair covers
//     the whole host. The A-labels keep DNS lengths (UTS #46
//     VerifyDnsLength: at most 63 bytes a label, 253 a name), else the
//     host is not repaired and stays an error.
//
// The text is split into components as the WHATWG URL parser splits it,
// after the removals of repair 1 and before the others: a scheme where the text starts with one followed by
// ":"; after "//", the authority up to the first "/", "?" or "#", in which
// the userinfo runs up to the last "@" and the port follows the first ":"
// after it (after the "]" of an IP literal); the path up to the first "?" or
// "#"; the query up to the first "#"; then the fragment.
//
// Nothing else is repaired: no scheme is guessed, "\" is not read as "/" (it
// is encoded as %5C in a path, a query or a fragment, and is an error in a
// host), the host is not otherwise changed (a malformed IP literal, a
// space or a "%" in a host stays an error, and so does a name IDNA
// refuses or that is not UTF-8), a bad port stays an error, and a ":" in the first segment of a relative path stays
// an error (§4.2).
//
// A repair never hands a program a host that browsers would not connect
// to: where the text, read by the URL Standard as an href of an http,
// https, ws, wss, ftp or file URL (or, for a relative reference, against
// such a base), names another host than the repaired reference does,
// ParseRepaired fails with a *ReadingError that says why. That is the case
// for a "\" in the authority or in the slashes that open it
// ("http://example.com\@evil.com/" is example.com to a browser), for a run
// of slashes after the scheme other than "//" before a host ("http:/x",
// "http:///x"), for a host browsers read as another IPv4 address
// ("0x7f.1", "127.1"), and for a drive letter after "file://".
//
// When the repaired text is not a URI reference, the error is the
// *ParseError of ParseReference on the repaired text, with its Input set to
// s and its Offset moved to where the offending byte stands in s (len(s)
// when the repaired text ended too early), and so are the offsets its Hint
// names; the URI and the repairs are then zero. Its Component names the component in the repaired text.
func ParseRepaired(s string) (URI, []Repair, error) {
	u, err := ParseReference(s)
	if err == nil {
		return u, nil, nil
	}
	t, reps, cl := repair(s)
	if len(reps) == 0 {
		return URI{}, nil, err
	}
	u, err = ParseReference(t)
	if re := checkWebReading(s, cl, u.Host(), err == nil); re != nil {
		return URI{}, nil, re
	}
	if err != nil {
		if pe, ok := err.(*ParseError); ok {
			at := func(o int) int {
				if o >= len(t) {
					return len(s)
				}
				return inputOffset(reps, o)
			}
			if pe.Hint != "" { // its offsets too are offsets of s
				pe.Hint = string(hintFor(nil, t, pe.Offset, pe.Rule, pe.Component, at))
			}
			pe.Offset, pe.Input = at(pe.Offset), s
		}
		return URI{}, nil, err
	}
	return u, reps, nil
}

// inputOffset maps offset o of the repaired text back to the input, through
// the repairs reps (sorted, not overlapping): an offset inside a replacement
// maps to the start of what it replaced.
func inputOffset(reps []Repair, o int) int {
	delta := 0 // len(repaired prefix) - len(input prefix)
	for _, r := range reps {
		start := r.Offset + delta
		if o < start {
			break
		}
		if o < start+len(r.New) {
			return r.Offset
		}
		delta += len(r.New) - len(r.Old)
	}
	return o - delta
}

// c0OrSpace reports whether x is a C0 control or a space, which the WHATWG
// URL parser trims from both ends of its input.
func c0OrSpace(x byte) bool { return x <= ' ' }

// cleaned is the input of ParseRepaired after repair 1: its text, and, when
// bytes were removed, the offset in the input of each of its bytes.
type cleaned struct {
	t   string
	pos []int // pos[i] is the offset in the input of t[i]; nil: the identity
}

// at returns the offset in the input of byte i of the cleaned text.
func (cl *cleaned) at(i int) int {
	if cl.pos == nil {
		return i
	}
	return cl.pos[i]
}

// contiguous reports whether t[i:j] (j > i) stands in one piece in the input.
func (cl *cleaned) contiguous(i, j int) bool {
	return cl.pos == nil || cl.pos[j-1]-cl.pos[i] == j-1-i
}

// clean makes repair 1: it trims C0 controls and spaces from both ends of s
// and removes every tab, LF and CR, and returns what is left with the
// removals.
func clean(s string) (cleaned, []Repair) {
	var reps []Repair
	start, end := 0, len(s)
	for start < end && c0OrSpace(s[start]) {
		start++
	}
	for end > start && c0OrSpace(s[end-1]) {
		end--
	}
	if start > 0 {
		reps = append(reps, Repair{Offset: 0, Old: s[:start]})
	}
	mid := s[start:end]
	if !strings.ContainsAny(mid, "\t\n\r") {
		cl := cleaned{t: mid}
		if start > 0 {
			cl.pos = make([]int, len(mid))
			for i := range cl.pos {
				cl.pos[i] = start + i
			}
		}
		if end < len(s) {
			reps = append(reps, Repair{Offset: end, Old: s[end:]})
		}
		return cl, reps
	}
	var b strings.Builder
	b.Grow(len(mid))
	pos := make([]int, 0, len(mid))
	for i := start; i < end; {
		if x := s[i]; x == '\t' || x == '\n' || x == '\r' {
			j := i + 1
			for j < end && (s[j] == '\t' || s[j] == '\n' || s[j] == '\r') {
				j++
			}
			reps = append(reps, Repair{Offset: i, Old: s[i:j]})
			i = j
			continue
		}
		b.WriteByte(s[i])
		pos = append(pos, i)
		i++
	}
	if end < len(s) {
		reps = append(reps, Repair{Offset: end, Old: s[end:]})
	}
	return cleaned{t: b.String(), pos: pos}, reps
}

// repairSets are the bytes each repaired component keeps as they are ("%"
// is looked at separately).
var (
	repairUserInfo = userInfoSet
	repairPath     = pathSet
	repairQuery    = querySet
	repairFragment = querySet
)

// repairer writes the repaired text and collects the repairs of the second
// and third kind.
type repairer struct {
	cl   *cleaned
	b    strings.Builder
	reps []Repair
	// host is the input range of a host IDNA rewrote, in which the removals
	// of repair 1 are part of the host's Repair; -1 when none.
	hostStart, hostEnd int
	// pw is the input range of the password of the userinfo, whose
	// repairs are marked InPassword; empty when there is none.
	pwStart, pwEnd int
}

// copy writes t[i:j] unchanged.
func (r *repairer) copy(i, j int) { r.b.WriteString(r.cl.t[i:j]) }

// encode writes t[i:j] with every byte outside allowed percent-encoded,
// except a "%" that starts a triplet "%" HEXDIG HEXDIG inside t[i:j]. A
// non-ASCII character that stands in one piece in the input is one Repair;
// any other byte is one Repair of its own.
func (r *repairer) encode(i, j int, allowed *byteSet) {
	t := r.cl.t
	from := i
	for k := i; k < j; {
		x := t[k]
		if allowed.contains(x) {
			k++
			continue
		}
		if x == '%' && k+2 < len(t) && k+2 < j && hexDigSet.contains(t[k+1]) && hexDigSet.contains(t[k+2]) {
			k += 3
			continue
		}
		n := 1
		if x >= utf8.RuneSelf {
			if _, size := utf8.DecodeRuneInString(t[k:j]); size > 1 && r.cl.contiguous(k, k+size) {
				n = size
			}
		}
		r.b.WriteString(t[from:k])
		at := r.cl.at(k)
		start := r.b.Len()
		for _, y := range []byte(t[k : k+n]) {
			r.b.WriteByte('%')
			r.b.WriteByte(ascii.UpperHex[y>>4])
			r.b.WriteByte(ascii.UpperHex[y&15])
		}
		enc := r.b.String()[start:]
		r.reps = append(r.reps, Repair{Offset: at, Old: t[k : k+n], New: enc})
		k += n
		from = k
	}
	r.b.WriteString(t[from:j])
}

// host writes the reg-name host t[i:j], through IDNA when it holds a
// non-ASCII byte; a host IDNA refuses, or that is not UTF-8 (which IDNA
// would read as U+FFFD), is written as it is, for the parser to refuse.
func (r *repairer) host(i, j int) {
	h := r.cl.t[i:j]
	ascii := true
	for k := 0; k < len(h); k++ {
		if h[k] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii || h[0] == '[' || !utf8.ValidString(h) {
		r.b.WriteString(h)
		return
	}
	a, err := idnaToASCII(h)
	if err != nil || a == "" || !isRegName(a) {
		r.b.WriteString(h)
		return
	}
	r.b.WriteString(a)
	from, to := r.cl.at(i), r.cl.at(j-1)+1
	r.reps = append(r.reps, Repair{Offset: from, Old: h, New: a})
	r.hostStart, r.hostEnd = from, to
}

// idnaToASCII converts h to its IDNA A-label form with the UTS #46 lookup
// profile, transitional processing off, as browsers look up host names ("ß"
// stays "ß", punycoded). The profile is made here rather than in a package
// variable, so that a program that never calls ParseRepaired links none of
// IDNA's code and tables: a variable's initializer would keep them.
func idnaToASCII(h string) (string, error) {
	return idnahost.ToASCII(h)
}

// isRegName reports whether s holds only bytes a reg-name can (§3.2.2)
// without percent-encoding: what IDNA returns must be one.
func isRegName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !regNameSet.contains(s[i]) {
			return false
		}
	}
	return true
}

// repair makes the repairs of ParseRepaired to s and returns the repaired
// text, the repairs, in order of offset, and the text after the removals of
// repair 1, on which the others were made.
func repair(s string) (string, []Repair, *cleaned) {
	cl, removals := clean(s)
	t := cl.t
	r := &repairer{cl: &cl, hostStart: -1, hostEnd: -1}
	r.b.Grow(len(t) + len(t)/8)
	i := 0
	// scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
	if j := strings.IndexByte(t, ':'); j > 0 && isScheme(t[:j]) {
		r.copy(0, j+1)
		i = j + 1
	}
	// authority
	if strings.HasPrefix(t[i:], "//") {
		start := i + 2
		end := len(t)
		if k := indexAny(t[start:], '/', '?', '#'); k >= 0 {
			end = start + k
		}
		r.copy(i, start)
		hostAt := start
		if at := strings.LastIndexByte(t[start:end], '@'); at >= 0 {
			hostAt = start + at
			if c := strings.IndexByte(t[start:hostAt], ':'); c >= 0 {
				r.pwStart, r.pwEnd = cl.at(start+c)+1, cl.at(hostAt)
			}
			r.encode(start, hostAt, &repairUserInfo)
			r.copy(hostAt, hostAt+1)
			hostAt++
		}
		hostEnd := end
		from := hostAt
		if strings.HasPrefix(t[hostAt:end], "[") {
			if k := strings.IndexByte(t[hostAt:end], ']'); k >= 0 {
				from = hostAt + k
			}
		}
		if k := strings.IndexByte(t[from:end], ':'); k >= 0 {
			hostEnd = from + k
		}
		if hostEnd > hostAt {
			r.host(hostAt, hostEnd)
		}
		r.copy(hostEnd, end)
		i = end
	}
	// path, query, fragment
	q := strings.IndexByte(t[i:], '?')
	f := strings.IndexByte(t[i:], '#')
	if f >= 0 {
		f += i
		if q >= 0 && i+q > f {
			q = -1
		}
	}
	if q >= 0 {
		q += i
	}
	pathEnd := len(t)
	switch {
	case q >= 0:
		pathEnd = q
	case f >= 0:
		pathEnd = f
	}
	r.encode(i, pathEnd, &repairPath)
	if q >= 0 {
		qEnd := len(t)
		if f >= 0 {
			qEnd = f
		}
		r.copy(q, q+1)
		r.encode(q+1, qEnd, &repairQuery)
	}
	if f >= 0 {
		r.copy(f, f+1)
		r.encode(f+1, len(t), &repairFragment)
	}
	reps := merge(removals, r.reps, r.hostStart, r.hostEnd, s)
	for k := range reps {
		if o := reps[k].Offset; r.pwStart <= o && o < r.pwEnd {
			reps[k].InPassword = true
		}
	}
	return r.b.String(), reps, &cl
}

// merge merges the removals of repair 1 and the other repairs, both sorted by
// offset, into one sorted list. A host rewritten by IDNA (the input range
// [hostStart, hostEnd)) takes in the removals inside it: its Repair's Old
// becomes the input text of the range, so that no two repairs overlap.
func merge(removals, others []Repair, hostStart, hostEnd int, s string) []Repair {
	if len(removals) == 0 {
		return others
	}
	out := make([]Repair, 0, len(removals)+len(others))
	i, j := 0, 0
	for i < len(removals) || j < len(others) {
		if j == len(others) || (i < len(removals) && removals[i].Offset < others[j].Offset) {
			rm := removals[i]
			i++
			if hostStart >= 0 && rm.Offset >= hostStart && rm.Offset < hostEnd {
				continue
			}
			out = append(out, rm)
			continue
		}
		o := others[j]
		j++
		if o.Offset == hostStart && hostStart >= 0 {
			o.Old = s[hostStart:hostEnd]
		}
		out = append(out, o)
	}
	return out
}
