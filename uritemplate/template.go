package uritemplate

import (
	"strconv"
	"strings"
	"sync"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

// Template is a parsed URI Template (RFC 6570). It is immutable and safe for
// concurrent use.
//
// A Template holds its text and nothing a byte of it: Expand and Varnames
// read the parts of the text as they go, so that parsing a template costs
// no more memory than its text, however many expressions it holds. Match
// prepares the parts it needs once, on its first call.
type Template struct {
	raw   string
	nvars int // variables in all expressions: Expand's guess of its length

	matchOnce sync.Once
	match     *matchPrep // Match's parts, made on its first call
}

// matchPrep is what Match needs of a template: its parts, with each one's
// stop set (the bytes that can start the expansion of the parts after it),
// and why Match does not support the template, "" when it does.
type matchPrep struct {
	parts []part
	stops []c.CharSet
	err   string
}

// part is a literal run or an expression of a template.
type part struct {
	lit  string // a literal run, already expanded (§3.1); "" for an expression
	op   *operator
	vars []varspec
	off  int // byte offset of the part in the template
}

// varspec is one variable of an expression.
type varspec struct {
	name    string
	prefix  int // max-length of a prefix modifier; 0 when there is none
	explode bool
	off     int // byte offset of the varname in the template
}

// operator is a column of the table of RFC 6570 Appendix A.
type operator struct {
	char     byte   // the operator, 0 for simple string expansion
	first    string // appended first when a variable is defined
	sep      string // appended between defined variables
	named    bool   // name=value pairs
	ifemp    string // appended to a name whose value is empty
	reserved bool   // allow: U+R (true) or U (false)
}

var (
	opSimple   = &operator{first: "", sep: ","}
	opReserved = &operator{char: '+', first: "", sep: ",", reserved: true}
	opFragment = &operator{char: '#', first: "#", sep: ",", reserved: true}
	opLabel    = &operator{char: '.', first: ".", sep: "."}
	opPath     = &operator{char: '/', first: "/", sep: "/"}
	opParam    = &operator{char: ';', first: ";", sep: ";", named: true}
	opQuery    = &operator{char: '?', first: "?", sep: "&", named: true, ifemp: "="}
	opCont     = &operator{char: '&', first: "&", sep: "&", named: true, ifemp: "="}
)

func operatorOf(b byte) *operator {
	switch b {
	case '+':
		return opReserved
	case '#':
		return opFragment
	case '.':
		return opLabel
	case '/':
		return opPath
	case ';':
		return opParam
	case '?':
		return opQuery
	case '&':
		return opCont
	}
	return nil
}

// Parse parses s as a URI Template: the grammar of RFC 6570 §2 at Level 4,
// URITemplate, less the operators that §2.2 reserves for future extensions
// ("=", ",", "!", "@" and "|"). An invalid template is a *ParseError with the
// byte offset where it stops being one, what was expected there and, for a
// common mistake (an unclosed "{", a space in a varname, a reserved
// operator, a prefix out of range, …), a hint.
func Parse(s string) (*Template, error) {
	if !URITemplate.Match(s) {
		return nil, newParseError(s)
	}
	t := &Template{raw: s}
	for i := 0; i < len(s); {
		k := strings.IndexByte(s[i:], '{')
		if k < 0 {
			break
		}
		i += k
		end := i + strings.IndexByte(s[i:], '}') // the grammar matched: there is one
		if b := s[i+1]; isReserved(b) {
			return nil, &ParseError{Input: s, Offset: i + 1, In: "expression",
				Expected: []string{"op-level2", "op-level3", "varname"},
				Hint:     "operator " + strconv.Quote(string(b)) + " is reserved for future extensions (RFC 6570 §2.2)"}
		}
		t.nvars += 1 + strings.Count(s[i:end], ",")
		i = end + 1
	}
	return t, nil
}

// nextPart reads the part of the valid template s that starts at offset i
// and returns it with the offset after it. A literal's lit is its text as
// written, not yet expanded (see encodeReserved); an expression's vars are
// appended to buf[:0], so that a caller that reads the parts in turn reuses
// one buffer.
func nextPart(s string, i int, buf []varspec) (part, int) {
	if s[i] != '{' {
		j := strings.IndexByte(s[i:], '{')
		if j < 0 {
			j = len(s) - i
		}
		return part{lit: s[i : i+j], off: i}, i + j
	}
	end := i + strings.IndexByte(s[i:], '}') // the grammar matched: there is one
	p := part{op: opSimple, off: i}
	j := i + 1
	if op := operatorOf(s[j]); op != nil {
		p.op = op
		j++
	}
	vars := buf[:0]
	for {
		specEnd := end
		if k := strings.IndexByte(s[j:end], ','); k >= 0 {
			specEnd = j + k
		}
		spec := s[j:specEnd]
		v := varspec{off: j}
		switch {
		case strings.HasSuffix(spec, "*"):
			v.explode, v.name = true, spec[:len(spec)-1]
		case strings.IndexByte(spec, ':') >= 0:
			k := strings.IndexByte(spec, ':')
			v.name = spec[:k]
			for _, d := range spec[k+1:] {
				v.prefix = v.prefix*10 + int(d-'0')
			}
		default:
			v.name = spec
		}
		vars = append(vars, v)
		if specEnd == end {
			break
		}
		j = specEnd + 1
	}
	p.vars = vars
	return p, end + 1
}

// prepared returns what Match needs of t, made on the first call: the
// parts, each with its own vars and its literal expanded, their stop sets,
// and matchable's verdict. Its cost is in proportion to the template.
func (t *Template) prepared() *matchPrep {
	t.matchOnce.Do(func() {
		m := &matchPrep{}
		for i := 0; i < len(t.raw); {
			p, next := nextPart(t.raw, i, nil)
			if p.op == nil {
				p.lit = encodeReserved(p.lit)
			}
			m.parts = append(m.parts, p)
			i = next
		}
		// stops[k] holds the bytes that can start the expansion of parts[k+1:]
		// when it is not empty, made from the right in one pass.
		m.stops = make([]c.CharSet, len(m.parts))
		for k := len(m.parts) - 2; k >= 0; k-- {
			switch q := &m.parts[k+1]; {
			case q.op == nil:
				m.stops[k] = c.Chars(q.lit[:1])
			case q.op.first == "":
				// not matchable (two expressions side by side): empty
			default:
				m.stops[k] = c.Chars(q.op.first).Union(m.stops[k+1])
			}
		}
		m.err = m.matchable()
		t.match = m
	})
	return t.match
}

// MustParse is Parse for templates known to be valid, such as constants: it
// panics if s is not a URI Template.
func MustParse(s string) *Template {
	t, err := Parse(s)
	if err != nil {
		panic("uritemplate.MustParse: " + err.Error())
	}
	return t
}

// String returns the template text, as given to Parse.
func (t *Template) String() string { return t.raw }

// Varnames returns the names of the template's variables, each once, in the
// order of their first appearance. The names are as written in the template:
// a pct-encoded triplet in a varname is part of it (§2.3).
func (t *Template) Varnames() []string {
	var names []string
	seen := map[string]bool{}
	var buf []varspec
	for i := 0; i < len(t.raw); {
		p, next := nextPart(t.raw, i, buf)
		buf = p.vars
		for _, v := range p.vars {
			if !seen[v.name] {
				seen[v.name] = true
				names = append(names, v.name)
			}
		}
		i = next
	}
	return names
}

// ExpandURI expands the template and parses the result as a URI-reference
// (RFC 3986 §4.1). A template's expansion is not always one (RFC 6570 §3:
// the expression "{+x}" expands to whatever x holds, and a literal may be
// anything): when it is not, the error is the *uri.ParseError of the
// expansion.
func (t *Template) ExpandURI(vars map[string]any) (uri.URI, error) {
	s, err := t.Expand(vars)
	if err != nil {
		return uri.URI{}, err
	}
	return uri.ParseReference(s)
}

// urSet is what reserved and fragment expansion allow as they stand:
// unreserved / reserved (RFC 6570 §3.2.1; pct-encoded triplets pass too).
var urSet = c.UnreservedSet.Union(c.ReservedSet)

// encodeReserved returns s with every byte outside unreserved / reserved
// pct-encoded, except the "%" of a pct-encoded triplet, which passes with
// its triplet: the expansion of a literal (§3.1) and of a value under the
// "+" and "#" operators (§3.2.3, §3.2.4). It encodes through uri.Encode.
func encodeReserved(s string) string {
	plain := true
	for i := 0; i < len(s) && plain; i++ {
		plain = urSet.Contains(s[i]) || isTriplet(s, i)
	}
	if plain {
		return s
	}
	if !strings.Contains(s, "%") {
		return uri.Encode(s, urSet)
	}
	var b strings.Builder
	appendReserved(&b, s)
	return b.String()
}

// appendReserved appends encodeReserved(s) to b.
func appendReserved(b *strings.Builder, s string) {
	for {
		i := strings.IndexByte(s, '%')
		for i >= 0 && !isTriplet(s, i) {
			k := strings.IndexByte(s[i+1:], '%')
			if k < 0 {
				i = -1
				break
			}
			i += 1 + k
		}
		if i < 0 {
			b.WriteString(uri.Encode(s, urSet))
			return
		}
		b.WriteString(uri.Encode(s[:i], urSet))
		b.WriteString(s[i : i+3])
		s = s[i+3:]
	}
}

// isTriplet reports whether s[i:] starts with a pct-encoded triplet.
func isTriplet(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2])
}

func isHex(b byte) bool { return c.HexDigSet.Contains(b) }
