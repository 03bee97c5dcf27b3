package combinator

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// RuneRange is the Unicode code points from Lo to Hi inclusive: the ABNF
// value range %xLo-Hi of a grammar whose terminals are characters, such as
// RFC 3987's.
type RuneRange struct{ Lo, Hi rune }

// RuneSet is a set of Unicode code points, kept as sorted, disjoint ranges
// that do not touch. It is a value: its ranges are never changed after
// Runes made them, and every method returns a new set, so RuneSets are safe
// to share. The zero value is the empty set.
//
// A RuneSet matches characters, not bytes: RuneClass matches the UTF-8
// encoding of one of its code points. Surrogate code points (U+D800 to
// U+DFFF) have no UTF-8 encoding, so a set may hold them but never matches
// them.
type RuneSet struct{ ranges []RuneRange }

// Runes returns the set of the code points of ranges: the ABNF alternatives
// %xLo-Hi / ... of character terminals. The ranges may come in any order and
// overlap. Runes panics when a range has Lo > Hi, or a bound below 0 or above
// U+10FFFF (utf8.MaxRune): a grammar is written once, as a constant.
func Runes(ranges ...RuneRange) RuneSet {
	rs := append([]RuneRange(nil), ranges...)
	for _, r := range rs {
		if r.Lo < 0 || r.Hi > utf8.MaxRune || r.Lo > r.Hi {
			panic("combinator.Runes: invalid range %x" + hexRune(r.Lo) + "-" + hexRune(r.Hi))
		}
	}
	slices.SortFunc(rs, func(a, b RuneRange) int { return int(a.Lo - b.Lo) })
	out := rs[:0]
	for _, r := range rs {
		if n := len(out); n > 0 && r.Lo <= out[n-1].Hi+1 {
			out[n-1].Hi = max(out[n-1].Hi, r.Hi)
			continue
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return RuneSet{}
	}
	return RuneSet{ranges: out[:len(out):len(out)]}
}

// Contains reports whether the code point r is in s.
func (s RuneSet) Contains(r rune) bool {
	rs := s.ranges
	for len(rs) > 0 { // binary search: the ranges are sorted and disjoint
		m := len(rs) / 2
		switch {
		case r < rs[m].Lo:
			rs = rs[:m]
		case r > rs[m].Hi:
			rs = rs[m+1:]
		default:
			return true
		}
	}
	return false
}

// Ranges returns the ranges of s: sorted, disjoint and not adjacent. It
// returns a new slice.
func (s RuneSet) Ranges() []RuneRange { return slices.Clone(s.ranges) }

// Union returns the code points in s or in any of others.
func (s RuneSet) Union(others ...RuneSet) RuneSet {
	all := slices.Clone(s.ranges)
	for _, o := range others {
		all = append(all, o.ranges...)
	}
	return Runes(all...)
}

// IsEmpty reports whether s has no code point.
func (s RuneSet) IsEmpty() bool { return len(s.ranges) == 0 }

// Equal reports whether s and o hold the same code points.
func (s RuneSet) Equal(o RuneSet) bool { return slices.Equal(s.ranges, o.ranges) }

// LeadBytes returns the bytes the UTF-8 encoding of a code point of s can
// start with: the First set of a RuneClass.
func (s RuneSet) LeadBytes() CharSet {
	var c CharSet
	// The UTF-8 lead byte grows with the code point within each encoded
	// length, so each range gives, per length, one range of lead bytes.
	bounds := [...]struct {
		lo, hi rune
		lead   func(rune) byte
	}{
		{0, 0x7F, func(r rune) byte { return byte(r) }},
		{0x80, 0x7FF, func(r rune) byte { return 0xC0 | byte(r>>6) }},
		{0x800, 0xFFFF, func(r rune) byte { return 0xE0 | byte(r>>12) }},
		{0x10000, utf8.MaxRune, func(r rune) byte { return 0xF0 | byte(r>>18) }},
	}
	for _, r := range s.ranges {
		for _, b := range bounds {
			lo, hi := max(r.Lo, b.lo), min(r.Hi, b.hi)
			if lo <= hi {
				c = c.Union(ByteRange(b.lead(lo), b.lead(hi)))
			}
		}
	}
	return c
}

// String returns s in ABNF: its ranges as value ranges (%xA0-D7FF) and its
// single code points as values (%xA0), joined by " / ". The empty set prints
// as "( )".
func (s RuneSet) String() string {
	if len(s.ranges) == 0 {
		return "( )"
	}
	parts := make([]string, len(s.ranges))
	for i, r := range s.ranges {
		if r.Lo == r.Hi {
			parts[i] = "%x" + hexRune(r.Lo)
		} else {
			parts[i] = "%x" + hexRune(r.Lo) + "-" + hexRune(r.Hi)
		}
	}
	return strings.Join(parts, " / ")
}

// hexRune prints a code point in upper-case hexadecimal, two digits at least.
func hexRune(r rune) string {
	s := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	if len(s) == 1 {
		s = "0" + s
	}
	return s
}

// RuneClass matches one character of set: the UTF-8 encoding of one code
// point in it (an ABNF value range over characters, such as ucschar =
// %xA0-D7FF / ... in RFC 3987). Bytes that are not valid UTF-8 (a stray
// continuation byte, a truncated or overlong sequence, an encoded surrogate)
// never match, whatever the set holds; U+FFFD matches only as its own
// encoding, EF BF BD. The rule is prepared like a byte class: it can start
// with the lead bytes of its code points (RuneSet.LeadBytes). A diagnosis
// reports the offset of the character that does not match, expecting the
// rule's label (its name, else the ABNF of its set).
func RuneClass(set RuneSet) *Rule {
	return &Rule{kind: kRunes, runes: set}
}

// matchRune matches one character of set at pos: the end offset, or -1.
func matchRune(set RuneSet, in string, pos int) int {
	if pos >= len(in) {
		return -1
	}
	if c := in[pos]; c < utf8.RuneSelf {
		if set.Contains(rune(c)) {
			return pos + 1
		}
		return -1
	}
	r, size := utf8.DecodeRuneInString(in[pos:])
	if size > 1 && set.Contains(r) { // size 1: not valid UTF-8
		return pos + size
	}
	return -1
}

// Rune fusion. A choice of single characters some of which are rune
// classes, such as iunreserved or ipchar (RFC 3987), and a repetition of
// one, such as isegment, are matched by the prepared matcher in one scan, as
// the byte forms of unitOf are: a unit is a byte of set, a pct-encoded
// triplet when pct, or the UTF-8 encoding of a code point of runes. These
// forms are the matcher's own: the view (Fused) does not report them, so
// that a reader of the tree sees the rune classes themselves. A diagnosis
// and the plain matcher go node by node.

// runeUnitOf reports whether r matches exactly one unit of a rune-fused
// form (it must be prepared): a byte unit of unitOf, a rune class, or a node
// already rune-fused as one unit.
func runeUnitOf(r *Rule) (set CharSet, pct bool, runes RuneSet, ok bool) {
	if set, pct, ok := unitOf(r); ok {
		return set, pct, RuneSet{}, true
	}
	switch {
	case r.kind == kRunes:
		return CharSet{}, false, r.runes, true
	case r.rfast == fUnit:
		return r.set, r.pct, r.runes, true
	}
	return CharSet{}, false, RuneSet{}, false
}

// runeFuse finds the rune-fused form of r, a node whose subs are prepared,
// when it has no byte-fused form.
func (r *Rule) runeFuse() {
	if r.fast != fNone {
		return
	}
	switch r.kind {
	case kAlt:
		if len(r.subs) == 0 {
			return
		}
		var set CharSet
		var pct bool
		var runes []RuneSet
		for _, s := range r.subs {
			ss, sp, sr, ok := runeUnitOf(s)
			if !ok {
				return
			}
			set, pct, runes = set.Union(ss), pct || sp, append(runes, sr)
		}
		// As in unitOf: with '%' both a byte and a triplet, the order of
		// the alternatives decides; so it would with a code point below
		// 0x80 in runes, or a byte of 0x80 or above in set (a part of a
		// character). Those are left to the plain matcher.
		u := RuneSet{}.Union(runes...)
		if pct && set.Contains('%') || u.IsEmpty() || u.ranges[0].Lo < utf8.RuneSelf ||
			!set.Intersect(ByteRange(utf8.RuneSelf, 0xFF)).IsEmpty() {
			return
		}
		r.rfast, r.set, r.pct, r.runes = fUnit, set, pct, u
	case kSeq:
		if len(r.subs) == 1 && r.subs[0].rfast == fUnit {
			s := r.subs[0]
			r.rfast, r.set, r.pct, r.runes = fUnit, s.set, s.pct, s.runes
		}
	case kRep:
		if s := r.subs[0]; s.rfast == fUnit || s.kind == kRunes && !s.runes.IsEmpty() && s.runes.ranges[0].Lo >= utf8.RuneSelf {
			set, pct, runes, _ := runeUnitOf(s)
			r.rfast, r.set, r.pct, r.runes = fRun, set, pct, runes
		}
	}
}

// runeUnit matches one unit of the rune-fused node r at pos: the end, or -1.
func runeUnit(r *Rule, in string, pos int) int {
	if pos >= len(in) {
		return -1
	}
	c := in[pos]
	switch {
	case r.tab[c]:
		return pos + 1
	case c >= utf8.RuneSelf:
		return matchRune(r.runes, in, pos)
	case r.pct && c == '%' && pos+2 < len(in) && hexdig[in[pos+1]] && hexdig[in[pos+2]]:
		return pos + 3
	}
	return -1
}

// runeFused matches the rune-fused node r at pos: one unit, or a run of
// min to max units.
func runeFused(r *Rule, in string, pos int) int {
	if r.rfast == fUnit {
		return runeUnit(r, in, pos)
	}
	n, tab := 0, r.tab
	for n != r.max && pos < len(in) {
		if tab[in[pos]] { // the common case, without a call
			pos++
			n++
			continue
		}
		e := runeUnit(r, in, pos)
		if e < 0 {
			break
		}
		pos = e
		n++
	}
	if n < r.min {
		return -1
	}
	return pos
}
