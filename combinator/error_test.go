package combinator

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestSyntaxErrorFields(t *testing.T) {
	sorted := cmpopts.SortSlices(func(a, b string) bool { return a < b })
	for _, c := range []struct {
		rule *Rule
		in   string
		want SyntaxError // Input is filled in; Expected as a set; nil Expected: not compared
	}{
		{URIReference, "http://a b", SyntaxError{Offset: 8, Rule: "URI-reference", In: "",
			Expected: []string{"unreserved", "pct-encoded", "sub-delims", `":"`, `"@"`, `"/"`, `"?"`, `"#"`, "end of input"}}},
		{URIReference, "a:b c", SyntaxError{Offset: 3, Rule: "URI-reference", In: "",
			Expected: []string{"pchar", `"/"`, `"?"`, `"#"`, "end of input"}}},
		{IPv4Address, "1.2.3", SyntaxError{Offset: 5, Rule: "IPv4address", In: "IPv4address",
			Expected: []string{"DIGIT", `"."`}}},
		// The rule explained is not its own expectation: what it starts with is.
		{Scheme, "1abc", SyntaxError{Offset: 0, Rule: "scheme", In: "scheme", Expected: []string{"ALPHA"}}},
		{Scheme, "", SyntaxError{Offset: 0, Rule: "scheme", In: "scheme", Expected: []string{"ALPHA"}}},
		{URI, "/x", SyntaxError{Offset: 0, Rule: "URI", In: "URI", Expected: []string{"scheme"}}},
		// A Not that fails is expected itself; a Peek that succeeds records nothing.
		{Seq(Lit("if"), Not(ALPHA)), "ifx", SyntaxError{Offset: 2, Rule: `%s"if" !ALPHA`, Expected: []string{"!ALPHA"}}},
		{Seq(Peek(Plus(DIGIT)), DIGIT), "12", SyntaxError{Offset: 1, Rule: "&( 1*DIGIT ) DIGIT", Expected: []string{"end of input"}}},
		{Seq(Peek(Lit("ab")), Lit("a"), Lit("c")), "ax", SyntaxError{Offset: 1, Rule: `&%s"ab" %s"a" %s"c"`, Expected: []string{`%s"b"`}}},
		// A literal fails at its first byte that differs, expecting its tail.
		{Seq(Lit("abc"), End), "abx", SyntaxError{Offset: 2, Rule: `%s"abc" <end>`, Expected: []string{`%s"c"`}}},
		{Seq(LitFold("HeLLo"), End), "hEx", SyntaxError{Offset: 2, Rule: `"HeLLo" <end>`, Expected: []string{`"LLo"`}}},
		{IPv6Address, ":1]", SyntaxError{Offset: 1, Rule: "IPv6address", In: "IPv6address", Expected: []string{`":"`}}},
		{Port, "80a", SyntaxError{Offset: 2, Rule: "port", In: "", Expected: []string{"DIGIT", "end of input"}}},
		{PctEncoded, "%4g", SyntaxError{Offset: 2, Rule: "pct-encoded", In: "pct-encoded", Expected: []string{"HEXDIG"}}},
		{Host, "[v1.]", SyntaxError{Offset: 4, Rule: "host", In: "IPvFuture", Expected: []string{"unreserved", "sub-delims", `":"`}}},
		{URI, "http://[::1/", SyntaxError{Offset: 11, Rule: "URI"}},
		{URIReference, "a\xffb", SyntaxError{Offset: 1, Rule: "URI-reference"}},
		{URIReference, "http://é", SyntaxError{Offset: 7, Rule: "URI-reference"}},
		{URIReference, "http://[::1]x", SyntaxError{Offset: 12, Rule: "URI-reference"}},
		{Seq(Lit("a"), End), "ab", SyntaxError{Offset: 1, Rule: `%s"a" <end>`, Expected: []string{"end of input"}}},
		{Named("pair", Seq(Lit("a"), Lit("b"))), "ac", SyntaxError{Offset: 1, Rule: "pair", In: "pair",
			Expected: []string{`%s"b"`}}},
	} {
		err := c.rule.Check(c.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s.Check(%q) = %v, want a *SyntaxError", c.rule.Name(), c.in, err)
			continue
		}
		want := c.want
		want.Input = c.in
		got := *se
		if want.Expected == nil {
			got.Expected, got.In = nil, ""
		}
		if diff := cmp.Diff(want, got, sorted); diff != "" {
			t.Errorf("%s.Check(%q) (-want +got):\n%s", c.rule.Name(), c.in, diff)
		}
		if ex := c.rule.Explain(c.in); ex == nil || ex.Offset != se.Offset {
			t.Errorf("Explain and Check differ on %q", c.in)
		}
	}
	// Wrapped, errors.As still finds it.
	var se *SyntaxError
	if err := fmt.Errorf("parsing: %w", URI.Check("s:a b")); !errors.As(err, &se) || se.Offset != 3 {
		t.Errorf("errors.As on a wrapped error: %v", err)
	}
	if URI.Check("s:a") != nil || URI.Explain("s:a") != nil {
		t.Error("a match has an error")
	}
}

// TestSyntaxErrorOffsetIsFarthest checks, on a table of inputs, that the
// offset is the length of the longest prefix of the input that some string
// of the rule's language starts with (computed here with the regexp oracle).
func TestSyntaxErrorOffsetIsFarthest(t *testing.T) {
	if raceEnabled {
		t.Skip("slow under the race detector; nothing concurrent in it")
	}
	for _, in := range []string{"http://a b", "a:b c", "http://[::1/", "//u@h:8x/", "s://[v1.x]]", "?a#b#c",
		"http://a/%4", "http://a/%", "1:2", "s:/a?b#c d", "//[::1]:80x"} {
		se := URIReference.Explain(in)
		if se == nil {
			t.Fatalf("%q matches", in)
		}
		want := viablePrefix(in)
		if se.Offset != want {
			t.Errorf("Explain(%q).Offset = %d, want %d", in, se.Offset, want)
		}
	}
}

// viablePrefix returns the length of the longest prefix p of in such that
// some URI-reference starts with p, by extending p with every byte sequence
// of up to four bytes of a small alphabet and asking the regexp oracle.
func viablePrefix(in string) int {
	re := ruleREs[0].re // URI-reference
	const alpha = "a1:/?#[]@%F.v"
	var ext func(p string, depth int) bool
	ext = func(p string, depth int) bool {
		if re.MatchString(p) {
			return true
		}
		if depth == 0 {
			return false
		}
		for i := 0; i < len(alpha); i++ {
			if ext(p+alpha[i:i+1], depth-1) {
				return true
			}
		}
		return false
	}
	for n := len(in); n >= 0; n-- {
		if ext(in[:n], 4) {
			return n
		}
	}
	return 0
}

func TestSyntaxErrorMessage(t *testing.T) {
	msg := URIReference.Check("http://a b").Error()
	if !strings.HasPrefix(msg, "invalid character ' ' at offset 8 in URI-reference: expected ") ||
		!strings.HasSuffix(msg, " or end of input") {
		t.Errorf("message %q", msg)
	}
	e := &SyntaxError{Input: "ab", Offset: 1, Rule: "r", In: "inner", Expected: []string{"x", `"y"`}}
	if got, want := e.Error(), `invalid character 'b' at offset 1 in inner: expected x or "y"`; got != want {
		t.Errorf("Error() = %s, want %s", got, want)
	}
	e.In = ""
	if got, want := e.Error(), `invalid character 'b' at offset 1 in r: expected x or "y"`; got != want {
		t.Errorf("Error() = %s, want %s", got, want)
	}
	e.Offset = 2
	if got := e.Found(); got != "unexpected end of input" {
		t.Errorf("Found() = %s", got)
	}
	// DescribeAt and JoinExpected are internal/errtext's, tested there.
	if got, want := DescribeAt("é", 0), "invalid character 'é' (UTF-8 0xC3 0xA9)"; got != want {
		t.Errorf("DescribeAt = %s, want %s", got, want)
	}
	if got, want := JoinExpected([]string{"a", "b", "c"}), "a, b or c"; got != want {
		t.Errorf("JoinExpected = %s, want %s", got, want)
	}
}

// TestExplainNeverPanics runs the diagnosis on the rules and odd inputs; its
// labels are unique and its offset within the input.
func TestExplainNeverPanics(t *testing.T) {
	for _, in := range []string{"", "\x00", "\xff", "[", "%", "%%%", "http://[", "//[::", "a:b:c:d e", strings.Repeat("[", 1000)} {
		for _, x := range ruleREs {
			if se := x.rule.Explain(in); se != nil {
				_ = se.Error()
				seen := map[string]bool{}
				for _, l := range se.Expected {
					if seen[l] {
						t.Errorf("%s.Explain(%q): %q twice", x.rule.Name(), in, l)
					}
					seen[l] = true
				}
				if se.Offset < 0 || se.Offset > len(in) {
					t.Errorf("%s.Explain(%q).Offset = %d", x.rule.Name(), in, se.Offset)
				}
			}
		}
	}
}

func TestSyntaxErrorOfUserGrammarIsBoundedAndEscaped(t *testing.T) {
	huge := strings.Repeat("x", 16<<20)
	alts := make([]*Rule, 5000)
	for i := range alts {
		alts[i] = Named(fmt.Sprintf("alt%d\u202E", i), Lit(fmt.Sprintf("q%d", i)))
	}
	for name, r := range map[string]*Rule{
		"a 16 MiB literal":               Seq(Lit("a"), Lit(huge)),
		"a name with a bidi control":     Named("na\u202Eme", Seq(Lit("a"), Named("in\u2066ner\x1b[31m", Lit("bc")))),
		"5,000 alternatives named oddly": Seq(Lit("a"), Alt(alts...)),
	} {
		err := r.Check("ab")
		if err == nil {
			t.Fatalf("%s: no error", name)
		}
		for _, form := range []string{err.Error(), fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err), fmt.Sprintf("%q", err)} {
			if len(form) > MaxMessage+2*labelMax {
				t.Errorf("%s: a form of %d bytes: %.100s…", name, len(form), form)
			}
			if strings.ContainsAny(form, "\u202E\u2066\x1b") {
				t.Errorf("%s: a control or bidi character printed raw: %q", name, form)
			}
		}
	}
}
