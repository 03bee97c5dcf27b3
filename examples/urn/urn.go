// Package urn parses Uniform Resource Names by RFC 8141 with a grammar built
// from the exported RFC 3986 rules of the combinator package, and compares
// them by the URN equivalence rules of RFC 8141 §3.1.
//
//	u, err := urn.Parse("urn:example:a123,z456?+abc?=xyz#789")
//	// u.NID == "example", u.NSS == "a123,z456", u.RComponent == "abc", ...
//	same, err := urn.Equivalent("URN:EXAMPLE:a123%2cz456", "urn:example:a123%2Cz456") // true
//
// The rules are exported, so that a namespace's own grammar can be written
// over NSS, or a URN embedded in a larger grammar.
package urn

import (
	"errors"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
)

// Alphanum matches one letter or digit (RFC 8141 §2):
//
//	alphanum = ALPHA / DIGIT
var Alphanum = c.Named("alphanum", c.Alt(c.ALPHA, c.DIGIT))

// ldh is alphanum / "-" (RFC 8141 §2).
var ldh = c.Named("ldh", c.Alt(Alphanum, c.Lit("-")))

// NID matches a namespace identifier (RFC 8141 §2), 2 to 32 characters that
// start and end with a letter or digit:
//
//	NID = (alphanum) 0*30(ldh) (alphanum)
//
// As a PEG, the middle repetition would take the last alphanum too; it takes
// an ldh only when another one follows, which is the same language.
var NID = c.Named("NID", c.Seq(Alphanum, c.Rep(0, 30, c.Seq(ldh, c.Peek(ldh))), Alphanum))

// NSS matches a namespace specific string (RFC 8141 §2):
//
//	NSS = pchar *(pchar / "/")
var NSS = c.Named("NSS", c.Seq(c.PChar, c.Star(c.Alt(c.PChar, c.Lit("/")))))

// AssignedName matches a URN without its components (RFC 8141 §2); "urn" is
// case-insensitive:
//
//	assigned-name = "urn" ":" NID ":" NSS
var AssignedName = c.Named("assigned-name", c.Seq(c.LitFold("urn"), c.Lit(":"),
	NID, c.Lit(":"), NSS))

// RComponent matches the r-component, resolution parameters (RFC 8141 §2):
//
//	r-component = pchar *( pchar / "/" / "?" )
//
// As a PEG it stops before "?=", which starts the q-component (§2.3.1).
var RComponent = c.Named("r-component", c.Seq(c.PChar, c.Star(c.Seq(c.Not(c.Lit("?=")), c.Alt(c.PChar, c.Lit("/"), c.Lit("?"))))))

// QComponent matches the q-component, query parameters for the resource or
// its namespace (RFC 8141 §2):
//
//	q-component = pchar *( pchar / "/" / "?" )
var QComponent = c.Named("q-component", c.Seq(c.PChar, c.Star(c.Alt(c.PChar, c.Lit("/"), c.Lit("?")))))

// FComponent matches the f-component, as the fragment of RFC 3986 (RFC 8141 §2):
//
//	f-component = fragment
var FComponent = c.Named("f-component", c.Fragment)

// RQComponents matches the r- and q-components (RFC 8141 §2):
//
//	rq-components = [ "?+" r-component ] [ "?=" q-component ]
var RQComponents = c.Named("rq-components", c.Seq(
	c.Opt(c.Seq(c.Lit("?+"), RComponent)),
	c.Opt(c.Seq(c.Lit("?="), QComponent))))

// NameString matches a whole URN (RFC 8141 §2):
//
//	namestring = assigned-name [ rq-components ] [ "#" f-component ]
var NameString = c.Named("namestring", c.Seq(AssignedName, RQComponents,
	c.Opt(c.Seq(c.Lit("#"), FComponent))))

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
//	urn: invalid character ':' at offset 5 in NID: expected alphanum
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

// Parse parses s as a URN (RFC 8141 §2, namestring). Its parts are the
// named rules of the grammar's tree (combinator's Rule.Tree).
func Parse(s string) (URN, error) {
	n, err := NameString.Tree(s, "NID", "NSS", "r-component", "q-component", "f-component")
	if err != nil {
		var se *c.SyntaxError
		errors.As(err, &se)
		return URN{}, &ParseError{Input: s, Offset: se.Offset, Err: se}
	}
	u := URN{prefix: s[:3]}
	for _, part := range n.Children {
		switch part.Name {
		case "NID":
			u.NID = part.Text
		case "NSS":
			u.NSS = part.Text
		case "r-component":
			u.RComponent = part.Text
		case "q-component":
			u.QComponent = part.Text
		case "f-component":
			u.FComponent, u.HasFragment = part.Text, true
		}
	}
	return u, nil
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
