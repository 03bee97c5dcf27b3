package combinator

import (
	"regexp"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/ruletest"
	"pgregory.net/rapid"
)

// An independent transcription of RFC 3986 Appendix A (and the RFC 5234 core
// rules it uses) as RE2 regular expressions. The grammar is regular, and RE2's
// full match ^(?:...)$ is exact language membership with no ordering of
// alternatives, so these are the ABNF's languages, read from the RFC text.
var abnfRE = func() map[string]string {
	const (
		alpha  = `[A-Za-z]`
		digit  = `[0-9]`
		hexdig = `[0-9A-Fa-f]`
	)
	g := map[string]string{}
	g["ALPHA"] = alpha
	g["DIGIT"] = digit
	g["HEXDIG"] = hexdig
	g["unreserved"] = `(?:` + alpha + `|` + digit + `|-|\.|_|~)`
	g["gen-delims"] = `(?::|/|\?|#|\[|\]|@)`
	g["sub-delims"] = `(?:!|\$|&|'|\(|\)|\*|\+|,|;|=)`
	g["reserved"] = `(?:` + g["gen-delims"] + `|` + g["sub-delims"] + `)`
	g["pct-encoded"] = `(?:%` + hexdig + hexdig + `)`
	g["pchar"] = `(?:` + g["unreserved"] + `|` + g["pct-encoded"] + `|` + g["sub-delims"] + `|:|@)`
	g["query"] = `(?:` + g["pchar"] + `|/|\?)*`
	g["fragment"] = `(?:` + g["pchar"] + `|/|\?)*`
	g["segment"] = g["pchar"] + `*`
	g["segment-nz"] = g["pchar"] + `+`
	g["segment-nz-nc"] = `(?:` + g["unreserved"] + `|` + g["pct-encoded"] + `|` + g["sub-delims"] + `|@)+`
	g["path-abempty"] = `(?:/` + g["segment"] + `)*`
	g["path-absolute"] = `/(?:` + g["segment-nz"] + `(?:/` + g["segment"] + `)*)?`
	g["path-noscheme"] = g["segment-nz-nc"] + `(?:/` + g["segment"] + `)*`
	g["path-rootless"] = g["segment-nz"] + `(?:/` + g["segment"] + `)*`
	g["path-empty"] = ``
	g["path"] = `(?:` + g["path-abempty"] + `|` + g["path-absolute"] + `|` + g["path-noscheme"] + `|` +
		g["path-rootless"] + `|` + g["path-empty"] + `)`
	g["reg-name"] = `(?:` + g["unreserved"] + `|` + g["pct-encoded"] + `|` + g["sub-delims"] + `)*`
	g["dec-octet"] = `(?:` + digit + `|[1-9]` + digit + `|1` + digit + `{2}|2[0-4]` + digit + `|25[0-5])`
	d := g["dec-octet"]
	g["IPv4address"] = `(?:` + d + `\.` + d + `\.` + d + `\.` + d + `)`
	g["h16"] = hexdig + `{1,4}`
	h := g["h16"]
	g["ls32"] = `(?:` + h + `:` + h + `|` + g["IPv4address"] + `)`
	ls := g["ls32"]
	before := func(n string) string { return `(?:(?:` + h + `:){0,` + n + `}` + h + `)?` }
	g["IPv6address"] = `(?:` + strings.Join([]string{
		`(?:` + h + `:){6}` + ls,
		`::(?:` + h + `:){5}` + ls,
		`(?:` + h + `)?::(?:` + h + `:){4}` + ls,
		before("1") + `::(?:` + h + `:){3}` + ls,
		before("2") + `::(?:` + h + `:){2}` + ls,
		before("3") + `::` + h + `:` + ls,
		before("4") + `::` + ls,
		before("5") + `::` + h,
		before("6") + `::`,
	}, "|") + `)`
	g["IPvFuture"] = `(?:[vV]` + hexdig + `+\.(?:` + g["unreserved"] + `|` + g["sub-delims"] + `|:)+)`
	g["IP-literal"] = `\[(?:` + g["IPv6address"] + `|` + g["IPvFuture"] + `)\]`
	g["host"] = `(?:` + g["IP-literal"] + `|` + g["IPv4address"] + `|` + g["reg-name"] + `)`
	g["port"] = digit + `*`
	g["userinfo"] = `(?:` + g["unreserved"] + `|` + g["pct-encoded"] + `|` + g["sub-delims"] + `|:)*`
	g["authority"] = `(?:` + g["userinfo"] + `@)?` + g["host"] + `(?::` + g["port"] + `)?`
	g["scheme"] = alpha + `(?:` + alpha + `|` + digit + `|\+|-|\.)*`
	g["relative-part"] = `(?://` + g["authority"] + g["path-abempty"] + `|` + g["path-absolute"] + `|` +
		g["path-noscheme"] + `|` + g["path-empty"] + `)`
	g["relative-ref"] = g["relative-part"] + `(?:\?` + g["query"] + `)?(?:#` + g["fragment"] + `)?`
	g["hier-part"] = `(?://` + g["authority"] + g["path-abempty"] + `|` + g["path-absolute"] + `|` +
		g["path-rootless"] + `|` + g["path-empty"] + `)`
	g["absolute-URI"] = g["scheme"] + `:` + g["hier-part"] + `(?:\?` + g["query"] + `)?`
	g["URI"] = g["scheme"] + `:` + g["hier-part"] + `(?:\?` + g["query"] + `)?(?:#` + g["fragment"] + `)?`
	g["URI-reference"] = `(?:` + g["URI"] + `|` + g["relative-ref"] + `)`
	return g
}()

// ruleRE pairs every exported rule with its compiled regular expression.
type ruleRE struct {
	rule *Rule
	re   *regexp.Regexp
}

var exportedRules = []*Rule{
	URIReference, URI, AbsoluteURI, RelativeRef, RelativePart, HierPart, Scheme, Authority, UserInfo,
	Host, Port, IPLiteral, IPvFuture, IPv6Address, H16, LS32, IPv4Address, DecOctet, RegName, Path,
	PathAbempty, PathAbsolute, PathNoScheme, PathRootless, PathEmpty, Segment, SegmentNZ, SegmentNZNC,
	PChar, Query, Fragment, PctEncoded, Unreserved, Reserved, GenDelims, SubDelims, ALPHA, DIGIT, HEXDIG,
}

var ruleREs = func() []ruleRE {
	out := make([]ruleRE, len(exportedRules))
	for i, r := range exportedRules {
		src, found := abnfRE[r.Name()]
		if !found {
			panic("no regexp for " + r.Name())
		}
		out[i] = ruleRE{r, regexp.MustCompile(`^(?:` + src + `)$`)}
	}
	return out
}()

// checkAgainstRE reports a rule whose Match differs from its regexp on s.
func checkAgainstRE(t interface {
	Helper()
	Errorf(string, ...any)
}, s string) {
	t.Helper()
	for _, x := range ruleREs {
		if got, want := x.rule.Match(s), x.re.MatchString(s); got != want {
			t.Errorf("%s.Match(%q) = %v, the ABNF says %v", x.rule.Name(), s, got, want)
		}
	}
}

// interesting is a small alphabet of bytes that matter to the grammar.
const interesting = "a1250:/?#[]@%.vF-!\x80 "

// TestRulesVsRegexpExhaustive checks every exported rule on every string of
// up to three bytes over the interesting alphabet.
func TestRulesVsRegexpExhaustive(t *testing.T) {
	n := 0
	var walk func(prefix []byte, depth int)
	walk = func(prefix []byte, depth int) {
		checkAgainstRE(t, string(prefix))
		n++
		if depth == 0 || t.Failed() {
			return
		}
		for i := 0; i < len(interesting); i++ {
			walk(append(prefix, interesting[i]), depth-1)
		}
	}
	depth := 4
	if raceEnabled || testing.Short() {
		depth = 3
	}
	walk(nil, depth)
	t.Logf("%d strings", n)
}

// TestRegexpOracleSane keeps the oracle honest: it accepts the RFC's examples
// and rejects what the RFC's text excludes.
func TestRegexpOracleSane(t *testing.T) {
	re := func(name string) *regexp.Regexp { return regexp.MustCompile(`^(?:` + abnfRE[name] + `)$`) }
	uriRef, ipv6, host, ipv4 := re("URI-reference"), re("IPv6address"), re("host"), re("IPv4address")
	for _, s := range append(append(append([]string{ruletest.Base}, ruletest.Examples...), ruletest.ComponentExamples...), ruletest.Refs(ruletest.Normal)...) {
		if !uriRef.MatchString(s) {
			t.Errorf("oracle rejects %q", s)
		}
	}
	for _, s := range []string{"::", "::1", "1:2:3:4:5:6:7:8", "::ffff:1.2.3.4", "1::"} {
		if !ipv6.MatchString(s) {
			t.Errorf("oracle rejects IPv6 %q", s)
		}
	}
	for _, s := range []string{":::", "1::2::3", "1:2:3:4:5:6:7:8:9", "12345::", "::1%25eth0"} {
		if ipv6.MatchString(s) {
			t.Errorf("oracle accepts IPv6 %q", s)
		}
	}
	if !ipv4.MatchString("255.0.0.1") || ipv4.MatchString("256.0.0.1") || ipv4.MatchString("01.0.0.1") || !host.MatchString("01.0.0.1") {
		t.Error("oracle wrong on IPv4")
	}
	if uriRef.MatchString("http://a b") || uriRef.MatchString("a:b c") {
		t.Error("oracle accepts a space")
	}
}

// TestRulesVsRegexpShortIPv6 checks the address rules on every string of up
// to five bytes over the bytes of IPv6 addresses.
func TestRulesVsRegexpShortIPv6(t *testing.T) {
	const alphabet = "1:f.2"
	var rules []ruleRE
	for _, x := range ruleREs {
		switch x.rule {
		case IPv6Address, LS32, IPv4Address, DecOctet, H16, Host:
			rules = append(rules, x)
		}
	}
	var walk func(prefix []byte, depth int)
	walk = func(prefix []byte, depth int) {
		s := string(prefix)
		for _, x := range rules {
			if got, want := x.rule.Match(s), x.re.MatchString(s); got != want {
				t.Fatalf("%s.Match(%q) = %v, the ABNF says %v", x.rule.Name(), s, got, want)
			}
		}
		if depth == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			walk(append(prefix, alphabet[i]), depth-1)
		}
	}
	depth := 7
	if raceEnabled || testing.Short() {
		depth = 5
	}
	walk(nil, depth)
}

func genURIish() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		parts := rapid.SliceOfN(rapid.SampledFrom(ruletest.Pieces), 0, 12).Draw(t, "parts")
		return strings.Join(parts, "")
	})
}

func genIPv6ish() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		parts := rapid.SliceOfN(rapid.SampledFrom([]string{
			"1", "ffff", "0", "12345", "g", ":", "::", ".", "1.2.3.4", "255", "256", "01", "v1.x", "%25",
		}), 0, 16).Draw(t, "parts")
		return strings.Join(parts, "")
	})
}

func TestRulesVsRegexpRapid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		for _, s := range rapid.SliceOfN(genURIish(), 20, 20).Draw(t, "inputs") {
			checkAgainstRE(t, s)
			checkAgainstRE(t, "["+s+"]")
		}
		for _, s := range rapid.SliceOfN(genIPv6ish(), 20, 20).Draw(t, "addresses") {
			checkAgainstRE(t, s)
			checkAgainstRE(t, "//["+s+"]")
		}
	})
}

func FuzzRulesVsRegexp(f *testing.F) {
	for _, s := range [][]string{ruletest.Examples, ruletest.ComponentExamples, ruletest.Refs(ruletest.Normal), ruletest.Refs(ruletest.Abnormal), ruletest.Targets(ruletest.Normal), ruletest.Pieces} {
		for _, x := range s {
			f.Add(x)
		}
	}
	for _, s := range []string{"[::ffff:1.2.3.4]", "1:2:3:4:5:6::8", "[v1.x]", "1.2.3.256", "//u@h:1/p?q#f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkAgainstRE(t, s)
	})
}
