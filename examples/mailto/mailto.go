// Package mailto parses "mailto" URIs by RFC 6068 with a grammar built from
// the exported RFC 3986 rules of the combinator package: the addresses of
// the to part and the header fields, percent-decoded.
//
//	m, err := mailto.Parse("mailto:joe@example.com?cc=bob@example.com&body=hello")
//	// m.To == []string{"joe@example.com"}, m.Body() == "hello"
//
// The URI is checked first (MailtoURI), then each decoded address against
// the addr-spec of RFC 5322 without comments (AddrSpec), as RFC 6068 §2 asks;
// well-formed non-ASCII UTF-8 is allowed in addresses (RFC 6532). A "mailto"
// URI is a URI: every string Parse accepts is one by RFC 3986.
package mailto

import (
	"errors"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/uri"
)

// QCharSet is what qchar allows as it stands (RFC 6068 §2): unreserved /
// some-delims, where some-delims = "!" / "$" / "'" / "(" / ")" / "*" / "+" /
// "," / ";" / ":" / "@".
var QCharSet = c.UnreservedSet.Union(c.Chars("!$'()*+,;:@"))

// QChar matches one character of a header field name or value (RFC 6068 §2):
//
//	qchar = unreserved / pct-encoded / some-delims
var QChar = c.Named("qchar", c.Alt(c.Named("qchar-char", c.Class(QCharSet)), c.PctEncoded))

// AddrCharSet is what an address of the to part allows as it stands: pchar
// (RFC 3986 §3.3) less ",", which separates addresses, and less "&", ";" and
// "=", which RFC 6068 §2 says have to be percent-encoded in an addr-spec.
var AddrCharSet = c.PCharSet.Minus(c.Chars(",&;="))

// Addr matches one address of the to part as the URI writes it, before
// decoding: the characters of an addr-spec that RFC 6068 §2 leaves
// unencoded:
//
//	addr = 1*( pchar - ( "," / "&" / ";" / "=" ) )
var Addr = c.Named("addr", c.Plus(c.Alt(c.Named("addr-char", c.Class(AddrCharSet)), c.PctEncoded)))

// To matches the to part (RFC 6068 §2, over Addr):
//
//	to = addr *( "," addr )
var To = c.Named("to", c.Seq(Addr, c.Star(c.Seq(c.Lit(","), Addr))))

// HField matches a header field (RFC 6068 §2):
//
//	hfield = hfname "=" hfvalue ; hfname = *qchar ; hfvalue = *qchar
var HField = c.Named("hfield", c.Seq(c.Named("hfname", c.Star(QChar)), c.Lit("="), c.Named("hfvalue", c.Star(QChar))))

// HFields matches the header fields (RFC 6068 §2):
//
//	hfields = "?" hfield *( "&" hfield )
var HFields = c.Named("hfields", c.Seq(c.Lit("?"), HField, c.Star(c.Seq(c.Lit("&"), HField))))

// MailtoURI matches a "mailto" URI (RFC 6068 §2); "mailto:" is
// case-insensitive:
//
//	mailtoURI = "mailto:" [ to ] [ hfields ]
var MailtoURI = c.Named("mailtoURI", c.Seq(c.LitFold("mailto:"), c.Opt(To), c.Opt(HFields)))

// UTF8NonASCII matches one well-formed non-ASCII UTF-8 character (RFC 6532
// §3.1, after RFC 3629 §4): overlong forms, surrogates and code points past
// U+10FFFF are refused at their first impossible byte.
//
//	UTF8-non-ascii = UTF8-2 / UTF8-3 / UTF8-4
//	UTF8-2 = %xC2-DF UTF8-tail
//	UTF8-3 = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
//	         %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
//	UTF8-4 = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
//	         %xF4 %x80-8F 2( UTF8-tail )
//	UTF8-tail = %x80-BF
var UTF8NonASCII = c.Named("UTF8-non-ascii", c.Alt(
	c.Seq(c.Class(c.ByteRange(0xc2, 0xdf)), utf8Tail),
	c.Seq(c.Lit("\xe0"), c.Class(c.ByteRange(0xa0, 0xbf)), utf8Tail),
	c.Seq(c.Class(c.ByteRange(0xe1, 0xec).Union(c.ByteRange(0xee, 0xef))), c.Rep(2, 2, utf8Tail)),
	c.Seq(c.Lit("\xed"), c.Class(c.ByteRange(0x80, 0x9f)), utf8Tail),
	c.Seq(c.Lit("\xf0"), c.Class(c.ByteRange(0x90, 0xbf)), c.Rep(2, 2, utf8Tail)),
	c.Seq(c.Class(c.ByteRange(0xf1, 0xf3)), c.Rep(3, 3, utf8Tail)),
	c.Seq(c.Lit("\xf4"), c.Class(c.ByteRange(0x80, 0x8f)), c.Rep(2, 2, utf8Tail))))

var utf8Tail = c.Named("UTF8-tail", c.Class(c.ByteRange(0x80, 0xbf)))

// atextSet is atext of RFC 5322 §3.2.3.
var atextSet = c.AlphaSet.Union(c.DigitSet, c.Chars("!#$%&'*+-/=?^_`{|}~"))

// DotAtomText matches a dot-atom-text (RFC 5322 §3.2.3), on decoded text:
//
//	dot-atom-text = 1*atext *( "." 1*atext )
var DotAtomText = c.Named("dot-atom-text", c.Seq(c.Plus(atext), c.Star(c.Seq(c.Lit("."), c.Plus(atext)))))

// atext = ALPHA / DIGIT / "!" / … / "~" / UTF8-non-ascii (RFC 5322 §3.2.3,
// RFC 6532 §3.2)
var atext = c.Named("atext", c.Alt(c.Class(atextSet), UTF8NonASCII))

// QuotedString matches a quoted-string without comments (RFC 5322 §3.2.4),
// on decoded text, with RFC 6532 §3.2's UTF-8 in qtext and VCHAR. Its white
// space is WSP; a folding CRLF is not taken:
//
//	quoted-string = DQUOTE *( qtext / WSP / quoted-pair ) DQUOTE
//	qtext = %d33 / %d35-91 / %d93-126 / UTF8-non-ascii
//	quoted-pair = "\" ( VCHAR / WSP ) ; VCHAR =/ UTF8-non-ascii
var QuotedString = c.Named("quoted-string", c.Seq(c.Lit(`"`), c.Star(c.Alt(
	c.Class(c.ByteRange(32, 33).Union(c.ByteRange(35, 91), c.ByteRange(93, 126), c.Chars("\t"))),
	UTF8NonASCII,
	c.Seq(c.Lit(`\`), c.Alt(c.Class(c.ByteRange(32, 126).Union(c.Chars("\t"))), UTF8NonASCII)))), c.Lit(`"`)))

// AddrSpec matches a decoded address (RFC 6068 §2, RFC 5322 §3.4.1 without
// obsolete forms):
//
//	addr-spec = local-part "@" domain
//	local-part = dot-atom-text / quoted-string
//	domain = dot-atom-text / "[" *dtext-no-obs "]"
//	dtext-no-obs = %d33-90 / %d94-126
var AddrSpec = c.Named("addr-spec", c.Seq(
	c.Named("local-part", c.Alt(DotAtomText, QuotedString)), c.Lit("@"),
	c.Named("domain", c.Alt(DotAtomText, c.Seq(c.Lit("["), c.Star(c.Class(c.ByteRange(33, 90).Union(c.ByteRange(94, 126)))), c.Lit("]"))))))

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
// must decode to an addr-spec.
//
// The grammar gives each address of the to part and each header field, name
// and value (combinator's Rule.Tree). The addresses of a "to" header field
// are split after decoding, on the commas outside quoted-strings
// (splitAddrs): the grammar of the URI cannot see them.
func Parse(s string) (Mailto, error) {
	n, err := MailtoURI.Tree(s, "addr", "hfield", "hfname", "hfvalue")
	if err != nil {
		var se *c.SyntaxError
		errors.As(err, &se)
		return Mailto{}, &ParseError{Input: s, Offset: se.Offset, Err: se}
	}
	var m Mailto
	for _, part := range n.Children {
		if part.Name == "addr" {
			a := decode(part.Text)
			if err := checkAddr(s, part.Start, a); err != nil {
				return Mailto{}, err
			}
			m.To = append(m.To, a)
			continue
		}
		value := part.Child("hfvalue")
		h := Header{decode(part.Child("hfname").Text), decode(value.Text)}
		if isTo(h) {
			k := 0 // where a starts in h.Value
			for _, a := range splitAddrs(h.Value) {
				if err := checkAddr(s, value.Start+uri.EncodedOffset(value.Text, k), a); err != nil {
					return Mailto{}, err
				}
				k += len(a) + 1
			}
		}
		m.Headers = append(m.Headers, h)
	}
	return m, nil
}

// checkAddr checks the decoded address a, written at offset at of s,
// against AddrSpec.
func checkAddr(s string, at int, a string) error {
	if AddrSpec.Match(a) {
		return nil
	}
	return &ParseError{Input: s, Offset: at, Addr: a, Err: AddrSpec.Explain(a)}
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
// percent-encoded where RFC 6068 §2 requires. Parse gives back the same
// parts.
func (m Mailto) String() string {
	var b strings.Builder
	b.WriteString("mailto:")
	for i, a := range m.To {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(uri.Encode(a, AddrCharSet))
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
