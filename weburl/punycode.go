package weburl

import (
	"math"
	"slices"
)

// Punycode (RFC 3492) parameters, §5.
const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
)

// appendPunycode appends the Punycode encoding (RFC 3492 §6.3) of label to
// dst, and reports false when the encoding overflows (the RFC's "fail on
// overflow", with 32-bit integers as x/net/idna has them).
//
// The RFC's loop reads the whole label once for each distinct code point,
// which is quadratic in the label: a host of some thousands of distinct
// code points would take seconds. Beyond smallLabel code points this
// encoder gives the same output in O(n log n): the number of code points
// below the current one that precede a position is what the RFC counts one
// by one, and a Fenwick tree over the positions answers it.
func appendPunycode(dst []byte, label []rune) ([]byte, bool) {
	n := len(label)
	basic := 0
	for _, r := range label {
		if r < 0x80 {
			dst = append(dst, byte(r))
			basic++
		}
	}
	if basic > 0 {
		dst = append(dst, '-')
	}
	if basic == n {
		return dst, true
	}
	if n <= smallLabel {
		return appendPunycodeSmall(dst, label, basic)
	}
	// The non-basic positions, in order of code point and then position:
	// the order in which the RFC's loop reaches them.
	order := make([]int32, 0, n-basic)
	for i, r := range label {
		if r >= 0x80 {
			order = append(order, int32(i))
		}
	}
	sortByCodePoint(order, label)
	// less counts, for a prefix of positions, the code points below the
	// current one: the basic ones at first.
	less := make(fenwick, n+1)
	for i, r := range label {
		if r < 0x80 {
			less.add(i, 1)
		}
	}
	delta, cur, bias := int64(0), rune(pcInitialN), int32(pcInitialBias)
	h := basic
	for k := 0; k < len(order); {
		m := label[order[k]]
		delta += int64(m-cur) * int64(h+1)
		if delta > math.MaxInt32 {
			return dst, false
		}
		cur = m
		end := k
		for end < len(order) && label[order[end]] == m {
			end++
		}
		prev := 0 // delta counts the code points below m in label[prev:p]
		for _, p := range order[k:end] {
			delta += int64(less.sum(int(p)) - less.sum(prev))
			if delta > math.MaxInt32 {
				return dst, false
			}
			dst = appendPunycodeInt(dst, int32(delta), bias)
			bias = punycodeAdapt(int32(delta), int32(h+1), h == basic)
			delta = 0
			h++
			prev = int(p) + 1
		}
		delta += int64(less.sum(n)-less.sum(prev)) + 1
		if delta > math.MaxInt32 {
			return dst, false
		}
		for _, p := range order[k:end] {
			less.add(int(p), 1)
		}
		cur++
		k = end
	}
	return dst, true
}

// smallLabel is the length up to which appendPunycode follows the RFC's
// loop, which needs no allocation and is fast for labels of DNS size.
const smallLabel = 64

// appendPunycodeSmall is RFC 3492's encoding loop (§6.3) for the code
// points after the basic ones, which appendPunycode has written.
func appendPunycodeSmall(dst []byte, label []rune, basic int) ([]byte, bool) {
	delta, cur, bias := int64(0), rune(pcInitialN), int32(pcInitialBias)
	for h := basic; h < len(label); {
		m := rune(math.MaxInt32)
		for _, r := range label {
			if r >= cur && r < m {
				m = r
			}
		}
		delta += int64(m-cur) * int64(h+1)
		if delta > math.MaxInt32 {
			return dst, false
		}
		cur = m
		for _, r := range label {
			if r < cur {
				if delta++; delta > math.MaxInt32 {
					return dst, false
				}
			} else if r == cur {
				dst = appendPunycodeInt(dst, int32(delta), bias)
				bias = punycodeAdapt(int32(delta), int32(h+1), h == basic)
				delta = 0
				h++
			}
		}
		delta++
		cur++
	}
	return dst, true
}

// appendPunycodeInt appends q as a generalized variable-length integer
// (RFC 3492 §3.3) with the thresholds bias gives.
func appendPunycodeInt(dst []byte, q, bias int32) []byte {
	for k := int32(pcBase); ; k += pcBase {
		t := k - bias
		if t < pcTMin {
			t = pcTMin
		} else if t > pcTMax {
			t = pcTMax
		}
		if q < t {
			return append(dst, punycodeDigit(q))
		}
		dst = append(dst, punycodeDigit(t+(q-t)%(pcBase-t)))
		q = (q - t) / (pcBase - t)
	}
}

// punycodeDigit returns the basic code point for the digit d: a to z for
// 0 to 25, 0 to 9 for 26 to 35.
func punycodeDigit(d int32) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// punycodeAdapt is the bias adaptation function (RFC 3492 §6.1).
func punycodeAdapt(delta, numPoints int32, first bool) int32 {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := int32(0)
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}

// sortByCodePoint sorts positions by the code point of label there, then by
// position (a stable sort of positions already in order).
func sortByCodePoint(pos []int32, label []rune) {
	// (code point, position) pairs packed in one uint64 sort as pairs.
	keys := make([]uint64, len(pos))
	for i, p := range pos {
		keys[i] = uint64(label[p])<<32 | uint64(p)
	}
	slices.Sort(keys)
	for i, key := range keys {
		pos[i] = int32(uint32(key))
	}
}

// fenwick is a binary indexed tree of counts over positions 0..len-2.
type fenwick []int32

func (f fenwick) add(i int, d int32) {
	for i++; i < len(f); i += i & -i {
		f[i] += d
	}
}

// sum returns the total over positions [0, i).
func (f fenwick) sum(i int) int32 {
	s := int32(0)
	for ; i > 0; i -= i & -i {
		s += f[i]
	}
	return s
}
