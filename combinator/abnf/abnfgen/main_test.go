package main

import (
	"os"

	"github.com/seed42851778/rfc3986/combinator/abnf"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunWritesOneFunctionPerRule: abnfgen reads an ABNF file (with RFC
// 3986's rules) and writes a function for each RULE=GoFunc; a bad argument
// or an unknown rule is an error.
func TestRunWritesOneFunctionPerRule(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "tel.abnf")
	if err := os.WriteFile(in, []byte("tel = \"tel:\" segment\nnum = 1*DIGIT\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "tel_gen.go")
	if err := run(in, "tel", out, []abnf.Option{abnf.RFC3986()}, []string{"tel=MatchTel", "num=MatchNum,CheckNum"}); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"package tel", "func MatchTel(s string) bool {", "func MatchNum(s string) bool {", "func CheckNum(s string) error {", "type SyntaxError struct {"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, args := range [][]string{{"tel"}, {"nope=MatchNope"}, {"tel=MatchTel,"}, nil} {
		if err := run(in, "tel", out, []abnf.Option{abnf.RFC3986()}, args); err == nil {
			t.Errorf("run(%q) = nil, want an error", args)
		}
	}
}
