package rulegen_test

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/combinator/abnf"
	"github.com/seed42851778/rfc3986/properties/rulegen"
	"pgregory.net/rapid"
)

// The experiment of issue 41: a validator of media types (RFC 9110
// §8.3.1: type "/" subtype parameters) with a planted bug, a split on ";"
// that does not see quoted strings, so that it refuses a/a;a=";". How
// often do 100 checks of Strings find the bug, and to what does rapid
// shrink it?

// buggyMediaType reports whether s is a media type, but splits the
// parameters on every ";", inside quoted strings too (the planted bug).
func buggyMediaType(s string) bool {
	parts := strings.Split(s, ";")
	typ, sub, ok := strings.Cut(strings.TrimRight(parts[0], " \t"), "/")
	if !ok || !isToken(typ) || !isToken(sub) {
		return false
	}
	for _, p := range parts[1:] {
		p = strings.Trim(p, " \t")
		if p == "" {
			continue // an empty parameter (RFC 9110 §5.6.6)
		}
		name, value, ok := strings.Cut(p, "=")
		if !ok || !isToken(name) || !isToken(value) && !isQuotedString(value) {
			return false
		}
	}
	return true
}

// isToken reports whether s is a token (RFC 9110 §5.6.2).
func isToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return s != ""
}

// isQuotedString reports whether s is a quoted-string (RFC 9110 §5.6.4).
func isQuotedString(s string) bool {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
			if i == len(s)-1 || s[i] != '\t' && s[i] < ' ' || s[i] == 0x7F {
				return false
			}
		case c == '"' || c < ' ' && c != '\t' || c == 0x7F:
			return false
		}
	}
	return true
}

// recorder is a rapid.TB that records a failure instead of failing.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()                           {}
func (r *recorder) Logf(format string, args ...any)   {}
func (r *recorder) Log(args ...any)                   {}
func (r *recorder) Errorf(format string, args ...any) { r.failed = true }
func (r *recorder) Error(args ...any)                 { r.failed = true }
func (r *recorder) Fatalf(format string, args ...any) { r.failed = true }
func (r *recorder) Fatal(args ...any)                 { r.failed = true }
func (r *recorder) Fail()                             { r.failed = true }
func (r *recorder) FailNow()                          { r.failed = true }
func (r *recorder) Failed() bool                      { return r.failed }

// setFlag sets a flag of rapid for the test, and restores it after.
func setFlag(t *testing.T, name, value string) {
	f := flag.Lookup(name)
	old := f.Value.String()
	if err := f.Value.Set(value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Value.Set(old) })
}

// TestStringsFindThePlantedBugOfAMediaTypeValidator: in at least 19 of 20
// runs of 100 checks (seeds 1 to 20), Strings of RFC 9110's media-type
// finds the planted bug, and rapid shrinks each counterexample to a
// shortest one, 9 bytes (a/a;a=";", its characters the least of their
// sets). The validator is right on every string without ";" in quotes.
func TestStringsFindThePlantedBugOfAMediaTypeValidator(t *testing.T) {
	if testing.Short() {
		t.Skip("20 runs of 100 checks and their shrinking")
	}
	mediaType := abnf.MustRFC("rfc9110").MustRule("media-type")
	for _, s := range []string{"a/a;a=\";\"", "text/html;charset=\"utf-8\"", "a/b ; ; c=d", "a/b;c=\"\\\"\xff\""} {
		if !mediaType.Match(s) {
			t.Fatalf("%q is no media-type", s)
		}
		if buggyMediaType(s) != !strings.Contains(s, "\";") {
			t.Fatalf("the validator on %q", s)
		}
	}
	setFlag(t, "rapid.checks", "100")
	setFlag(t, "rapid.nofailfile", "true")
	gen := rulegen.Strings(mediaType)
	found, shortest := 0, 0
	var minimal []string
	for seed := 1; seed <= 20; seed++ {
		setFlag(t, "rapid.seed", fmt.Sprint(seed))
		var last string
		tb := &recorder{TB: t}
		rapid.Check(tb, func(rt *rapid.T) {
			s := gen.Draw(rt, "s")
			if !buggyMediaType(s) {
				last = s
				rt.Fatalf("refused %q", s)
			}
		})
		if tb.failed {
			found++
			minimal = append(minimal, last)
			if len(last) == 9 {
				shortest++
			}
		}
	}
	t.Logf("found in %d of 20 runs, shrunk to 9 bytes in %d: %q", found, shortest, minimal)
	if found < 19 || shortest != found {
		t.Errorf("found in %d of 20 runs, shrunk to 9 bytes in %d: %q", found, shortest, minimal)
	}
}
