package abnf

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Grammars of RFCs that spell bytes above %x7F, as the RFCs print them.
const (
	// rfc9110Parameter is RFC 9110 §5.6.6's parameter with §5.6.2's token
	// and §5.6.4's quoted-string, whose obs-text is octets.
	rfc9110Parameter = `parameter       = parameter-name "=" parameter-value
parameter-name  = token
parameter-value = ( token / quoted-string )
token          = 1*tchar
tchar          = "!" / "#" / "$" / "%" / "&" / "'" / "*"
               / "+" / "-" / "." / "^" / "_" / "` + "`" + `" / "|" / "~"
               / DIGIT / ALPHA
quoted-string  = DQUOTE *( qdtext / quoted-pair ) DQUOTE
qdtext         = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text
quoted-pair    = "\" ( HTAB / SP / VCHAR / obs-text )
obs-text       = %x80-FF
`
	// rfc3629 is RFC 3629 §4.
	rfc3629 = `UTF8-octets = *( UTF8-char )
UTF8-char   = UTF8-1 / UTF8-2 / UTF8-3 / UTF8-4
UTF8-1      = %x00-7F
UTF8-2      = %xC2-DF UTF8-tail
UTF8-3      = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
              %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
UTF8-4      = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
              %xF4 %x80-8F 2( UTF8-tail )
UTF8-tail   = %x80-BF
`
	// rfc5545 is RFC 5545 §3.1's contentline and §3.3.11's text, with
	// RFC 3629's UTF-8 above (rfc3629).
	rfc5545 = `contentline   = name *(";" param ) ":" value CRLF
name          = iana-token / x-name
iana-token    = 1*(ALPHA / DIGIT / "-")
x-name        = "X-" [vendorid "-"] 1*(ALPHA / DIGIT / "-")
vendorid      = 3*(ALPHA / DIGIT)
param         = param-name "=" param-value *("," param-value)
param-name    = iana-token / x-name
param-value   = paramtext / quoted-string
paramtext     = *SAFE-CHAR
value         = *VALUE-CHAR
quoted-string = DQUOTE *QSAFE-CHAR DQUOTE
QSAFE-CHAR    = WSP / %x21 / %x23-7E / NON-US-ASCII
SAFE-CHAR     = WSP / %x21 / %x23-2B / %x2D-39 / %x3C-7E
              / NON-US-ASCII
VALUE-CHAR    = WSP / %x21-7E / NON-US-ASCII
NON-US-ASCII  = UTF8-2 / UTF8-3 / UTF8-4
`
	// rfc3261Subject is RFC 3261 §25.1's Subject header field and the
	// rules it uses.
	rfc3261Subject = `Subject  =  ( "Subject" / "s" ) HCOLON [TEXT-UTF8-TRIM]
HCOLON  =  *( SP / HTAB ) ":" SWS
SWS  =  [LWS] ; sep whitespace
LWS  =  [*WSP CRLF] 1*WSP ; linear whitespace
TEXT-UTF8-TRIM  =  1*TEXT-UTF8char *(*LWS TEXT-UTF8char)
TEXT-UTF8char   =  %x21-7E / UTF8-NONASCII
UTF8-NONASCII   =  %xC0-DF 1UTF8-CONT
                /  %xE0-EF 2UTF8-CONT
                /  %xF0-F7 3UTF8-CONT
                /  %xF8-Fb 4UTF8-CONT
                /  %xFC-FD 5UTF8-CONT
UTF8-CONT       =  %x80-BF
`
)

// TestOctetsGiveTheRFCsAnswers: the byte cases of issue 41. Compiled in
// octets, the grammars of RFCs that spell bytes give the RFCs' answers;
// in characters (the default) they keep the answers they gave before,
// which are those of a grammar of code points.
func TestOctetsGiveTheRFCsAnswers(t *testing.T) {
	tests := []struct {
		name, src, rule string
		in              string
		octets, chars   bool
	}{
		{"obs-text: a Latin-1 byte", rfc9110Parameter, "parameter", "community=\"caf\xe9\"", true, false},
		{"obs-text: UTF-8, two bytes of obs-text", rfc9110Parameter, "parameter", "community=\"café\"", true, true},
		{"obs-text: a quoted-pair of a byte", rfc9110Parameter, "parameter", "a=\"\\\xff\"", true, false},
		{"UTF8-octets: é", rfc3629, "UTF8-octets", "é", true, false},
		{"UTF8-octets: é as Latin-1", rfc3629, "UTF8-octets", "\xe9", false, false},
		{"UTF8-octets: the mojibake of é", rfc3629, "UTF8-octets", "Ã©", true, true},
		{"UTF8-octets: an overlong form", rfc3629, "UTF8-octets", "\xc0\xaf", false, false},
		{"UTF8-octets: a surrogate", rfc3629, "UTF8-octets", "\xed\xa0\x80", false, false},
		{"contentline: SUMMARY:Café", rfc5545 + rfc3629, "contentline", "SUMMARY:Café\r\n", true, false},
		{"contentline: ASCII", rfc5545 + rfc3629, "contentline", "SUMMARY:Cafe\r\n", true, true},
		{"Subject: Café", rfc3261Subject, "Subject", "Subject: Café", true, false},
		{"Subject: ASCII", rfc3261Subject, "Subject", "Subject: Cafe", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, enc := range []Encoding{Octets, Characters} {
				g, err := ParseWith(tt.src, WithEncoding(enc))
				if err != nil {
					t.Fatalf("%v: %v", enc, err)
				}
				want := tt.octets
				if enc == Characters {
					want = tt.chars
				}
				if got := g.MustRule(tt.rule).Match(tt.in); got != want {
					t.Errorf("%v: Match(%q) = %v, want %v", enc, tt.in, got, want)
				}
				if g.Encoding() != enc {
					t.Errorf("Encoding() = %v, want %v", g.Encoding(), enc)
				}
			}
		})
	}
	g, err := Parse(rfc3629)
	if err != nil || g.Encoding() != Characters {
		t.Errorf("Parse compiles in %v, want the default, characters (%v)", g.Encoding(), err)
	}
}

// TestUTF8SpelledInCharactersIsAWarning: a characters grammar that spells
// UTF-8 byte sequences compiles with a warning at each place that does,
// directly or through the rules it names; in octets it has none.
func TestUTF8SpelledInCharactersIsAWarning(t *testing.T) {
	g, err := Parse(rfc3629)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range g.Warnings() {
		if !w.Warning || !errors.As(error(w), new(*Error)) {
			t.Errorf("%v: not a warning", w)
		}
		got = append(got, w.Error())
	}
	note := " spells a UTF-8 byte sequence, but the grammar is compiled in characters (a value is then a code point, matched as its UTF-8 encoding (%xC3 matches the bytes C3 83); to match bytes, compile with WithEncoding(Octets))"
	want := []string{
		"abnf: warning: 4:15: %xC2-DF followed by %x80-BF" + note,
		"abnf: warning: 5:15: %xE0 followed by %xA0-BF" + note,
		"abnf: warning: 5:40: %xE1-EC followed by %x80-BF" + note,
		"abnf: warning: 6:15: %xED followed by %x80-9F" + note,
		"abnf: warning: 6:40: %xEE-EF followed by %x80-BF" + note,
		"abnf: warning: 7:15: %xF0 followed by %x90-BF" + note,
		"abnf: warning: 7:45: %xF1-F3 followed by %x80-BF" + note,
		"abnf: warning: 8:15: %xF4 followed by %x80-8F" + note,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Warnings (-want +got):\n%s", diff)
	}
	g, err = Parse("a = %xC3.A9 / %xE9\n")
	if err != nil || len(g.Warnings()) != 1 || !strings.HasPrefix(g.Warnings()[0].Error(), "abnf: warning: 1:5: %xC3 followed by %xA9") {
		t.Errorf("%%xC3.A9: %v %v", g.Warnings(), err)
	}
	for _, src := range []string{rfc3629, rfc5545 + rfc3629, rfc3261Subject} {
		g, err := ParseWith(src, WithEncoding(Octets))
		if err != nil || len(g.Warnings()) != 0 {
			t.Errorf("octets: %v %v", g.Warnings(), err)
		}
	}
	g, err = Parse("a = %xE9 %xA0-D7FF / %x80-BF\n")
	if err != nil || len(g.Warnings()) != 0 {
		t.Errorf("characters that are no UTF-8: %v %v", g.Warnings(), err)
	}
}

// TestValuesTheEncodingHasNot: in octets a value above %xFF is an error
// that names Characters; in characters a surrogate, or a range of nothing
// but surrogates (empty once they are left out), is an error at compile
// time, each with its position.
func TestValuesTheEncodingHasNot(t *testing.T) {
	tests := []struct {
		src  string
		enc  Encoding
		want string
	}{
		{"a = \"x\" %x100\n", Octets, `abnf: 1:9: expected an octet, a value of at most %xFF, found %x100 (the grammar is compiled in octets, where a value is a byte; a value above %xFF is a character: compile it with WithEncoding(Characters); RFC 5234 §4: num-val = "%" (bin-val / dec-val / hex-val))`},
		{"a = %x41.2603\n", Octets, `abnf: 1:5: expected an octet, a value of at most %xFF, found %x2603 (the grammar is compiled in octets, where a value is a byte; a value above %xFF is a character: compile it with WithEncoding(Characters); RFC 5234 §4: num-val = "%" (bin-val / dec-val / hex-val))`},
		{"a = %x80-10FFFF\n", Octets, `abnf: 1:5: expected an octet, a value of at most %xFF, found %x10FFFF (the grammar is compiled in octets, where a value is a byte; a value above %xFF is a character: compile it with WithEncoding(Characters); RFC 5234 §4: num-val = "%" (bin-val / dec-val / hex-val))`},
		{"a = %xD800\n", Characters, `abnf: 1:5: expected a value that is not a surrogate (U+D800 to U+DFFF), found %xD800 (values are characters, matched as their UTF-8 encoding, which surrogates do not have; RFC 5234 §4: num-val = "%" (bin-val / dec-val / hex-val))`},
		{"a = \"x\"\n  / %xD800-DFFF\n", Characters, `abnf: 2:5: expected a range that holds a character, found %xD800-DFFF (it holds surrogates only (U+D800 to U+DFFF), which have no UTF-8 encoding, so it matches nothing; RFC 5234 §4: num-val = "%" (bin-val / dec-val / hex-val))`},
	}
	for _, tt := range tests {
		_, err := ParseWith(tt.src, WithEncoding(tt.enc))
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseWith(%q, %v) = %v\nwant %s", tt.src, tt.enc, err, tt.want)
		}
	}
	g, err := ParseWith("a = %xD7FF-E000 / %x0-FF\n")
	if err != nil || !g.MustRule("a").Match("\ue000") || g.MustRule("a").Match("\xed\xa0\x80") {
		t.Errorf("a range around the surrogates: %v", err)
	}
	g, err = ParseWith("a = %xFF %d255 %b11111111\n", WithEncoding(Octets))
	if err != nil || !g.MustRule("a").Match("\xff\xff\xff") {
		t.Errorf("%%xFF in octets: %v", err)
	}
	if _, err := ParseWith("a = \"x\"\n", WithEncoding(Encoding(7))); err == nil {
		t.Error("WithEncoding(7) accepted")
	}
}
