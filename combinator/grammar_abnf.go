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
	return r.name + " = " + r.abnfBody(precAlt)
}

func (r *Rule) abnfRef(prec int) string {
	if r.name != "" {
		return r.name
	}
	return r.abnfBody(prec)
}

func (r *Rule) abnfBody(prec int) string {
	switch r.kind {
	case kLit, kLitFold:
		parts := litParts(r.lit, r.kind == kLitFold)
		return paren(strings.Join(parts, " "), len(parts) > 1 && prec > precSeq)
	case kSeq:
		switch len(r.subs) {
		case 0:
			return `""`
		case 1:
			return r.subs[0].abnfRef(prec)
		}
		parts := make([]string, len(r.subs))
		for i, s := range r.subs {
			if s.name == "" && s.kind == kSeq {
				parts[i] = s.abnfBody(precSeq)
				continue
			}
			parts[i] = s.abnfRef(precRep)
		}
		return paren(strings.Join(parts, " "), prec > precSeq)
	case kAlt:
		if len(r.subs) < 2 {
			return r.body(prec)
		}
		parts := make([]string, len(r.subs))
		for i, s := range r.subs {
			parts[i] = s.abnfRef(precSeq)
		}
		return paren(strings.Join(parts, " / "), prec > precAlt)
	case kRep:
		sub := r.subs[0]
		if r.min == 0 && r.max == 1 {
			return "[ " + sub.abnfRef(precAlt) + " ]"
		}
		return paren(repeatABNF(r.min, r.max)+sub.abnfRef(precElem), prec > precRep)
	case kCap, kExact:
		return r.subs[0].abnfRef(prec)
	case kNot:
		return "0<not followed by " + prose(r.subs[0].label()) + ">"
	case kPeek:
		return "0<followed by " + prose(r.subs[0].label()) + ">"
	case kEnd:
		return "0<end of input>"
	}
	return r.body(prec)
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
		return []string{litABNF(s, fold)}
	}
	var parts []string
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] >= 0x20 && s[j] < 0x7F && s[j] != '"' {
			j++
		}
		if j > i {
			parts = append(parts, litABNF(s[i:j], fold))
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
