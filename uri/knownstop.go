package uri

import "strings"

// This file is the fast path of a rejection: the shapes of input whose
// diagnosis is known without running it (knownStop), the ParseError made
// from one (knownError) and its hint (stopHint). newParseError takes it
// first; knownstop_test.go compares every shape with the generated
// diagnosis and componentAt. It is kept while it pays for itself on the
// rejections of the corpus: BenchmarkParseInvalid runs them with it
// (uri.ParseReference) and without it (uri.plainDiagnosis), beside net/url.

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
// labels, at a fraction of the cost (measured: see BENCHMARKS.md, issue
// 14, session 11): no other alternative takes the "[", so each of them
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

// knownError is the ParseError of s as rule at off, where knownStop found
// the labels known and the component comp, with the hint stopHint found: one
// allocation, as its Expected is the list of its shape, shared (checkStop
// compares the lists with the diagnosis's).
func knownError(s string, rule topRule, off int, known, comp, hint string) *ParseError {
	return &ParseError{
		Input:     s,
		Offset:    off,
		Rule:      rule.Name(),
		Component: comp,
		Expected:  stopLabelList(known),
		Hint:      hint,
	}
}

// stopLabelList is the expected list of the labels known of a shape of
// knownStop: the shared list of the shapes that have one, else a new one.
func stopLabelList(known string) []string {
	switch known {
	case fragmentStop:
		return fragmentStopLabels[:]
	case pathStop:
		return pathStopLabels[:]
	case hostStop:
		return hostStopLabels[:]
	case emptyHostStop:
		return emptyHostStopLabels[:]
	case portStop:
		return portStopLabels[:]
	}
	exp := make([]string, len(known))
	for i := range len(known) {
		exp[i] = genLabels[known[i]]
	}
	return exp
}

// The labels of the shapes of knownStop, spelt out, which their errors
// share: pathStop's, a path's and a query's; fragmentStop's; hostStop's,
// after a host name; emptyHostStop's, where a host starts; portStop's.
var (
	pathStopLabels      = [...]string{"pchar", `"/"`, `"?"`, `"#"`, "end of input"}
	fragmentStopLabels  = [...]string{"pchar", `"/"`, `"?"`, "end of input"}
	hostStopLabels      = [...]string{"unreserved", "pct-encoded", "sub-delims", `":"`, `"@"`, `"/"`, `"?"`, `"#"`, "end of input"}
	emptyHostStopLabels = [...]string{"unreserved", "pct-encoded", "sub-delims", `":"`, `"@"`, "IP-literal", "IPv4address", `"/"`, `"?"`, `"#"`, "end of input"}
	portStopLabels      = [...]string{"DIGIT", `"/"`, `"?"`, `"#"`, "end of input"}
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
