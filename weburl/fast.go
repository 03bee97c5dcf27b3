package weburl

import "github.com/seed42851778/rfc3986/internal/facts"

// The fast path: most real URLs are already their own serialization (a
// lower-case special scheme, "//", a canonical ASCII host, maybe a port,
// then a path, query and fragment with nothing to encode and no dot
// segment). For those the parser's output is the input, so one pass that
// checks this and records the offsets gives the URL with no copy and no
// allocation. Anything else, however harmless, goes to the state machine.

// fastClass classifies ASCII bytes for the fast path: the bit of a
// component is set when the byte may stand in it unchanged.
const (
	fcScheme     = 1 << iota // a lower-case scheme byte after the first
	fcHost                   // a byte of a canonical domain or IPv4 address
	fcPath                   // a path byte, '/' excluded
	fcQuery                  // a special URL's query byte, '#' excluded
	fcFragment               // a fragment byte
	fcOpaqueHost             // a byte of an opaque host that stays as it is
	fcQueryOther             // a non-special URL's query byte, '#' excluded
)

var fastClass = func() (t [256]uint8) {
	for c := 0; c < 0x80; c++ {
		b := byte(c)
		if ('a' <= b && b <= 'z') || ('0' <= b && b <= '9') || b == '+' || b == '-' || b == '.' {
			t[c] |= fcScheme
		}
		if ('a' <= b && b <= 'z') || ('0' <= b && b <= '9') || b == '-' || b == '.' {
			t[c] |= fcHost
		}
		if !pathSet[c] && b != '/' && b != '\\' {
			t[c] |= fcPath
		}
		if !specialQuerySet[c] && b != '#' {
			t[c] |= fcQuery
		}
		if !fragmentSet[c] {
			t[c] |= fcFragment
		}
		if ('a' <= b && b <= 'z') || ('A' <= b && b <= 'Z') || ('0' <= b && b <= '9') || b == '-' || b == '.' {
			t[c] |= fcOpaqueHost
		}
		if !querySet[c] && b != '#' {
			t[c] |= fcQueryOther
		}
	}
	return t
}()

// hostEnds holds the bytes that may follow a host in the fast path.
var hostEnds = stopTable(nil, ":/?#")

// parseFast parses s when it is the serialization of a non-file URL with
// "//" and a host and nothing to change, and reports whether it did. When
// it fails after a canonical scheme and authority, resume is where they end
// (the path start state's first code point) and u holds their offsets, so
// that the state machine can go on from there; otherwise resume is -1.
func parseFast(s string) (u URL, ok bool, resume int) {
	resume = -1
	n := len(s)
	if n == 0 || s[0] < 'a' || s[0] > 'z' {
		return u, false, resume
	}
	i := 1
	for i < n && fastClass[s[i]]&fcScheme != 0 {
		i++
	}
	if i+2 >= n || s[i] != ':' || s[i+1] != '/' || s[i+2] != '/' {
		return u, false, resume
	}
	if u.scheme = specialScheme(s[:i]); u.scheme == facts.File {
		return u, false, resume
	}
	u.schemeEnd = uint32(i)
	i += 3
	hs := i
	if u.scheme != facts.Other {
		for i < n && fastClass[s[i]]&fcHost != 0 {
			i++
		}
		// The host must end the authority (or a port follow) before it is
		// worth checking.
		if i == hs || (i < n && !hostEnds[s[i]]) || !canonicalHost(s[hs:i], &u) {
			return u, false, resume
		}
	} else {
		// An opaque host of letters, digits, '-' and '.' is kept as it is.
		for i < n && fastClass[s[i]]&fcOpaqueHost != 0 {
			i++
		}
		if i == hs {
			return u, false, resume
		}
		u.host = hostOpaque
	}
	he := i
	u.usernameEnd, u.hostStart, u.hostEnd = uint32(hs), uint32(hs), uint32(he)
	if i < n && s[i] == ':' {
		i++
		ps := i
		port := 0
		for i < n && isDigit(s[i]) && i-ps < 5 {
			port = port*10 + int(s[i]-'0')
			i++
		}
		if i == ps || s[ps] == '0' || port > 65535 || port == u.scheme.Port() {
			return u, false, resume
		}
	}
	if i < n && !(s[i] == '/' || s[i] == '?' || s[i] == '#' || (s[i] == '\\' && u.scheme != facts.Other)) {
		return u, false, resume // not the end of the authority
	}
	resume = i
	if (i == n || s[i] != '/') && u.scheme != facts.Other {
		return u, false, resume // no path: the serialization has "/", the input not
	}
	u.pathStart = uint32(i)
	// The path: segments of path bytes, none a dot segment.
	for i < n && s[i] == '/' {
		i++
		seg := i
		for i < n && fastClass[s[i]]&fcPath != 0 {
			i++
		}
		if l := i - seg; l > 0 && l <= 6 && (s[seg] == '.' || s[seg] == '%') {
			b := []byte(s[seg:i])
			if isSingleDot(b) || isDoubleDot(b) {
				return u, false, resume
			}
		}
	}
	u.queryStart = uint32(i)
	if i < n && s[i] == '?' {
		u.flags |= flagQuery
		i++
		class := uint8(fcQuery)
		if u.scheme == facts.Other {
			class = fcQueryOther
		}
		for i < n && fastClass[s[i]]&class != 0 {
			i++
		}
	}
	u.fragStart = uint32(i)
	if i < n && s[i] == '#' {
		u.flags |= flagFragment
		i++
		for i < n && fastClass[s[i]]&fcFragment != 0 {
			i++
		}
	}
	if i != n {
		return u, false, resume
	}
	u.href = s
	return u, true, resume
}

// canonicalHost reports whether the host parser leaves h (lower-case
// letters, digits, '-' and '.') as it is, and records its kind in u.
func canonicalHost(h string, u *URL) bool {
	// Lower-case letters, digits, '-' and '.' are a domain the domain parser
	// returns as it is (§3.3: an ASCII domain is only lower-cased, whatever
	// its "xn--" labels hold), unless it ends in a number (§3.5: then it is
	// an IPv4 address).
	if !facts.EndsInANumber(h) {
		u.host = hostDomain
		return true
	}
	var b [256]byte
	if _, _, ok := facts.ReadASCIIDomain(h); !ok || len(h) > len(b) {
		return false // not an address: appendHost would build an error for nothing
	}
	out, kind, err := appendHost(b[:0], h, false, nil)
	if err != nil || string(out) != h {
		return false
	}
	u.host = kind
	return true
}
