package uri

import (
	"net/netip"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// IPv4Reader is a set of readers of host names that take some names for
// IPv4 addresses: see HostIPv4.
type IPv4Reader uint8

// The readers HostIPv4 knows.
const (
	// InetAton is inet_aton(3), which getaddrinfo(3) calls first on a
	// name (glibc, musl, the BSDs, macOS; Go's resolver when it uses
	// cgo): one to four numbers separated by ".", each decimal, octal
	// after a "0" or hexadecimal after "0x", the last filling the bytes
	// left ("127.1" is 127.0.0.1, "2130706433" is 127.0.0.1).
	InetAton IPv4Reader = 1 << iota
	// WHATWG is the host parser of the WHATWG URL Standard, as browsers
	// read the host of an http, https, ws, wss, ftp or file URL: the same
	// numbers after percent-decoding and UTS #46 mapping ("１２７．１",
	// "%30x7f.1"), and also a final "." ("127.0.0.1.") and an empty
	// hexadecimal number ("0x" is 0).
	WHATWG
)

// String returns "inet_aton", "WHATWG", "inet_aton+WHATWG" or "none".
func (r IPv4Reader) String() string {
	switch r {
	case 0:
		return "none"
	case InetAton:
		return "inet_aton"
	case WHATWG:
		return "WHATWG"
	case InetAton | WHATWG:
		return "inet_aton+WHATWG"
	}
	return "IPv4Reader(?)"
}

// HostIPv4 returns the IPv4 address that the host of u stands for to the
// readers that read it as one, and those readers. An IPv4address host
// (HostKind IPv4) is read as itself by both. A reg-name is a name to RFC
// 3986 (§3.2.2: "01.2.3.4" and "0x7f.1" are reg-names, and Addr reports
// none), but inet_aton and browsers read "0x7f.1", "2130706433", "127.1"
// and "0177.0.0.1" as 127.0.0.1, so that a name an allow-list of names
// passes may be dialed as an address. Check the address HostIPv4 returns
// when it returns a reader:
//
//	if a, by := u.HostIPv4(); by != 0 && !allowedAddr(a) { refuse }
//
// The two readers agree on the address wherever both read one. HostIPv4
// returns the zero Addr and 0 for any other host (a name, an IP literal,
// none); an allow-list checks an IP literal with Addr, and Unmap turns an
// IPv4-mapped one ("[::ffff:127.0.0.1]") into the IPv4 address it dials. Browsers also refuse a host whose last label is a number that is
// not an address ("1.2.3.256", "09"): such a URL fails in them.
func (u URI) HostIPv4() (netip.Addr, IPv4Reader) {
	switch u.host {
	case IPv4:
		a, ok := u.Addr()
		if !ok {
			return netip.Addr{}, 0
		}
		return a, InetAton | WHATWG
	case RegName:
	default:
		return netip.Addr{}, 0
	}
	h := decode(u.Host())
	if h == "" {
		return netip.Addr{}, 0
	}
	var by IPv4Reader
	var addr netip.Addr
	if a, ok := inetAton(h); ok {
		addr, by = a, InetAton
	}
	w := h
	for i := 0; i < len(w); i++ {
		if w[i] >= 0x80 {
			if m, err := idnaToASCII(w); err == nil {
				w = m
			} else {
				w = ""
			}
			break
		}
	}
	if w != "" {
		if a, ipv4, _ := facts.ReadASCIIDomain(w); ipv4 {
			addr, by = addrFrom(a), by|WHATWG
		}
	}
	return addr, by
}

// addrFrom returns the IPv4 address of the 32-bit number a.
func addrFrom(a uint32) netip.Addr {
	return netip.AddrFrom4([4]byte{byte(a >> 24), byte(a >> 16), byte(a >> 8), byte(a)})
}

// inetAton reads s as inet_aton(3) does, but for trailing white space,
// which no reg-name holds unencoded and which a resolver would not be
// given: one to four parts separated by ".", each a number in the syntax
// of strtoul with base 0 starting with a digit.
func inetAton(s string) (netip.Addr, bool) {
	var nums [4]uint64
	n := 0
	for {
		if n == 4 || s == "" || s[0] < '0' || s[0] > '9' {
			return netip.Addr{}, false
		}
		v, rest, ok := cNumber(s)
		if !ok {
			return netip.Addr{}, false
		}
		nums[n] = v
		n++
		if rest == "" {
			break
		}
		if rest[0] != '.' {
			return netip.Addr{}, false
		}
		s = rest[1:]
	}
	return ipv4From(nums[:n])
}

// cNumber reads the number at the start of s as strtoul with base 0 does:
// "0x" or "0X" and hexadecimal digits, "0" and octal digits, or decimal
// digits; "0x" without a digit reads as "0" followed by "x". It returns the
// value, the rest of s, and false on overflow past 32 bits (a part beyond
// that is refused by every reader).
func cNumber(s string) (uint64, string, bool) {
	base, i := uint64(10), 0
	switch {
	case len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && unhex(s[2]) >= 0:
		base, i = 16, 2
	case s[0] == '0':
		base = 8
	}
	var v uint64
	for ; i < len(s); i++ {
		d := unhex(s[i])
		if d < 0 || uint64(d) >= base {
			break
		}
		v = v*base + uint64(d)
		if v > 1<<32 {
			return 0, "", false
		}
	}
	return v, s[i:], true
}

// ipv4From makes the address of one to four numbers, the last filling the
// bytes the others leave (inet_aton(3)), or false when a number does not
// fit.
func ipv4From(nums []uint64) (netip.Addr, bool) {
	if len(nums) == 0 || len(nums) > 4 {
		return netip.Addr{}, false
	}
	var v uint64
	for i, x := range nums[:len(nums)-1] {
		if x > 255 {
			return netip.Addr{}, false
		}
		v |= x << (8 * (3 - i))
	}
	last := nums[len(nums)-1]
	if last >= 1<<(8*(5-len(nums))) {
		return netip.Addr{}, false
	}
	v |= last
	return addrFrom(uint32(v)), true
}
