// Package tel parses "tel" URIs by RFC 3966, with the grammar of its §3
// compiled from the ABNF as the RFC prints it (tel.abnf, by package
// combinator/abnf): the strings Parse accepts are those the ABNF derives, and
// no rule of it was rewritten for a parser's sake.
//
//	t, err := tel.Parse("tel:863-1234;phone-context=+1-914-555")
//	// t.Number == "863-1234", t.Context == "+1-914-555", t.IsGlobal() == false
//
// A global number starts with "+" and needs no context; a local number must
// have a phone-context (RFC 3966 §5.1.5). A parameter appears at most once;
// isub and ext come first, then phone-context, then the other parameters in
// lexicographical order of their names (RFC 3966 §3). Parse enforces both.
//
// The grammar is ambiguous where RFC 3966 did not mean it to be, and Parse
// chooses: a parameter named isub, ext or phone-context is that parameter, so
// that a value its rule refuses is an error (the ABNF alone would read
// ";ext=abc" as a parameter of another kind named "ext"); and ";" starts a
// parameter, so that a subaddress ends at it (the ABNF's uric holds ";", so
// that ";isub=1;ext=2" would also be a subaddress of "1;ext=2"). A ";" that
// starts no parameter, as in ";isub=1;;", is ErrSemicolon.
//
// RFC 3966 is written over RFC 2396, not RFC 3986, and Parse follows it: a
// parameter value may hold "[" and "]", a subaddress "?", a local number "#",
// which RFC 3986 gives other meanings; such a tel URI is not an RFC 3986 URI
// as written.
package tel

import (
	_ "embed"
	"errors"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
)

//go:embed tel.abnf
var grammarText string

// grammar is RFC 3966 §3's ABNF, compiled from tel.abnf as the RFC prints it.
var grammar = func() *abnf.Grammar {
	g, err := abnf.Parse(grammarText)
	if err != nil {
		panic("tel: tel.abnf: " + err.Error())
	}
	return g
}()

// VisualSeparator matches a visual separator (RFC 3966 §3):
//
//	visual-separator = "-" / "." / "(" / ")"
var VisualSeparator = grammar.MustRule("visual-separator")

// PhoneDigit matches a digit or a visual separator, or nothing (RFC 3966 §3):
//
//	phonedigit = DIGIT / [ visual-separator ]
var PhoneDigit = grammar.MustRule("phonedigit")

// PhoneDigitHex matches a character of a local number, or nothing (RFC 3966 §3):
//
//	phonedigit-hex = HEXDIG / "*" / "#" / [ visual-separator ]
var PhoneDigitHex = grammar.MustRule("phonedigit-hex")

// GlobalNumberDigits matches a global number (RFC 3966 §3):
//
//	global-number-digits = "+" *phonedigit DIGIT *phonedigit
var GlobalNumberDigits = grammar.MustRule("global-number-digits")

// LocalNumberDigits matches a local number (RFC 3966 §3):
//
//	local-number-digits = *phonedigit-hex (HEXDIG / "*" / "#")*phonedigit-hex
var LocalNumberDigits = grammar.MustRule("local-number-digits")

// Alphanum matches a letter or digit (RFC 3966 §3):
//
//	alphanum = ALPHA / DIGIT
var Alphanum = grammar.MustRule("alphanum")

// DomainLabel matches a label of a domain name (RFC 3966 §3):
//
//	domainlabel = alphanum / alphanum *( alphanum / "-" ) alphanum
var DomainLabel = grammar.MustRule("domainlabel")

// TopLabel matches the last label of a domain name (RFC 3966 §3):
//
//	toplabel = ALPHA / ALPHA *( alphanum / "-" ) alphanum
var TopLabel = grammar.MustRule("toplabel")

// DomainName matches a domain name (RFC 3966 §3):
//
//	domainname = *( domainlabel "." ) toplabel [ "." ]
var DomainName = grammar.MustRule("domainname")

// Descriptor matches what a phone-context holds (RFC 3966 §3):
//
//	descriptor = domainname / global-number-digits
var Descriptor = grammar.MustRule("descriptor")

// Context matches the phone-context parameter (RFC 3966 §3):
//
//	context = ";phone-context=" descriptor
var Context = grammar.MustRule("context")

// Extension matches the ext parameter (RFC 3966 §3):
//
//	extension = ";ext=" 1*phonedigit
var Extension = grammar.MustRule("extension")

// ISDNSubaddress matches the isub parameter (RFC 3966 §3), its uric being
// RFC 2396's (reserved / unreserved / pct-encoded), ";" and "?" included:
//
//	isdn-subaddress = ";isub=" 1*uric
var ISDNSubaddress = grammar.MustRule("isdn-subaddress")

// PName matches a parameter name (RFC 3966 §3):
//
//	pname = 1*( alphanum / "-" )
var PName = grammar.MustRule("pname")

// PValue matches a parameter value (RFC 3966 §3), its unreserved being
// RFC 2396's, whose mark holds "!", "*", "'", "(" and ")":
//
//	pvalue = 1*paramchar
//	paramchar = param-unreserved / unreserved / pct-encoded
//	param-unreserved = "[" / "]" / "/" / ":" / "&" / "+" / "$"
var PValue = grammar.MustRule("pvalue")

// Parameter matches a parameter (RFC 3966 §3), of any name:
//
//	parameter = ";" pname ["=" pvalue ]
var Parameter = grammar.MustRule("parameter")

// Par matches a parameter of a number (RFC 3966 §3):
//
//	par = parameter / extension / isdn-subaddress
var Par = grammar.MustRule("par")

// GlobalNumber matches a global number and its parameters (RFC 3966 §3):
//
//	global-number = global-number-digits *par
var GlobalNumber = grammar.MustRule("global-number")

// LocalNumber matches a local number and its parameters (RFC 3966 §3):
//
//	local-number = local-number-digits *par context *par
var LocalNumber = grammar.MustRule("local-number")

// TelephoneSubscriber matches what follows "tel:" (RFC 3966 §3):
//
//	telephone-subscriber = global-number / local-number
var TelephoneSubscriber = grammar.MustRule("telephone-subscriber")

// TelephoneURI matches a tel URI (RFC 3966 §3); "tel:" is case-insensitive,
// as every quoted string of ABNF is:
//
//	telephone-uri = "tel:" telephone-subscriber
var TelephoneURI = grammar.MustRule("telephone-uri")

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
	Ext     string  // the extension: "" when there is none, or when it is empty (HasExt)
	HasExt  bool    // whether there is an extension: RFC 3966 §3 allows ";ext=" with no digit
	Context string  // the phone-context of a local number: a domain name or a global number
	Params  []Param // the other parameters, in order
}

// IsGlobal reports whether t is a global number, written with "+".
func (t Tel) IsGlobal() bool { return strings.HasPrefix(t.Number, "+") }

// Digits returns the number without its visual separators (RFC 3966
// §5.1.1), "+" kept: the digits to dial.
func (t Tel) Digits() string {
	var b strings.Builder
	for i := 0; i < len(t.Number); i++ {
		if ch := t.Number[i]; strings.IndexByte("-.()", ch) < 0 {
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// Errors under a *ParseError for a tel URI that its grammar accepts but
// RFC 3966 does not, or that Parse cannot read without ambiguity.
var (
	ErrRepeated = errors.New("parameter given twice")
	ErrOrder    = errors.New("parameter out of order: isub or ext first, then phone-context, then the others by name")
	// ErrGlobalContext is the error of a phone-context after a global
	// number, which has none (RFC 3966 §5.1.4): a local number was probably
	// meant, or the context belongs to no number.
	ErrGlobalContext = errors.New("a global number takes no phone-context")
	// ErrSemicolon is the error of a ";" that starts no parameter, which
	// the grammar allows only inside an ISDN subaddress (its uric holds
	// ";"): write it "%3B" there.
	ErrSemicolon = errors.New(`";" starts no parameter (in a subaddress, write it "%3B")`)
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
	if !TelephoneURI.Match(s) {
		se := TelephoneURI.Explain(s)
		return Tel{}, &ParseError{Input: s, Offset: se.Offset, Err: se}
	}
	// The URI matches: its number runs to the first ";" (no digit rule
	// holds one), and each parameter from a ";" to the next is read by the
	// rule of its kind.
	i := strings.IndexByte(s, ';')
	if i < 0 {
		i = len(s)
	}
	t := Tel{Number: s[len("tel:"):i]}
	rank, last := 0, "" // the rank of the last parameter (isub and ext 0, context 1, others 2), the last name
	for at := i; at < len(s); {
		end := strings.IndexByte(s[at+1:], ';')
		if end < 0 {
			end = len(s)
		} else {
			end += at + 1
		}
		piece := s[at:end]
		name, value, hasValue := strings.Cut(piece[1:], "=")
		r := 2
		var p *string
		var rule *c.Rule
		switch strings.ToLower(name) {
		case "isub":
			r, p, rule = 0, &t.ISub, ISDNSubaddress
		case "ext":
			if t.HasExt {
				return Tel{}, &ParseError{Input: s, Offset: at, Err: ErrRepeated}
			}
			r, p, rule, t.HasExt = 0, &t.Ext, Extension, true
		case "phone-context":
			r, p, rule = 1, &t.Context, Context
		default:
			if !Parameter.Match(piece) {
				return Tel{}, &ParseError{Input: s, Offset: at, Err: ErrSemicolon}
			}
			for _, q := range t.Params {
				if strings.EqualFold(q.Name, name) {
					return Tel{}, &ParseError{Input: s, Offset: at, Err: ErrRepeated}
				}
			}
			t.Params = append(t.Params, Param{Name: name, Value: value, HasValue: hasValue})
		}
		if rule != nil {
			if se := rule.Explain(piece); se != nil {
				se.Input, se.Offset = s, at+se.Offset
				return Tel{}, &ParseError{Input: s, Offset: se.Offset, Err: se}
			}
			if *p != "" {
				return Tel{}, &ParseError{Input: s, Offset: at, Err: ErrRepeated}
			}
			if r == 1 && t.IsGlobal() {
				return Tel{}, &ParseError{Input: s, Offset: at, Err: ErrGlobalContext}
			}
			*p = value
		}
		if r < rank || r == 2 && strings.ToLower(name) < last {
			return Tel{}, &ParseError{Input: s, Offset: at, Err: ErrOrder}
		}
		rank, last = r, strings.ToLower(name)
		at = end
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
	if t.Ext != "" || t.HasExt {
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
