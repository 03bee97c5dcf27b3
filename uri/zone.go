package uri

import "strings"

// ParseOptions selects extensions of RFC 3986 that ParseReferenceWith
// admits. The zero value admits none: ParseReferenceWith is then
// ParseReference.
type ParseOptions struct {
	// IPv6Zone admits an IPv6 zone identifier in an IP literal, as RFC
	// 6874 §2 extends the host rule for link-local addresses:
	//
	//	IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"
	//	IPv6addrz  = IPv6address "%25" ZoneID
	//	ZoneID     = 1*( unreserved / pct-encoded )
	//
	// so that "http://[fe80::1%25en0]:8080/" parses, with the host
	// "[fe80::1%25en0]", HostKind IPv6, Hostname "fe80::1%en0" and an
	// Addr with the zone "en0", which net.Dial takes. RFC 6874 meant it
	// for the URIs a user types into a tool on the machine with that
	// interface; a zone means nothing on another machine, and browsers
	// do not accept it, so it is not part of the strict default.
	IPv6Zone bool
}

// ParseReferenceWith is ParseReference with the extensions opts admits. A
// URI it returns with a zone keeps it through every method of URI that
// keeps the host as written (Resolve, Normalize, the Without methods, …),
// but ParseReference refuses its String: parse such text with the same
// options again.
func ParseReferenceWith(s string, opts ParseOptions) (URI, error) {
	u, err := ParseReference(s)
	if err == nil || !opts.IPv6Zone {
		return u, err
	}
	z, zEnd, ok := zoneSpan(s)
	if !ok {
		return URI{}, err
	}
	// Zone = the "%25" at z and the ZoneID up to the "]" at zEnd.
	if i := badZoneByte(s[z+3 : zEnd]); i >= 0 {
		return URI{}, &ParseError{Input: s, Offset: z + 3 + i, Rule: "URI-reference", Component: "host",
			Expected: []string{"unreserved", "pct-encoded", `"]"`},
			Hint:     `an IPv6 zone identifier (RFC 6874) is 1*( unreserved / pct-encoded ): percent-encode the rest`}
	}
	d := zEnd - z
	t := s[:z] + s[zEnd:]
	v, perr := ParseReference(t)
	if perr != nil {
		if pe, ok := perr.(*ParseError); ok {
			if pe.Offset >= z {
				pe.Offset += d
			}
			pe.Input = s
			pe.Hint = "" // its offsets are the text's without the zone
		}
		return URI{}, perr
	}
	h := v.sp[slotHost]
	if v.host != IPv6 || int(h.hi) != z+1 {
		return URI{}, err // the brackets were not the host's
	}
	v.s = s
	for i := range v.sp {
		sp := &v.sp[i]
		switch {
		case sp.lo == 0:
		case int(sp.lo-1) >= z:
			sp.lo += int32(d)
			sp.hi += int32(d)
		case int(sp.hi) >= z:
			sp.hi += int32(d)
		}
	}
	return v, nil
}

// zoneSpan finds, in the host of s split as RFC 3986 Appendix B splits it
// (the authority after "//", up to "/", "?" or "#"; the host after its last
// "@"), an IP literal with "%25": the offset of that "%25" and of the "]".
func zoneSpan(s string) (z, zEnd int, ok bool) {
	i := strings.Index(s, "//")
	if i < 0 || strings.ContainsAny(s[:i], "/?#") {
		return 0, 0, false
	}
	a := i + 2
	end := len(s)
	if k := strings.IndexAny(s[a:], "/?#"); k >= 0 {
		end = a + k
	}
	if k := strings.LastIndexByte(s[a:end], '@'); k >= 0 {
		a += k + 1
	}
	if a >= end || s[a] != '[' {
		return 0, 0, false
	}
	rb := strings.IndexByte(s[a:end], ']')
	if rb < 0 {
		return 0, 0, false
	}
	rb += a
	pct := strings.Index(s[a:rb], "%25")
	if pct < 0 {
		return 0, 0, false
	}
	return a + pct, rb, true
}

// badZoneByte returns the offset of the first byte of the ZoneID zone that
// is neither unreserved nor part of a pct-encoded triplet, len(zone) when
// zone is empty, or -1.
func badZoneByte(zone string) int {
	if zone == "" {
		return 0
	}
	for i := 0; i < len(zone); i++ {
		if unreservedSet.contains(zone[i]) {
			continue
		}
		if zone[i] == '%' && i+2 < len(zone) && unhex(zone[i+1]) >= 0 && unhex(zone[i+2]) >= 0 {
			i += 2
			continue
		}
		return i
	}
	return -1
}
