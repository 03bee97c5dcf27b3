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
