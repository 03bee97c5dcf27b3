// Package ruletest holds what the tests of the grammar packages share: the
// table helpers OK and Bad, and the examples of RFC 3986 (§1.1.2, §3 and
// §5.4) that several test files match, parse or resolve. It is imported by
// _test.go files only.
//
// It does not import package combinator, so that combinator's own tests
// (package combinator, not combinator_test) can use it: a rule is anything
// with the methods OK and Bad need, as *combinator.Rule has.
package ruletest

import "testing"

// Rule is what OK and Bad need of a grammar rule; *combinator.Rule has it.
type Rule interface {
	Name() string
	Match(s string) bool
	Check(s string) error
}

// OK reports an error on t for each input that r does not match as a whole,
// with the diagnosis of r.Check.
func OK(t testing.TB, r Rule, inputs ...string) {
	t.Helper()
	for _, s := range inputs {
		if !r.Match(s) {
			t.Errorf("%s: %q should match: %v", r.Name(), s, r.Check(s))
		}
	}
}

// Bad reports an error on t for each input that r matches as a whole.
func Bad(t testing.TB, r Rule, inputs ...string) {
	t.Helper()
	for _, s := range inputs {
		if r.Match(s) {
			t.Errorf("%s: %q should not match", r.Name(), s)
		}
	}
}

// The examples below are copied from the text of RFC 3986; tests must not
// modify them.

// Examples are the URIs of RFC 3986 §1.1.2, one of each of several schemes.
var Examples = []string{
	"ftp://ftp.is.co.za/rfc/rfc1808.txt",
	"http://www.ietf.org/rfc/rfc2396.txt",
	"ldap://[2001:db8::7]/c=GB?objectClass?one",
	"mailto:John.Doe@example.com",
	"news:comp.infosystems.www.servers.unix",
	"tel:+1-816-555-1212",
	"telnet://192.0.2.16:80/",
	"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
}

// ComponentExamples are the two URIs RFC 3986 §3 splits into their
// components.
var ComponentExamples = []string{
	"foo://example.com:8042/over/there?name=ferret#nose",
	"urn:example:animal:ferret:nose",
}

// Base is the base URI of the examples of RFC 3986 §5.4.
const Base = "http://a/b/c/d;p?q"

// A Resolution is a reference of RFC 3986 §5.4 and the target URI the RFC
// resolves it to against Base.
type Resolution struct{ Ref, Target string }

// Normal are the examples of RFC 3986 §5.4.1.
var Normal = []Resolution{
	{"g:h", "g:h"},
	{"g", "http://a/b/c/g"},
	{"./g", "http://a/b/c/g"},
	{"g/", "http://a/b/c/g/"},
	{"/g", "http://a/g"},
	{"//g", "http://g"},
	{"?y", "http://a/b/c/d;p?y"},
	{"g?y", "http://a/b/c/g?y"},
	{"#s", "http://a/b/c/d;p?q#s"},
	{"g#s", "http://a/b/c/g#s"},
	{"g?y#s", "http://a/b/c/g?y#s"},
	{";x", "http://a/b/c/;x"},
	{"g;x", "http://a/b/c/g;x"},
	{"g;x?y#s", "http://a/b/c/g;x?y#s"},
	{"", "http://a/b/c/d;p?q"},
	{".", "http://a/b/c/"},
	{"./", "http://a/b/c/"},
	{"..", "http://a/b/"},
	{"../", "http://a/b/"},
	{"../g", "http://a/b/g"},
	{"../..", "http://a/"},
	{"../../", "http://a/"},
	{"../../g", "http://a/g"},
}

// Abnormal are the examples of RFC 3986 §5.4.2, "http:g" with the target
// of a strict parser.
var Abnormal = []Resolution{
	{"../../../g", "http://a/g"},
	{"../../../../g", "http://a/g"},
	{"/./g", "http://a/g"},
	{"/../g", "http://a/g"},
	{"g.", "http://a/b/c/g."},
	{".g", "http://a/b/c/.g"},
	{"g..", "http://a/b/c/g.."},
	{"..g", "http://a/b/c/..g"},
	{"./../g", "http://a/b/g"},
	{"./g/.", "http://a/b/c/g/"},
	{"g/./h", "http://a/b/c/g/h"},
	{"g/../h", "http://a/b/c/h"},
	{"g;x=1/./y", "http://a/b/c/g;x=1/y"},
	{"g;x=1/../y", "http://a/b/c/y"},
	{"g?y/./x", "http://a/b/c/g?y/./x"},
	{"g?y/../x", "http://a/b/c/g?y/../x"},
	{"g#s/./x", "http://a/b/c/g#s/./x"},
	{"g#s/../x", "http://a/b/c/g#s/../x"},
	{"http:g", "http:g"},
}

// Refs returns the references of rs, in order.
func Refs(rs []Resolution) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Ref
	}
	return out
}

// Targets returns the targets of rs, in order.
func Targets(rs []Resolution) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Target
	}
	return out
}

// Pieces are bits of URI syntax that, concatenated, make URI-like strings
// that reach the corner cases of every rule of RFC 3986 Appendix A: seeds
// for fuzz targets and the alphabet of generated inputs.
var Pieces = []string{
	"a", "Z", "v", "V", "F", "1", "0", "2", "25", "255", "256", "01", "12345", "ffff", ".", ":", "::", ":::",
	"/", "//", "?", "#", "@", "[", "]", "%", "%41", "%4", "%zz", "1.2.3.4", "1.2.3", "0.0.0.0", "-", "_", "~",
	"!", "=", "&", "+", "http:", "s://", "[::1]", "[v1.x]", "v1.", "::ffff:", "..", "./", "../", " ", "\x00",
	"\xff", "é", "h:", ":80", "u@", "1:2:3:4:5:6:7:8", "1:2:3:4", "[1:2:3:4:5:6:7::]",
}
