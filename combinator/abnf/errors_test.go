package abnf

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"

	"github.com/google/go-cmp/cmp"
)

// TestUndefinedRulesSuggestTheNearestName: a rule used but not defined is
// reported with the defined name nearest to it, the core rules and the
// imported ones included, when it is one slip away (a letter added, left
// out, changed, or two swapped); a name with no near one gets none.
func TestUndefinedRulesSuggestTheNearestName(t *testing.T) {
	tests := []struct {
		src  string
		opts []Option
		want []RulePos
	}{
		{"URI = scheme \":\" heir-part\nscheme = ALPHA\nhier-part = \"//\"\n", nil, []RulePos{{"heir-part", 1, 18, "hier-part"}}},
		{"a = 1*DIGITS\n", nil, []RulePos{{"DIGITS", 1, 7, "DIGIT"}}},
		{"a = HEXDIGIT\n", nil, []RulePos{{"HEXDIGIT", 1, 5, "HEXDIG"}}},
		{"a = sgement\n", []Option{RFC3986()}, []RulePos{{"sgement", 1, 5, "segment"}}},
		{"a = x y\n", nil, []RulePos{{"x", 1, 5, ""}, {"y", 1, 7, ""}}},
		{"a = query-string\n", nil, []RulePos{{"query-string", 1, 5, ""}}},
	}
	for _, tt := range tests {
		_, err := ParseWith(tt.src, tt.opts...)
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("Parse(%q) = %v, want an *Error", tt.src, err)
		}
		if diff := cmp.Diff(tt.want, e.Rules); diff != "" {
			t.Errorf("Parse(%q) = %v (-want +got):\n%s", tt.src, err, diff)
		}
	}
	_, err := Parse("URI = scheme \":\" heir-part\nscheme = ALPHA\nhier-part = \"//\"\n")
	if want := "abnf: rules used but not defined: heir-part (1:18, did you mean hier-part?)"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestEditDistance: the optimal string alignment distance, against
// distances counted by hand.
func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "abc", 3}, {"heir", "hier", 1}, {"digits", "digit", 1},
		{"kitten", "sitting", 3}, {"ca", "abc", 3}, {"abc", "abc", 0}, {"abcd", "badc", 2},
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b, 10); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := editDistance(tt.a, tt.b, 1); got != min(tt.want, 1) {
			t.Errorf("editDistance(%q, %q, bound 1) = %d, want %d", tt.a, tt.b, got, min(tt.want, 1))
		}
	}
}

// TestUnknownRuleMessagesAreBounded: on a grammar of 100,000 rules, the
// errors for rules used but not defined and for a rule asked for that is
// not there list a few names, whatever the number (issue 40).
func TestUnknownRuleMessagesAreBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("a = rule-12345x")
	for i := 0; i < 100000; i++ {
		b.WriteString(" x" + strconv.Itoa(i))
	}
	b.WriteString("\n")
	for i := 0; i < 100000; i++ {
		b.WriteString("rule-" + strconv.Itoa(i) + " = \"x\"\n")
	}
	_, err := Parse(b.String())
	want := "abnf: rules used but not defined: rule-12345x (1:5, did you mean rule-12345?), x0 (1:17), x1 (1:20), x2 (1:23), x3 (1:26), x4 (1:29), x5 (1:32), x6 (1:35), x7 (1:38), x8 (1:41) and 99991 more"
	if err == nil || err.Error() != want {
		t.Errorf("got %.300v, want %s", err, want)
	}
	var e *Error
	if errors.As(err, &e) && len(e.Rules) != 100001 {
		t.Errorf("Rules holds %d names, want all 100001", len(e.Rules))
	}
	rules := b.String()[strings.IndexByte(b.String(), '\n')+1:]
	g, err := Parse(rules[:strings.LastIndexByte(rules[:200000], '\n')+1])
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Rule("rule-1234x")
	if err == nil || len(err.Error()) > 300 || !strings.Contains(err.Error(), "did you mean rule-1234?") || !strings.Contains(err.Error(), " more)") {
		t.Errorf("Rule = %v", err)
	}
}

// TestLeftRecursionThroughOtherRulesIsAccepted: RFC 5234 allows left
// recursion through other rules too, and the grammar matches the language
// it means.
func TestLeftRecursionThroughOtherRulesIsAccepted(t *testing.T) {
	for _, tc := range []struct {
		src, rule string
		lang      map[string]bool
	}{
		// a = b "x" / "y", b = a "z": y, then any number of "zx".
		{"a = b \"x\" / \"y\"\nb = a \"z\"\n", "a",
			map[string]bool{"y": true, "yzx": true, "yzxzx": true, "yz": false, "x": false, "": false}},
	} {
		g, err := Parse(tc.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.src, err)
			continue
		}
		for s, ok := range tc.lang {
			if g.MustRule(tc.rule).Match(s) != ok {
				t.Errorf("%q: Match(%q) = %v", tc.src, s, !ok)
			}
		}
	}
}

// TestARuleDefinedByItselfIsReported: digit = DIGIT (rule names are
// case-insensitive) derives nothing: it compiles, with a warning that
// says why.
func TestARuleDefinedByItselfIsReported(t *testing.T) {
	note := "rule names are case-insensitive: DIGIT is digit itself"
	g, err := Parse("digit = DIGIT\n")
	if err != nil {
		t.Fatal(err)
	}
	if w := g.Warnings(); len(w) != 1 || w[0].Error() != "abnf: warning: 1:1: every alternative of digit starts with digit, so that it matches nothing ("+note+"; give it a name of its own)" {
		t.Errorf("Warnings = %v", w)
	}
	if g.MustRule("digit").Match("1") {
		t.Error(`digit = DIGIT matched "1"`)
	}
	g, err = Parse("a = a \"x\" / a\n")
	if err != nil {
		t.Fatal(err)
	}
	if w := g.Warnings(); len(w) != 1 || !strings.Contains(w[0].Error(), "every alternative of a starts with a") {
		t.Errorf("Warnings = %v", w)
	}
}

// TestPositionsAgreeWithPosition: the line and column positions computes
// in one pass are those position computes for each offset alone.
func TestPositionsAgreeWithPosition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := rapid.StringOf(rapid.SampledFrom([]rune("ab \t\r\né;"))).Draw(t, "src")
		offs := rapid.SliceOf(rapid.IntRange(0, len(src))).Draw(t, "offs")
		names := make([]string, len(offs))
		for i, off := range offs {
			for off > 0 && off < len(src) && !utf8.RuneStart(src[off]) {
				off--
			}
			offs[i], names[i] = off, strconv.Itoa(i)
		}
		for i, p := range positions(src, names, offs) {
			l, c := position(src, offs[i])
			if p.Name != names[i] || p.Line != l || p.Column != c {
				t.Fatalf("offset %d of %q: positions %d:%d, position %d:%d", offs[i], src, p.Line, p.Column, l, c)
			}
		}
	})
}

// TestCrossReferencesTakeTheImportedRule: a rule defined by a prose-val
// alone, as RFC 9110 Appendix A writes the rules of RFC 3986, is the
// imported rule its prose names first, or the one of its own name; with
// no such import it is an error at the prose-val.
func TestCrossReferencesTakeTheImportedRule(t *testing.T) {
	src := "Host = uri-host [ \":\" port ]\nuri-host = <host, see [URI], Section 3.2.2>\nport = <port, see [URI], Section 3.2.3>\n"
	g, err := ParseWith(src, RFC3986())
	if err != nil {
		t.Fatal(err)
	}
	for s, ok := range map[string]bool{"example.com:80": true, "[::1]": true, "a b": false, "x:y": false} {
		if g.MustRule("Host").Match(s) != ok {
			t.Errorf("Host: Match(%q) = %v", s, !ok)
		}
	}
	if g.MustRule("uri-host").Name() != "host" {
		t.Errorf("uri-host is %s, want RFC 3986's host", g.MustRule("uri-host").Name())
	}
	_, err = Parse(src)
	want := `abnf: 2:12: uri-host is defined in words, <host, see [URI], Section 3.2.2>, which cannot be matched (if it names a rule of another grammar, import it (ImportRFC, ImportGrammar or Import) under the name "host"; RFC 5234 §4: prose-val = "<" *(%x20-3D / %x3F-7E) ">")`
	if err == nil || err.Error() != want {
		t.Errorf("without the import: %v\nwant %s", err, want)
	}
}
