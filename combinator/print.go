package combinator

import (
	"strconv"
	"strings"
)

// Precedences of ABNF operators, lowest first (RFC 5234 §3.10).
const (
	precAlt  = iota // a / b
	precSeq         // a b
	precRep         // *a, and the PEG prefixes !a, &a
	precElem        // [a], (a), names, terminals: what a repetition repeats
)

// String returns the rule in ABNF (RFC 5234). A named rule prints as its
// definition, "name = elements"; inside it, named rules print as their names.
// Captures print as what they capture. The PEG extensions print as PEG does:
// "!x" for Not, "&x" for Peek, and <end> for End.
func (r *Rule) String() string {
	if r.name != "" {
		return r.name + " = " + r.body(precAlt)
	}
	return r.body(precAlt)
}

// Grammar returns the rule and every named rule it uses, one definition a
// line, in the order they are first met (the way RFC 3986 Appendix A lists its
// rules). The text is ABNF that combinator/abnf reads back: the PEG
// operators, which ABNF has not, print as prose under a repetition of zero
// (0<not followed by ALPHA>, 0<end of input>), read back as the empty
// string.
func (r *Rule) Grammar() string {
	var b strings.Builder
	seen := map[string]bool{}
	var walk func(x *Rule, top bool)
	walk = func(x *Rule, top bool) {
		if x.kind == kRef && x.ex != nil {
			x = x.ex.rule // the definition a Ref names, printed where first met
		}
		if x.name != "" && !top {
			if seen[x.name] {
				return
			}
			seen[x.name] = true
			b.WriteString(x.definition())
			b.WriteByte('\n')
		}
		if x.kind == kRep && x.max == 0 {
			return // never matched: what it names is not part of the grammar (0<pchar>)
		}
		for _, s := range x.subs {
			walk(s, false)
		}
	}
	if r.name == "" {
		b.WriteString(r.abnfBody(precAlt))
		b.WriteByte('\n')
		walk(r, true)
	} else {
		walk(r, false)
	}
	return b.String()
}

// label is how a rule is named in error messages.
func (r *Rule) label() string {
	if r.name != "" {
		return r.name
	}
	switch r.kind {
	case kLit, kLitFold:
		return litABNF(r.lit, r.kind == kLitFold)
	case kClass:
		return r.set.String()
	case kRunes:
		return r.runes.String()
	case kEnd:
		return "end of input"
	}
	return r.body(precAlt)
}

// ref prints r where it is used: by name if it has one.
func (r *Rule) ref(prec int) string {
	if r.name != "" {
		return r.name
	}
	return r.body(prec)
}

func (r *Rule) body(prec int) string {
	switch r.kind {
	case kLit:
		return litABNF(r.lit, false)
	case kLitFold:
		return litABNF(r.lit, true)
	case kClass:
		s := r.set.String()
		if prec > precAlt && strings.Contains(s, " / ") {
			return "( " + s + " )"
		}
		return s
	case kRunes:
		return paren(r.runes.String(), prec > precAlt && len(r.runes.ranges) > 1)
	case kSeq:
		switch len(r.subs) {
		case 0:
			return `""`
		case 1:
			return r.subs[0].ref(prec)
		}
		parts := make([]string, len(r.subs))
		for i, s := range r.subs {
			if s.name == "" && s.kind == kSeq {
				parts[i] = s.body(precSeq) // concatenation is associative: no parentheses, however deep
				continue
			}
			parts[i] = s.ref(precRep)
		}
		return paren(strings.Join(parts, " "), prec > precSeq)
	case kAlt:
		if len(r.subs) == 0 {
			return "( )" // matches nothing, as the empty CharSet
		}
		if len(r.subs) == 1 {
			return r.subs[0].ref(prec)
		}
		parts := make([]string, len(r.subs))
		for i, s := range r.subs {
			parts[i] = s.ref(precSeq)
		}
		return paren(strings.Join(parts, " / "), prec > precAlt)
	case kRep:
		sub := r.subs[0]
		if r.min == 0 && r.max == 1 {
			return "[ " + sub.ref(precAlt) + " ]"
		}
		// RFC 5234: repetition = [repeat] element; a repetition of a
		// repetition needs its group: 3( 2"a" ), not 32"a".
		return paren(repeatABNF(r.min, r.max)+sub.ref(precElem), prec > precRep)
	case kCap:
		return r.subs[0].ref(prec)
	case kNot:
		return paren("!"+r.subs[0].ref(precElem), prec > precRep)
	case kPeek:
		return paren("&"+r.subs[0].ref(precElem), prec > precRep)
	case kEnd:
		return "<end>"
	case kFunc:
		return "<" + r.name + ">"
	case kExact:
		return r.subs[0].ref(prec)
	case kRef:
		return r.name
	}
	return "?"
}

func paren(s string, yes bool) string {
	if yes {
		return "( " + s + " )"
	}
	return s
}

// repeatABNF prints the repeat prefix of RFC 5234 §3.6 and §3.7.
func repeatABNF(min, max int) string {
	switch {
	case min == max:
		return strconv.Itoa(min)
	case max == Unbounded && min == 0:
		return "*"
	case max == Unbounded:
		return strconv.Itoa(min) + "*"
	case min == 0:
		return "*" + strconv.Itoa(max)
	}
	return strconv.Itoa(min) + "*" + strconv.Itoa(max)
}

// litABNF prints a literal: a quoted string where ABNF's case-insensitive
// quoting says exactly what is matched, %s"..." (RFC 7405) for a case-sensitive
// string with letters, and %x values otherwise.
func litABNF(s string, fold bool) string {
	printable := s != ""
	letters := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7F || c == '"' {
			printable = false
		}
		letters = letters || isLetter(c)
	}
	switch {
	case s == "":
		return `""`
	case printable && (fold || !letters):
		return `"` + s + `"`
	case printable:
		return `%s"` + s + `"`
	}
	var b strings.Builder
	b.WriteString("%x")
	for i := 0; i < len(s); i++ {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(hex2(s[i]))
	}
	return b.String()
}
