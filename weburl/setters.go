package weburl

import (
	"strings"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// components is a URL record taken apart, for the setters: each component
// in its serialized form.
type components struct {
	scheme      string
	username    string
	password    string
	host        string
	hostKind    hostKind
	port        string // "" is null
	path        string
	opaque      bool
	query       string
	hasQuery    bool
	fragment    string
	hasFragment bool
}

// components takes u apart.
func (u URL) components() components {
	c := components{
		scheme:   u.schemeString(),
		username: u.Username(),
		password: u.Password(),
		host:     u.Hostname(),
		hostKind: u.host,
		port:     u.Port(),
		path:     u.Pathname(),
		opaque:   u.opaquePath(),
	}
	c.query, c.hasQuery = u.query()
	c.fragment, c.hasFragment = u.fragment()
	return c
}

// build serializes c (§4.5 "URL serializer") and returns the URL.
func (c *components) build() URL {
	var u URL
	// A Builder grown to the href's length makes the href its one
	// allocation.
	var b strings.Builder
	b.Grow(len(c.scheme) + len(c.username) + len(c.password) + len(c.host) + len(c.port) +
		len(c.path) + len(c.query) + len(c.fragment) + 10)
	b.WriteString(c.scheme)
	u.scheme = specialScheme(c.scheme)
	u.schemeEnd = uint32(b.Len())
	b.WriteByte(':')
	u.host = c.hostKind
	if c.hostKind != hostNone {
		b.WriteString("//")
		b.WriteString(c.username)
		u.usernameEnd = uint32(b.Len())
		if c.password != "" {
			b.WriteByte(':')
			b.WriteString(c.password)
		}
		if c.username != "" || c.password != "" {
			b.WriteByte('@')
		}
		u.hostStart = uint32(b.Len())
		b.WriteString(c.host)
		u.hostEnd = uint32(b.Len())
		if c.port != "" {
			b.WriteByte(':')
			b.WriteString(c.port)
		}
	} else {
		u.usernameEnd, u.hostStart, u.hostEnd = u.schemeEnd+1, u.schemeEnd+1, u.schemeEnd+1
		if !c.opaque && strings.HasPrefix(c.path, "//") {
			b.WriteString("/.")
		}
	}
	u.pathStart = uint32(b.Len())
	b.WriteString(c.path)
	if c.opaque {
		u.flags |= flagOpaquePath
	}
	u.queryStart = uint32(b.Len())
	if c.hasQuery {
		u.flags |= flagQuery
		b.WriteByte('?')
		b.WriteString(c.query)
	}
	u.fragStart = uint32(b.Len())
	if c.hasFragment {
		u.flags |= flagFragment
		b.WriteByte('#')
		b.WriteString(c.fragment)
	}
	u.href = b.String()
	return u
}

// setterInput is the value a setter gives the basic URL parser: without
// ASCII tab or newline (the parser's steps 2 and 3; leading and trailing
// spaces stay, as the parser strips them only when it makes a new URL), and
// with invalid UTF-8 read as U+FFFD.
func setterInput(v string) string {
	if strings.ContainsAny(v, "\t\n\r") {
		v = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' {
				return -1
			}
			return r
		}, v)
	}
	if !utf8.ValidString(v) {
		v = toValidUTF8(v)
	}
	return v
}

// validUTF8 returns v with invalid UTF-8 read as U+FFFD. The username and
// password setters do not run the parser, so tab and newline stay (and are
// percent-encoded).
func validUTF8(v string) string {
	if !utf8.ValidString(v) {
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
	v = setterInput(v) + ":"
	if !isAlpha(v[0]) {
		return u
	}
	k := 1
	for isSchemeByte(v[k]) {
		k++
	}
	if v[k] != ':' {
		return u
	}
	scheme := strings.ToLower(v[:k])
	kind := specialScheme(scheme)
	if (u.special() != (kind != facts.Other)) ||
		(kind == facts.File && (u.Username() != "" || u.Password() != "" || u.Port() != "")) ||
		(u.scheme == facts.File && u.host == hostEmpty) {
		return u
	}
	c := u.components()
	c.scheme = scheme
	if c.port != "" && u.portNumber() == kind.Port() {
		c.port = ""
	}
	return c.build()
}

// WithUsername returns u with its username set to v, percent-encoded with
// the userinfo percent-encode set; u unchanged when u cannot have a
// username (no host, an empty host, or a file URL).
func (u URL) WithUsername(v string) URL {
	if u.cannotHaveCredentialsOrPort() {
		return u
	}
	c := u.components()
	c.username = string(appendEscaped(nil, validUTF8(v), &userinfoSet))
	return c.build()
}

// WithPassword returns u with its password set to v, percent-encoded with
// the userinfo percent-encode set; u unchanged when u cannot have a
// password.
func (u URL) WithPassword(v string) URL {
	if u.cannotHaveCredentialsOrPort() {
		return u
	}
	c := u.components()
	c.password = string(appendEscaped(nil, validUTF8(v), &userinfoSet))
	return c.build()
}

// WithHost returns u with its host, and its port when v has one, set from v
// (the host setter: the host state with state override). It returns u
// unchanged when u has an opaque path or v's host does not parse.
func (u URL) WithHost(v string) URL { return u.setHost(v, false) }

// WithHostname returns u with its host set from v (the hostname setter);
// a port in v makes it return u unchanged.
func (u URL) WithHostname(v string) URL { return u.setHost(v, true) }

// setHost runs the host (or hostname) state with state override on v.
func (u URL) setHost(v string, hostnameOnly bool) URL {
	if u.href == "" || u.opaquePath() {
		return u
	}
	v = setterInput(v)
	c := u.components()
	special := u.special()
	if u.scheme == facts.File {
		// The file host state with state override.
		j := strings.IndexAny(v, "/\\?#")
		if j < 0 {
			j = len(v)
		}
		c.host, c.hostKind = "", hostEmpty
		if j > 0 {
			buf, kind, err := appendHost(nil, v[:j], false, nil)
			if err != nil {
				return u
			}
			if string(buf) != "localhost" {
				c.host, c.hostKind = string(buf), kind
			}
		}
		return c.build()
	}
	j := 0
	inBrackets := false
	port := false
	for ; j < len(v); j++ {
		ch := v[j]
		if ch == ':' && !inBrackets {
			port = true
			break
		}
		if ch == '/' || ch == '?' || ch == '#' || (ch == '\\' && special) {
			break
		}
		if ch == '[' {
			inBrackets = true
		} else if ch == ']' {
			inBrackets = false
		}
	}
	if port {
		if j == 0 || hostnameOnly {
			return u
		}
	} else {
		if j == 0 && (special || u.Username() != "" || u.Password() != "" || c.port != "") {
			return u
		}
	}
	buf, kind, err := appendHost(nil, v[:j], !special, nil)
	if err != nil {
		return u
	}
	c.host, c.hostKind = string(buf), kind
	if port {
		// The port state with state override: the digits up to the first
		// other code point; a failure there keeps the host just set.
		if p, ok := portOf(v[j+1:], u.scheme); ok {
			c.port = p
		}
	}
	return c.build()
}

// portOf runs the port state with state override on s: it reads the ASCII
// digits s starts with and returns the port to store ("" for the scheme's
// default port); ok is false when there are none or the number is above
// 65535.
func portOf(s string, scheme facts.Scheme) (port string, ok bool) {
	j := 0
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j == 0 {
		return "", false
	}
	d := strings.TrimLeft(s[:j], "0")
	if d == "" {
		d = "0"
	}
	if len(d) > 5 {
		return "", false
	}
	n := 0
	for k := 0; k < len(d); k++ {
		n = n*10 + int(d[k]-'0')
	}
	if n > 65535 {
		return "", false
	}
	if n == scheme.Port() {
		return "", true
	}
	return d, true
}

// WithPort returns u with its port set from the digits v starts with (the
// port setter), or removed when v is empty. It returns u unchanged when u
// cannot have a port or v does not start with a port number up to 65535.
func (u URL) WithPort(v string) URL {
	if u.cannotHaveCredentialsOrPort() {
		return u
	}
	c := u.components()
	if v == "" {
		c.port = ""
		return c.build()
	}
	p, ok := portOf(setterInput(v), u.scheme)
	if !ok {
		return u
	}
	c.port = p
	return c.build()
}

// WithPathname returns u with its path set from v (the pathname setter:
// the path start state with state override, so '?' and '#' are
// percent-encoded and dot segments are applied). It returns u unchanged
// when u has an opaque path.
func (u URL) WithPathname(v string) URL {
	if u.href == "" || u.opaquePath() {
		return u
	}
	p := parser{in: setterInput(v), override: true}
	p.u.scheme = u.scheme
	p.u.host = u.host
	in := p.in
	i := 0
	switch {
	case u.special():
		if in != "" && (in[0] == '/' || in[0] == '\\') {
			i++
		}
		p.path(i)
	case in != "":
		if in[0] == '/' {
			i++
		}
		p.path(i)
	case u.host == hostNone:
		p.buf = append(p.buf, '/')
	}
	c := u.components()
	c.path = string(p.buf)
	return c.build()
}

// WithSearch returns u with its query set to v without one leading '?',
// percent-encoded with the (special-)query percent-encode set (the search
// setter); an empty v makes the query null.
func (u URL) WithSearch(v string) URL {
	if u.href == "" {
		return u
	}
	c := u.components()
	if v == "" {
		c.query, c.hasQuery = "", false
		return c.build()
	}
	v = setterInput(strings.TrimPrefix(v, "?"))
	set := &querySet
	if u.special() {
		set = &specialQuerySet
	}
	c.query, c.hasQuery = string(appendEscaped(nil, v, set)), true
	return c.build()
}

// WithHash returns u with its fragment set to v without one leading '#',
// percent-encoded with the fragment percent-encode set (the hash setter);
// an empty v makes the fragment null.
func (u URL) WithHash(v string) URL {
	if u.href == "" {
		return u
	}
	c := u.components()
	if v == "" {
		c.fragment, c.hasFragment = "", false
		return c.build()
	}
	v = setterInput(strings.TrimPrefix(v, "#"))
	c.fragment, c.hasFragment = string(appendEscaped(nil, v, &fragmentSet)), true
	return c.build()
}
