package combinator

import "strings"

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
