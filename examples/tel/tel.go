// Package tel parses "tel" URIs by RFC 3966 with a grammar built from the
// exported rules of the combinator package, and reads the parts from the
// tree of the named rules that matched (combinator's Rule.Tree): no part is
// split by hand.
//
//	t, err := tel.Parse("tel:863-1234;phone-context=+1-914-555")
//	// t.Number == "863-1234", t.Context == "+1-914-555", t.IsGlobal() == false
//
// A global number starts with "+" and needs no context; a local number must
// have a phone-context (RFC 3966 §5.1.5). A parameter appears at most once;
// isub and ext come first, then phone-context, then the other parameters in
// lexicographical order of their names (RFC 3966 §3). Parse enforces both.
//
// A tel URI is a URI: every string Parse accepts is one by RFC 3986. Where
// RFC 3966's ABNF, written over RFC 2396, allows characters that RFC 3986
// does not allow in a path, they are left out: "[" and "]" in a parameter
// value, and "?" in an ISDN subaddress; "#" of a local number is written
// "%23". A ";" in an ISDN subaddress, which the ABNF allows, would take in
// the parameters after it: it ends the subaddress.
package tel

import (
	"errors"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
)

// VisualSeparator matches a visual separator (RFC 3966 §3):
//
//	visual-separator = "-" / "." / "(" / ")"
var VisualSeparator = c.Named("visual-separator", c.Class(c.Chars("-.()")))

// PhoneDigit matches a digit or a visual separator (RFC 3966 §3):
//
//	phonedigit = DIGIT / [ visual-separator ]
//
// The empty alternative of "[ visual-separator ]" is left out: it adds
// nothing to a repetition, where phonedigit is always used.
var PhoneDigit = c.Named("phonedigit", c.Alt(c.DIGIT, VisualSeparator))

// hexChar is what local-number-digits needs at least one of: HEXDIG / "*" /
// "#", with "#" written "%23" in a URI (RFC 3986 §2.2).
var hexChar = c.Alt(c.HEXDIG, c.Lit("*"), c.Lit("%23"))

// PhoneDigitHex matches a character of a local number (RFC 3966 §3):
//
//	phonedigit-hex = HEXDIG / "*" / "#" / [ visual-separator ]
var PhoneDigitHex = c.Named("phonedigit-hex", c.Alt(hexChar, VisualSeparator))

// GlobalNumberDigits matches a global number (RFC 3966 §3):
//
//	global-number-digits = "+" *phonedigit DIGIT *phonedigit
//
// As a PEG, the first repetition would take the one DIGIT; it takes visual
// separators only, which is the same language.
var GlobalNumberDigits = c.Named("global-number-digits",
	c.Seq(c.Lit("+"), c.Star(VisualSeparator), c.DIGIT, c.Star(PhoneDigit)))

// LocalNumberDigits matches a local number (RFC 3966 §3):
//
//	local-number-digits = *phonedigit-hex ( HEXDIG / "*" / "#" ) *phonedigit-hex
var LocalNumberDigits = c.Named("local-number-digits",
	c.Seq(c.Star(VisualSeparator), hexChar, c.Star(PhoneDigitHex)))

// Alphanum matches a letter or digit (RFC 3966 §3):
//
//	alphanum = ALPHA / DIGIT
var Alphanum = c.Named("alphanum", c.Alt(c.ALPHA, c.DIGIT))

// DomainLabel matches a label of a domain name (RFC 3966 §3):
//
//	domainlabel = alphanum / alphanum *( alphanum / "-" ) alphanum
var DomainLabel = c.Named("domainlabel", c.Seq(Alphanum, c.Star(c.Seq(c.Star(c.Lit("-")), Alphanum))))

// TopLabel matches the last label of a domain name (RFC 3966 §3):
//
//	toplabel = ALPHA / ALPHA *( alphanum / "-" ) alphanum
var TopLabel = c.Named("toplabel", c.Seq(c.ALPHA, c.Star(c.Seq(c.Star(c.Lit("-")), Alphanum))))

// DomainName matches a domain name (RFC 3966 §3):
//
//	domainname = *( domainlabel "." ) toplabel [ "." ]
//
// As a PEG, the repetition takes a label and its "." only when a label
// follows, so that the last one is left to toplabel.
var DomainName = c.Named("domainname", c.Seq(
	c.Star(c.Seq(DomainLabel, c.Lit("."), c.Peek(Alphanum))), TopLabel, c.Opt(c.Lit("."))))

// Descriptor matches what a phone-context holds (RFC 3966 §3):
//
//	descriptor = domainname / global-number-digits
var Descriptor = c.Named("descriptor", c.Alt(DomainName, GlobalNumberDigits))

// Context matches the phone-context parameter (RFC 3966 §3):
//
//	context = ";phone-context=" descriptor
var Context = c.Named("context", c.Seq(c.LitFold(";phone-context="), Descriptor))

// Extension matches the ext parameter (RFC 3966 §3):
//
//	extension = ";ext=" 1*phonedigit
var Extension = c.Named("extension", c.Seq(c.LitFold(";ext="), c.Plus(PhoneDigit)))

// uricSet is uric of RFC 3966 §3 (reserved / unreserved of RFC 2396) as a
// subaddress may hold it in a URI: less ";", which would take in the
// parameters, and "?", which starts a query (RFC 3986 §3.4).
var uricSet = c.UnreservedSet.Union(c.Chars("/:@&=+$,!*'()"))

// ISDNSubaddress matches the isub parameter (RFC 3966 §3, uric as uricSet
// says):
//
//	isdn-subaddress = ";isub=" 1*uric
var ISDNSubaddress = c.Named("isdn-subaddress", c.Seq(c.LitFold(";isub="),
	c.Plus(c.Alt(c.Class(uricSet), c.PctEncoded))))

// PName matches a parameter name (RFC 3966 §3):
//
//	pname = 1*( alphanum / "-" )
var PName = c.Named("pname", c.Plus(c.Alt(Alphanum, c.Lit("-"))))

// PValue matches a parameter value (RFC 3966 §3, without "[" and "]").
// Its unreserved is RFC 2396's, whose mark holds "!", "*", "'", "(" and ")":
//
//	pvalue = 1*paramchar
//	paramchar = param-unreserved / unreserved / pct-encoded
//	param-unreserved = "[" / "]" / "/" / ":" / "&" / "+" / "$"
var PValue = c.Named("pvalue", c.Plus(c.Alt(c.Class(c.UnreservedSet.Union(c.Chars("/:&+$!*'()"))), c.PctEncoded)))

// Parameter matches a parameter other than isub, ext and phone-context,
// whose names it leaves to their own rules (RFC 3966 §3):
//
//	parameter = ";" pname [ "=" pvalue ]
var Parameter = c.Named("parameter", c.Seq(c.Lit(";"),
	otherName, PName, c.Opt(c.Seq(c.Lit("="), PValue))))

// otherName is what Parameter expects before its pname: not one of the
// names that have a rule of their own.
var otherName = c.Named("pname other than isub, ext or phone-context", c.Not(c.Seq(
	c.Alt(c.LitFold("isub"), c.LitFold("ext"), c.LitFold("phone-context")), c.Not(c.Alt(Alphanum, c.Lit("-"))))))

// Par matches a parameter of a number (RFC 3966 §3):
//
//	par = parameter / extension / isdn-subaddress
var Par = c.Named("par", c.Alt(ISDNSubaddress, Extension, Parameter))

// GlobalNumber matches a global number and its parameters (RFC 3966 §3):
//
//	global-number = global-number-digits *par
var GlobalNumber = c.Named("global-number", c.Seq(GlobalNumberDigits, c.Star(Par)))

// LocalNumber matches a local number and its parameters (RFC 3966 §3):
//
//	local-number = local-number-digits *par context *par
var LocalNumber = c.Named("local-number", c.Seq(LocalNumberDigits, c.Star(Par), Context, c.Star(Par)))

// TelephoneSubscriber matches what follows "tel:" (RFC 3966 §3):
//
//	telephone-subscriber = global-number / local-number
var TelephoneSubscriber = c.Named("telephone-subscriber", c.Alt(GlobalNumber, LocalNumber))

// TelephoneURI matches a tel URI (RFC 3966 §3); "tel:" is case-insensitive:
//
//	telephone-uri = "tel:" telephone-subscriber
var TelephoneURI = c.Named("telephone-uri", c.Seq(c.LitFold("tel:"), TelephoneSubscriber))

// Param is a parameter other than isub, ext and phone-context, as written.
type Param struct {
	Name     string // compare it case-insensitively (RFC 3966 §4)
	Value    string // still percent-encoded
	HasValue bool   // whether there is an "="
}

// Tel is a parsed tel URI. Its parts are as written: visual separators and
// percent-encodings are kept.
type Tel struct {
	Number  string  // global-number-digits ("+" first) or local-number-digits
	ISub    string  // the ISDN subaddress, "" when there is none (it cannot be empty)
	Ext     string  // the extension, "" when there is none (it cannot be empty)
	Context string  // the phone-context of a local number: a domain name or a global number
	Params  []Param // the other parameters, in order
}

// IsGlobal reports whether t is a global number, written with "+".
func (t Tel) IsGlobal() bool { return strings.HasPrefix(t.Number, "+") }

// Digits returns the number without its visual separators (RFC 3966
// §5.1.1), "+" kept and "%23" written "#": the digits to dial.
func (t Tel) Digits() string {
	var b strings.Builder
	for i := 0; i < len(t.Number); i++ {
		switch ch := t.Number[i]; {
		case strings.IndexByte("-.()", ch) >= 0:
		case strings.HasPrefix(t.Number[i:], "%23"):
			b.WriteByte('#')
			i += 2
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// Errors under a *ParseError for a tel URI that its grammar accepts but
// RFC 3966 §3 does not.
var (
	ErrRepeated = errors.New("parameter given twice")
	ErrOrder    = errors.New("parameter out of order: isub or ext first, then phone-context, then the others by name")
	// ErrGlobalContext is the error of a phone-context after a global
	// number, which has none (RFC 3966 §5.1.4): a local number was probably
	// meant, or the context belongs to no number.
	ErrGlobalContext = errors.New("a global number takes no phone-context")
)

// ParseError is the error of Parse.
type ParseError struct {
	Input  string
	Offset int   // of the syntax error, or of the ";" of the parameter
	Err    error // a *combinator.SyntaxError, ErrRepeated, ErrOrder or ErrGlobalContext
}

// Error returns a message such as
//
//	tel: invalid character 'x' at offset 5 in global-number-digits: expected DIGIT or visual-separator
//	tel: parameter given twice at offset 16
func (e *ParseError) Error() string {
	var se *c.SyntaxError
	if errors.As(e.Err, &se) {
		in := se.In
		if in == "" {
			in = se.Rule
		}
		return "tel: " + se.Found() + " at offset " + strconv.Itoa(se.Offset) + " in " + in +
			": expected " + c.JoinExpected(se.Expected)
	}
	return "tel: " + e.Err.Error() + " at offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns Err.
func (e *ParseError) Unwrap() error { return e.Err }

// Parse parses s as a tel URI (RFC 3966).
func Parse(s string) (Tel, error) {
	n, err := TelephoneURI.Tree(s, "global-number-digits", "local-number-digits",
		"isdn-subaddress", "extension", "descriptor", "parameter", "pname", "pvalue")
	if err != nil {
		var se *c.SyntaxError
		errors.As(err, &se)
		if o := se.Offset; o > 0 && len(s) > 4 && s[4] == '+' && s[o-1] == ';' &&
			len(s)-o >= len("phone-context=") && strings.EqualFold(s[o:o+len("phone-context=")], "phone-context=") {
			return Tel{}, &ParseError{Input: s, Offset: o - 1, Err: ErrGlobalContext}
		}
		return Tel{}, &ParseError{Input: s, Offset: se.Offset, Err: se}
	}
	var t Tel
	rank, last := 0, "" // the rank of the last parameter (isub and ext 0, context 1, others 2), the last name
	for _, part := range n.Children {
		r, at, name := 0, part.Start, ""
		switch part.Name {
		case "global-number-digits", "local-number-digits":
			t.Number = part.Text
			continue
		case "isdn-subaddress", "extension":
			p, prefix := &t.ISub, len(";isub=")
			if part.Name == "extension" {
				p, prefix = &t.Ext, len(";ext=")
			}
			if *p != "" {
				return Tel{}, &ParseError{Input: s, Offset: at, Err: ErrRepeated}
			}
			*p = part.Text[prefix:]
		case "descriptor":
			r, at = 1, at-len(";phone-context=")
			if t.Context != "" {
				return Tel{}, &ParseError{Input: s, Offset: at, Err: ErrRepeated}
			}
			t.Context = part.Text
		case "parameter":
			p := Param{Name: part.Child("pname").Text}
			if v := part.Child("pvalue"); v != nil {
				p.Value, p.HasValue = v.Text, true
			}
			r, name = 2, strings.ToLower(p.Name)
			for _, q := range t.Params {
				if strings.EqualFold(q.Name, p.Name) {
					return Tel{}, &ParseError{Input: s, Offset: at, Err: ErrRepeated}
				}
			}
			t.Params = append(t.Params, p)
		}
		if r < rank || r == 2 && name < last {
			return Tel{}, &ParseError{Input: s, Offset: at, Err: ErrOrder}
		}
		rank, last = r, name
	}
	return t, nil
}

// String returns t as a tel URI, its parts in the order RFC 3966 §3 asks
// for: Parse gives back the same parts of a Tel it returned.
func (t Tel) String() string {
	var b strings.Builder
	b.WriteString("tel:" + t.Number)
	if t.ISub != "" {
		b.WriteString(";isub=" + t.ISub)
	}
	if t.Ext != "" {
		b.WriteString(";ext=" + t.Ext)
	}
	if t.Context != "" {
		b.WriteString(";phone-context=" + t.Context)
	}
	for _, p := range t.Params {
		b.WriteString(";" + p.Name)
		if p.HasValue {
			b.WriteString("=" + p.Value)
		}
	}
	return b.String()
}
