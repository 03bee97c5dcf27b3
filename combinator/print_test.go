package combinator

import (
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRFCRulesPrintAsAppendixA compares String() of every rule with its line
// of RFC 3986 Appendix A (and RFC 5234 Appendix B.1), written here by hand,
// one space between elements. Where a rule differs, the comment names the
// documented PEG rewrite.
func TestRFCRulesPrintAsAppendixA(t *testing.T) {
	for _, c := range []struct {
		rule *Rule
		want string
	}{
		{URI, `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`},
		{HierPart, `hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty`},
		{URIReference, `URI-reference = URI / relative-ref`},
		{AbsoluteURI, `absolute-URI = scheme ":" hier-part [ "?" query ]`},
		{RelativeRef, `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`},
		{RelativePart, `relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty`},
		{Scheme, `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`},
		{Authority, `authority = [ userinfo "@" ] host [ ":" port ]`},
		{UserInfo, `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`},
		// Rewrite: IPv4address only where no reg-name character follows (first-match-wins).
		{Host, `host = IP-literal / IPv4address !( unreserved / "%" / sub-delims ) / reg-name`},
		{Port, `port = *DIGIT`},
		{IPLiteral, `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`},
		{IPvFuture, `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`},
		// Rewrite: [ *n( h16 ":" ) h16 ] as [ h16 *n( ":" h16 ) ]; *1x prints as [ x ].
		{IPv6Address, `IPv6address = 6( h16 ":" ) ls32` +
			` / "::" 5( h16 ":" ) ls32` +
			` / [ h16 ] "::" 4( h16 ":" ) ls32` +
			` / [ h16 [ ":" h16 ] ] "::" 3( h16 ":" ) ls32` +
			` / [ h16 *2( ":" h16 ) ] "::" 2( h16 ":" ) ls32` +
			` / [ h16 *3( ":" h16 ) ] "::" h16 ":" ls32` +
			` / [ h16 *4( ":" h16 ) ] "::" ls32` +
			` / [ h16 *5( ":" h16 ) ] "::" h16` +
			` / [ h16 *6( ":" h16 ) ] "::"`},
		{H16, `h16 = 1*4HEXDIG`},
		// The RFC's parentheses around a first alternative are redundant.
		{LS32, `ls32 = h16 ":" h16 / IPv4address`},
		{IPv4Address, `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`},
		// Rewrite: the alternatives longest first.
		{DecOctet, `dec-octet = "25" %x30-35 / "2" %x30-34 DIGIT / "1" 2DIGIT / %x31-39 DIGIT / DIGIT`},
		{RegName, `reg-name = *( unreserved / pct-encoded / sub-delims )`},
		// Rewrite: rootless before its subset noscheme, abempty before its subsets.
		{Path, `path = path-rootless / path-noscheme / path-abempty / path-absolute / path-empty`},
		{PathAbempty, `path-abempty = *( "/" segment )`},
		{PathAbsolute, `path-absolute = "/" [ segment-nz *( "/" segment ) ]`},
		{PathNoScheme, `path-noscheme = segment-nz-nc *( "/" segment )`},
		{PathRootless, `path-rootless = segment-nz *( "/" segment )`},
		// The RFC's 0<pchar> is prose; 0pchar is its ABNF.
		{PathEmpty, `path-empty = 0pchar`},
		{Segment, `segment = *pchar`},
		{SegmentNZ, `segment-nz = 1*pchar`},
		{SegmentNZNC, `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`},
		{PChar, `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`},
		{Query, `query = *( pchar / "/" / "?" )`},
		{Fragment, `fragment = *( pchar / "/" / "?" )`},
		{PctEncoded, `pct-encoded = "%" HEXDIG HEXDIG`},
		{Unreserved, `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`},
		{Reserved, `reserved = gen-delims / sub-delims`},
		{GenDelims, `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"`},
		{SubDelims, `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`},
		{ALPHA, `ALPHA = %x41-5A / %x61-7A`},
		{DIGIT, `DIGIT = %x30-39`},
		// RFC 5234 writes DIGIT / "A" / ... / "F"; a class prints as its ranges.
		{HEXDIG, `HEXDIG = %x30-39 / %x41-46 / %x61-66`},
	} {
		if got := c.rule.String(); got != c.want {
			t.Errorf("String():\n got %s\nwant %s", got, c.want)
		}
	}
}

func TestConstructorsPrint(t *testing.T) {
	digit := Named("DIGIT", Class(DigitSet))
	for _, c := range []struct {
		rule *Rule
		want string
	}{
		{Lit("/"), `"/"`},
		{Lit("ab"), `%s"ab"`},
		{Lit(""), `""`},
		{Lit("\x00\xff"), `%x00.FF`},
		{Lit(`a"`), `%x61.22`},
		// char-val = DQUOTE *(%x20-21 / %x23-7E) DQUOTE (RFC 5234 §4): a
		// space may be quoted, DEL may not.
		{Lit(" "), `" "`},
		{Lit("\x7f"), `%x7F`},
		{Lit("~"), `"~"`},
		{LitFold("ab"), `"ab"`},
		{Class(Chars("xyz")), `%x78-7A`},
		{Class(Chars("-.")), `"-" / "."`},
		{Seq(), `""`},
		{Seq(Lit("a")), `%s"a"`},
		{Seq(Lit("-"), digit), `"-" DIGIT`},
		{Seq(Lit("-"), Seq(digit, Lit(".")), digit), `"-" DIGIT "." DIGIT`},
		// A one-rule Seq inside a Seq is that rule: "-" ( DIGIT "." ) would
		// be the same ABNF with parentheses that say nothing.
		{Seq(Lit("-"), Seq(Seq(digit, Lit("."))), digit), `"-" DIGIT "." DIGIT`},
		{Seq(Lit("-"), Seq(Star(digit))), `"-" *DIGIT`},
		{Seq(Lit("-"), Seq(), digit), `"-" "" DIGIT`}, // an empty Seq is the empty string, a char-val of no characters (RFC 5234 §4)
		{Seq(Lit("-"), Alt(digit, Lit(".")), digit), `"-" ( DIGIT / "." ) DIGIT`},
		{Seq(Lit("-"), Class(Chars("-."))), `"-" ( "-" / "." )`},
		{Alt(Lit("-"), Seq(digit, digit)), `"-" / DIGIT DIGIT`},
		// repetition = [repeat] element (RFC 5234 §4): a repeated repetition
		// is grouped, or 3( 2"-" ) would read as 32"-".
		{Rep(3, 3, Rep(2, 2, Lit("-"))), `3( 2"-" )`},
		{Star(Star(Lit("-"))), `*( *"-" )`},
		{Star(Capture(0, Plus(Lit("-")))), `*( 1*"-" )`},
		{Seq(Star(digit), Not(Star(digit))), `*DIGIT !( *DIGIT )`},
		{Alt(Lit("-")), `"-"`},
		{Alt(), `( )`},
		{End, `<end>`},
		{Opt(Lit("-")), `[ "-" ]`},
		{Opt(Alt(Lit("-"), digit)), `[ "-" / DIGIT ]`},
		{Star(digit), `*DIGIT`},
		{Plus(digit), `1*DIGIT`},
		{Rep(2, 2, digit), `2DIGIT`},
		{Rep(0, 3, digit), `*3DIGIT`},
		{Rep(2, 5, digit), `2*5DIGIT`},
		{Rep(3, Unbounded, digit), `3*DIGIT`},
		{Star(Seq(Lit("-"), digit)), `*( "-" DIGIT )`},
		{Capture(3, digit), `DIGIT`},
		{Not(digit), `!DIGIT`},
		{Peek(Seq(digit, digit)), `&( DIGIT DIGIT )`},
		{Seq(digit, End), `DIGIT <end>`},
		{Func("h", nil), `h = <h>`},
		{Seq(Func("h", nil), digit), `h DIGIT`},
		{Named("two", Rep(2, 2, digit)), `two = 2DIGIT`},
		{Named("twice", Named("two", Rep(2, 2, digit))), `twice = two`},
	} {
		if got := c.rule.String(); got != c.want {
			t.Errorf("String() = %s, want %s", got, c.want)
		}
	}
}

func TestGrammar(t *testing.T) {
	got := strings.Split(strings.TrimSuffix(Authority.Grammar(), "\n"), "\n")
	var names []string
	for _, line := range got {
		names = append(names, strings.SplitN(line, " = ", 2)[0])
	}
	want := []string{"authority", "userinfo", "unreserved", "ALPHA", "DIGIT", "pct-encoded", "HEXDIG",
		"sub-delims", "host", "IP-literal", "IPv6address", "h16", "ls32", "IPv4address", "dec-octet",
		"IPvFuture", "reg-name", "port"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("Grammar() rules (-want +got):\n%s", diff)
	}
	for _, line := range got {
		if line == Host.String() || line == Authority.String() {
			continue
		}
	}
	if got[0] != Authority.String() || !strings.Contains(Authority.Grammar(), Host.definition()+"\n") {
		t.Error("Grammar() lines are not the rules' String()")
	}
	// Every rule of Appendix A is reachable from URI-reference, except path
	// (which no other rule uses), and reserved and gen-delims.
	all := URIReference.Grammar()
	for _, r := range exportedRules {
		switch r {
		case Path, Reserved, GenDelims, AbsoluteURI, URIReference:
			if r != URIReference && strings.Contains(all, "\n"+r.Name()+" = ") {
				t.Errorf("%s in URI-reference's grammar", r.Name())
			}
			continue
		}
		if !strings.Contains(all, "\n"+r.definition()+"\n") {
			t.Errorf("%s missing from URI-reference's grammar", r.Name())
		}
	}
	// An unnamed rule prints itself first.
	g := Seq(Lit("<"), H16, Lit(">")).Grammar()
	if want := "\"<\" h16 \">\"\nh16 = 1*4HEXDIG\nHEXDIG = %x30-39 / %x41-46 / %x61-66\n"; g != want {
		t.Errorf("Grammar() = %q, want %q", g, want)
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

func TestPrintingCostsLinearInDepth(t *testing.T) {
	// Before, String built each level's text from its sub's: the square of
	// the depth in bytes.
	cost := func(n int) uint64 {
		r := nested(n)
		return allocated(func() { _ = r.String(); _ = r.Grammar(); _ = r.label() })
	}
	small, big := cost(2000), cost(16000)
	if big > 8*small*2 {
		t.Errorf("printing a grammar 2,000 deep allocates %d bytes, 16,000 deep %d: more than linear", small, big)
	}
}

func TestStringIsBounded(t *testing.T) {
	long := Lit(strings.Repeat("a", 4<<20))
	if n := len(long.String()); n > MaxPrint+8 {
		t.Errorf("String of a 4 MiB literal is %d bytes", n)
	}
	if s := nested(3 * printDepth).String(); !strings.HasSuffix(s, "…") || len(s) > MaxPrint {
		t.Errorf("String of a grammar deeper than printDepth: %d bytes, ends %q", len(s), s[max(0, len(s)-8):])
	}
}

func TestNamesPrintEscaped(t *testing.T) {
	for name, want := range map[string]string{
		"evil\u202Ename": `"evil\u202ename" = %s"a"`,
		"bell\a":         `"bell\a" = %s"a"`,
		"bad\xff":        `"bad\xff" = %s"a"`,
		"größe":          `größe = %s"a"`,
		"plain-name":     `plain-name = %s"a"`,
	} {
		if got := Named(name, Lit("a")).String(); got != want {
			t.Errorf("String of %q = %s, want %s", name, got, want)
		}
	}
}
