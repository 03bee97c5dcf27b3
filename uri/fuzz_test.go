package uri

import (
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/ruletest"
)

// fuzzSeeds are the RFC's examples and inputs that have tripped parsers.
var fuzzSeeds = slices.Concat(ruletest.Examples, ruletest.ComponentExamples, []string{
	"", "s:", "s:?", "s:?#", "s:#", "//@h", "//h:", "//", "///", "?", "#", "s://", "s:///",
	"http://a/b/c/d;p?q", "g:h", "../../g", "g;x=1/../y", "g#s/../x", "./a:b",
	"//1.2.3.4", "//1.2.3.256", "//01.2.3.4", "//[::1]", "//[v1.x]", "//[V1.x]",
	"//[::ffff:1.2.3.4]", "//[1:2:3:4:5:6:7:8]", "//[1:2:3:4:5:6:7:8:9]", "//[::1%25en0]",
	"http://a b", "%zz", "%4", "1a:b", "http://[::1/", "a:b#c#d", "http://h:8x/", "http://h:8x@h/",
	"//u:p@h:99999999999999999999/", "a:b:c", "a/b:c", "\xff", "\x00", "s:\x80", "é:x",
	"//h/%2F%2f", "s:%", "//[", "//]", "//@@", "//h::", "[::1]", "s:[::1]",
})

func fuzzParse(f *testing.F, parse func(string) (URI, error), rule *c.Rule) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := parse(s)
		if matched := rule.Match(s); matched != (err == nil) {
			t.Fatalf("parse(%q) error = %v, but %s.Match = %v", s, err, rule.Name(), matched)
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("parse(%q) error %T %v, want a *ParseError", s, err, err)
			}
			if pe.Offset < 0 || pe.Offset > len(s) || pe.Input != s || pe.Rule != rule.Name() {
				t.Fatalf("parse(%q): Offset %d, Input %q, Rule %q", s, pe.Offset, pe.Input, pe.Rule)
			}
			checkMessage(t, s, err.Error())
			return
		}
		if u.String() != s {
			t.Fatalf("parse(%q).String() = %q", s, u)
		}
		if got := recompose(u); got != s {
			t.Fatalf("parse(%q): the components recompose to %q (§5.3)", s, got)
		}
	})
}

// recompose is the algorithm of §5.3, written from the accessors, and the
// authority from its subcomponents (§3.2).
func recompose(u URI) string {
	var b strings.Builder
	if !u.IsRelative() {
		b.WriteString(u.Scheme() + ":")
	}
	if u.HasAuthority() {
		var a strings.Builder
		if u.HasUserInfo() {
			a.WriteString(u.UserInfo() + "@")
		}
		a.WriteString(u.Host())
		if u.HasPort() {
			a.WriteString(":" + u.Port())
		}
		if a.String() != u.Authority() {
			return "authority " + a.String() + " != " + u.Authority()
		}
		b.WriteString("//" + u.Authority())
	}
	b.WriteString(u.Path())
	if u.HasQuery() {
		b.WriteString("?" + u.Query())
	}
	if u.HasFragment() {
		b.WriteString("#" + u.Fragment())
	}
	return b.String()
}

func FuzzParse(f *testing.F)          { fuzzParse(f, Parse, c.URI) }
func FuzzParseReference(f *testing.F) { fuzzParse(f, ParseReference, c.URIReference) }
func FuzzParseAbsolute(f *testing.F)  { fuzzParse(f, ParseAbsolute, c.AbsoluteURI) }
func FuzzParseRelative(f *testing.F)  { fuzzParse(f, ParseRelative, c.RelativeRef) }

// pctWellFormed matches text whose every "%" starts a pct-encoded triplet.
var pctWellFormed = c.Star(c.Alt(c.PctEncoded, c.Class(c.ByteRange(0, 255).Minus(c.Chars("%")))))

// FuzzPercent checks that PercentEncode and PercentDecode are inverse, and
// that PercentDecode fails exactly on a "%" without two hex digits.
func FuzzPercent(f *testing.F) {
	for _, s := range []string{"", "a", "%", "%4", "%41", "%zz", "a b/c?d#e", "é\x00\xff", "100%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for k := ComponentUserInfo; k <= ComponentFragment; k++ {
			e := PercentEncode(s, k)
			if d, err := PercentDecode(e); err != nil || d != s {
				t.Fatalf("PercentDecode(PercentEncode(%q, %d)) = %q, %v", s, k, d, err)
			}
		}
		d, err := PercentDecode(s)
		var ee *EscapeError
		if err != nil && (!errors.As(err, &ee) || ee.Offset < 0 || ee.Offset >= len(s) || s[ee.Offset] != '%') {
			t.Fatalf("PercentDecode(%q) error %v", s, err)
		}
		wellFormed := pctWellFormed.Match(s)
		if (err == nil) != wellFormed {
			t.Fatalf("PercentDecode(%q) = %q, %v; well formed: %v", s, d, err, wellFormed)
		}
	})
}

// fuzzShapes are the shapes the laws below turn on: dot segments, empty and
// undefined components, IPv6 forms, percent-encodings, rootless paths.
var fuzzShapes = []string{
	"http://a/b/c/d;p?q", "s:a/b", "s:b", "s:", "s:/", "s://", "s:///", "s://h", "s:/.//a", "s:a/..",
	"g", "./g", "../g", "../../../g", ".", "..", "./", "../", "/./g", "/../g", "g/.", "g/..", ".//g",
	"a/./b/../../../c", "%2E%2E/g", "/a/%2e%2E/b", "g?y/./x", "g#s/../x", "?", "#", "", "//", "///x",
	"//h", "//@h", "//h:", "//u:p@h:80", "HTTP://EXAMPLE.com:80", "http://a:/", "http://[::1]:443/",
	"//[::FFFF:1.2.3.4]", "//[v7.X]", "//%31.2.3.4", "//127.0.0.%31", "s:%7e%7E%41%2f%2F%00",
	"./a:b", "a:b", "//h/%2F", "f:/a", "f://g", "f:/.//g",
}

// fuzzAddShapes adds every pair of shapes, or each shape, to f's corpus.
func fuzzAddShapes(f *testing.F, pairs bool) {
	for _, a := range fuzzShapes {
		if !pairs {
			f.Add(a)
			continue
		}
		for _, b := range []string{"http://a/b/c/d;p?q", "s:a/b", "f:/a", "http://h"} {
			f.Add(b, a)
		}
	}
}

// checkParsesBack fails unless u is exactly what ParseReference makes of
// its text: the same value, components and host kind.
func checkParsesBack(t *testing.T, what string, u URI) {
	t.Helper()
	v, err := ParseReference(u.String())
	if err != nil {
		t.Fatalf("%s = %q does not parse: %v", what, u, err)
	}
	if v != u {
		t.Fatalf("%s = %q parses back to other components: %+v, want %+v", what, u, v.parts(), u.parts())
	}
}

// noDotSegment reports whether path p has no "." or ".." segment, but for the
// "/." that Resolve puts before a path starting "//" without an authority.
func noDotSegment(p string, hasAuth bool) bool {
	if !hasAuth && strings.HasPrefix(p, "/.//") {
		p = p[2:]
	}
	return !rdsHasDotSegment(p)
}

// FuzzResolve checks Resolve and ResolveWith (§5.2.2) on any base and
// reference: no panic; a *ResolveError exactly when the base has no scheme;
// otherwise a target that parses back to itself, holds no dot segment (but
// where §5.2.2 keeps the base path as it is, for a reference with an empty
// path), and takes the reference's fragment.
func FuzzResolve(f *testing.F) {
	fuzzAddShapes(f, true)
	f.Add("a/b", "g") // a relative base
	f.Fuzz(func(t *testing.T, bs, rs string) {
		base, err1 := ParseReference(bs)
		ref, err2 := ParseReference(rs)
		if err1 != nil || err2 != nil {
			return
		}
		for _, nonStrict := range []bool{false, true} {
			target, err := base.ResolveWith(ref, ResolveOptions{NonStrict: nonStrict})
			if base.IsRelative() {
				var re *ResolveError
				if !errors.As(err, &re) || re.Op != "resolve" {
					t.Fatalf("Resolve against relative %q: error %v, want a *ResolveError", bs, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%q.Resolve(%q): %v", bs, rs, err)
			}
			checkParsesBack(t, "Resolve", target)
			if target.IsRelative() {
				t.Fatalf("%q.Resolve(%q) = %q has no scheme", bs, rs, target)
			}
			refScheme := !ref.IsRelative() && !(nonStrict && strings.EqualFold(ref.Scheme(), base.Scheme()))
			keep := !refScheme && !ref.HasAuthority() && ref.Path() == ""
			if keep {
				if target.Path() != base.Path() {
					t.Fatalf("%q.Resolve(%q) = %q: path %q, want the base's %q", bs, rs, target, target.Path(), base.Path())
				}
			} else if !noDotSegment(target.Path(), target.HasAuthority()) {
				t.Fatalf("%q.Resolve(%q) = %q holds a dot segment", bs, rs, target)
			}
			if target.HasFragment() != ref.HasFragment() || target.Fragment() != ref.Fragment() {
				t.Fatalf("%q.Resolve(%q) = %q: fragment is not the reference's", bs, rs, target)
			}
			if !nonStrict {
				if r2, _ := base.Resolve(ref); r2 != target {
					t.Fatalf("Resolve = %q, ResolveWith zero options = %q", r2, target)
				}
			}
			// Resolving the target again against the base changes nothing
			// but where §5.2.2 keeps dot segments.
			if again, err := base.Resolve(target); err != nil || (!keep && again.String() != target.String()) {
				t.Fatalf("%q.Resolve(%q) = %q, resolved again %q, %v", bs, rs, target, again, err)
			}
		}
	})
}

// relativeKind names the kind of reference u is (§4.2).
func relativeKind(u URI) string {
	switch {
	case !u.IsRelative():
		return "URI"
	case u.HasAuthority():
		return "network-path"
	case strings.HasPrefix(u.Path(), "/"):
		return "absolute-path"
	}
	return "relative-path"
}

// FuzzNormalize checks Normalize and NormalizeSyntax (§6.2.2, §6.2.3): no
// panic; the result parses back to itself; both are idempotent; the kind of
// reference and the authority stay, and so does the host kind, but for a
// reg-name that decodes to an IPv4address (§6.2.2.2 and §3.2.2: "%31.2.3.4"
// is "1.2.3.4", which reads as IPv4); Normalize is
// NormalizeSyntax followed by the scheme-based rules; and a reference
// resolves, against a base with an authority, to the URI its normal form
// resolves to, once both are normalized.
func FuzzNormalize(f *testing.F) {
	fuzzAddShapes(f, false)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := ParseReference(s)
		if err != nil {
			return
		}
		for _, n := range []struct {
			name string
			f    func(URI) URI
		}{{"NormalizeSyntax", URI.NormalizeSyntax}, {"Normalize", URI.Normalize}} {
			v := n.f(u)
			checkParsesBack(t, n.name, v)
			if w := n.f(v); w != v {
				t.Fatalf("%s(%q) = %q, and again %q", n.name, s, v, w)
			}
			decodedIPv4 := u.HostKind() == RegName && v.HostKind() == IPv4 && strings.Contains(u.Host(), "%")
			if relativeKind(v) != relativeKind(u) || v.HasAuthority() != u.HasAuthority() || (v.HostKind() != u.HostKind() && !decodedIPv4) {
				t.Fatalf("%s(%q) = %q: a %s with host %v, was a %s with host %v", n.name, s, v,
					relativeKind(v), v.HostKind(), relativeKind(u), u.HostKind())
			}
			if v.HasQuery() != u.HasQuery() || v.HasFragment() != u.HasFragment() || v.HasUserInfo() != u.HasUserInfo() {
				t.Fatalf("%s(%q) = %q: a component appeared or went", n.name, s, v)
			}
			if !u.Equivalent(v) || !v.Equivalent(u) {
				t.Fatalf("%q is not Equivalent to its %s %q", s, n.name, v)
			}
		}
		if a, b := u.Normalize(), u.NormalizeSyntax().Normalize(); a != b {
			t.Fatalf("Normalize(%q) = %q, Normalize(NormalizeSyntax) = %q", s, a, b)
		}
		// "%2E" segments of a relative reference are issue 13's: they are
		// decoded before dot segments are removed, which may move where a
		// relative path points.
		if u.IsRelative() && strings.Contains(strings.ToLower(s), "%2e") {
			return
		}
		for _, bs := range []string{"http://h/a/b/c", "s://h"} {
			base := MustParse(bs)
			r1, _ := base.Resolve(u)
			r2, _ := base.Resolve(u.NormalizeSyntax())
			if r1.NormalizeSyntax() != r2.NormalizeSyntax() {
				t.Fatalf("%q resolves against %q to %q, its normal form %q to %q", s, bs, r1, u.NormalizeSyntax(), r2)
			}
		}
	})
}

// FuzzEquivalent checks Equivalent (§6.2): reflexive, symmetric, true
// exactly when the normal forms are equal, and implied by Equal.
func FuzzEquivalent(f *testing.F) {
	fuzzAddShapes(f, true)
	f.Add("http://a/%7e", "HTTP://a:80/~")
	f.Fuzz(func(t *testing.T, as, bs string) {
		a, err1 := ParseReference(as)
		b, err2 := ParseReference(bs)
		if err1 != nil || err2 != nil {
			return
		}
		eq := a.Equivalent(b)
		if eq != b.Equivalent(a) || !a.Equivalent(a) {
			t.Fatalf("Equivalent(%q, %q) = %v, not symmetric or not reflexive", as, bs, eq)
		}
		if eq != (a.Normalize().String() == b.Normalize().String()) {
			t.Fatalf("Equivalent(%q, %q) = %v, normal forms %q and %q", as, bs, eq, a.Normalize(), b.Normalize())
		}
		if a.Equal(b) && !eq {
			t.Fatalf("Equal(%q, %q) but not Equivalent", as, bs)
		}
	})
}

// FuzzRelativize checks Relativize: no panic; a *ResolveError exactly when
// the base has no scheme; otherwise a reference that resolves against the
// base to the target with its dot segments removed (base.Resolve(t)), and is
// no longer than that.
func FuzzRelativize(f *testing.F) {
	fuzzAddShapes(f, true)
	f.Fuzz(func(t *testing.T, bs, ts string) {
		base, err1 := ParseReference(bs)
		target, err2 := ParseReference(ts)
		if err1 != nil || err2 != nil {
			return
		}
		r, err := base.Relativize(target)
		if base.IsRelative() {
			var re *ResolveError
			if !errors.As(err, &re) || re.Op != "relativize" {
				t.Fatalf("Relativize against relative %q: error %v, want a *ResolveError", bs, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%q.Relativize(%q): %v", bs, ts, err)
		}
		checkParsesBack(t, "Relativize", r)
		want, _ := base.Resolve(target)
		got, err := base.Resolve(r)
		if err != nil || got.String() != want.String() {
			t.Fatalf("%q.Relativize(%q) = %q, which resolves to %q, want %q", bs, ts, r, got, want)
		}
		if len(r.String()) > len(want.String()) {
			t.Fatalf("%q.Relativize(%q) = %q, longer than %q", bs, ts, r, want)
		}
	})
}

// FuzzNetURL checks NetURL and FromNetURL: no panic; NetURL either writes
// exactly the URI or names its losses (never LossOther); and FromNetURL of
// what NetURL made without loss gives the URI back. For any text that
// net/url parses, FromNetURL gives the URI reference of its String or names
// its loss.
func FuzzNetURL(f *testing.F) {
	fuzzAddShapes(f, false)
	for _, s := range []string{"s:#", "s://", "//[v1.x]/", "//u:p!@h", "//h%41/", "s:x/y", "http://h/a%2Fb", "http://[::1%25en0]/", "a:b c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if u, err := ParseReference(s); err == nil {
			v, err := u.NetURL()
			if err != nil {
				var ce *ConversionError
				if !errors.As(err, &ce) || len(ce.Losses) == 0 || slices.Contains(ce.Losses, LossOther) {
					t.Fatalf("%q.NetURL(): %v", s, err)
				}
			} else {
				if v.String() != s {
					t.Fatalf("%q.NetURL().String() = %q", s, v)
				}
				w, err := FromNetURL(v)
				if err != nil || w != u {
					t.Fatalf("FromNetURL(%q.NetURL()) = %q, %v", s, w, err)
				}
			}
		}
		v, err := url.Parse(s)
		if err != nil {
			return
		}
		w, err := FromNetURL(v)
		if err != nil {
			var ce *ConversionError
			if !errors.As(err, &ce) || len(ce.Losses) != 1 || ce.Losses[0] == LossOther {
				t.Fatalf("FromNetURL(url.Parse(%q)): %v", s, err)
			}
			return
		}
		if w.String() != v.String() {
			t.Fatalf("FromNetURL(url.Parse(%q)) = %q, net/url writes %q", s, w, v)
		}
		checkParsesBack(t, "FromNetURL", w)
	})
}
