package iri

import (
	"errors"
	"testing"
	"unicode/utf8"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/rfc3987"
	"github.com/seed42851778/rfc3986/uri"
)

var fuzzSeeds = append(append([]string{}, rfcIRIs...),
	"", "#", "?\uE000", "http://h/\uE000", "a b", "\xC3", "//[::1]:80/ü", "http://bücher.de/ü?q=\U0010FFFD#é",
	"é:x", "../ü/./..", "http://h/%e2%80%ae", "s://%31.2.3.4/", "http://faß.de/", "http://xn--99zt52a.example.org/")

// FuzzParse checks Parse and ParseReference on any input: no panic; a
// success agrees with the grammar, keeps the text, maps to a URI and back
// and normalizes idempotently; a failure is a *ParseError with an offset in
// the input.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range []struct {
			parse func(string) (IRI, error)
			rule  *c.Rule
		}{
			{Parse, rfc3987.IRI}, {ParseReference, rfc3987.IRIReference},
			{ParseAbsolute, rfc3987.AbsoluteIRI}, {ParseRelative, rfc3987.IRelativeRef},
		} {
			i, err := p.parse(s)
			if (err == nil) != p.rule.Match(s) {
				t.Fatalf("%s(%q): error %v, but Match says %v", p.rule.Name(), s, err, p.rule.Match(s))
			}
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Offset < 0 || pe.Offset > len(s) || pe.Component == "" || len(pe.Expected) == 0 {
					t.Fatalf("%s(%q): error %#v", p.rule.Name(), s, err)
				}
				_ = err.Error()
				continue
			}
			if i.String() != s || !utf8.ValidString(s) {
				t.Fatalf("%s(%q).String() = %q", p.rule.Name(), s, i)
			}
			u := i.ToURI()
			if FromURI(u).ToURI().NormalizeSyntax() != u.NormalizeSyntax() {
				t.Fatalf("ToURI(FromURI(ToURI(%q))) normalizes to %q, ToURI to %q", s, FromURI(u).ToURI().NormalizeSyntax(), u.NormalizeSyntax())
			}
			n := i.Normalize()
			if n.Normalize() != n {
				t.Fatalf("Normalize(%q) = %q is not idempotent", s, n)
			}
			_, _ = i.ToASCII()
		}
	})
}

// FuzzToURIFromURI checks the mappings on any URI reference: FromURI gives
// an IRI whose ToURI is the URI up to the case of percent-encodings and
// percent-encoded unreserved characters (RFC 3987 §3.2), and is the identity
// once applied (FromURI(FromURI(u).ToURI()) == FromURI(u)).
func FuzzToURIFromURI(f *testing.F) {
	for _, s := range fuzzSeeds {
		if u, err := uri.ParseReference(s); err == nil {
			f.Add(u.String())
		} else if i, err := ParseReference(s); err == nil {
			f.Add(i.ToURI().String())
		}
	}
	f.Add("/%C0%AF%ED%A0%80%E2%82%C3%A9%e2%80%ae%EE%80%80?%EE%80%80")
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.ParseReference(s)
		if err != nil {
			return
		}
		for _, opts := range []FromURIOptions{{}, {ULabels: true}} {
			i := FromURIWith(u, opts)
			if !rfc3987.IRIReference.Match(i.String()) {
				t.Fatalf("FromURI(%q) = %q is not an IRI", s, i)
			}
			if hasBidi(i.String()) {
				t.Fatalf("FromURI(%q) = %q holds a bidi formatting character", s, i)
			}
			if opts.ULabels {
				continue
			}
			if got, want := i.ToURI().NormalizeSyntax(), u.NormalizeSyntax(); got != want {
				t.Fatalf("ToURI(FromURI(%q)) = %q normalizes to %q, the URI to %q", s, i.ToURI(), got, want)
			}
			if again := FromURI(i.ToURI()); again != i {
				t.Fatalf("FromURI(ToURI(FromURI(%q))) = %q, want %q", s, again, i)
			}
		}
	})
}

// FuzzResolve resolves any reference against any base: no panic; a base
// without a scheme is a *uri.ResolveError; otherwise the target is an IRI
// with a scheme, that parses back to itself, and is what uri's Resolve
// gives for the ToURI forms, mapped (Resolve's doc: the algorithm never
// looks inside a character).
func FuzzResolve(f *testing.F) {
	f.Add("http://a/b/c/d;p?q", "../g")
	f.Add("http://bücher.de/ü/ä", "../ö?x#y")
	f.Add("s:a/b", "//h/./..")
	f.Add("x", "y")
	f.Fuzz(func(t *testing.T, bs, rs string) {
		base, err1 := ParseReference(bs)
		ref, err2 := ParseReference(rs)
		if err1 != nil || err2 != nil {
			return
		}
		got, err := base.Resolve(ref)
		if base.IsRelative() {
			var re *uri.ResolveError
			if !errors.As(err, &re) {
				t.Fatalf("Resolve(%q, %q): error %v, want a *uri.ResolveError", bs, rs, err)
			}
			return
		}
		if err != nil || got.IsRelative() {
			t.Fatalf("Resolve(%q, %q) = %q, %v", bs, rs, got, err)
		}
		if again, err := ParseReference(got.String()); err != nil || again != got {
			t.Fatalf("Resolve(%q, %q) = %q does not parse back (%v)", bs, rs, got, err)
		}
		want, err := base.ToURI().Resolve(ref.ToURI())
		if err != nil || got.ToURI() != want {
			t.Fatalf("Resolve(%q, %q).ToURI() = %q; the URIs resolve to %q (%v)", bs, rs, got.ToURI(), want, err)
		}
	})
}

// FuzzEqualEquivalent compares any two IRI references: Equal is string
// equality (§5.3.1); Equivalent is reflexive and symmetric, follows from
// Equal, and agrees with Normalize (§5.3.2, §5.3.3); Normalize is
// idempotent.
func FuzzEqualEquivalent(f *testing.F) {
	f.Add("http://bücher.de", "http://bücher.de:80/")
	f.Add("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", "example://a/b/c/%7Bfoo%7D/rosé")
	f.Add("a", "a")
	f.Add("./%2E", "%2E")
	f.Fuzz(func(t *testing.T, as, bs string) {
		a, err1 := ParseReference(as)
		b, err2 := ParseReference(bs)
		if err1 != nil || err2 != nil {
			return
		}
		if a.Equal(b) != (as == bs) || a.Equal(b) != b.Equal(a) {
			t.Fatalf("Equal(%q, %q) = %v", as, bs, a.Equal(b))
		}
		if !a.Equivalent(a) || a.Equivalent(b) != b.Equivalent(a) || a.Equal(b) && !a.Equivalent(b) {
			t.Fatalf("Equivalent(%q, %q) = %v, reversed %v", as, bs, a.Equivalent(b), b.Equivalent(a))
		}
		na, nb := a.Normalize(), b.Normalize()
		if a.Equivalent(b) != (as == bs || na == nb) {
			t.Fatalf("Equivalent(%q, %q) = %v; normalized %q and %q", as, bs, a.Equivalent(b), na, nb)
		}
		if na.Normalize() != na || !na.Equivalent(a) {
			t.Fatalf("Normalize(%q) = %q: not idempotent, or not equivalent", as, na)
		}
	})
}
