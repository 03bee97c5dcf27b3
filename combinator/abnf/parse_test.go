package abnf

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The rules of RFC 5234 §4 as the messages quote them.
const (
	concatenation = "RFC 5234 §4: concatenation = repetition *(1*c-wsp repetition)"
	definedAs     = `RFC 5234 §4: defined-as = *c-wsp ("=" / "=/") *c-wsp`
	incremental   = `RFC 5234 §3.3: ruleset =/ alternatives, added to a rule defined with "="`
)

// TestParseErrorsSayWhereWhatAndWhy: a text that is not ABNF gets an
// *Error with its line and column, what was expected, a hint, and the rule
// of RFC 5234 §4 it breaks.
func TestParseErrorsSayWhereWhatAndWhy(t *testing.T) {
	tests := []struct {
		src          string
		line, column int
		syntax       string
		want         string // in the message
	}{
		{"a = \"x\" | \"y\"\n", 1, 9, "alternation", `separates alternatives with "/"`},
		{"a = 'x'\n", 1, 5, "char-val", "double quotes"},
		{"a = (\"x\"\n", 1, 9, "group", `")" to close the group opened at 1:5`},
		{"a = [\"x\" )\n", 1, 10, "option", `"]" to close the option opened at 1:5`},
		{"a = \"x\n", 1, 7, "char-val", "close the string"},
		{"a = %x\n", 1, 7, "hex-val", "hexadecimal digits"},
		{"a = %b2\n", 1, 7, "bin-val", "binary digits"},
		{"a = %x5A-41\n", 1, 5, "hex-val", "range"},
		{"a = %q41\n", 1, 6, "num-val", "after %"},
		{"a = %s'x'\n", 1, 7, "case-string", "quoted string after %s"},
		{"a = 3*2\"x\"\n", 1, 5, "repeat", "m at least n"},
		{"a = 99999999\"x\"\n", 1, 5, "repeat", "at most 65536"},
		{"a = \"x\" <prose>\n", 1, 9, "prose-val", "line 1"},
		{"a = <prose>\n", 1, 5, "prose-val", "defined in words"},
		{"a = 0<prose\n", 1, 6, "prose-val", `">" to close`},
		{"a = \n", 1, 5, "element", "an element"},
		{"a = x_y\n", 1, 6, "rulename", `letters, digits and "-"`},
		{"a = \"é\"\n", 1, 6, "char-val", "%x values"},
		{"a = 1* DIGIT\n", 1, 7, "repetition", "1*DIGIT"},
		{"a = \"x\" +\n", 1, 9, "repetition", "repetitions with a prefix"},
		{"a = \"x\" )\n", 1, 9, "alternation", "not opened"},
		{"= \"x\"\n", 1, 1, "rulename", "a rule starts with its name"},
		{"a = \"x\"\n   / \"y\"\n  ; c\n  = \"z\"\n", 4, 3, "rule", "a line of its own"},
		{"a = \"x\" b = \"y\"\n", 1, 11, "rule", "a line of its own"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.src)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) = %v, want an *Error", tt.src, err)
			continue
		}
		if e.Line != tt.line || e.Column != tt.column || e.Syntax != tt.syntax || !strings.Contains(e.Error(), tt.want) || !strings.Contains(e.Error(), syntaxRules[tt.syntax]) {
			t.Errorf("Parse(%q) = %v (%d:%d, %s), want %d:%d, %s and %q", tt.src, err, e.Line, e.Column, e.Syntax, tt.line, tt.column, tt.syntax, tt.want)
		}
	}
}

// TestParseIsStrictRFC5234: what RFC 5234 forbids and the reader took
// before, each refused with its whole message pinned: elements with no
// white space between them (RFC 5234 §4 concatenation), "=/" with no "="
// before it (§3.3), and the messages that were not accurate (issue 41).
func TestParseIsStrictRFC5234(t *testing.T) {
	tests := []struct {
		name, src string
		want      string
	}{
		{"quoted strings run together", "a = \"x\"\"y\"\n",
			`abnf: 1:8: expected white space between two elements, found '"' (RFC 5234 separates the elements of a concatenation with white space: write a space before it; ` + concatenation + ")"},
		{"a name and a string run together", "a = DIGIT\"x\"\n",
			`abnf: 1:10: expected white space between two elements, found '"' (RFC 5234 separates the elements of a concatenation with white space: write a space before it; ` + concatenation + ")"},
		{"values run together", "a = %x41%x42\n",
			`abnf: 1:9: expected white space between two elements, found '%' (RFC 5234 separates the elements of a concatenation with white space: write a space before it; ` + concatenation + ")"},
		{"a value with a letter that is no digit", "a = %x4G\n",
			`abnf: 1:8: expected white space between two elements, found 'G' ('G' is not a hexadecimal digit (0 to 9, A to F), so the value ends before it; ` + concatenation + ")"},
		{"a decimal value with a hexadecimal digit", "a = %d1A\n",
			`abnf: 1:8: expected white space between two elements, found 'A' ('A' is not a decimal digit (0 to 9), so the value ends before it; ` + concatenation + ")"},
		{"=/ with no = at all", "a =/ \"x\"\n",
			`abnf: 1:1: "=/" adds alternatives to a, which no rule before it defines with "=" (define it first with "=", or write "=" here; ` + incremental + ")"},
		{"=/ before its =", "b = a\na =/ \"y\"\na = \"x\"\n",
			`abnf: 2:1: "=/" adds alternatives to a, which no rule before it defines with "=" (it is defined with "=" at 3:1, after this: put that definition first; ` + incremental + ")"},
		{"a group left open at the end of the line", "a = (\"x\"\n",
			`abnf: 1:9: expected ")" to close the group opened at 1:5, found end of line (the rule ends here with the group still open; RFC 5234 §4: group = "(" *c-wsp alternation *c-wsp ")")`},
		{":=", "a := \"x\"\n",
			`abnf: 1:3: expected "=" or "=/" after the rule name "a", found ':' (ABNF defines a rule with "=", where BNF writes ":=" or "::="; ` + definedAs + ")"},
		{"an underscore in a rule name", "my_rule = \"x\"\n",
			`abnf: 1:3: expected "=" or "=/" after the rule name "my", found '_' (rule names hold letters, digits and "-" only; RFC 5234 §4: rulename = ALPHA *(ALPHA / DIGIT / "-"))`},
		{"==", "a == \"x\"\n",
			`abnf: 1:4: expected the elements of the rule, found '=' (defined-as is "=", or "=/" to add alternatives; "==" is not ABNF; ` + definedAs + ")"},
		{"a line that does not continue the rule", "a = \"x\"\nb \"y\"\n",
			`abnf: 2:3: expected "=" or "=/" after the rule name "b", found '"' (a line that continues a rule is indented more than the rule's first line; ` + definedAs + ")"},
		{"a #list without Lists", "a = 1#b\nb = \"x\"\n",
			`abnf: 1:6: expected an element: a rule name, a group, an option, a string or a value, found '#' (RFC 9110's #list (§5.6.1) is not RFC 5234: compile with the option Lists(ListSender) to expand it; RFC 5234 §4: repetition = [repeat] element)`},
		{"a #list at the start of an element", "a = #b\nb = \"x\"\n",
			`abnf: 1:5: expected an element: a rule name, a group, an option, a string or a value, found '#' (RFC 9110's #list (§5.6.1) is not RFC 5234: compile with the option Lists(ListSender) to expand it; RFC 5234 §4: repetition = [repeat] element)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.src)
			if err == nil {
				t.Fatalf("Parse(%q) = nil, want %s", tt.src, tt.want)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tt.src, diff)
			}
		})
	}
}

// TestElementRightAfterAGroupIsAWarning: RFC 3966 §3 prints
// (HEXDIG / "*" / "#")*phonedigit-hex, an element right after a group,
// which reads only one way: it compiles, with a warning where the space
// is missing.
func TestElementRightAfterAGroupIsAWarning(t *testing.T) {
	g, err := Parse("a = *b (\"x\" / \"y\")*b [\"z\"]\"w\"\nb = \"-\"\n")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range g.Warnings() {
		got = append(got, w.Error())
	}
	note := " (read as two elements; RFC 5234 separates the elements of a concatenation with white space; " + concatenation + ")"
	want := []string{
		`abnf: warning: 1:19: an element follows ")" with no white space between them` + note,
		`abnf: warning: 1:27: an element follows "]" with no white space between them` + note,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Warnings (-want +got):\n%s", diff)
	}
	a := g.MustRule("a")
	for s, ok := range map[string]bool{"x": false, "xw": true, "-y--zw": true, "x-w": true, "yz": false} {
		if a.Match(s) != ok {
			t.Errorf("Match(%q) = %v, want %v", s, !ok, ok)
		}
	}
}

// TestWhiteSpaceBetweenElementsInAllItsForms: RFC 5234 §4's c-wsp is
// white space, or a comment or a line end followed by white space: each
// separates two elements.
func TestWhiteSpaceBetweenElementsInAllItsForms(t *testing.T) {
	for _, src := range []string{
		"a = \"x\" \"y\"\n",
		"a = \"x\"\t\"y\"\n",
		"a = \"x\"\n  \"y\"\n",
		"a = \"x\" ; a comment\n  \"y\"\n",
		"a = \"x\"\r\n\t\"y\"\r\n",
	} {
		g, err := Parse(src)
		if err != nil {
			t.Errorf("Parse(%q) = %v", src, err)
			continue
		}
		if !g.MustRule("a").Match("xy") {
			t.Errorf("Parse(%q): a does not match \"xy\"", src)
		}
	}
}
