package uritemplate

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/uri"
)

// Templates that are not URI Templates (RFC 6570 §2), each with the offset
// where it stops being one, the rule it stops in and a word of the hint.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		in_    string
		hint   string // a substring of the hint; "" for no hint
	}{
		// unclosed and unopened braces
		{"{var", 4, "expression", `unclosed "{" at offset 0`},
		{"/a/{b}/{c", 9, "expression", `unclosed "{" at offset 7`},
		{"{", 1, "expression", `unclosed "{" at offset 0`},
		{"{/id*", 5, "expression", `unclosed "{"`},
		{"/id*}", 4, "URI-Template", `"}" without an opening "{"`},
		{"}", 0, "URI-Template", `"}" without`},
		{"{a{b}}", 2, "expression", "nested"},
		// spaces
		{"{with space}", 5, "expression", "a varname cannot hold a space"},
		{"{ leading_space}", 1, "expression", "cannot start with a space"},
		{"{trailing_space }", 15, "expression", "a varname cannot hold a space"},
		{"/resolution{?x, y}", 15, "variable-list", "space"},
		{"a b", 1, "URI-Template", "%20"},
		// reserved and doubled operators
		{"{=path}", 1, "expression", `operator "=" is reserved`},
		{"{,var}", 1, "expression", `operator "," is reserved`},
		{"{!hello}", 1, "expression", `operator "!" is reserved`},
		{"{@x}", 1, "expression", `operator "@" is reserved`},
		{"{|var*}", 1, "expression", `operator "|" is reserved`},
		{"{??hello}", 2, "expression", "one operator at most"},
		{"{/?id}", 2, "expression", "one operator at most"},
		{"{$var}", 1, "expression", `"$", "(" and ")" are excluded`},
		{"{(x)}", 1, "expression", "excluded"},
		// missing names
		{"{}", 1, "expression", "a variable name is missing"},
		{"{+}", 2, "expression", "a variable name is missing"},
		{"{a,}", 3, "variable-list", "a variable name is missing"},
		{"{*keys?}", 1, "expression", ""},
		// varnames
		{"/people/{~thing}", 9, "expression", "a varname holds"},
		{"/{default-graph-uri}", 9, "expression", "a varname holds"},
		{"{a.}", 3, "varname", `cannot end with "."`},
		{"{a..b}", 3, "varname", `".."`},
		{"{a%2}", 4, "varchar", "pct-encoded triplet"},
		{"{a%zz}", 3, "varchar", "pct-encoded triplet"},
		{"{ä}", 1, "expression", "a varname holds"},
		// modifiers
		{"{var:prefix}", 5, "prefix", "1 to 9999"},
		{"{var:0}", 5, "prefix", "1 to 9999"},
		{"{var:}", 5, "prefix", "1 to 9999"},
		{"{var:10000}", 9, "expression", "1 to 9999"},
		{"{hello:2*}", 8, "expression", "one modifier at most"},
		{"{keys*:2}", 6, "expression", "one modifier at most"},
		{"{keys**}", 6, "expression", "one modifier at most"},
		{"{example:color?}", 9, "prefix", "1 to 9999"},
		{"/h{#hello+}", 9, "expression", "a varname holds"},
		{"{?empty=default,var}", 7, "expression", "a varname holds"},
		{"x{?empty|foo=none}", 8, "expression", "a varname holds"},
		{"{var}{-prefix|/-/|var}", 6, "expression", "a varname holds"},
		{"/sparql{?query){&default-graph-uri*}", 14, "expression", "excluded"},
		// literals
		{"/h#{hello+}", 9, "expression", "a varname holds"},
		{"a\"b", 1, "URI-Template", "%22"},
		{"a'b", 1, "URI-Template", "%27"},
		{"a<b", 1, "URI-Template", "%3C"},
		{"a>b", 1, "URI-Template", "%3E"},
		{"a\\b", 1, "URI-Template", "%5C"},
		{"a^b", 1, "URI-Template", "%5E"},
		{"a`b", 1, "URI-Template", "%60"},
		{"a|b", 1, "URI-Template", "%7C"},
		{"a\x00b", 1, "URI-Template", "control character"},
		{"a\x7fb", 1, "URI-Template", "control character"},
		{"50%", 3, "pct-encoded", "pct-encoded triplet"},
		{"50%zz", 3, "pct-encoded", "pct-encoded triplet"},
		{"%4", 2, "pct-encoded", "pct-encoded triplet"},
		{"a\xffb", 1, "URI-Template", "invalid UTF-8"},
		{"a\u0085b", 1, "URI-Template", "neither ucschar nor iprivate"}, // a C1 control
		{"a\ufffeb", 1, "URI-Template", "neither ucschar nor iprivate"}, // a noncharacter
		{"a\ufdd0b", 1, "URI-Template", "neither ucschar nor iprivate"},
		{"a\U0001FFFEb", 1, "URI-Template", "neither ucschar nor iprivate"},
		{"a\xed\xa0\x80b", 1, "URI-Template", "invalid UTF-8"}, // a surrogate
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) = %v, want a *ParseError", tt.in, err)
			continue
		}
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("Parse(%q): not ErrInvalid", tt.in)
		}
		if pe.Offset != tt.offset || pe.In != tt.in_ || pe.Input != tt.in {
			t.Errorf("Parse(%q): offset %d in %q, want %d in %q (%v)", tt.in, pe.Offset, pe.In, tt.offset, tt.in_, err)
		}
		if tt.hint == "" && pe.Hint != "" || !strings.Contains(pe.Hint, tt.hint) {
			t.Errorf("Parse(%q): hint %q, want %q", tt.in, pe.Hint, tt.hint)
		}
		if len(pe.Expected) == 0 {
			t.Errorf("Parse(%q): nothing expected", tt.in)
		}
		if !strings.HasPrefix(err.Error(), "uritemplate: ") || !strings.Contains(err.Error(), fmt.Sprintf("at offset %d", tt.offset)) {
			t.Errorf("Parse(%q): message %q", tt.in, err)
		}
	}
}

// Whole messages for a few errors: what the grammar expected, then the hint.
func TestParseErrorMessages(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{var", `uritemplate: unexpected end of input at offset 4 in expression: expected ".", varchar, modifier-level4, "," or "}"; unclosed "{" at offset 0`},
		{"{=path}", `uritemplate: invalid character '=' at offset 1 in expression: expected op-level2, op-level3 or varname; operator "=" is reserved for future extensions (RFC 6570 §2.2)`},
		{"{var:0}", `uritemplate: invalid character '0' at offset 5 in prefix: expected max-length; a prefix max-length is a number from 1 to 9999 (RFC 6570 §2.4.1)`},
		{"a\x01", `uritemplate: invalid character '\x01' at offset 1 in URI-Template: expected literals, expression or end of input; a control character cannot stand in a template: pct-encode it`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q):\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
}

// Templates the grammar accepts: every operator, modifier and literal form.
func TestParseValid(t *testing.T) {
	for _, s := range []string{
		"", "plain", "{a}", "{+a}", "{#a}", "{.a}", "{/a}", "{;a}", "{?a}", "{&a}",
		"{a:1}", "{a:9999}", "{a*}", "{a,b:2,c*}", "{a.b.c}", "{a_b}", "{A9}", "{Some%20Thing}",
		"{Stra%C3%9Fe}", "%2F{x}%41", "ü{x}", "\ue000", "\U0010FFFD", "\u00a0", "!#$&()*+,-./:;=?@[]_~",
		"http://example.com/{x}{?y}#{z}", "{_}",
	} {
		tp, err := Parse(s)
		if err != nil {
			t.Errorf("Parse(%q): %v", s, err)
			continue
		}
		if !URITemplate.Match(s) {
			t.Errorf("URITemplate does not match %q", s)
		}
		if tp.String() != s {
			t.Errorf("String() = %q, want %q", tp.String(), s)
		}
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(fmt.Sprint(r), "uritemplate.MustParse") {
			t.Errorf("recover() = %v", r)
		}
	}()
	MustParse("{x")
}

func TestVarnames(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"/x", nil},
		{"{a}", []string{"a"}},
		{"{/b,a}{?c:3,a,d*}{#b}", []string{"b", "a", "c", "d"}},
		{"{Some%20Thing}{last.name}", []string{"Some%20Thing", "last.name"}},
	}
	for _, tt := range tests {
		tp := MustParse(tt.in)
		got := tp.Varnames()
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Varnames(%q) (-want +got):\n%s", tt.in, diff)
		}
		if len(got) > 0 {
			got[0] = "changed"
			if tp.Varnames()[0] == "changed" {
				t.Errorf("Varnames(%q) shares its slice", tt.in)
			}
		}
	}
}

type color int

func (c color) String() string { return [...]string{"red", "green"}[c] }

type myString string
type myInt int16
type myFloat float32

type pstringer struct{ s string }

func (p *pstringer) String() string { return p.s }

// The kinds of value Expand takes (its doc), and the undefined ones of §2.3.
func TestExpandValues(t *testing.T) {
	var nilStringer *pstringer
	tests := []struct {
		template string
		value    any
		want     string
	}{
		{"{x}", "a b", "a%20b"},
		{"{x}", myString("é"), "%C3%A9"},
		{"{x}", 42, "42"},
		{"{x}", -7, "-7"},
		{"{x}", int8(-8), "-8"},
		{"{x}", int64(1 << 40), "1099511627776"},
		{"{x}", uint(7), "7"},
		{"{x}", uint64(1<<64 - 1), "18446744073709551615"},
		{"{x}", uint8(255), "255"},
		{"{x}", myInt(12), "12"},
		{"{x}", 37.76, "37.76"},
		{"{x}", -122.427, "-122.427"},
		{"{x}", 1e21, "1e%2B21"},
		{"{+x}", 1e21, "1e+21"},
		{"{x}", float32(0.1), "0.1"},
		{"{x}", myFloat(2.5), "2.5"},
		{"{x}", color(1), "green"},
		{"{x}", &pstringer{"a/b"}, "a%2Fb"},
		{"{x}", time.Duration(1500) * time.Millisecond, "1.5s"},
		{"{x}", []string{"a", "b c"}, "a,b%20c"},
		{"{x*}", map[string]string{"b": "2", "a": "1"}, "a=1,b=2"},
		{"{x}", map[string]string{"b": "2", "a": "1"}, "a,1,b,2"},
		{"{?x*}", Pairs{{"b", "2"}, {"a", ""}, {"b", "3"}}, "?b=2&a=&b=3"},
		{"{;x*}", Pairs{{"b", "2"}, {"a", ""}}, ";b=2;a"},
		{"{;x*}", []string{"", "a"}, ";x;x=a"},
		{"{?x*}", []string{"", "a"}, "?x=&x=a"},
		{"{?x}", []string{""}, "?x="},
		{"{x}", []string{"", ""}, ","},
		// undefined
		{"a{x}b", nil, "ab"},
		{"a{?x}b", []string(nil), "ab"},
		{"a{?x}b", []string{}, "ab"},
		{"a{?x*}b", map[string]string{}, "ab"},
		{"a{?x*}b", map[string]string(nil), "ab"},
		{"a{?x*}b", Pairs(nil), "ab"},
		{"a{;x}b", nilStringer, "ab"},
		{"a{x:3}b", []string{}, "ab"}, // undefined, so no prefix error
		// empty strings are defined
		{"a{#x}b", "", "a#b"},
		{"a{;x}b", "", "a;xb"},
		{"a{?x}b", "", "a?x=b"},
		{"{.x}", "", "."},
		// pct-encoding: "%" always encoded but in triplets under + and #
		{"{x}", "50%", "50%25"},
		{"{x}", "%2F", "%252F"},
		{"{+x}", "%2F/%zz%", "%2F/%25zz%25"},
		{"{#x}", "100%%41", "#100%25%41"},
		{"{+x}", "a b<>\"{}|\\^`", "a%20b%3C%3E%22%7B%7D%7C%5C%5E%60"},
		{"{+x}", "ü", "%C3%BC"},
		{"{x}", "\xff", "%FF"},
		{"{?x}", "Grüner Weg", "?x=Gr%C3%BCner%20Weg"},
		{"{?x:3}", "Grüner Weg", "?x=Gr%C3%BC"},
		// prefixes count characters
		{"{x:1}", "ü", "%C3%BC"},
		{"{x:2}", "日本語", "%E6%97%A5%E6%9C%AC"},
		{"{x:2}", "a\xffb", "a%FF"},
		{"{x:2}", "%2F", "%252"},
		{"{+x:2}", "%2F%2Fa", "%2F%2F"},
		{"{+x:1}", "%C3%BCx", "%C3%BC"},
		{"{+x:1}", "%C3x", "%C3"},
		{"{+x:1}", "%C3%41", "%C3"},
		{"{#x:2}", "a%e2%82%acb", "#a%e2%82%ac"},
		{"{x:9999}", "short", "short"},
		{"{x:3}", 123456, "123"},
	}
	for _, tt := range tests {
		got, err := MustParse(tt.template).Expand(map[string]any{"x": tt.value})
		if err != nil || got != tt.want {
			t.Errorf("%s with x = %#v: %q, %v; want %q", tt.template, tt.value, got, err, tt.want)
		}
	}
}

// Values Expand refuses: each error names the variable and its offset.
func TestExpandErrors(t *testing.T) {
	tests := []struct {
		template string
		value    any
		offset   int
		reason   string
	}{
		{"{keys:1}", map[string]string{"a": "b"}, 1, "prefix modifier applies to a string value, not to map[string]string"},
		{"{+keys:1}", Pairs{{"a", "b"}}, 2, "not to uritemplate.Pairs"},
		{"{;x,keys:1}", []string{"a"}, 4, "not to []string"},
		{"/{keys:1*}", []string{"a"}, 2, ""}, // a parse error, see below
		{"{x}", true, 1, "a value of type bool cannot be expanded"},
		{"{a,x}", []int{1}, 3, "[]int"},
		{"{x}", []any{"a"}, 1, "[]interface {}"},
		{"{x}", map[string]any{"a": "b"}, 1, "map[string]interface {}"},
		{"{x}", struct{}{}, 1, "struct {}"},
		{"{x}", 1 + 2i, 1, "complex128"},
	}
	for _, tt := range tests {
		tp, err := Parse(tt.template)
		if err != nil {
			if tt.reason != "" {
				t.Errorf("Parse(%q): %v", tt.template, err)
			}
			continue
		}
		got, err := tp.Expand(map[string]any{"x": tt.value, "keys": tt.value, "a": "1"})
		var ee *ExpandError
		if !errors.As(err, &ee) || got != "" {
			t.Errorf("%s: %q, %v; want an *ExpandError", tt.template, got, err)
			continue
		}
		if ee.Offset != tt.offset || (ee.Var != "x" && ee.Var != "keys") || !strings.Contains(ee.Reason, tt.reason) ||
			!strings.Contains(err.Error(), fmt.Sprintf("variable %q at offset %d", ee.Var, tt.offset)) {
			t.Errorf("%s: %v (offset %d), want offset %d and %q", tt.template, err, ee.Offset, tt.offset, tt.reason)
		}
	}
}

// Literals (§3.1): copied where allowed in a URI, else pct-encoded as UTF-8.
func TestLiteralExpansion(t *testing.T) {
	tests := []struct{ template, want string }{
		{"!#$&()*+,-./:;=?@[]_~azAZ09", "!#$&()*+,-./:;=?@[]_~azAZ09"},
		{"%2f%41", "%2f%41"},
		{"ü/\u00a0", "%C3%BC/%C2%A0"},
		{"\ue000\U0010FFFD", "%EE%80%80%F4%8F%BF%BD"},
	}
	for _, tt := range tests {
		got, err := MustParse(tt.template).Expand(nil)
		if err != nil || got != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.template, got, err, tt.want)
		}
	}
}

func TestExpandURI(t *testing.T) {
	tp := MustParse("http://example.com/{user}/{+rest}{?q}")
	u, err := tp.ExpandURI(map[string]any{"user": "a b", "rest": "x/y", "q": "1&2"})
	if err != nil || u.String() != "http://example.com/a%20b/x/y?q=1%262" || u.Host() != "example.com" {
		t.Errorf("ExpandURI: %v, %v", u, err)
	}
	// {+x} expands to what x holds: here not a URI reference.
	_, err = MustParse("http://h/{+x}").ExpandURI(map[string]any{"x": "a[b"})
	var pe *uri.ParseError
	if !errors.As(err, &pe) || pe.Offset != 10 {
		t.Errorf("ExpandURI of a[b: %v", err)
	}
	_, err = MustParse("{x:1}").ExpandURI(map[string]any{"x": []string{"a"}})
	var ee *ExpandError
	if !errors.As(err, &ee) {
		t.Errorf("ExpandURI: %v, want an *ExpandError", err)
	}
}

// A Template is safe for concurrent use: run under -race.
func TestConcurrentExpand(t *testing.T) {
	tp := MustParse("/a{/b}{?c}")
	done := make(chan string)
	for i := 0; i < 4; i++ {
		go func() {
			s, _ := tp.Expand(map[string]any{"b": "x", "c": map[string]string{"k": "v"}})
			m, _ := tp.Match("/a/x")
			done <- s + fmt.Sprint(m)
		}()
	}
	for i := 0; i < 4; i++ {
		if got := <-done; got != "/a/x?c=k,vmap[b:x]" {
			t.Errorf("got %q", got)
		}
	}
}

// A varname with pct-encoded triplets names a variable of its own and is
// copied as it stands (§2.3).
func TestPctEncodedVarname(t *testing.T) {
	tp := MustParse("{?Stra%C3%9Fe}{/Some%20Thing}")
	got, err := tp.Expand(map[string]any{"Stra%C3%9Fe": "Grüner Weg", "Straße": "no", "Some%20Thing": "foo"})
	if want := "?Stra%C3%9Fe=Gr%C3%BCner%20Weg/foo"; err != nil || got != want {
		t.Errorf("got %q, %v; want %q", got, err, want)
	}
}

// An error message quotes at most 64 bytes of a varname.
func TestExpandErrorLongName(t *testing.T) {
	name := strings.Repeat("v", 300)
	_, err := MustParse("{" + name + "}").Expand(map[string]any{name: true})
	if err == nil || len(err.Error()) > 250 || !strings.Contains(err.Error(), `vvv..." at offset 1`) {
		t.Errorf("%v", err)
	}
}
