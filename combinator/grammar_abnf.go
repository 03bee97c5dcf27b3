package combinator

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The ABNF that Grammar prints: String's, except for the PEG operators,
// which ABNF has not. A look-ahead or End prints as a prose-val under a
// repetition of zero, 0<...> (the form RFC 3986 gives path-empty), which an
// ABNF reader (combinator/abnf) reads as the empty string: the text says
// what the PEG checks, and reads back to the ABNF language of the rule. For
// the rules of this module, ordered so that their PEG reading is their
// ABNF language, that is their language.

// definition returns "name = elements" for Grammar.
func (r *Rule) definition() string {
	return escapeName(r.name) + " = " + r.abnfBody(precAlt)
}

// abnfBody prints r's body as Grammar does, bounded as String is.
func (r *Rule) abnfBody(prec int) string {
	p := printer{limit: MaxPrint, abnf: true}
	p.body(r, prec, 0)
	return p.String()
}

// abnfTerm prints, for Grammar, the nodes it prints otherwise than String
// does: literals as an ABNF reader whose values above %x7F are characters
// reads them, and the PEG operators as prose under a repetition of zero. It
// reports whether r was one of them.
func (p *printer) abnfTerm(r *Rule, prec int) bool {
	switch r.kind {
	case kLit, kLitFold:
		lit, cut := r.lit, ""
		if len(lit) > p.limit/4 {
			lit, cut = lit[:p.limit/4], "…"
		}
		parts := litParts(lit, r.kind == kLitFold)
		paren := p.open(len(parts) > 1 && prec > precSeq)
		p.write(strings.Join(parts, " ") + cut)
		p.close(paren)
	case kNot:
		p.write("0<not followed by " + prose(r.subs[0].label()) + ">")
	case kPeek:
		p.write("0<followed by " + prose(r.subs[0].label()) + ">")
	case kEnd:
		p.write("0<end of input>")
	default:
		return false
	}
	return true
}

// prose makes s fit in a prose-val: printable ASCII without ">", at most
// 60 bytes.
func prose(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c < 0x20 || c > 0x7E || c == '>' {
			b[i] = '?'
		}
	}
	if len(b) > 60 {
		b = append(b[:57], "..."...)
	}
	return string(b)
}

// litParts prints a literal for an ABNF reader whose values above %x7F
// are characters: its runs of printable ASCII as quoted strings (%s"..."
// where case matters and letters stand), its other characters as %x values
// of their code points, one run of them joined by "."; bytes that are not
// UTF-8 as %x values of their own, which such a reader cannot give back.
func litParts(s string, fold bool) []string {
	if s == "" || utf8.ValidString(s) && !hasNonASCII(s) {
		return []string{litABNFWhole(s, fold)}
	}
	var parts []string
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] >= 0x20 && s[j] < 0x7F && s[j] != '"' {
			j++
		}
		if j > i {
			parts = append(parts, litABNFWhole(s[i:j], fold))
			i = j
			continue
		}
		var vals []string
		for i < len(s) && !(s[i] >= 0x20 && s[i] < 0x7F && s[i] != '"') {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				r = rune(s[i])
			}
			vals = append(vals, strings.ToUpper(strconv.FormatInt(int64(r), 16)))
			i += n
		}
		parts = append(parts, "%x"+strings.Join(vals, "."))
	}
	return parts
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x7F || s[i] < 0x20 || s[i] == '"' {
			return true
		}
	}
	return false
}
