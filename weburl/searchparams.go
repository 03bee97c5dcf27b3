package weburl

import (
	"encoding/binary"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Param is one name-value pair of a SearchParams list.
type Param struct {
	Name, Value string
}

// SearchParams is a list of name-value pairs read from or written as
// application/x-www-form-urlencoded text, as in a URL's query: the URL
// Standard's URLSearchParams (§6.2). Pairs keep their order and names may
// repeat. A SearchParams is immutable: Append, Set, Delete and Sort return a
// new list and leave the receiver as it was. The zero value is the empty
// list.
//
// Names and values are compared as strings, code point by code point; a byte
// that is not part of valid UTF-8 is written by String as U+FFFD.
type SearchParams struct {
	// enc holds the pairs in order, each as the length of its name and
	// the length of its value (uvarints), then the name and the value: a
	// few bytes a pair where a []Param takes 32, so that a query of short
	// pieces ("a&a&a…") costs about its own size, and one string (one
	// allocation) for the list. It is never modified once made.
	enc string
	n   int // the number of pairs
}

// ParseSearchParams reads s as application/x-www-form-urlencoded text, as
// new URLSearchParams(s) does: a leading '?' is dropped, s is split on '&',
// empty pieces are skipped, each piece is split at its first '=' into name
// and value (the value is empty when there is no '='), '+' becomes a space,
// percent-encoded bytes are decoded, and bytes that are not UTF-8 become
// U+FFFD. It never fails: every string is some list of pairs.
func ParseSearchParams(s string) SearchParams {
	return parseURLEncoded(strings.TrimPrefix(s, "?"))
}

// parseURLEncoded is the application/x-www-form-urlencoded string parser
// (§5.1): what a URL's query (without its '?', which is not removed here:
// the query of "s:??a" is "?a") gives to its search params. It allocates
// once, a buffer sized beforehand: decoding never lengthens a name or a
// value but for a raw byte that is not UTF-8, which becomes the three bytes
// of U+FFFD.
func parseURLEncoded(query string) SearchParams {
	grow := 1
	if !utf8.ValidString(query) {
		grow = 3
	}
	size, n := 0, 0
	for piece := range strings.SplitSeq(query, "&") {
		if piece != "" {
			size += 2*uvarintLen(grow*len(piece)) + grow*len(piece)
			n++
		}
	}
	if n == 0 {
		return SearchParams{}
	}
	w := spWriter{b: make([]byte, 0, size)}
	var fix []byte // scratch for a name or value that is not UTF-8 once decoded
	for piece := range strings.SplitSeq(query, "&") {
		if piece == "" {
			continue
		}
		name, value, _ := strings.Cut(piece, "=")
		start := len(w.b)
		// The lengths are written once known; room for them is kept.
		w.b = append(w.b, 0, 0)
		w.b, fix = appendFormDecoded(w.b, name, fix)
		nameEnd := len(w.b)
		w.b, fix = appendFormDecoded(w.b, value, fix)
		w.b = w.placeLengths(start, nameEnd-start-2, len(w.b)-nameEnd)
		w.n++
	}
	return w.done()
}

// spWriter writes the encoding of a SearchParams.
type spWriter struct {
	b []byte
	n int
}

// add appends the pair (name, value).
func (w *spWriter) add(name, value string) {
	w.b = binary.AppendUvarint(w.b, uint64(len(name)))
	w.b = binary.AppendUvarint(w.b, uint64(len(value)))
	w.b = append(w.b, name...)
	w.b = append(w.b, value...)
	w.n++
}

// placeLengths writes the lengths of the pair that starts at start, whose
// name and value (nl and vl bytes) follow two bytes kept for the lengths,
// moving them when the lengths take more than two bytes.
func (w *spWriter) placeLengths(start, nl, vl int) []byte {
	b := w.b
	var lens [2 * binary.MaxVarintLen64]byte
	l := binary.AppendUvarint(lens[:0], uint64(nl))
	l = binary.AppendUvarint(l, uint64(vl))
	if extra := len(l) - 2; extra > 0 {
		b = append(b, lens[:extra]...) // room at the end, then the text moved
		copy(b[start+len(l):], b[start+2:len(b)-extra])
	}
	copy(b[start:], l)
	return b
}

// done returns the list written, its bytes becoming its string.
func (w *spWriter) done() SearchParams {
	if w.n == 0 {
		return SearchParams{}
	}
	return SearchParams{enc: unsafe.String(unsafe.SliceData(w.b), len(w.b)), n: w.n}
}

// sizeOf returns the size of the encoding of pairs.
func sizeOf(pairs ...Param) int {
	size := 0
	for _, p := range pairs {
		size += uvarintLen(len(p.Name)) + uvarintLen(len(p.Value)) + len(p.Name) + len(p.Value)
	}
	return size
}

// uvarintLen returns the length of the uvarint of n.
func uvarintLen(n int) int {
	l := 1
	for ; n >= 0x80; n >>= 7 {
		l++
	}
	return l
}

// pair reads the pair at offset i of p's encoding and returns it and the
// offset of the next.
func (p SearchParams) pair(i int) (name, value string, next int) {
	nl, k := uvarintAt(p.enc, i)
	vl, k := uvarintAt(p.enc, k)
	return p.enc[k : k+nl], p.enc[k+nl : k+nl+vl], k + nl + vl
}

// uvarintAt reads the uvarint at offset i of s and returns it and the
// offset after it.
func uvarintAt(s string, i int) (int, int) {
	n, shift := 0, 0
	for s[i] >= 0x80 {
		n |= int(s[i]&0x7f) << shift
		shift += 7
		i++
	}
	return n | int(s[i])<<shift, i + 1
}

// appendFormDecoded appends s to dst with '+' replaced by a space and
// percent-decoded, then UTF-8 decoded without BOM, using fix as scratch
// (and returning it) when the bytes decoded are not UTF-8.
func appendFormDecoded(dst []byte, s string, fix []byte) ([]byte, []byte) {
	start := len(dst)
	if strings.IndexByte(s, '+') < 0 && strings.IndexByte(s, '%') < 0 {
		dst = append(dst, s...)
	} else {
		from := 0
		for i := 0; i < len(s); i++ {
			switch {
			case s[i] == '+':
				dst = append(dst, s[from:i]...)
				dst = append(dst, ' ')
				from = i + 1
			case s[i] == '%' && isPercentEncodedAt(s, i):
				hi, _ := unhex(s[i+1])
				lo, _ := unhex(s[i+2])
				dst = append(dst, s[from:i]...)
				dst = append(dst, hi<<4|lo)
				i += 2
				from = i + 1
			}
		}
		dst = append(dst, s[from:]...)
	}
	if utf8.Valid(dst[start:]) {
		return dst, fix
	}
	fix = appendUTF8Decoded(fix[:0], dst[start:])
	return append(dst[:start], fix...), fix
}

// appendUTF8Decoded appends b to dst with each ill-formed part replaced by
// U+FFFD the way the Encoding Standard's UTF-8 decoder does it: one U+FFFD
// for each maximal subpart of an ill-formed sequence (so "\xE2\x80" is one
// U+FFFD, where a Go range loop reads two). A leading byte order mark is
// kept ("without BOM").
func appendUTF8Decoded(dst, b []byte) []byte {
	const replacement = "\uFFFD"
	for i := 0; i < len(b); {
		if r, n := utf8.DecodeRune(b[i:]); r != utf8.RuneError || n > 1 {
			dst = append(dst, b[i:i+n]...)
			i += n
			continue
		}
		// b[i] starts no valid sequence: skip it and the continuation
		// bytes that the decoder would have accepted after it.
		c := b[i]
		need, lower, upper := 0, byte(0x80), byte(0xBF)
		switch {
		case 0xC2 <= c && c <= 0xDF:
			need = 1
		case 0xE0 <= c && c <= 0xEF:
			need = 2
			if c == 0xE0 {
				lower = 0xA0
			} else if c == 0xED {
				upper = 0x9F
			}
		case 0xF0 <= c && c <= 0xF4:
			need = 3
			if c == 0xF0 {
				lower = 0x90
			} else if c == 0xF4 {
				upper = 0x8F
			}
		}
		i++
		for ; need > 0 && i < len(b) && lower <= b[i] && b[i] <= upper; need-- {
			i++
			lower, upper = 0x80, 0xBF
		}
		dst = append(dst, replacement...)
	}
	return dst
}

// NewSearchParams returns the list of the given pairs, in order, as new
// URLSearchParams([[name, value], ...]) does.
func NewSearchParams(pairs ...Param) SearchParams {
	w := spWriter{b: make([]byte, 0, sizeOf(pairs...))}
	for _, pair := range pairs {
		w.add(pair.Name, pair.Value)
	}
	return w.done()
}

// Len returns the number of pairs in p (URLSearchParams's size).
func (p SearchParams) Len() int { return p.n }

// All returns an iterator over p's pairs, in order, as names and values.
func (p SearchParams) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for i := 0; i < len(p.enc); {
			name, value, next := p.pair(i)
			if !yield(name, value) {
				return
			}
			i = next
		}
	}
}

// Pairs returns a copy of p's pairs, in order.
func (p SearchParams) Pairs() []Param {
	if p.n == 0 {
		return nil
	}
	pairs := make([]Param, 0, p.n)
	for name, value := range p.All() {
		pairs = append(pairs, Param{name, value})
	}
	return pairs
}

// Get returns the value of the first pair named name, and whether there is
// one.
func (p SearchParams) Get(name string) (value string, ok bool) {
	for n, v := range p.All() {
		if n == name {
			return v, true
		}
	}
	return "", false
}

// GetAll returns the values of all pairs named name, in order; nil when
// there is none.
func (p SearchParams) GetAll(name string) []string {
	var values []string
	for n, v := range p.All() {
		if n == name {
			values = append(values, v)
		}
	}
	return values
}

// Has reports whether a pair is named name.
func (p SearchParams) Has(name string) bool {
	_, ok := p.Get(name)
	return ok
}

// HasValue reports whether a pair is named name and has the value value
// (URLSearchParams's has(name, value)).
func (p SearchParams) HasValue(name, value string) bool {
	for n, v := range p.All() {
		if n == name && v == value {
			return true
		}
	}
	return false
}

// Append returns p with the pair (name, value) added at the end.
func (p SearchParams) Append(name, value string) SearchParams {
	w := spWriter{b: make([]byte, 0, len(p.enc)+sizeOf(Param{name, value})), n: p.n}
	w.b = append(w.b, p.enc...)
	w.add(name, value)
	return w.done()
}

// Set returns p with the value of the first pair named name set to value and
// the other pairs named name removed, or with (name, value) appended when
// no pair is named name.
func (p SearchParams) Set(name, value string) SearchParams {
	if !p.Has(name) {
		return p.Append(name, value)
	}
	w := spWriter{b: make([]byte, 0, len(p.enc)+sizeOf(Param{name, value}))}
	set := false
	for n, v := range p.All() {
		switch {
		case n != name:
			w.add(n, v)
		case !set:
			w.add(name, value)
			set = true
		}
	}
	return w.done()
}

// Delete returns p without the pairs named name.
func (p SearchParams) Delete(name string) SearchParams {
	return p.deleteFunc(func(n, _ string) bool { return n == name })
}

// DeleteValue returns p without the pairs named name whose value is value
// (URLSearchParams's delete(name, value)).
func (p SearchParams) DeleteValue(name, value string) SearchParams {
	return p.deleteFunc(func(n, v string) bool { return n == name && v == value })
}

func (p SearchParams) deleteFunc(del func(name, value string) bool) SearchParams {
	found := false
	for n, v := range p.All() {
		if del(n, v) {
			found = true
			break
		}
	}
	if !found {
		return p
	}
	w := spWriter{b: make([]byte, 0, len(p.enc))}
	for n, v := range p.All() {
		if !del(n, v) {
			w.add(n, v)
		}
	}
	return w.done()
}

// Sort returns p with its pairs sorted by name, the order of pairs with the
// same name kept. Names compare as JavaScript strings do, by UTF-16 code
// units, as the standard says: a name with a code point above U+FFFF sorts
// before one with a code point from U+E000 to U+FFFF in the same place,
// where Go's string order would put it after.
func (p SearchParams) Sort() SearchParams {
	pairs := p.Pairs()
	slices.SortStableFunc(pairs, func(a, b Param) int { return compareUTF16(a.Name, b.Name) })
	return NewSearchParams(pairs...)
}

// compareUTF16 compares a and b by their UTF-16 code units, a byte that is
// not part of valid UTF-8 read as U+FFFD.
func compareUTF16(a, b string) int {
	for i, j := 0, 0; ; {
		if i == len(a) || j == len(b) {
			return (len(a) - i) - (len(b) - j) // the shorter, a prefix, first
		}
		if a[i] < utf8.RuneSelf && b[j] < utf8.RuneSelf {
			if a[i] != b[j] {
				return int(a[i]) - int(b[j])
			}
			i++
			j++
			continue
		}
		ra, na := utf8.DecodeRuneInString(a[i:])
		rb, nb := utf8.DecodeRuneInString(b[j:])
		if ra != rb {
			return compareRuneUTF16(ra, rb)
		}
		i += na
		j += nb
	}
}

// compareRuneUTF16 compares two different code points by their UTF-16
// code units. Two code points on the same side of U+FFFF compare as code
// points; a code point above U+FFFF starts with a surrogate, U+D800 to
// U+DBFF, so it sorts after the code points below U+D800 and before those
// from U+E000 (a decoded rune is never a surrogate itself).
func compareRuneUTF16(a, b rune) int {
	switch aSupp, bSupp := a > 0xFFFF, b > 0xFFFF; {
	case aSupp == bSupp:
		return int(a - b)
	case aSupp:
		if b < 0xD800 {
			return 1
		}
		return -1
	default:
		if a < 0xD800 {
			return -1
		}
		return 1
	}
}

// String returns p as application/x-www-form-urlencoded text, without a
// leading '?': name=value pairs joined by '&', each name and value
// percent-encoded with the application/x-www-form-urlencoded percent-encode
// set and a space written as '+'. The empty list is "".
func (p SearchParams) String() string {
	if p.n == 0 {
		return ""
	}
	// Room for some percent-encoding, so that the buffer rarely grows.
	size := len(p.enc) + p.n
	return string(p.appendTo(make([]byte, 0, size+size/2)))
}

// appendTo appends String's text to dst.
func (p SearchParams) appendTo(dst []byte) []byte {
	k := 0
	for name, value := range p.All() {
		if k > 0 {
			dst = append(dst, '&')
		}
		k++
		dst = appendFormEncoded(dst, name)
		dst = append(dst, '=')
		dst = appendFormEncoded(dst, value)
	}
	return dst
}

// appendFormEncoded percent-encodes s with the application/x-www-form-urlencoded
// percent-encode set, a space becoming '+'.
func appendFormEncoded(dst []byte, s string) []byte {
	for {
		sp := strings.IndexByte(s, ' ')
		if sp < 0 {
			return appendPercentEncoded(dst, s, &formSet)
		}
		dst = appendPercentEncoded(dst, s[:sp], &formSet)
		dst = append(dst, '+')
		s = s[sp+1:]
	}
}
