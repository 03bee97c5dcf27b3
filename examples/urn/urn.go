// Package urn parses Uniform Resource Names by RFC 8141, with the grammar of
// its §2 compiled from the ABNF as the RFC prints it (urn.abnf, by package
// combinator/abnf, with RFC 3986's pchar and fragment), and compares them by
// the URN equivalence rules of RFC 8141 §3.1.
//
//	u, err := urn.Parse("urn:example:a123,z456?+abc?=xyz#789")
//	// u.NID == "example", u.NSS == "a123,z456", u.RComponent == "abc", ...
//	same, err := urn.Equivalent("URN:EXAMPLE:a123%2cz456", "urn:example:a123%2Cz456") // true
//
// The rules are exported, so that a namespace's own grammar can be written
// over NSS, or a URN embedded in a larger grammar (abnf.Import).
package urn

import (
	_ "embed"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
)

//go:embed urn.abnf
var grammarText string

// grammar is RFC 8141 §2's ABNF, compiled from urn.abnf as the RFC prints it.
var grammar = func() *abnf.Grammar {
	g, err := abnf.ParseWith(grammarText, abnf.RFC3986())
	if err != nil {
		panic("urn: urn.abnf: " + err.Error())
	}
	return g
}()

// Alphanum matches one letter or digit (RFC 8141 §2):
//
//	alphanum = ALPHA / DIGIT
var Alphanum = grammar.MustRule("alphanum")

// NID matches a namespace identifier (RFC 8141 §2), 2 to 32 characters that
// start and end with a letter or digit:
//
//	NID = (alphanum) 0*30(ldh) (alphanum)
//	ldh = alphanum / "-"
var NID = grammar.MustRule("NID")

// NSS matches a namespace specific string (RFC 8141 §2):
//
//	NSS = pchar *(pchar / "/")
var NSS = grammar.MustRule("NSS")

// AssignedName matches a URN without its components (RFC 8141 §2); "urn" is
// case-insensitive, as every quoted string of ABNF is:
//
//	assigned-name = "urn" ":" NID ":" NSS
var AssignedName = grammar.MustRule("assigned-name")

// RComponent matches the r-component, resolution parameters (RFC 8141 §2):
//
//	r-component = pchar *( pchar / "/" / "?" )
var RComponent = grammar.MustRule("r-component")

// QComponent matches the q-component, query parameters for the resource or
// its namespace (RFC 8141 §2):
//
//	q-component = pchar *( pchar / "/" / "?" )
var QComponent = grammar.MustRule("q-component")

// FComponent matches the f-component, as the fragment of RFC 3986 (RFC 8141 §2):
//
//	f-component = fragment
var FComponent = grammar.MustRule("f-component")

// RQComponents matches the r- and q-components (RFC 8141 §2):
//
//	rq-components = [ "?+" r-component ] [ "?=" q-component ]
var RQComponents = grammar.MustRule("rq-components")

// NameString matches a whole URN (RFC 8141 §2):
//
//	namestring = assigned-name [ rq-components ] [ "#" f-component ]
var NameString = grammar.MustRule("namestring")

// URN is a parsed URN. Its parts are as written, still percent-encoded.
type URN struct {
	NID         string // the namespace identifier, as written (compare it case-insensitively)
	NSS         string // the namespace specific string
	RComponent  string // after "?+", or "" when there is none (it cannot be empty)
	QComponent  string // after "?=", or "" when there is none (it cannot be empty)
	FComponent  string // after "#", possibly empty; see HasFragment
	HasFragment bool   // whether there is a "#": the f-component may be empty
	prefix      string // "urn" as written
}

// ParseError is the error of Parse: where s stops being a URN and what the
// grammar expected there. It wraps the *combinator.SyntaxError.
type ParseError struct {
	Input  string
	Offset int
	Err    *c.SyntaxError
}

// Error returns a message such as
//
//	urn: invalid character ':' at offset 5 in namestring: expected ldh or alphanum
func (e *ParseError) Error() string {
	in := e.Err.In
	if in == "" {
		in = e.Err.Rule
	}
	return "urn: " + e.Err.Found() + " at offset " + itoa(e.Offset) + " in " + in +
		": expected " + c.JoinExpected(e.Err.Expected)
}

// Unwrap returns the *combinator.SyntaxError.
func (e *ParseError) Unwrap() error { return e.Err }

// Parse parses s as a URN (RFC 8141 §2, namestring). Once s matches, its
// parts are the longest matches of the grammar's own rules, in order: no
// rule of a part matches the character that ends it (":" after the NID;
// "?" or "#" after the NSS; "#" after the components).
//
// The ABNF lets an r-component hold "?=", which would then start no
// q-component: "?+r?=q" is an r-component "r?=q" as well as "r" and a
// q-component "q". Parse reads the second way, as RFC 8141 §2.3 describes
// the components, each introduced by its own "?+" or "?=": an r-component
// ends at its first "?=" that leaves an r-component before it and a
// q-component after it.
func Parse(s string) (URN, error) {
	if !NameString.Match(s) {
		se := NameString.Explain(s)
		return URN{}, &ParseError{Input: s, Offset: se.Offset, Err: se}
	}
	// Rule.Tree would give the same parts, at the cost of a derivation
	// search over the whole input; the longest matches are one pass.
	u := URN{prefix: s[:3]}
	i := len("urn:")
	e := NID.MatchAt(s, i)
	u.NID, i = s[i:e], e+1
	e = NSS.MatchAt(s, i)
	u.NSS, i = s[i:e], e
	if strings.HasPrefix(s[i:], "?+") {
		e = RComponent.MatchAt(s, i+2)
		u.RComponent, i = s[i+2:e], e
	}
	if strings.HasPrefix(s[i:], "?=") {
		e = QComponent.MatchAt(s, i+2)
		u.QComponent, i = s[i+2:e], e
	} else {
		u.RComponent, u.QComponent = splitRQ(u.RComponent)
	}
	if i < len(s) {
		u.FComponent, u.HasFragment = s[i+1:], true
	}
	return u, nil
}

// splitRQ splits the text of an r-component at its first "?=" that leaves
// an r-component before it and a q-component after it, if any.
func splitRQ(r string) (string, string) {
	for i := 0; ; {
		k := strings.Index(r[i:], "?=")
		if k < 0 {
			return r, ""
		}
		i += k
		if RComponent.Match(r[:i]) && QComponent.Match(r[i+2:]) {
			return r[:i], r[i+2:]
		}
		i++
	}
}

// String returns the URN as text: "urn:" NID ":" NSS and the components that
// are present. It is the text Parse was given, but for the case of "urn",
// which is kept when u was parsed and written "urn" otherwise.
func (u URN) String() string {
	p := u.prefix
	if p == "" {
		p = "urn"
	}
	s := p + ":" + u.NID + ":" + u.NSS
	if u.RComponent != "" {
		s += "?+" + u.RComponent
	}
	if u.QComponent != "" {
		s += "?=" + u.QComponent
	}
	if u.HasFragment {
		s += "#" + u.FComponent
	}
	return s
}

// Canonical returns the assigned name in the form the equivalence rules of
// RFC 8141 §3.1 compare: "urn:", the NID in lower case, ":", and the NSS with
// the hexadecimal digits of its percent-encoded triplets in upper case. The
// r-, q- and f-components are left out; nothing is decoded.
func (u URN) Canonical() string {
	var b strings.Builder
	b.WriteString("urn:")
	b.WriteString(strings.ToLower(u.NID))
	b.WriteByte(':')
	for i := 0; i < len(u.NSS); i++ {
		ch := u.NSS[i]
		if ch == '%' && i+2 < len(u.NSS) {
			b.WriteByte('%')
			b.WriteString(strings.ToUpper(u.NSS[i+1 : i+3]))
			i += 2
			continue
		}
		b.WriteByte(ch)
	}
	return b.String()
}

// Equivalent reports whether u and v are URN-equivalent (RFC 8141 §3.1):
// their Canonical forms are equal.
func (u URN) Equivalent(v URN) bool { return u.Canonical() == v.Canonical() }

// Equivalent parses a and b as URNs and reports whether they are equivalent
// by RFC 8141 §3.1: "urn" and the NID compare case-insensitively, the hex
// digits of percent-encodings compare case-insensitively, the rest of the NSS
// compares octet by octet, and the r-, q- and f-components are ignored.
// A namespace may define more equivalences; this function knows none.
func Equivalent(a, b string) (bool, error) {
	u, err := Parse(a)
	if err != nil {
		return false, err
	}
	v, err := Parse(b)
	if err != nil {
		return false, err
	}
	return u.Equivalent(v), nil
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
