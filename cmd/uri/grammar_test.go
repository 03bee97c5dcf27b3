package main

import (
	"strings"
	"testing"
)

// grammar -abnf checks inputs against a rule of an ABNF file as the ABNF
// means it: "+1" is a global-number-digits of RFC 3966, whatever the order
// of its repetitions.
func TestGrammarABNFChecksInputs(t *testing.T) {
	out, errOut, status := runCmd(t, "", "grammar", "-abnf", "testdata/tel.abnf", "tel:+1", "tel:+1-201-555-0123", "tel:+")
	if status != 1 || errOut != "" {
		t.Errorf("status %d, stderr %q; want 1 (an input does not match) and nothing", status, errOut)
	}
	for _, want := range []string{`"tel:+1": ok`, `"tel:+1-201-555-0123": ok`, `"tel:+": unexpected end of input at offset 5`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestGrammarABNFPrintsARule(t *testing.T) {
	out, _, status := runCmd(t, "", "grammar", "-abnf", "testdata/tel.abnf", "-rule", "PhoneDigit")
	want := "phonedigit = DIGIT / visual-separator\nDIGIT = %x30-39\nvisual-separator = \"-\" / \".\" / \"(\" / \")\"\n"
	if status != 0 || out != want {
		t.Errorf("status %d, output:\n%s\nwant:\n%s", status, out, want)
	}
	if _, errOut, status := runCmd(t, "", "grammar", "-abnf", "testdata/tel.abnf", "-rule", "nosuch"); status != 2 || !strings.Contains(errOut, "nosuch") {
		t.Errorf("an unknown rule: status %d, stderr %q", status, errOut)
	}
	if _, _, status := runCmd(t, "", "grammar", "-rule", "x"); status != 2 {
		t.Errorf("-rule without -abnf: status %d, want 2", status)
	}
}
