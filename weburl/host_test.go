package weburl

import (
	"encoding/json"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// hostResult is what a host test expects: the serialization and kind, or
// the failure's type and offset.
type hostResult struct {
	Out  string
	Kind hostKind
	Fail string // the *Error's Type; "" when the host parses
	Off  int    // the *Error's Offset
}

func parseHostForTest(input string, isOpaque bool) hostResult {
	out, kind, err := appendHost(nil, input, isOpaque, nil)
	if err != nil {
		return hostResult{Kind: hostNone, Fail: err.Type, Off: err.Offset}
	}
	return hostResult{Out: string(out), Kind: kind}
}

// wptCase is an entry of toascii.json or IdnaTestV2.json: an input and its
// host, or a null output for a failure.
type wptCase struct {
	Comment string  `json:"comment"`
	Input   string  `json:"input"`
	Output  *string `json:"output"`
}

func readWPTCases(t testing.TB, name string) []wptCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "wpt", name))
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var cases []wptCase
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue // a comment line
		}
		var c wptCase
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// TestAppendHostPassesToASCIITests runs WPT's toascii.json through the host
// parser of a special URL, as WPT does with new URL("https://" + input + "/x").
// No input of the file contains a code point that would end the host in the
// URL parser before the host parser sees it.
func TestAppendHostPassesToASCIITests(t *testing.T) {
	cases := readWPTCases(t, "toascii.json")
	if len(cases) < 80 {
		t.Fatalf("read %d cases from toascii.json", len(cases))
	}
	for _, c := range cases {
		got := parseHostForTest(c.Input, false)
		switch {
		case c.Output == nil && got.Fail == "":
			t.Errorf("%q (%s): got host %q, want failure", c.Input, c.Comment, got.Out)
		case c.Output != nil && got.Fail != "":
			t.Errorf("%q (%s): failed with %s, want %q", c.Input, c.Comment, got.Fail, *c.Output)
		case c.Output != nil && got.Out != *c.Output:
			t.Errorf("%q (%s): got %q, want %q", c.Input, c.Comment, got.Out, *c.Output)
		}
	}
}

// idnaKnownFailures lists the IdnaTestV2.json inputs the host parser answers
// differently from the file, each with its cause (none at present). The
// test fails when one of them starts to pass, so the list stays exact.
var idnaKnownFailures = map[string]string{}

// TestAppendHostPassesIdnaTestV2 runs WPT's IdnaTestV2.json (Unicode's
// conformance data, filtered to what the URL Standard's flags test) through
// the host parser of a special URL.
func TestAppendHostPassesIdnaTestV2(t *testing.T) {
	cases := readWPTCases(t, "IdnaTestV2.json")
	pass, fail := 0, 0
	for _, c := range cases {
		if c.Input == "" {
			continue // new URL("https:///x") does not reach the host parser with ""
		}
		got := parseHostForTest(c.Input, false)
		ok := c.Output == nil && got.Fail != "" || c.Output != nil && got.Fail == "" && got.Out == *c.Output
		cause, known := idnaKnownFailures[c.Input]
		switch {
		case ok && known:
			t.Errorf("%q passes now; remove it from idnaKnownFailures (%s)", c.Input, cause)
		case !ok && !known:
			want := "failure"
			if c.Output != nil {
				want = *c.Output
			}
			t.Errorf("%q (%s): got %+v, want %q", c.Input, c.Comment, got, want)
		}
		if ok {
			pass++
		} else {
			fail++
		}
	}
	t.Logf("IdnaTestV2.json: %d pass, %d fail of %d", pass, fail, pass+fail)
}

// TestAppendHostExamples checks the standard's host parsing example table
// (§3 "Hosts"), for both values of isOpaque.
func TestAppendHostExamples(t *testing.T) {
	type row struct {
		in               string
		domain, opaque   hostResult
		domainF, opaqueF bool // failure expected
	}
	rows := []row{
		{in: "EXAMPLE.COM", domain: hostResult{Out: "example.com", Kind: hostDomain}, opaque: hostResult{Out: "EXAMPLE.COM", Kind: hostOpaque}},
		{in: "example%2Ecom", domain: hostResult{Out: "example.com", Kind: hostDomain}, opaque: hostResult{Out: "example%2Ecom", Kind: hostOpaque}},
		{in: "faß.example", domain: hostResult{Out: "xn--fa-hia.example", Kind: hostDomain}, opaque: hostResult{Out: "fa%C3%9F.example", Kind: hostOpaque}},
		{in: "0", domain: hostResult{Out: "0.0.0.0", Kind: hostIPv4}, opaque: hostResult{Out: "0", Kind: hostOpaque}},
		{in: "%30", domain: hostResult{Out: "0.0.0.0", Kind: hostIPv4}, opaque: hostResult{Out: "%30", Kind: hostOpaque}},
		{in: "0x", domain: hostResult{Out: "0.0.0.0", Kind: hostIPv4}, opaque: hostResult{Out: "0x", Kind: hostOpaque}},
		{in: "0xffffffff", domain: hostResult{Out: "255.255.255.255", Kind: hostIPv4}, opaque: hostResult{Out: "0xffffffff", Kind: hostOpaque}},
		{in: "[0:0::1]", domain: hostResult{Out: "[::1]", Kind: hostIPv6}, opaque: hostResult{Out: "[::1]", Kind: hostIPv6}},
		{in: "[0:0::1%5D", domainF: true, opaqueF: true},
		{in: "[0:0::%31]", domainF: true, opaqueF: true},
		{in: "09", domainF: true, opaque: hostResult{Out: "09", Kind: hostOpaque}},
		{in: "example.255", domainF: true, opaque: hostResult{Out: "example.255", Kind: hostOpaque}},
		{in: "example^example", domainF: true, opaqueF: true},
	}
	for _, r := range rows {
		for _, isOpaque := range []bool{false, true} {
			want, wantFail := r.domain, r.domainF
			if isOpaque {
				want, wantFail = r.opaque, r.opaqueF
			}
			got := parseHostForTest(r.in, isOpaque)
			if wantFail {
				if got.Fail == "" {
					t.Errorf("appendHost(%q, isOpaque=%v) = %q, want failure", r.in, isOpaque, got.Out)
				}
				continue
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("appendHost(%q, isOpaque=%v) mismatch (-want +got):\n%s", r.in, isOpaque, diff)
			}
		}
	}
}

// TestAppendHostReadsIPv4NumberForms checks the IPv4 parser and the ends in a
// number checker against the standard's text: decimal, octal ("0" prefix)
// and hex ("0x"/"0X") parts, one to four parts with the last filling the
// remaining bytes, an optional trailing dot, and the overflow rules.
func TestAppendHostReadsIPv4NumberForms(t *testing.T) {
	ipv4 := func(s string) hostResult { return hostResult{Out: s, Kind: hostIPv4} }
	domain := func(s string) hostResult { return hostResult{Out: s, Kind: hostDomain} }
	fail := func(typ string, off int) hostResult { return hostResult{Kind: hostNone, Fail: typ, Off: off} }
	tests := []struct {
		in   string
		want hostResult
	}{
		{"127.0.0.1", ipv4("127.0.0.1")},
		{"127.0.0.1.", ipv4("127.0.0.1")},         // one trailing empty part is dropped
		{"0x7f.1", ipv4("127.0.0.1")},             // 0x7f, then 1 fills three bytes
		{"0X7F.0.0.1", ipv4("127.0.0.1")},         // "0X" too
		{"0177.0.0.1", ipv4("127.0.0.1")},         // octal 0177 = 127
		{"2130706433", ipv4("127.0.0.1")},         // one part fills four bytes
		{"017700000001", ipv4("127.0.0.1")},       // octal 017700000001 = 2130706433
		{"0x7F000001", ipv4("127.0.0.1")},         // hex, upper-case digits
		{"192.168.257", ipv4("192.168.1.1")},      // 257 = 0x0101 in the last two bytes
		{"1.2.3.4.", ipv4("1.2.3.4")},             //
		{"0x", ipv4("0.0.0.0")},                   // "0x" alone is the number 0
		{"0x.0x.0", ipv4("0.0.0.0")},              //
		{"00", ipv4("0.0.0.0")},                   // octal 0
		{"4294967295", ipv4("255.255.255.255")},   // 2^32 - 1
		{"0xffffffff", ipv4("255.255.255.255")},   //
		{"255.16777215", ipv4("255.255.255.255")}, // 2^24 - 1 in the last part of two
		{"4294967296", fail("IPv4-out-of-range-part", 0)},
		{"0x100000000", fail("IPv4-out-of-range-part", 0)},
		{"256.0.0.1", fail("IPv4-out-of-range-part", 0)}, // only the last part may exceed 255
		{"1.2.3.256", fail("IPv4-out-of-range-part", 0)},
		{"1.2.65536", fail("IPv4-out-of-range-part", 0)},
		{"99999999999999999999999999", fail("IPv4-out-of-range-part", 0)}, // no overflow
		{"1.2.3.4.5", fail("IPv4-too-many-parts", 0)},
		{"1.2.3.09", fail("IPv4-non-numeric-part", 6)}, // 9 is not an octal digit
		{"09", fail("IPv4-non-numeric-part", 0)},
		{"1..2", fail("IPv4-non-numeric-part", 2)}, // an empty part inside
		{"0xg.1", fail("IPv4-non-numeric-part", 0)},
		{"foo.0x", fail("IPv4-non-numeric-part", 0)}, // ends in a number, so it must be IPv4
		{"foo.1.2", fail("IPv4-non-numeric-part", 0)},
		{"example.255", fail("IPv4-non-numeric-part", 0)},
		{"1.2.3.4..", domain("1.2.3.4..")}, // last label after dropping one empty one is empty
		{"1.2.3.0x1g", domain("1.2.3.0x1g")},
		{"1.2.3.a", domain("1.2.3.a")},
		{"0x1.a1", domain("0x1.a1")},
		{"1.2.3.1e", domain("1.2.3.1e")},
		{"ex.0xz", domain("ex.0xz")},
		{"%31%32%37.0.0.1", ipv4("127.0.0.1")}, // percent-decoded before the checker
		{"１２７.0.0.1", ipv4("127.0.0.1")},       // full-width digits map to ASCII digits
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, parseHostForTest(tt.in, false)); diff != "" {
			t.Errorf("appendHost(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestAppendHostReadsIPv6Forms checks the IPv6 parser and serializer against
// the standard's text: compression, IPv4 in the last two pieces, and the
// serializer's choice of the first longest run of two or more zero pieces.
func TestAppendHostReadsIPv6Forms(t *testing.T) {
	ipv6 := func(s string) hostResult { return hostResult{Out: s, Kind: hostIPv6} }
	fail := func(typ string, off int) hostResult { return hostResult{Kind: hostNone, Fail: typ, Off: off} }
	tests := []struct {
		in   string
		want hostResult
	}{
		{"[::]", ipv6("[::]")},
		{"[::1]", ipv6("[::1]")},
		{"[1::]", ipv6("[1::]")},
		{"[0:0:0:0:0:0:0:1]", ipv6("[::1]")},
		{"[1:0:0:0:0:0:0:0]", ipv6("[1::]")},
		{"[2001:DB8::1]", ipv6("[2001:db8::1]")},
		{"[2001:0db8:0000:0000:0000:0000:0000:0001]", ipv6("[2001:db8::1]")},
		{"[0:f:0:0:f:f:0:0]", ipv6("[0:f::f:f:0:0]")},    // the standard's example: first longest run
		{"[1:0:1:0:1:0:1:0]", ipv6("[1:0:1:0:1:0:1:0]")}, // no run longer than one piece
		{"[1:0:0:1:0:0:1:1]", ipv6("[1::1:0:0:1:1]")},    // a tie: the first run
		{"[1:0:0:1:0:0:0:1]", ipv6("[1:0:0:1::1]")},      // the longer run wins
		{"[::ffff:1.2.3.4]", ipv6("[::ffff:102:304]")},   // IPv4 pieces are written in hex
		{"[::127.0.0.1]", ipv6("[::7f00:1]")},
		{"[1:2:3:4:5:6:1.2.3.4]", ipv6("[1:2:3:4:5:6:102:304]")},
		{"[ffff::]", ipv6("[ffff::]")},
		{"[::ffff:255.255.255.255]", ipv6("[::ffff:ffff:ffff]")}, // each IPv4 number at its largest
		{"[::0.0.0.0]", ipv6("[::]")},
		{"[::9.9.9.9]", ipv6("[::909:909]")}, // each number starts with the last digit
		{"[", fail("IPv6-unclosed", 1)},
		{"[::1", fail("IPv6-unclosed", 4)},
		{"[]", fail("IPv6-too-few-pieces", 1)},
		{"[:1]", fail("IPv6-invalid-compression", 1)},
		{"[1:2:3:4:5:6:7:8:9]", fail("IPv6-too-many-pieces", 17)},
		{"[1::2::3]", fail("IPv6-multiple-compression", 6)}, // the second colon of the second "::"
		{"[1:2:3:4:5:6:7]", fail("IPv6-too-few-pieces", 14)},
		{"[1:]", fail("IPv6-invalid-code-point", 3)},
		{"[::1%eth0]", fail("IPv6-invalid-code-point", 4)}, // no zone identifiers
		{"[12345::]", fail("IPv6-invalid-code-point", 5)},  // at most four hex digits
		{"[g::]", fail("IPv6-invalid-code-point", 1)},
		{"[::.1.2.3]", fail("IPv4-in-IPv6-invalid-code-point", 3)},
		{"[1:2:3:4:5:6:7:1.2.3.4]", fail("IPv4-in-IPv6-too-many-pieces", 15)},
		{"[::1.2.3]", fail("IPv4-in-IPv6-too-few-parts", 8)},
		{"[::1.2.3.4.5]", fail("IPv4-in-IPv6-invalid-code-point", 10)},
		{"[::1.2.3.256]", fail("IPv4-in-IPv6-out-of-range-part", 11)},
		{"[::256.0.0.0]", fail("IPv4-in-IPv6-out-of-range-part", 5)},
		{"[::1.2.3.01]", fail("IPv4-in-IPv6-invalid-code-point", 10)}, // no leading zero
		{"[::1.2..3]", fail("IPv4-in-IPv6-invalid-code-point", 7)},
		{"[::0x1.2.3.4]", fail("IPv6-invalid-code-point", 4)},
	}
	for _, tt := range tests {
		for _, isOpaque := range []bool{false, true} {
			if diff := cmp.Diff(tt.want, parseHostForTest(tt.in, isOpaque)); diff != "" {
				t.Errorf("appendHost(%q, isOpaque=%v) mismatch (-want +got):\n%s", tt.in, isOpaque, diff)
			}
		}
	}
}

// TestAppendHostSerializesIPv6LikeNetip checks the IPv6 serializer against an
// independent one: net/netip writes RFC 5952 text, as the standard does,
// except that it writes an IPv4-mapped address with a dotted tail.
func TestAppendHostSerializesIPv6LikeNetip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var addr [8]uint16
		for i := range addr {
			// Mostly zeros, so that runs of zero pieces are common.
			addr[i] = rapid.OneOf(rapid.Just(uint16(0)), rapid.Uint16()).Draw(t, "piece")
		}
		var b [16]byte
		for i, p := range addr {
			b[2*i], b[2*i+1] = byte(p>>8), byte(p)
		}
		ip := netip.AddrFrom16(b)
		got := string(appendIPv6(nil, &addr))
		if !ip.Is4In6() {
			if want := ip.String(); got != want {
				t.Fatalf("appendIPv6(%v) = %q, netip says %q", addr, got, want)
			}
		}
		back, err := parseIPv6(got, 0, nil)
		if err != nil || back != addr {
			t.Fatalf("parseIPv6(%q) = %v, %v; want %v", got, back, err, addr)
		}
	})
}

// TestAppendHostReadsDottedDecimalLikeNetip checks the IPv4 parser and
// serializer on dotted-decimal text against net/netip.
func TestAppendHostReadsDottedDecimalLikeNetip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b [4]byte
		for i := range b {
			b[i] = rapid.Byte().Draw(t, "byte")
		}
		want := netip.AddrFrom4(b).String()
		got := parseHostForTest(want, false)
		if diff := cmp.Diff(hostResult{Out: want, Kind: hostIPv4}, got); diff != "" {
			t.Fatalf("appendHost(%q) mismatch (-want +got):\n%s", want, diff)
		}
	})
}

// TestAppendHostReadsEveryIPv4Form checks the IPv4 parser on random
// addresses written in random forms the standard allows: one to four parts,
// the last filling the remaining bytes, each part in decimal, octal ("0"
// prefix) or hexadecimal ("0x" or "0X", digits of either case), with an
// optional trailing dot. The expected text is net/netip's.
func TestAppendHostReadsEveryIPv4Form(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		addr := rapid.Uint32().Draw(t, "addr")
		nparts := rapid.IntRange(1, 4).Draw(t, "parts")
		var values []uint64
		for k := 0; k < nparts-1; k++ {
			values = append(values, uint64(addr>>(8*(3-k))&0xff))
		}
		values = append(values, uint64(addr)&(1<<(8*(5-nparts))-1))
		var parts []string
		for _, v := range values {
			var p string
			switch rapid.IntRange(0, 2).Draw(t, "radix") {
			case 0:
				p = strconv.FormatUint(v, 10)
			case 1:
				p = "0" + strconv.FormatUint(v, 8)
			case 2:
				p = rapid.SampledFrom([]string{"0x", "0X"}).Draw(t, "0x") + strconv.FormatUint(v, 16)
				if rapid.Bool().Draw(t, "upper") {
					p = strings.ToUpper(p)
				}
			}
			parts = append(parts, p)
		}
		in := strings.Join(parts, ".")
		if rapid.Bool().Draw(t, "trailing dot") {
			in += "."
		}
		want := netip.AddrFrom4([4]byte{byte(addr >> 24), byte(addr >> 16), byte(addr >> 8), byte(addr)}).String()
		if diff := cmp.Diff(hostResult{Out: want, Kind: hostIPv4}, parseHostForTest(in, false)); diff != "" {
			t.Fatalf("appendHost(%q) mismatch (-want +got):\n%s", in, diff)
		}
	})
}

// TestAppendHostKeepsOpaqueHosts checks the opaque-host parser: forbidden
// host code points fail, the C0 control percent-encode set is applied, and
// percent-encoded bytes are kept as written.
func TestAppendHostKeepsOpaqueHosts(t *testing.T) {
	opaque := func(s string) hostResult { return hostResult{Out: s, Kind: hostOpaque} }
	fail := func(off int) hostResult {
		return hostResult{Kind: hostNone, Fail: "host-invalid-code-point", Off: off}
	}
	tests := []struct {
		in   string
		want hostResult
	}{
		{"", hostResult{Kind: hostEmpty}},
		{"github.com", opaque("github.com")},
		{"GitHub.COM", opaque("GitHub.COM")}, // no lower-casing
		{"ex%41mple", opaque("ex%41mple")},   // no decoding
		{"%zz", opaque("%zz")},               // a stray % is kept (a validation error only)
		{"a\x01b\x7f", opaque("a%01b%7F")},   // C0 controls and DEL are encoded
		{"bücher", opaque("b%C3%BCcher")},
		{"a!$&'()*+,;=_~`{}\"", opaque("a!$&'()*+,;=_~`{}\"")}, // not forbidden, not in the C0 set
		{"1.2.3.4", opaque("1.2.3.4")},                         // no IPv4 parsing
		{"a b", fail(1)},
		{"a#b", fail(1)},
		{"a/b", fail(1)},
		{"a<b", fail(1)},
		{"a>b", fail(1)},
		{"a?b", fail(1)},
		{"a@b", fail(1)},
		{"a[b", fail(1)},
		{"a\\b", fail(1)},
		{"a]b", fail(1)},
		{"a^b", fail(1)},
		{"a|b", fail(1)},
		{"a:b", fail(1)},
		{"a\x00b", fail(1)},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, parseHostForTest(tt.in, true)); diff != "" {
			t.Errorf("appendHost(%q, isOpaque=true) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestAppendHostReadsDomains checks the domain path: ASCII lower-casing
// without ToASCII, percent-decoding, forbidden domain code points, and
// UTS #46 for non-ASCII domains.
func TestAppendHostReadsDomains(t *testing.T) {
	domain := func(s string) hostResult { return hostResult{Out: s, Kind: hostDomain} }
	fail := func(typ string, off int) hostResult { return hostResult{Kind: hostNone, Fail: typ, Off: off} }
	tests := []struct {
		in   string
		want hostResult
	}{
		{"example.com", domain("example.com")},
		{"Example.COM", domain("example.com")},
		{"example.com.", domain("example.com.")},
		{"a_b.example", domain("a_b.example")},     // UseSTD3ASCIIRules is false
		{"-x-.example", domain("-x-.example")},     // CheckHyphens is false
		{"xn--a.example", domain("xn--a.example")}, // ASCII is never checked as Punycode
		{"XN--ZCA.example", domain("xn--zca.example")},
		{"a..b", domain("a..b")},
		{"!$&'()*+,;=~`{}\"", domain("!$&'()*+,;=~`{}\"")}, // none is a forbidden domain code point
		{"ex%41mple.com", domain("example.com")},
		// Decoded on the stack up to 64 bytes, beyond into a pool's buffer.
		{strings.Repeat("b", 54) + ".ex%41mple", domain(strings.Repeat("b", 54) + ".example")},
		{strings.Repeat("b", 55) + ".ex%41mple", domain(strings.Repeat("b", 55) + ".example")},
		{strings.Repeat("b", 57) + ".%C3%BC", domain(strings.Repeat("b", 57) + ".xn--tda")},
		{strings.Repeat("b", 58) + ".%C3%BC", domain(strings.Repeat("b", 58) + ".xn--tda")},
		// Decoded, then lower-cased, A to Z and only those ('@' and '['
		// are forbidden domain code points, so they cannot show it).
		{"%41%5A%5a%7A%60%7B", domain("azzz`{")},
		{"Z%2D", domain("z-")},
		{"%F0%9F%92%A9.example", domain("xn--ls8h.example")},
		{"bücher.example", domain("xn--bcher-kva.example")},
		{"BÜCHER.example", domain("xn--bcher-kva.example")},
		{"ＥＸＡＭＰＬＥ.com", domain("example.com")}, // full-width letters map to ASCII
		{"example。com", domain("example.com")}, // U+3002 maps to '.'
		{"a\u00adb", domain("ab")},             // soft hyphen is ignored
		{"a b", fail("domain-to-ASCII", 1)},
		{"a%b", fail("domain-to-ASCII", 1)}, // a stray % is a forbidden domain code point
		{"exa%23mple.org", fail("domain-to-ASCII", 0)},
		{"a\x01b", fail("domain-to-ASCII", 1)},
		{"a\x7fb", fail("domain-to-ASCII", 1)},
		{"%ff.example", fail("domain-to-ASCII", 0)}, // not UTF-8
		{"\u00ad", fail("domain-to-ASCII", 0)},      // empty once mapped
		{"a\ufffdb", fail("domain-to-ASCII", 0)},
		{"xn--tešla", fail("domain-to-ASCII", 0)},
		{"xn--.ß", fail("domain-to-ASCII", 0)},           // "xn--" alone is not Punycode
		{"xn--xn--a-ph1a.ß", fail("domain-to-ASCII", 0)}, // decodes to a label starting "xn--"
		{"\u200d.example", fail("domain-to-ASCII", 0)},   // CheckJoiners
		{"يa", fail("domain-to-ASCII", 0)},               // CheckBidi
		{"ß\u2488", fail("domain-to-ASCII", 0)},          // U+2488 ⒈ is disallowed
		{"ß．ＸＮ－－。", fail("domain-to-ASCII", 5)},          // maps to "ß.xn--.", whose second label is at fault
		{"ß.\u00ad.", domain("xn--zca..")},               // an empty label once mapped
		{"ẞ.example", domain("xn--zca.example")},         // Unicode 17 maps ẞ to ß (15.0 to "ss")
		{"Ⴀ.example", domain("xn--rkj.example")},         // Unicode 17 maps Georgian capitals; Python's punycode codec encodes ⴀ as "rkj"
		// Code points new since Unicode 15.0 (the Unicode of Go 1.26's
		// tables); expected ACE labels from Python's punycode codec.
		{"\U000323B0.example", domain("xn--031o.example")}, // CJK Extension J
		{"A\U000323B0B.example", domain("xn--ab-jt71c.example")},
		{"\u0C5C.Example", domain("xn--0qc.example")},
		{"SS.ß\U0001FA89", domain("ss.xn--zca4100x")},
		{"xn--031o.ü", domain("xn--031o.xn--tda")}, // Punycode for U+323B0, in a domain that goes through ToASCII
		{"ا\U0001FA89ا", domain("xn--mgba70459a")}, // a new symbol (Bidi class ON) inside a right-to-left label
		{"א\U0001FA89א.ß", domain("xn--4dba86659a.xn--zca")},
		{"ا\U000323B0ا", fail("domain-to-ASCII", 0)}, // a new letter (L) inside a right-to-left label
		// Canonical compositions new in Unicode 16.0 (Kirat Rai, Todhri):
		// the ACE label is Python's for the composed code points.
		{"\U00016D67\U00016D67.example", domain("xn--bj0f.example")}, // U+16D68
		{"\U00016D67\U00016D68", domain("xn--9i0fb")},                // U+16D68 U+16D67
		{"\U00016D63\U00016D67\U00016D67", domain("xn--dj0f")},       // U+16D6A
		{"\U000105D2\u0307", domain("xn--ev8c")},                     // U+105C9
		{"xn--9i0fa.ü", fail("domain-to-ASCII", 0)},                  // Punycode for U+16D67 U+16D67, which is not NFC
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, parseHostForTest(tt.in, false)); diff != "" {
			t.Errorf("appendHost(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestAppendHostRefusesDomainsNotUTF8 checks that a special host whose
// percent-decoded bytes are not UTF-8 fails (the domain parser's UTF-8
// decode makes U+FFFD of them, which UTS #46 disallows) and says why,
// wherever the bad bytes are: alone, cut short at the end (the first two
// bytes of U+3002, a full stop of UTS #46), after a label that fails for
// another reason, or after labels that convert.
func TestAppendHostRefusesDomainsNotUTF8(t *testing.T) {
	const why = "the host's percent-encoded bytes are not UTF-8"
	type result struct {
		Type   string
		Offset int
		Hint   string
	}
	for _, in := range []string{"%ff", "%C3", "ab%E3%80", "ü%E3%80", "ü.%E3%80%82%ff", "ß⒈.%ff",
		"ü.%ED%A0%80", "%F0%9F%92.example", "xn--tda.%C3%28", "ü%C3"} {
		_, kind, err := appendHost(nil, in, false, nil)
		if err == nil {
			t.Errorf("appendHost(%q) = kind %d, want failure", in, kind)
			continue
		}
		want := result{"domain-to-ASCII", 0, why}
		if diff := cmp.Diff(want, result{err.Type, err.Offset, err.Hint}); diff != "" {
			t.Errorf("appendHost(%q) (-want +got):\n%s", in, diff)
		}
	}
}

// TestAppendHostAppliesUTS46Flags checks, on domains that go through UTS #46
// ToASCII, each flag the standard sets, and the A-label steps x/net/idna
// leaves out. Expected ACE labels from Python's punycode codec.
func TestAppendHostAppliesUTS46Flags(t *testing.T) {
	domain := func(s string) hostResult { return hostResult{Out: s, Kind: hostDomain} }
	fail := hostResult{Kind: hostNone, Fail: "domain-to-ASCII"}
	failAt := func(off int) hostResult { return hostResult{Kind: hostNone, Fail: "domain-to-ASCII", Off: off} }
	tests := []struct {
		in   string
		want hostResult
	}{
		// CheckHyphens false.
		{"-ß-.example", domain("xn-----gia.example")},
		{"ß--ß.example", domain("xn-----fiac.example")},
		// CheckBidi true: the RFC 5893 rules hold in every label of a
		// domain with a right-to-left label.
		{"ي.example", domain("xn--mhb.example")},
		{"ي1.example", domain("xn--1-yoc.example")}, // a European digit may end it
		{"שלום.ß", domain("xn--9dbne9b.xn--zca")},
		{"يa", fail},                   // a left-to-right letter in a right-to-left label
		{"1ي.ß", fail},                 // a right-to-left label starts with a letter
		{"ي.-x", failAt(3)},            // in a Bidi domain, a left-to-right label starts with one too (the error points at it)
		{"ي.x-", failAt(3)},            // and ends with a letter or digit
		{"ß.x-", domain("xn--zca.x-")}, // which a domain without right-to-left labels need not
		// CheckJoiners true: ZWJ only after a virama, ZWNJ also between joining letters.
		{"a\u200db.ß", fail},
		{"क्\u200d.ß", domain("xn--11b6iy14e.xn--zca")}, // after the virama U+094D a ZWJ is kept
		// Empty labels are fine with VerifyDnsLength false.
		{"ß..", domain("xn--zca..")},
		{".ß", domain(".xn--zca")},
		// Punycode: invalid, decoding to ASCII only, or to a disallowed or
		// mapped code point, fails; valid Punycode is kept.
		{"xn--a.ß", fail},
		{"xn--abc-.ß", fail}, // decodes to "abc"
		{"xn--zca.ß", domain("xn--zca.xn--zca")},
		{"XN--ZCA.ß", domain("xn--zca.xn--zca")},           // mapped to lower case before decoding
		{"xn--tda.ß", domain("xn--tda.xn--zca")},           // ü
		{"xn--ss-.ß", fail},                                // decodes to "ss"
		{"xn--ü-.ß", fail},                                 // a Punycode label is ASCII (x/net/idna reads ü as basic)
		{"ｘｎ－－zca.ß", domain("xn--zca.xn--zca")},           // full-width letters and hyphens map to "xn--zca"
		{"xn\uFE63\uFF0Dzca.ß", domain("xn--zca.xn--zca")}, // U+FE63 and U+FF0D map to '-'
		{"xn\uFE63\uFF0D.ß", fail},                         // which makes an empty "xn--" label
		{"xn--xn--a-ph1a.ß", fail},                         // decodes to "xn--aᘳ"
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, parseHostForTest(tt.in, false)); diff != "" {
			t.Errorf("appendHost(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestAppendHostReportsValidationErrors checks the validation errors the
// host parser records, with their offsets in the host input.
func TestAppendHostReportsValidationErrors(t *testing.T) {
	tests := []struct {
		in       string
		isOpaque bool
		want     []ValidationError
	}{
		{"example.com", false, nil},
		{"ex%41mple.com", false, []ValidationError{{Type: "domain-percent-encoded", Offset: 2}}},
		{"a_b.example", false, []ValidationError{{Type: "domain-to-ASCII"}}},
		{"0x7f.1", false, []ValidationError{{Type: "IPv4-too-few-parts"}, {Type: "IPv4-non-decimal-part"}}},
		{"1.0x100", false, []ValidationError{
			{Type: "IPv4-too-few-parts"}, {Type: "IPv4-non-decimal-part", Offset: 2}, {Type: "IPv4-out-of-range-part"}}},
		{"1.2.3.4.", false, []ValidationError{{Type: "domain-to-ASCII"}, {Type: "IPv4-empty-part", Offset: 7}}},
		{"1.2.3.010", false, []ValidationError{{Type: "IPv4-non-decimal-part", Offset: 6}}},
		{"[::01]", false, []ValidationError{{Type: "IPv6-piece-leading-zero", Offset: 3}}},
		// A piece has a leading zero when its first of two or more digits is 0.
		{"[::0]", false, nil},
		{"[::10]", false, nil},
		{"[::100:1000]", false, nil},
		{"[::0fff]", false, []ValidationError{{Type: "IPv6-piece-leading-zero", Offset: 3}}},
		{"[1:00:3::]", false, []ValidationError{{Type: "IPv6-piece-leading-zero", Offset: 3}}},
		{"[::255.255.255.255]", false, nil},
		{"ex%zz", true, []ValidationError{{Type: "invalid-URL-unit", Offset: 2}}},
		{"a\x01", true, []ValidationError{{Type: "invalid-URL-unit", Offset: 1}}},
		// One error for the code points, one for the percent signs, at the first of each.
		{"%a\x01b\x02%", true, []ValidationError{{Type: "invalid-URL-unit", Offset: 2}, {Type: "invalid-URL-unit", Offset: 0}}},
		{"ex%41mple", true, nil},
		// The first of each, even at offset 0.
		{"%zz%", true, []ValidationError{{Type: "invalid-URL-unit", Offset: 0}}},
		{"\x01a\x02", true, []ValidationError{{Type: "invalid-URL-unit", Offset: 0}}},
	}
	for _, tt := range tests {
		v := &validations{}
		if _, _, err := appendHost(nil, tt.in, tt.isOpaque, v); err != nil {
			t.Errorf("appendHost(%q): %v", tt.in, err.Type)
		}
		if diff := cmp.Diff(tt.want, v.list); diff != "" {
			t.Errorf("appendHost(%q) validation errors (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestAppendHostDecodesAfterAStrayPercent checks that the host parser
// percent-decodes a special host (§3.5 step 4) when its first '%' starts
// no percent-encoded byte but a later one does: "a%zz%41" decodes to
// "a%zzA", whose '%' (a forbidden domain code point) domain to ASCII
// refuses (§3.3), at no offset of the input then, since the domain is
// not the input.
func TestAppendHostDecodesAfterAStrayPercent(t *testing.T) {
	type result struct {
		Fail string
		Off  int
		List []ValidationError
	}
	tests := []struct {
		in   string
		want result
	}{
		{"a%zz%41", result{"domain-to-ASCII", 0, []ValidationError{
			{Type: "domain-percent-encoded", Offset: 4}, {Type: "domain-to-ASCII"}}}},
		{"%%41", result{"domain-to-ASCII", 0, []ValidationError{
			{Type: "domain-percent-encoded", Offset: 1}, {Type: "domain-to-ASCII"}}}},
		// Nothing to decode: the '%' at offset 1 is the input's.
		{"a%4", result{"domain-to-ASCII", 1, []ValidationError{{Type: "domain-to-ASCII"}}}},
	}
	for _, tt := range tests {
		v := &validations{}
		_, _, err := appendHost(nil, tt.in, false, v)
		got := result{List: v.list}
		if err != nil {
			got.Fail, got.Off = err.Type, err.Offset
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("appendHost(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestAppendHostPointsIPv4ErrorsOfMappedHostsAtTheStart checks the offset
// of an IPv4 error in a host that UTS #46 mapped to a number: the host's
// start, since offsets in the mapped domain are not offsets in the input,
// even where the two have the same length ("１.üa.１１" and "1.xn--a-dha.11"
// both have 14 bytes; the label at 2 in the one starts at 4 in the other).
func TestAppendHostPointsIPv4ErrorsOfMappedHostsAtTheStart(t *testing.T) {
	fail := func(typ string, off int) hostResult { return hostResult{Kind: hostNone, Fail: typ, Off: off} }
	tests := []struct {
		in   string
		want hostResult
	}{
		{"１.2.3.256", fail("IPv4-out-of-range-part", 0)},
		{"１.üa.１１", fail("IPv4-non-numeric-part", 0)},
		{"1.2.3.２５６", fail("IPv4-out-of-range-part", 0)},
		{"1.2.3.４", hostResult{Out: "1.2.3.4", Kind: hostIPv4}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, parseHostForTest(tt.in, false)); diff != "" {
			t.Errorf("appendHost(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestAppendHostAllocatesNothingForCanonicalHosts checks that a host already
// in its serialized form costs no allocation beyond dst's.
func TestAppendHostAllocatesNothingForCanonicalHosts(t *testing.T) {
	dst := make([]byte, 0, 64)
	for _, in := range []string{"example.com", "www.example.org", "EXAMPLE.COM", "127.0.0.1", "[2001:db8::1]"} {
		allocs := testing.AllocsPerRun(100, func() {
			if _, _, err := appendHost(dst, in, false, nil); err != nil {
				t.Fatal(err.Type)
			}
		})
		if allocs != 0 {
			t.Errorf("appendHost(%q) allocates %v times", in, allocs)
		}
	}
}

// TestAppendHostBoundsHints checks that a failure's hint stays short however
// long the host is.
func TestAppendHostBoundsHints(t *testing.T) {
	long := strings.Repeat("é", 5000)
	for _, in := range []string{"a." + strings.Repeat("x", 5000) + ".1", long + "\u200d", "[" + long + "]", long + " "} {
		_, _, err := appendHost(nil, in, false, nil)
		if err == nil {
			t.Fatalf("appendHost(%.20q…) did not fail", in)
		}
		if len(err.Hint) > 2*maxHint {
			t.Errorf("appendHost(%.20q…): hint of %d bytes", in, len(err.Hint))
		}
	}
}

// TestHostErrorCutsLongHints checks where hostError cuts a hint: after
// maxHint bytes, at the start of a code point, with "…" after it.
func TestHostErrorCutsLongHints(t *testing.T) {
	a := strings.Repeat("a", maxHint)
	tests := []struct{ hint, want string }{
		{a, a},
		{a + "b", a + "…"},
		{a[1:] + "é", a[1:] + "…"},        // é starts at byte 199: cut before it
		{a[2:] + "é" + "b", a[2:] + "é…"}, // é ends at byte 200
		// No code point starts in bytes that are not UTF-8: the cut stops
		// at the hint's start.
		{strings.Repeat("\x80", maxHint+1), "…"},
	}
	for _, tt := range tests {
		if got := hostError(3, "t", tt.hint); got.Hint != tt.want || got.Offset != 3 || got.Type != "t" {
			t.Errorf("hostError(%d bytes) = %+v, want the hint %q", len(tt.hint), got, tt.want)
		}
	}
}

// TestQuoteShortCutsAtACodePoint checks that quoteShort quotes at most 32
// bytes, cut at the start of a code point, with "…" after the quote.
func TestQuoteShortCutsAtACodePoint(t *testing.T) {
	a := strings.Repeat("a", 32)
	tests := []struct{ in, want string }{
		{"", `""`},
		{a, `"` + a + `"`},
		{a + "b", `"` + a + `"…`},
		{a[1:] + "é", `"` + a[1:] + `"…`},        // é would end at byte 33
		{a[2:] + "é" + "b", `"` + a[2:] + `é"…`}, // é ends at byte 32
		{strings.Repeat("\x80", 40), `""…`},      // no code point starts in it
	}
	var want, got []string
	for _, tt := range tests {
		want = append(want, tt.want)
		got = append(got, quoteShort(tt.in))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("quoteShort (-want +got):\n%s", diff)
	}
}

// TestIsASCIIAtTheBound checks isASCII at 0x7F and 0x80, bytes that are
// not UTF-8 included (readings.go gives it hosts that may not be).
func TestIsASCIIAtTheBound(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{{"", true}, {"a\x7f", true}, {"a\x80", false}, {"\xff", false}, {"é", false}} {
		if got := isASCII(tt.in); got != tt.want {
			t.Errorf("isASCII(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestParseIPv4HintsQuoteThePart checks the hint of IPv4-non-numeric-part:
// it quotes the part that is not a number, up to its '.', an empty one
// included (the IPv4 number parser fails on the empty string, §3.5).
func TestParseIPv4HintsQuoteThePart(t *testing.T) {
	const lead = "a host whose last label is a number must be an IPv4 address, and "
	tests := []struct{ in, want string }{
		{"1..2", lead + `"" is not a number`},
		{"1.2..3", lead + `"" is not a number`},
		{"1.a.2", lead + `"a" is not a number`},
		{"a.2", lead + `"a" is not a number`},
		{"0xg.1", lead + `"0xg" is not a number`},
	}
	var want, got []string
	for _, tt := range tests {
		want = append(want, tt.in+": "+tt.want)
		_, _, err := appendHost(nil, tt.in, false, nil)
		hint := "no error"
		if err != nil {
			hint = err.Hint
		}
		got = append(got, tt.in+": "+hint)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("hints (-want +got):\n%s", diff)
	}
}

// TestIsURLCodePointFollowsTheStandard checks the URL code points (§4.3):
// ASCII alphanumerics, !$&'()*+,-./:;=?@_~, and U+00A0 to U+10FFFD but
// surrogates and noncharacters.
func TestIsURLCodePointFollowsTheStandard(t *testing.T) {
	yes := []rune{'a', 'Z', '0', '!', '$', '&', '\'', '(', ')', '*', '+', ',', '-', '.', '/', ':', ';', '=', '?', '@', '_', '~',
		0xA0, 0xFDCF, 0xFDF0, 0xFFFD, 0x10000, 0x1FFFD, 0x10FFFD}
	no := []rune{0, ' ', '"', '#', '%', '<', '>', '[', '\\', ']', '^', '`', '{', '|', '}', 0x7F, 0x80, 0x9F,
		0xD800, 0xDFFF, 0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFE, 0x10FFFF, 0x110000}
	for _, r := range yes {
		if !isURLCodePoint(r) {
			t.Errorf("isURLCodePoint(%U) = false", r)
		}
	}
	// Every ASCII code point: the alphanumerics by package unicode, the
	// rest by the standard's list.
	for r := rune(0); r < 0x80; r++ {
		want := unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("!$&'()*+,-./:;=?@_~", r)
		if got := isURLCodePoint(r); got != want {
			t.Errorf("isURLCodePoint(%q) = %v, want %v", r, got, want)
		}
	}
	for _, r := range no {
		if isURLCodePoint(r) {
			t.Errorf("isURLCodePoint(%U) = true", r)
		}
	}
}

// TestAppendHostAppendsToDst checks that appendHost keeps what dst held and
// leaves it unchanged on failure.
func TestAppendHostAppendsToDst(t *testing.T) {
	for _, in := range []string{"Example.com", "0x7f.1", "[::1]", "bücher", "a b"} {
		for _, isOpaque := range []bool{false, true} {
			alone := parseHostForTest(in, isOpaque)
			out, _, err := appendHost([]byte("https://"), in, isOpaque, nil)
			want := "https://" + alone.Out
			if got := string(out); got != want || (err != nil) != (alone.Fail != "") {
				t.Errorf("appendHost(\"https://\", %q, %v) = %q, want %q", in, isOpaque, got, want)
			}
		}
	}
}

func FuzzHost(f *testing.F) {
	for _, s := range []string{"example.com", "EXAMPLE.com.", "0x7f.1", "[::ffff:1.2.3.4]", "bücher", "xn--zca", "a%2Eb", "1.2.3.09", "[1:0::]", "a b"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, in string, isOpaque bool) {
		out, kind, err := appendHost(nil, in, isOpaque, &validations{})
		if err != nil {
			if err.Offset < 0 || err.Offset > len(in) {
				t.Fatalf("appendHost(%q): offset %d out of range", in, err.Offset)
			}
			return
		}
		if strings.ContainsFunc(string(out), func(r rune) bool { return r >= 0x80 || r <= ' ' }) {
			t.Fatalf("appendHost(%q) = %q, not printable ASCII", in, out)
		}
		again, kind2, err := appendHost(nil, string(out), isOpaque, nil)
		if err != nil || string(again) != string(out) || kind2 != kind {
			t.Fatalf("appendHost(%q) = %q (%d), but that parses as %q (%d), %v", in, out, kind, again, kind2, err)
		}
	})
}

func BenchmarkAppendHost(b *testing.B) {
	for _, in := range []string{"example.com", "www.Example.COM", "127.0.0.1", "[2001:db8::1]", "bücher.example", "xn--bcher-kva.example"} {
		b.Run(in, func(b *testing.B) {
			dst := make([]byte, 0, 64)
			b.ReportAllocs()
			defer reportCPU(b)()
			for b.Loop() {
				dst, _, _ = appendHost(dst[:0], in, false, nil)
			}
		})
	}
}

// TestParsePassesToASCIITests runs toascii.json as WPT's toascii.window.js
// does: through new URL("https://" + input + "/x") and through the host and
// hostname setters of "https://x/x", which leave the URL as it was when the
// host fails.
func TestParsePassesToASCIITests(t *testing.T) {
	base, err := Parse("https://x/x")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range readWPTCases(t, "toascii.json") {
		u, err := Parse("https://" + c.Input + "/x")
		switch {
		case c.Output == nil:
			if err == nil {
				t.Errorf("Parse(https://%s/x) = %q, want failure", c.Input, u.Href())
			}
		case err != nil:
			t.Errorf("Parse(https://%s/x): %v, want host %q", c.Input, err, *c.Output)
		default:
			got := [4]string{u.Host(), u.Hostname(), u.Pathname(), u.Href()}
			want := [4]string{*c.Output, *c.Output, "/x", "https://" + *c.Output + "/x"}
			if got != want {
				t.Errorf("Parse(https://%s/x): host, hostname, pathname, href = %q, want %q", c.Input, got, want)
			}
		}
		wantHost := "x"
		if c.Output != nil {
			wantHost = *c.Output
		}
		if got := base.WithHost(c.Input).Host(); got != wantHost {
			t.Errorf("WithHost(%q).Host() = %q, want %q", c.Input, got, wantHost)
		}
		if got := base.WithHostname(c.Input).Hostname(); got != wantHost {
			t.Errorf("WithHostname(%q).Hostname() = %q, want %q", c.Input, got, wantHost)
		}
	}
}

// TestParsePassesIdnaTestV2 runs IdnaTestV2.json as WPT's
// IdnaTestV2.window.js does, through new URL("https://" + input + "/x").
func TestParsePassesIdnaTestV2(t *testing.T) {
	for _, c := range readWPTCases(t, "IdnaTestV2.json") {
		if c.Input == "" || idnaKnownFailures[c.Input] != "" {
			continue
		}
		u, err := Parse("https://" + c.Input + "/x")
		switch {
		case c.Output == nil && err == nil:
			t.Errorf("Parse(https://%s/x) = %q, want failure", c.Input, u.Href())
		case c.Output != nil && err != nil:
			t.Errorf("Parse(https://%s/x): %v, want host %q", c.Input, err, *c.Output)
		case c.Output != nil && u.Host() != *c.Output:
			t.Errorf("Parse(https://%s/x).Host() = %q, want %q", c.Input, u.Host(), *c.Output)
		}
	}
}
