package uri

import (
	"encoding/json"
	"log/slog"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
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
// Changes close together in one component are one Repair: a run of 1,000
// spaces in a path is one, Old the run and New its encoding, and so is
// "{term}" in a query (Old "{term}", New "%7Bterm%7D"), whose unchanged
// bytes stand in both. Two changes make two repairs when 16 bytes or more
// that did not change lie between them, or when they are in different
// components (the scheme, the userinfo before the password, the password,
// the host and port, the path, the query, the fragment, and each delimiter
// between them), so a repair never spans the start or the end of a
// password. A host rewritten by IDNA is one Repair, and so is each trimmed
// end of the text. So a text has at most one Repair for every 17 bytes,
// and a few more.
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
//
// Old and New are quoted as strconv.Quote quotes (control, bidi and other
// characters that do not print escaped), each cut to its first 64 bytes
// when longer, with "…" and its length after it:
//
//	offset 9: "%%%%…" (16777207 bytes) → "%25%25%25…" (50331621 bytes)
//
// so that the description is at most about 600 bytes whatever the input.
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
	return "offset " + strconv.Itoa(r.Offset) + ": " + errtext.Quote(r.Old, 0) + " → " + errtext.Quote(r.New, 0)
}

// printMax is the most bytes of Old and of New that GoString and
// MarshalJSON show.
const printMax = errtext.Max

// GoString makes the %#v verb of package fmt print r as Go syntax, with Old
// and New as "xxxxx" (as Redacted writes a password) when InPassword is set.
// An Old or New longer than 64 bytes is cut to its first 64, followed by a
// comment that gives its length, as in
//
//	uri.Repair{Offset:9, Old:"%%%%…" /* 16777207 bytes */, New:"%25%25…" /* 50331621 bytes */, InPassword:false}
func (r Repair) GoString() string {
	o, n := goQuote(r.Old), goQuote(r.New)
	if r.InPassword {
		o, n = `"`+errtext.Redaction+`"`, `"`+errtext.Redaction+`"`
	}
	return "uri.Repair{Offset:" + strconv.Itoa(r.Offset) + ", Old:" + o + ", New:" + n +
		", InPassword:" + strconv.FormatBool(r.InPassword) + "}"
}

// goQuote quotes s as strconv.Quote does, cut to printMax bytes as GoString
// says.
func goQuote(s string) string {
	if len(s) <= printMax {
		return strconv.Quote(s)
	}
	return strconv.Quote(errtext.Clip(s, printMax)) + " /* " + strconv.Itoa(len(s)) + " bytes */"
}

// MarshalJSON writes r as a JSON object of its four fields, Old and New as
// "xxxxx" when InPassword is set, so that a list of repairs marshalled into
// a log line (slog's JSON handler marshals a slice as it is) does not show
// a password. An Old or New longer than 64 bytes is cut to its first 64,
// followed by "…", and its length is given as OldBytes or NewBytes; a
// character that does not print (a bidi control, for one) is escaped as
// \uXXXX, as encoding/json escapes control characters. A short repair
// outside the password is written as encoding/json would write it.
func (r Repair) MarshalJSON() ([]byte, error) {
	type plain Repair // without the method, not to recurse
	if r.InPassword {
		r.Old, r.New = errtext.Redaction, errtext.Redaction
	}
	var b []byte
	var err error
	if len(r.Old) <= printMax && len(r.New) <= printMax {
		b, err = json.Marshal(plain(r))
	} else {
		type clipped struct {
			plain
			OldBytes int `json:",omitempty"`
			NewBytes int `json:",omitempty"`
		}
		c := clipped{plain: plain(r)}
		if len(r.Old) > printMax {
			c.Old, c.OldBytes = errtext.Clip(r.Old, printMax), len(r.Old)
		}
		if len(r.New) > printMax {
			c.New, c.NewBytes = errtext.Clip(r.New, printMax), len(r.New)
		}
		b, err = json.Marshal(c)
	}
	if err != nil {
		return nil, err
	}
	return escapeUnprintable(b), nil
}

// escapeUnprintable escapes, in the JSON text b, each non-ASCII character
// that does not print as \uXXXX (a pair of them past U+FFFF): encoding/json
// leaves bidi controls and the like as they are. b is valid UTF-8 (encoding/json
// writes U+FFFD for invalid bytes), and such a character can only stand in a
// string.
func escapeUnprintable(b []byte) []byte {
	var out []byte
	from := 0
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		c, size := utf8.DecodeRune(b[i:])
		if unicode.IsPrint(c) {
			i += size
			continue
		}
		out = append(out, b[from:i]...)
		if c > 0xFFFF {
			r1, r2 := utf16.EncodeRune(c)
			out = appendU(appendU(out, r1), r2)
		} else {
			out = appendU(out, c)
		}
		i += size
		from = i
	}
	if out == nil {
		return b
	}
	return append(out, b[from:]...)
}

// appendU appends \uXXXX for c, which is at most U+FFFF.
func appendU(b []byte, c rune) []byte {
	const hex = "0123456789abcdef"
	return append(b, '\\', 'u', hex[c>>12&15], hex[c>>8&15], hex[c>>4&15], hex[c&15])
}

// LogValue makes a Repair a slog.LogValuer: it logs as String, so that a
// JSON handler, which would marshal Old and New, does not show a password,
// and no record is longer than String's.
func (r Repair) LogValue() slog.Value { return slog.StringValue(r.String()) }

// ParseRepaired parses s as a URI reference (§4.1) after a fixed, short
// list of repairs for pasted and scraped text, those that keep what the
// reference means, and returns the URI with the list of what it changed, in
// order. A valid URI reference comes back unchanged with no repair, unless
// browsers read another host in it (see below); repairing a repaired text
// changes nothing. It does not read s as a browser does: package weburl
// does that, by the WHATWG URL Standard, and its CompareReadings shows
// where the two readings of one text part. Where a text, repaired or not,
// names another host or port than browsers read in it, ParseRepaired
// refuses it with a *ReadingError (see below). The repairs are exactly
// these:
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
//     host is not repaired and stays an error; a host longer than 1,024
//     bytes is not converted at all.
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
// ParseRepaired never hands a program a host or port that browsers would
// not connect to, whether it repaired the text or not: it reads every text
// as the URL Standard reads an href (one with a scheme on its own, a
// relative reference against an http base, the base of nearly every href),
// and where that names another host or port than the returned reference,
// compared as a resolver gets them, it fails with a *ReadingError that says
// where and why. C0 controls and spaces around the text never change the
// verdict. The URL Standard reads a non-special scheme's authority where
// RFC 3986 does; for http, https, ws, wss, ftp and file URLs, and for a
// relative reference, ParseRepaired refuses:
//
//   - a "\" in the authority or in the slashes before it, a "/" to browsers
//     ("http://example.com\@evil.com/" is example.com to them,
//     "https:/\evil.com" and "\\evil.com" are evil.com);
//   - a run of slashes other than "//", or none, before a host browsers read
//     ("https:evil.com", "https:/evil.com", "http:///evil.com", "///evil.com";
//     a file URL reads a host only after two);
//   - a host browsers read as an IPv4 address that RFC 3986 does not read as
//     that address written in dotted decimal ("0x7f.1", "127.1",
//     "2130706433", "0177.0.0.1", "1.2.3.4." are 127.0.0.1 or 1.2.3.4 to
//     them), percent-decoded and mapped by UTS #46 first, as browsers map a
//     host ("127.0.0.%EF%BC%91", whose last digit is fullwidth): a reg-name
//     of percent-encoded digits and dots, "127.0.0.%31", is the address it
//     decodes to (§6.2.2.2), and a fullwidth host the IDNA repair maps to
//     one is that address;
//   - a Windows drive letter where RFC 3986 reads the host of a file URL
//     ("file://c:/x" is a path to browsers);
//   - a host that percent-decodes to non-ASCII characters the IDNA profile
//     here cannot map as browsers do: one it refuses (browsers' rules are
//     looser), or one longer than 1,024 bytes.
//
// A text browsers refuse is not refused for that: they fetch nothing from
// it, so RFC 3986's reading stands. Browsers refuse a host that is empty,
// that holds a forbidden domain code point once percent-decoded ("a%3Cb",
// "%00"), that is not UTF-8 once decoded, or a number their IPv4 parser
// refuses ("1.2.3.256"), and a port over 65535 or not all digits:
// "http://user:pa\ss@h/" is the host "user" and the port "pa" to them, so
// ParseRepaired encodes the "\" in the password.
//
// When the repaired text is not a URI reference, the error is the
// *ParseError of ParseReference on the repaired text, with its Input set to
// s and its Offset moved to where the offending byte stands in s (len(s)
// when the repaired text ended too early), and so are the offsets its Hint
// names; the URI and the repairs are then zero. Its Component names the component in the repaired text.
//
// ParseRepaired takes time linear in the length of s and allocates at most
// a few bytes for each of its bytes: the repaired text (3 bytes for a byte
// it encodes), the text after the removals of repair 1 when there are any,
// and the repairs, which changes close together share (see Repair).
func ParseRepaired(s string) (URI, []Repair, error) {
	u, err := ParseReference(s)
	if err == nil {
		if re := checkWebReading(s, nil, u, true, nil); re != nil {
			return URI{}, nil, re
		}
		return u, nil, nil
	}
	t, reps, cl := repair(s)
	if len(reps) > 0 {
		u, err = ParseReference(t)
	}
	if re := checkWebReading(s, cl, u, err == nil, nil); re != nil {
		return URI{}, nil, re
	}
	if err != nil {
		if pe, ok := err.(*ParseError); ok && len(reps) > 0 {
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
// maps to the byte of its Old it came from (see offsetIn).
func inputOffset(reps []Repair, o int) int {
	delta := 0 // len(repaired prefix) - len(input prefix)
	for _, r := range reps {
		start := r.Offset + delta
		if o < start {
			break
		}
		if o < start+len(r.New) {
			return r.Offset + offsetIn(r.Old, r.New, o-start)
		}
		delta += len(r.New) - len(r.Old)
	}
	return o - delta
}

// offsetIn returns the offset in old of the byte that byte j of new, its
// repaired form, came from, walking both as the repairs of the second kind
// were made: a tab, LF or CR removed, a byte percent-encoded, a byte kept
// (a "%" is kept when the two bytes after it, tabs, LFs and CRs left out,
// are hex digits). It returns 0 where the walk does not fit, as for a host
// rewritten by IDNA, which is one piece.
func offsetIn(old, new string, j int) int {
	i, k := 0, 0
	for i < len(old) && k < len(new) {
		x := old[i]
		if removed(x) {
			i++
			continue
		}
		step := 1 // bytes of new for old[i]
		if x != new[k] || (x == '%' && !tripletAt(old, i+1, len(old))) {
			if new[k] != '%' {
				return 0
			}
			step = 3
		}
		if j < k+step {
			return i
		}
		i, k = i+1, k+step
	}
	return 0
}

// removed reports whether repair 1 removes x wherever it stands.
func removed(x byte) bool { return x == '\t' || x == '\n' || x == '\r' }

// tripletAt reports whether the two bytes of s[i:end] that repair 1 keeps
// first are hex digits: a "%" before them starts a triplet (§2.1).
func tripletAt(s string, i, end int) bool {
	n := 0
	for ; i < end && n < 2; i++ {
		if removed(s[i]) {
			continue
		}
		if !hexDigSet.contains(s[i]) {
			return false
		}
		n++
	}
	return n == 2
}

// c0OrSpace reports whether x is a C0 control or a space, which the WHATWG
// URL parser trims from both ends of its input.
func c0OrSpace(x byte) bool { return x <= ' ' }

// cleaned is the input of ParseRepaired after repair 1: its text t, and how
// to find where each byte of t stands in the input s. There is no table of
// offsets (it would cost a word a byte): at walks s, from where it last
// stopped.
type cleaned struct {
	s, t       string
	start, end int  // s[start:end] is s without its trimmed ends
	inner      bool // a tab, LF or CR was removed from s[start:end]
	ci, si     int  // at's cursor: byte ci of t is s[si]
}

// at returns the offset in the input of byte i of the cleaned text (of the
// trimmed end for i == len(t)). Calls with increasing i cost, together, one
// walk of the input.
func (cl *cleaned) at(i int) int {
	i = max(i, 0)
	if !cl.inner {
		return cl.start + i
	}
	if i < cl.ci {
		cl.ci, cl.si = 0, cl.start // s[start] is kept: the trim took every removed byte before it
	}
	for cl.ci < i {
		cl.si++
		for cl.si < cl.end && removed(cl.s[cl.si]) {
			cl.si++
		}
		cl.ci++
	}
	return cl.si
}

// clean makes repair 1 to s: it trims C0 controls and spaces from both ends
// and removes every tab, LF and CR. The removals are not recorded here: the
// repairer records them as it walks the input.
func clean(s string) *cleaned {
	start, end := 0, len(s)
	for start < end && c0OrSpace(s[start]) {
		start++
	}
	for end > start && c0OrSpace(s[end-1]) {
		end--
	}
	cl := &cleaned{s: s, t: s[start:end], start: start, end: end, si: start}
	if strings.ContainsAny(cl.t, "\t\n\r") {
		cl.inner = true
		var b strings.Builder // its String does not copy
		b.Grow(len(cl.t))
		for i := start; i < end; {
			j := i
			for j < end && !removed(s[j]) {
				j++
			}
			b.WriteString(s[i:j])
			for j < end && removed(s[j]) {
				j++
			}
			i = j
		}
		cl.t = b.String()
	}
	return cl
}

// repairSets are the bytes each repaired component keeps as they are ("%"
// is looked at separately).
var (
	repairUserInfo = userInfoSet
	repairPath     = pathSet
	repairQuery    = querySet
	repairFragment = querySet
)

// mergeGap is how close two changes must be to make one Repair: fewer than
// this many unchanged bytes between them. It bounds the number of repairs by
// the length of the input over mergeGap+1 (a Repair is 48 bytes), so that a
// text of alternating spaces and letters costs a few bytes a byte.
const mergeGap = 16

// maxIDNAHost is the longest host, in bytes, that repair 3 converts: a DNS
// name is at most 253 bytes in its A-label form (RFC 1034 §3.1), which is
// at most 4 bytes of UTF-8 a byte once decoded. IDNA's Punycode step costs
// the square of a label's length; a longer host is left as it is, for the
// parser to refuse.
const maxIDNAHost = 1024

// repairer walks the input once to count the bytes of the repaired text,
// then once more to write them into a buffer of that size, collecting the
// repairs as it goes: each change (a removal or an encoding) joins the open
// Repair when fewer than mergeGap unchanged bytes lie between them.
type repairer struct {
	s        string // the input
	cl       *cleaned
	counting bool // the first walk: n counts, nothing is written
	n, nreps int  // the first walk's counts: bytes written, repairs
	b        strings.Builder
	reps     []Repair

	open                   bool // a Repair is open: s[inStart:inEnd] became the output [outStart:outEnd]
	inStart, inEnd         int
	outStart, outEnd       int
	pwStart, pwEnd         int    // the password's input range: its repairs have InPassword; empty when none
	idna                   string // the A-label form of the host, or "" when repair 3 does not apply
	hostSeen               bool   // the first walk has looked at the host
	hostInStart, hostInEnd int    // the input range of a host repair 3 rewrites
}

// len returns the length of the output so far.
func (r *repairer) len() int {
	if r.counting {
		return r.n
	}
	return r.b.Len()
}

func (r *repairer) write(s string) {
	if r.counting {
		r.n += len(s)
		return
	}
	r.b.WriteString(s)
}

// changed records that s[i:j] changed into the output written since out.
func (r *repairer) changed(i, j, out int) {
	if r.open && i-r.inEnd < mergeGap {
		r.inEnd, r.outEnd = j, r.len()
		return
	}
	r.close()
	r.open = true
	r.inStart, r.inEnd, r.outStart, r.outEnd = i, j, out, r.len()
}

// close ends the open Repair, if any: what follows it is another one.
func (r *repairer) close() {
	if !r.open {
		return
	}
	r.open = false
	if r.counting {
		r.nreps++
		return
	}
	// The buffer has its final size: New shares its bytes, never copied.
	r.add(Repair{Offset: r.inStart, Old: r.s[r.inStart:r.inEnd], New: r.b.String()[r.outStart:r.outEnd]})
}

// add appends a Repair, marked InPassword when it starts in the password
// (the first walk only counts it).
func (r *repairer) add(rep Repair) {
	if r.counting {
		r.nreps++
		return
	}
	rep.InPassword = r.pwStart <= rep.Offset && rep.Offset < r.pwEnd
	r.reps = append(r.reps, rep)
}

// encode writes s[i:j] (input offsets) repaired: tabs, LFs and CRs removed,
// and, unless allowed is nil, every byte outside allowed percent-encoded,
// except a "%" that starts a triplet "%" HEXDIG HEXDIG in the cleaned text
// of s[i:j]. s[i:j] is one component or a delimiter, so no Repair spans two
// components.
func (r *repairer) encode(i, j int, allowed *byteSet) {
	r.close()
	s := r.s
	from := i // s[from:k] is kept and not yet written
	for k := i; k < j; {
		x := s[k]
		if removed(x) {
			r.write(s[from:k])
			e := k + 1
			for e < j && removed(s[e]) {
				e++
			}
			r.changed(k, e, r.len())
			k, from = e, e
			continue
		}
		if allowed == nil || allowed.contains(x) || (x == '%' && tripletAt(s, k+1, j)) {
			k++
			continue
		}
		r.write(s[from:k])
		out := r.len()
		e := k
		for ; e < j && !removed(s[e]) && !allowed.contains(s[e]) && (s[e] != '%' || !tripletAt(s, e+1, j)); e++ {
			if r.counting {
				r.n += 3
				continue
			}
			y := s[e]
			r.b.WriteByte('%')
			r.b.WriteByte(ascii.UpperHex[y>>4])
			r.b.WriteByte(ascii.UpperHex[y&15])
		}
		r.changed(k, e, out)
		k, from = e, e
	}
	r.write(s[from:j])
}

// seg is encode for t[i:j], a range of the cleaned text: it takes in the
// removed bytes before t[j].
func (r *repairer) seg(i, j int, allowed *byteSet) {
	r.encode(r.cl.at(i), r.cl.at(j), allowed)
}

// idnaHost returns the A-label form of the reg-name host h when it holds a
// non-ASCII byte and IDNA converts it to a reg-name, else "": a host IDNA
// refuses, that is not UTF-8 (which IDNA would read as U+FFFD) or longer
// than maxIDNAHost is left as it is, for the parser to refuse.
func idnaHost(h string) string {
	ascii := true
	for k := 0; k < len(h); k++ {
		if h[k] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii || h[0] == '[' || len(h) > maxIDNAHost || !utf8.ValidString(h) {
		return ""
	}
	a, err := idnaToASCII(h)
	if err != nil || a == "" || !isRegName(a) {
		return ""
	}
	return a
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
// repair 1, on which the text was split into components.
func repair(s string) (string, []Repair, *cleaned) {
	cl := clean(s)
	r := &repairer{s: s, cl: cl, pwStart: -1, pwEnd: -1}
	r.counting = true
	r.walk()
	r.close()
	r.counting = false
	r.b.Grow(r.n)
	if n := r.nreps + 2; n > 2 { // with the trimmed ends
		r.reps = make([]Repair, 0, n)
	}
	if cl.start > 0 {
		r.add(Repair{Offset: 0, Old: s[:cl.start]})
	}
	r.walk()
	r.close()
	if cl.end < len(s) {
		r.add(Repair{Offset: cl.end, Old: s[cl.end:]})
	}
	return r.b.String(), r.reps, cl
}

// walk splits the cleaned text into components, as the WHATWG URL parser
// splits it, and writes each repaired: the second walk finds the split
// already made by the first.
func (r *repairer) walk() {
	cl := r.cl
	t := cl.t
	i := 0
	// scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
	if j := strings.IndexByte(t, ':'); j > 0 && isScheme(t[:j]) {
		r.seg(0, j+1, nil)
		i = j + 1
	}
	// authority
	if strings.HasPrefix(t[i:], "//") {
		start := i + 2
		end := len(t)
		if k := indexAny(t[start:], '/', '?', '#'); k >= 0 {
			end = start + k
		}
		r.seg(i, start, nil)
		hostAt := start
		if at := strings.LastIndexByte(t[start:end], '@'); at >= 0 {
			hostAt = start + at
			if c := strings.IndexByte(t[start:hostAt], ':'); c >= 0 {
				// Each encode starts a Repair of its own: none spans
				// an edge of the password.
				r.pwStart, r.pwEnd = cl.at(start+c)+1, cl.at(hostAt)
				r.encode(cl.at(start), r.pwStart, &repairUserInfo)
				r.encode(r.pwStart, r.pwEnd, &repairUserInfo)
			} else {
				r.seg(start, hostAt, &repairUserInfo)
			}
			r.seg(hostAt, hostAt+1, nil)
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
		if hostEnd > hostAt && !r.hostSeen {
			r.hostSeen = true
			r.idna = idnaHost(t[hostAt:hostEnd])
			if r.idna != "" {
				r.hostInStart, r.hostInEnd = cl.at(hostAt), cl.at(hostEnd-1)+1
			}
		}
		if r.idna != "" {
			// The host is one Repair, the removals inside it included.
			r.close()
			r.write(r.idna)
			r.add(Repair{Offset: r.hostInStart, Old: r.s[r.hostInStart:r.hostInEnd], New: r.idna})
			r.encode(r.hostInEnd, cl.at(end), nil)
		} else {
			r.seg(hostAt, end, nil)
		}
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
	r.seg(i, pathEnd, &repairPath)
	if q >= 0 {
		qEnd := len(t)
		if f >= 0 {
			qEnd = f
		}
		r.seg(q, q+1, nil)
		r.seg(q+1, qEnd, &repairQuery)
	}
	if f >= 0 {
		r.seg(f, f+1, nil)
		r.seg(f+1, len(t), &repairFragment)
	}
}
