package uri

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/properties"
)

// The fuzz targets of this file cover the entry points that read untrusted
// text and had none (issue 31): ResolveString, UnmarshalText, Encode,
// EncodedOffset, RegisterScheme with LookupScheme, and the query readers.
// Each checks its result against an independent computation: the RFC's
// pseudo-code (properties.ResolveRFC), the grammar (combinator), net/url, or
// a loop written here from the function's documentation.

// rfcResolve is §5.2.2 transcribed line by line (properties.ResolveRFC),
// with "/." put before a path that starts with "//" where the target has no
// authority, as Resolve does so that the target parses back the same (§5.2.2
// leaves that case to the implementation: "//" would read as an authority).
func rfcResolve(base, ref string) string {
	t := properties.ResolveRFC(properties.Split(base), properties.Split(ref), true)
	if t.Authority == nil && strings.HasPrefix(t.Path, "//") {
		t.Path = "/." + t.Path
	}
	return t.String()
}

// FuzzResolveString checks ResolveString against the grammar and the RFC's
// pseudo-code: a reference that is not a URI-reference fails with the
// *ParseError ParseReference gives; a base without a scheme fails with a
// *ResolveError; otherwise the target is what §5.2.2 computes, and parses
// back to itself.
func FuzzResolveString(f *testing.F) {
	fuzzAddShapes(f, true)
	for _, s := range []string{"g h", "%zz", "http://[::1", "a:b c"} {
		f.Add("http://a/b/c/d;p?q", s)
	}
	f.Add("a/b", "g")
	f.Fuzz(func(t *testing.T, bs, rs string) {
		base, err := ParseReference(bs)
		if err != nil {
			return
		}
		got, err := base.ResolveString(rs)
		ref, perr := ParseReference(rs)
		if !c.URIReference.Match(rs) {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Input != rs || pe.Rule != "URI-reference" {
				t.Fatalf("%q.ResolveString(%q) = %q, %v; want a *ParseError of the reference", bs, rs, got, err)
			}
			if diff := cmp.Diff(perr, err); diff != "" {
				t.Fatalf("%q.ResolveString(%q): the error is not ParseReference's (-want +got):\n%s", bs, rs, diff)
			}
			if got != (URI{}) {
				t.Fatalf("%q.ResolveString(%q) = %q with an error", bs, rs, got)
			}
			return
		}
		if perr != nil {
			t.Fatalf("ParseReference(%q): %v, but the grammar matches", rs, perr)
		}
		if base.IsRelative() {
			var re *ResolveError
			if !errors.As(err, &re) || re.Op != "resolve" || re.Base != bs || re.Ref != rs {
				t.Fatalf("%q.ResolveString(%q) = %q, %v; want a *ResolveError (§5.2.1: a base needs a scheme)", bs, rs, got, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%q.ResolveString(%q): %v", bs, rs, err)
		}
		if want := rfcResolve(bs, rs); got.String() != want {
			t.Fatalf("%q.ResolveString(%q) = %q, §5.2.2 gives %q", bs, rs, got, want)
		}
		if r2, _ := base.Resolve(ref); r2 != got {
			t.Fatalf("%q.ResolveString(%q) = %+v, Resolve(ParseReference) = %+v", bs, rs, got.parts(), r2.parts())
		}
		checkParsesBack(t, "ResolveString", got)
	})
}

// textHolder is a struct whose field encoding/json writes and reads through
// MarshalText and UnmarshalText.
type textHolder struct {
	U URI `json:"u"`
}

// FuzzUnmarshalText checks UnmarshalText against the grammar: it accepts
// exactly the URI-references, gives the URI ParseReference gives, and
// MarshalText, AppendText and a JSON round trip give the text back; on an
// error, a *ParseError, the URI it was called on is left as it was.
func FuzzUnmarshalText(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	sentinel, err := Parse("sentinel://unchanged/")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u := sentinel
		err := u.UnmarshalText([]byte(s))
		if !c.URIReference.Match(s) {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Input != s || pe.Rule != "URI-reference" {
				t.Fatalf("UnmarshalText(%q) = %v, want a *ParseError", s, err)
			}
			if u != sentinel {
				t.Fatalf("UnmarshalText(%q) failed but changed the URI to %q", s, u)
			}
			return
		}
		if err != nil {
			t.Fatalf("UnmarshalText(%q): %v, but the grammar matches", s, err)
		}
		if want, _ := ParseReference(s); u != want {
			t.Fatalf("UnmarshalText(%q) = %+v, ParseReference gives %+v", s, u.parts(), want.parts())
		}
		if b, err := u.MarshalText(); err != nil || string(b) != s {
			t.Fatalf("MarshalText of %q = %q, %v", s, b, err)
		}
		if b, err := u.AppendText([]byte("x")); err != nil || string(b) != "x"+s {
			t.Fatalf("AppendText of %q = %q, %v", s, b, err)
		}
		// A URI is ASCII, so JSON carries its text as it is (escaped only
		// where JSON must).
		j, err := json.Marshal(textHolder{u})
		if err != nil {
			t.Fatalf("json.Marshal of %q: %v", s, err)
		}
		var back textHolder
		if err := json.Unmarshal(j, &back); err != nil || back.U != u {
			t.Fatalf("JSON %s of %q reads back as %q, %v", j, s, back.U, err)
		}
	})
}

// setOf is the 256-bit bitmap Encode takes, from four words.
func setOf(a, b, c, d uint64) [4]uint64 { return [4]uint64{a, b, c, d} }

// inSet reports whether byte x is in the bitmap set (bit x%64 of word x/64,
// as combinator.CharSet lays it out).
func inSet(set [4]uint64, x byte) bool { return set[x>>6]&(1<<(x&63)) != 0 }

// FuzzEncode checks Encode against a byte-by-byte encoder written from its
// documentation (§2.1: a byte outside allowed, and "%" always, becomes "%"
// and two upper-case hex digits), that PercentDecode gives s back, and that
// Encode agrees with PercentEncode where it is given a component's own set.
func FuzzEncode(f *testing.F) {
	un := [4]uint64(c.UnreservedSet)
	for _, s := range []string{"", "a", "%", "%41", "a b/c?d#e", "é\x00\xff", "100%", "~-._"} {
		f.Add(s, un[0], un[1], un[2], un[3])
		f.Add(s, ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0))
		f.Add(s, uint64(0), uint64(0), uint64(0), uint64(0))
	}
	f.Fuzz(func(t *testing.T, s string, a, b, c2, d uint64) {
		allowed := setOf(a, b, c2, d)
		var want strings.Builder
		for i := 0; i < len(s); i++ {
			if x := s[i]; x != '%' && inSet(allowed, x) {
				want.WriteByte(x)
			} else {
				fmt.Fprintf(&want, "%%%02X", x)
			}
		}
		got := Encode(s, allowed)
		if got != want.String() {
			t.Fatalf("Encode(%q, %x) = %q, want %q", s, allowed, got, want.String())
		}
		if d, err := PercentDecode(got); err != nil || d != s {
			t.Fatalf("PercentDecode(Encode(%q)) = %q, %v", s, d, err)
		}
		// Unreserved characters (§2.3) are allowed in every component, so
		// Encode with that set is PercentEncode of an unknown component.
		if got, want := Encode(s, un), PercentEncode(s, Component(-1)); got != want {
			t.Fatalf("Encode(%q, unreserved) = %q, PercentEncode(unknown component) = %q", s, got, want)
		}
	})
}

// decodedStarts returns, for each byte of s's decoding, the offset in s where
// the triplet or byte it comes from starts, with a "%" that does not start
// a triplet taken as a byte of its own (EncodedOffset's documentation).
func decodedStarts(s string) []int {
	var starts []int
	for i := 0; i < len(s); {
		starts = append(starts, i)
		if s[i] == '%' && i+2 < len(s) && strings.IndexByte(hexDigits, s[i+1]) >= 0 && strings.IndexByte(hexDigits, s[i+2]) >= 0 {
			i += 3
		} else {
			i++
		}
	}
	return starts
}

const hexDigits = "0123456789ABCDEFabcdef"

// FuzzEncodedOffset checks EncodedOffset against the decoding's offsets
// computed here, and, where s decodes, that the text up to the offset
// decodes to the first n bytes of PercentDecode(s).
func FuzzEncodedOffset(f *testing.F) {
	for _, s := range []string{"", "a", "%41", "a%41b", "%", "%4", "%4g", "%%41", "%C3%BCx", "100%"} {
		for _, n := range []int{-1, 0, 1, 2, 3, 9} {
			f.Add(s, n)
		}
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		got := EncodedOffset(s, n)
		starts := decodedStarts(s)
		want := len(s)
		switch {
		case n <= 0:
			want = 0
		case n < len(starts):
			want = starts[n]
		}
		if got != want {
			t.Fatalf("EncodedOffset(%q, %d) = %d, want %d", s, n, got, want)
		}
		if d, err := PercentDecode(s); err == nil {
			k := min(max(n, 0), len(d))
			if p, err := PercentDecode(s[:got]); err != nil || p != d[:k] {
				t.Fatalf("EncodedOffset(%q, %d) = %d: %q decodes to %q, %v; want %q", s, n, got, s[:got], p, err, d[:k])
			}
		}
	})
}

// fuzzSchemePrefix starts every scheme name FuzzRegisterScheme registers, so
// that the rules it adds to the process-wide registry, for the time of one
// input, meet no other test's.
const fuzzSchemePrefix = "fuzz-reg-"

// swapASCIICase returns s with its ASCII letters in the other case.
func swapASCIICase(s string) string {
	b := []byte(s)
	for i, x := range b {
		switch {
		case 'a' <= x && x <= 'z':
			b[i] = x - 'a' + 'A'
		case 'A' <= x && x <= 'Z':
			b[i] = x - 'A' + 'a'
		}
	}
	return string(b)
}

// samePortNumber reports whether the digits port and the default port d
// name the same number, as math/big reads them ("080" is 80); a default
// that is not digits names none.
func samePortNumber(port, d string) bool {
	if d == "" || strings.Trim(d, "0123456789") != "" {
		return false
	}
	x, ok1 := new(big.Int).SetString(port, 10)
	y, ok2 := new(big.Int).SetString(d, 10)
	return ok1 && ok2 && x.Cmp(y) == 0
}

// FuzzRegisterScheme checks that a rule registered under any name is the
// one LookupScheme finds under that name in either case, and, for a name that
// is a scheme (§3.1), that Normalize applies it (§6.2.3): it drops a port
// equal to the default port as a number ("080" is 80) and an empty one,
// keeps any other, and writes "/" for an empty path after an authority
// exactly when EmptyPathIsSlash.
func FuzzRegisterScheme(f *testing.F) {
	f.Add("x", "80", true, "80")
	f.Add("x", "80", true, "080")
	f.Add("x", "0", false, "000")
	f.Add("x", "+80", false, "80")
	f.Add("Svn+SSH", "3690", false, "")
	f.Add("a.b", "", true, "1")
	f.Add("é", "1", false, "1")
	f.Add("x y", "8080", true, "08080")
	f.Fuzz(func(t *testing.T, name, defaultPort string, slash bool, port string) {
		name = fuzzSchemePrefix + name
		rule := SchemeRule{DefaultPort: defaultPort, EmptyPathIsSlash: slash}
		registerSchemeForTest(t, name, rule) // the registry is as it was after each input
		for _, n := range []string{name, swapASCIICase(name), strings.ToLower(name)} {
			if got, ok := LookupScheme(n); !ok || got != rule {
				t.Fatalf("RegisterScheme(%q, %+v); LookupScheme(%q) = %+v, %v", name, rule, n, got, ok)
			}
		}
		if !c.Scheme.Match(name) || !c.Port.Match(port) {
			return
		}
		u, err := Parse(name + "://h:" + port)
		if err != nil {
			t.Fatalf("Parse: %v", err)
		}
		want := strings.ToLower(name) + "://h"
		if port != "" && !samePortNumber(port, defaultPort) {
			want += ":" + port
		}
		if slash {
			want += "/"
		}
		if got := u.Normalize().String(); got != want {
			t.Fatalf("with %+v for %q, Normalize(%q) = %q, want %q (§6.2.3)", rule, name, u, got, want)
		}
	})
}

// param is one query parameter, as read.
type param struct{ K, V string }

// querySplit reads q as QueryParams documents it, with strings.Split: pieces
// between "&", empty ones skipped, each cut at its first "=".
func querySplit(q string) []param {
	var ps []param
	for _, piece := range strings.Split(q, "&") {
		if piece == "" {
			continue
		}
		k, v, _ := strings.Cut(piece, "=")
		ps = append(ps, param{k, v})
	}
	return ps
}

// FuzzQueryReaders checks QueryParams, DecodedQueryParams, QueryValue,
// QueryValues and FormValues on any query against querySplit, PercentDecode
// and net/url (QueryUnescape for each piece, ParseQuery where it accepts the
// query), and that each iterator stops when asked.
func FuzzQueryReaders(f *testing.F) {
	for _, s := range []string{"", "?", "?a=1&b=2", "?a=1&&a=2&", "?a", "?=x", "?a=b=c", "?%61=%62",
		"?a+b=c+d", "?a=1;b=2", "?%2B=%20", "s:x?k=v#f", "//h?&", "?a=%C3%BC&%C3%BC=a"} {
		f.Add(s, "a")
	}
	f.Fuzz(func(t *testing.T, s, key string) {
		u, err := ParseReference(s)
		if err != nil {
			return
		}
		want := querySplit(u.Query())
		var got []param
		for k, v := range u.QueryParams() {
			got = append(got, param{k, v})
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("QueryParams of %q (-want +got):\n%s", s, diff)
		}
		var gotDec, wantDec []param
		for k, v := range u.DecodedQueryParams() {
			gotDec = append(gotDec, param{k, v})
		}
		for _, p := range want {
			k, err1 := PercentDecode(p.K)
			v, err2 := PercentDecode(p.V)
			if err1 != nil || err2 != nil {
				t.Fatalf("the query of %q holds a bad triplet: %v %v", s, err1, err2)
			}
			wantDec = append(wantDec, param{k, v})
		}
		if diff := cmp.Diff(wantDec, gotDec); diff != "" {
			t.Fatalf("DecodedQueryParams of %q (-want +got):\n%s", s, diff)
		}
		// Each iterator stops at the first false of yield.
		for _, seq := range []func(func(string, string) bool){u.QueryParams(), u.DecodedQueryParams()} {
			n := 0
			seq(func(string, string) bool { n++; return false })
			if n != min(1, len(want)) {
				t.Fatalf("an iterator of %q yielded %d times after a false", s, n)
			}
		}
		// QueryValue and QueryValues, for the key given and each key there.
		keys := []string{key}
		for _, p := range wantDec {
			keys = append(keys, p.K)
		}
		for _, k := range keys {
			var vs []string
			for _, p := range wantDec {
				if p.K == k {
					vs = append(vs, p.V)
				}
			}
			if diff := cmp.Diff(vs, u.QueryValues(k)); diff != "" {
				t.Fatalf("QueryValues(%q) of %q (-want +got):\n%s", k, s, diff)
			}
			v, ok := u.QueryValue(k)
			if ok != (len(vs) > 0) || (ok && v != vs[0]) || (!ok && v != "") {
				t.Fatalf("QueryValue(%q) of %q = %q, %v; want the first of %q", k, s, v, ok, vs)
			}
		}
		// FormValues: net/url's form decoding of each piece, and
		// ParseQuery itself where it takes the query (it refuses ";").
		form := url.Values{}
		for _, p := range want {
			k, err1 := url.QueryUnescape(p.K)
			v, err2 := url.QueryUnescape(p.V)
			if err1 != nil || err2 != nil {
				t.Fatalf("url.QueryUnescape of the query of %q: %v %v", s, err1, err2)
			}
			form[k] = append(form[k], v)
		}
		fv := u.FormValues()
		if diff := cmp.Diff(form, fv); diff != "" {
			t.Fatalf("FormValues of %q (-want +got):\n%s", s, diff)
		}
		if pq, err := url.ParseQuery(u.Query()); err == nil {
			if diff := cmp.Diff(pq, fv); diff != "" {
				t.Fatalf("FormValues of %q is not url.ParseQuery's (-want +got):\n%s", s, diff)
			}
		} else if !strings.Contains(u.Query(), ";") {
			t.Fatalf("url.ParseQuery(%q): %v, with no \";\"", u.Query(), err)
		}
	})
}
