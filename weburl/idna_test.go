package weburl

import (
	"net/url"
	"runtime"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/internal/idnahost"
	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/unicode/rangetable"
	"pgregory.net/rapid"
)

// toASCIIForTest runs domain parser ToASCII on domain with beStrict
// strict, returning the ASCII domain or "!" and the error's code.
func toASCIIForTest(domain string, strict bool) (string, idnaCode) {
	out, err := appendToASCII(nil, domain, strict)
	if err.code != 0 {
		return "!", err.code
	}
	return string(out), 0
}

// TestParseAnswersTheIssueIDNACases checks the cases of issue 42 through
// Parse. U+2135 ℵ ALEF SYMBOL (Bidi class L) maps to U+05D0 א (R), which
// makes a Bidi domain name in which every label must meet RFC 5893 §2:
// "ℵa" maps to "אa", a right-to-left label with a left-to-right letter
// (rule 2); "aℵ" to a left-to-right label with a right-to-left letter
// (rule 5); in "1.ℵ" the label "1" starts with a digit (rule 1). U+0897
// ARABIC PEPPER is new in Unicode 16.0, a combining mark valid in UTS #46
// 17.0. U+1171E AHOM CONSONANT SIGN MEDIAL RA is Bidi class L since
// Unicode 16.0 (NSM before). U+1E9E ẞ LATIN CAPITAL LETTER SHARP S maps
// to U+00DF ß since UTS #46 15.1, which nontransitional processing keeps
// (IdnaTestV2's "FAẞ.de" is "xn--fa-hia.de"). Expected ACE labels from
// Python's punycode codec.
func TestParseAnswersTheIssueIDNACases(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://ℵa/", ""},
		{"https://aℵ/", ""},
		{"https://1.ℵ/", ""},
		{"https://ℵ/", "https://xn--4db/"}, // the same as https://א/
		{"https://a.ℵ/", "https://a.xn--4db/"},
		{"http:a\u0897", "http://xn--a-nnd/"},
		{"https://\u05D0\U0001171E/", ""},
		{"https://a\U0001171E/", "https://xn--a-2p0j/"},
		{"https://\u05D0\u0591/", "https://xn--ccb9j/"}, // U+0591, NSM, may follow it
		{"http://ẞ.de/", "http://xn--zca.de/"},
		{"http://FAẞ.de/", "http://xn--fa-hia.de/"},
		{"http://ss.de/", "http://ss.de/"},
	}
	var want, got []string
	for _, tt := range tests {
		u, err := Parse(tt.in)
		href := u.Href()
		if err != nil {
			href = ""
		}
		want = append(want, tt.in+" -> "+tt.want)
		got = append(got, tt.in+" -> "+href)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Parse's hrefs (-want +got):\n%s", diff)
	}
}

// TestSharpSAgreesWithIdnahost checks that package uri's and iri's IDNA
// profile (internal/idnahost, x/net/idna on Unicode 15.0 with UTS #46
// 15.1's mapping of ẞ) reads a name with U+1E9E as Parse does: the
// cases of WPT's IdnaTestV2.json whose input holds it, and a few more.
func TestSharpSAgreesWithIdnahost(t *testing.T) {
	names := []string{"ẞ.de", "ẞ", "straẞe.example", "STRAẞE.EXAMPLE", "ßẞ.de"}
	for _, tc := range readWPTCases(t, "IdnaTestV2.json") {
		if strings.ContainsRune(tc.Input, 0x1E9E) && tc.Output != nil {
			names = append(names, tc.Input)
		}
	}
	if len(names) < 7 {
		t.Fatalf("%d names: IdnaTestV2.json has 2 with U+1E9E", len(names))
	}
	var fromParse, fromIdnahost []string
	for _, name := range names {
		u, err := Parse("http://" + name + "/")
		if err != nil {
			t.Errorf("Parse(%q): %v", name, err)
		}
		fromParse = append(fromParse, name+" -> "+u.Host())
		a, err := idnahost.ToASCII(name)
		if err != nil {
			t.Errorf("idnahost.ToASCII(%q): %v", name, err)
		}
		fromIdnahost = append(fromIdnahost, name+" -> "+a)
	}
	if diff := cmp.Diff(fromParse, fromIdnahost); diff != "" {
		t.Errorf("hosts (-Parse +idnahost):\n%s", diff)
	}
}

// TestParseMapsGarayCapitals checks the 22 Garay capital letters
// U+10D50..10D65, new in Unicode 16.0: UTS #46 maps each to its small
// letter, 0x20 above, a right-to-left letter (Bidi class R) that is
// valid; so a host of a capital is the host of its small letter.
func TestParseMapsGarayCapitals(t *testing.T) {
	for r := rune(0x10D50); r <= 0x10D65; r++ {
		small := r + 0x20
		want, err := Parse("https://" + string(small) + "/")
		if err != nil {
			t.Errorf("Parse(%U): %v", small, err)
			continue
		}
		if got, err := Parse("https://" + string(r) + "/"); err != nil || got.Href() != want.Href() {
			t.Errorf("Parse(%U) = %q, %v; want %q", r, got.Href(), err, want.Href())
		}
	}
	if got, err := Parse("https://\U00010D50/"); err != nil || got.Host() != "xn--dh0d" {
		t.Errorf("Parse(U+10D50).Host() = %q, %v; want %q (Python's punycode codec)", got.Host(), err, "xn--dh0d")
	}
}

// TestToASCIIPassesUnicodeBidiAndContextTests runs the BIDI TESTS and
// CONTEXT TESTS sections of Unicode's IdnaTestV2.txt 17.0, which WPT's
// copy leaves out (it excludes every case with a Bidi error): source, then
// the toAsciiN result, or "!" when toAsciiNStatus holds an error the URL
// Standard's flags check (Bn, Cn, Vn but V2 and V3, Pn, An but A4). ASCII
// sources go through UTS #46 here; the URL parser lower-cases them.
func TestToASCIIPassesUnicodeBidiAndContextTests(t *testing.T) {
	tests := []struct{ in, want string }{
		// BIDI TESTS
		{"à\u05D0", "!"}, // [B5, B6]
		{"a\u0300\u05D0", "!"},
		{"A\u0300\u05D0", "!"},
		{"À\u05D0", "!"},
		{"xn--0ca24w", "!"},
		{"0à.\u05D0", "!"}, // [B1]
		{"0a\u0300.\u05D0", "!"},
		{"0A\u0300.\u05D0", "!"},
		{"0À.\u05D0", "!"},
		{"xn--0-sfa.xn--4db", "!"},
		{"à.\u05D0\u0308", "xn--0ca.xn--ssa73l"},
		{"a\u0300.\u05D0\u0308", "xn--0ca.xn--ssa73l"},
		{"A\u0300.\u05D0\u0308", "xn--0ca.xn--ssa73l"},
		{"À.\u05D0\u0308", "xn--0ca.xn--ssa73l"},
		{"xn--0ca.xn--ssa73l", "xn--0ca.xn--ssa73l"},
		{"à.\u05D00\u0660\u05D0", "!"}, // [B4]
		{"a\u0300.\u05D00\u0660\u05D0", "!"},
		{"A\u0300.\u05D00\u0660\u05D0", "!"},
		{"À.\u05D00\u0660\u05D0", "!"},
		{"xn--0ca.xn--0-zhcb98c", "!"},
		{"\u0308.\u05D0", "!"}, // [B1, V6]
		{"xn--ssa.xn--4db", "!"},
		{"à.\u05D00\u0660", "!"}, // [B4]
		{"a\u0300.\u05D00\u0660", "!"},
		{"A\u0300.\u05D00\u0660", "!"},
		{"À.\u05D00\u0660", "!"},
		{"xn--0ca.xn--0-zhc74b", "!"},
		{"àˇ.\u05D0", "!"}, // [B6]
		{"a\u0300ˇ.\u05D0", "!"},
		{"A\u0300ˇ.\u05D0", "!"},
		{"Àˇ.\u05D0", "!"},
		{"xn--0ca88g.xn--4db", "!"},
		{"à\u0308.\u05D0", "xn--0ca81i.xn--4db"},
		{"a\u0300\u0308.\u05D0", "xn--0ca81i.xn--4db"},
		{"A\u0300\u0308.\u05D0", "xn--0ca81i.xn--4db"},
		{"À\u0308.\u05D0", "xn--0ca81i.xn--4db"},
		{"xn--0ca81i.xn--4db", "xn--0ca81i.xn--4db"},
		// CONTEXT TESTS
		{"a\u200Cb", "!"}, // [C1]
		{"A\u200CB", "!"},
		{"A\u200Cb", "!"},
		{"ab", "ab"},
		{"xn--ab-j1t", "!"},
		{"a\u094D\u200Cb", "xn--ab-fsf604u"},
		{"A\u094D\u200CB", "xn--ab-fsf604u"},
		{"A\u094D\u200Cb", "xn--ab-fsf604u"},
		{"xn--ab-fsf", "xn--ab-fsf"},
		{"a\u094Db", "xn--ab-fsf"},
		{"A\u094DB", "xn--ab-fsf"},
		{"A\u094Db", "xn--ab-fsf"},
		{"xn--ab-fsf604u", "xn--ab-fsf604u"},
		{"\u0308\u200C\u0308\u0628b", "!"}, // [B1, C1, V6]
		{"\u0308\u200C\u0308\u0628B", "!"},
		{"xn--b-bcba413a", "!"}, // [B1, V6]
		{"xn--b-bcba413a2w8b", "!"},
		{"a\u0628\u0308\u200C\u0308", "!"}, // [B5, B6, C1]
		{"A\u0628\u0308\u200C\u0308", "!"},
		{"xn--a-ccba213a", "!"}, // [B5, B6]
		{"xn--a-ccba213a5w8b", "!"},
		{"a\u0628\u0308\u200C\u0308\u0628b", "!"}, // [B5]
		{"A\u0628\u0308\u200C\u0308\u0628B", "!"},
		{"A\u0628\u0308\u200C\u0308\u0628b", "!"},
		{"xn--ab-uuba211bca", "!"},
		{"xn--ab-uuba211bca8057b", "!"},
		{"a\u200Db", "!"}, // [C2]
		{"A\u200DB", "!"},
		{"A\u200Db", "!"},
		{"xn--ab-m1t", "!"},
		{"a\u094D\u200Db", "xn--ab-fsf014u"},
		{"A\u094D\u200DB", "xn--ab-fsf014u"},
		{"A\u094D\u200Db", "xn--ab-fsf014u"},
		{"xn--ab-fsf014u", "xn--ab-fsf014u"},
		{"\u0308\u200D\u0308\u0628b", "!"}, // [B1, C2, V6]
		{"\u0308\u200D\u0308\u0628B", "!"},
		{"xn--b-bcba413a7w8b", "!"},
		{"a\u0628\u0308\u200D\u0308", "!"}, // [B5, B6, C2]
		{"A\u0628\u0308\u200D\u0308", "!"},
		{"xn--a-ccba213abx8b", "!"},
		{"a\u0628\u0308\u200D\u0308\u0628b", "!"}, // [B5, C2]
		{"A\u0628\u0308\u200D\u0308\u0628B", "!"},
		{"A\u0628\u0308\u200D\u0308\u0628b", "!"},
		{"xn--ab-uuba211bca5157b", "!"},
	}
	for _, tt := range tests {
		if got, code := toASCIIForTest(tt.in, false); got != tt.want {
			t.Errorf("ToASCII(%+q) = %q (error %d), want %q", tt.in, got, code, tt.want)
		}
	}
}

// TestToASCIIAppliesTheBidiRule checks each condition of RFC 5893 §2 on
// domains with a right-to-left letter (U+05D0 א, R; U+0627 ا, AL; U+0660
// ٠, AN), from the RFC's text: the error names the condition broken.
func TestToASCIIAppliesTheBidiRule(t *testing.T) {
	tests := []struct {
		in   string
		rule int // 0: passes
	}{
		{"\u05D0", 0},
		{"\u0627\u0660", 0},        // AN may end a right-to-left label
		{"\u05D01", 0},             // so may EN
		{"\u05D0\u0591", 0},        // and NSM after one of them
		{"\u05D0-\u05D0", 0},       // ES inside
		{"\u05D0!\u05D0", 0},       // ON inside
		{"a.\u05D0", 0},            // a left-to-right label in a Bidi domain
		{"a1.\u05D0", 0},           // ends with EN
		{"a\u0301.\u05D0", 0},      // ends with L and NSM
		{"1a.\u05D0", 1},           // starts with EN
		{"-a.\u05D0", 1},           // starts with ES
		{"\u0660\u05D0", 1},        // starts with AN
		{"\u05D0a", 2},             // L in a right-to-left label
		{"\u05D0 \u05D0", 2},       // WS in one
		{"\u05D0-", 3},             // ends with ES
		{"\u05D0!", 3},             // ends with ON
		{"\u05D01\u0660", 4},       // EN and AN
		{"\u05D0\u0660\u05D01", 4}, // AN and EN
		{"a\u05D0b", 5},            // R in a left-to-right label
		{"a.\u05D0\u0660b", 2},     // every label is checked: here the second
		{"a\u0660", 5},             // AN in a left-to-right label makes it a Bidi domain
		{"a-.\u05D0", 6},           // ends with ES
		{"a!.\u05D0", 6},           // ends with ON
		{"a-", 0},                  // not a Bidi domain: the rule does not apply
		{"1a", 0},
		{"\u05D0..a", 0}, // an empty label meets it
	}
	for _, tt := range tests {
		out, err := appendToASCII(nil, tt.in, false)
		rule := 0
		if err.code != 0 {
			if err.code != errBidi {
				t.Errorf("ToASCII(%+q): error %d, not a Bidi one", tt.in, err.code)
				continue
			}
			rule = int(err.r)
		}
		if rule != tt.rule {
			t.Errorf("ToASCII(%+q) = %q, rule %d broken; want rule %d", tt.in, out, rule, tt.rule)
		}
	}
}

// TestToASCIIAppliesContextJ checks the rules of RFC 5892 Appendix A.1
// (U+200C ZERO WIDTH NON-JOINER) and A.2 (U+200D ZERO WIDTH JOINER), with
// joining types from Unicode's ArabicShaping.txt: U+0628 ب D, U+0627 ا
// R, U+A872 ꡲ L, U+064E َ T (a mark), U+0640 ـ C (join causing, neither
// L, R, D nor T); U+094D ् is a virama.
func TestToASCIIAppliesContextJ(t *testing.T) {
	tests := []struct {
		in string
		ok bool
	}{
		{"\u094D\u200C", false}, // a virama first is a leading mark
		{"क\u094D\u200C", true},
		{"क\u094D\u200D", true},
		{"\u0628\u200C\u0628", true},             // D ZWNJ D
		{"\u0628\u200C\u0627", true},             // D ZWNJ R
		{"\uA872\u200C\uA840", true},             // L ZWNJ D (Phags-pa, Bidi class L)
		{"\u0628\u064E\u200C\u064E\u0628", true}, // T on both sides
		{"\u0627\u200C\u0628", false},            // R before
		{"\u0628\u200C\uA872", false},            // L after
		{"\u0628\u200C", false},                  // nothing after
		{"\u200C\u0628", false},                  // nothing before
		{"\u0640\u200C\u0628", false},            // C is not L or D
		{"\u0628\u200C\u0640", false},            // nor R or D
		{"\u0628\u200D\u0628", false},            // ZWJ only after a virama
		{"\u0628\u064E\u200D", false},
	}
	for _, tt := range tests {
		_, code := toASCIIForTest(tt.in, false)
		if (code == 0) != tt.ok {
			t.Errorf("ToASCII(%+q): error %d, want ok %v", tt.in, code, tt.ok)
		}
		if !tt.ok && code != errJoiner && code != errLeadingMark && code != errBidi {
			t.Errorf("ToASCII(%+q): error %d", tt.in, code)
		}
	}
}

// TestToASCIILowerCasesASCII checks that the mapping lower-cases A to Z and
// nothing else of ASCII, in an ASCII label and in one that is not ("@"
// and "[" are just outside A to Z; Python's punycode codec gives the ACE
// labels).
func TestToASCIILowerCasesASCII(t *testing.T) {
	tests := []struct{ in, want string }{
		{"@AZ[.ü", "@az[.xn--tda"},
		{"@AZ[ü", "xn--@az[-3ra"},
		{"ü@AZ[", "xn--@az[-zra"},
		{"`az{.ü", "`az{.xn--tda"},
	}
	for _, tt := range tests {
		if got, code := toASCIIForTest(tt.in, false); got != tt.want {
			t.Errorf("ToASCII(%q) = %q (error %d), want %q", tt.in, got, code, tt.want)
		}
	}
}

// TestToASCIIChecksALabels checks the A-label steps of UTS #46 Processing
// step 4 and validity criteria 1 and 4 on decoded labels.
func TestToASCIIChecksALabels(t *testing.T) {
	tests := []struct {
		in   string
		want string
		code idnaCode
	}{
		{"xn--tda", "xn--tda", 0},
		{"XN--TDA", "xn--tda", 0},
		{"xn--bcher-kva.ü", "xn--bcher-kva.xn--tda", 0},
		{"xn--", "!", errACEEmpty},
		{"xn--abc-", "!", errACEASCII},        // decodes to "abc"
		{"xn--9", "!", errACEInvalid},         // an unfinished integer
		{"xn--a!", "!", errACEInvalid},        // not a digit
		{"xn--a", "!", errDisallowed},         // U+0080: valid Punycode (RFC 3492 §6.2)
		{"xn--ü-", "!", errACENotASCII},       // maps to an A-label that is not ASCII
		{"ｘn--\u0080", "!", errACENotASCII},   // U+0080 is not ASCII either
		{"xn--xn--a-ph1a", "!", errACEPrefix}, // decodes to "xn--aᘳ"
		{"xn--a-ccb", "!", errACENotNFC},      // "a\u0308" (Python's codec), whose NFC is "ä"
		{"xn--4ca", "xn--4ca", 0},             // "ä"
		{"xn--ss-", "!", errACEASCII},
		{"xn--a-wbb.ü", "!", errLeadingMark}, // "\u0301a"
		{"xn--0ca24w.ü", "!", errBidi},       // "à\u05D0"
		{"xn--tsh", "!", errDisallowed},      // "\u2488" ⒈, disallowed
		{"xn--3ba", "!", errDisallowed},      // "\u00C0" À, mapped
	}
	type result struct {
		Out  string
		Code idnaCode
	}
	for _, tt := range tests {
		got, code := toASCIIForTest(tt.in, false)
		if diff := cmp.Diff(result{tt.want, tt.code}, result{got, code}); diff != "" {
			t.Errorf("ToASCII(%+q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestToASCIIStrictSetsTheStrictFlags checks the flags beStrict turns on
// (CheckHyphens, UseSTD3ASCIIRules, VerifyDnsLength), which only make the
// domain-to-ASCII validation error.
func TestToASCIIStrictSetsTheStrictFlags(t *testing.T) {
	long := strings.Repeat("a", 63)
	tests := []struct {
		in   string
		code idnaCode // with beStrict; without, every domain here converts
	}{
		{"bücher.example", 0},
		{"ab--c.ü", errHyphen34},
		{"ab--.ü", errHyphen34}, // before the hyphen at the end
		{"-ab.ü", errHyphenEnd},
		{"ab-.ü", errHyphenEnd},
		{"a_b.ü", errSTD3},
		{"a b.ü", errSTD3},
		{"ü..a", errLabelLength},
		{"ü.", errLabelLength}, // since Unicode 16, the root label too
		{long + ".ü", 0},
		{long + "a.ü", errLabelLength},
		{strings.Repeat(long+".", 3) + strings.Repeat("a", 54) + ".ü", errDomainLength}, // 254 bytes: ü is xn--tda
		{strings.Repeat(long+".", 3) + strings.Repeat("a", 53) + ".ü", 0},               // 253
	}
	for _, tt := range tests {
		if _, code := toASCIIForTest(tt.in, true); code != tt.code {
			t.Errorf("strict ToASCII(%q): error %d, want %d", tt.in, code, tt.code)
		}
		if out, code := toASCIIForTest(tt.in, false); code != 0 && tt.in != "a b.ü" {
			t.Errorf("ToASCII(%q) = %q, error %d", tt.in, out, code)
		}
	}
}

// TestToASCIIHintsSayWhy checks the hints of the errors.
func TestToASCIIHintsSayWhy(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a\u2488", `the label "a⒈" holds U+2488 '⒈', which UTS #46 does not allow in a domain`},
		{"\u0301a", "the label \"\u0301a\" starts with the combining mark U+0301 '\u0301'"},
		{"x.a\u200db", `in the label "a\u200db", U+200D ZERO WIDTH JOINER does not follow a virama (RFC 5892 Appendix A.2)`},
		{"a\u200cb", `in the label "a\u200cb", U+200C ZERO WIDTH NON-JOINER neither follows a virama nor stands between joining letters (RFC 5892 Appendix A.1)`},
		{"ℵa", `the label "ℵa" breaks rule 2 of the Bidi rule (RFC 5893 §2), which every label of a domain with right-to-left letters must meet`},
		{"xn--ü-", `the Punycode label "xn--ü-" holds U+00FC 'ü', which is not ASCII`},
		{"ü.xn--9", `the label "xn--9" starts with "xn--" but is not valid Punycode`},
		{"ü.xn--", `the label "xn--" has no Punycode after "xn--"`},
		{"ü.xn--ab-", `the Punycode label "xn--ab-" decodes to ASCII only`},
		{"ü.xn--xn--a-ph1a", `the Punycode label "xn--xn--a-ph1a" decodes to a label that starts with "xn--"`},
		{"ü.xn--a-ccb", `the Punycode label "xn--a-ccb" decodes to a label that is not in NFC`},
		{"\U0010FFFD", `the label "\U0010fffd" holds U+10FFFD '\U0010fffd', which UTS #46 does not allow in a domain`},
	}
	for _, tt := range tests {
		_, err := appendToASCII(nil, tt.in, false)
		if got := err.hint(tt.in); got != tt.want {
			t.Errorf("ToASCII(%+q) hint:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
	strict := []struct{ in, want string }{
		{"ab--c", `the label "ab--c" has hyphens in its third and fourth places`},
		{"a-", `the label "a-" starts or ends with a hyphen`},
		{"a_b", `the label "a_b" holds U+005F '_' (UseSTD3ASCIIRules allows letters, digits and hyphens)`},
		{"a..b", `the label "" is empty or longer than 63 bytes in ASCII`},
		{strings.Repeat("a.", 127) + "a", "the domain is longer than 253 bytes in ASCII"},
	}
	for _, tt := range strict {
		_, err := appendToASCII(nil, tt.in, true)
		if got := err.hint(tt.in); got != tt.want {
			t.Errorf("strict ToASCII(%q) hint:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

// TestToASCIIFailsOnPunycodeOverflow checks a label whose Punycode
// overflows 32 bits: the first delta of U+323B0 (CJK Extension J, valid)
// after 11,000 ASCII letters is (0x323B0-0x80)×11,001, above 2³¹-1.
func TestToASCIIFailsOnPunycodeOverflow(t *testing.T) {
	label := strings.Repeat("a", 11000) + "\U000323B0"
	if got, code := toASCIIForTest(label, false); code != errPunycodeOverflow {
		t.Errorf("ToASCII(%.10q…) = %.20q, error %d", label, got, code)
	}
}

// changedSinceUnicode15 lists the code points assigned in Unicode 15.0
// whose UTS #46 status or mapping Unicode 16.0 or 17.0 changed, as
// x/net/idna's own Unicode 15.0 and 17.0 tables differ: capital letters
// now mapped to their small letters (U+04C0, the Georgian capitals
// U+10A0..10C5, U+2132, U+2183), code points now ignored (Hangul fillers,
// U+17B4..17B5, U+180E, invisible operators and deprecated format
// characters U+2061..2063 and U+206A..206F, musical formatting
// U+1D173..1D17A), U+1806 MONGOLIAN TODO SOFT HYPHEN now valid, U+1E9E ẞ
// now mapped to ß (was "ss"), and five CJK compatibility ideographs now
// mapped.
var changedSinceUnicode15 = [][2]rune{
	{0x04C0, 0x04C0}, {0x10A0, 0x10C5}, {0x115F, 0x1160}, {0x17B4, 0x17B5}, {0x1806, 0x1806},
	{0x180E, 0x180E}, {0x1E9E, 0x1E9E}, {0x2061, 0x2063}, {0x206A, 0x206F}, {0x2132, 0x2132},
	{0x2183, 0x2183}, {0x3164, 0x3164}, {0xFFA0, 0xFFA0}, {0x1D173, 0x1D17A}, {0x2F868, 0x2F868},
	{0x2F874, 0x2F874}, {0x2F91F, 0x2F91F}, {0x2F95F, 0x2F95F}, {0x2F9BF, 0x2F9BF},
}

func inRanges(r rune, ranges [][2]rune) bool {
	for _, rg := range ranges {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}

// assigned15 calls f with each code point assigned in Unicode 15.0 but
// the surrogates.
func assigned15(f func(r rune)) {
	a := rangetable.Assigned("15.0.0")
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if unicode.Is(a, r) && !unicode.Is(unicode.Cs, r) {
			f(r)
		}
	}
}

// TestIDNATableMatchesXNetOnUnicode15 checks the status and mapping of
// each code point assigned in Unicode 15.0 against x/net/idna, which Go
// 1.26 builds with UTS #46's Unicode 15.0 table, with validation off:
// they agree but on the code points Unicode 16.0 and 17.0 changed.
func TestIDNATableMatchesXNetOnUnicode15(t *testing.T) {
	p := idna.New(idna.MapForLookup(), idna.Transitional(false), idna.ValidateLabels(false),
		idna.CheckHyphens(false), idna.CheckJoiners(false), idna.StrictDomainName(false))
	n, changed := 0, 0
	assigned15(func(r rune) {
		n++
		want, err := p.ToUnicode(string(r))
		if err != nil {
			want = "disallowed"
		}
		got := string(r)
		switch leaf := idnaLeaf(r); {
		case leaf&idnaMapped != 0:
			got = idnaMapping(leaf)
		case idnaProps[leaf]&propValid == 0:
			got = "disallowed"
		}
		switch {
		case inRanges(r, changedSinceUnicode15):
			changed++
			if got == want {
				t.Errorf("%U: %q, as in Unicode 15.0", r, got)
			}
		case got != want:
			t.Errorf("%U: %q, x/net/idna (Unicode 15.0) says %q", r, got, want)
		}
	})
	t.Logf("%d code points, %d of them changed since Unicode 15.0", n, changed)
}

// TestIDNAAdmitsCodePointsNewSinceUnicode15 counts the code points that
// Unicode 15.1, 16.0 and 17.0 assigned and UTS #46 17.0 admits, which the
// package doc gives: 10,518 valid and 92 mapped, none ignored. x/net/idna
// on Go 1.26's Unicode 15.0 table (internal/idnahost's, with validation
// off) refuses every one of them.
func TestIDNAAdmitsCodePointsNewSinceUnicode15(t *testing.T) {
	p := idna.New(idna.MapForLookup(), idna.Transitional(false), idna.ValidateLabels(false),
		idna.CheckHyphens(false), idna.CheckJoiners(false), idna.StrictDomainName(false))
	a := rangetable.Assigned("15.0.0")
	var valid, mapped, ignored int
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if unicode.Is(a, r) || unicode.Is(unicode.Cs, r) {
			continue
		}
		switch leaf := idnaLeaf(r); {
		case leaf&idnaMapped != 0 && idnaMapping(leaf) == "":
			ignored++
		case leaf&idnaMapped != 0:
			mapped++
		case idnaProps[leaf]&propValid != 0:
			valid++
		default:
			continue
		}
		if got, err := p.ToUnicode(string(r)); err == nil {
			t.Errorf("%U: x/net/idna (Unicode 15.0) admits it as %q", r, got)
		}
	}
	if valid != 10518 || mapped != 92 || ignored != 0 {
		t.Errorf("new since Unicode 15.0: %d valid, %d mapped, %d ignored; the package doc says 10,518, 92 and 0",
			valid, mapped, ignored)
	}
}

// bidiChangedSinceUnicode15 lists the code points assigned in Unicode 15.0
// whose Bidi class Unicode 16.0 changed: U+1171E (NSM to L) and the
// mathematical nabla and partial differential symbols U+1D6C1, U+1D6FB,
// U+1D735, U+1D76F and U+1D7A9 (L to ON).
var bidiChangedSinceUnicode15 = [][2]rune{{0x1171E, 0x1171E}, {0x1D6C1, 0x1D6C1}, {0x1D6FB, 0x1D6FB},
	{0x1D735, 0x1D735}, {0x1D76F, 0x1D76F}, {0x1D7A9, 0x1D7A9}}

// TestIDNAPropsMatchUnicode15 checks the props of each code point
// assigned in Unicode 15.0 that UTS #46 does not map against the Unicode
// 15.0 tables Go 1.26 has: the Bidi class (x/text/unicode/bidi), the
// canonical combining class (x/text/unicode/norm), whether it is a mark
// (unicode.M). They agree but on the Bidi classes Unicode 16.0 changed.
func TestIDNAPropsMatchUnicode15(t *testing.T) {
	classes := map[bidi.Class]uint32{bidi.L: bidiL, bidi.R: bidiR, bidi.AL: bidiAL, bidi.AN: bidiAN,
		bidi.EN: bidiEN, bidi.ES: bidiES, bidi.CS: bidiCS, bidi.ET: bidiET, bidi.ON: bidiON,
		bidi.BN: bidiBN, bidi.NSM: bidiNSM}
	assigned15(func(r rune) {
		if idnaLeaf(r)&idnaMapped != 0 {
			return
		}
		p := idnaPropsOf(r)
		bp, _ := bidi.LookupRune(r)
		want, ok := classes[bp.Class()]
		if !ok {
			want = bidiOther
		}
		if got := p >> propBidiShift & 0xF; got != want && !inRanges(r, bidiChangedSinceUnicode15) {
			t.Errorf("%U: Bidi class %d, want %d", r, got, want)
		}
		if got, want := p&propCCC, uint32(norm.NFC.PropertiesString(string(r)).CCC()); got != want {
			t.Errorf("%U: combining class %d, want %d", r, got, want)
		}
		if got, want := p&propMark != 0, unicode.Is(unicode.M, r); got != want {
			t.Errorf("%U: mark %v, want %v", r, got, want)
		}
	})
}

// TestIDNAJoiningTypes spot-checks joining types against Unicode's
// ArabicShaping.txt (C, join causing, reads as U).
func TestIDNAJoiningTypes(t *testing.T) {
	want := map[rune]uint32{'a': joinU, 0x0628: joinD, 0x0627: joinR, 0xA872: joinL, 0x064E: joinT,
		0x0640: joinU, 0x200D: joinU, 0x0710: joinR, 0x07CA: joinD, 0x1E922: joinD, 0x10D70: joinU, 0x0897: joinT}
	for r, w := range want {
		if got := idnaPropsOf(r) >> propJoinShift & 7; got != w {
			t.Errorf("%U: joining type %d, want %d", r, got, w)
		}
	}
}

// nfcRunes are code points that exercise NFC: starters that compose,
// marks of several combining classes, composites, Hangul, and code points
// that compose with nothing; all assigned in Unicode 15.0, whose NFC
// Unicode's stability policy keeps, and none that UTS #46 maps (appendNFC
// runs on labels mapped already, and a decoded label with a mapped code
// point fails whatever its NFC: such code points, as U+1D15F, which NFC
// decomposes, are not decomposed).
var nfcRunes = []rune("aeiounszlıəæøɛ<=>àéẹḗǖωᾶɑαιυ" +
	"\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u030A\u030C\u0313\u0314\u0316\u031B\u0323\u0327\u0328\u0338\u0342\u05B0\u05BC\u093C\u094D\u0F71\u0F72\u0F80\u1DCE" +
	"\u0915\u0929\u0928\u09C7\u09BE\u09D7\u0B47\u0B56\u0DD9\u0DCF\u0DCA\u1100\u1161\u11A8\uAC00\uAC01\u1112\u1175\u11C2\u3099\u304B\u304C\u0F40\u0FB5" +
	"\U000110A5\U000110BA\U00011131\U00011127\U0001D158\U0001D165")

// TestAppendNFCMatchesXText checks appendNFC and isNFC against x/text's NFC
// (Unicode 15.0 in Go 1.26) on random strings of nfcRunes, and mapLabel's
// NFC quick check against x/text's.
func TestAppendNFCMatchesXText(t *testing.T) {
	if !idnaValidRunes(nfcRunes) {
		t.Fatal("nfcRunes holds a code point UTS #46 maps")
	}
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.SliceOfN(rapid.SampledFrom(nfcRunes), 0, 12).Draw(t, "s")
		want := norm.NFC.String(string(s))
		if got := appendNFC(nil, s); string(got) != want {
			t.Fatalf("appendNFC(%+q) = %+q, want %+q", string(s), string(got), want)
		}
		var c idnaConv
		var big *idnaBig
		c.big = &big
		if got := c.isNFC(s); got != (string(s) == want) {
			t.Fatalf("isNFC(%+q) = %v", string(s), got)
		}
		// x/text's quick span is the NFC quick check of UAX #15 too.
		if _, f := mapLabel(string(s), nil); f.quick != (norm.NFC.QuickSpanString(string(s)) == len(string(s))) {
			t.Fatalf("mapLabel(%+q): quick check %v, x/text's %v", string(s), f.quick, !f.quick)
		}
	})
}

// TestAppendNFCComposesHangul checks appendNFC on Hangul, which composes
// and decomposes by arithmetic (Unicode §3.12): LV and LVT syllables, their
// jamo, and a syllable before a mark, which makes the label go through
// decomposition and composition; each against x/text's NFC.
func TestAppendNFCComposesHangul(t *testing.T) {
	ins := []string{"\u1100\u1161", "\u1100\u1161\u11A8", "\uAC00\u11A8", "\uAC01", "\uAC01\u0301",
		"\uAC00\u0301", "\uD7A3\u0301", "\u1112\u1175\u11C2", "\uAC01\u11A8", "\u1100\uAC00",
		// At the ends of the jamo ranges that compose, and just past them.
		"\u1112\u1175", "\u1113\u1161", "\u10FF\u1161", "\u1100\u1160", "\u1100\u1176",
		"\uAC00\u11A7", "\uAC00\u11C2", "\uAC00\u11C3", "\uD7A4\u11A8", "\uABFF\u11A8"}
	var want, got []string
	for _, in := range ins {
		want = append(want, norm.NFC.String(in))
		got = append(got, string(appendNFC(nil, []rune(in))))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("appendNFC (-x/text +got):\n%s", diff)
	}
}

// TestCompositionSecondsAreMaybe checks what compose relies on to look a
// pair up only when its second code point has NFC_Quick_Check=Maybe (or
// is mapped, and so has no props): the second code point of every
// composition of the table has the props bit, and so do the Hangul vowels
// and trailing consonants, which compose by arithmetic.
func TestCompositionSecondsAreMaybe(t *testing.T) {
	maybe := func(r rune) bool {
		return idnaLeaf(r)&idnaMapped != 0 || idnaPropsOf(r)&propMaybe != 0
	}
	for _, c := range idnaCompositions {
		if b := rune(c >> 21 & (1<<21 - 1)); !maybe(b) {
			t.Errorf("%U composes with %U but has no propMaybe", b, rune(c>>42))
		}
	}
	for _, r := range []rune{0x1161, 0x1175, 0x11A8, 0x11C2} {
		if !maybe(r) {
			t.Errorf("%U (Hangul jamo) has no propMaybe", r)
		}
	}
}

// idnaValidRunes reports whether UTS #46 neither maps nor ignores any code
// point of s.
func idnaValidRunes(s []rune) bool {
	for _, r := range s {
		if idnaLeaf(r)&idnaMapped != 0 {
			return false
		}
	}
	return true
}

// TestParseAllocatesOnlyTheHrefForIDNAHosts checks that a URL whose host
// goes through UTS #46 costs Parse one allocation, the href's.
func TestParseAllocatesOnlyTheHrefForIDNAHosts(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocations are counted without coverage and the race detector")
	}
	fromCorpus, fromIdnaTest := idnaBenchInputs(t)
	long := "https://" + strings.Repeat("ü", 300) + "." + strings.Repeat("a", 200) + "ß/"
	for _, in := range append(append(fromCorpus, fromIdnaTest...), long, "https://xn--"+strings.Repeat("a", 100)+"-"+strings.Repeat("9", 3)+"b.ü/") {
		if n := testing.AllocsPerRun(5, func() { _, _ = Parse(in) }); n > 1 {
			t.Errorf("Parse(%.60q) allocates %v times", in, n)
		}
	}
}

// FuzzToASCII checks, on any domain, that ToASCII does not panic, that it
// fails on a domain that is not UTF-8, that what it returns is ASCII and
// converts to itself (UTS #46's ToASCII is
// idempotent), that the strict conversion, when it succeeds, agrees, and
// that an error names a label inside the domain.
func FuzzToASCII(f *testing.F) {
	for _, s := range []string{"bücher.example", "ℵa", "1.ℵ", "xn--tda.ü", "a\u200cb", "\u0627\u200c\u0628", "ß．ＸＮ－－。",
		"e\u0301\u0323", "\uAC00\u11A8", "a\u0897", "\U00010D50", "xn--a-ccb.ü", "-ab.ü",
		"ü.\xe3\x80", "\xc3", "a.\xed\xa0\x80", "\xe3\x80\x82\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, domain string) {
		out, err := appendToASCII(nil, domain, false)
		if !utf8.ValidString(domain) {
			if err.code == 0 {
				t.Fatalf("ToASCII(%+q) = %q, but the domain is not UTF-8", domain, out)
			}
			return
		}
		if err.code != 0 {
			if err.at < 0 || err.end < err.at || err.end > len(domain) || err.hint(domain) == "" {
				t.Fatalf("ToASCII(%+q): error %+v", domain, err)
			}
			return
		}
		if !isASCII(string(out)) {
			t.Fatalf("ToASCII(%+q) = %q, not ASCII", domain, out)
		}
		again, err := appendToASCII(nil, string(out), false)
		if err.code != 0 || string(again) != string(out) {
			t.Fatalf("ToASCII(%+q) = %q, which converts to %q, %+v", domain, out, again, err)
		}
		if strict, err := appendToASCII(nil, domain, true); err.code == 0 && string(strict) != string(out) {
			t.Fatalf("ToASCII(%+q) = %q, strict %q", domain, out, strict)
		}
	})
}

// idnaBenchInputs returns the URLs of the IDNA benchmarks that Parse
// accepts: the corpus lines whose special host is not ASCII, and each
// input of IdnaTestV2.json that is not ASCII and that the file says
// converts, as the host of an https URL.
func idnaBenchInputs(tb testing.TB) (fromCorpus, fromIdnaTest []string) {
	for _, l := range corpus.Lines(tb, "urls.txt") {
		if _, err := Parse(l); err == nil && mayMapDomain(l) {
			fromCorpus = append(fromCorpus, l)
		}
	}
	for _, c := range readWPTCases(tb, "IdnaTestV2.json") {
		if in := "https://" + c.Input + "/"; c.Output != nil && !isASCII(c.Input) && mayMapDomain(in) {
			if _, err := Parse(in); err == nil {
				fromIdnaTest = append(fromIdnaTest, in)
			}
		}
	}
	return fromCorpus, fromIdnaTest
}

// BenchmarkIDNA compares Parse and CanParse with net/url.Parse (which reads
// a host that is not ASCII without mapping it) on URLs whose host goes through
// UTS #46, one op being every URL of a set once. Beside ns/op and B/op it
// reports cpu-ns/B and B/B, per byte of the URLs.
func BenchmarkIDNA(b *testing.B) {
	fromCorpus, fromIdnaTest := idnaBenchInputs(b)
	for _, set := range []struct {
		name string
		ins  []string
	}{{"corpus", fromCorpus}, {"IdnaTestV2", fromIdnaTest}} {
		size := 0
		for _, in := range set.ins {
			size += len(in)
		}
		b.Run(set.name+"/weburl", func(b *testing.B) {
			defer reportPerByte(b, size)()
			n := 0
			for b.Loop() {
				for _, in := range set.ins {
					u, _ := Parse(in)
					n += len(u.href)
				}
			}
			benchSink = n
		})
		b.Run(set.name+"/CanParse", func(b *testing.B) {
			defer reportPerByte(b, size)()
			n := 0
			for b.Loop() {
				for _, in := range set.ins {
					if CanParse(in) {
						n++
					}
				}
			}
			benchSink = n
		})
		b.Run(set.name+"/net-url", func(b *testing.B) {
			defer reportPerByte(b, size)()
			n := 0
			for b.Loop() {
				for _, in := range set.ins {
					if u, err := url.Parse(in); err == nil {
						n += len(u.Host)
					}
				}
			}
			benchSink = n
		})
	}
}

// reportPerByte reports, for a benchmark whose op reads size bytes, the
// CPU time (as reportCPU does, less disturbed than the clock by the load of
// a shared machine) and the bytes allocated per byte (cpu-ns/B, B/B), and
// the allocations per op.
func reportPerByte(b *testing.B, size int) func() {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ReportAllocs()
	start := cpuTime()
	b.ResetTimer()
	return func() {
		b.StopTimer()
		cpu := cpuTime() - start
		runtime.ReadMemStats(&after)
		if b.N > 0 {
			n := float64(b.N) * float64(size)
			b.ReportMetric(float64(cpu)/n, "cpu-ns/B")
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/n, "B/B")
		}
	}
}
