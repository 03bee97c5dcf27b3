package weburl

import (
	"strings"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// The states of the basic URL parser (§4.4), and two of this parser's own:
// stDone, the end of input reached before a fragment, and stFailed, a
// failure recorded in p.err. The scheme start and scheme states are one;
// the authority, host and port states run as one step (authorityState calls
// hostState, which calls portState), since one scan finds all three.
const (
	stScheme = iota
	stNoScheme
	stSpecialRelativeOrAuthority
	stPathOrAuthority
	stRelative
	stRelativeSlash
	stSpecialAuthoritySlashes
	stSpecialAuthorityIgnoreSlashes
	stAuthority
	stFile
	stFileSlash
	stFileHost
	stPathStart
	stPath
	stOpaquePath
	stQuery
	stFragment
	stDone
	stFailed
)

const eof = -1

// at returns the byte at i of the input, or eof.
func (p *parser) at(i int) int {
	if i < len(p.in) {
		return int(p.in[i])
	}
	return eof
}

func (p *parser) special() bool { return p.u.scheme != facts.Other }

// run runs the state machine over p.in from state at offset i. Each state
// is a method that consumes a run of input at once and returns the next
// state and the offset it starts at; the standard's "decrease pointer by 1"
// is a state change that leaves i where it is.
func (p *parser) run(state, i int) bool {
	for {
		if p.check && state >= stPathStart && state != stFailed {
			return true // CanParse: what follows the path start never fails
		}
		switch state {
		case stScheme:
			state, i = p.schemeState(i)
		case stNoScheme:
			state, i = p.noSchemeState(i)
		case stSpecialRelativeOrAuthority:
			state, i = p.specialRelativeOrAuthorityState(i)
		case stPathOrAuthority:
			state, i = p.pathOrAuthorityState(i)
		case stRelative:
			state, i = p.relativeState(i)
		case stRelativeSlash:
			state, i = p.relativeSlashState(i)
		case stSpecialAuthoritySlashes:
			state, i = p.specialAuthoritySlashesState(i)
		case stSpecialAuthorityIgnoreSlashes:
			state, i = p.specialAuthorityIgnoreSlashesState(i)
		case stAuthority:
			state, i = p.authorityState(i)
		case stFile:
			state, i = p.fileState(i)
		case stFileSlash:
			state, i = p.fileSlashState(i)
		case stFileHost:
			state, i = p.fileHostState(i)
		case stPathStart:
			state, i = p.pathStartState(i)
		case stPath:
			state, i = p.afterPath(p.path(i))
		case stOpaquePath:
			state, i = p.opaquePathState(i)
		case stQuery:
			state, i = p.queryState(i)
		case stFragment:
			p.fragmentState(i)
			return p.finish()
		case stDone:
			p.endOfInput()
			return p.finish()
		default: // stFailed
			return false
		}
	}
}

// afterPath returns the state that the character at i (the one that ended a
// path, or eof) leads to, and the offset that state starts at.
func (p *parser) afterPath(i int) (int, int) {
	switch p.at(i) {
	case '?':
		return stQuery, i + 1
	case '#':
		return stFragment, i + 1
	}
	return stDone, i
}

// schemeState implements the scheme start state and the scheme state: an
// ASCII alpha, then ASCII alphanumerics, '+', '-' or '.' up to a ':'. With
// no such scheme it goes to the no scheme state from the start of input.
// It always starts there: its offset parameter only gives it the other
// states' signature.
func (p *parser) schemeState(int) (int, int) {
	in := p.in
	n := len(in)
	if n == 0 || !isAlpha(in[0]) {
		return stNoScheme, 0
	}
	j := 1
	for j < n && isSchemeByte(in[j]) {
		j++
	}
	if j == n || in[j] != ':' {
		return stNoScheme, 0
	}
	p.writeScheme(in[:j])
	i := j + 1
	switch {
	case p.u.scheme == facts.File:
		if !strings.HasPrefix(in[i:], "//") {
			p.valid("special-scheme-missing-following-solidus", i)
		}
		return stFile, i
	case p.special() && p.hasBase && p.base.scheme == p.u.scheme:
		return stSpecialRelativeOrAuthority, i
	case p.special():
		return stSpecialAuthoritySlashes, i
	case p.at(i) == '/':
		return stPathOrAuthority, i + 1
	}
	p.noHost()
	p.u.flags |= flagOpaquePath
	return stOpaquePath, i
}

// noSchemeState implements the no scheme state: without a scheme the input
// is relative to the base URL, and fails without one (or with a base URL
// with an opaque path, unless the input is only a fragment).
func (p *parser) noSchemeState(i int) (int, int) {
	b := &p.base
	c := p.at(i)
	if !p.hasBase || (b.opaquePath() && c != '#') {
		p.fail("missing-scheme-non-relative-URL", i)
		return stFailed, i
	}
	switch {
	case b.opaquePath():
		p.copyBaseScheme()
		p.noHost()
		p.copyBasePath()
		p.copyBaseQuery()
		p.u.flags |= flagOpaquePath
		return stFragment, i + 1
	case b.scheme != facts.File:
		return stRelative, i
	}
	return stFile, i
}

// specialRelativeOrAuthorityState implements the special relative or
// authority state: a special scheme equal to the base URL's, then "//" for
// an authority or anything else for a reference relative to the base.
func (p *parser) specialRelativeOrAuthorityState(i int) (int, int) {
	if p.at(i) == '/' && p.at(i+1) == '/' {
		return stSpecialAuthorityIgnoreSlashes, i + 2
	}
	p.valid("special-scheme-missing-following-solidus", i)
	return stRelative, i
}

// pathOrAuthorityState implements the path or authority state: after a
// non-special scheme and '/', a second '/' starts an authority.
func (p *parser) pathOrAuthorityState(i int) (int, int) {
	if p.at(i) == '/' {
		return stAuthority, i + 1
	}
	p.noHost()
	return stPath, i
}

// relativeState implements the relative state: the base URL's scheme, and
// either a slash (to the relative slash state) or the base's authority and
// path, continued by a query, fragment or a path relative to the base's.
func (p *parser) relativeState(i int) (int, int) {
	if p.u.schemeEnd == 0 {
		p.copyBaseScheme()
	}
	c := p.at(i)
	if c == '/' || (c == '\\' && p.special()) {
		if c == '\\' {
			p.valid("invalid-reverse-solidus", i)
		}
		return stRelativeSlash, i + 1
	}
	p.copyBaseAuthority()
	p.copyBasePath()
	switch c {
	case '?':
		return stQuery, i + 1
	case '#':
		p.copyBaseQuery()
		return stFragment, i + 1
	case eof:
		p.copyBaseQuery()
		return stDone, i
	}
	p.shorten()
	return stPath, i
}

// relativeSlashState implements the relative slash state: a second slash
// starts an authority; anything else is an absolute path on the base URL's
// authority.
func (p *parser) relativeSlashState(i int) (int, int) {
	c := p.at(i)
	if p.special() && (c == '/' || c == '\\') {
		if c == '\\' {
			p.valid("invalid-reverse-solidus", i)
		}
		return stSpecialAuthorityIgnoreSlashes, i + 1
	}
	if c == '/' {
		return stAuthority, i + 1
	}
	p.copyBaseAuthority()
	p.u.pathStart = uint32(len(p.buf))
	return stPath, i
}

// specialAuthoritySlashesState implements the special authority slashes
// state: "//" after a special scheme, whose absence is only a validation
// error.
func (p *parser) specialAuthoritySlashesState(i int) (int, int) {
	if p.at(i) == '/' && p.at(i+1) == '/' {
		return stSpecialAuthorityIgnoreSlashes, i + 2
	}
	p.valid("special-scheme-missing-following-solidus", i)
	return stSpecialAuthorityIgnoreSlashes, i
}

// specialAuthorityIgnoreSlashesState implements the special authority
// ignore slashes state: any further '/' or '\' before the authority.
func (p *parser) specialAuthorityIgnoreSlashesState(i int) (int, int) {
	in := p.in
	for i < len(in) && (in[i] == '/' || in[i] == '\\') {
		p.valid("special-scheme-missing-following-solidus", i)
		i++
	}
	return stAuthority, i
}

// authorityState implements the authority state: the userinfo up to the
// authority's last '@', percent-encoded. Where the standard goes back to
// the authority's start and reads it again in the host state, one scan
// here finds the authority's end, its last '@' and the first ':' outside
// brackets after it (the host's end when a port follows), and the host
// state gets those.
func (p *parser) authorityState(i int) (int, int) {
	in := p.in
	n := len(in)
	stop := &authorityStopOther
	if p.special() {
		stop = &authorityStopSpecial
	}
	end, at, colon := i, -1, -1
	inBrackets := false
scan:
	for ; end < n; end++ {
		for end < n && !stop[in[end]] {
			end++
		}
		if end == n {
			break
		}
		switch in[end] {
		case '@':
			at, colon, inBrackets = end, -1, false
		case ':':
			if colon < 0 && !inBrackets {
				colon = end
			}
		case '[':
			inBrackets = true
		case ']':
			inBrackets = false
		default:
			break scan
		}
	}
	p.buf = append(p.buf, '/', '/')
	userStart := len(p.buf)
	p.u.usernameEnd = uint32(userStart)
	if at >= 0 {
		if p.v != nil {
			for k := i; k <= at; k++ {
				if in[k] == '@' {
					p.valid("invalid-credentials", k)
				}
			}
		}
		if at+1 == end {
			p.fail("host-missing", end)
			return stFailed, end
		}
		if !p.check { // CanParse: a userinfo never fails
			p.writeUserinfo(in[i:at], userStart)
		}
		i = at + 1
	}
	return p.hostState(i, colon, end)
}

// writeUserinfo appends the username and password of userinfo (the
// authority's text before its last '@') percent-encoded, and '@' when the
// username or the password is not empty; the userinfo starts at userStart.
func (p *parser) writeUserinfo(userinfo string, userStart int) {
	user, pass, hasPass := strings.Cut(userinfo, ":")
	p.buf = appendEscaped(p.buf, user, &userinfoSet)
	p.u.usernameEnd = uint32(len(p.buf))
	if hasPass && pass != "" {
		p.buf = append(p.buf, ':')
		p.buf = appendEscaped(p.buf, pass, &userinfoSet)
	}
	if len(p.buf) > userStart {
		p.buf = append(p.buf, '@')
	}
}

// hostState implements the host state and the hostname state: the host
// from i up to the colon before the port (colon, or -1 for none) or to the
// authority's end, then the port state after the colon.
func (p *parser) hostState(i, colon, end int) (int, int) {
	special := p.special()
	j := end
	if colon >= 0 {
		j = colon
	}
	if i == j && (colon >= 0 || special) {
		p.fail("host-missing", i)
		return stFailed, i
	}
	if !p.parseHost(i, j, !special) {
		return stFailed, i
	}
	if colon < 0 {
		return stPathStart, j
	}
	return p.portState(colon+1, end)
}

// portState implements the port state: ASCII digits from i to the
// authority's end; the scheme's default port is not written.
func (p *parser) portState(i, end int) (int, int) {
	in := p.in
	j := i
	for j < end && isDigit(in[j]) {
		j++
	}
	if j < end {
		p.fail("port-invalid", j)
		return stFailed, j
	}
	if j > i && !p.writePort(in[i:j], i) {
		return stFailed, i
	}
	return stPathStart, j
}

// fileState implements the file state: a slash goes to the file slash
// state; otherwise a file base URL's host and path are copied and continued
// (or the path replaced by one starting with a Windows drive letter), and
// without one the host is empty.
func (p *parser) fileState(i int) (int, int) {
	if p.u.schemeEnd == 0 {
		p.buf = append(p.buf, "file:"...)
		p.u.schemeEnd = 4
		p.u.scheme = facts.File
	}
	c := p.at(i)
	if c == '/' || c == '\\' {
		if c == '\\' {
			p.valid("invalid-reverse-solidus", i)
		}
		return stFileSlash, i + 1
	}
	if !p.hasBase || p.base.scheme != facts.File {
		p.emptyHost()
		p.u.pathStart = uint32(len(p.buf))
		return stPath, i
	}
	p.copyBaseAuthority()
	p.copyBasePath()
	switch c {
	case '?':
		return stQuery, i + 1
	case '#':
		p.copyBaseQuery()
		return stFragment, i + 1
	case eof:
		p.copyBaseQuery()
		return stDone, i
	}
	if !facts.StartsWithWindowsDriveLetter(p.in[i:]) {
		p.shorten()
	} else {
		p.valid("file-invalid-Windows-drive-letter", i)
		p.buf = p.buf[:p.u.pathStart]
	}
	return stPath, i
}

// fileSlashState implements the file slash state: a second slash starts a
// host; otherwise the path is absolute on a file base URL's host, keeping
// the base's Windows drive letter unless the input starts with its own.
func (p *parser) fileSlashState(i int) (int, int) {
	c := p.at(i)
	if c == '/' || c == '\\' {
		if c == '\\' {
			p.valid("invalid-reverse-solidus", i)
		}
		return stFileHost, i + 1
	}
	if b := &p.base; p.hasBase && b.scheme == facts.File {
		p.copyBaseAuthority()
		p.u.pathStart = uint32(len(p.buf))
		if !facts.StartsWithWindowsDriveLetter(p.in[i:]) {
			if first := b.firstSegment(); facts.NormalizedWindowsDriveLetter(first) {
				p.buf = append(p.buf, '/')
				p.buf = append(p.buf, first...)
			}
		}
	} else {
		p.emptyHost()
		p.u.pathStart = uint32(len(p.buf))
	}
	return stPath, i
}

// fileHostState implements the file host state: the host up to a '/',
// '\', '?' or '#', where a Windows drive letter is the path's start
// instead and "localhost" is the empty host.
func (p *parser) fileHostState(i int) (int, int) {
	in := p.in
	j := i
	for j < len(in) {
		c := in[j]
		if c == '/' || c == '\\' || c == '?' || c == '#' {
			break
		}
		j++
	}
	p.emptyHost()
	switch {
	case facts.WindowsDriveLetter(in[i:j]):
		p.valid("file-invalid-Windows-drive-letter-host", i)
		p.u.pathStart = uint32(len(p.buf))
		return stPath, i
	case i == j:
		return stPathStart, i
	}
	if !p.parseHost(i, j, false) {
		return stFailed, i
	}
	if string(p.buf[p.u.hostStart:]) == "localhost" {
		p.buf = p.buf[:p.u.hostStart]
		p.u.hostEnd = p.u.hostStart
		p.u.host = hostEmpty
	}
	return stPathStart, j
}

// pathStartState implements the path start state: a special URL's path
// starts with one '/' or '\' (read as '/'); another URL's at a '/', or it
// has an empty path and goes on to a query or fragment.
func (p *parser) pathStartState(i int) (int, int) {
	p.u.pathStart = uint32(len(p.buf))
	c := p.at(i)
	switch {
	case p.special():
		if c == '\\' {
			p.valid("invalid-reverse-solidus", i)
		}
		if c == '/' || c == '\\' {
			i++
		}
		return stPath, i
	case c == '?':
		return stQuery, i + 1
	case c == '#':
		return stFragment, i + 1
	case c == eof:
		return stDone, i
	case c == '/':
		i++
	}
	return stPath, i
}

// path implements the path state from i: segments percent-encoded with
// the path percent-encode set, each ended by '/' (or '\' in a special URL);
// a double-dot segment shortens the path and a single-dot segment is
// dropped, and a file URL's leading Windows drive letter gets ':'. It
// returns the offset of the '?', '#' or end of input that ended the path;
// under the setters' state override '?' and '#' are percent-encoded
// instead and only the end of input ends it (the pathname setter calls it
// directly).
func (p *parser) path(i int) int {
	in := p.in
	n := len(in)
	special := p.special()
	override := p.override
	stop := &pathStopOther
	if special {
		stop = &pathStopSpecial
	}
	buf := p.buf
	for {
		buf = append(buf, '/')
		seg := len(buf)
		start := i
		for {
			j := i
			for j < n && !stop[in[j]] {
				j++
			}
			buf = append(buf, in[i:j]...)
			i = j
			if i == n {
				break
			}
			c := in[i]
			if c == '/' || (c == '\\' && special) || ((c == '?' || c == '#') && !override) {
				break
			}
			buf = append(buf, '%', upperhex[c>>4], upperhex[c&15])
			i++
		}
		c := eof
		if i < n {
			c = int(in[i])
		}
		slash := c == '/' || (c == '\\' && special)
		if p.v != nil {
			p.checkUnits(start, i)
			if c == '\\' && special {
				p.valid("invalid-reverse-solidus", i)
			}
		}
		// Dot segments and drive letters are at most six bytes long and
		// start with '.', '%' or a letter.
		if s := buf[seg:]; len(s) <= 6 && len(s) > 0 {
			switch {
			case isDoubleDot(s):
				p.buf = buf[:seg-1]
				p.shorten()
				buf = p.buf
				if !slash {
					buf = append(buf, '/')
				}
			case isSingleDot(s):
				buf = buf[:seg-1]
				if !slash {
					buf = append(buf, '/')
				}
			case p.u.scheme == facts.File && seg-1 == int(p.u.pathStart) && len(s) == 2 && facts.WindowsDriveLetter(string(s)):
				s[1] = ':'
			}
		}
		if !slash {
			p.buf = buf
			return i
		}
		i++
	}
}

// opaquePathState implements the opaque path state: everything up to '?'
// or '#', C0 controls percent-encoded, and a space before '?' or '#'
// written as "%20" so that the href reads back the same.
func (p *parser) opaquePathState(i int) (int, int) {
	p.u.pathStart = uint32(len(p.buf))
	in := p.in
	n := len(in)
	start := i
	for i < n {
		c := in[i]
		if c == '?' || c == '#' {
			break
		}
		if c == ' ' {
			if i+1 < n && (in[i+1] == '?' || in[i+1] == '#') {
				p.buf = append(p.buf, "%20"...)
			} else {
				p.buf = append(p.buf, ' ')
			}
		} else if c0ControlSet[c] {
			p.buf = append(p.buf, '%', upperhex[c>>4], upperhex[c&15])
		} else {
			p.buf = append(p.buf, c)
		}
		i++
	}
	if p.v != nil {
		p.checkUnits(start, i)
	}
	return p.afterPath(i)
}

// queryState implements the query state: everything up to '#',
// percent-encoded with the special-query or the query percent-encode set.
func (p *parser) queryState(i int) (int, int) {
	in := p.in
	n := len(in)
	p.u.queryStart = uint32(len(p.buf))
	p.u.flags |= flagQuery
	p.buf = append(p.buf, '?')
	stop := &queryStopOther
	if p.special() {
		stop = &queryStopSpecial
	}
	start := i
	for {
		j := i
		for j < n && !stop[in[j]] {
			j++
		}
		p.buf = append(p.buf, in[i:j]...)
		i = j
		if i == n || in[i] == '#' {
			break
		}
		c := in[i]
		p.buf = append(p.buf, '%', upperhex[c>>4], upperhex[c&15])
		i++
	}
	if p.v != nil {
		p.checkUnits(start, i)
	}
	if i < n {
		return stFragment, i + 1
	}
	return stDone, i
}

// fragmentState implements the fragment state: the rest of the input,
// percent-encoded with the fragment percent-encode set.
func (p *parser) fragmentState(i int) {
	if p.u.flags&flagQuery == 0 {
		p.u.queryStart = uint32(len(p.buf))
	}
	p.u.fragStart = uint32(len(p.buf))
	p.u.flags |= flagFragment
	p.buf = append(p.buf, '#')
	p.appendEncoded(p.in[i:], i, &fragmentSet)
}

// endOfInput records the empty query and fragment of a URL whose input
// ended before either.
func (p *parser) endOfInput() {
	if p.u.flags&flagQuery == 0 {
		p.u.queryStart = uint32(len(p.buf))
	}
	p.u.fragStart = uint32(len(p.buf))
}
