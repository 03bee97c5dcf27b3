package weburl

import (
	"strings"
	"unsafe"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// The fast path's hand-off of a special host that is not ASCII or is
// percent-encoded: the host parser converts it (into a buffer on the
// stack), and the href is the input with the result in place of the
// host. Without it such a URL would leave the fast path at its host and
// start again in the state machine, which cleans the whole input and reads
// it byte by byte. Anything the hand-off is not sure of (userinfo, a tab or
// newline, a host the host parser refuses or that is an IPv4 address once
// mapped, a long host) goes to the state machine as before, which then
// decides, and reports an error, from the start.

// maxIDNAHost bounds the bytes of a host the hand-off converts, and those
// of its serialization, which the fast path keeps.
const maxIDNAHost = 64

// idnaHost is what the fast path keeps of a host it handed off.
type idnaHost struct {
	// idna[:idnaLen] is the host's serialization; idnaLen is 0 when the
	// input's host is the href's (the serialization of a host handed off
	// is never empty).
	idna    [maxIDNAHost]byte
	idnaLen uint8
	// inHostEnd is where the host handed off ends in the input (u.hostEnd
	// is where it ends in the href).
	inHostEnd int
	// check is CanParse's mode: the host is checked, its serialization not
	// kept, and a host the host parser refuses makes no *Error.
	check bool
}

// idnaHostRun holds the bytes the hand-off reads as part of a host: all but
// those that end it (':', '/', '?', '#', '\\') and those it leaves to the
// state machine ('@': userinfo; a tab or newline: the input needs
// cleaning; '[': the host state reads a ':' after it as part of the host).
var idnaHostRun = func() *runTable {
	t := newRunTable(func(c byte) bool { return strings.IndexByte(":/?#\\@\t\n\r[", c) < 0 })
	for c := 0x80; c <= 0xff; c++ {
		t[c] = 1
	}
	return t
}()

// readIDNAHost reads the host of s that starts at hs, a special URL's
// host whose first i-hs bytes the ASCII fast path read and whose byte at i
// neither it reads nor ends the host, and returns where the host ends in
// s, or -1 when the state machine is to read it. Unless f.check, the
// host's serialization is kept in f.idna.
func (f *fastURL) readIDNAHost(s string, hs, i int, kind facts.Scheme) int {
	if kind == facts.File {
		return -1 // the file host state's "localhost"
	}
	if i = scanRun(s, i, idnaHostRun); i < len(s) && !hostEnds[s[i]] || i-hs > maxIDNAHost {
		return -1
	}
	h := s[hs:i]
	// The domain parser's input: h percent-decoded (appendDomainSlow).
	var dec [maxIDNAHost]byte
	domain := h
	if strings.IndexByte(h, '%') >= 0 {
		d := percentDecodeShort(&dec, h)
		domain = unsafe.String(unsafe.SliceData(d), len(d))
	}
	if isASCII(domain) {
		// Not mapped (appendDomain's other path), or refused for a
		// forbidden code point.
		return -1
	}
	if f.check {
		if !checkDomain(domain) {
			return -1
		}
		return i
	}
	// appendDomain with beStrict false, giving up where it would fail or
	// read an IPv4 address: ToASCII (which fails on bytes that are not
	// UTF-8), then a result that is not empty, holds no forbidden domain
	// code point and does not end in a number. The buffer is larger than
	// what is kept, so that a host that grows past it costs no allocation.
	var buf [4 * maxIDNAHost]byte
	out, err := appendToASCII(buf[:0], domain, false)
	if err.code != 0 || len(out) == 0 || len(out) > maxIDNAHost {
		return -1
	}
	result := unsafe.String(unsafe.SliceData(out), len(out))
	if scanRun(result, 0, hostRun) != len(result) || facts.EndsInANumber(result) {
		return -1
	}
	f.u.host = hostDomain
	f.idnaLen = uint8(copy(f.idna[:], out))
	f.inHostEnd = i
	f.lowerHost = false // the serialization replaces the host
	return i
}

// percentDecodeShort is appendPercentDecoded of s, at most maxIDNAHost
// bytes, into b, a byte at a time: a short host has few bytes between its
// percent-encoded ones, and appending those runs costs more.
func percentDecodeShort(b *[maxIDNAHost]byte, s string) []byte {
	n := 0
	for i := 0; i < len(s) && n < len(b); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			hi, ok1 := unhex(s[i+1])
			lo, ok2 := unhex(s[i+2])
			if ok1 && ok2 {
				c = hi<<4 | lo
				i += 2
			}
		}
		b[n] = c
		n++
	}
	return b[:n]
}

// appendHostPart appends s up to where its host starts and the host's
// serialization the hand-off kept (f.idnaLen > 0), and returns where the
// host ends in s.
func (f *fastURL) appendHostPart(dst []byte, s string) ([]byte, int) {
	dst = append(dst, s[:f.u.hostStart]...)
	return append(dst, f.idna[:f.idnaLen]...), f.inHostEnd
}

// hostGrowth is how many bytes longer the href's host is than the input's
// (negative when shorter: a percent-encoded host).
func (f *fastURL) hostGrowth() int {
	if f.idnaLen == 0 {
		return 0
	}
	return int(f.idnaLen) - (f.inHostEnd - int(f.u.hostStart))
}
