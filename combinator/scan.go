package combinator

import "unicode/utf8"

// fused matches a node in its fused form: one scan, no call.
func fused(r *Rule, in string, pos int) int {
	switch r.fast {
	case fUnit:
		if pos < len(in) {
			c := in[pos]
			if r.tab[c] {
				return pos + 1
			}
			if r.pct && c == '%' && pos+2 < len(in) && hexdig[in[pos+1]] && hexdig[in[pos+2]] {
				return pos + 3
			}
		}
		return -1
	case fRun:
		tab, pct, start := r.tab, r.pct, pos
		if r.max == Unbounded {
			for pos < len(in) {
				c := in[pos]
				if tab[c] {
					pos++
				} else if pct && c == '%' && pos+2 < len(in) && hexdig[in[pos+1]] && hexdig[in[pos+2]] {
					pos += 3
				} else {
					break
				}
			}
			if r.min == 0 || (r.min == 1 && pos > start) {
				return pos
			}
		}
		return r.countRun(in, start)
	case fSepRun:
		if pos >= len(in) || in[pos] != r.sep {
			return pos
		}
		tab, pct := r.tab, r.pct
		for pos++; pos < len(in); {
			c := in[pos]
			if tab[c] {
				pos++
			} else if pct && c == '%' && pos+2 < len(in) && hexdig[in[pos+1]] && hexdig[in[pos+2]] {
				pos += 3
			} else {
				break
			}
		}
		return pos
	}
	return -1
}

// countRun matches a fused repetition with an upper bound, or with a lower
// bound above one, counting units.
func (r *Rule) countRun(in string, pos int) int {
	n := 0
	for pos < len(in) && n != r.max {
		c := in[pos]
		if r.tab[c] {
			pos++
		} else if r.pct && c == '%' && pos+2 < len(in) && hexdig[in[pos+1]] && hexdig[in[pos+2]] {
			pos += 3
		} else {
			break
		}
		n++
	}
	if n < r.min {
		return -1
	}
	return pos
}

var hexdig = func() (t [256]bool) {
	for b := 0; b < 256; b++ {
		t[b] = hexdigSet.Contains(byte(b))
	}
	return t
}()

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

// litPrefix returns how many bytes of the literal r match at pos, ASCII
// letters in either case for LitFold: all of them where r matches, else
// where a diagnosis stops in it.
func litPrefix(r *Rule, in string, pos int) int {
	k := 0
	for k < len(r.lit) && pos+k < len(in) && (in[pos+k] == r.lit[k] ||
		r.kind == kLitFold && isLetter(r.lit[k]) && in[pos+k]|0x20 == r.lit[k]|0x20) {
		k++
	}
	return k
}
