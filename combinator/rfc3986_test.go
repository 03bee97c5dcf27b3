package combinator

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/ruletest"
)

func TestURIReference(t *testing.T) {
	ruletest.OK(t, URIReference, ruletest.Examples...)
	ruletest.OK(t, URIReference, ruletest.ComponentExamples...)
	ruletest.OK(t, URIReference, ruletest.Base)
	ruletest.OK(t, URIReference, ruletest.Refs(ruletest.Normal)...)
	ruletest.OK(t, URIReference, ruletest.Targets(ruletest.Normal)...)
	ruletest.OK(t, URIReference, ruletest.Refs(ruletest.Abnormal)...)
	ruletest.OK(t, URIReference, ruletest.Targets(ruletest.Abnormal)...)
	ruletest.OK(t, URIReference, "", "#", "?", "?#", "//", "///", "s:", "a:b:c", "//@", "//h:", "/.", "%41",
		"http://[::1]:80/", "http://[v7.x]/", "http://user:pw@host:8080/p/a/t/h?q=1&r=2#f/?",
		"./a:b", "a/b:c", "HTTP://A/", "a+b-c.d:x")
	ruletest.Bad(t, URIReference, "http://a b", " ", "a b", ":", ":a", "1:a", "a:b c", "http://[::1", "http://[]/",
		"%", "%4", "%G0", "#%", "?%zz", "http://a/%", "a:b#c#d", "http://a:b:c/", "http://[::1]x/",
		"http://a@b@c/", "<a>", `"a"`, "a\\b", "a^b", "a`b", "a{b", "a|b", "a}b", "\x00", "\x7f", "é",
		"http://a/\n", "[::1]", "a[b", "a]b", "//[::1]]", "//a[b]")
}

func TestURI(t *testing.T) {
	ruletest.OK(t, URI, ruletest.Examples...)
	ruletest.OK(t, URI, ruletest.ComponentExamples...)
	ruletest.OK(t, URI, ruletest.Base, "g:h", "http:g", "s:", "s://", "s:/", "s:a", "s:?", "s:#", "s:?#",
		"s://@", "s://:", "s://h:", "s:////", "s://[v1.a]", "s:a:b/c?d?e#f?g/h")
	ruletest.OK(t, URI, ruletest.Targets(ruletest.Normal)...)
	ruletest.Bad(t, URI, "", "g", "//g", "?y", "#s", "./g", ":", "1s:", "s", "-s:", "s:#a#b", "s:[", "s://[", "s://a b",
		"s:a b", "s://a:b@c:d", "s://a:80x")
}

func TestAbsoluteURI(t *testing.T) {
	ruletest.OK(t, AbsoluteURI, ruletest.Base, "g:h", "http:g", "s:", "s://a/b?c?d", "urn:example:animal:ferret:nose")
	ruletest.Bad(t, AbsoluteURI, "foo://example.com:8042/over/there?name=ferret#nose", "s:#", "g", "", "/a", "s:a#b")
}

func TestRelativeRef(t *testing.T) {
	ruletest.OK(t, RelativeRef, ruletest.Refs(ruletest.Normal)[1:]...) // all but "g:h"
	ruletest.OK(t, RelativeRef, "", "//", "//a:b@c:1/d?e#f", "a/b:c", "./a:b", "?a:b", "#a:b", "/a:b", "//[::]")
	ruletest.Bad(t, RelativeRef, "g:h", "http:g", "a:", "a:b", "ab:/c", "a b", "//a b", "%", "#a#", "[")
}

func TestRelativePart(t *testing.T) {
	ruletest.OK(t, RelativePart, "", "//", "//a", "//a/b", "/", "/a", "/a//b", "a", "a/b:c", "@", "%20")
	ruletest.Bad(t, RelativePart, "a:b", ":", "?", "#", "a?", "//a?", "[", "a b")
}

func TestHierPart(t *testing.T) {
	ruletest.OK(t, HierPart, "", "//", "//a", "//a:1/b", "////", "/", "/a", "a", "a:b", ":", "a/b:c")
	ruletest.Bad(t, HierPart, "?", "#", "a?", "//a b", "[", "%", "//[::1")
}

func TestScheme(t *testing.T) {
	ruletest.OK(t, Scheme, "a", "Z", "http", "HTTPS", "a+b", "a-b", "a.b", "a1", "z9+-.", "iris.beep", "coap+tcp")
	ruletest.Bad(t, Scheme, "", "1", "+a", "-a", ".a", "a_b", "a:b", "a b", "a~", "a%20", "é", "a/")
}

func TestAuthority(t *testing.T) {
	ruletest.OK(t, Authority, "", "a", "example.com", "example.com:8042", "user@host", "user:pw@host:80",
		"@", ":", "@:", "h:", "[::1]", "[::1]:443", "[v1.x]:", "1.2.3.4", "1.2.3.4:5", "1.2.3.256:5",
		"%41@%42:9", "a:b:c@d", "!$&'()*+,;=@!$&'()*+,;=:0")
	ruletest.Bad(t, Authority, "a b", "a@b@c", "a:b:c", "[::1", "::1", "h:x", "[::1]x", "a/b", "a?", "a#", "%", "[]")
}

func TestUserInfo(t *testing.T) {
	ruletest.OK(t, UserInfo, "", "user", "user:password", ":", "::", "%41", "a-._~!$&'()*+,;=:")
	ruletest.Bad(t, UserInfo, "@", "a@b", "%", "%4", "%4g", "/", "?", "#", "[", "]", " ")
}

func TestHostFirstMatchWins(t *testing.T) {
	// §3.2.2: a host that matches IPv4address is one; the rest are reg-names.
	ruletest.OK(t, IPv4Address, "1.2.3.4", "0.0.0.0", "255.255.255.255")
	ruletest.OK(t, Host, "1.2.3.4", "0.0.0.0", "255.255.255.255")
	regNames := []string{"1.2.3.256", "01.2.3.4", "1.2.3", "1.2.3.4.5", "1.2.3.4x", "1.2.3.04",
		"1.2.3.4.", "x1.2.3.4", "256.1.1.1", "1..2.3", "1.2.3.-1", "1.2.3.4%41", "1.2.3.4~"}
	ruletest.Bad(t, IPv4Address, regNames...)
	ruletest.OK(t, RegName, regNames...)
	ruletest.OK(t, Host, regNames...)
}

func TestHost(t *testing.T) {
	ruletest.OK(t, Host, "", "example.com", "EXAMPLE.COM", "a-b_c~d.e", "%C3%A9", "!$&'()*+,;=",
		"[::]", "[::1]", "[2001:db8::7]", "[v1.x]", "[V1.x]", "[vF.a:b]", "[1:2:3:4:5:6:7:8]")
	ruletest.Bad(t, Host, "a:b", "a@b", "[", "]", "[]", "[::1", "::1", "[1.2.3.4]", "[v1.]", "[v.x]", "[::1]x",
		"[fe80::1%25eth0]", "a b", "%", "%zz", "/", "é")
}

func TestPort(t *testing.T) {
	ruletest.OK(t, Port, "", "0", "80", "8042", "65535", "65536", "000", "123456789012345678901234567890")
	ruletest.Bad(t, Port, "a", "-1", "+1", " 80", "80 ", "8o", "0x10", ":80")
}

func TestIPLiteral(t *testing.T) {
	ruletest.OK(t, IPLiteral, "[::]", "[::1]", "[2001:db8::7]", "[::ffff:1.2.3.4]", "[v1.x]", "[V1.x]", "[vABC.1:2]")
	ruletest.Bad(t, IPLiteral, "", "[]", "::1", "[::1", "::1]", "[[::1]]", "[1.2.3.4]", "[example.com]",
		"[::1%25eth0]", "[fe80::1%eth0]", "[ ::1]", "[v1.x", "[::1]:80")
}

func TestIPvFuture(t *testing.T) {
	ruletest.OK(t, IPvFuture, "v1.x", "V1.x", "vF.a", "vf.a", "v0123456789abcdefABCDEF.a", "v1.:", "v1.a:b:c",
		"v1.-._~!$&'()*+,;=:", "v7.1.2.3.4", "V7.fe80::1")
	ruletest.Bad(t, IPvFuture, "", "v", "v1", "v1.", "v.x", "vg.x", "x1.x", "1.x", "v1x", "v1.%41", "v1./", "v1.@",
		"v1.[", "v1.x y", "w1.x", " v1.x")
}

func TestH16(t *testing.T) {
	ruletest.OK(t, H16, "0", "a", "F", "00", "abc", "ffff", "FFFF", "0000", "1a2B")
	ruletest.Bad(t, H16, "", "12345", "g", "fffg", ":", "-1", " a", "0x1")
}

func TestLS32(t *testing.T) {
	ruletest.OK(t, LS32, "0:0", "ffff:ffff", "1:2", "1.2.3.4", "255.255.255.255", "0.0.0.0")
	ruletest.Bad(t, LS32, "", "1", "1:", ":1", "1:2:3", "1:2.3.4.5", "12345:1", "1:12345", "1.2.3", "1.2.3.256",
		"01.2.3.4", "1::2", "ffff:1.2.3.4")
}

func TestDecOctet(t *testing.T) {
	ruletest.OK(t, DecOctet, "0", "9", "10", "99", "100", "199", "200", "249", "250", "255",
		"1", "5", "19", "50", "101", "150", "201", "209", "239", "240", "251", "254")
	ruletest.Bad(t, DecOctet, "", "256", "00", "01", "09", "000", "010", "099", "300", "260", "999", "1000", "2550",
		"-1", "+1", "a", "1a", " 1", "25 ", "0x1", "١")
}

func TestIPv4Address(t *testing.T) {
	ruletest.OK(t, IPv4Address, "0.0.0.0", "9.10.99.100", "199.200.249.250", "255.255.255.255", "192.0.2.16",
		"127.0.0.1", "1.2.3.4")
	ruletest.Bad(t, IPv4Address, "", "1.2.3", "1.2.3.4.5", "1.2.3.256", "256.2.3.4", "1.256.3.4", "1.2.256.4",
		"01.2.3.4", "1.02.3.4", "1.2.003.4", "1.2.3.4.", ".1.2.3.4", "1..2.3.4", "1.2.3.4 ", "a.b.c.d",
		"1.2.3.4:80", "0x1.2.3.4", "1.2.3.-4", "1,2,3,4", "300.1.1.1")
}

// groups returns n distinct h16 groups starting from first.
func groups(first, n int) []string {
	g := make([]string, n)
	for i := range g {
		g[i] = fmt.Sprintf("%x", first+i)
	}
	return g
}

// ipv6With returns an IPv6 address text with b groups before "::" and a
// groups after it; when v4 the last two groups after it are an IPv4 address.
func ipv6With(b, a int, v4 bool) string {
	after := groups(b+1, a)
	if v4 {
		after = append(after[:a-2], "192.0.2.1")
	}
	return strings.Join(groups(1, b), ":") + "::" + strings.Join(after, ":")
}

func TestIPv6AddressAlternatives(t *testing.T) {
	// One or more inputs for each of the nine alternatives of §3.2.2, in order.
	alternatives := [][]string{
		{"1:2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4", "2001:db8:85a3:0:0:8a2e:370:7334",
			"0000:0000:0000:0000:0000:0000:0000:0000", "FFFF:ffff:aBcD:0:0:0:0:0"},
		{"::2:3:4:5:6:7:8", "::2:3:4:5:6:1.2.3.4", "::ffff:0:0:0:0:0"},
		{"1::3:4:5:6:7:8", "::3:4:5:6:7:8", "1::3:4:5:6:1.2.3.4", "ffff::3:4:5:6:255.255.255.255"},
		{"1:2::4:5:6:7:8", "1::4:5:6:7:8", "::4:5:6:7:8", "1:2::4:5:6:1.2.3.4"},
		{"1:2:3::5:6:7:8", "1::5:6:7:8", "::5:6:7:8", "1:2:3::5:6:1.2.3.4"},
		{"1:2:3:4::6:7:8", "::6:7:8", "1:2:3:4::6:1.2.3.4", "::ffff:1.2.3.4", "::ffff:192.0.2.128"},
		{"1:2:3:4:5::7:8", "::7:8", "::1.2.3.4", "1:2:3:4:5::1.2.3.4", "2001:db8::1:2"},
		{"1:2:3:4:5:6::8", "::1", "fe80::1", "2001:db8::7", "1::8"},
		{"1:2:3:4:5:6:7::", "::", "1::", "ffff:ffff::"},
	}
	for i, in := range alternatives {
		t.Run(fmt.Sprint("alternative", i+1), func(t *testing.T) {
			ruletest.OK(t, IPv6Address, in...)
			for _, s := range in {
				ruletest.OK(t, IPLiteral, "["+s+"]")
				ruletest.OK(t, Host, "["+s+"]")
				ruletest.OK(t, URI, "http://["+s+"]:80/")
			}
		})
	}
}

// TestIPv6AddressElision puts "::" in every position: with b groups before
// it and a after, an address is valid exactly when b+a <= 7 ("::" stands for
// at least one group of the eight).
func TestIPv6AddressElision(t *testing.T) {
	for b := 0; b <= 8; b++ {
		for a := 0; a <= 8; a++ {
			for _, v4 := range []bool{false, true} {
				if v4 && a < 2 {
					continue
				}
				s := ipv6With(b, a, v4)
				if b+a <= 7 {
					ruletest.OK(t, IPv6Address, s)
				} else {
					ruletest.Bad(t, IPv6Address, s)
				}
			}
		}
	}
	// Without "::", exactly eight groups (or six and an IPv4 address).
	for n := 1; n <= 10; n++ {
		s := strings.Join(groups(1, n), ":")
		if n == 8 {
			ruletest.OK(t, IPv6Address, s)
		} else {
			ruletest.Bad(t, IPv6Address, s)
		}
		if n >= 2 {
			s4 := strings.Join(append(groups(1, n-2), "10.0.0.1"), ":")
			if n == 8 {
				ruletest.OK(t, IPv6Address, s4)
			} else {
				ruletest.Bad(t, IPv6Address, s4)
			}
		}
	}
}

func TestIPv6AddressInvalid(t *testing.T) {
	invalid := []string{
		"", ":", ":::", "::::", ":::1", "1:::", "1:::2", "::1:::", "1::2::3", "::1::", "1::2::", "::2::3",
		"1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8::", "::1:2:3:4:5:6:7:8",
		"1:2:3:4::5:6:7:8", "1:2:3:4:5:6:7:8:", ":1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:", ":1::", "1::2:",
		":1::2", "::1:", "1::2:3:", ":", "1", "12345::", "::12345", "1:2:3:4:5:6:7:12345",
		"g::", "::g", "1:2:3:4:5:6:7:g", "fffff::1", "1:2:3:4:5:6:7:8 ", " ::1", "::1 ", "[::1]",
		"fe80::1%25eth0", "fe80::1%eth0", "fe80::1%25", "::1%", "fe80::%251",
		"::1.2.3", "::1.2.3.4.5", "::256.1.1.1", "::1.2.3.256", "::01.2.3.4", "::1.2.3.04", "::1.2.3.",
		"1.2.3.4", "1.2.3.4::", "1.2.3.4::1", "::1.2.3.4:1", "::1.2.3.4:1:2", "1:2:3:4:5:6:7:1.2.3.4",
		"1:2:3:4:5:1.2.3.4", "::1.2.3.4.", "::ffff:1.2.3", "::ffff:1.2.3.4.5", "1::2:3:4:5:6:7:1.2.3.4",
		"::1:2:3:4:5:6:1.2.3.4", "::ffff:1.2.3.4x", "::ffff:1.2.3.-4", "::ffff:a.b.c.d", "0x1::",
		"1:-2::", "+1::", "::-1", "1 ::", ":: 1", "1,2::", "::1/64", "1::2/128", "::1:", "::1::",
		"1:2:3:4:5:6:7:8:1.2.3.4", "1:2:3:4:5:6:7:8.1.2.3", "::%41", "%41::",
		"1:2:3:4:5:6::7:8", "1::2:3:4:5:6:7:8", "::2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8:9:10",
		"1111:2222:3333:4444:5555:6666:7777:88888", "11111:2:3:4:5:6:7:8", "1:22222:3:4:5:6:7:8",
		"1:2:33333:4:5:6:7:8", "1:2:3:44444:5:6:7:8", "1:2:3:4:55555:6:7:8", "1:2:3:4:5:66666:7:8",
		"1:2:3:4:5:6:77777:8", "1:2:3:4:5:6:7:88888", "::12345:1", "1::12345:1", "12345::1",
		"1:2:3:4:5:6:7::8", "1:2:3:4:5:6:7:8::", "::1:2:3:4:5:6:7:8", "1:2::3:4:5:6:7:8",
		"::ffff:1.2.3.4::", "::ffff:1.2.3.4:", ":::ffff:1.2.3.4", "::ffff::1.2.3.4", "1.2.3.4:ffff::",
		"\x00::", "::\x00", "::é", "é::", ":: ", "::\n",
	}
	if len(invalid) < 100 {
		t.Fatalf("only %d invalid forms", len(invalid))
	}
	ruletest.Bad(t, IPv6Address, invalid...)
	ruletest.Bad(t, IPv6Address, "v1.x") // an IPvFuture, not an IPv6address
	for _, s := range invalid {
		ruletest.Bad(t, IPLiteral, "["+s+"]")
	}
}

func TestRegName(t *testing.T) {
	ruletest.OK(t, RegName, "", "example.com", "www.ietf.org", "a-b_c~d", "%C3%A9t%C3%A9", "!$&'()*+,;=", "1.2.3.4",
		"1.2.3.256", "localhost", "xn--nxasmq6b")
	ruletest.Bad(t, RegName, ":", "a:b", "@", "[", "]", "/", "?", "#", "%", "%4", "%g0", " ", "é", "a b")
}

func TestPath(t *testing.T) {
	// path = path-abempty / path-absolute / path-noscheme / path-rootless / path-empty
	ruletest.OK(t, Path, "", "/", "//", "///a", "/a", "/a/b", "a", "a/b", "a:b", "a:b/c:d", ":", "@", "a//b", "%41/%42",
		"/.", ".", "..", "../a", "/a:b")
	ruletest.Bad(t, Path, "?", "#", "a?b", "a#b", "[", "]", "%", "a b", "/a%", "/a/b?")
}

func TestPathAbempty(t *testing.T) {
	ruletest.OK(t, PathAbempty, "", "/", "//", "/a", "/a/b/", "/a:b@c", "/%41", "///", "/a//b")
	ruletest.Bad(t, PathAbempty, "a", "a/b", ":", "/a?", "/a#", "/%", "/a b", "/[")
}

func TestPathAbsolute(t *testing.T) {
	ruletest.OK(t, PathAbsolute, "/", "/a", "/a/", "/a/b", "/a//b", "/a:b", "/:", "/%41", "/a/b/")
	ruletest.Bad(t, PathAbsolute, "", "//", "//a", "a", "a/b", "/a?", "/%", "/ ")
}

func TestPathNoScheme(t *testing.T) {
	ruletest.OK(t, PathNoScheme, "a", "a/b", "a/b:c", "@", "a@b", "%41", "a//", ".", "..", "./a:b")
	ruletest.Bad(t, PathNoScheme, "", "/", "/a", ":", "a:b", ":a", "a:", "a?", "a#", "%", "a b")
}

func TestPathRootless(t *testing.T) {
	ruletest.OK(t, PathRootless, "a", "a/b", "a:b", ":", ":a", "a:", "a/b:c", "@", "%41", "a//", "comp.infosystems.www.servers.unix")
	ruletest.Bad(t, PathRootless, "", "/", "/a", "a?", "a#", "%", "a b", "[")
}

func TestPathEmpty(t *testing.T) {
	ruletest.OK(t, PathEmpty, "")
	ruletest.Bad(t, PathEmpty, "a", "/", " ", ":", "%41")
}

func TestSegment(t *testing.T) {
	ruletest.OK(t, Segment, "", "a", "abc", "a:b", "@", "%41%42", ";p", "!$&'()*+,;=:@-._~", ".", "..")
	ruletest.Bad(t, Segment, "/", "a/b", "?", "#", "%", "%4", "[", " ")
}

func TestSegmentNZ(t *testing.T) {
	ruletest.OK(t, SegmentNZ, "a", "a:b", ":", "@", "%41", ".")
	ruletest.Bad(t, SegmentNZ, "", "/", "a/", "?", "%", "%%41")
}

func TestSegmentNZNC(t *testing.T) {
	ruletest.OK(t, SegmentNZNC, "a", "@", "%41", "a@b", "!$&'()*+,;=@-._~", "%3A")
	ruletest.Bad(t, SegmentNZNC, "", ":", "a:b", "/", "?", "%", "a b")
}

func TestPChar(t *testing.T) {
	ruletest.OK(t, PChar, "a", "Z", "0", "-", ".", "_", "~", "!", "=", ":", "@", "%41", "%aF", "%00", "%ff")
	ruletest.Bad(t, PChar, "", "/", "?", "#", "[", "]", "%", "%4", "%4g", "%g4", "%%", "aa", "%414", " ", "é")
}

func TestQuery(t *testing.T) {
	ruletest.OK(t, Query, "", "name=ferret", "objectClass?one", "a/b?c", "?", "/", "%41", "a=1&b=2", ":@!$&'()*+,;=")
	ruletest.Bad(t, Query, "#", "a#b", "%", "%4", "[", "]", " ", "a b", "é")
}

func TestFragment(t *testing.T) {
	ruletest.OK(t, Fragment, "", "nose", "s/./x", "a?b/c", "?", "/", "%41", ":@!$&'()*+,;=")
	ruletest.Bad(t, Fragment, "#", "a#b", "%", "[", "]", " ", "é")
}

func TestPctEncoded(t *testing.T) {
	ruletest.OK(t, PctEncoded, "%00", "%41", "%ff", "%FF", "%aB", "%9f")
	ruletest.Bad(t, PctEncoded, "", "%", "%4", "%g0", "%0g", "%%", "41", "%414", "%-1", " %41")
}

func TestUnreserved(t *testing.T) {
	ruletest.OK(t, Unreserved, "a", "Z", "0", "9", "-", ".", "_", "~")
	ruletest.Bad(t, Unreserved, "", "!", ":", "%", "%41", "ab", " ", "/")
}

func TestReserved(t *testing.T) {
	ruletest.OK(t, Reserved, ":", "/", "?", "#", "[", "]", "@", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=")
	ruletest.Bad(t, Reserved, "", "a", "-", "%", "~", "::", " ")
}

func TestGenDelims(t *testing.T) {
	ruletest.OK(t, GenDelims, ":", "/", "?", "#", "[", "]", "@")
	ruletest.Bad(t, GenDelims, "", "!", "a", "%", "//")
}

func TestSubDelims(t *testing.T) {
	ruletest.OK(t, SubDelims, "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=")
	ruletest.Bad(t, SubDelims, "", ":", "a", "%", "!!", "\"")
}
