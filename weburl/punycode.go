package weburl

import (
	"math"
	"slices"
	"strings"
	"unicode/utf8"
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

// decodePunycode decodes the Punycode label s (without "xn--", RFC 3492
// §6.2), reporting false for invalid Punycode: a non-basic code point
// before the last '-', a digit that is not one, an overflow of 32 bits, an
// unfinished integer, or a code point that is a surrogate or beyond
// U+10FFFF.
//
// The RFC inserts each decoded code point into the output as it goes,
// which is quadratic in the label; x/net/idna's decoder, which does that,
// refuses labels of more than 1,024 code points. This one records the
// insertions and places them afterwards, last first, each in the free slot
// its index counts to (a Fenwick tree over the slots finds it), in
// O(n log n).
func decodePunycode(s string) ([]rune, bool) {
	// The basic code points come before the last '-', which is there only
	// when some are: a '-' first is not a delimiter but a bad digit.
	basic := ""
	if d := strings.LastIndexByte(s, '-'); d > 0 {
		basic, s = s[:d], s[d+1:]
	}
	for i := 0; i < len(basic); i++ {
		if basic[i] >= 0x80 {
			return nil, false
		}
	}
	type insertion struct {
		at int32 // index in the output as it was then
		r  rune
	}
	var ins []insertion
	n, i, bias := int64(pcInitialN), int64(0), int32(pcInitialBias)
	for pos := 0; pos < len(s); {
		oldI, w := i, int64(1)
		for k := int64(pcBase); ; k += pcBase {
			if pos == len(s) {
				return nil, false
			}
			digit, ok := punycodeDigitValue(s[pos])
			pos++
			if !ok {
				return nil, false
			}
			i += int64(digit) * w
			if i > math.MaxInt32 {
				return nil, false
			}
			t := k - int64(bias)
			if t < pcTMin {
				t = pcTMin
			} else if t > pcTMax {
				t = pcTMax
			}
			if int64(digit) < t {
				break
			}
			w *= pcBase - t
			if w > math.MaxInt32 {
				return nil, false
			}
		}
		length := int64(len(basic) + len(ins) + 1)
		bias = punycodeAdapt(int32(i-oldI), int32(length), oldI == 0)
		n += i / length
		i %= length
		if n > utf8.MaxRune || 0xD800 <= n && n <= 0xDFFF {
			return nil, false
		}
		ins = append(ins, insertion{int32(i), rune(n)})
		i++
	}
	total := len(basic) + len(ins)
	out := make([]rune, total)
	taken := make([]bool, total)
	free := make(fenwick, total+1)
	for p := range total {
		free.add(p, 1)
	}
	for j := len(ins) - 1; j >= 0; j-- {
		p := free.find(int32(ins[j].at))
		out[p] = ins[j].r
		taken[p] = true
		free.add(p, -1)
	}
	b := 0
	for p := range out {
		if !taken[p] {
			out[p] = rune(basic[b])
			b++
		}
	}
	return out, true
}

// punycodeDigitValue returns the value of the Punycode digit c: a to z (or
// A to Z) for 0 to 25, 0 to 9 for 26 to 35.
func punycodeDigitValue(c byte) (int32, bool) {
	switch {
	case 'a' <= c && c <= 'z':
		return int32(c - 'a'), true
	case 'A' <= c && c <= 'Z':
		return int32(c - 'A'), true
	case '0' <= c && c <= '9':
		return int32(c-'0') + 26, true
	}
	return 0, false
}

// find returns the smallest position p whose prefix [0, p] sums to k+1: the
// position of the k-th (from 0) counted slot, when the counts are 0 or 1.
func (f fenwick) find(k int32) int {
	pos, step := 0, 1
	for step*2 < len(f) {
		step *= 2
	}
	for ; step > 0; step /= 2 {
		if next := pos + step; next < len(f) && f[next] <= k {
			pos = next
			k -= f[next]
		}
	}
	return pos // the tree is 1-based: pos+1 in it, pos in positions
}
