package combinator

import (
	"math/bits"
	"strconv"
	"strings"
)

// CharSet is a set of bytes: a 256-bit bitmap. It is a value; every method
// returns a new set and leaves its receiver unchanged, so CharSets are safe to
// share. The zero value is the empty set.
type CharSet [4]uint64

// Chars returns the set of the bytes of s.
func Chars(s string) CharSet {
	var c CharSet
	for i := 0; i < len(s); i++ {
		c[s[i]>>6] |= 1 << (s[i] & 63)
	}
	return c
}

// ByteRange returns the set of the bytes from lo to hi inclusive, the ABNF
// value range %xlo-hi. It is empty when lo > hi.
func ByteRange(lo, hi byte) CharSet {
	var c CharSet
	for b := int(lo); b <= int(hi); b++ {
		c[b>>6] |= 1 << (b & 63)
	}
	return c
}

// Contains reports whether b is in c.
func (c CharSet) Contains(b byte) bool {
	return c[b>>6]&(1<<(b&63)) != 0
}

// Union returns the bytes in c or in any of others.
func (c CharSet) Union(others ...CharSet) CharSet {
	for _, o := range others {
		for i := range c {
			c[i] |= o[i]
		}
	}
	return c
}

// Minus returns the bytes in c and not in o (the set difference c \ o).
func (c CharSet) Minus(o CharSet) CharSet {
	for i := range c {
		c[i] &^= o[i]
	}
	return c
}

// Intersect returns the bytes in both c and o.
func (c CharSet) Intersect(o CharSet) CharSet {
	for i := range c {
		c[i] &= o[i]
	}
	return c
}

// Len returns the number of bytes in c.
func (c CharSet) Len() int {
	return bits.OnesCount64(c[0]) + bits.OnesCount64(c[1]) +
		bits.OnesCount64(c[2]) + bits.OnesCount64(c[3])
}

// IsEmpty reports whether c has no byte.
func (c CharSet) IsEmpty() bool {
	return c == CharSet{}
}

// String returns c in ABNF: its runs of bytes as value ranges (%x41-5A), and
// single printable bytes as quoted strings ("-"), joined by " / ". The empty set
// prints as "( )". Upper and lower case of a letter print as one
// case-insensitive quoted string where both are present and nothing else of
// their run is.
func (c CharSet) String() string {
	var parts []string
	for b := 0; b < 256; {
		if !c.Contains(byte(b)) {
			b++
			continue
		}
		e := b
		for e+1 < 256 && c.Contains(byte(e+1)) {
			e++
		}
		switch {
		case e-b >= 2:
			parts = append(parts, "%x"+hex2(byte(b))+"-"+hex2(byte(e)))
		default:
			for x := b; x <= e; x++ {
				if b == e && c.foldPair(byte(x)) {
					if x < 'a' { // print the pair once, where its upper case stands
						parts = append(parts, `"`+string(rune(x|0x20))+`"`)
					}
					continue
				}
				parts = append(parts, quoteByte(byte(x)))
			}
		}
		b = e + 1
	}
	switch len(parts) {
	case 0:
		return "( )"
	case 1:
		return parts[0]
	}
	return strings.Join(parts, " / ")
}

// quoteByte prints one byte as an ABNF terminal: a quoted string for a
// printable byte that is not a letter or a double quote (ABNF quoted strings
// are case-insensitive), else %xHH.
func quoteByte(b byte) string {
	if b > 0x20 && b < 0x7F && b != '"' && !isLetter(b) {
		return `"` + string(rune(b)) + `"`
	}
	return "%x" + hex2(b)
}

// foldPair reports whether the letter x and its other case are both in c,
// each alone in its run, so that one case-insensitive quoted string says both.
func (c CharSet) foldPair(x byte) bool {
	if !isLetter(x) {
		return false
	}
	for _, y := range [2]byte{x &^ 0x20, x | 0x20} {
		if !c.Contains(y) || c.Contains(y-1) || c.Contains(y+1) {
			return false
		}
	}
	return true
}

func isLetter(b byte) bool { return b|0x20 >= 'a' && b|0x20 <= 'z' }

func hex2(b byte) string {
	s := strings.ToUpper(strconv.FormatUint(uint64(b), 16))
	if len(s) == 1 {
		s = "0" + s
	}
	return s
}
