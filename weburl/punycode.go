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
// overflow", with 32-bit integers as x/net/idna has them). sc holds the
// buffers of long labels for reuse; nil allocates them.
//
// The RFC's loop reads the whole label once for each distinct code point,
// which is quadratic in the label: a host of some thousands of distinct
// code points would take seconds. Beyond smallLabel code points this
// encoder gives the same output in O(n log n): the number of code points
// below the current one that precede a position is what the RFC counts one
// by one, and a Fenwick tree over the positions answers it.
func appendPunycode(dst []byte, label []rune, sc *punyScratch) ([]byte, bool) {
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
	if sc == nil {
		sc = new(punyScratch)
	}
	// The non-basic positions, in order of code point and then position
	// (code point and position packed in one uint64 sort as pairs): the
	// order in which the RFC's loop reaches them.
	order := sc.keys[:0]
	for i, r := range label {
		if r >= 0x80 {
			order = append(order, uint64(r)<<32|uint64(i))
		}
	}
	slices.Sort(order)
	sc.keys = order
	// less counts, for a prefix of positions, the code points below the
	// current one: the basic ones at first.
	less := sc.tree(n + 1)
	for i, r := range label {
		if r < 0x80 {
			less.add(i, 1)
		}
	}
	delta, cur, bias := int64(0), rune(pcInitialN), int32(pcInitialBias)
	h := basic
	for k := 0; k < len(order); {
		m := rune(order[k] >> 32)
		delta += int64(m-cur) * int64(h+1)
		if delta > math.MaxInt32 {
			return dst, false
		}
		cur = m
		end := k
		for end < len(order) && rune(order[end]>>32) == m {
			end++
		}
		prev := 0 // delta counts the code points below m in label[prev:p]
		for _, key := range order[k:end] {
			p := int(uint32(key))
			delta += int64(less.sum(p) - less.sum(prev))
			if delta > math.MaxInt32 {
				return dst, false
			}
			dst = appendPunycodeInt(dst, int32(delta), bias)
			bias = punycodeAdapt(int32(delta), int32(h+1), h == basic)
			delta = 0
			h++
			prev = p + 1
		}
		delta += int64(less.sum(n)-less.sum(prev)) + 1
		if delta > math.MaxInt32 {
			return dst, false
		}
		for _, key := range order[k:end] {
			less.add(int(uint32(key)), 1)
		}
		cur++
		k = end
	}
	return dst, true
}

// punyScratch holds the buffers of Punycode's O(n log n) ways, so that a
// caller converting many labels allocates them once.
type punyScratch struct {
	keys []uint64 // the encoder's order, the decoder's insertions
	fen  fenwick
	out  []rune
}

// tree returns a Fenwick tree of size n, all counts zero.
func (sc *punyScratch) tree(n int) fenwick {
	if cap(sc.fen) < n {
		sc.fen = make(fenwick, n)
	}
	sc.fen = sc.fen[:n]
	clear(sc.fen)
	return sc.fen
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

// appendDecodedPunycode appends the code points of the Punycode label s
// (without "xn--", RFC 3492 §6.2) to dst, and reports false for invalid
// Punycode: a non-basic code point before the last '-', a digit that is
// not one, an overflow of 32 bits, an unfinished integer, or a code point
// that is a surrogate or beyond U+10FFFF. sc holds the buffers of long
// labels for reuse; nil allocates them.
//
// The RFC inserts each decoded code point into the output as it goes,
// which is quadratic in the label; x/net/idna's decoder, which does that,
// refuses labels of more than 1,024 code points. Beyond smallLabel code
// points this one records the insertions and places them afterwards, last
// first, each in the free slot its index counts to (a Fenwick tree over the
// slots finds it), in O(n log n).
func appendDecodedPunycode(dst []rune, s string, sc *punyScratch) ([]rune, bool) {
	// The basic code points come before the last '-', which is there only
	// when some are: a '-' first is not a delimiter but a bad digit.
	basic := ""
	if d := strings.LastIndexByte(s, '-'); d > 0 {
		basic, s = s[:d], s[d+1:]
	}
	for i := 0; i < len(basic); i++ {
		if basic[i] >= 0x80 {
			return dst, false
		}
	}
	// Each insertion, its index in the output as it was then and its code
	// point packed in one uint64, takes one digit or more.
	var small [smallLabel]uint64
	ins := small[:0]
	if len(s) > smallLabel {
		if sc == nil {
			sc = new(punyScratch)
		}
		// Room for every insertion, so that ins never leaves sc.keys.
		if cap(sc.keys) < len(s) {
			sc.keys = make([]uint64, 0, len(s))
		}
		ins = sc.keys[:0]
	}
	n, i, bias := int64(pcInitialN), int64(0), int32(pcInitialBias)
	for pos := 0; pos < len(s); {
		oldI, w := i, int64(1)
		for k := int64(pcBase); ; k += pcBase {
			if pos == len(s) {
				return dst, false
			}
			digit, ok := punycodeDigitValue(s[pos])
			pos++
			if !ok {
				return dst, false
			}
			i += int64(digit) * w
			if i > math.MaxInt32 {
				return dst, false
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
				return dst, false
			}
		}
		length := int64(len(basic) + len(ins) + 1)
		bias = punycodeAdapt(int32(i-oldI), int32(length), oldI == 0)
		n += i / length
		i %= length
		if n > utf8.MaxRune || 0xD800 <= n && n <= 0xDFFF {
			return dst, false
		}
		ins = append(ins, uint64(i)<<32|uint64(n))
		i++
	}
	if len(basic)+len(ins) <= smallLabel {
		start := len(dst)
		for j := 0; j < len(basic); j++ {
			dst = append(dst, rune(basic[j]))
		}
		for _, x := range ins {
			dst = slices.Insert(dst, start+int(x>>32), rune(uint32(x)))
		}
		return dst, true
	}
	if sc == nil {
		sc = new(punyScratch)
	}
	return placeInsertions(dst, basic, ins, sc), true
}

// placeInsertions appends to dst the label whose basic code points are
// basic and whose other code points ins inserts, in O(n log n).
func placeInsertions(dst []rune, basic string, ins []uint64, sc *punyScratch) []rune {
	total := len(basic) + len(ins)
	if cap(sc.out) < total {
		sc.out = make([]rune, total)
	}
	out := sc.out[:total]
	clear(out) // 0 marks a slot no insertion took: every insertion is U+0080 or above
	free := sc.tree(total + 1)
	for p := range total {
		free.add(p, 1)
	}
	for j := len(ins) - 1; j >= 0; j-- {
		p := free.find(int32(ins[j] >> 32))
		out[p] = rune(uint32(ins[j]))
		free.add(p, -1)
	}
	b := 0
	for p := range out {
		if out[p] == 0 {
			out[p] = rune(basic[b])
			b++
		}
	}
	return append(dst, out...)
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
