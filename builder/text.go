package builder

import (
	"sync/atomic"
	"unsafe"
)

// A chain of n QueryParam or AppendSegments calls must cost O(n), not the
// O(n²) of writing each new path or query whole. So the path and the query
// that those setters write live in a growable text: one allocation holding
// a header, then bytes, of which the path or query is a prefix. A setter
// appends in place when the bytes after its receiver's text are still
// unclaimed, and copies into a new, twice larger text otherwise: the text
// is append-only and shared copy-on-write, so two chains branched from one
// Builder never see each other's bytes, and a string, once made, never
// changes.
//
// The Builder keeps the path and the query as plain strings (so that ==
// still compares two Builders made by the same calls as equal) and, beside
// each, the same string as it was when last written into a growable text.
// The text is growable only while both are the same string, same bytes at
// the same address: a setter that writes the path or query in another way
// (Path, Query, SetQueryParam, DelQueryParam, From) leaves them different,
// and no header is ever looked for before an ordinary string.

// textHeader precedes the bytes of a growable text in its allocation.
type textHeader struct {
	used atomic.Int64 // bytes claimed: the longest string made from the text, or a claim in progress
	size int64        // bytes after the header
}

const textHeaderSize = int(unsafe.Sizeof(textHeader{}))

// minText is the smallest growable text allocated, in bytes after the
// header.
const minText = 48

// newText allocates a growable text of at least size bytes and returns its
// header and bytes. It is allocated as words, so the header is aligned for
// its atomic counter; it holds no pointers.
func newText(size int) (*textHeader, []byte) {
	words := make([]uint64, (textHeaderSize+size+7)/8)
	p := unsafe.Pointer(unsafe.SliceData(words))
	h := (*textHeader)(p)
	h.size = int64(len(words)*8 - textHeaderSize)
	return h, unsafe.Slice((*byte)(unsafe.Add(p, textHeaderSize)), h.size)
}

// textOf returns the header and bytes of the growable text that s starts,
// or nil when s is not the string last written there (last) or is empty.
func textOf(s, last string) (*textHeader, []byte) {
	if len(s) == 0 || len(s) != len(last) || unsafe.StringData(s) != unsafe.StringData(last) {
		return nil, nil
	}
	p := unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), -textHeaderSize)
	h := (*textHeader)(p)
	return h, unsafe.Slice(unsafe.StringData(s), h.size)
}

// appendText returns s followed by what write appends to its argument, at
// most limit bytes, as a string in a growable text (see above): in place
// after s when s is the string last written in its text (last) and the
// bytes after it are unclaimed and enough, else in a new text. The result
// is also what the caller keeps as last.
func appendText(s, last string, limit int, write func(dst []byte) []byte) string {
	n, end := len(s), int64(len(s)+limit)
	if h, data := textOf(s, last); h != nil && end <= h.size &&
		h.used.Load() == int64(n) && h.used.CompareAndSwap(int64(n), end) {
		// data[n:n+limit] is this call's alone now: no other Builder holds a
		// string of n+limit bytes of this text, so none claims after it.
		if out, ok := writeAt(data, n, limit, write); ok {
			h.used.Store(int64(n + len(out)))
			return unsafe.String(&data[0], n+len(out))
		}
		h.used.Store(int64(n))
	}
	h, data := newText(max(2*(n+limit), minText))
	copy(data, s)
	out, ok := writeAt(data, n, limit, write)
	if !ok { // write passed limit: not reached, the callers count the worst case
		h, data = newText(2 * (n + len(out)))
		copy(data, s)
		copy(data[n:], out)
	}
	h.used.Store(int64(n + len(out)))
	return unsafe.String(&data[0], n+len(out))
}

// writeAt calls write on data[n:n:n+limit] and reports whether it appended
// in place, without passing limit bytes.
func writeAt(data []byte, n, limit int, write func(dst []byte) []byte) ([]byte, bool) {
	out := write(data[n : n : n+limit])
	return out, len(out) <= limit && (len(out) == 0 || &out[0] == &data[n])
}
