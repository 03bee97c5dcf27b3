package tel

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	c "github.com/seed42851778/rfc3986/combinator"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in     string
		want   Tel
		global bool
		digits string
	}{
		// The examples of RFC 3966 §6.
		{"tel:+1-201-555-0123", Tel{Number: "+1-201-555-0123"}, true, "+12015550123"},
		{"tel:7042;phone-context=example.com", Tel{Number: "7042", Context: "example.com"}, false, "7042"},
		{"tel:863-1234;phone-context=+1-914-555", Tel{Number: "863-1234", Context: "+1-914-555"}, false, "8631234"},
		// From the ABNF of §3.
		{"TEL:+1;EXT=22", Tel{Number: "+1", Ext: "22", HasExt: true}, true, "+1"},
		{"tel:+(1).2", Tel{Number: "+(1).2"}, true, "+12"},
		{"tel:+1;isub=1411;ext=2-3", Tel{Number: "+1", ISub: "1411", Ext: "2-3", HasExt: true}, true, "+1"},
		{"tel:+1;ext=1;isub=%41b:c", Tel{Number: "+1", Ext: "1", HasExt: true, ISub: "%41b:c"}, true, "+1"},
		{"tel:+1;a=%20x;b;c-d=/:&+$!*'()", Tel{Number: "+1", Params: []Param{
			{Name: "a", Value: "%20x", HasValue: true}, {Name: "b"}, {Name: "c-d", Value: "/:&+$!*'()", HasValue: true}}}, true, "+1"},
		{"tel:+1;extra=1", Tel{Number: "+1", Params: []Param{{Name: "extra", Value: "1", HasValue: true}}}, true, "+1"},
		{"tel:*#a-F;ext=1;phone-context=a-1.b2.c.;x", Tel{Number: "*#a-F", Ext: "1", HasExt: true, Context: "a-1.b2.c.", Params: []Param{{Name: "x"}}}, false, "*#aF"},
		// RFC 3966 §3's ABNF, written over RFC 2396, allows what RFC 3986
		// gives another meaning: "[" and "]" in a parameter value, "?" in a
		// subaddress, "#" in a local number. An earlier, hand-written
		// grammar refused them for RFC 3986's sake; the RFC's grammar rules.
		{"tel:+1;a=[v]", Tel{Number: "+1", Params: []Param{{Name: "a", Value: "[v]", HasValue: true}}}, true, "+1"},
		{"tel:+1;isub=a?b", Tel{Number: "+1", ISub: "a?b"}, true, "+1"},
		{"tel:#1;phone-context=a.example.", Tel{Number: "#1", Context: "a.example."}, false, "#1"},
		// Every phonedigit may be a visual separator or nothing, so that the
		// one DIGIT of global-number-digits may come anywhere: read as a
		// PEG, "*phonedigit DIGIT" would refuse this (RFC 3966 §3).
		{"tel:+1", Tel{Number: "+1"}, true, "+1"},
		// phonedigit = DIGIT / [ visual-separator ] matches nothing too, so
		// that "1*phonedigit" does: an extension may be empty.
		{"tel:+1;ext=", Tel{Number: "+1", HasExt: true}, true, "+1"},
		{"tel:+-.1", Tel{Number: "+-.1"}, true, "+1"},
		{"tel:1;phone-context=a.b-c.d", Tel{Number: "1", Context: "a.b-c.d"}, false, "1"},
		{"tel:-1;phone-context=x", Tel{Number: "-1", Context: "x"}, false, "1"},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tt.in, diff)
		}
		if got.IsGlobal() != tt.global || got.Digits() != tt.digits {
			t.Errorf("Parse(%q): IsGlobal %v, Digits %q; want %v, %q", tt.in, got.IsGlobal(), got.Digits(), tt.global, tt.digits)
		}
		back, err := Parse(got.String())
		if err != nil || !cmp.Equal(back, got) {
			t.Errorf("Parse(%q).String() = %q, which parses to %+v, %v", tt.in, got.String(), back, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		err    error  // a sentinel, or nil for a syntax error
		msg    string // the message of a syntax error
	}{
		{"tel:", 4, nil, `tel: unexpected end of input at offset 4 in telephone-uri: expected telephone-subscriber`},
		{"tel:+", 5, nil, `tel: unexpected end of input at offset 5 in telephone-uri: expected phonedigit or DIGIT`},
		{"tel:+-", 6, nil, ""},
		{"tel:123", 7, nil, `tel: unexpected end of input at offset 7 in telephone-uri: expected phonedigit-hex, par, context, HEXDIG, "*" or "#"`},
		{"tel:+1;ext=abc", 11, nil, `tel: invalid character 'a' at offset 11 in extension: expected phonedigit or end of input`},
		{"tel:+1 2", 6, nil, ""},
		{"tel:+1#2", 6, nil, ""},
		{"tel:12;phone-context=a.1b", 25, nil, ""},   // the top label starts with a letter: "1b" is no last label
		{"tel:12;phone-context=a-.com", 27, nil, ""}, // a label ends with a letter or digit: this is a parameter named phone-context, and the context is still to come
		{"tel:+1;isub=1;;", 13, ErrSemicolon, ""},    // the ABNF's uric holds ";": a subaddress "1;;"
		{"tel:+1;phone-context=+2", 6, ErrGlobalContext, ""},
		{"tel:+1;Phone-Context=x.com", 6, ErrGlobalContext, ""},
		{"tel:+1;ext=1;ext=2", 12, ErrRepeated, ""},
		{"tel:+1;a;A=1", 8, ErrRepeated, ""},
		{"tel:+1;b;a", 8, ErrOrder, ""},
		{"tel:+1;a;ext=1", 8, ErrOrder, ""},
		{"tel:1;x;phone-context=a.b", 7, ErrOrder, ""},
		// The ABNF reads a second context as a parameter named
		// "phone-context"; it is the context given twice (RFC 3966 §3: a
		// parameter appears at most once). A hand-written grammar called it
		// a syntax error at the "p".
		{"tel:1;phone-context=a.b;phone-context=c.d", 23, ErrRepeated, ""},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) = %v, want a *ParseError", tt.in, err)
			continue
		}
		if pe.Offset != tt.offset {
			t.Errorf("Parse(%q): offset %d, want %d (%v)", tt.in, pe.Offset, tt.offset, err)
		}
		var se *c.SyntaxError
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("Parse(%q) = %v, want %v", tt.in, err, tt.err)
			}
		} else if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want a syntax error", tt.in, err)
		}
		if tt.msg != "" && err.Error() != tt.msg {
			t.Errorf("Parse(%q):\n got %s\nwant %s", tt.in, err, tt.msg)
		}
	}
}

// FuzzParse checks that Parse never panics, that what it accepts RFC 3966's
// ABNF derives, that what it refuses for a reason other than syntax the ABNF
// derives (Parse's syntax is exactly the RFC's), that String gives back the
// same parts, and that an error's offset lies in the input.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"tel:+1-201-555-0123", "tel:7042;phone-context=example.com",
		"tel:863-1234;phone-context=+1-914-555", "tel:+1;isub=1;ext=2;a=b;c", "tel:*%23;phone-context=a.b.", "tel:+1;b;a", "tel:+1;ext=a", "tel:+1;isub=1;;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Parse(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Offset < 0 || pe.Offset > len(s) {
				t.Fatalf("Parse(%q) = %v", s, err)
			}
			var se *c.SyntaxError
			if errors.As(err, &se) == TelephoneURI.Match(s) && !isParamSyntax(s, se) {
				t.Fatalf("Parse(%q) = %v, and the ABNF matches: %v", s, err, TelephoneURI.Match(s))
			}
			return
		}
		if !TelephoneURI.Match(s) {
			t.Fatalf("Parse(%q) accepts what RFC 3966's ABNF does not", s)
		}
		back, err := Parse(v.String())
		if err != nil || !cmp.Equal(back, v) {
			t.Fatalf("Parse(%q).String() = %q, which parses to %+v, %v", s, v.String(), back, err)
		}
	})
}

// isParamSyntax reports whether se is the syntax error of a parameter named
// isub, ext or phone-context, which the ABNF alone reads as a parameter of
// another kind.
func isParamSyntax(s string, se *c.SyntaxError) bool {
	return se != nil && se.Rule != TelephoneURI.Name()
}

func ExampleParse() {
	t, err := Parse("tel:863-1234;phone-context=+1-914-555")
	fmt.Println(t.Number, t.Context, t.IsGlobal(), t.Digits(), err)
	t, _ = Parse("tel:+1-201-555-0123;ext=1234;isub=8")
	fmt.Println(t.Number, t.Ext, t.ISub, t)
	_, err = Parse("tel:+1-201-555-0123;phone-context=example.com")
	fmt.Println(err)
	// Output:
	// 863-1234 +1-914-555 false 8631234 <nil>
	// +1-201-555-0123 1234 8 tel:+1-201-555-0123;isub=8;ext=1234
	// tel: a global number takes no phone-context at offset 19
}
