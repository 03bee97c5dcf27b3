package combinator

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/internal/ruletest"
)

// prefixCase is a rule on an input with its expected prefix match.
type prefixCase struct {
	in string
	n  int // -1: no match
}

// checkPrefix asserts Prefix, MatchAt at 0, Match and the plain
// (unprepared) matcher on every case.
func checkPrefix(t *testing.T, name string, r *Rule, cases ...prefixCase) {
	t.Helper()
	for _, c := range cases {
		n, matched := r.Prefix(c.in)
		if !matched {
			n = -1
		}
		if n != c.n {
			t.Errorf("%s.Prefix(%q) = %d, want %d", name, c.in, n, c.n)
		}
		if got := r.MatchAt(c.in, 0); got != c.n {
			t.Errorf("%s.MatchAt(%q, 0) = %d, want %d", name, c.in, got, c.n)
		}
		if got, want := r.Match(c.in), c.n == len(c.in); got != want {
			t.Errorf("%s.Match(%q) = %v, want %v", name, c.in, got, want)
		}
		if got := plainMatch(r, c.in, 0, nil); got != c.n {
			t.Errorf("%s plain match(%q) = %d, want %d", name, c.in, got, c.n)
		}
	}
}

func TestConstructors(t *testing.T) {
	ab := Lit("ab")
	checkPrefix(t, "Lit", ab, prefixCase{"ab", 2}, prefixCase{"abc", 2}, prefixCase{"a", -1},
		prefixCase{"AB", -1}, prefixCase{"", -1}, prefixCase{"xab", -1})
	checkPrefix(t, "Lit1", Lit("/"), prefixCase{"/", 1}, prefixCase{"//", 1}, prefixCase{"", -1})
	checkPrefix(t, "LitEmpty", Lit(""), prefixCase{"", 0}, prefixCase{"x", 0})
	checkPrefix(t, "LitFold", LitFold("mailto:"), prefixCase{"mailto:", 7}, prefixCase{"MailTo:x", 7},
		prefixCase{"MAILTO:", 7}, prefixCase{"mailto;", -1}, prefixCase{"mail", -1})
	checkPrefix(t, "LitFold1", LitFold("v"), prefixCase{"v", 1}, prefixCase{"V", 1}, prefixCase{"w", -1})
	checkPrefix(t, "LitFoldNonLetter", LitFold("1@"), prefixCase{"1@", 2}, prefixCase{"1`", -1})
	// Only ASCII letters fold: not "é" and "É", nor "μ" and "µ" (U+00B5),
	// nor two invalid bytes, whether the literal stands alone or in a choice.
	checkPrefix(t, "LitFoldNonASCII", LitFold("é"), prefixCase{"é", 2}, prefixCase{"É", -1})
	checkPrefix(t, "LitFoldMu", Alt(LitFold("μ"), Lit("x")), prefixCase{"μ", 2}, prefixCase{"µ", -1})
	checkPrefix(t, "LitFoldInvalid", LitFold("\xff"), prefixCase{"\xff", 1}, prefixCase{"\xfe", -1})
	checkPrefix(t, "Class", Class(Chars("xy")), prefixCase{"x", 1}, prefixCase{"yx", 1},
		prefixCase{"z", -1}, prefixCase{"", -1}, prefixCase{"X", -1})
	checkPrefix(t, "ClassEmpty", Class(CharSet{}), prefixCase{"a", -1}, prefixCase{"", -1})
	checkPrefix(t, "Seq", Seq(Lit("a"), Class(DigitSet), Lit("b")), prefixCase{"a1b", 3},
		prefixCase{"a1bc", 3}, prefixCase{"a1", -1}, prefixCase{"ab", -1})
	checkPrefix(t, "SeqEmpty", Seq(), prefixCase{"", 0}, prefixCase{"a", 0})
	checkPrefix(t, "Alt", Alt(Lit("a"), Lit("ab"), Lit("b")), prefixCase{"ab", 1},
		prefixCase{"b", 1}, prefixCase{"c", -1}, prefixCase{"", -1})
	checkPrefix(t, "AltLongestFirst", Alt(Lit("ab"), Lit("a")), prefixCase{"ab", 2}, prefixCase{"ac", 1})
	checkPrefix(t, "AltEmpty", Alt(), prefixCase{"", -1}, prefixCase{"a", -1})
	checkPrefix(t, "AltNullable", Alt(Lit("a"), Lit("")), prefixCase{"a", 1}, prefixCase{"b", 0}, prefixCase{"", 0})
	checkPrefix(t, "Opt", Opt(Lit("a")), prefixCase{"a", 1}, prefixCase{"b", 0}, prefixCase{"", 0},
		prefixCase{"aa", 1})
	checkPrefix(t, "Star", Star(Lit("ab")), prefixCase{"", 0}, prefixCase{"ab", 2},
		prefixCase{"ababa", 4}, prefixCase{"x", 0})
	checkPrefix(t, "Plus", Plus(Class(DigitSet)), prefixCase{"", -1}, prefixCase{"1", 1},
		prefixCase{"123x", 3}, prefixCase{"x", -1})
	checkPrefix(t, "Rep2-3", Rep(2, 3, Lit("a")), prefixCase{"a", -1}, prefixCase{"aa", 2},
		prefixCase{"aaa", 3}, prefixCase{"aaaa", 3}, prefixCase{"", -1})
	checkPrefix(t, "Rep2-3seq", Rep(2, 3, Lit("ab")), prefixCase{"ab", -1}, prefixCase{"abab", 4},
		prefixCase{"abababab", 6})
	checkPrefix(t, "Rep0-0", Rep(0, 0, Lit("a")), prefixCase{"a", 0}, prefixCase{"", 0})
	checkPrefix(t, "Rep3", Rep(3, 3, Class(DigitSet)), prefixCase{"12", -1}, prefixCase{"1234", 3})
	checkPrefix(t, "Rep2*", Rep(2, Unbounded, Class(DigitSet)), prefixCase{"1", -1}, prefixCase{"12345", 5})
	checkPrefix(t, "Rep2*seq", Rep(2, Unbounded, Seq(Lit("a"), Lit("b"))), prefixCase{"ab", -1},
		prefixCase{"ababab", 6})
	checkPrefix(t, "Rep*1pct", Rep(0, 1, PctEncoded), prefixCase{"%41%42", 3}, prefixCase{"%4", 0})
	checkPrefix(t, "Rep1-2pct", Rep(1, 2, PChar), prefixCase{"%41%42%43", 6}, prefixCase{"%", -1},
		prefixCase{"a%4", 1})
	checkPrefix(t, "Not", Seq(Not(Lit("ab")), Class(AlphaSet)), prefixCase{"ac", 1},
		prefixCase{"ab", -1}, prefixCase{"b", 1})
	checkPrefix(t, "Peek", Seq(Peek(Lit("ab")), Class(AlphaSet)), prefixCase{"ab", 1},
		prefixCase{"ac", -1})
	checkPrefix(t, "End", Seq(Lit("a"), End), prefixCase{"a", 1}, prefixCase{"ab", -1})
	checkPrefix(t, "EndAlone", End, prefixCase{"", 0}, prefixCase{"x", -1})
	digits := Func("digits", func(in string, pos int) int {
		e := pos
		for e < len(in) && in[e] >= '0' && in[e] <= '9' {
			e++
		}
		if e == pos {
			return -1
		}
		return e
	})
	checkPrefix(t, "Func", Seq(Lit("#"), digits, Lit(";")), prefixCase{"#12;", 4},
		prefixCase{"#;", -1}, prefixCase{"#1x", -1})
	// A Func that returns an offset out of range fails instead of panicking.
	for _, e := range []int{-5, -1, 100} {
		e := e
		f := Func("bad", func(string, int) int { return e })
		checkPrefix(t, "FuncOutOfRange", Seq(Lit("a"), f), prefixCase{"ab", -1})
	}
	back := Func("back", func(in string, pos int) int { return pos - 1 })
	checkPrefix(t, "FuncBackwards", Seq(Lit("a"), back), prefixCase{"ab", -1})
	// A rule of one grammar as the terminal of another, through MatchAt.
	checkPrefix(t, "FuncMatchAt", Seq(Lit("<"), Func("IPv6address", IPv6Address.MatchAt), Lit(">")),
		prefixCase{"<::1>", 5}, prefixCase{"<:::>", -1})
	named := Named("pair", Seq(Lit("a"), Lit("b")))
	checkPrefix(t, "Named", named, prefixCase{"ab", 2}, prefixCase{"a", -1})
	if named.Name() != "pair" || Lit("x").Name() != "" {
		t.Error("Name wrong")
	}
	renamed := Named("couple", named)
	if renamed.Name() != "couple" || named.Name() != "pair" {
		t.Error("Named changed its argument")
	}
	checkPrefix(t, "Renamed", renamed, prefixCase{"ab", 2})
	checkPrefix(t, "CaseSeq", Seq(LitFold("ab"), Opt(Lit("c")), Lit("d")), prefixCase{"ABd", 3},
		prefixCase{"abcd", 4}, prefixCase{"abe", -1})
}

func TestNullableRepetitionTerminates(t *testing.T) {
	for _, r := range []*Rule{
		Star(Lit("")), Star(Opt(Lit("a"))), Star(Star(Lit("a"))), Plus(Opt(Lit("a"))),
		Rep(3, 5, Opt(Lit("a"))), Star(Seq()), Star(Not(Lit("x"))), Star(Peek(Lit("a"))),
		Star(Func("empty", func(_ string, pos int) int { return pos })), Star(End), Star(Capture(0, Opt(Lit("a")))),
	} {
		for _, in := range []string{"", "a", "aaa", "b"} {
			n, matched := r.Prefix(in)
			if p := plainMatch(r, in, 0, nil); !matched || p != n {
				t.Errorf("%v.Prefix(%q) = %d, %v; plain %d", r, in, n, matched, p)
			}
			r.Captures(in, make([]Span, 1))
		}
	}
	if n, _ := Rep(3, 5, Opt(Lit("a"))).Prefix("ab"); n != 1 {
		t.Errorf("Rep(3, 5, [a]) on ab = %d, want 1", n)
	}
}

func TestMatchPrefixMatchAtCheck(t *testing.T) {
	r := Plus(Class(DigitSet))
	if !r.Match("123") || r.Match("12a") || r.Match("") {
		t.Error("Match")
	}
	if n, ok := r.Prefix("12a"); n != 2 || !ok {
		t.Errorf("Prefix = %d, %v", n, ok)
	}
	if n, ok := r.Prefix("a"); ok || n >= 0 {
		t.Errorf("Prefix(a) = %d, %v", n, ok)
	}
	for _, c := range []struct {
		in   string
		pos  int
		want int
	}{
		{"ab12c", 2, 4}, {"ab12c", 0, -1}, {"ab12c", 4, -1}, {"ab12c", 5, -1}, {"ab12c", 6, -1},
		{"ab12c", -1, -1}, {"123", 1, 3}, {"", 0, -1},
	} {
		if got := r.MatchAt(c.in, c.pos); got != c.want {
			t.Errorf("MatchAt(%q, %d) = %d, want %d", c.in, c.pos, got, c.want)
		}
	}
	if got := Opt(Lit("a")).MatchAt("xyz", 3); got != 3 {
		t.Errorf("MatchAt at the end = %d, want 3", got)
	}
	if err := r.Check("123"); err != nil {
		t.Errorf("Check(123) = %v", err)
	}
	if err := r.Check("12a"); err == nil {
		t.Error("Check(12a) = nil")
	}
	if r.Explain("123") != nil {
		t.Error("Explain of a match is not nil")
	}
}

func TestCaptures(t *testing.T) {
	a, b := Capture(0, Plus(Lit("a"))), Capture(1, Plus(Lit("b")))
	for _, c := range []struct {
		name  string
		rule  *Rule
		in    string
		slots int
		ok    bool
		want  []Span
	}{
		{"both", Seq(a, b), "aabbb", 2, true, []Span{{0, 2}, {2, 5}}},
		{"slot not taking part", Seq(a, Opt(b)), "aa", 2, true, []Span{{0, 2}, NoSpan}},
		{"fewer slots", Seq(a, b), "ab", 1, true, []Span{{0, 1}}},
		{"more slots", Seq(a, b), "ab", 4, true, []Span{{0, 1}, {1, 2}, NoSpan, NoSpan}},
		{"no slots", Seq(a, b), "ab", 0, true, []Span{}},
		{"rollback in failed alternative", Alt(Seq(a, Lit("x")), Seq(Lit("a"), b)), "ab", 2, true,
			[]Span{NoSpan, {1, 2}}},
		{"rollback of an overwritten slot", Seq(Capture(0, Lit("a")), Alt(Seq(Capture(0, Lit("b")), Lit("x")), Lit("b"))),
			"ab", 1, true, []Span{{0, 1}}},
		{"last capture wins", Star(Capture(0, Class(AlphaSet))), "xyz", 1, true, []Span{{2, 3}}},
		{"repetition rolls back its failed iteration", Star(Seq(Capture(0, Lit("a")), Lit("b"))), "abababa", 1,
			false, nil},
		{"repetition keeps the last good iteration", Seq(Star(Seq(Capture(0, Lit("a")), Lit("b"))), Lit("a")), "ababa", 1,
			true, []Span{{2, 3}}},
		{"empty capture", Seq(Lit("a"), Capture(0, Star(Lit("b")))), "a", 1, true, []Span{{1, 1}}},
		{"optional empty capture takes part", Seq(Opt(Capture(0, Star(Lit("b"))))), "", 1, true, []Span{{0, 0}}},
		{"optional empty capture at a byte it cannot start", Seq(Opt(Capture(0, Star(Lit("b")))), Lit("c")), "c", 1, true,
			[]Span{{0, 0}}},
		{"look-ahead captures nothing", Seq(Peek(Capture(0, Lit("a"))), Capture(1, Lit("a"))), "a", 2, true,
			[]Span{NoSpan, {0, 1}}},
		{"not captures nothing", Seq(Not(Capture(0, Lit("b"))), Capture(1, Lit("a"))), "a", 2, true,
			[]Span{NoSpan, {0, 1}}},
		{"named capture", Named("x", Capture(0, Lit("a"))), "a", 1, true, []Span{{0, 1}}},
		{"many captures", Star(Seq(Capture(0, Lit("a")), Capture(1, Lit("b")), Capture(2, Lit("c")))),
			strings.Repeat("abc", 40) + "ab", 3, false, nil},
		{"many captures roll back", Seq(Star(Seq(Capture(0, Lit("a")), Capture(1, Lit("b")), Capture(2, Lit("c")))), Lit("ab")),
			strings.Repeat("abc", 40) + "ab", 3, true, []Span{{117, 118}, {118, 119}, {119, 120}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			spans := make([]Span, c.slots)
			for i := range spans {
				spans[i] = Span{99, 99} // must be reset
			}
			got := c.rule.Captures(c.in, spans)
			if got != c.ok {
				t.Fatalf("Captures(%q) = %v, want %v", c.in, got, c.ok)
			}
			if c.ok {
				if diff := cmp.Diff(c.want, spans); diff != "" {
					t.Errorf("spans (-want +got):\n%s", diff)
				}
				// The plain matcher agrees.
				plain := make([]Span, c.slots)
				if plainMatch(c.rule, c.in, 0, plain) != len(c.in) {
					t.Error("plain matcher disagrees on the match")
				}
				if diff := cmp.Diff(c.want, plain); diff != "" {
					t.Errorf("plain spans (-want +got):\n%s", diff)
				}
			}
		})
	}
	if (Span{0, 0}).Defined() != true || NoSpan.Defined() {
		t.Error("Span.Defined")
	}
}

func TestMatchAllocatesNothing(t *testing.T) {
	inputs := append(append([]string{}, ruletest.Examples...), ruletest.Refs(ruletest.Normal)...)
	inputs = append(inputs, "http://[::ffff:1.2.3.4]:80/a/b?c#d", "http://a b", strings.Repeat("/a%41", 1000))
	spans := make([]Span, 4)
	capRule := Seq(Capture(0, Scheme), Lit(":"), Capture(1, HierPart), Opt(Seq(Lit("?"), Capture(2, Query))))
	allocs := testing.AllocsPerRun(20, func() {
		for _, s := range inputs {
			URIReference.Match(s)
			URIReference.Prefix(s)
			URIReference.MatchAt(s, 1)
			Host.Match(s)
			IPv6Address.Match(s)
			_ = URIReference.Check(ruletest.Base)
			capRule.Captures(s, spans)
		}
	})
	if allocs != 0 {
		t.Errorf("matching allocates %v times a run, want 0", allocs)
	}
}

func TestHostileInputs(t *testing.T) {
	big := strings.Repeat("a/", 512*1024)           // 1 MiB
	deep := strings.Repeat("[", 1<<20)              // 1 MiB of brackets
	pct := "/" + strings.Repeat("%4", 1<<19)        // broken percent-encodings
	v6 := "//[" + strings.Repeat("1:", 1<<19) + "]" // an endless IPv6 literal
	inputs := []string{"\x00", "a\x00b", "\xff\xfe", "http://\xc3\x28/", "\xed\xa0\x80", big, deep, pct, v6,
		"http://" + big, strings.Repeat("%", 1<<20)}
	for _, s := range inputs {
		for _, x := range ruleREs {
			x.rule.Match(s)
			x.rule.Prefix(s)
			if err := x.rule.Check(s[:min(len(s), 4096)]); err != nil {
				_ = err.Error()
			}
		}
	}
	if !PathAbempty.Match("/"+big) || !Path.Match(big) || !URIReference.Match("http://h/"+big) {
		t.Error("a 1 MiB path does not match")
	}
	if URIReference.Match(deep) {
		t.Error("brackets match")
	}
}

// BenchmarkLongPath matches a path of 1 MiB and 2 MiB: the time per byte stays
// the same (matching is linear in the input).
func BenchmarkLongPath(b *testing.B) {
	for _, size := range []int{1 << 20, 2 << 20} {
		s := "http://example.com/" + strings.Repeat("a%41/", size/5)
		b.Run(strings.Repeat("x", size>>20)+"MiB", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s)))
			for i := 0; i < b.N; i++ {
				if !URIReference.Match(s) {
					b.Fatal("no match")
				}
			}
		})
	}
}

// rulesUnderTest is every exported rule, and a few small grammars that use
// each constructor, for the differential fuzz target.
var rulesUnderTest = append(append([]*Rule{}, exportedRules...),
	Seq(Opt(Capture(0, Star(Lit("b")))), Lit("c")),
	Star(Alt(Seq(Lit("a"), Opt(Lit("b"))), PctEncoded, Lit("%"))),
	Rep(2, 5, Alt(PChar, Lit("/"))),
	Seq(LitFold("ab"), Not(Class(DigitSet)), Star(Seq(Lit("."), Star(Class(AlphaSet))))),
	Seq(Peek(Lit("1")), IPv4Address, End),
	Alt(Seq(Lit("a"), Lit("b")), Seq(Lit("a"), Lit("c")), Opt(Lit("x"))),
	Plus(Seq(Lit("/"), Rep(0, 2, PctEncoded))),
	Star(Seq(Lit("-"), Segment)),
)

func FuzzPreparedVsPlain(f *testing.F) {
	for _, s := range append(append(append([]string{}, ruletest.Examples...), ruletest.Refs(ruletest.Abnormal)...), ruletest.Pieces...) {
		f.Add(s)
	}
	for _, s := range []string{"", "bbbc", "c", "ab%41%4", "AB.x.y", "1.2.3.4", "ac", "/%41%42/", "-a-b", "%%41", "aab"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range rulesUnderTest {
			prepared := r.Match(s)
			n, ok := r.Prefix(s)
			if !ok {
				n = -1
			}
			p := plainMatch(r, s, 0, nil)
			if n != p || prepared != (p == len(s)) {
				t.Fatalf("%v on %q: prepared Prefix %d Match %v, plain %d", r, s, n, prepared, p)
			}
			if r.hasCaps {
				a, b := make([]Span, 2), make([]Span, 2)
				got := r.Captures(s, a)
				if want := plainMatch(r, s, 0, b) == len(s); got != want || (got && !cmp.Equal(a, b)) {
					t.Fatalf("%v on %q: captures %v %v, plain %v %v", r, s, got, a, want, b)
				}
			}
			if mid := len(s) / 2; true {
				if got, want := r.MatchAt(s, mid), plainMatch(r, s, mid, nil); got != want {
					t.Fatalf("%v on %q at %d: prepared %d, plain %d", r, s, mid, got, want)
				}
			}
		}
	})
}

// TestFuncMayMatchEmpty: a MatchFunc may return pos itself, an empty match
// (its doc forbids only an offset below pos or past the end), as
// Rule.MatchAt of a rule that matches the empty string does.
func TestFuncMayMatchEmpty(t *testing.T) {
	empty := Func("empty", func(_ string, pos int) int { return pos })
	checkPrefix(t, "SeqEmptyFunc", Seq(Lit("a"), empty, Lit("b")), prefixCase{"ab", 2}, prefixCase{"a", -1})
	xs := Func("xs", Star(Lit("x")).MatchAt)
	checkPrefix(t, "FuncMatchAtNullable", Seq(Lit("<"), xs, Lit(">")), prefixCase{"<>", 2}, prefixCase{"<xx>", 4})
}

// TestRepExactlyOnce: "1element" (RFC 5234 §3.7, <n>element is exactly n
// occurrences) must match its element once, as Rep(1, 1, ...): "<" 1( "a"
// "b" ) ">" matches "<ab>" and fails on "<>" and "<a>", where the element
// is missing or incomplete, at the top level too.
func TestRepExactlyOnce(t *testing.T) {
	once := Rep(1, 1, Seq(Lit("a"), Lit("b")))
	checkPrefix(t, "RepOnceInSeq", Seq(Lit("<"), once, Lit(">")),
		prefixCase{"<ab>", 4}, prefixCase{"<>", -1}, prefixCase{"<a>", -1}, prefixCase{"<abab>", -1})
	checkPrefix(t, "RepOnce", once, prefixCase{"ab", 2}, prefixCase{"abab", 2}, prefixCase{"", -1}, prefixCase{"x", -1})
}

// plainMatch matches r at pos of s with the unprepared matcher: no fused
// forms and no skipping by first bytes, the ABNF-literal reading of the
// constructors. It records captures into spans (reset to NoSpan first).
func plainMatch(r *Rule, s string, pos int, spans []Span) int {
	r.prepared()
	size := 16
	for {
		for i := range spans {
			spans[i] = NoSpan
		}
		m := matcher{mode: modePlain, spans: spans, undo: make([]undoEntry, size)}
		e := m.match(r, s, pos)
		if !m.overflow {
			return e
		}
		size *= 4
	}
}

// TestCapturesAllocatesPastADozen: Captures allocates nothing while one
// match sets at most a dozen captures, and matches again with a log on the
// heap past that, as the package documentation says; the spans are right
// either way.
func TestCapturesAllocatesPastADozen(t *testing.T) {
	r := Star(Capture(0, ALPHA))
	spans := make([]Span, 1)
	for _, tc := range []struct {
		n      int
		allocs bool
	}{{12, false}, {13, true}} {
		in := strings.Repeat("a", tc.n)
		if !r.Captures(in, spans) || spans[0] != (Span{tc.n - 1, tc.n}) {
			t.Errorf("%d captures: spans %v, want the last letter", tc.n, spans)
		}
		if n := testing.AllocsPerRun(10, func() { r.Captures(in, spans) }); (n > 0) != tc.allocs {
			t.Errorf("%d captures: %v allocations, want some: %v", tc.n, n, tc.allocs)
		}
	}
}
