package weburl

import (
	"iter"
	"slices"
	"strings"
	"unicode/utf8"
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
	pairs []Param // never modified once the SearchParams is made
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
// the query of "s:??a" is "?a") gives to its search params.
func parseURLEncoded(query string) SearchParams {
	if query == "" {
		return SearchParams{}
	}
	pairs := make([]Param, 0, strings.Count(query, "&")+1)
	for piece := range strings.SplitSeq(query, "&") {
		if piece == "" {
			continue
		}
		name, value, _ := strings.Cut(piece, "=")
		pairs = append(pairs, Param{decodeFormComponent(name), decodeFormComponent(value)})
	}
	return SearchParams{pairs: pairs}
}

// decodeFormComponent replaces '+' by a space, percent-decodes, and runs
// UTF-8 decode without BOM on the result.
func decodeFormComponent(s string) string {
	if strings.IndexByte(s, '+') < 0 && strings.IndexByte(s, '%') < 0 {
		if utf8.ValidString(s) {
			return s
		}
		return string(appendUTF8Decoded(nil, []byte(s)))
	}
	b := make([]byte, 0, len(s))
	start := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '+':
			b = append(b, s[start:i]...)
			b = append(b, ' ')
			start = i + 1
		case s[i] == '%' && isPercentEncodedAt(s, i):
			hi, _ := unhex(s[i+1])
			lo, _ := unhex(s[i+2])
			b = append(b, s[start:i]...)
			b = append(b, hi<<4|lo)
			i += 2
			start = i + 1
		}
	}
	b = append(b, s[start:]...)
	if !utf8.Valid(b) {
		b = appendUTF8Decoded(nil, b)
	}
	return string(b)
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
	if len(pairs) == 0 {
		return SearchParams{}
	}
	return SearchParams{pairs: slices.Clone(pairs)}
}

// Len returns the number of pairs in p (URLSearchParams's size).
func (p SearchParams) Len() int { return len(p.pairs) }

// All returns an iterator over p's pairs, in order, as names and values.
func (p SearchParams) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, pair := range p.pairs {
			if !yield(pair.Name, pair.Value) {
				return
			}
		}
	}
}

// Pairs returns a copy of p's pairs, in order.
func (p SearchParams) Pairs() []Param { return slices.Clone(p.pairs) }

// Get returns the value of the first pair named name, and whether there is
// one.
func (p SearchParams) Get(name string) (value string, ok bool) {
	for _, pair := range p.pairs {
		if pair.Name == name {
			return pair.Value, true
		}
	}
	return "", false
}

// GetAll returns the values of all pairs named name, in order; nil when
// there is none.
func (p SearchParams) GetAll(name string) []string {
	var values []string
	for _, pair := range p.pairs {
		if pair.Name == name {
			values = append(values, pair.Value)
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
	return slices.Contains(p.pairs, Param{name, value})
}

// Append returns p with the pair (name, value) added at the end.
func (p SearchParams) Append(name, value string) SearchParams {
	pairs := make([]Param, len(p.pairs), len(p.pairs)+1)
	copy(pairs, p.pairs)
	return SearchParams{pairs: append(pairs, Param{name, value})}
}

// Set returns p with the value of the first pair named name set to value and
// the other pairs named name removed, or with (name, value) appended when
// no pair is named name.
func (p SearchParams) Set(name, value string) SearchParams {
	first := slices.IndexFunc(p.pairs, func(pair Param) bool { return pair.Name == name })
	if first < 0 {
		return p.Append(name, value)
	}
	pairs := make([]Param, 0, len(p.pairs))
	pairs = append(pairs, p.pairs[:first]...)
	pairs = append(pairs, Param{name, value})
	for _, pair := range p.pairs[first+1:] {
		if pair.Name != name {
			pairs = append(pairs, pair)
		}
	}
	return SearchParams{pairs: pairs}
}

// Delete returns p without the pairs named name.
func (p SearchParams) Delete(name string) SearchParams {
	return p.deleteFunc(func(pair Param) bool { return pair.Name == name })
}

// DeleteValue returns p without the pairs named name whose value is value
// (URLSearchParams's delete(name, value)).
func (p SearchParams) DeleteValue(name, value string) SearchParams {
	return p.deleteFunc(func(pair Param) bool { return pair == Param{name, value} })
}

func (p SearchParams) deleteFunc(del func(Param) bool) SearchParams {
	if !slices.ContainsFunc(p.pairs, del) {
		return p
	}
	return SearchParams{pairs: slices.DeleteFunc(slices.Clone(p.pairs), del)}
}

// Sort returns p with its pairs sorted by name, the order of pairs with the
// same name kept. Names compare as JavaScript strings do, by UTF-16 code
// units, as the standard says: a name with a code point above U+FFFF sorts
// before one with a code point from U+E000 to U+FFFF in the same place,
// where Go's string order would put it after.
func (p SearchParams) Sort() SearchParams {
	pairs := slices.Clone(p.pairs)
	slices.SortStableFunc(pairs, func(a, b Param) int { return compareUTF16(a.Name, b.Name) })
	return SearchParams{pairs: pairs}
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
	if len(p.pairs) == 0 {
		return ""
	}
	size := 0
	for _, pair := range p.pairs {
		size += len(pair.Name) + len(pair.Value) + 2
	}
	// Room for some percent-encoding, so that the buffer rarely grows.
	return string(p.appendTo(make([]byte, 0, size+size/2)))
}

// appendTo appends String's text to dst.
func (p SearchParams) appendTo(dst []byte) []byte {
	for k, pair := range p.pairs {
		if k > 0 {
			dst = append(dst, '&')
		}
		dst = appendFormEncoded(dst, pair.Name)
		dst = append(dst, '=')
		dst = appendFormEncoded(dst, pair.Value)
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
