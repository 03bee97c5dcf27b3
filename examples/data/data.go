// Package data parses "data" URLs by RFC 2397, with the grammar of its §3
// transcribed into ABNF (data.abnf: the RFC's four rules as printed, its
// prose on urlchar and tokens as rules) and compiled by package
// combinator/abnf with RFC 3986's rules, and decodes their payload.
//
//	d, err := data.Parse("data:text/plain;charset=utf-8;base64,aGVsbG8=")
//	// d.MediaType == "text/plain", d.Charset() == "utf-8", string(d.Payload) == "hello"
//
// Without a media type, a data URL is text/plain;charset=US-ASCII (RFC 2397
// §2). The type, the subtype and parameter names are RFC 2045 tokens, their
// characters that a URI does not allow percent-encoded; a parameter value may
// hold any byte percent-encoded (a quoted-string, or a file name as browsers
// write it). The payload is percent-decoded, then base64-decoded when
// ";base64" is given. A data URL is a URI: every string Parse accepts is one
// by RFC 3986.
package data

import (
	_ "embed"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
	"github.com/seed42851778/rfc3986/uri"
)

// TokenSet is the set of bytes of an RFC 2045 token that a URI allows as they
// stand: ALPHA / DIGIT / "!" / "$" / "&" / "'" / "*" / "+" / "-" / "." / "_" /
// "~". The other token characters ("#", "%", "^", "`", "{", "|", "}") must be
// percent-encoded.
var TokenSet = c.AlphaSet.Union(c.DigitSet, c.Chars("!$&'*+-._~"))

//go:embed data.abnf
var grammarText string

// grammar is RFC 2397 §3's grammar, transcribed into ABNF in data.abnf (the
// RFC's four rules as printed, its prose as rules), with RFC 3986's pchar,
// pct-encoded and fragment.
var grammar = func() *abnf.Grammar {
	g, err := abnf.ParseWith(grammarText, abnf.RFC3986())
	if err != nil {
		panic("data: data.abnf: " + err.Error())
	}
	return g
}()

// TokenPct matches a token character percent-encoded (RFC 2045 §5.1: US-ASCII
// %x21-7E without the tspecials ()<>@,;:\"/[]?=), with either case of hex
// digit. The seven token characters a URI does not allow ("#", "%", "^", "`",
// "{", "|", "}") must be written so; the others may be (RFC 3986 §2.3):
//
//	token-pct = "%" ( "2" ( "1" / "3" / "4" / "5" / "6" / "7" / "A" / "B" / "D" / "E" )
//	                / "3" DIGIT / "4" ( %x31-39 / "A" / "B" / "C" / "D" / "E" / "F" )
//	                / "5" ( DIGIT / "A" / "E" / "F" )
//	                / "6" HEXDIG / "7" ( DIGIT / "A" / "B" / "C" / "D" / "E" ) )
var TokenPct = grammar.MustRule("token-pct")

// TokenChar matches a byte of TokenSet:
//
//	tokenchar = ALPHA / DIGIT / "!" / "$" / "&" / "'" / "*" / "+" / "-" / "." / "_" / "~"
var TokenChar = grammar.MustRule("tokenchar")

// Token matches an RFC 2045 token as a data URL writes it (RFC 2045 §5.1): it
// decodes to printable US-ASCII without a space or a tspecial, so a type never
// holds a "/":
//
//	token = 1*( tokenchar / token-pct )
var Token = grammar.MustRule("token")

// Value matches a parameter value (RFC 2045 §5.1 value = token /
// quoted-string) as a data URL writes it: any byte may be percent-encoded,
// those of a quoted-string's "%22" and of a file name's "%20" too:
//
//	value = 1*( tokenchar / pct-encoded )
var Value = grammar.MustRule("value")

// MediaType matches "type/subtype" and its parameters (RFC 2397 §3):
//
//	mediatype = [ type "/" subtype ] *( ";" parameter )
//	type = token ; subtype = token (RFC 2045 §5.1)
var MediaType = grammar.MustRule("mediatype")

// Parameter matches a media type parameter (RFC 2397 §3):
//
//	parameter = attribute "=" value
//	attribute = token
var Parameter = grammar.MustRule("parameter")

// Payload matches the data of a data URL (RFC 2397 §3), whose urlchar is
// RFC 2396's uric, the character of an RFC 3986 query (§3.4):
//
//	data = *urlchar
//	urlchar = pchar / "/" / "?"
var Payload = grammar.MustRule("data")

// DataURL matches a data URL (RFC 2397 §3); "data:" and ";base64" are
// case-insensitive, as every quoted string of ABNF is, and a fragment may
// follow, as in any URI reference (RFC 3986 §4.1):
//
//	dataurl-reference = dataurl [ "#" fragment ]
//	dataurl = "data:" [ mediatype ] [ ";base64" ] "," data
var DataURL = grammar.MustRule("dataurl-reference")

// Param is a media type parameter, decoded.
type Param struct {
	Attribute string // in lower case: attributes are case-insensitive (RFC 2045 §5.1)
	Value     string // percent-decoded, and unquoted if it is one quoted-string
}

// Data is a parsed data URL.
type Data struct {
	MediaType   string  // "type/subtype" in lower case; "text/plain" when omitted
	Params      []Param // the parameters in order; charset=US-ASCII when the media type is omitted and has none
	Base64      bool    // whether ";base64" was given
	Payload     []byte  // the decoded data
	Fragment    string  // the fragment, raw; see HasFragment
	HasFragment bool    // whether there is a "#"
}

// ParseError is the error of Parse: where s stops being a data URL, or where
// its payload does not decode.
type ParseError struct {
	Input  string
	Offset int
	Err    error // a *combinator.SyntaxError, or the base64 decoding error
}

// Error returns a message such as
//
//	data: invalid character 'g' at offset 45 in dataurl-reference: expected HEXDIG
func (e *ParseError) Error() string {
	var se *c.SyntaxError
	if errors.As(e.Err, &se) {
		in := se.In
		if in == "" {
			in = se.Rule
		}
		return "data: " + se.Found() + " at offset " + strconv.Itoa(e.Offset) + " in " + in +
			": expected " + c.JoinExpected(se.Expected)
	}
	var ce base64.CorruptInputError
	if errors.As(e.Err, &ce) {
		return "data: the base64 payload does not decode at offset " + strconv.Itoa(e.Offset)
	}
	return "data: payload at offset " + strconv.Itoa(e.Offset) + ": " + e.Err.Error()
}

// Unwrap returns Err.
func (e *ParseError) Unwrap() error { return e.Err }

// Parse parses s as a data URL (RFC 2397) and decodes its payload. Once s
// matches, its parts are the longest matches of the grammar's own rules, in
// order: no rule of a part matches the character that ends it ("/" after a
// type, ";" or "," after a subtype or a value, "=" after an attribute, "#"
// after the data).
func Parse(s string) (Data, error) {
	if !DataURL.Match(s) {
		se := DataURL.Explain(s)
		return Data{}, &ParseError{Input: s, Offset: se.Offset, Err: se}
	}
	var d Data
	i := len("data:")
	if e := Token.MatchAt(s, i); e >= 0 && e < len(s) && s[e] == '/' {
		st := Token.MatchAt(s, e+1)
		d.MediaType = strings.ToLower(decode(s[i:e])) + "/" + strings.ToLower(decode(s[e+1:st]))
		i = st
	}
	for s[i] == ';' {
		e := Parameter.MatchAt(s, i+1)
		if e < 0 { // ";base64"
			d.Base64 = true
			i += len(";base64")
			break
		}
		a := Token.MatchAt(s, i+1)
		d.Params = append(d.Params, Param{strings.ToLower(decode(s[i+1 : a])), unquote(decode(s[a+1 : e]))})
		i = e
	}
	start := i + 1 // after ","
	end := Payload.MatchAt(s, start)
	if end < len(s) {
		d.Fragment, d.HasFragment = s[end+1:], true
	}
	if d.MediaType == "" {
		d.MediaType = "text/plain"
		if _, ok := d.Param("charset"); !ok {
			d.Params = append([]Param{{"charset", "US-ASCII"}}, d.Params...)
		}
	}
	text := decode(s[start:end])
	d.Payload = []byte(text)
	if d.Base64 {
		b, err := base64.StdEncoding.DecodeString(text)
		if err != nil {
			off := start
			var ce base64.CorruptInputError
			if errors.As(err, &ce) {
				off += uri.EncodedOffset(s[start:end], int(ce))
			}
			return Data{}, &ParseError{Input: s, Offset: off, Err: err}
		}
		d.Payload = b
	}
	return d, nil
}

// decode percent-decodes text the grammar matched: it cannot fail.
func decode(s string) string {
	d, err := uri.PercentDecode(s)
	if err != nil {
		return s
	}
	return d
}

// unquote returns the content of v when v is one RFC 822 quoted-string
// (RFC 2045 §5.1), and v unchanged when it is not: `"a"b"` and `"x\"` stay
// as they are.
//
//	quoted-string = <"> *( qtext / quoted-pair ) <">
//	quoted-pair = "\" CHAR
func unquote(v string) string {
	if len(v) < 2 || v[0] != '"' {
		return v
	}
	var b strings.Builder
	for i := 1; i < len(v); i++ {
		switch v[i] {
		case '\\':
			if i+1 == len(v) {
				return v
			}
			i++
		case '"':
			if i != len(v)-1 {
				return v
			}
			return b.String()
		}
		b.WriteByte(v[i])
	}
	return v
}

// Param returns the value of the first parameter named name
// (case-insensitively), and whether there is one.
func (d Data) Param(name string) (string, bool) {
	for _, p := range d.Params {
		if strings.EqualFold(p.Attribute, name) {
			return p.Value, true
		}
	}
	return "", false
}

// Charset returns the charset parameter, or "" when there is none.
func (d Data) Charset() string {
	v, _ := d.Param("charset")
	return v
}

// String returns d as a data URL, with its media type and parameters written
// out, its payload percent-encoded or in base64, as Base64 says. Parse gives
// back the same parts of a Data it returned; a type, subtype or attribute
// that is not an RFC 2045 token makes a string that Parse refuses.
func (d Data) String() string {
	var b strings.Builder
	b.WriteString("data:")
	mt := d.MediaType
	if mt == "" {
		mt = "text/plain"
	}
	t, st, _ := strings.Cut(mt, "/")
	b.WriteString(uri.Encode(t, TokenSet))
	b.WriteByte('/')
	b.WriteString(uri.Encode(st, TokenSet))
	for _, p := range d.Params {
		b.WriteByte(';')
		b.WriteString(uri.Encode(p.Attribute, TokenSet))
		b.WriteByte('=')
		v := p.Value
		if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
			v = `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
		}
		b.WriteString(encodeValue(v))
	}
	if d.Base64 {
		b.WriteString(";base64,")
		b.WriteString(base64.StdEncoding.EncodeToString(d.Payload))
	} else {
		b.WriteByte(',')
		b.WriteString(uri.Encode(string(d.Payload), c.QuerySet))
	}
	if d.HasFragment {
		b.WriteByte('#')
		b.WriteString(d.Fragment)
	}
	return b.String()
}

// encodeValue writes s as a value: "" as the quoted-string %22%22.
func encodeValue(s string) string {
	if s == "" {
		return "%22%22"
	}
	return uri.Encode(s, TokenSet)
}
