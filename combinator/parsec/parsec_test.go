package parsec

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	parsec "github.com/prataprc/goparsec"
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/ruletest"
)

// The body of a mailto: URI (RFC 6068 §2), written in goparsec over the rules
// of this package:
//
//	mailtoURI = "mailto:" [ to ] [ hfields ]
//	to        = addr-spec *( "," addr-spec )
//	hfields   = "?" hfield *( "&" hfield )
//	hfield    = hfname "=" hfvalue
//	hfname    = *qchar
//	hfvalue   = *qchar
//	qchar     = unreserved / pct-encoded / some-delims
//	some-delims = "!" / "$" / "'" / "(" / ")" / "*" / "+" / "," / ";" / ":" / "@"
//
// with addr-spec simplified to local "@" domain, both of URI characters.
var (
	qchar     = c.Named("qchar", c.Alt(c.Unreserved, c.PctEncoded, c.Class(c.Chars("!$'()*+,;:@"))))
	hfname    = c.Named("hfname", c.Star(qchar))
	hfvalue   = c.Named("hfvalue", c.Star(qchar))
	localPart = c.Named("local-part", c.Plus(c.Alt(c.Unreserved, c.PctEncoded, c.Class(c.Chars("!$'*+")))))
	domain    = c.Named("domain", c.Plus(c.Alt(c.Unreserved, c.PctEncoded)))
)

func mailtoBody() parsec.Parser {
	at := parsec.AtomExact("@", "AT")
	addrSpec := parsec.And(nil, ToParsec(localPart), at, ToParsec(domain))
	// *( "," addr-spec ), not Kleene(addr-spec, ","), which would eat a
	// trailing ",".
	to := parsec.And(nil, addrSpec, parsec.Kleene(nil, parsec.And(nil, ToParsec(c.Lit(",")), addrSpec)))
	hfield := parsec.And(nil, ToParsec(hfname), parsec.AtomExact("=", "EQ"), ToParsec(hfvalue))
	hfields := parsec.And(nil, ToParsec(c.Lit("?")), hfield,
		parsec.Kleene(nil, parsec.And(nil, ToParsec(c.Lit("&")), hfield)))
	return parsec.And(nil, parsec.Maybe(nil, to), parsec.Maybe(nil, hfields))
}

var mailtoURI = c.Named("mailtoURI", c.Seq(c.LitFold("mailto:"), FromParsec("mailto-body", mailtoBody()), c.End))

func TestMailtoThroughGoparsec(t *testing.T) {
	// Examples of RFC 6068 §6, and more.
	ruletest.OK(t, mailtoURI,
		"mailto:chris@example.com",
		"mailto:infobot@example.com?subject=current-issue",
		"mailto:infobot@example.com?body=send%20current-issue",
		"mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
		"mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
		"mailto:majordomo@example.com?body=subscribe%20bamboo-l",
		"mailto:joe@example.com?cc=bob@example.com&body=hello",
		"mailto:gorby%25kgb@example.com",
		"mailto:unlikely%3Faddress@example.com?blat=foop",
		"mailto:%22not%40me%22@example.org",
		"mailto:?to=addr1@an.example,addr2@us.example",
		"mailto:addr1@an.example,addr2@us.example",
		"mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
		"MAILTO:a@b", "mailto:", "mailto:?=", "mailto:a@b?x=&y=")
	ruletest.Bad(t, mailtoURI,
		"mailto:a@b,", "mailto:a", "mailto:a@", "mailto:@b", "mailto:a@b?x", "mailto:a@b?x=1&",
		"mailto:a b@c", "mailto:a@b#frag", "http:a@b", "mailto", "mailto:a@b?", "mailto:a@b??x=1",
		"mailto:a@b,,c@d", "mailto: a@b", "mailto:a@b ", "mailto:a@b?x=y z", "mailto:a@b&x=y")
	if got := mailtoURI.Grammar(); !strings.Contains(got, "mailtoURI = \"mailto:\" mailto-body 0<end of input>\n") {
		t.Errorf("Grammar() = %q", got)
	}
}

func TestToParsecTerminal(t *testing.T) {
	s := NewScanner("http://a/b?q")
	node, news := ToParsec(c.Scheme)(s)
	want := &parsec.Terminal{Name: "scheme", Value: "http", Position: 0}
	if diff := cmp.Diff(want, node); diff != "" {
		t.Errorf("node (-want +got):\n%s", diff)
	}
	if news.GetCursor() != 4 {
		t.Errorf("cursor %d, want 4", news.GetCursor())
	}
	node, news = ToParsec(c.Seq(c.Lit(":"), c.HierPart))(news)
	if term := node.(*parsec.Terminal); term.Value != "://a/b" || term.Position != 4 || term.Name != `":" hier-part` {
		t.Errorf("node %#v", term)
	}
	if node, news2 := ToParsec(c.Scheme)(news); node != nil || news2.GetCursor() != 10 {
		t.Errorf("a failing parser moved the scanner or returned %v", node)
	}
	sc := news.(*Scanner)
	if sc.Farthest() != 10 || !cmp.Equal(sc.Expected(), []string{"scheme"}) {
		t.Errorf("Farthest() = %d, Expected() = %v", sc.Farthest(), sc.Expected())
	}
	if sc.Rest() != "?q" || sc.Input() != "http://a/b?q" {
		t.Error("Rest or Input wrong")
	}
}

func TestToParsecOnSimpleScanner(t *testing.T) {
	text := []byte("http://a/b?q#f rest")
	s := parsec.NewScanner(text)
	node, news := ToParsec(c.URIReference)(s)
	want := parsec.NewTerminal("URI-reference", "http://a/b?q#f", 0)
	if diff := cmp.Diff(want, node); diff != "" {
		t.Errorf("node (-want +got):\n%s", diff)
	}
	if news.GetCursor() != 14 {
		t.Errorf("cursor %d, want 14", news.GetCursor())
	}
	if node, news2 := ToParsec(c.Lit("x"))(news); node != nil || news2.GetCursor() != 14 {
		t.Error("a failing parser moved the SimpleScanner")
	}
	// In a goparsec grammar on a SimpleScanner.
	p := parsec.And(nil, ToParsec(c.Scheme), parsec.AtomExact(":", "COLON"), ToParsec(c.HierPart))
	if node, sc := p(parsec.NewScanner([]byte("urn:example:animal"))); node == nil || !sc.Endof() {
		t.Error("And over ToParsec on a SimpleScanner failed")
	}
}

func TestScannerAnchorsAndMovesToEnd(t *testing.T) {
	// SimpleScanner's trap: an unanchored pattern is found ahead and the
	// cursor moves by the match's length.
	ss := parsec.NewScanner([]byte("12ab34"))
	tok, ss2 := ss.Match(`[a-z]+`)
	if string(tok) != "ab" || ss2.GetCursor() != 2 {
		t.Logf("goparsec's SimpleScanner changed: %q at %d", tok, ss2.GetCursor())
	}
	s := NewScanner("12ab34")
	if tok, s2 := s.Match(`[a-z]+`); tok != nil || s2.GetCursor() != 0 {
		t.Errorf("Match found %q ahead of the cursor, cursor %d", tok, s2.GetCursor())
	}
	if s.Farthest() != 0 || !cmp.Equal(s.Expected(), []string{"[a-z]+"}) {
		t.Errorf("Farthest %d %v", s.Farthest(), s.Expected())
	}
	tok, _ = s.Match(`[0-9]+`)
	if string(tok) != "12" || s.GetCursor() != 2 {
		t.Errorf("Match = %q, cursor %d", tok, s.GetCursor())
	}
	tok, _ = s.Match(`[a-z]+|[a-z]+34`) // leftmost-first, anchored at the cursor
	if string(tok) != "ab" || s.GetCursor() != 4 {
		t.Errorf("Match = %q, cursor %d", tok, s.GetCursor())
	}
	if tok, _ := s.Match(`x*`); tok == nil || len(tok) != 0 || s.GetCursor() != 4 {
		t.Errorf("an empty match must be a non-nil empty slice: %v", tok)
	}
	// A pattern that is already anchored, or has alternatives, stays anchored.
	if tok, _ := s.Match(`^4|3`); string(tok) != "3" || s.GetCursor() != 5 {
		t.Errorf("Match(^4|3) = %q at %d", tok, s.GetCursor())
	}
	if !s.Endof() {
		if ok, _ := s.MatchString("4"); !ok || !s.Endof() {
			t.Error("MatchString")
		}
	}
	// Writing into a returned slice changes nothing the scanner reads.
	s = NewScanner("abc")
	tok, _ = s.Match(`a`)
	tok[0] = 'x'
	if s.Input() != "abc" {
		t.Error("the input changed")
	}
	if ok, _ := NewScanner("abc").MatchString("abd"); ok {
		t.Error("MatchString(abd)")
	}
}

func TestScannerWhiteSpaceAndLines(t *testing.T) {
	s := NewScanner("  a\nb")
	if tok, _ := s.SkipWS(); tok != nil || s.GetCursor() != 0 {
		t.Error("SkipWS skipped without a pattern")
	}
	// goparsec's Token skips white space with the scanner's pattern.
	if node, _ := parsec.Token(`a`, "A")(s); node != nil {
		t.Error("Token skipped white space without a pattern")
	}
	s.SetWSPattern(`[ \t\r\n]+`).TrackLineno()
	node, news := parsec.Token(`a`, "A")(s)
	if node == nil || news.GetCursor() != 3 {
		t.Fatalf("Token with a white space pattern: %v at %d", node, news.GetCursor())
	}
	if tok, _ := news.SkipWS(); string(tok) != "\n" || news.Lineno() != 2 {
		t.Errorf("SkipWS = %q, Lineno = %d", tok, news.Lineno())
	}
	if s.Lineno() != 1 {
		t.Error("a clone moved its original")
	}
	if tok, _ := news.SkipAny(`\s+`); tok != nil {
		t.Error("SkipAny matched nothing there")
	}
}

func TestScannerSubmatchAll(t *testing.T) {
	s := NewScanner("key=value;rest")
	m, _ := s.SubmatchAll(`(?P<k>[a-z]+)=(?P<v>[a-z]+)(?P<none>x)?`)
	want := map[string][]byte{"k": []byte("key"), "v": []byte("value")}
	if diff := cmp.Diff(want, m); diff != "" || s.GetCursor() != 9 {
		t.Errorf("SubmatchAll (-want +got):\n%s cursor %d", diff, s.GetCursor())
	}
	if m, _ := s.SubmatchAll(`(?P<k>[a-z]+)`); m != nil || s.GetCursor() != 9 {
		t.Error("SubmatchAll matched ahead of the cursor")
	}
}

func TestScannerClonesShareFarthest(t *testing.T) {
	s := NewScanner("abcdef")
	c := s.Clone().(*Scanner)
	c.MatchString("abc")
	c.MatchString("x")
	if s.Farthest() != 3 || s.GetCursor() != 0 || c.GetCursor() != 3 {
		t.Errorf("Farthest %d, cursors %d %d", s.Farthest(), s.GetCursor(), c.GetCursor())
	}
	s.MatchString("y") // nearer: not recorded
	s.Fail(3, "z")
	s.Fail(3, "z")
	if diff := cmp.Diff([]string{"x", "z"}, c.Expected()); diff != "" {
		t.Errorf("Expected (-want +got):\n%s", diff)
	}
	if NewScanner("").Farthest() != -1 {
		t.Error("a new scanner has a failure")
	}
}

func TestRegexpCacheShared(t *testing.T) {
	const pattern = `[0-9]{3}-cache-test`
	a, b := NewScanner("123-cache-test"), NewScanner("456-cache-test")
	a.Match(pattern)
	re1, _ := regexps.Load(pattern)
	b.Match(pattern)
	re2, _ := regexps.Load(pattern)
	if re1 == nil || re1 != re2 || !a.Endof() || !b.Endof() {
		t.Error("the pattern was not compiled once and shared")
	}
}

func TestToParsecAllocations(t *testing.T) {
	in := strings.Repeat("ab/", 100)
	p := ToParsec(c.Segment)
	slash := ToParsec(c.Lit("/"))
	s := NewScanner(in)
	allocs := testing.AllocsPerRun(10, func() {
		s.cursor = 0
		for !s.Endof() {
			if n, _ := p(s); n == nil {
				t.Fatal("no segment")
			}
			slash(s)
		}
	})
	// 200 Terminals a run, cut from slabs of 64: 3 or 4 allocations.
	if allocs > 4 {
		t.Errorf("%v allocations for 200 terminals", allocs)
	}
}

func TestFromParsec(t *testing.T) {
	digits := FromParsec("digits", parsec.TokenExact(`[0-9]+`, "DIGITS"))
	r := c.Seq(c.Lit("<"), digits, c.Lit(">"))
	ruletest.OK(t, r, "<1>", "<123>")
	ruletest.Bad(t, r, "<>", "<a>", "< 1>", "<1")
	if got := r.String(); got != `"<" digits ">"` {
		t.Errorf("String() = %s", got)
	}
	// A parser that matches empty is a nullable rule.
	maybe := FromParsec("maybe", parsec.Maybe(nil, parsec.AtomExact("x", "X")))
	ruletest.OK(t, c.Seq(c.Lit("a"), maybe, c.Lit("b")), "ab", "axb")
	// Kleene(Maybe(x)) never ends in goparsec; Star over a FromParsec rule
	// that matches empty does.
	ruletest.OK(t, c.Star(maybe), "", "xxx")
	// White space is not skipped: goparsec's Token does not skip any either.
	ruletest.Bad(t, c.Seq(c.Lit("a"), FromParsec("b", parsec.Token(`b`, "B"))), "a b")
	ruletest.OK(t, c.Seq(c.Lit("a"), FromParsec("b", parsec.Token(`b`, "B"))), "ab")
	// A parser that moves backwards, or returns no scanner, fails.
	back := func(s parsec.Scanner) (parsec.ParsecNode, parsec.Scanner) {
		return "x", NewScanner("")
	}
	ruletest.Bad(t, c.Seq(c.Lit("ab"), FromParsec("back", back)), "ab")
	none := func(s parsec.Scanner) (parsec.ParsecNode, parsec.Scanner) { return "x", nil }
	ruletest.Bad(t, FromParsec("none", none), "")
	// Round trip: a rule through goparsec and back.
	round := FromParsec("IPv6address", ToParsec(c.IPv6Address))
	ruletest.OK(t, c.Seq(c.Lit("["), round, c.Lit("]")), "[::1]", "[1:2:3:4:5:6:7:8]")
	ruletest.Bad(t, c.Seq(c.Lit("["), round, c.Lit("]")), "[:::]", "[]")
}

func FuzzMailto(f *testing.F) {
	for _, s := range []string{"mailto:a@b", "mailto:a@b,c@d?x=1&y=2", "mailto:", "mailto:a@b,", "mailto:?=%41"} {
		f.Add(s)
	}
	// The goparsec assembly against the same grammar written with our
	// constructors only.
	addr := c.Seq(localPart, c.Lit("@"), domain)
	hfield := c.Seq(hfname, c.Lit("="), hfvalue)
	native := c.Seq(c.LitFold("mailto:"), c.Opt(c.Seq(addr, c.Star(c.Seq(c.Lit(","), addr)))),
		c.Opt(c.Seq(c.Lit("?"), hfield, c.Star(c.Seq(c.Lit("&"), hfield)))), c.End)
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := mailtoURI.Match(s), native.Match(s); got != want {
			t.Fatalf("mailto %q: goparsec %v, native %v", s, got, want)
		}
	})
}

// TestToParsecEmptyMatchAtStart: a rule that matches the empty string
// (hfname = *qchar, RFC 6068) matches at offset 0 of a text that starts with
// no qchar, giving an empty Terminal there and leaving the cursor at 0.
func TestToParsecEmptyMatchAtStart(t *testing.T) {
	node, next := ToParsec(hfname)(NewScanner("=x"))
	want := &parsec.Terminal{Name: "hfname", Value: "", Position: 0}
	if d := cmp.Diff(parsec.ParsecNode(want), node); d != "" {
		t.Errorf("node (-want +got):\n%s", d)
	}
	if next.GetCursor() != 0 {
		t.Errorf("cursor %d, want 0", next.GetCursor())
	}
}

// TestFromParsecGivesAFreshScanner: the Scanner FromParsec gives p has no
// failure recorded (Farthest is -1, as for NewScanner), so that a failure p
// records at the match's offset, 0 here, is the farthest (Fail keeps it,
// Expected reports it). p below matches the empty string only when that
// holds.
func TestFromParsecGivesAFreshScanner(t *testing.T) {
	var before, after int
	var expected []string
	p := func(ps parsec.Scanner) (parsec.ParsecNode, parsec.Scanner) {
		s := ps.(*Scanner)
		before = s.Farthest()
		s.Fail(s.GetCursor(), "x")
		after, expected = s.Farthest(), s.Expected()
		if before != -1 || after != 0 {
			return nil, ps
		}
		return &parsec.Terminal{Name: "empty"}, ps
	}
	r := FromParsec("fresh", p)
	if !r.Match("") {
		t.Errorf(`FromParsec(fresh).Match("") = false, want true`)
	}
	if d := cmp.Diff([]any{-1, 0, []string{"x"}}, []any{before, after, expected}); d != "" {
		t.Errorf("Farthest before, after Fail(0, x), Expected (-want +got):\n%s", d)
	}
}
