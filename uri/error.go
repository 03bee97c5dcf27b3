package uri

import (
	"errors"
	"strings"
	"unsafe"

	"github.com/seed42851778/rfc3986/internal/errtext"
)

// ParseError is the error of every Parse function: where the text stops being
// a URI reference and what the grammar expected there. Reach it with
// errors.As.
//
// Errors of the same shape may share the array of their Expected list, so
// that a rejection costs one small allocation: read the list, do not write
// to it (slices.Clone it to edit it).
type ParseError struct {
	Input     string   // the text, as given
	Offset    int      // byte offset of the first byte that cannot be part of the rule: the length of the longest prefix of Input that some string of Rule starts with
	Rule      string   // the top rule: "URI", "URI-reference", "absolute-URI" or "relative-ref"
	Component string   // the component Offset falls in as Rule reads Input: "scheme", "authority", "userinfo", "host", "port", "path", "query" or "fragment"
	Expected  []string // what the grammar could have matched at Offset: rule names and terminals (shared: see above)
	Hint      string   // what the mistake probably was, in plain words ("a space is not allowed in a URI: ..."); "" when there is nothing to add
}

// Error returns a message such as
//
//	uri: invalid character ' ' at offset 8 in path: expected pchar, "/", "?", "#" or end of input; a space is not allowed in a URI: percent-encode it as "%20"
//
// It ends with the Hint, when there is one. It quotes no more than 64 bytes
// of the input and escapes control characters, however long the input.
// When Offset falls in what reads as the password of the userinfo (from
// its first ":" to the last "@" of the authority, as errtext.InPassword
// finds it in text that does not parse), it names neither the character nor
// its percent-encoding (§3.2.1: a password is not to be rendered), and the
// hint is errtext.PasswordHint; the fields keep the details.
func (e *ParseError) Error() string {
	found, hint := errtext.DescribeAt(e.Input, e.Offset), e.Hint
	if errtext.InPassword(e.Input, e.Offset) {
		found, hint = errtext.PasswordFound, errtext.PasswordHint
	}
	msg := "uri: " + found + " at offset " + itoa(e.Offset) +
		" in " + e.Component + ": expected " + errtext.JoinExpected(e.Expected)
	if hint != "" {
		msg += "; " + hint
	}
	return msg
}

// ErrInvalid is matched by every *ParseError under errors.Is, for callers that
// only need to know that the text was not a URI.
var ErrInvalid = errors.New("uri: invalid URI reference")

// Is reports whether target is ErrInvalid.
func (e *ParseError) Is(target error) bool { return target == ErrInvalid }

// newParseError explains why s does not match rule with its generated
// diagnosis; prefix, the end of the prefix of s that rule matches (or -1), is
// a lower bound of where it fails.
//
// Rejections at a byte that no URI holds there, after a host name, where
// one starts, or in a path, query or fragment (a space, a "{" of an
// unexpanded template, a raw non-ASCII byte), are known without the
// diagnosis (knownStop): they fail where the fast match stopped, with the
// labels the diagnosis gives every input of that shape (TestHostStop,
// TestTailStop and FuzzHostStop compare them with the diagnosis and
// componentAt). So are those at a "%" that two HEXDIG do not follow,
// where pct-encoded may come (hexdigStop: TestPctStop): they fail after
// it and its one HEXDIG, if any. When the hint of the byte is one of the
// constants of byteHint (stopHint), as it is for most of them, knownError
// makes the error; else explainError does.
func newParseError(s string, rule topRule, prefix int) *ParseError {
	known, comp := knownStop(s, prefix, rule)
	switch {
	case known == portStop: // its hints quote the port: hintOf writes them
	case comp != "":
		if hint := stopHint(s, prefix, rule, comp); hint != "" {
			return knownError(s, rule, prefix, known, comp, hint)
		}
	case known == hexdigStop: // after the "%" and its one HEXDIG, if any
		off := prefix + 1
		if off < len(s) && hintHexDig(s[off]) {
			off++
		}
		return explainError(s, rule, off, known, componentAt(s, off, rule))
	}
	return explainError(s, rule, prefix, known, comp)
}

// knownError is the ParseError of s as rule at off, where knownStop found
// the labels known and the component comp, with the hint stopHint found: 96
// bytes, as its Expected is the list of its shape, shared (checkStop
// compares the lists with the diagnosis's).
func knownError(s string, rule topRule, off int, known, comp, hint string) *ParseError {
	var exp []string
	switch len(known) {
	case len(fragmentStop):
		exp = fragmentStopLabels[:]
	case len(pathStop):
		exp = pathStopLabels[:]
	case len(hostStop):
		exp = hostStopLabels[:]
	default:
		exp = emptyHostStopLabels[:]
	}
	return &ParseError{
		Input:     s,
		Offset:    off,
		Rule:      rule.Name(),
		Component: comp,
		Expected:  exp,
		Hint:      hint,
	}
}

// The labels of the shapes of knownStop, spelt out, which the errors of
// knownError share: pathStop's, a path's and a query's; fragmentStop's;
// hostStop's, after a host name; emptyHostStop's, where a host starts.
var (
	pathStopLabels      = [...]string{"pchar", `"/"`, `"?"`, `"#"`, "end of input"}
	fragmentStopLabels  = [...]string{"pchar", `"/"`, `"?"`, "end of input"}
	hostStopLabels      = [...]string{"unreserved", "pct-encoded", "sub-delims", `":"`, `"@"`, `"/"`, `"?"`, `"#"`, "end of input"}
	emptyHostStopLabels = [...]string{"unreserved", "pct-encoded", "sub-delims", `":"`, `"@"`, "IP-literal", "IPv4address", `"/"`, `"?"`, `"#"`, "end of input"}
)

// stopHint is the hint of the byte at offset k of s where knownStop found
// one of its shapes, when it is a constant of byteHint; else "", and
// hintOf finds it. hintOf would come to the same constant: the byte is
// none of pchar, "/", "?", "#" and "%" and s[:k] matched, so that no "%"
// lacks its digits before k (percentHint), s begins with a scheme (no
// leading white space, no quotation marks or angle brackets around s, no
// Windows path: wrapHint, windowsHint, schemeHint), and a "[" or "]" there
// is no IP literal's (fixedByteHint). Trailing white space has a hint of
// its own (wrapHint), and a control character or a byte outside ASCII one
// that quotes it. checkStop compares it with hintFor.
func stopHint(s string, k int, rule topRule, comp string) string {
	if s[k] == '{' { // the most common: an unexpanded URI template
		return openBraceHint
	}
	return otherStopHint(s, k, rule, comp)
}

// otherStopHint is stopHint but for a "{".
func otherStopHint(s string, k int, rule topRule, comp string) string {
	switch c := s[k]; c {
	case '[':
		return openBracketHint
	case ']':
		return closeBracketHint
	case ' ', '\t', '\r', '\n':
		if strings.TrimLeft(s[k:], " \t\r\n") == "" {
			return ""
		}
	}
	return fixedByteHint(s, k, rule.Name(), comp)
}

// explainError is newParseError where knownError does not make the error:
// the labels known and the component comp at off, where knownStop found
// them, or, when comp is "", those of the diagnosis, for which off is a
// lower bound of where s fails.
//
// The error is one allocation, sized to what it holds: the ParseError, room
// for its expected list (1 to 16 labels, or as many as the grammar has
// labels, which no input is known to need) and, when the hint quotes the
// input, for the hint's text (a hint that quotes nothing is a constant and
// takes no room): 112 to 352 bytes, 224 to 672 with a hint's text (more
// with more than 16 labels). The
// diagnosis and the hint are made on the stack first, so that the size is
// known.
func explainError(s string, rule topRule, off int, known, comp string) *ParseError {
	var d genDiag
	var n int
	if comp != "" { // the diagnosis's result, without running it
		n = len(known)
	} else {
		if known == ipLiteralStop && diagnoseIPLiteral(s, off, &d) {
			off = d.far
		} else if off = diagnose(rule, s, off, &d); off < 0 { // cannot happen: the fast match failed; the rule is expected at 0
			off = 0
		}
		n, known, comp = d.n, "", componentAt(s, off, rule)
	}
	var text [hintTextMax]byte
	h, hint := hintOf(text[:0], s, off, rule.Name(), comp, nil)
	var e *ParseError
	var exp []string // room for d.n labels
	var room []byte  // room for h
	// The size classes of the allocator (runtime/sizeclasses.go) are 16
	// bytes apart up to 256: each count of labels up to 5, and 7, 9, 10, 12
	// and 16, gets the class that holds it exactly, so that no byte is
	// allocated (and swept) for nothing; 6 and 8 labels take the room of 7
	// and 9, 11 that of 12, 13 to 15 that of 16.
	switch {
	case len(h) > 0 && n <= 1 && len(h) <= 112: // 224 bytes: a "%" without its digits
		e, exp, room = allocError[[1]string, [112]byte]()
	case len(h) > 0 && n <= 5 && len(h) <= 80: // 256 bytes: a port, an IP literal
		e, exp, room = allocError[[5]string, [80]byte]()
	case len(h) > 0 && n <= 5 && len(h) <= 144: // 320 bytes
		e, exp, room = allocError[[5]string, [144]byte]()
	case len(h) > 0 && n <= 9 && len(h) <= 240: // 480 bytes: a character outside ASCII in a host
		e, exp, room = allocError[[9]string, [240]byte]()
	case len(h) > 0 && n <= 12 && len(h) <= hintText: // 512 bytes
		e, exp, room = allocError[[12]string, [hintText]byte]()
	case len(h) > 0 && n <= 16: // 672 bytes
		e, exp, room = allocError[[16]string, [hintTextMax]byte]()
	case len(h) > 0:
		e, exp, room = allocError[[len(d.exp)]string, [hintTextMax]byte]()
	case n <= 1: // 112 bytes
		e, exp, _ = allocError[[1]string, [0]byte]()
	case n <= 2:
		e, exp, _ = allocError[[2]string, [0]byte]()
	case n <= 3:
		e, exp, _ = allocError[[3]string, [0]byte]()
	case n <= 4:
		e, exp, _ = allocError[[4]string, [0]byte]()
	case n <= 5: // 176 bytes
		e, exp, _ = allocError[[5]string, [0]byte]()
	case n <= 7: // 208 bytes
		e, exp, _ = allocError[[7]string, [0]byte]()
	case n <= 9: // 240 bytes
		e, exp, _ = allocError[[9]string, [0]byte]()
	case n <= 10: // 256 bytes
		e, exp, _ = allocError[[10]string, [0]byte]()
	case n <= 12: // 288 bytes
		e, exp, _ = allocError[[12]string, [0]byte]()
	case n <= 16: // 352 bytes
		e, exp, _ = allocError[[16]string, [0]byte]()
	default: // room for every label of the grammar: no input is known to need it
		e, exp, _ = allocError[[len(d.exp)]string, [0]byte]()
	}
	// The room holds the n labels: no append allocates.
	if known != "" {
		for i := 0; i < len(known); i++ {
			exp = append(exp, genLabels[known[i]])
		}
	} else {
		exp = d.appendLabels(exp)
	}
	if len(exp) == 0 { // as off < 0 above
		exp = append(exp, rule.Name())
	}
	if len(h) > 0 {
		if len(h) <= cap(room) {
			room = append(room, h...)
			// room is never written again.
			hint = unsafe.String(unsafe.SliceData(room), len(room))
		} else { // longer than its room: rare
			hint = string(h)
		}
	}
	*e = ParseError{
		Input:     s,
		Offset:    off,
		Rule:      rule.Name(),
		Component: comp,
		Expected:  exp[:len(exp):len(exp)],
		Hint:      hint,
	}
	return e
}

// errorWith is a ParseError with room, in the same allocation, for the
// text of its hint (T, an array of bytes) and its expected list (E, an array
// of strings). The text comes before the labels, so that an empty T adds no
// padding at the end.
type errorWith[E, T any] struct {
	ParseError
	text T
	exp  E
}

// allocError allocates an errorWith[E, T] and returns its ParseError and its
// rooms for the labels and the text, empty, with the capacity of E and T.
func allocError[E, T any]() (*ParseError, []string, []byte) {
	x := new(errorWith[E, T])
	exp := unsafe.Slice((*string)(unsafe.Pointer(&x.exp)), unsafe.Sizeof(x.exp)/unsafe.Sizeof(""))
	text := unsafe.Slice((*byte)(unsafe.Pointer(&x.text)), unsafe.Sizeof(x.text))
	return &x.ParseError, exp[:0], text[:0]
}

// hintText is the room for a hint that quotes the input in the common
// allocation of a ParseError, which it brings to 512 bytes, the largest size
// the allocator serves without a header; hintTextMax is the room in the
// larger one, and on the stack where newParseError writes the hint first.
// The longest hints (a character outside ASCII in a host, a port of many
// digits) are about 250 bytes: every input, however long, gets a hint that
// fits in hintTextMax, as the hints quote at most hintQuote bytes of it.
const (
	hintText    = 224
	hintTextMax = 320
)

// componentAt names the component that offset off of s falls in when s is
// read as rule. It splits s as RFC 3986 Appendix B does (which reads any
// string as components): the scheme up to the first ":" before any "/", "?"
// or "#"; after "//", the authority up to the next "/", "?" or "#"; the path
// up to "?" or "#"; the query up to "#"; the fragment. An offset at the end of
// a component belongs to the one that would go on there.
//
// Appendix B's scheme is what rule reads as one: a relative-ref has none, so
// text before a ":" in it is its first path segment (path-noscheme, §4.2);
// a URI-reference has one only where that text is a scheme (§3.1), and is
// otherwise a relative-ref; and a URI or an absolute-URI that has none failed
// in the scheme it requires.
func componentAt(s string, off int, rule topRule) string {
	i := 0
	// scheme
	// One loop finds where Appendix B's scheme ends (j) and whether it is a
	// scheme (§3.1).
	j, scheme := 0, len(s) > 0 && byteClass[s[0]]&clsAlpha != 0
	for ; j < len(s); j++ {
		k := byteClass[s[j]]
		if k&clsSchemeStop != 0 {
			break
		}
		scheme = scheme && k&clsScheme != 0
	}
	hasScheme := j > 0 && j < len(s) && s[j] == ':'
	switch rule {
	case ruleRelativeRef:
		hasScheme = false
	case ruleURIReference:
		hasScheme = hasScheme && scheme
	case ruleURI, ruleAbsoluteURI:
		if !hasScheme {
			return "scheme"
		}
	}
	if hasScheme {
		if off <= j {
			return "scheme"
		}
		i = j + 1
	}
	// authority
	// It ends at the first "/", "?" or "#": off falls in it when none comes
	// before off, and the end past off need not be looked for.
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		start := i + 2
		if off < start {
			return "authority"
		}
		k := indexStop(s[start:min(off, len(s))], clsAuthorityStop)
		if k < 0 {
			return authorityPart(s[start:], off-start)
		}
		i = start + k
	}
	// path, query, fragment: the last that begins before off
	rest := s[i:min(off, len(s))]
	switch {
	case strings.IndexByte(rest, '#') >= 0:
		return "fragment"
	case strings.IndexByte(rest, '?') >= 0:
		return "query"
	}
	return "path"
}

// The classes of byteClass, one bit each.
const (
	clsSchemeStop    = 1 << iota // ":", "/", "?", "#": they end Appendix B's scheme
	clsAuthorityStop             // "/", "?", "#": they end Appendix B's authority
	clsAlpha                     // ALPHA
	clsScheme                    // ALPHA / DIGIT / "+" / "-" / "."
	clsUserinfo                  // unreserved / sub-delims / ":" / "%": a userinfo's bytes
	clsRegName                   // unreserved / sub-delims: a reg-name's bytes but pct-encoded
)

// byteClass holds the classes of each byte that componentAt and the hints
// look for: one table of 256 bytes for all of them.
var byteClass = func() (t [256]uint8) {
	for _, b := range []byte(":/?#") {
		t[b] |= clsSchemeStop
	}
	for _, b := range []byte("/?#") {
		t[b] |= clsAuthorityStop
	}
	for b := 0; b < 256; b++ {
		if alphaSet.contains(byte(b)) {
			t[b] |= clsAlpha
		}
		if schemeSet.contains(byte(b)) {
			t[b] |= clsScheme
		}
		if userInfoSet.contains(byte(b)) || b == '%' {
			t[b] |= clsUserinfo
		}
		if userInfoSet.contains(byte(b)) && b != ':' {
			t[b] |= clsRegName
		}
	}
	return t
}()

// knownStop returns the labels of the diagnosis of s as rule, a URI, a
// URI-reference or a relative-ref, and the component, when the fast match
// stopped at k, at a byte b that no URI holds there, in one of these
// shapes, at a "%" of the third (hexdigStop, with no component), at the
// "[" of the fourth (ipLiteralStop, with no component) or in the port of
// the fifth, at any byte but a DIGIT (portStop); else no labels and no
// component.
//
// In the first two shapes, the byte is none of pchar, "/", "?", "#" and
// "%": it is a "[" or "]", which only an IP literal holds (a "[" not where
// a host starts), or a byte no URI holds. s[:k] matched, so the diagnosis
// fails at k, where every alternative that reaches it stops, and those
// alternatives depend on the shape, not on the text:
//
//	scheme "://" name b ...
//
// where name is one or more bytes of unreserved and sub-delims (§2.3,
// §2.2), not all of them DIGIT and "." (an IPv4address fails before b,
// at the byte that is neither; an IP-literal fails at once): the
// alternatives that reach b are the userinfo's, the reg-name's, the
// port's, the path's, the query's, the fragment's and the end's,
// hostStop (e.g. an unexpanded URI template, "https://x.{Region}/").
// With no name, and b no "[", the IP-literal's and the IPv4address's fail
// at b too: emptyHostStop ("https://{bucket}/").
// The name is a userinfo when an "@" follows b before any "/", "?" or "#"
// (b is none of them), else a host, as componentAt has it.
//
//	scheme ":" ... b ...
//
// where b falls in the path after an authority, in the query or in the
// fragment (componentAt): the component's own alternatives, whose labels
// are pathStop (a query's too) and fragmentStop.
//
//	scheme ":" ... "%" ...
//
// where two HEXDIG do not follow the "%" (the match stops at it) and
// pct-encoded may come there (§2.1): after the scheme with no authority,
// or after the authority, in a path, a query or a fragment; in the
// authority, up to its first "/", "?" or "#", while the text before the
// "%" holds only userinfo bytes (a userinfo, "s://h:%" too), or after an
// "@" only a reg-name's (pctInAuthority). The alternatives that take the
// "%" are pct-encoded's, the others fail at it: the diagnosis fails after
// the "%" and its one HEXDIG, if any, expecting HEXDIG. knownStop returns
// hexdigStop and no component; newParseError finds the offset and
// componentAt the component there.
//
//	scheme "://" [ userinfo "@" ] "[" ...
//
// where the "[" starts a host: only an IP-literal takes it, so the
// diagnosis fails in the literal or after it, as the literal's own
// diagnosis says (ipLiteralStop, with no component; explainError runs
// diagnoseIPLiteral, then the whole diagnosis when the literal matched).
//
//	scheme "://" ( userinfo "@" host / IP-literal ) ":" *DIGIT b ...
//
// where b is no DIGIT, "/", "?" or "#", and the host an IP-literal, an
// IPv4address or a reg-name without pct-encoded (portStopAt): the
// alternatives that reach b are the port's, the path's, the query's, the
// fragment's and the end's, portStop ("git+ssh://git@github.com:npm/x").
// The userinfo before the "@" cannot go on past it, nor can a userinfo
// start with the "[" of an IP literal; with neither, a userinfo would take
// the host, the ":" and the port and go on through b (a letter, "%"), or
// fail at b too, with labels of its own ("s://h:80{"): the diagnosis
// explains those.
//
// A relative-ref has the same shapes with no scheme ("//" name b ..., "?"
// ... b ...), and so has a URI-reference whose URI alternative fails
// before b (at a byte that is no scheme's and no ":"): the alternatives
// that reach b are those of the relative-ref. With no authority, a path's
// shape holds only after the first segment ("/a" b, "a/" b): at the start
// of a path-absolute, "//" and segment-nz are expected, in a first segment
// of path-noscheme its own bytes, and the diagnosis explains those.
func knownStop(s string, k int, rule topRule) (string, string) {
	if rule == ruleAbsoluteURI || k <= 0 || k >= len(s) {
		return "", "" // absolute-URI has no fragment
	}
	// clsUserinfo: unreserved, sub-delims, ":" and "%"; clsAuthorityStop:
	// "/", "?" and "#".
	c := s[k]
	// A port's stop first: b may be any byte there but a DIGIT, one a
	// userinfo holds too, which the test after this one sends away.
	if c-'0' >= 10 && (s[k-1] == ':' || s[k-1]-'0' < 10) && portStopAt(s, k, rule) {
		return portStop, "port"
	}
	if byteClass[c]&(clsUserinfo|clsAuthorityStop) != 0 && c != '%' || c == '@' {
		return "", ""
	}
	if c == '%' && k+2 < len(s) && hintHexDig(s[k+1]) && hintHexDig(s[k+2]) { // a whole triplet
		return "", ""
	}
	// The scheme: a letter, then scheme bytes up to ":" (the two most
	// common are compared whole); the text starts at i after it. A
	// relative-ref has none; nor has a URI-reference whose URI alternative
	// fails before b, at j: that is a relative-ref too (rel).
	i, rel := 0, false
	switch {
	case rule == ruleRelativeRef:
		rel = true
	case strings.HasPrefix(s, "https:"):
		i = len("https:")
	case strings.HasPrefix(s, "http:"):
		i = len("http:")
	default:
		j := 0
		if byteClass[s[0]]&clsAlpha != 0 {
			j = 1
			for j < k && byteClass[s[j]]&clsScheme != 0 {
				j++
			}
		}
		switch {
		case j >= k:
			return "", "" // b may still end a scheme
		case j > 0 && s[j] == ':':
			i = j + 1
		case rule == ruleURIReference:
			rel = true
		default:
			return "", "" // a URI with no scheme
		}
	}
	// After the scheme, the authority when "//" follows, up to its first
	// "/", "?" or "#", then the path, query and fragment: componentAt's
	// reading, the scheme known.
	auth := strings.HasPrefix(s[i:], "//")
	if auth {
		start := i + 2
		if start > k {
			return "", ""
		}
		if c == '[' && (start == k || s[k-1] == '@' && indexStop(s[start:k], clsAuthorityStop) < 0) {
			return ipLiteralStop, "" // where a host starts
		}
		var labels string
		switch {
		case c == '%': // pct-encoded, below
		case start == k && c != '[': // no name, nor an IP literal
			labels = emptyHostStop
		case start < k && hostName(s[start:k]):
			labels = hostStop
		}
		if labels != "" {
			if i := strings.IndexByte(s[k:], '@'); i >= 0 && indexStop(s[k:k+i], clsAuthorityStop) < 0 {
				return labels, "userinfo"
			}
			return labels, "host"
		}
		a := indexStop(s[start:k], clsAuthorityStop)
		if a < 0 { // b is in the authority, not after a name
			if c == '%' && pctInAuthority(s[start:k]) {
				return hexdigStop, ""
			}
			return "", ""
		}
		i = start + a
	}
	if c == '%' {
		return hexdigStop, ""
	}
	switch rest := s[i:k]; {
	case strings.IndexByte(rest, '#') >= 0:
		return fragmentStop, "fragment"
	case strings.IndexByte(rest, '?') >= 0:
		return pathStop, "query"
	case auth || rel && len(rest) >= 2 && strings.IndexByte(rest, '/') >= 0:
		return pathStop, "path"
	}
	return "", ""
}

// diagnoseIPLiteral runs the diagnosis of IP-literal alone, into d, on s
// from k, where the fast match stopped at a "[" that starts a host
// (knownStop's ipLiteralStop), and reports whether it failed there. The
// diagnosis of the whole rule would fail at the same offset with the same
// labels, at a fraction of the cost (a broken IPv6 literal took 5,000 to
// 10,000 instructions): no other alternative takes the "[", so each of them
// fails at k or before, and the IP literal, which matched "[", fails past k.
// When the IP literal matches, what fails comes after it: the whole
// diagnosis is needed.
func diagnoseIPLiteral(s string, k int, d *genDiag) bool {
	*d = genDiag{far: k + 1, root: -1} // no rule is the root: each is named
	return explainIPLiteral(s, k, d) < 0 && d.n > 0
}

// portStopAt reports whether the byte at k of s, no DIGIT, stops a port in
// knownStop's shape: after "//", which follows a scheme and its ":" (rule
// URI or URI-reference) or starts s (relative-ref or URI-reference), an
// authority up to k of userinfo "@" host ":" *DIGIT, with a host of
// reg-name bytes without "%" (an IPv4address among them) or an IP-literal,
// or of IP-literal ":" *DIGIT.
func portStopAt(s string, k int, rule topRule) bool {
	if byteClass[s[k]]&clsAuthorityStop != 0 {
		return false // a path, a query or a fragment starts there
	}
	i := strings.Index(s[:k], "//")
	switch {
	case i < 0:
		return false
	case i == 0:
		if rule == ruleURI {
			return false
		}
	case rule == ruleRelativeRef || s[i-1] != ':' || !isScheme(s[:i-1]):
		return false
	}
	a := s[i+2 : k]
	at := strings.LastIndexByte(a, '@')
	if at >= 0 {
		if !userinfoBytes(a[:at]) { // no "/", "?", "#" nor a second "@"
			return false
		}
		a = a[at+1:]
	}
	var h int // the host is a[:h]
	if len(a) > 0 && a[0] == '[' {
		if h = strings.IndexByte(a, ']') + 1; h == 0 || matchIPLiteral(a[:h], 0) != h {
			return false
		}
	} else if h = strings.IndexByte(a, ':'); at < 0 || h < 0 || !isRegName(a[:h]) {
		return false
	}
	return h < len(a) && a[h] == ':' && digits(a[h+1:])
}

// pctInAuthority reports whether pct-encoded may follow a, the text of an
// authority before a "%" (knownStop): while a holds only userinfo bytes, in
// a userinfo, or after an "@" while the host holds only a reg-name's (the
// "%" of a are pct-encoded's: they matched), in a reg-name; not in an IP
// literal, nor in a port after an "@".
func pctInAuthority(a string) bool {
	i := strings.IndexByte(a, '@')
	if i < 0 {
		return userinfoBytes(a)
	}
	for _, c := range []byte(a[i+1:]) {
		if byteClass[c]&clsRegName == 0 && c != '%' {
			return false
		}
	}
	return true
}

// hostName reports whether name is knownStop's: bytes of unreserved and
// sub-delims, not all of them DIGIT and ".".
func hostName(name string) bool {
	for i := 0; i < len(name); i++ {
		if byteClass[name[i]]&clsRegName == 0 {
			return false
		}
	}
	for i := 0; i < len(name); i++ { // most often its first
		if c := name[i]; c != '.' && c-'0' >= 10 {
			return true
		}
	}
	return false
}

// The labels the diagnosis gives an input of each shape of knownStop, as a
// URI or a URI-reference, which newParseError uses without running it:
// their numbers in genLabels, one byte each, as the diagnosis records them
// (constants, so that the package needs no init; TestStopLabels checks
// them against the diagnosis and RFC 3986).
const (
	hostStop      = "\x09\x0a\x0b\x06\x0c\x08\x27\x28\x2a"         // unreserved, pct-encoded, sub-delims, ":", "@", "/", "?", "#", end of input
	emptyHostStop = "\x09\x0a\x0b\x06\x0c\x0d\x12\x08\x27\x28\x2a" // the same, IP-literal and IPv4address before "/"
	pathStop      = "\x22\x08\x27\x28\x2a"                         // pchar, "/", "?", "#", end of input (a path's and a query's)
	fragmentStop  = "\x22\x08\x27\x2a"                             // pchar, "/", "?", end of input
	hexdigStop    = "\x10"                                         // HEXDIG, after a "%"
	ipLiteralStop = "\x0d"                                         // IP-literal: its own diagnosis
	portStop      = "\x01\x08\x27\x28\x2a"                         // DIGIT, "/", "?", "#", end of input
)

// indexStop is the index of the first byte of s in one of the classes cls,
// or -1. It is indexAny for the short strings a scheme and an authority are,
// where a loop costs less than a call of strings.IndexByte per byte looked
// for.
func indexStop(s string, cls uint8) int {
	for i := 0; i < len(s); i++ {
		if byteClass[s[i]]&cls != 0 {
			return i
		}
	}
	return -1
}

// isScheme reports whether s is a scheme (§3.1):
//
//	scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
func isScheme(s string) bool {
	if s == "" || byteClass[s[0]]&clsAlpha == 0 {
		return false
	}
	for i := 1; i < len(s); i++ {
		if byteClass[s[i]]&clsScheme == 0 {
			return false
		}
	}
	return true
}

// indexAny is the index of the first of the bytes bs in s, or -1: one
// strings.IndexByte each (vectorized, unlike strings.IndexAny), in a
// shrinking prefix of s.
func indexAny(s string, bs ...byte) int {
	i := -1
	for _, b := range bs {
		if k := strings.IndexByte(s, b); k >= 0 {
			i, s = k, s[:k]
		}
	}
	return i
}

// authorityPart names the subcomponent of the authority that offset off of
// a falls in, as the grammar reads it (§3.2):
//
//	authority = [ userinfo "@" ] host [ ":" port ]
//
// The authority starts a and ends at its first "/", "?" or "#", which come
// after off: a may run on past it. The text up to the first "@" is a
// userinfo while it holds only userinfo bytes: "[::1]@h" has none. The host
// ends at its first ":" (reg-name and IPv4address hold none), or an IP
// literal at its "]"; the port follows. What lies past the authority does
// not change the answer: an "@" there is not looked at, and a "]" or ":"
// there lies past off, where it does not count.
func authorityPart(a string, off int) string {
	host := 0
	if j := strings.IndexByte(a, '@'); j >= 0 && (j < off || indexStop(a[off:j], clsAuthorityStop) < 0) &&
		userinfoBytes(a[:min(off, j)]) {
		if off <= j {
			return "userinfo"
		}
		host = j + 1
	}
	from := host
	if strings.HasPrefix(a[host:], "[") { // an IP literal: the port comes after "]"
		from = len(a)
		if j := strings.IndexByte(a[host:], ']'); j >= 0 {
			from = host + j
		}
	}
	if j := strings.IndexByte(a[from:], ':'); j >= 0 && off > from+j {
		return "port"
	}
	return "host"
}

// userinfoBytes reports whether s holds only bytes a userinfo can (§3.2.1):
// unreserved, sub-delims, ":" and the "%" and HEXDIG of pct-encoded.
func userinfoBytes(s string) bool {
	for i := 0; i < len(s); i++ {
		if byteClass[s[i]]&clsUserinfo == 0 {
			return false
		}
	}
	return true
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
