package abnf

import (
	"strconv"
	"strings"
	"testing"
)

// example is an @ok or @bad line of a shipped grammar.
type example struct {
	ok   bool
	rule string
	in   string
	line int
}

// examples reads the @ok and @bad lines of a shipped grammar's text.
func examples(t *testing.T, name, text string) []example {
	var out []example
	for i, line := range strings.Split(text, "\n") {
		f := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), ";"))
		kind, rest, _ := strings.Cut(f, " ")
		if kind != "@ok" && kind != "@bad" {
			continue
		}
		rule, quoted, _ := strings.Cut(strings.TrimSpace(rest), " ")
		in, err := strconv.Unquote(strings.TrimSpace(quoted))
		if err != nil {
			t.Fatalf("%s:%d: %s: %v", name, i+1, quoted, err)
		}
		out = append(out, example{kind == "@ok", rule, in, i + 1})
	}
	return out
}

// TestShippedGrammarsCompileAndAcceptTheirRFCsExamples: every grammar of
// rfc/ compiles, with no warning but those its header names, and accepts
// the examples of its RFC (@ok) and refuses its @bad strings.
func TestShippedGrammarsCompileAndAcceptTheirRFCsExamples(t *testing.T) {
	names := RFCs()
	for _, want := range []string{"rfc1123", "rfc2397", "rfc3339", "rfc3966", "rfc3986", "rfc3987", "rfc5234", "rfc5321",
		"rfc5322", "rfc5646", "rfc5870", "rfc6068", "rfc6570", "rfc8141", "rfc8259", "rfc9110"} {
		if _, err := RFC(want); err != nil {
			t.Errorf("%s: %v", want, err)
		}
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			g, err := RFC(name)
			if err != nil {
				t.Fatal(err)
			}
			s := registry()[name]
			if !strings.Contains(s.text, "; Errata") {
				t.Errorf("the header does not say which errata are applied")
			}
			for _, w := range g.Warnings() {
				if !strings.Contains(s.text, "a warning") {
					t.Errorf("an unexpected warning: %v", w)
				}
			}
			exs := examples(t, name, s.text)
			if len(exs) == 0 {
				t.Fatal("no @ok example")
			}
			for _, ex := range exs {
				r, err := g.Rule(ex.rule)
				if err != nil {
					t.Errorf("line %d: %v", ex.line, err)
					continue
				}
				if err := r.Check(ex.in); (err == nil) != ex.ok {
					t.Errorf("line %d: %s: Check(%q) = %v, want ok %v", ex.line, ex.rule, ex.in, err, ex.ok)
				}
			}
		})
	}
}

// TestRFCNamesAndImports: a shipped grammar is found by "rfc5322",
// "RFC 5322" or "5322"; an unknown name is an error that lists the names;
// ImportRFC gives a text the rules of the grammars named.
func TestRFCNamesAndImports(t *testing.T) {
	for _, name := range []string{"rfc5322", "RFC 5322", "5322", "rfc-5322"} {
		if g, err := RFC(name); err != nil || g != MustRFC("rfc5322") {
			t.Errorf("RFC(%q) = %v", name, err)
		}
	}
	_, err := RFC("rfc9999")
	if err == nil || !strings.Contains(err.Error(), `no shipped grammar "rfc9999" (the grammars are rfc1123, rfc2397,`) {
		t.Errorf("RFC(rfc9999) = %v", err)
	}
	if _, err := ParseWith("a = b", ImportRFC("rfc9999")); err == nil {
		t.Error("ImportRFC of an unknown grammar accepted")
	}
	g, err := ParseWith("from = \"From:\" mailbox-list CRLF\n", ImportRFC("rfc5322"))
	if err != nil {
		t.Fatal(err)
	}
	if !g.MustRule("from").Match("From:John Doe <jdoe@machine.example>, Mary Smith <mary@example.net>\r\n") {
		t.Error("From with RFC 5322's mailbox-list")
	}
	if MustRFC("rfc9110").Encoding() != Octets || MustRFC("rfc8259").Encoding() != Characters {
		t.Error("the encodings of the directives")
	}
}

// TestRegistryRefusesCyclesAndUnknownDirectives: the checks of the
// registry on grammars that import one another in a cycle, import a
// grammar that is not shipped, or hold a directive it does not know.
func TestRegistryRefusesCyclesAndUnknownDirectives(t *testing.T) {
	reg := map[string]*shipped{
		"rfca": {name: "rfca", imports: []string{"rfcb"}},
		"rfcb": {name: "rfcb", imports: []string{"rfca"}},
		"rfcc": {name: "rfcc", imports: []string{"rfcz"}},
	}
	if err := importCycle(reg, reg["rfca"], nil); err == nil || !strings.Contains(err.Error(), "rfca -> rfcb -> rfca") {
		t.Errorf("cycle: %v", err)
	}
	if err := importCycle(reg, reg["rfcc"], nil); err == nil || !strings.Contains(err.Error(), "rfcz, which is not shipped") {
		t.Errorf("unknown import: %v", err)
	}
	for _, text := range []string{"; @encoding bytes\n", "; @lists both\n", "; @frobnicate\n"} {
		s := &shipped{name: "x", text: text}
		if err := s.readDirectives(); err == nil {
			t.Errorf("%q accepted", text)
		}
	}
}
