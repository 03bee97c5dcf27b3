package uri

import (
	"errors"

	c "github.com/seed42851778/rfc3986/combinator"
)

// ParseError is the error of every Parse function: where the text stops being
// a URI reference and what the grammar expected there. Reach it with
// errors.As.
type ParseError struct {
	Input     string   // the text, as given
	Offset    int      // byte offset of the first byte that cannot be part of the rule (len(Input) at its end)
	Rule      string   // the top rule: "URI", "URI-reference", "absolute-URI" or "relative-ref"
	Component string   // the component Offset falls in: "scheme", "userinfo", "host", "port", "path", "query" or "fragment"
	Expected  []string // what the grammar could have matched at Offset: rule names and terminals
}

// Error returns a message such as
//
//	uri: invalid character ' ' at offset 8 in path: expected pchar, "/", "?", "#" or end of input
func (e *ParseError) Error() string {
	return "uri: " + c.DescribeAt(e.Input, e.Offset) + " at offset " + itoa(e.Offset) +
		" in " + e.Component + ": expected " + c.JoinExpected(e.Expected)
}

// ErrInvalid is matched by every *ParseError under errors.Is, for callers that
// only need to know that the text was not a URI.
var ErrInvalid = errors.New("uri: invalid URI reference")

// Is reports whether target is ErrInvalid.
func (e *ParseError) Is(target error) bool { return target == ErrInvalid }

// newParseError explains why s does not match rule with its generated
// diagnosis; prefix, the end of the prefix of s that rule matches (or -1), is
// a lower bound of where it fails.
func newParseError(s string, rule *c.Rule, prefix int) *ParseError {
	// One allocation for the error and, most often, what it expected.
	e := new(struct {
		ParseError
		buf [12]string
	})
	off, exp := explain(rule, s, prefix, e.buf[:0])
	if off < 0 { // cannot happen: the fast match failed
		off, exp = 0, append(exp, rule.Name())
	}
	e.ParseError = ParseError{
		Input:     s,
		Offset:    off,
		Rule:      rule.Name(),
		Component: componentAt(s, off),
		Expected:  exp[:len(exp):len(exp)],
	}
	return &e.ParseError
}

// componentAt names the component that offset off of s falls in, by the
// generic split of RFC 3986 Appendix B (which reads any string as components):
// the scheme up to the first ":" before any "/", "?" or "#"; after "//", the
// authority up to the next "/", "?" or "#"; the path up to "?" or "#"; the
// query up to "#"; the fragment. An offset at the end of a component belongs
// to the one that would go on there.
func componentAt(s string, off int) string {
	i := 0
	// scheme
	for j := 0; j < len(s); j++ {
		if b := s[j]; b == ':' {
			if j > 0 && off < j+1 {
				return "scheme"
			}
			if j > 0 {
				i = j + 1
			}
			break
		} else if b == '/' || b == '?' || b == '#' {
			break
		}
	}
	if off < i {
		return "scheme"
	}
	// authority
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		start := i + 2
		end := start
		for end < len(s) && s[end] != '/' && s[end] != '?' && s[end] != '#' {
			end++
		}
		if off <= end {
			if off < start {
				return "authority"
			}
			return authorityPart(s[start:end], off-start)
		}
		i = end
	}
	// path, query, fragment
	comp := "path"
	for j := i; j < len(s) && j < off; j++ {
		switch s[j] {
		case '?':
			if comp == "path" {
				comp = "query"
			}
		case '#':
			return "fragment"
		}
	}
	return comp
}

// authorityPart names the subcomponent of authority a that offset off falls in.
func authorityPart(a string, off int) string {
	host := 0
	for j := 0; j < len(a); j++ {
		if a[j] == '@' {
			if off <= j {
				return "userinfo"
			}
			host = j + 1
			break
		}
	}
	port := len(a)
	from := host
	if from < len(a) && a[from] == '[' { // an IP literal: the port comes after "]"
		from = len(a)
		for j := host; j < len(a); j++ {
			if a[j] == ']' {
				from = j
				break
			}
		}
	}
	for j := len(a) - 1; j >= from; j-- {
		if a[j] == ':' {
			port = j
			break
		}
	}
	if off > port {
		return "port"
	}
	return "host"
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
