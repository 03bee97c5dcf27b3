// Package idnahost is the one IDNA profile of the module: the UTS #46
// lookup profile of golang.org/x/net/idna (the mapping for lookup, STD3
// rules, the Bidi rule, nontransitional processing, so "ß" stays "ß",
// punycoded, as browsers look names up), with the DNS length checks of
// UTS #46 VerifyDnsLength on the ASCII form it produces: a label of 1 to 63
// bytes, a name of 1 to 253 (a final root dot not counted). uri's
// ParseRepaired, builder's Host and iri's ToASCII and ToIRI use it, so the
// three agree on every name.
//
// One final dot is the root label of RFC 1035 and is not counted: a fully
// qualified name such as "bücher.de." stays valid, as RFC 1035 §2.3.4 and
// the WPT verifydnslength tests have it. Since Unicode 16, UTS #46's own
// conformance data (IdnaTestV2) marks such a name A4_2; this package keeps
// the root dot, on purpose. x/net's own VerifyDNSLength option is not
// used: it refuses the root dot, and its error quotes a name of any length
// without saying which label is at fault. Where x/net decodes an A-label
// "xn--" to nothing and drops it, ToASCII refuses the emptied label.
//
// x/net/idna reads Go's Unicode tables (15.0 for Go 1.26), while package
// weburl runs UTS #46 on Unicode 17.0 data of its own. Of what UTS #46
// changed since 15.0, this package takes the one change that alters a
// name typed in a Latin script: since UTS #46 15.1, U+1E9E LATIN CAPITAL
// LETTER SHARP S maps to "ß" (U+00DF), not "ss", so "ẞ.de" is "xn--zca.de"
// here as in weburl and browsers. The code points Unicode 16.0 and 17.0
// added, and the few whose status or Bidi class they changed, are read as
// Unicode 15.0 has them (the new ones refused).
package idnahost

import (
	"strconv"
	"strings"

	"github.com/seed42851778/rfc3986/internal/errtext"
	"golang.org/x/net/idna"
)

// Max sizes of UTS #46 VerifyDnsLength (RFC 1035 §2.3.4), in bytes of the
// ASCII form.
const (
	MaxLabel = 63
	MaxName  = 253
)

// Profile converts host names with the module's IDNA profile. Its zero value
// is not usable: make one with New.
type Profile struct{ p *idna.Profile }

// New returns the profile. A package keeps it in a variable only when it
// uses IDNA anyway: a variable's initializer links IDNA's code and tables
// into every program that imports the package, where a call made inside a
// function (ToASCII) links them only into programs that can reach the call.
func New() Profile {
	return Profile{idna.New(idna.MapForLookup(), idna.Transitional(false), idna.BidiRule())}
}

// ToASCII converts name to its ASCII form, A-labels for the labels outside
// ASCII, and refuses it when IDNA does or when the result breaks a DNS
// length limit (a *LengthError).
func (p Profile) ToASCII(name string) (string, error) {
	a, err := p.p.ToASCII(sharpS(name))
	if err != nil {
		return a, err
	}
	if err := VerifyDNSLength(a); err != nil {
		return a, err
	}
	dots, rootDot := labelDots(name)
	if n := strings.Count(a, "."); n != dots || strings.HasSuffix(a, ".") != rootDot {
		// x/net decodes an A-label "xn--" to nothing and writes the name
		// without it: "ü.xn--" became "xn--tda.", a root dot where a
		// label stood. A label empty in its Unicode form breaks the DNS
		// lengths (UTS #46 marks it A4_2).
		return a, &LengthError{Name: a, Label: n + 1, Offset: len(a)}
	}
	return a, nil
}

// labelDots counts the label separators of name as the UTS #46 mapping
// reads them ("." and the full stops it maps to ".": U+3002 IDEOGRAPHIC
// FULL STOP, U+FF0E FULLWIDTH FULL STOP, U+FF61 HALFWIDTH IDEOGRAPHIC FULL
// STOP) and reports whether one ends it.
func labelDots(name string) (n int, last bool) {
	for _, r := range name {
		last = r == '.' || r == 0x3002 || r == 0xFF0E || r == 0xFF61
		if last {
			n++
		}
	}
	return n, last
}

// ToUnicode converts the A-labels of name to U-labels, as IDNA's lookup
// profile does; it checks no length, as a name shown is not looked up.
func (p Profile) ToUnicode(name string) (string, error) { return p.p.ToUnicode(sharpS(name)) }

// sharpS maps U+1E9E LATIN CAPITAL LETTER SHARP S to U+00DF, as UTS #46
// does since version 15.1 (before it, and in x/net/idna's Unicode 15.0
// table, it maps to "ss"). Nontransitional processing keeps U+00DF, and no
// other code point maps to U+1E9E or composes with it, so mapping it first
// changes nothing else.
func sharpS(name string) string {
	if !strings.Contains(name, "\u1e9e") {
		return name
	}
	return strings.ReplaceAll(name, "\u1e9e", "\u00df")
}

// ToASCII is New().ToASCII(name): the profile is made per call so that a
// package that calls ToASCII from one function links IDNA only into
// programs that call that function.
func ToASCII(name string) (string, error) { return New().ToASCII(name) }

// VerifyDNSLength checks the ASCII name a as UTS #46 VerifyDnsLength does:
// every label holds 1 to 63 bytes and the name 1 to 253, not counting one
// final dot (the root label: "example.com." is a name of two labels). It
// returns a *LengthError naming the first label at fault, or nil.
func VerifyDNSLength(a string) error {
	// The root label and its dot are not counted; "." alone is then an
	// empty name, whose one label is empty.
	name := strings.TrimSuffix(a, ".")
	if len(name) > MaxName {
		return &LengthError{Name: a, Len: len(name)}
	}
	for k, rest := 1, name; ; k++ {
		label, after, more := strings.Cut(rest, ".")
		if l := len(label); l == 0 || l > MaxLabel {
			return &LengthError{Name: a, Label: k, Offset: len(name) - len(rest), Len: l}
		}
		if !more {
			return nil
		}
		rest = after
	}
}

// LengthError is the error of ToASCII when the ASCII form of a name breaks a
// DNS length limit.
type LengthError struct {
	Name   string // the name in its ASCII form
	Label  int    // the label at fault, counted from 1; 0 when the whole name is too long
	Offset int    // where that label starts in Name
	Len    int    // the bytes of that label (or of the name, without its root dot)
}

// Error returns a message such as
//
//	idna: label 2 is 68 bytes long in ASCII, DNS allows 63 (UTS #46 VerifyDnsLength): "xn--…"
//
// The label or name comes last, so that a message that cuts this one keeps
// the reason; it is quoted to at most 64 bytes, escaped.
func (e *LengthError) Error() string {
	const rule = " (UTS #46 VerifyDnsLength)"
	switch {
	case e.Name == "":
		return "idna: the name is empty, DNS allows 1 to " + strconv.Itoa(MaxName) + " bytes" + rule
	case e.Label == 0:
		return "idna: the name is " + strconv.Itoa(e.Len) + " bytes long in ASCII, DNS allows " +
			strconv.Itoa(MaxName) + rule + ": " + errtext.Quote(e.Name, 0)
	case e.Len == 0:
		return "idna: label " + strconv.Itoa(e.Label) + " is empty, DNS allows 1 to " + strconv.Itoa(MaxLabel) +
			" bytes" + rule + ": " + errtext.Quote(e.Name, e.Offset)
	}
	label := e.Name
	if e.Offset >= 0 && e.Offset+e.Len <= len(e.Name) {
		label = e.Name[e.Offset : e.Offset+e.Len]
	}
	return "idna: label " + strconv.Itoa(e.Label) + " is " + strconv.Itoa(e.Len) + " bytes long in ASCII, DNS allows " +
		strconv.Itoa(MaxLabel) + rule + ": " + errtext.Quote(label, 0)
}
