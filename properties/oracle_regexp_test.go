package properties

import (
	"slices"
	"testing"

	"github.com/seed42851778/rfc3986/internal/ruletest"
)

// ruleCases lists, per ABNF rule, inputs that match (ok) and that do not (bad).
// Every expected value comes from reading RFC 3986 Appendix A, §3 and RFC 5234.
var ruleCases = map[string]struct{ ok, bad []string }{
	"ALPHA":       {ok: []string{"a", "Z"}, bad: []string{"", "1", "ab", "é"}},
	"DIGIT":       {ok: []string{"0", "9"}, bad: []string{"", "a", "10"}},
	"HEXDIG":      {ok: []string{"0", "a", "F", "f"}, bad: []string{"g", "G", ""}},
	"unreserved":  {ok: []string{"a", "0", "-", ".", "_", "~"}, bad: []string{"!", "%", "/", ""}},
	"reserved":    {ok: []string{":", "/", "?", "#", "[", "]", "@", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "="}, bad: []string{"a", "-", "%", "~"}},
	"gen-delims":  {ok: []string{":", "/", "?", "#", "[", "]", "@"}, bad: []string{"!", "a"}},
	"sub-delims":  {ok: []string{"!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "="}, bad: []string{":", "@", "%"}},
	"pct-encoded": {ok: []string{"%20", "%aF", "%Fa", "%00"}, bad: []string{"%", "%2", "%G1", "%2g", "%%20", "%200"}},
	"pchar":       {ok: []string{"a", ":", "@", "%2F", "!", "~"}, bad: []string{"/", "?", "#", "[", "]", " ", "%"}},
	"segment":     {ok: []string{"", "a:b@c", ".", "..", "%2E"}, bad: []string{"a/b", "a?b", "a b"}},
	"segment-nz":  {ok: []string{":", "a:b"}, bad: []string{"", "a/b"}},
	"segment-nz-nc": {
		ok:  []string{"a", "@", "a@b", "%3A"},
		bad: []string{"", ":", "a:b", "a/b"},
	},
	"path-abempty":  {ok: []string{"", "/", "//", "/a/b", "/a//b/", "/:"}, bad: []string{"a", "a/b", "/a?"}},
	"path-absolute": {ok: []string{"/", "/a", "/a/", "/a//b", "/:"}, bad: []string{"", "//", "//a", "a"}},
	"path-noscheme": {ok: []string{"a", "a/b:c", "a//b", "@/x"}, bad: []string{"", ":", "a:b", "/a", "a:/b"}},
	"path-rootless": {ok: []string{"a", "a:b", ":", "a//b", "::/"}, bad: []string{"", "/a", "?"}},
	"path-empty":    {ok: []string{""}, bad: []string{"a", "/"}},
	"path":          {ok: []string{"", "/", "//a", "a:b", "a/b"}, bad: []string{"a?b", "a#", "[", " "}},
	"query":         {ok: []string{"", "a=b&c=d", "/?:@", "??", "%20"}, bad: []string{"#", "[", "]", " ", "%", "a%2"}},
	"fragment":      {ok: []string{"", "nose", "/?x", "%41"}, bad: []string{"#", "a#b", "^"}},
	"scheme":        {ok: []string{"a", "http", "HTTP", "a+b-c.d", "z9"}, bad: []string{"", "1a", "+a", "a_b", "a:b", "-"}},
	"userinfo":      {ok: []string{"", "user", "user:pass", ":", "a%20b", "!$&'()*+,;="}, bad: []string{"a@b", "[", "a/b"}},
	"port":          {ok: []string{"", "0", "80", "99999999"}, bad: []string{"a", "8a", "-1", " 80"}},
	"dec-octet": {
		ok:  []string{"0", "9", "10", "99", "100", "199", "200", "249", "250", "255"},
		bad: []string{"", "00", "01", "256", "260", "300", "1000", "a"},
	},
	"IPv4address": {
		ok:  []string{"0.0.0.0", "255.255.255.255", "192.0.2.16", "1.2.3.4"},
		bad: []string{"1.2.3", "1.2.3.256", "01.2.3.4", "1.2.3.4.", "1.2.3.4.5", "1..2.3", "a.b.c.d"},
	},
	"h16":  {ok: []string{"0", "ffff", "ABCD", "1a2B"}, bad: []string{"", "12345", "g", ":"}},
	"ls32": {ok: []string{"0:0", "ffff:1", "1.2.3.4"}, bad: []string{"0", "1:2:3", "1.2.3", "1:"}},
	"IPv6address": {
		ok: []string{
			"1:2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4",
			"::2:3:4:5:6:7:8", "::2:3:4:5:6:1.2.3.4",
			"1::3:4:5:6:7:8", "::3:4:5:6:7:8",
			"1:2::4:5:6:7:8", "::4:5:6:7:8",
			"1:2:3::5:6:7:8", "1:2:3:4::6:7:8", "1:2:3:4:5::7:8", "1:2:3:4:5::1.2.3.4",
			"1:2:3:4:5:6::8", "1:2:3:4:5:6:7::", "::", "::1", "1::", "2001:db8::7",
			"::ffff:192.0.2.1", "::1.2.3.4", "FFFF::abcd", "1:2:3:4:5:6::",
		},
		bad: []string{
			"", ":", ":::", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "1::2::3", "::1::",
			"1:2:3:4:5:6:7:8::", "::1:2:3:4:5:6:7:8", "12345::", "1:2:3:4:5:6:7:1.2.3.4",
			"::1.2.3", "::1.2.3.256", "1.2.3.4::", "::1.2.3.4:1", "[::1]", "g::", ":1::", "1:::2",
			"1:2:3:4:5:6:7::8",
		},
	},
	"IPvFuture": {
		ok:  []string{"v1.x", "V1.x", "vF.a:b", "v12ab.!$:"},
		bad: []string{"v.x", "v1.", "v1x", "vg.x", "1.x", "v1.x/"},
	},
	"IP-literal": {
		ok:  []string{"[::1]", "[2001:db8::7]", "[v1.x]", "[V7.~]"},
		bad: []string{"[]", "[::1", "::1]", "[1.2.3.4]", "[::1]]", "[v1.]"},
	},
	"reg-name": {
		ok:  []string{"", "example.com", "EXAMPLE.COM", "1.2.3.256", "01.2.3.4", "1.2.3", "a%20b", "!$&'()*+,;=", "1.2.3.4"},
		bad: []string{"a:b", "a@b", "[x]", "a b", "%zz"},
	},
	"host": {
		ok:  []string{"", "example.com", "1.2.3.4", "1.2.3.256", "[::1]", "[v1.x]"},
		bad: []string{"a:80", "[::1", "a b", "[1.2.3.4]"},
	},
	"authority": {
		ok:  []string{"", "h", "h:", "h:80", "@h", "u@h", "u:p@h:80", "[::1]:80", "@", ":", "1.2.3.4:0"},
		bad: []string{"h:8a", "u@h@h", "[::1", "h/", "h:80:80", "[::1]x"},
	},
	"hier-part": {
		ok:  []string{"", "//", "//h/p", "/p", "p:q", "//h"},
		bad: []string{"?q", "p?", "//h?q"},
	},
	"relative-part": {
		ok:  []string{"", "//", "//h/p", "/p", "p/q:r"},
		bad: []string{"p:q", "?q"},
	},
	"URI": {
		ok: []string{
			"s:", "s:?", "s:?#", "s:#", "s://", "s://@h", "s://h:", "S://H", "foo://example.com:8042/over/there?name=ferret#nose",
			"urn:example:animal:ferret:nose", "s:/", "s:a:b", "s:///", "s:////a",
		},
		bad: []string{"", ":", "1s:", "s", "//h", "s:#a#b", "s: ", "s://[::1", "s://h:x"},
	},
	"absolute-URI": {ok: []string{"s:", "s:?q", "s://h/p?q"}, bad: []string{"s:#", "s:?q#f", "/p"}},
	"relative-ref": {
		ok:  []string{"", "//", "?", "#", "g", "./g", "g;x?y#s", "//g", "/.", "../..", "a/b:c", "%3A/b:c"},
		bad: []string{"g:h", "a:b", "%41:b", ":", ":/x", "s:", "#a#", "[", "a b"},
	},
	"URI-reference": {
		ok:  []string{"", "g:h", "g", "#", "?", "//@h", "//h:", "http://a/b/c/d;p?q", "a/b:c", "s::"},
		bad: []string{":", ":a", "1:", "a b", "<a>", "a%", "a%4", "a%G1", "//[", "//]", "\x7f", "\xc3\xa9", "//h:a"},
	},
}

func TestMatchRuleTable(t *testing.T) {
	for _, rule := range RuleNames() {
		c, ok := ruleCases[rule]
		if !ok {
			t.Errorf("rule %q has no test cases", rule)
			continue
		}
		for _, s := range c.ok {
			if m, known := MatchRule(rule, s); !known || !m {
				t.Errorf("MatchRule(%q, %q) = %v, %v; want true, true", rule, s, m, known)
			}
		}
		for _, s := range c.bad {
			if m, known := MatchRule(rule, s); !known || m {
				t.Errorf("MatchRule(%q, %q) = %v, %v; want false, true", rule, s, m, known)
			}
		}
	}
	for rule := range ruleCases {
		if _, known := MatchRule(rule, ""); !known {
			t.Errorf("test table names unknown rule %q", rule)
		}
	}
	if m, known := MatchRule("no-such-rule", ""); m || known {
		t.Errorf("unknown rule: got %v, %v", m, known)
	}
}

// rfcExamples are the URI examples of RFC 3986 §1.1.2 and §3, as
// internal/ruletest transcribes them; clipped, so that a test that appends
// to it makes a copy.
var rfcExamples = slices.Clip(append(slices.Clone(ruletest.Examples), ruletest.ComponentExamples...))

// rfc54Refs are the references of RFC 3986 §5.4.1 and §5.4.2 with the targets
// the RFC gives for base "http://a/b/c/d;p?q" (strict parser for "http:g"),
// as internal/ruletest transcribes them.
var rfc54Refs = func() []struct{ ref, want string } {
	var refs []struct{ ref, want string }
	for _, r := range append(append([]ruletest.Resolution(nil), ruletest.Normal...), ruletest.Abnormal...) {
		refs = append(refs, struct{ ref, want string }{r.Ref, r.Target})
	}
	return refs
}()

const rfc54Base = ruletest.Base

func TestMatchRuleRFCExamples(t *testing.T) {
	for _, s := range append(rfcExamples, rfc54Base) {
		for _, rule := range []string{"URI", "absolute-URI", "URI-reference"} {
			want := !(rule == "absolute-URI" && s == "foo://example.com:8042/over/there?name=ferret#nose")
			if m, _ := MatchRule(rule, s); m != want {
				t.Errorf("MatchRule(%q, %q) = %v, want %v", rule, s, m, want)
			}
		}
		if m, _ := MatchRule("relative-ref", s); m {
			t.Errorf("MatchRule(relative-ref, %q) = true, want false (it has a scheme)", s)
		}
	}
	for _, c := range rfc54Refs {
		if m, _ := MatchRule("URI-reference", c.ref); !m {
			t.Errorf("§5.4 reference %q is not a URI-reference", c.ref)
		}
		if m, _ := MatchRule("URI", c.want); !m {
			t.Errorf("§5.4 target %q is not a URI", c.want)
		}
		// A reference is relative exactly when it does not begin with a scheme.
		wantRel := c.ref != "g:h" && c.ref != "http:g"
		if m, _ := MatchRule("relative-ref", c.ref); m != wantRel {
			t.Errorf("MatchRule(relative-ref, %q) = %v, want %v", c.ref, m, wantRel)
		}
	}
}

// TestMatchRuleAllBytes checks every single byte against the character-level
// rules, from the character lists of RFC 3986 §2.2 and §2.3.
func TestMatchRuleAllBytes(t *testing.T) {
	const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	const gen = ":/?#[]@"
	const sub = "!$&'()*+,;="
	in := func(set string, b byte) bool {
		for i := 0; i < len(set); i++ {
			if set[i] == b {
				return true
			}
		}
		return false
	}
	for i := 0; i < 256; i++ {
		b := byte(i)
		s := string([]byte{b})
		checks := map[string]bool{
			"unreserved": in(unreserved, b),
			"gen-delims": in(gen, b),
			"sub-delims": in(sub, b),
			"reserved":   in(gen, b) || in(sub, b),
			"pchar":      in(unreserved, b) || in(sub, b) || b == ':' || b == '@',
			"query":      in(unreserved, b) || in(sub, b) || in(":@/?", b),
			// A URI-reference of one byte: any pchar, "/", "?" or "#" except a
			// lone ":" (which would be an empty scheme).
			"URI-reference": (in(unreserved, b) || in(sub, b) || in("@/?#", b)),
		}
		for rule, want := range checks {
			if m, _ := MatchRule(rule, s); m != want {
				t.Errorf("MatchRule(%q, %q) = %v, want %v", rule, s, m, want)
			}
		}
	}
}
