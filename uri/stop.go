package uri

import "strings"

// This file is the fast path of a rejection: what the diagnosis finds,
// known without running it. The generated stops (stopURI, ... in
// zz_parse_gen.go, from internal/urigrammar's Spec) read the input with an
// automaton of the grammar until a byte that no position of the grammar
// takes there, and tell the offset and the labels the diagnosis finds
// (shared lists), or a rule whose diagnosis alone is the diagnosis (an IP
// literal), or that nothing is known; newParseError takes them first,
// and stopHint the hint of such a byte. stop_test.go compares ParseError
// with the diagnosis, componentAt and hintFor on every shape of input.
// BenchmarkParseInvalid runs the rejections of the corpus with the stops
// (uri.ParseReference) and without (uri.plainDiagnosis), beside net/url.

// stopOf returns what the generated stops of rule find in s, which rule
// does not match as a whole, where its fast match set the captures sp:
// the offset of the diagnosis and its labels, or the offset and the
// number of a rule alone (genHaltExplain), or neither.
func stopOf(s string, rule topRule, sp *[nslots]span) (off int, labels []string, alone int) {
	switch rule {
	case ruleURI:
		return stopURI(s, sp)
	case ruleAbsoluteURI:
		return stopAbsoluteURI(s, sp)
	case ruleRelativeRef:
		return stopRelativeRef(s, sp)
	}
	return stopURIReference(s, sp)
}

// stopComponent is componentAt(s, off, rule), read from the captures sp of
// the fast match of rule, which stopped at prefix, where that is off: the
// component that goes on there is the last the match set (the fragment,
// the query, a path that is not empty, else the authority's port or host,
// else the empty path), and in the authority, the userinfo when an "@"
// follows before its end and the text before off holds only userinfo
// bytes, as Appendix B reads it (authorityPart).
func stopComponent(s string, off int, rule topRule, prefix int, sp *[nslots]span) string {
	switch {
	case off != prefix:
		return componentAt(s, off, rule)
	case sp[slotFragment].lo > 0:
		return "fragment"
	case sp[slotQuery].lo > 0:
		return "query"
	case sp[slotPath].lo > 0 && sp[slotPath].hi >= sp[slotPath].lo:
		return "path"
	case sp[slotAuthority].lo == 0:
		return "path"
	}
	comp := "host"
	if sp[slotPort].lo > 0 {
		comp = "port"
	}
	if sp[slotUserInfo].lo == 0 && s[sp[slotHost].lo-1:][:1] != "[" {
		if i := strings.IndexByte(s[off:], '@'); i >= 0 && indexStop(s[off:off+i], clsAuthorityStop) < 0 {
			return "userinfo"
		}
	}
	return comp
}

// knownError is the ParseError of s as rule at off, where the stops found
// the labels and the component comp, with the hint stopHint found: one
// allocation, as its Expected is the stops' list, shared (TestHostStop
// compares the lists with the diagnosis's).
func knownError(s string, rule topRule, off int, labels []string, comp, hint string) *ParseError {
	return &ParseError{
		Input:     s,
		Offset:    off,
		Rule:      rule.Name(),
		Component: comp,
		Expected:  labels,
		Hint:      hint,
	}
}

// stopHint is the hint of the byte at offset k of s where the stops found
// the labels of the diagnosis at k, where the fast match stopped, when it
// is a constant of internal/hint (hint.Fixed); else "", and hint.Of finds
// it. hint.Of would come to the same constant: the byte is one that no
// position of the grammar takes there, and s[:k] matched, so that no "%"
// lacks its digits before k (its percent hint), s begins with what rule
// begins with (no leading white space, no quotation marks or angle
// brackets around s; a URI its scheme), and a "[" or "]" there is no IP
// literal's. Trailing white space has a hint of its own, a Windows path
// ("C:\\dir", whose "C:" matched as a scheme) too, and a control character
// or a byte outside ASCII one that quotes it. checkStop compares it with
// hintFor.
func stopHint(s string, k int, rule topRule, comp string) string {
	if s[k] == '{' { // the most common: an unexpanded URI template
		return openBraceHint
	}
	if k == 0 || k == 2 && s[1] == ':' && s[2] == '\\' {
		return ""
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
