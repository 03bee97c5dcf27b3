package weburl

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// The setters edit the href around the component they change, as ada's
// url_aggregator does: the bytes before and after it are copied as they
// are, the offsets after it move by the change in length, and the new href
// is written once into a buffer of its exact size, its one allocation.

// hrefWriter writes a new href into a buffer allocated once, at the size
// the setter computed beforehand.
type hrefWriter struct{ b []byte }

func newHrefWriter(size int) hrefWriter { return hrefWriter{b: make([]byte, 0, size)} }

func (w *hrefWriter) str(s string) { w.b = append(w.b, s...) }
func (w *hrefWriter) char(c byte)  { w.b = append(w.b, c) }
func (w *hrefWriter) off() uint32  { return uint32(len(w.b)) }

// escaped writes s percent-encoding the bytes of set (appendEscaped).
func (w *hrefWriter) escaped(s string, set *encodeSet) { w.b = appendEscaped(w.b, s, set) }

// href returns the bytes written as a string, without a copy: the buffer
// is never written again.
func (w *hrefWriter) href() string { return stringOf(w.b) }

// escapedLen returns the length of s with the bytes of set percent-encoded.
func escapedLen(s string, set *encodeSet) int {
	// The entries of eight bytes summed at once, without a branch: a bool
	// is a byte, 0 or 1.
	n, i := 0, 0
	if len(s) >= 8 {
		t := (*[256]uint8)(unsafe.Pointer(set))
		p := unsafe.Pointer(unsafe.StringData(s))
		for ; len(s)-i >= 8; i += 8 {
			q := (*[8]byte)(unsafe.Add(p, i))
			n += int(t[q[0]]) + int(t[q[1]]) + int(t[q[2]]) + int(t[q[3]]) +
				int(t[q[4]]) + int(t[q[5]]) + int(t[q[6]]) + int(t[q[7]])
		}
	}
	for ; i < len(s); i++ {
		if set[s[i]] {
			n++
		}
	}
	return len(s) + 2*n
}

// shift moves by d the offsets of u from the host's start on: what follows
// an edit of the scheme or the userinfo.
func (u *URL) shift(d uint32) {
	u.hostStart += d
	u.hostEnd += d
	u.shiftPath(d)
}

// shiftPath moves by d the offsets of the path, query and fragment.
func (u *URL) shiftPath(d uint32) {
	u.pathStart += d
	u.shiftQuery(d)
}

// shiftQuery moves by d the offsets of the query and fragment.
func (u *URL) shiftQuery(d uint32) {
	u.queryStart += d
	u.fragStart += d
}

// setterInput is the value a setter gives the basic URL parser: without
// ASCII tab or newline (the parser's steps 2 and 3; leading and trailing
// spaces stay, as the parser strips them only when it makes a new URL), and
// with invalid UTF-8 read as U+FFFD.
func setterInput(v string) string {
	if !mayNeedCleaning(v) {
		return v
	}
	if strings.ContainsAny(v, "\t\n\r") {
		v = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' {
				return -1
			}
			return r
		}, v)
	}
	return validUTF8(v)
}

// validUTF8 returns v with invalid UTF-8 read as U+FFFD. The username and
// password setters do not run the parser, so tab and newline stay (and are
// percent-encoded).
func validUTF8(v string) string {
	// A typical value is ASCII, which a byte loop tells at less cost.
	if !isASCII(v) && !utf8.ValidString(v) {
		return toValidUTF8(v)
	}
	return v
}

// cannotHaveCredentialsOrPort reports whether u's host is null or empty or
// its scheme is file (§4.2 "cannot have a username/password/port").
func (u URL) cannotHaveCredentialsOrPort() bool {
	return u.host == hostNone || u.host == hostEmpty || u.scheme == facts.File
}

// WithProtocol returns u with its scheme set to v up to the first ':' (the
// protocol setter). It returns u unchanged when v does not start with a
// scheme, when it would turn a special URL into a non-special one or back,
// or make a file URL of one with credentials or a port, or change the
// scheme of a file URL with an empty host.
func (u URL) WithProtocol(v string) URL {
	if u.href == "" {
		return u
	}
	v = setterInput(v)
	if v == "" || !isAlpha(v[0]) {
		return u
	}
	k := 1
	for k < len(v) && isSchemeByte(v[k]) {
		k++
	}
	if k < len(v) && v[k] != ':' {
		return u
	}
	scheme := v[:k]
	kind := onlySpecial(facts.LookupFold(scheme))
	if (u.special() != (kind != facts.Other)) ||
		(kind == facts.File && (u.Username() != "" || u.Password() != "" || u.Port() != "")) ||
		(u.scheme == facts.File && u.host == hostEmpty) {
		return u
	}
	// The port is dropped when it is the new scheme's default.
	portEnd := u.hostEnd
	if u.Port() != "" && u.portNumber() == kind.Port() {
		portEnd = u.pathStart
	}
	w := newHrefWriter(len(scheme) + len(u.href) - int(u.schemeEnd) - int(portEnd-u.hostEnd))
	for i := 0; i < len(scheme); i++ {
		w.char(lower(scheme[i]))
	}
	w.str(u.href[u.schemeEnd:u.hostEnd])
	w.str(u.href[portEnd:])
	r := u
	d := uint32(len(scheme)) - u.schemeEnd
	r.schemeEnd += d
	r.usernameEnd += d
	r.shift(d)
	r.shiftPath(u.hostEnd - portEnd)
	r.scheme = kind
	r.href = w.href()
	return r
}

// lower returns c with an ASCII upper-case letter lower-cased.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// WithUsername returns u with its username set to v, percent-encoded with
// the userinfo percent-encode set; u unchanged when u cannot have a
// username (no host, an empty host, or a file URL).
func (u URL) WithUsername(v string) URL {
	if u.cannotHaveCredentialsOrPort() {
		return u
	}
	return u.withUserinfo(v, u.Password(), true)
}

// WithPassword returns u with its password set to v, percent-encoded with
// the userinfo percent-encode set; u unchanged when u cannot have a
// password.
func (u URL) WithPassword(v string) URL {
	if u.cannotHaveCredentialsOrPort() {
		return u
	}
	return u.withUserinfo(u.Username(), v, false)
}

// withUserinfo returns u with the username user and the password pass,
// the one the setter changes (the username when isUser) read as the
// setter's value (invalid UTF-8 as U+FFFD) and percent-encoded, the other
// as u holds it.
func (u *URL) withUserinfo(user, pass string, isUser bool) URL {
	userLen, passLen := len(user), len(pass)
	// The userinfo set holds every byte above 0x7f: a value with nothing
	// to percent-encode is ASCII, so valid UTF-8 without a second scan.
	if isUser {
		if userLen = escapedLen(user, &userinfoSet); userLen != len(user) {
			user = validUTF8(user)
			userLen = escapedLen(user, &userinfoSet)
		}
	} else if passLen = escapedLen(pass, &userinfoSet); passLen != len(pass) {
		pass = validUTF8(pass)
		passLen = escapedLen(pass, &userinfoSet)
	}
	userStart := u.schemeEnd + 3
	size := int(userStart) + userLen + passLen + 2 + len(u.href) - int(u.hostStart)
	w := newHrefWriter(size)
	// A value with nothing to percent-encode (its escaped length its
	// own) is copied at once; the password setter copies the href up to
	// the username's end, which it keeps, in one piece.
	if !isUser {
		w.str(u.href[:u.usernameEnd])
	} else if w.str(u.href[:userStart]); userLen != len(user) {
		w.escaped(user, &userinfoSet)
	} else {
		w.str(user)
	}
	r := *u
	r.usernameEnd = w.off()
	if passLen > 0 {
		w.char(':')
		if !isUser && passLen != len(pass) {
			w.escaped(pass, &userinfoSet)
		} else {
			w.str(pass)
		}
	}
	if userLen > 0 || passLen > 0 {
		w.char('@')
	}
	r.shift(w.off() - u.hostStart)
	w.str(u.href[u.hostStart:])
	r.href = w.href()
	return r
}

// WithHost returns u with its host, and its port when v has one, set from v
// (the host setter: the host state with state override). It returns u
// unchanged when u has an opaque path or v's host does not parse.
func (u URL) WithHost(v string) URL { return u.setHost(v, false) }

// WithHostname returns u with its host set from v (the hostname setter);
// a port in v makes it return u unchanged.
func (u URL) WithHostname(v string) URL { return u.setHost(v, true) }

// setHost runs the host (or hostname) state with state override on v.
func (u *URL) setHost(v string, hostnameOnly bool) URL {
	if u.href == "" || u.opaquePath() {
		return *u
	}
	if u.scheme == facts.File {
		// The file host state with state override.
		v = setterInput(v)
		j := strings.IndexAny(v, "/\\?#")
		if j < 0 {
			j = len(v)
		}
		host, kind := "", hostEmpty
		if j > 0 {
			// The host is written on the stack when short (declared
			// where it is needed: the array is zeroed there).
			var stack [128]byte
			h, k, ok := setterHost(v[:j], false, stack[:0])
			if !ok {
				return *u
			}
			if h != "localhost" {
				host, kind = h, k
			}
		}
		return u.withHost(host, kind, u.Port(), true)
	}
	// A plain host is read from v itself: hostRun holds no byte that
	// setterInput removes or replaces, and the host ends at a byte it
	// keeps, so only the text after the host, a port, needs cleaning,
	// which portOf does.
	j, port, host, kind, ok := plainSpecialHost(v, u.special())
	if !ok {
		v = setterInput(v)
		j, port = hostEnd(v, u.special())
	}
	if port {
		if j == 0 || hostnameOnly {
			return *u
		}
	} else if j == 0 && (u.special() || u.Username() != "" || u.Password() != "" || u.Port() != "") {
		return *u
	}
	if !ok {
		var stack [128]byte
		if host, kind, ok = setterHost(v[:j], !u.special(), stack[:0]); !ok {
			return *u
		}
	}
	if port {
		// The port state with state override: the digits up to the first
		// other code point; a failure there keeps the host just set.
		if digits, ok := portOf(v[j+1:], u.scheme); ok {
			return u.withHost(host, kind, digits, false)
		}
	}
	return u.withHost(host, kind, u.Port(), true)
}

// setterHost runs the host parser on h (see appendHost) and returns the
// host serialized, written into buf unless h is its own serialization.
func setterHost(h string, opaque bool, buf []byte) (string, hostKind, bool) {
	if !opaque {
		if kind, ok := plainHost(h); ok {
			return h, kind, true
		}
	}
	// The check first: a host the parser refuses would cost its *Error.
	var decoded []byte // checkHost's scratch: a percent-decoded domain
	if !checkHost(h, opaque, &decoded) {
		return "", hostNone, false
	}
	b, kind, err := appendHost(buf, h, opaque, nil)
	if err != nil {
		return "", hostNone, false
	}
	return unsafe.String(unsafe.SliceData(b), len(b)), kind, true
}

// plainSpecialHost reads, for a special URL, the host v starts with when
// it is its own serialization (plainHost) and ends v or a byte that ends a
// host: it returns where it ends, whether a port follows, the host and its
// kind, in one scan where hostEnd and setterHost take two; ok is false
// for any other v.
func plainSpecialHost(v string, special bool) (j int, port bool, host string, kind hostKind, ok bool) {
	if !special {
		return 0, false, "", hostNone, false
	}
	j = scanRun(v, 0, hostRun)
	if j == 0 || j < len(v) && !hostEnds[v[j]] {
		return 0, false, "", hostNone, false
	}
	var hu URL
	if !fastHost(v[:j], &hu, false) {
		return 0, false, "", hostNone, false
	}
	return j, j < len(v) && v[j] == ':', v[:j], hu.host, true
}

// hostEnd returns where the host state with state override stops reading
// v: at a ':' outside brackets (port true), or at the end of the host.
func hostEnd(v string, special bool) (j int, port bool) {
	inBrackets := false
	for ; j < len(v); j++ {
		switch v[j] {
		case ':':
			if !inBrackets {
				return j, true
			}
		case '/', '?', '#':
			return j, false
		case '\\':
			if special {
				return j, false
			}
		case '[':
			inBrackets = true
		case ']':
			inBrackets = false
		}
	}
	return j, false
}

// withHost returns u with the host host of kind kind and the port port
// ("" for none; keep says it is u's port, as the href holds it). A URL
// that had no host gets "//" before it, and loses the "/." that kept its
// path from reading as a host.
func (u *URL) withHost(host string, kind hostKind, port string, keep bool) URL {
	start := u.hostStart
	if u.host == hostNone {
		start = u.schemeEnd + 1 // before the "/.", if any
	}
	// One buffer of the most the href can take, filled by copy: the
	// pieces are short, and append would test the capacity for each.
	b := make([]byte, int(start)+2+len(host)+1+len(port)+len(u.href)-int(u.pathStart))
	n := copy(b, u.href[:start])
	r := *u
	if u.host == hostNone {
		n += copy(b[n:], "//")
		r.usernameEnd = uint32(n)
	}
	r.hostStart = uint32(n)
	n += copy(b[n:], host)
	r.hostEnd = uint32(n)
	if keep {
		// A port, if any: what follows the host when there was one (else
		// it is the "/."); most URLs have none, and a copy of nothing is
		// still a call.
		if u.host != hostNone && u.pathStart != u.hostEnd {
			n += copy(b[n:], u.href[u.hostEnd:u.pathStart])
		}
	} else if port != "" {
		b[n] = ':'
		n++
		n += copy(b[n:], port)
	}
	r.shiftPath(uint32(n) - u.pathStart)
	n += copy(b[n:], u.href[u.pathStart:])
	r.host = kind
	r.href = stringOf(b[:n])
	return r
}

// portOf runs the port state with state override on s, a setter's value
// (tab and newline are removed): it reads the ASCII digits s starts with
// and returns the port to store ("" for the scheme's default port); ok is
// false when there are none or the number is above 65535.
func portOf(s string, scheme facts.Scheme) (port string, ok bool) {
	// One pass: the value, and z where the digits start without their
	// leading zeros (the last one for zeros only). A value above 65535
	// stays so however many digits follow.
	j, z, n := 0, 0, 0
	for ; j < len(s) && isDigit(s[j]); j++ {
		if n == 0 {
			z = j
		}
		if n = n*10 + int(s[j]-'0'); n > 65535 {
			return "", false
		}
	}
	if j < len(s) && (s[j] == '\t' || s[j] == '\n' || s[j] == '\r') {
		// The digits may go on after it: read them from the value the
		// basic URL parser sees. Invalid UTF-8 needs no such care, as it
		// ends the digits either way.
		return portOf(setterInput(s), scheme)
	}
	if j == 0 {
		return "", false
	}
	// s[z:j] is n in canonical decimal, as the default port is written:
	// a string compare, not the default port read as a number.
	if s[z:j] == scheme.DefaultPort() {
		return "", true
	}
	return s[z:j], true
}

// WithPort returns u with its port set from the digits v starts with (the
// port setter), or removed when v is empty. It returns u unchanged when u
// cannot have a port or v does not start with a port number up to 65535.
func (u URL) WithPort(v string) URL {
	if u.cannotHaveCredentialsOrPort() {
		return u
	}
	p := ""
	if v != "" {
		var ok bool
		if p, ok = portOf(v, u.scheme); !ok {
			return u
		}
	}
	w := newHrefWriter(int(u.hostEnd) + 1 + len(p) + len(u.href) - int(u.pathStart))
	w.str(u.href[:u.hostEnd])
	if p != "" {
		w.char(':')
		w.str(p)
	}
	r := u
	r.shiftPath(w.off() - u.pathStart)
	w.str(u.href[u.pathStart:])
	r.href = w.href()
	return r
}

// WithPathname returns u with its path set from v (the pathname setter:
// the path start state with state override, so '?' and '#' are
// percent-encoded and dot segments are applied). It returns u unchanged
// when u has an opaque path.
func (u URL) WithPathname(v string) URL {
	if u.href == "" || u.opaquePath() {
		return u
	}
	in := setterInput(v)
	if in != "" && u.scheme != facts.File && plainPath(in) {
		return u.withPlainPath(in)
	}
	start := u.pathStart
	if u.host == hostNone {
		start = u.schemeEnd + 1 // before the "/.", if any
	}
	// The path state writes the path after the href's first part, in the
	// buffer of the new href: at most a '/' more than in percent-encoded
	// (dot segments only take away), and the serializer's "/.".
	size := int(start) + 3 + escapedLen(in, &pathSet) + len(u.href) - int(u.queryStart)
	p := parser{in: in, override: true, buf: make([]byte, 0, size)}
	p.buf = append(p.buf, u.href[:start]...)
	p.u.scheme, p.u.host, p.u.pathStart = u.scheme, u.host, start
	switch {
	case u.special():
		i := 0
		if in != "" && (in[0] == '/' || in[0] == '\\') {
			i++
		}
		p.path(i)
	case in != "":
		i := 0
		if in[0] == '/' {
			i++
		}
		p.path(i)
	case u.host == hostNone:
		p.buf = append(p.buf, '/')
	}
	p.u.queryStart = uint32(len(p.buf))
	p.finish() // the "/." of a URL without a host
	r := u
	r.pathStart = p.u.pathStart
	r.shiftQuery(uint32(len(p.buf)) - u.queryStart)
	w := hrefWriter{b: p.buf}
	w.str(u.href[u.queryStart:])
	r.href = w.href()
	return r
}

// withPlainPath returns u with the path that the path state makes of in
// when in is a plain path (plainPath) and u's scheme is not file: in, with
// a '/' in front when it has none.
func (u URL) withPlainPath(in string) URL {
	start := u.pathStart
	if u.host == hostNone {
		start = u.schemeEnd + 1 // before the "/.", if any
	}
	w := newHrefWriter(int(start) + 3 + len(in) + len(u.href) - int(u.queryStart))
	w.str(u.href[:start])
	if in[0] != '/' {
		w.char('/')
	} else if u.host == hostNone && len(in) >= 2 && in[1] == '/' {
		w.str("/.")
	}
	r := u
	r.pathStart = w.off()
	if in[0] != '/' {
		r.pathStart--
	}
	w.str(in)
	r.shiftQuery(w.off() - u.queryStart)
	w.str(u.href[u.queryStart:])
	r.href = w.href()
	return r
}

// WithSearch returns u with its query set to v without one leading '?',
// percent-encoded with the (special-)query percent-encode set (the search
// setter); an empty v makes the query null.
func (u URL) WithSearch(v string) URL {
	if u.href == "" {
		return u
	}
	if v == "" {
		return u.withQuery("", nil, false)
	}
	set := &querySet
	if u.special() {
		set = &specialQuerySet
	}
	return u.withQuery(setterInput(strings.TrimPrefix(v, "?")), set, true)
}

// withQuery returns u with the query q, percent-encoded with set (nil: q is
// encoded already), or with a null query when !has.
func (u URL) withQuery(q string, set *encodeSet, has bool) URL {
	n := len(q)
	if set != nil {
		n = escapedLen(q, set)
	}
	w := newHrefWriter(int(u.queryStart) + 1 + n + len(u.href) - int(u.fragStart))
	w.str(u.href[:u.queryStart])
	r := u
	r.flags &^= flagQuery
	if has {
		r.flags |= flagQuery
		w.char('?')
		if set != nil {
			w.escaped(q, set)
		} else {
			w.str(q)
		}
	}
	r.fragStart = w.off()
	w.str(u.href[u.fragStart:])
	r.href = w.href()
	return r
}

// WithHash returns u with its fragment set to v without one leading '#',
// percent-encoded with the fragment percent-encode set (the hash setter);
// an empty v makes the fragment null.
func (u URL) WithHash(v string) URL {
	if u.href == "" {
		return u
	}
	r := u
	if v == "" {
		r.flags &^= flagFragment
		r.href = u.href[:u.fragStart] // a prefix: no allocation
		return r
	}
	v = setterInput(strings.TrimPrefix(v, "#"))
	w := newHrefWriter(int(u.fragStart) + 1 + escapedLen(v, &fragmentSet))
	w.str(u.href[:u.fragStart])
	w.char('#')
	w.escaped(v, &fragmentSet)
	r.flags |= flagFragment
	r.href = w.href()
	return r
}
