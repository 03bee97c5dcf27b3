package uri

// Removing a component cuts its bytes out of the text and moves the spans
// that follow: what is left parses as u did, less that component (§5.3), so
// the result needs no parse. A component at the end of the text is cut by
// slicing, with no allocation; one in the middle costs the new text, once.

// WithoutFragment returns u without its fragment and its "#" (§3.5), every
// other byte as it stands. A URI without a fragment comes back as it is, and
// so does a fragment at the end of the text, which it always is: neither
// allocates.
func (u URI) WithoutFragment() URI {
	if !u.has(slotFragment) {
		return u
	}
	f := u.sp[slotFragment]
	return u.cut(int(f.lo)-2, int(f.hi), slotFragment)
}

// WithoutQuery returns u without its query and its "?" (§3.4), every other
// byte as it stands, the fragment included. A URI without a query comes back
// as it is, without allocating, and so does one whose query ends the text.
func (u URI) WithoutQuery() URI {
	if !u.has(slotQuery) {
		return u
	}
	q := u.sp[slotQuery]
	return u.cut(int(q.lo)-2, int(q.hi), slotQuery)
}

// WithoutUserInfo returns u without its userinfo and its "@" (§3.2.1), every
// other byte as it stands: the authority stays, possibly empty ("//@" gives
// "//"). A URI without a userinfo comes back as it is, without allocating.
func (u URI) WithoutUserInfo() URI {
	if !u.has(slotUserInfo) {
		return u
	}
	ui := u.sp[slotUserInfo]
	return u.cut(int(ui.lo)-1, int(ui.hi)+1, slotUserInfo)
}

// WithoutPort returns u without its port and its ":" (§3.2.3), every other
// byte as it stands; an empty port ("//h:") goes too. A URI without a port
// comes back as it is, without allocating. To drop only a port that is the
// scheme's default, see Normalize.
func (u URI) WithoutPort() URI {
	if !u.has(slotPort) {
		return u
	}
	p := u.sp[slotPort]
	return u.cut(int(p.lo)-2, int(p.hi), slotPort)
}

// cut returns u with the text u.s[a:b] removed and the component in slot,
// which that text holds whole with its delimiter, undefined. A span that
// starts at or after b moves back by b-a; one that holds the cut (the
// authority around a userinfo or a port) gets shorter by as much.
func (u URI) cut(a, b, slot int) URI {
	if b == len(u.s) {
		u.s = u.s[:a]
	} else {
		u.s = u.s[:a] + u.s[b:]
	}
	u.sp[slot] = span{}
	d := int32(b - a)
	for i := range u.sp {
		sp := &u.sp[i]
		switch {
		case sp.lo == 0:
		case int(sp.lo-1) >= b:
			sp.lo -= d
			sp.hi -= d
		case int(sp.hi) >= b:
			sp.hi -= d
		}
	}
	return u
}
