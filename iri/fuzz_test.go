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
