// Package mailto parses "mailto" URIs by RFC 6068, with the grammars that
// combinator/abnf compiles from the RFCs' ABNF: the addresses of the to
// part and the header fields, percent-decoded.
//
//	m, err := mailto.Parse("mailto:joe@example.com?cc=bob@example.com&body=hello")
//	// m.To == []string{"joe@example.com"}, m.Body() == "hello"
//
// Parse applies RFC 6068 §2 as it says: the URI is read by the parts its
// prose sets apart (the characters of an address that have to be
// percent-encoded, mailto.abnf), each address is percent-decoded and
// checked against the addr-spec of RFC 6068 §2 (RFC 5322's dot-atom-text
// and quoted-string, with the UTF-8 of RFC 6532), and the whole against
// RFC 6068's own ABNF (MailtoURI, as it reads a URI). A "mailto" URI is a
// URI: every string Parse accepts is one by RFC 3986. Every check but
// that of an address with a quoted-string runs an automaton, in time
// linear in the input.
package mailto

import (
	_ "embed"
	"errors"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
)

//go:embed mailto.abnf
var grammarText string

// grammar is mailto.abnf, with the rules of RFC 6068 and of RFC 6532 (RFC
// 5322 with UTF-8), in octets: a decoded address is UTF-8 bytes.
var grammar = abnf.MustParse(grammarText, abnf.ImportRFC("rfc6068", "rfc6532"), abnf.WithEncoding(abnf.Octets))

// MailtoURI matches a "mailto" URI by the ABNF of RFC 6068 §2 as the RFC
// prints it (abnf.RFC("rfc6068")):
//
//	mailtoURI = "mailto:" [ to ] [ hfields ]
var MailtoURI = abnf.MustRFC("rfc6068").MustRule("mailtoURI")

// Parts matches a "mailto" URI read as RFC 6068 §2's prose says, its
// addresses ending where the characters they must percent-encode start
// (mailto.abnf):
//
//	mailto-parts = "mailto:" [ addresses ] [ hfields ]
//	addresses    = address *( "," address )
//	address      = 1*( addr-char / pct-encoded )
var Parts = grammar.MustRule("mailto-parts")

// AddrSpec matches a decoded address (RFC 6068 §2, RFC 5322 §3.4.1 without
// obsolete forms, RFC 6532 §3.2's UTF-8):
//
//	addr-spec = local-part "@" domain
//	local-part = dot-atom-text / quoted-string
//	domain = dot-atom-text / "[" *dtext-no-obs "]"
var AddrSpec = grammar.MustRule("addr-spec")

// dotAddrSpec is AddrSpec for an address with no DQUOTE (mailto.abnf), and
// mailtoABNF is MailtoURI for a URI, which holds none: both regular.
var (
	dotAddrSpec = grammar.MustRule("dot-addr-spec")
	mailtoABNF  = grammar.MustRule("mailto-abnf")
)

// QChar, HField and HFields are RFC 6068 §2's rules of header fields:
//
//	hfields = "?" hfield *( "&" hfield )
//	hfield = hfname "=" hfvalue ; hfname = *qchar ; hfvalue = *qchar
//	qchar = unreserved / pct-encoded / some-delims
var (
	QChar   = grammar.MustRule("qchar")
	HField  = grammar.MustRule("hfield")
	HFields = grammar.MustRule("hfields")
)

// QCharSet is what qchar allows as it stands (RFC 6068 §2): unreserved /
// some-delims, where some-delims = "!" / "$" / "'" / "(" / ")" / "*" / "+" /
// "," / ";" / ":" / "@". String encodes the rest of a header field.
var QCharSet = c.UnreservedSet.Union(c.Chars("!$'()*+,;:@"))

// AddrCharSet is what an address of the to part allows as it stands: pchar
// (RFC 3986 §3.3) less ",", which separates addresses, and less "&", ";" and
// "=", which RFC 6068 §2 says have to be percent-encoded in an addr-spec
// (mailto.abnf's addr-char). String encodes the rest of an address.
var AddrCharSet = c.PCharSet.Minus(c.Chars(",&;="))

// Header is a header field, decoded.
type Header struct {
	Name  string // as written, decoded: compare it case-insensitively
	Value string
}

// Mailto is a parsed "mailto" URI.
type Mailto struct {
	To      []string // the decoded addresses of the to part, in order
	Headers []Header // every header field, in order, "to" fields included
}

// ParseError is the error of Parse: where s stops being a "mailto" URI, or
// which address is not an addr-spec.
type ParseError struct {
	Input  string
	Offset int    // in Input: of the syntax error, or of the start of the address
	Addr   string // the decoded address, for an address that is not an addr-spec
	Err    *c.SyntaxError
}

// Error returns a message such as
//
//	mailto: invalid character ' ' at offset 11 in addr: expected pct-encoded, …
//	mailto: address "joe" at offset 7: unexpected end of input at offset 3 in addr-spec: expected "@"
//
// An address longer than 64 bytes is cut to the 64 around the fault, with
// "…" and its length.
func (e *ParseError) Error() string {
	in := e.Err.In
	if in == "" {
		in = e.Err.Rule
	}
	msg := e.Err.Found() + " at offset " + strconv.Itoa(e.Err.Offset) + " in " + in + ": expected " + c.JoinExpected(e.Err.Expected)
	if e.Addr != "" || e.Err.Rule == "addr-spec" {
		return "mailto: address " + errtext.Quote(e.Addr, e.Err.Offset) + " at offset " + strconv.Itoa(e.Offset) + ": " + msg
	}
	return "mailto: " + msg
}

// Unwrap returns the *combinator.SyntaxError.
func (e *ParseError) Unwrap() error { return e.Err }

// Parse parses s as a "mailto" URI (RFC 6068) and decodes its addresses and
// header fields. Each address, of the to part and of "to" header fields,
// must decode to an addr-spec (AddrSpec).
//
// Once Parts matches, the to part ends at the first "?", its addresses
// end at ",", the header fields at "&" and their names at the first "=":
// Parts holds none of those elsewhere. The addresses of a "to" header
// field are split after decoding, on the commas outside quoted-strings
// (splitAddrs): the grammar of the URI cannot see them.
func Parse(s string) (Mailto, error) {
	if err := Parts.Check(s); err != nil {
		return Mailto{}, syntaxError(s, err)
	}
	var m Mailto
	rest, at := s[len("mailto:"):], len("mailto:")
	to, fields, _ := strings.Cut(rest, "?")
	if to != "" {
		for _, raw := range strings.Split(to, ",") {
			a := decode(raw)
			if err := checkAddr(s, at, a); err != nil {
				return Mailto{}, err
			}
			m.To = append(m.To, a)
			at += len(raw) + 1
		}
	}
	if rest != to {
		at = len(s) - len(fields)
		for _, field := range strings.Split(fields, "&") {
			name, value, _ := strings.Cut(field, "=")
			h := Header{decode(name), decode(value)}
			if isTo(h) {
				k, start := 0, at+len(name)+1 // k: where a starts in h.Value
				for _, a := range splitAddrs(h.Value) {
					if err := checkAddr(s, start+uri.EncodedOffset(value, k), a); err != nil {
						return Mailto{}, err
					}
					k += len(a) + 1
				}
			}
			m.Headers = append(m.Headers, h)
			at += len(field) + 1
		}
	}
	// The reading of the prose is the ABNF's: the URI is RFC 6068's.
	if err := mailtoABNF.Check(s); err != nil {
		return Mailto{}, syntaxError(s, err)
	}
	return m, nil
}

// syntaxError is the *ParseError of a *combinator.SyntaxError of s.
func syntaxError(s string, err error) error {
	var se *c.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	return &ParseError{Input: s, Offset: se.Offset, Err: se}
}

// checkAddr checks the decoded address a, written at offset at of s,
// against AddrSpec: with dotAddrSpec, an automaton, when a is long and
// holds no DQUOTE, which a quoted-string needs (the search a quoted-string
// with comments needs costs more a byte).
func checkAddr(s string, at int, a string) error {
	r := AddrSpec
	if len(a) > 4096 && !strings.Contains(a, `"`) {
		r = dotAddrSpec // the same language, without a quoted-string: linear
	}
	if !r.Match(a) {
		return &ParseError{Input: s, Offset: at, Addr: a, Err: r.Explain(a)}
	}
	return nil
}

// isTo reports whether h is a "to" header field with addresses.
func isTo(h Header) bool { return asciiEqualFold(h.Name, "to") && h.Value != "" }

// asciiEqualFold reports whether a and b are equal under ASCII case folding:
// header field names are case-insensitive in ASCII only (RFC 5322 §1.2.2),
// so "\u017Fubject" is not "subject", as strings.EqualFold would have it.
func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

func decode(s string) string {
	d, err := uri.PercentDecode(s)
	if err != nil {
		return s
	}
	return d
}

// splitAddrs splits a decoded list of addresses on the commas outside
// quoted-strings.
func splitAddrs(v string) []string {
	var out []string
	quoted, start := false, 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			if quoted {
				i++
			}
		case '"':
			quoted = !quoted
		case ',':
			if !quoted {
				out = append(out, v[start:i])
				start = i + 1
			}
		}
	}
	return append(out, v[start:])
}

// Header returns the value of the first header field named name (ASCII
// case-insensitively), and whether there is one.
func (m Mailto) Header(name string) (string, bool) {
	for _, h := range m.Headers {
		if asciiEqualFold(h.Name, name) {
			return h.Value, true
		}
	}
	return "", false
}

// Subject returns the subject header field, or "".
func (m Mailto) Subject() string { v, _ := m.Header("subject"); return v }

// Body returns the body pseudo-header field, or "" (RFC 6068 §2: the first
// text/plain body part of the message; line breaks are "\r\n").
func (m Mailto) Body() string { v, _ := m.Header("body"); return v }

// Recipients returns the addresses of the to part followed by those of each
// "to" header field: the "To" of the message (RFC 6068 §2).
func (m Mailto) Recipients() []string {
	out := append([]string(nil), m.To...)
	for _, h := range m.Headers {
		if isTo(h) {
			out = append(out, splitAddrs(h.Value)...)
		}
	}
	return out
}

// String returns m as a "mailto" URI, each address and header field
// percent-encoded where RFC 6068 §2 requires, and an address as its ABNF
// reads it (encodeAddr). Parse gives back the same parts.
func (m Mailto) String() string {
	var b strings.Builder
	b.WriteString("mailto:")
	for i, a := range m.To {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(encodeAddr(a))
	}
	for i, h := range m.Headers {
		if i == 0 {
			b.WriteByte('?')
		} else {
			b.WriteByte('&')
		}
		b.WriteString(uri.Encode(h.Name, QCharSet))
		b.WriteByte('=')
		b.WriteString(uri.Encode(h.Value, QCharSet))
	}
	return b.String()
}

// atomSet is what an address keeps as it stands in String: the characters
// of atext (RFC 5322 §3.2.3) that AddrCharSet allows, and ".".
var atomSet = c.AlphaSet.Union(c.DigitSet, c.Chars("-_~!$'*+."))

// encodeAddr percent-encodes the address a so that the URI holds it as
// RFC 6068's ABNF reads an addr-spec: a dot-atom-text, "@", a dot-atom-text.
// Every character but those of atomSet is encoded, the "@" that ends the
// local part aside; so are the dots of a quoted local part and of a
// domain literal, which the ABNF would read as empty atoms.
func encodeAddr(a string) string {
	i := strings.LastIndexByte(a, '@')
	if i < 0 {
		return uri.Encode(a, AddrCharSet)
	}
	local, domain := a[:i], a[i+1:]
	set := func(part string) c.CharSet {
		if strings.HasPrefix(part, `"`) || strings.HasPrefix(part, "[") {
			return atomSet.Minus(c.Chars("."))
		}
		return atomSet
	}
	return uri.Encode(local, set(local)) + "@" + uri.Encode(domain, set(domain))
}
