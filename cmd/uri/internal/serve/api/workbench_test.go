package api

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/seed42851778/rfc3986/combinator/abnf"
)

// TestGrammarPlacesCompileErrors checks the line and column of a compile
// error, counted by hand in the text: "|" is the ninth character of line 2.
func TestGrammarPlacesCompileErrors(t *testing.T) {
	for _, tc := range []struct {
		grammar      string
		line, column int
		rules        []abnf.RulePos
	}{
		{"a = \"x\"\nb = \"y\" | \"z\"\n", 2, 9, nil},
		// The column counts characters: the "é" a quoted string cannot
		// hold is the sixth.
		{"a = \"é\"\n", 1, 6, nil},
		// A problem of the grammar as a whole: the rule used and not
		// defined, at line 1, column 9.
		{"a = \"x\" nope\n", 0, 0, []abnf.RulePos{{Name: "nope", Line: 1, Column: 9}}},
	} {
		var r GrammarResponse
		status, answer := do(t, PathGrammar, GrammarRequest{Grammar: tc.grammar}, &r)
		if status != http.StatusOK || r.Error == nil {
			t.Errorf("%q: %d %s, want a compile error", tc.grammar, status, answer)
			continue
		}
		if r.Error.Line != tc.line || r.Error.Column != tc.column {
			t.Errorf("%q: error at %d:%d, want %d:%d (%s)", tc.grammar, r.Error.Line, r.Error.Column, tc.line, tc.column, r.Error.Message)
		}
		if diff := cmp.Diff(tc.rules, r.Error.Rules); diff != "" {
			t.Errorf("%q: rules (-want +got):\n%s", tc.grammar, diff)
		}
	}
}

// TestGrammarChecksTests checks the farthest failure of refused strings and
// the tree of an accepted one, against the ABNF read by hand.
func TestGrammarChecksTests(t *testing.T) {
	const g = "greeting = \"hi:\" name *( \",\" name )\nname = 1*( ALPHA / DIGIT )\n"
	var r GrammarResponse
	do(t, PathGrammar, GrammarRequest{Grammar: g, Tests: []string{"hi:ann,bob", "hi:ann,", "hé:x", "hi:a😀"}}, &r)
	if r.Rule != "greeting" || !slices.Equal(r.Rules, []string{"greeting", "name"}) {
		t.Fatalf("rule %q of %q", r.Rule, r.Rules)
	}
	want := []TestResult{
		{Accepted: true, Tree: &Tree{Name: "greeting", Start: 0, End: 10, Children: []*Tree{
			{Name: "name", Start: 3, End: 6}, {Name: "name", Start: 7, End: 10},
		}}},
		// After "," a name must follow: at the end, offset 7.
		{Failure: &Failure{Offset: 7, Start: 7, End: 7, Expected: []string{"name"}}},
		// "hi:" is a literal: it fails at its first byte that differs,
		// the "é" at byte 1, expecting the rest of the literal.
		{Failure: &Failure{Offset: 1, Start: 1, End: 2, Expected: []string{`"i:"`}}},
		// The emoji is bytes 4 to 8, UTF-16 units 4 to 6.
		{Failure: &Failure{Offset: 4, Start: 4, End: 6, Expected: []string{"ALPHA", "DIGIT", `","`, "end of input"}}},
	}
	opts := cmpopts.IgnoreFields(Failure{}, "Found", "In", "Message")
	if diff := cmp.Diff(want, r.Results, opts, cmpopts.SortSlices(func(a, b string) bool { return a < b })); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
}

// TestGrammarDoesNotEchoTests checks that no byte of a test string comes
// back: the page places the results in its own copy.
func TestGrammarDoesNotEchoTests(t *testing.T) {
	tests := []string{"http://user:s3cr3t@host/", "http://u:s3cr3t@a b/", "<script>x</script>", "http://h/\x00"}
	_, answer := do(t, PathGrammar, GrammarRequest{Grammar: presets()[0].Text, Tests: tests}, nil)
	for _, s := range []string{"s3cr3t", "<", "script", `\u0000`} {
		if strings.Contains(answer, s) {
			t.Errorf("the answer holds %q", s)
		}
	}
}

// TestTreeLeavesOutCharRules checks the rules a tree of RFC 3986's URI keeps
// by default: those that can match more than one character (RFC 3986
// Appendix A), not ALPHA, DIGIT, HEXDIG, unreserved or sub-delims, nor pchar,
// a choice of those and pct-encoded.
func TestTreeLeavesOutCharRules(t *testing.T) {
	got := treeNames(abnf.RFC3986Grammar().MustRule("URI"), false)
	for _, n := range []string{"scheme", "hier-part", "authority", "host", "port", "segment", "pct-encoded", "query", "fragment", "IPv6address", "h16"} {
		if !slices.Contains(got, n) {
			t.Errorf("%s left out of %q", n, got)
		}
	}
	for _, n := range []string{"ALPHA", "DIGIT", "HEXDIG", "unreserved", "sub-delims", "pchar", "gen-delims"} {
		if slices.Contains(got, n) {
			t.Errorf("%s kept in %q", n, got)
		}
	}
	all := treeNames(abnf.RFC3986Grammar().MustRule("URI"), true)
	if !slices.Contains(all, "ALPHA") || !slices.Contains(all, "pchar") {
		t.Errorf("with the character rules: %q", all)
	}
}

// TestGenerateDrawsStringsAndNearMisses checks rulegen's draws against the
// rule itself: every example matches, no near miss does.
func TestGenerateDrawsStringsAndNearMisses(t *testing.T) {
	var r GenerateResponse
	status, answer := do(t, PathGenerate, GenerateRequest{Grammar: presets()[0].Text, Rule: "URI", Count: 8, Seed: 1}, &r)
	if status != http.StatusOK {
		t.Fatal(answer)
	}
	rule := abnf.RFC3986Grammar().MustRule("URI")
	if len(r.Examples) == 0 || len(r.NearMisses) == 0 {
		t.Fatalf("nothing drawn: %+v", r)
	}
	for _, s := range r.Examples {
		if !rule.Match(s) {
			t.Errorf("example %q is not a URI", s)
		}
	}
	for _, s := range r.NearMisses {
		if rule.Match(s) {
			t.Errorf("near miss %q is a URI", s)
		}
	}
}

// TestPresetsCompile checks that each grammar of the menu compiles, names
// its rule, and that the RFC 3986 one accepts what abnf.RFC3986Grammar
// accepts.
func TestPresetsCompile(t *testing.T) {
	for _, p := range Presets() {
		g, err := abnf.ParseWith(p.Text, abnf.RFC3986())
		if err != nil {
			t.Errorf("%s: %v", p.ID, err)
			continue
		}
		if _, err := g.Rule(p.Rule); err != nil {
			t.Errorf("%s: %v", p.ID, err)
		}
	}
	g, _ := abnf.Parse(Presets()[0].Text)
	mine, theirs := g.MustRule("URI-reference"), abnf.RFC3986Grammar().MustRule("URI-reference")
	for _, s := range []string{"http://a/b?c#d", "//[v1.x]:8/", "a:b", "http://a b", "%zz", "http://[::1:2:3:4:5:6:7:8]/"} {
		if mine.Match(s) != theirs.Match(s) {
			t.Errorf("%q: the preset says %v, abnf.RFC3986Grammar %v", s, mine.Match(s), theirs.Match(s))
		}
	}
}

// TestGrammarFallsBackToTheFirstRule checks that a rule the text does not
// define (the page keeps its choice while the grammar is edited; RFC 3986's
// URI-reference can be named, not checked) gives the text's first rule.
func TestGrammarFallsBackToTheFirstRule(t *testing.T) {
	var r GrammarResponse
	do(t, PathGrammar, GrammarRequest{Grammar: "a = \"x\" URI-reference\nb = \"y\"\n", Rule: "URI-reference", Tests: []string{"x//h"}}, &r)
	if r.Rule != "a" || len(r.Results) != 1 || !r.Results[0].Accepted {
		t.Errorf("rule %q, results %+v; want a, accepting x//h", r.Rule, r.Results)
	}
	do(t, PathGrammar, GrammarRequest{Grammar: "a = \"x\"\nb = \"y\"\n", Rule: "B"}, &r)
	if r.Rule != "b" {
		t.Errorf("rule %q, want b (names are case-insensitive)", r.Rule)
	}
}
