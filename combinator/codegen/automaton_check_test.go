package codegen

import (
	"strings"
	"testing"
	"time"

	"github.com/seed42851778/rfc3986/combinator/abnf"
)

// TestGenerateAutomataIsLinearInStates: an automaton of 7,990 states (a
// chain, which took Moore's minimization as many rounds: 14 s before) is
// written, Check function and all, in well under the time it took; past
// the budget of inputs given to Check, its states say what they expect as
// bytes.
func TestGenerateAutomataIsLinearInStates(t *testing.T) {
	r := abnf.MustParse(`a = 7988("x" / "y")`).MustRule("a")
	start := time.Now()
	src, err := GenerateAutomata("chain", AutomatonFunc{Name: "MatchChain", Rule: r, Check: "CheckChain"})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("%v to write 7,990 states", d)
	}
	for _, want := range []string{"func MatchChain(s string) bool {", "func CheckChain(s string) error {", `"%x58 / %x59 / %x78 / %x79"`, "[7990]bool{"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the source lacks %s", want)
		}
	}
}

// TestCheckFunctionsUseCheckLabels: a small automaton's states say what
// the rule's Check says, its named rules and literals.
func TestCheckFunctionsUseCheckLabels(t *testing.T) {
	g := abnf.MustParse("tel = \"tel:\" 1*digit\ndigit = %x30-39\n")
	src, err := GenerateAutomata("tel", AutomatonFunc{Name: "MatchTel", Rule: g.MustRule("tel"), Check: "CheckTel"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[]string{"\"tel:\""}`, `[]string{"digit"}`, `[]string{"digit", "end of input"}`} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the source lacks %s:\n%s", want, src)
		}
	}
}
