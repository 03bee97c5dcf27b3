package abnf

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/combinator"
)

// TestParseReadsRFC5234: each construct of RFC 5234 and RFC 7405, with the
// strings its rule must and must not accept (from the RFCs' definitions).
func TestParseReadsRFC5234(t *testing.T) {
	tests := []struct {
		name, src, rule string
		ok, bad         []string
	}{
		{"names are case-insensitive", "Foo = \"a\"\nbar = FOO\n", "BAR", []string{"a", "A"}, []string{"b"}},
		{"=/ adds alternatives", "a = \"x\"\na =/ \"y\"\nA =/ %x7A\n", "a", []string{"x", "y", "z"}, []string{"w"}},
		{"comments and CRLF", "a = \"x\" ; a comment \"x\" / y\r\n    ; more\r\n    \"y\"\r\n", "a", []string{"xy", "Xy"}, []string{"x"}},
		{"continuation lines", "a = \"x\"\n  / \"y\"\nb = a\n", "a", []string{"x", "y"}, []string{"b"}},
		{"quoted strings fold ASCII case", `a = "aB-"`, "a", []string{"ab-", "AB-", "Ab-"}, []string{"ab_"}},
		{"%s is case-sensitive (RFC 7405)", `a = %s"aB"`, "a", []string{"aB"}, []string{"ab", "AB"}},
		{"%i is case-insensitive (RFC 7405)", `a = %i"aB"`, "a", []string{"ab", "AB"}, []string{"a"}},
		{"binary, decimal, hexadecimal", `a = %b1000001 %d66 %x43`, "a", []string{"ABC"}, []string{"abc"}},
		{"concatenated values", `a = %x41.42.43`, "a", []string{"ABC"}, []string{"abc", "A"}},
		{"value ranges", `a = 1*%x30-39`, "a", []string{"0", "1234"}, []string{"", "a"}},
		{"n*m", `a = 2*3"x"`, "a", []string{"xx", "xxx"}, []string{"x", "xxxx"}},
		{"n", `a = 3"x"`, "a", []string{"xxx"}, []string{"xx", "xxxx"}},
		{"*m", `a = *1"x"`, "a", []string{"", "x"}, []string{"xx"}},
		{"n*", `a = 2*"x"`, "a", []string{"xx", "xxxxx"}, []string{"x"}},
		{"groups and options", `a = ("x" / "y") ["z"]`, "a", []string{"x", "yz"}, []string{"z", "xy"}},
		{"prose under zero repetitions", `a = "x" 0<anything at all>`, "a", []string{"x"}, []string{"xa"}},
		{"values above %x7F are UTF-8", `a = %xE9 / %x1F600`, "a", []string{"é", "😀"}, []string{"\xE9", "e"}},
		{"ranges above %x7F", `a = 1*%xA0-D7FF`, "a", []string{"é中", "\u00A0"}, []string{"\x9F", "\uE000"}},
		{"core rules", `a = ALPHA DIGIT HEXDIG SP DQUOTE CRLF`, "a", []string{"z9f \"\r\n"}, []string{"z9g \"\r\n"}},
		{"OCTET is any byte", `a = 2OCTET`, "a", []string{"\xFF\x00", "ab"}, []string{"\xFF"}},
		{"a core rule redefined", "DIGIT = \"x\"\na = DIGIT", "a", []string{"x"}, []string{"1"}},
		{"alternatives are unordered (RFC 3966)", "global-number-digits = \"+\" *phonedigit DIGIT *phonedigit\nphonedigit = DIGIT / visual-separator\nvisual-separator = \"-\" / \".\" / \"(\" / \")\"\n",
			"global-number-digits", []string{"+1", "+1-2", "+(1)", "+.-1"}, []string{"+", "+-", "1"}},
		{"repetition gives back (PEG trap)", `a = *"x" "x"`, "a", []string{"x", "xxx"}, []string{""}},
		{"longer alternative after a prefix (PEG trap)", `a = ("a" / "ab") "c"`, "a", []string{"ac", "abc"}, []string{"ab"}},
		{"rules indented as in an RFC", "   a    = b\n          / \"y\"\n   b    = \"x\"\n", "a", []string{"x", "y"}, []string{""}},
		{"empty string", `a = "" / "x"`, "a", []string{"", "x"}, []string{"y"}},
		{"an element right after a group", `a = ("x" / "y")*"z" "w" %x21`, "a", []string{"xw!", "yzzw!"}, []string{"x w!"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.src)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			r := g.MustRule(tt.rule)
			for _, s := range tt.ok {
				if err := r.Check(s); err != nil {
					t.Errorf("Check(%q) = %v, want nil", s, err)
				}
			}
			for _, s := range tt.bad {
				if r.Match(s) {
					t.Errorf("Match(%q) = true, want false", s)
				}
			}
		})
	}
}

// TestGrammarErrorsListEveryRuleConcerned: undefined and doubly defined
// rules are reported all at once, each with where it is.
func TestGrammarErrorsListEveryRuleConcerned(t *testing.T) {
	tests := []struct {
		src  string
		want []RulePos
	}{
		{"a = b c\nd = a e\n", []RulePos{{"b", 1, 5, ""}, {"c", 1, 7, ""}, {"e", 2, 7, ""}}},
		{"a = \"x\"\nb = \"y\"\nA = \"z\"\nb = \"w\"\n", []RulePos{{"a", 1, 1, ""}, {"A", 3, 1, ""}, {"b", 2, 1, ""}, {"b", 4, 1, ""}}},
	}
	for _, tt := range tests {
		_, err := Parse(tt.src)
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("Parse(%q) = %v, want an *Error", tt.src, err)
		}
		if diff := cmp.Diff(tt.want, e.Rules); diff != "" {
			t.Errorf("Parse(%q) = %v: rules (-want +got):\n%s", tt.src, err, diff)
		}
	}
}

// balanced is an independent reading of the recursive grammar of
// TestRecursiveRulesMatchExactly: a comment is "(" then letters and
// comments then ")".
func balanced(s string) bool {
	depth := 0
	if len(s) == 0 || s[0] != '(' {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth == 0 && i != len(s)-1 {
				return false
			}
		case c >= 'a' && c <= 'z':
		default:
			return false
		}
		if depth == 0 && i != len(s)-1 {
			return false
		}
	}
	return depth == 0
}

// TestRecursiveRulesMatchExactly: a recursive rule (RFC 5322's comment,
// simplified) accepts exactly the balanced strings, nested to any depth,
// and Check says where an unbalanced one fails.
func TestRecursiveRulesMatchExactly(t *testing.T) {
	g, err := Parse("comment = \"(\" *ccontent \")\"\nccontent = ctext / comment\nctext = %x61-7A\n")
	if err != nil {
		t.Fatal(err)
	}
	r := g.MustRule("comment")
	for _, s := range []string{"()", "(a)", "(a(b)c)", "((()))", "(()())", "(", ")", "(a))", "((a)", "(A)", "()()", "", "(a(b(c(d)e)f)g)"} {
		if got, want := r.Match(s), balanced(s); got != want {
			t.Errorf("Match(%q) = %v, want %v", s, got, want)
		}
		if got, want := r.Check(s) == nil, balanced(s); got != want {
			t.Errorf("Check(%q) = %v", s, r.Check(s))
		}
	}
	const n = 200_000
	deep := strings.Repeat("(", n) + strings.Repeat(")", n)
	if !r.Match(deep) {
		t.Errorf("nesting %d deep refused", n)
	}
	var se *combinator.SyntaxError
	if err := r.Check(deep[:len(deep)-1] + "!"); !errors.As(err, &se) || se.Offset != len(deep)-1 {
		t.Errorf("Check(unbalanced, %d deep) = %v, want the offset %d", n, err, len(deep)-1)
	}
}

// TestLeftRecursionIsAccepted: a left-recursive rule (RFC 5234 allows it,
// RFC 9051's tagged-ext-comp has one) matches its language.
func TestLeftRecursionIsAccepted(t *testing.T) {
	g, err := Parse("list = list \",\" item / item\nitem = 1*ALPHA / \"(\" list \")\"\n")
	if err != nil {
		t.Fatal(err)
	}
	r := g.MustRule("list")
	for s, want := range map[string]bool{"a": true, "a,b": true, "a,(b,c),d": true, "((a))": true, "a,": false, ",a": false, "(a,b": false, "": false} {
		if got := r.Match(s); got != want {
			t.Errorf("Match(%q) = %v, want %v", s, got, want)
		}
	}
	long := strings.Repeat("ab,", 100_000) + "c"
	if !r.Match(long) {
		t.Errorf("a list of 100,001 items refused")
	}
}

// TestTreeOnCompiledRules: Tree reports the named rules of one derivation
// of the input, the ABNF's own.
func TestTreeOnCompiledRules(t *testing.T) {
	g, err := Parse("tel = \"+\" *d DIGIT *d\nd = DIGIT / \"-\"\n")
	if err != nil {
		t.Fatal(err)
	}
	tree, err := g.MustRule("tel").Tree("+1-2", "d", "DIGIT")
	if err != nil {
		t.Fatal(err)
	}
	want := "tel 0:4 \"+1-2\"\n  d 1:2 \"1\"\n    DIGIT 1:2 \"1\"\n  d 2:3 \"-\"\n  DIGIT 3:4 \"2\"\n"
	if diff := cmp.Diff(want, tree.String()); diff != "" {
		t.Errorf("Tree (-want +got):\n%s", diff)
	}
	// Inside a hand-written rule.
	wrapped := combinator.Named("wrapped", combinator.Seq(combinator.Lit("<"), g.MustRule("tel"), combinator.Lit(">")))
	tree, err = wrapped.Tree("<+12>", "tel", "DIGIT")
	if err != nil {
		t.Fatal(err)
	}
	want = "wrapped 0:5 \"<+12>\"\n  tel 1:4 \"+12\"\n    DIGIT 2:3 \"1\"\n    DIGIT 3:4 \"2\"\n"
	if diff := cmp.Diff(want, tree.String()); diff != "" {
		t.Errorf("Tree (-want +got):\n%s", diff)
	}
}

// TestImportedRules: a grammar names rules defined elsewhere: RFC 3986's
// from its text, and any named rule.
func TestImportedRules(t *testing.T) {
	g, err := ParseWith(`tel = "tel:" segment`, RFC3986())
	if err != nil {
		t.Fatal(err)
	}
	tel := g.MustRule("tel")
	if !tel.Match("tel:+1-201-555-0123") || tel.Match("tel:a/b") {
		t.Error("tel with RFC 3986's segment")
	}
	g, err = ParseWith(`x = "<" seg ">"`+"\n"+`seg = segment ":"`, Import(combinator.Segment))
	if err != nil {
		t.Fatal(err)
	}
	// segment = *pchar holds ":", and gives it back to the ":" after it.
	if x := g.MustRule("x"); !x.Match("<a:b:>") || x.Match("<a:b>") {
		t.Error("segment imported from combinator")
	}
	g, err = ParseWith(`iri = scheme ":" ihier-part`, RFC3987())
	if err != nil {
		t.Fatal(err)
	}
	if !g.MustRule("iri").Match("http://bücher.de/x") {
		t.Error("RFC 3987 rules")
	}
	if _, err := ParseWith(`a = b`, Import(combinator.Seq())); err == nil {
		t.Error("Import of an unnamed rule accepted")
	}
}

// TestRuleNamesTheRulesThereAre: asking for a rule the grammar lacks is an
// error that lists those it has.
func TestRuleNamesTheRulesThereAre(t *testing.T) {
	g, err := Parse("a = \"x\"\nb = a\n")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Rule("c"); err == nil || !strings.Contains(err.Error(), "a, b") {
		t.Errorf("Rule(c) = %v", err)
	}
	if diff := cmp.Diff([]string{"a", "b"}, g.Names()); diff != "" {
		t.Error(diff)
	}
}

// TestGrammarPrintsBackTheSameLanguage: a compiled rule prints as ABNF
// (Grammar) that Parse reads back to a grammar accepting the same strings.
func TestGrammarPrintsBackTheSameLanguage(t *testing.T) {
	g := RFC3986Grammar()
	text := g.MustRule("URI-reference").Grammar()
	back, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(Grammar()): %v\n%s", err, text)
	}
	for _, s := range []string{"http://a/b?c#d", "//[::1]", "a:b", "%zz", "[v1.x]", "//1.2.3.4:80/", "x:/%41", "-"} {
		if back.MustRule("URI-reference").Match(s) != g.MustRule("URI-reference").Match(s) {
			t.Errorf("%q: the grammar printed back disagrees", s)
		}
	}
}

// TestCompiledRulesAreSafeForConcurrentUse: goroutines matching one new
// rule at once, building its automaton's states as they go, agree with
// the hand-written rule (run with -race).
func TestCompiledRulesAreSafeForConcurrentUse(t *testing.T) {
	g, err := Parse(registry()["rfc3986"].text)
	if err != nil {
		t.Fatal(err)
	}
	r := g.MustRule("URI-reference")
	inputs := []string{"http://a/b?c#d", "//[::1]:80/x", "a:b", "../x?y", "%zz", "http://[v7.x]/", "s://u@1.2.3.4:5/p%41", "http://a b"}
	done := make(chan bool)
	for w := 0; w < 4; w++ {
		go func(w int) {
			ok := true
			for i := 0; i < 200; i++ {
				s := inputs[(i+w)%len(inputs)] + strings.Repeat("/x", i%7)
				ok = ok && r.Match(s) == combinator.URIReference.Match(s)
			}
			done <- ok
		}(w)
	}
	for w := 0; w < 4; w++ {
		if !<-done {
			t.Error("a concurrent match disagreed with combinator.URIReference")
		}
	}
}

// TestIncrementalAlternativesExtendCoreAndImportedRules: "=/" on a rule
// the text does not define with "=" adds to the core or imported rule.
func TestIncrementalAlternativesExtendCoreAndImportedRules(t *testing.T) {
	g, err := Parse("DIGIT =/ \"x\"\na = 1*DIGIT\n")
	if err != nil {
		t.Fatal(err)
	}
	if a := g.MustRule("a"); !a.Match("1x2") || a.Match("y") {
		t.Error("DIGIT =/ \"x\"")
	}
	g, err = ParseWith("segment =/ \"[\"\na = segment\n", RFC3986())
	if err != nil {
		t.Fatal(err)
	}
	if a := g.MustRule("a"); !a.Match("ab") || !a.Match("[") || a.Match("a[") {
		t.Error("segment =/ \"[\"")
	}
	g, err = Parse("a = \"x\" 0( <anything> / b )\n")
	if err != nil {
		t.Fatalf("prose in a group under a zero repetition: %v", err)
	}
	if a := g.MustRule("a"); !a.Match("x") {
		t.Error("0( <anything> / b )")
	}
}

// TestCompiledRulesInHandWrittenOnesCaptureAndRecordEvents: a compiled
// rule inside a Capture of a hand-written rule is captured, and reported
// by Events, as any rule is.
func TestCompiledRulesInHandWrittenOnesCaptureAndRecordEvents(t *testing.T) {
	g, err := Parse(`num = "+" *d DIGIT *d` + "\nd = DIGIT / \"-\"\n")
	if err != nil {
		t.Fatal(err)
	}
	r := combinator.Seq(combinator.Lit("tel:"), combinator.Capture(0, g.MustRule("num")),
		combinator.Opt(combinator.Seq(combinator.Lit(";"), combinator.Capture(1, combinator.Plus(combinator.Class(combinator.AlphaSet))))))
	spans := make([]combinator.Span, 2)
	if !r.Captures("tel:+1-2;ext", spans) {
		t.Fatal("no match")
	}
	if diff := cmp.Diff([]combinator.Span{{Start: 4, End: 8}, {Start: 9, End: 12}}, spans); diff != "" {
		t.Errorf("Captures (-want +got):\n%s", diff)
	}
	events, ok := r.Events("tel:+1")
	if diff := cmp.Diff([]combinator.Event{{Slot: 0, Span: combinator.Span{Start: 4, End: 6}}}, events); !ok || diff != "" {
		t.Errorf("Events (-want +got):\n%s", diff)
	}
}

// TestRegularRulesMatchWithoutAllocating: once its automaton has the
// states an input needs, a regular rule matches it without allocating.
func TestRegularRulesMatchWithoutAllocating(t *testing.T) {
	r := RFC3986Grammar().MustRule("URI-reference")
	inputs := []string{"http://user@example.com:8080/a/b%20c?q=1#f", "//[::1]/x", "../a", "http://a b"}
	for _, s := range inputs {
		r.Match(s)
	}
	if n := testing.AllocsPerRun(100, func() {
		for _, s := range inputs {
			r.Match(s)
		}
	}); n != 0 {
		t.Errorf("Match allocates %v times a run, want 0", n)
	}
}

// TestRulesOfOneGrammarPrepareSafelyAtOnce: goroutines each matching a
// different rule of one new grammar, recursive and regular ones, prepare
// them at once (run with -race).
func TestRulesOfOneGrammarPrepareSafelyAtOnce(t *testing.T) {
	g, err := Parse("list = \"(\" *( item / list ) \")\"\nitem = 1*ALPHA [ \"=\" value ]\nvalue = 1*DIGIT\nword = 1*ALPHA\n")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ rule, in string }{{"list", "(a=1(b)c)"}, {"item", "abc=12"}, {"value", "123"}, {"word", "xyz"}}
	done := make(chan bool)
	for _, tt := range tests {
		go func() {
			r := g.MustRule(tt.rule)
			ok := true
			for i := 0; i < 50; i++ {
				ok = ok && r.Match(tt.in) && r.Check(tt.in) == nil
			}
			done <- ok
		}()
	}
	for range tests {
		if !<-done {
			t.Error("a concurrent match failed")
		}
	}
}

// TestDeepNestingIsAnError: groups nested deeper than the reader's bound
// are an error at the group that passes it, not a deep recursion.
func TestDeepNestingIsAnError(t *testing.T) {
	src := "a = " + strings.Repeat("(", 100000) + `"x"` + strings.Repeat(")", 100000)
	_, err := Parse(src)
	var e *Error
	if !errors.As(err, &e) || e.Line != 1 || e.Column != 5+200 {
		t.Errorf("Parse(deep) = %v", err)
	}
	if _, err := Parse("a = " + strings.Repeat("(", 150) + `"x"` + strings.Repeat(")", 150)); err != nil {
		t.Errorf("Parse(150 deep) = %v", err)
	}
}

// TestMustParsePanicsWithTheError: MustParse returns the grammar Parse
// returns, and panics with Parse's *Error for a text that does not
// compile.
func TestMustParsePanicsWithTheError(t *testing.T) {
	if g := MustParse("a = %xE9\n", WithEncoding(Octets)); !g.MustRule("a").Match("\xe9") {
		t.Error("MustParse with an option")
	}
	defer func() {
		e, ok := recover().(*Error)
		if !ok || e.Line != 1 || e.Column != 9 {
			t.Errorf("panic(%v), want the *Error at 1:9", e)
		}
	}()
	MustParse("a = \"x\" | \"y\"\n")
}
