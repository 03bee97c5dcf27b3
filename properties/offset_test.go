package properties

import (
	"errors"
	"flag"
	"regexp/syntax"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/urigrammar"
	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

// prefixOracle decides, for one rule of Appendix A, whether a string is a
// prefix of some string of the rule: a viable prefix. It runs the
// nondeterministic automaton that regexp/syntax compiles from the rule's
// transcription (oracle_regexp.go), one input byte a step, keeping every
// state a match could be in; a prefix is viable while some state is left
// from which the automaton can still reach its match. Nothing of it comes
// from the engine under test.
type prefixOracle struct {
	prog *syntax.Prog
	live []bool // live[i]: instruction i can reach InstMatch
}

func newPrefixOracle(rule string) *prefixOracle {
	re, err := syntax.Parse(ruleBodies[rule], syntax.Perl)
	if err != nil {
		panic(err)
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		panic(err)
	}
	o := &prefixOracle{prog: prog, live: make([]bool, len(prog.Inst))}
	// Backward reachability from InstMatch, to a fixed point.
	for changed := true; changed; {
		changed = false
		for i, in := range prog.Inst {
			if o.live[i] {
				continue
			}
			l := false
			switch in.Op {
			case syntax.InstMatch:
				l = true
			case syntax.InstAlt, syntax.InstAltMatch:
				l = o.live[in.Out] || o.live[in.Arg]
			case syntax.InstFail:
			default:
				l = o.live[in.Out]
			}
			if l {
				o.live[i], changed = true, true
			}
		}
	}
	return o
}

// add puts instruction pc and what it reaches without consuming input into
// set.
func (o *prefixOracle) add(set map[uint32]bool, pc uint32) {
	if set[pc] || !o.live[pc] {
		return
	}
	set[pc] = true
	in := &o.prog.Inst[pc]
	switch in.Op {
	case syntax.InstAlt, syntax.InstAltMatch:
		o.add(set, in.Out)
		o.add(set, in.Arg)
	case syntax.InstNop, syntax.InstCapture:
		o.add(set, in.Out)
	case syntax.InstEmptyWidth:
		panic("no anchors in the transcription")
	}
}

// viable returns the length of the longest prefix of s that is a prefix of
// some string of the rule. Every byte of the grammar is ASCII, so a byte
// stands for the rune of its value: one of 0x80 or above matches nothing.
func (o *prefixOracle) viable(s string) int {
	cur := map[uint32]bool{}
	o.add(cur, uint32(o.prog.Start))
	for i := 0; i < len(s); i++ {
		next := map[uint32]bool{}
		for pc := range cur {
			in := &o.prog.Inst[pc]
			switch in.Op {
			case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
				if in.MatchRune(rune(s[i])) {
					o.add(next, in.Out)
				}
			}
		}
		if len(next) == 0 {
			return i
		}
		cur = next
	}
	return len(s)
}

var offsetOracles = map[string]*prefixOracle{
	"URI":           newPrefixOracle("URI"),
	"URI-reference": newPrefixOracle("URI-reference"),
	"absolute-URI":  newPrefixOracle("absolute-URI"),
	"relative-ref":  newPrefixOracle("relative-ref"),
}

// TestPrefixOracleSane keeps the oracle honest on cases worked by hand.
func TestPrefixOracleSane(t *testing.T) {
	for _, tc := range []struct {
		rule, s string
		want    int
	}{
		{"URI", "http://a b", 8},
		{"URI", "example.com", 11},             // a scheme so far
		{"URI", "1http:", 0},                   // a scheme starts with a letter
		{"URI-reference", "1http:", 5},         // "1http" is a first segment; then no ":"
		{"relative-ref", "//u@1.2.3.4%4/", 13}, // "//u@1.2.3.4%41" is a reg-name
		{"relative-ref", "//@1.2.3.4%", 11},
		{"URI", "s://@1.2.3.4%4", 14},
		{"URI", "s://[::1", 8},
		{"URI", "s://[::1]x", 9},
		{"absolute-URI", "s:a#b", 3},
		{"URI", "s:a#b#", 5},
		{"URI-reference", "a:b", 3},
		{"relative-ref", "a:b", 1},
		{"URI", "s://h:80a/", 9},    // "h:80a" could be a userinfo: "/" is what cannot be
		{"URI", "s://u@h:80a/", 10}, // no userinfo holds "@"
		{"URI", "s:\xc3\xa9", 2},
	} {
		if got := offsetOracles[tc.rule].viable(tc.s); got != tc.want {
			t.Errorf("%s: viable(%q) = %d, want %d", tc.rule, tc.s, got, tc.want)
		}
	}
}

// offsetFragments make strings that reach the corners of the grammar where a
// diagnosis can stop short: hosts that read as IPv4 then go on, "%" with and
// without its digits, userinfo, brackets, ports.
var offsetFragments = []string{
	"a", "s", "v", "F", "1", "0", "2", "25", "255", "256", "01", ".", ":", "::", "/", "//", "?", "#", "@",
	"[", "]", "%", "%4", "%41", "%g", "1.2.3.4", "1.2.3.", "127.0.0.1", "s:", "s://", "//", "u@", "@",
	"[::1]", "[::1", "[v1.x]", "[v1.", "::ffff:", "1:2:3:4:5:6:7:8", ":80", ":8a", "-", "~", "!", "=",
	" ", "\\", "{", "é", "\x00", "\xff", "..", "./", "../",
}

func genOffsetInput() *rapid.Generator[string] {
	return rapid.OneOf(
		rapid.Custom(func(t *rapid.T) string {
			return strings.Join(rapid.SliceOfN(rapid.SampledFrom(offsetFragments), 1, 10).Draw(t, "parts"), "")
		}),
		rapid.Custom(func(t *rapid.T) string { return Invalid().Draw(t, "near miss").Input }),
		rapid.Custom(func(t *rapid.T) string {
			// An authority: what a userinfo, a host that may read as
			// IPv4address, and what follows it can leave unfinished.
			return rapid.SampledFrom([]string{"//", "s://"}).Draw(t, "start") +
				rapid.SampledFrom([]string{"", "u@", "@", "u:p@", "%41@"}).Draw(t, "userinfo") +
				rapid.SampledFrom([]string{"1.2.3.4", "127.0.0.1", "1.2.3", "h", "[::1]", "[::1", "1.2.3.256",
					"%31.2.3.4", "01.2.3.4", ""}).Draw(t, "host") +
				strings.Join(rapid.SliceOfN(rapid.SampledFrom(offsetFragments), 0, 3).Draw(t, "tail"), "")
		}),
		rapid.Custom(func(t *rapid.T) string {
			// A valid reference with one to three bytes inserted, replaced
			// by a printable ASCII byte, or deleted.
			s := rapid.OneOf(URIReference(), URI(), RelativeRef()).Draw(t, "valid")
			for k := rapid.IntRange(1, 3).Draw(t, "edits"); k > 0; k-- {
				i := rapid.IntRange(0, len(s)).Draw(t, "at")
				b := string([]byte{rapid.ByteRange(0x20, 0x7e).Draw(t, "byte")})
				switch op := rapid.IntRange(0, 2).Draw(t, "op"); {
				case op == 0:
					s = s[:i] + b + s[i:]
				case i == len(s):
				case op == 1:
					s = s[:i] + b + s[i+1:]
				default:
					s = s[:i] + s[i+1:]
				}
			}
			return s
		}),
		rapid.Custom(func(t *rapid.T) string {
			// A valid reference cut short, with a fragment after the cut.
			s := URIReference().Draw(t, "valid")
			i := rapid.IntRange(0, len(s)).Draw(t, "cut")
			return s[:i] + rapid.SampledFrom(offsetFragments).Draw(t, "then")
		}),
	)
}

// offsetRules pairs each top rule with the ways this module diagnoses it:
// the uri package's parse function (generated diagnosis), and Check of the
// interpreter on the combinator package's rule and on the rule with captures
// the uri package is generated from.
var offsetRules = []struct {
	name   string
	parse  func(string) (uri.URI, error)
	checks []*combinator.Rule
}{
	{"URI", uri.Parse, []*combinator.Rule{combinator.URI, urigrammar.URI}},
	{"URI-reference", uri.ParseReference, []*combinator.Rule{combinator.URIReference, urigrammar.URIReference}},
	{"absolute-URI", uri.ParseAbsolute, []*combinator.Rule{combinator.AbsoluteURI, urigrammar.AbsoluteURI}},
	{"relative-ref", uri.ParseRelative, []*combinator.Rule{combinator.RelativeRef, urigrammar.RelativeRef}},
}

// checkOffsets holds every diagnosis of s to the oracle: where s is not of
// a rule, Offset is the length of the longest prefix of s that some string of
// the rule starts with (a viable prefix, and one byte more is not). It
// returns how many rules s was invalid for.
func checkOffsets(t interface {
	Helper()
	Fatalf(string, ...any)
}, s string) int {
	t.Helper()
	n := 0
	for _, r := range offsetRules {
		o := offsetOracles[r.name]
		_, err := r.parse(s)
		if m, _ := MatchRule(r.name, s); m != (err == nil) {
			t.Fatalf("%s %q: error %v, the ABNF says match %v", r.name, s, err, m)
		}
		if err == nil {
			continue
		}
		n++
		want := o.viable(s)
		var pe *uri.ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("%s %q: %T", r.name, s, err)
		}
		if pe.Offset != want {
			t.Fatalf("%s %q: ParseError.Offset = %d, want %d: %q is the longest prefix some %s starts with",
				r.name, s, pe.Offset, want, s[:want], r.name)
		}
		for _, rule := range r.checks {
			var se *combinator.SyntaxError
			if err := rule.Check(s); !errors.As(err, &se) {
				t.Fatalf("%s.Check(%q) = %v, want a *SyntaxError", r.name, s, err)
			}
			if se.Offset != want {
				t.Fatalf("%s.Check(%q): Offset = %d, want %d: %q is the longest prefix some %s starts with",
					r.name, s, se.Offset, want, s[:want], r.name)
			}
		}
	}
	return n
}

// TestOffsetExact: for generated invalid strings and each of the four top
// rules, ParseError.Offset and the interpreter's SyntaxError.Offset are the
// length of the longest prefix of the input that some string of the rule
// starts with, by the automaton of the regexp transcription.
func TestOffsetExact(t *testing.T) {
	var strs, diags atomic.Int64
	rapid.Check(t, func(t *rapid.T) {
		for range 20 {
			s := genOffsetInput().Draw(t, "input")
			if k := checkOffsets(t, s); k > 0 {
				strs.Add(1)
				diags.Add(int64(k))
			}
		}
	})
	t.Logf("%d invalid strings, %d diagnoses (rule and engine) checked", strs.Load(), diags.Load()*3)
}

// TestOffsetExactCases: the faults of issue 13, and neighbours.
func TestOffsetExactCases(t *testing.T) {
	for _, s := range []string{
		"//u@1.2.3.4%4/", "//@1.2.3.4%", "s://@1.2.3.4%4", "//1.2.3.4%4/", "//u@1.2.3.4%", "s://u@1.2.3.4%g",
		"//u@127.0.0.1%", "s://@1.2.3.4%41%", "//u:p@1.2.3.4%4:80", "//u@1.2.3.4:8%",
	} {
		t.Run(s, func(t *testing.T) { checkOffsets(t, s) })
	}
}

func FuzzOffsetExact(f *testing.F) {
	for _, s := range []string{"//u@1.2.3.4%4/", "//@1.2.3.4%", "s://@1.2.3.4%4", "http://a b", "s://[::1", "s://h:80a/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkOffsets(t, s)
	})
}

// TestOffsetExactExhaustive checks every string of up to four bytes (six
// with -offset.depth=6) over the bytes where the grammar branches.
func TestOffsetExactExhaustive(t *testing.T) {
	const alphabet = "a1.%:/?#@[]v "
	depth := *offsetDepth
	if testing.Short() {
		depth = 3
	}
	strs := 0
	var walk func(s string)
	walk = func(s string) {
		if checkOffsets(t, s) > 0 {
			strs++
		}
		if len(s) < depth {
			for i := 0; i < len(alphabet); i++ {
				walk(s + alphabet[i:i+1])
			}
		}
	}
	walk("")
	t.Logf("%d invalid strings of up to %d bytes checked", strs, depth)
}

var offsetDepth = flag.Int("offset.depth", 4, "the length of the strings TestOffsetExactExhaustive enumerates")
