package iri

import (
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/rfc3987"
	"github.com/seed42851778/rfc3986/internal/irigrammar"
	"github.com/seed42851778/rfc3986/properties"
	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

// ucsGen draws a ucschar: a range of RFC 3987 §2.2, then a code point in it,
// often at an edge.
var ucsGen = rapid.Custom(func(t *rapid.T) string {
	rs := rfc3987.UCSCharSet.Ranges()
	r := rs[rapid.IntRange(0, len(rs)-1).Draw(t, "range")]
	switch rapid.IntRange(0, 3).Draw(t, "where") {
	case 0:
		return string(r.Lo)
	case 1:
		return string(r.Hi)
	}
	return string(rapid.Int32Range(r.Lo, r.Hi).Draw(t, "rune"))
})

// privGen draws an iprivate.
var privGen = rapid.Custom(func(t *rapid.T) string {
	rs := rfc3987.IPrivateSet.Ranges()
	r := rs[rapid.IntRange(0, len(rs)-1).Draw(t, "range")]
	return string(rapid.Int32Range(r.Lo, r.Hi).Draw(t, "rune"))
})

// sprinkle puts IRI characters into the URI component s: after some of
// its letters and digits, where an iunreserved may stand as well; in the
// query, iprivate characters too.
func sprinkle(t *rapid.T, s string, query bool, label string) string {
	var b strings.Builder
	for k := 0; k < len(s); k++ {
		if s[k] == '%' { // a triplet stays whole
			b.WriteString(s[k : k+3])
			k += 2
			continue
		}
		b.WriteByte(s[k])
		if c.AlphaSet.Union(c.DigitSet).Contains(s[k]) && rapid.IntRange(0, 3).Draw(t, label) == 0 {
			if query && rapid.Bool().Draw(t, label+" private") {
				b.WriteString(privGen.Draw(t, label+" iprivate"))
			} else {
				b.WriteString(ucsGen.Draw(t, label+" ucschar"))
			}
		}
	}
	return b.String()
}

// genIRI draws an IRI reference: a URI reference of the properties
// generators with IRI characters put into its userinfo, reg-name, path,
// query and fragment. With noPct, its percent-encodings are replaced by "~"
// (an unreserved character, allowed wherever a pct-encoded is).
func genIRI(absolute, noPct bool) *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		var s string
		if absolute {
			s = properties.URI().Draw(t, "URI")
		} else {
			s = properties.URIReference().Draw(t, "URI-reference")
		}
		u, err := uri.ParseReference(s)
		if err != nil {
			t.Fatalf("generator gave an invalid URI %q: %v", s, err)
		}
		fix := func(x string) string {
			if !noPct {
				return x
			}
			var b strings.Builder
			for k := 0; k < len(x); k++ {
				if x[k] == '%' {
					b.WriteByte('~')
					k += 2
				} else {
					b.WriteByte(x[k])
				}
			}
			return b.String()
		}
		var b strings.Builder
		if !u.IsRelative() {
			b.WriteString(u.Scheme() + ":")
		}
		if u.HasAuthority() {
			b.WriteString("//")
			if u.HasUserInfo() {
				b.WriteString(sprinkle(t, fix(u.UserInfo()), false, "userinfo") + "@")
			}
			if u.HostKind() == uri.RegName {
				b.WriteString(sprinkle(t, fix(u.Host()), false, "host"))
			} else {
				b.WriteString(u.Host())
			}
			if u.HasPort() {
				b.WriteString(":" + u.Port())
			}
		}
		b.WriteString(sprinkle(t, fix(u.Path()), false, "path"))
		if u.HasQuery() {
			b.WriteString("?" + sprinkle(t, fix(u.Query()), true, "query"))
		}
		if u.HasFragment() {
			b.WriteString("#" + sprinkle(t, fix(u.Fragment()), false, "fragment"))
		}
		return b.String()
	})
}

func hasBidi(s string) bool { return strings.IndexFunc(s, isBidiFormatting) >= 0 }

// TestGenIRIValid: the generator draws IRI references, by the regexp
// oracle of package properties.
func TestGenIRIValid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genIRI(false, false).Draw(t, "iri")
		if m, _ := properties.MatchIRIRule("IRI-reference", s); !m {
			t.Fatalf("%q is not an IRI-reference", s)
		}
		if _, err := ParseReference(s); err != nil {
			t.Fatalf("ParseReference(%q): %v", s, err)
		}
	})
}

// TestLawFromURIToURI: FromURI(i.ToURI()) gives i back, for an IRI without
// percent-encodings or bidi formatting characters (RFC 3987 §3.2: the
// conversion maps back).
func TestLawFromURIToURI(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genIRI(false, true).Draw(t, "iri")
		if hasBidi(s) {
			return
		}
		i := MustParseReference(s)
		if got := FromURI(i.ToURI()); got != i {
			t.Fatalf("FromURI(ToURI(%q)) = %q", s, got)
		}
	})
}

// TestLawToURIParses: ToURI's text parses as a URI reference to the same
// value, with the same component structure.
func TestLawToURIParses(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		i := MustParseReference(genIRI(false, false).Draw(t, "iri"))
		u := i.ToURI()
		v, err := uri.ParseReference(u.String())
		if err != nil || v != u {
			t.Fatalf("ToURI(%q) = %q does not parse back: %v", i, u, err)
		}
		if u.IsRelative() != i.IsRelative() || u.HasAuthority() != i.HasAuthority() || u.HasQuery() != i.HasQuery() ||
			u.HasFragment() != i.HasFragment() || u.HasUserInfo() != i.HasUserInfo() || u.HasPort() != i.HasPort() {
			t.Fatalf("ToURI(%q) = %q has other components", i, u)
		}
		if strings.IndexFunc(u.String(), func(r rune) bool { return r >= 0x80 }) >= 0 {
			t.Fatalf("ToURI(%q) = %q is not ASCII", i, u)
		}
		if a, err := i.ToASCII(); err == nil {
			if _, err := uri.ParseReference(a.String()); err != nil {
				t.Fatalf("ToASCII(%q) = %q does not parse: %v", i, a, err)
			}
		}
	})
}

// TestLawResolve: Resolve agrees with resolving the ToURI forms, and, for
// IRIs without percent-encodings, with mapping that result back.
func TestLawResolve(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		noPct := rapid.Bool().Draw(t, "noPct")
		base := MustParse(genIRI(true, noPct).Draw(t, "base"))
		ref := MustParseReference(genIRI(false, noPct).Draw(t, "ref"))
		got, err := base.Resolve(ref)
		if err != nil {
			t.Fatal(err)
		}
		want, err := base.ToURI().Resolve(ref.ToURI())
		if err != nil {
			t.Fatal(err)
		}
		if got.ToURI() != want {
			t.Fatalf("Resolve(%q, %q) = %q; ToURI forms resolve to %q", base, ref, got, want)
		}
		if noPct && !hasBidi(base.String()+ref.String()) {
			if back := FromURI(want); back != got {
				t.Fatalf("Resolve(%q, %q) = %q; FromURI of the URI result %q", base, ref, got, back)
			}
		}
	})
}

// TestLawNormalize: Normalize and NormalizeSyntax are idempotent, keep the
// kind of reference, and a value is Equivalent to its normal form.
func TestLawNormalize(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		i := MustParseReference(genIRI(false, false).Draw(t, "iri"))
		for _, n := range []IRI{i.Normalize(), i.NormalizeSyntax()} {
			if again := n.Normalize(); n == i.Normalize() && again != n {
				t.Fatalf("Normalize(%q) = %q, then %q", i, n, again)
			}
			if again := n.NormalizeSyntax(); n == i.NormalizeSyntax() && again != n {
				t.Fatalf("NormalizeSyntax(%q) = %q, then %q", i, n, again)
			}
			if n.IsRelative() != i.IsRelative() || n.HasAuthority() != i.HasAuthority() || n.HostKind() != i.HostKind() {
				t.Fatalf("Normalize(%q) = %q changed its kind", i, n)
			}
		}
		if !i.Equivalent(i.Normalize()) || !i.Normalize().Equivalent(i) {
			t.Fatalf("%q is not Equivalent to its normal form", i)
		}
	})
}

// TestLawURIsAreIRIs: every URI reference is an IRI reference with the same
// components (RFC 3987 §3.1: "Every URI is by definition an IRI"), and
// ToURI leaves it as it is.
func TestLawURIsAreIRIs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := properties.URIReference().Draw(t, "URI-reference")
		u := uri.MustParseReference(s)
		i, err := ParseReference(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if i.ToURI() != u || i.Host() != u.Host() || i.HostKind() != u.HostKind() || i.Path() != u.Path() ||
			i.Query() != u.Query() || i.UserInfo() != u.UserInfo() || i.Port() != u.Port() || i.Fragment() != u.Fragment() {
			t.Fatalf("%q reads differently as an IRI", s)
		}
		var sp [nslots]c.Span
		if !irigrammar.IRIReference.Captures(s, sp[:]) || fromSpans(s, &sp) != i {
			t.Fatalf("%q: the interpreter reads other spans than the generated matcher", s)
		}
	})
}
