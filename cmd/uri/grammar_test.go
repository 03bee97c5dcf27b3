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

// -list and -short read the ABNF file with -abnf: the names it defines, in
// its order, and one rule's own definition.
func TestGrammarABNFListAndShort(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"grammar", "-abnf", "testdata/tel.abnf", "-list"},
			"telephone-uri\ntelephone-subscriber\nglobal-number-digits\nphonedigit\nvisual-separator\n"},
		{[]string{"grammar", "-abnf", "testdata/tel.abnf", "-rule", "PhoneDigit", "-short"},
			"phonedigit = DIGIT / visual-separator\n"},
		{[]string{"grammar", "-abnf", "testdata/tel.abnf", "-short"},
			"telephone-uri = \"tel:\" telephone-subscriber\n"},
	} {
		out, errOut, status := runCmd(t, "", tc.args...)
		check3(t, tc.args, out, errOut, status, tc.want, "", 0)
	}
}

// What grammar -abnf echoes (a rule name, a file name, an input) shows no
// password that a reading of it sees (browsers read one in
// https:user:pw@host/).
func TestGrammarABNFEchoesNoPassword(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		stdout string
		stderr string
		status int
	}{
		{[]string{"grammar", "-abnf", "testdata/tel.abnf", "-rule", "https://user:s3cr3t@host/"}, "",
			`uri grammar: testdata/tel.abnf: abnf: no rule named "https://user:xxxxx@host/" (the grammar defines telephone-uri, telephone-subscriber, global-number-digits, phonedigit, visual-separator)` + "\n", 2},
		{[]string{"grammar", "-abnf", "testdata/tel.abnf", "-rule", `https:\\user:s3cr3t@host/`}, "",
			`uri grammar: testdata/tel.abnf: abnf: no rule named "https:\\\\user:xxxxx@host/" (the grammar defines telephone-uri, telephone-subscriber, global-number-digits, phonedigit, visual-separator)` + "\n", 2},
		{[]string{"grammar", "-abnf", "https:user:s3cr3t@host/"}, "",
			"uri grammar: open https:user:xxxxx@host/: no such file or directory\n", 1},
		{[]string{"grammar", "-abnf", "testdata/tel.abnf", "https:user:s3cr3t@host/", "blob:https://u:s3cr3t@h/"},
			`"https:user:xxxxx@host/": invalid character 'h' at offset 0 in telephone-uri: expected "tel:"` + "\n" +
				`"blob:https://u:xxxxx@h/": invalid character 'b' at offset 0 in telephone-uri: expected "tel:"` + "\n", "", 1},
	} {
		out, errOut, status := runCmd(t, "", tc.args...)
		check3(t, tc.args, out, errOut, status, tc.stdout, tc.stderr, tc.status)
	}
}
