package properties

import (
	"errors"
	"strings"
	"testing"
)

// The reference Impl is built only from this package's RFC transcriptions.

func refParse(s string) (Components, error) {
	if m, _ := MatchRule("URI-reference", s); !m {
		return Components{}, errors.New("not a URI-reference")
	}
	return Split(s), nil
}

// repair puts "/." before a path that starts with "//" where there is no
// authority, so that the string parses back the same (see sameTarget).
func repair(c Components) Components {
	if c.Authority == nil && strings.HasPrefix(c.Path, "//") {
		c.Path = "/." + c.Path
	}
	return c
}

func refResolve(base, ref string) (string, error) {
	return repair(ResolveRFC(Split(base), Split(ref), true)).String(), nil
}

// refNormalize applies RFC 3986 §6.2.2: case (scheme and host to lower case,
// percent-encoding hex digits to upper case), decoding of percent-encoded
// unreserved characters, and, for URIs only, dot-segment removal (on a
// relative reference that would change what it resolves to).
func refNormalize(s string) (string, error) {
	if m, _ := MatchRule("URI-reference", s); !m {
		return "", errors.New("not a URI-reference")
	}
	c := Split(s)
	fix := func(p *string) *string {
		if p == nil {
			return nil
		}
		v := normalPct(*p)
		return &v
	}
	if c.Scheme != nil {
		v := strings.ToLower(*c.Scheme)
		c.Scheme = &v
	}
	if c.Authority != nil {
		a := *c.Authority
		user := ""
		if i := strings.IndexByte(a, '@'); i >= 0 {
			user, a = a[:i+1], a[i+1:]
		}
		v := normalPct(user) + lowerOutsidePct(normalPct(a))
		c.Authority = &v
	}
	c.Path = normalPctPath(c)
	c.Query, c.Fragment = fix(c.Query), fix(c.Fragment)
	if c.Scheme != nil {
		c.Path = RemoveDotSegmentsRFC(c.Path)
		c = repair(c)
	}
	return c.String(), nil
}

// lowerOutsidePct lower-cases s except the hex digits of percent-encodings.
func lowerOutsidePct(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		if b[i] == '%' {
			i += 2
			continue
		}
		if 'A' <= b[i] && b[i] <= 'Z' {
			b[i] += 'a' - 'A'
		}
	}
	return string(b)
}

// refRelativize returns a network-path or absolute-path reference when base
// and target share a scheme (and authority), else the target itself; in every
// case with the target's dot segments removed first.
func refRelativize(base, target string) (string, error) {
	t := repair(ResolveRFC(Components{}, Split(target), true))
	b := Split(base)
	if t.Scheme == nil || b.Scheme == nil || *t.Scheme != *b.Scheme {
		return t.String(), nil
	}
	t.Scheme = nil
	if t.Authority == nil {
		if b.Authority != nil {
			// A path-absolute reference would inherit base's authority.
			return Components{Scheme: Split(target).Scheme, Path: t.Path, Query: t.Query, Fragment: t.Fragment}.String(), nil
		}
		if strings.HasPrefix(t.Path, "/") {
			return t.String(), nil
		}
		s := *Split(target).Scheme
		return Components{Scheme: &s, Path: t.Path, Query: t.Query, Fragment: t.Fragment}.String(), nil
	}
	if b.Authority != nil && *b.Authority == *t.Authority && strings.HasPrefix(t.Path, "/") && !strings.HasPrefix(t.Path, "//") {
		t.Authority = nil
		return t.String(), nil
	}
	return t.String(), nil
}

var referenceImpl = Impl{
	Name:       "rfc5_2 reference",
	Parse:      refParse,
	Resolve:    refResolve,
	Normalize:  refNormalize,
	Relativize: refRelativize,
}

func TestLawsOnReferenceImpl(t *testing.T) {
	Run(t, referenceImpl)
}

// TestLawsOnRFCExamples runs the deterministic law functions on the §5.4
// examples and the §1.1.2 URIs.
func TestLawsOnRFCExamples(t *testing.T) {
	for _, c := range rfc54Refs {
		if err := LawResolve(referenceImpl, rfc54Base, c.ref); err != nil {
			t.Error(err)
		}
		got, _ := refResolve(rfc54Base, c.ref)
		if got != c.want {
			t.Errorf("reference Resolve(%q) = %q, want %q", c.ref, got, c.want)
		}
	}
	for _, s := range append(rfcExamples, "", "s:", "s:?#", "//", "//@h:", "?", "#") {
		for _, law := range []func(Impl, string) error{LawRoundTrip, LawParseMatchesSplit, LawNormalizeIdempotent, LawNormalizeEquivalent} {
			if err := law(referenceImpl, s); err != nil {
				t.Error(err)
			}
		}
		if m, _ := MatchRule("URI", s); m {
			if err := LawRelativize(referenceImpl, rfc54Base, s); err != nil {
				t.Error(err)
			}
		}
	}
}

// TestLawsCatchBrokenImpls checks that each law fails on an implementation
// that breaks it, so that a passing law means something.
func TestLawsCatchBrokenImpls(t *testing.T) {
	dropEmptyQuery := Impl{Name: "drops empty query", Parse: func(s string) (Components, error) {
		c := Split(s)
		if c.Query != nil && *c.Query == "" {
			c.Query = nil
		}
		return c, nil
	}}
	if LawRoundTrip(dropEmptyQuery, "s:?") == nil {
		t.Error("LawRoundTrip accepted an implementation that drops an empty query")
	}
	if LawParseMatchesSplit(dropEmptyQuery, "s:?") == nil {
		t.Error("LawParseMatchesSplit accepted an implementation that drops an empty query")
	}
	keepDots := Impl{Name: "keeps dots", Resolve: func(base, ref string) (string, error) {
		b, r := Split(base), Split(ref)
		if r.Scheme != nil || r.Authority != nil || r.Path == "" {
			return ResolveRFC(b, r, true).String(), nil
		}
		b.Path, b.Query, b.Fragment = b.Path[:strings.LastIndexByte(b.Path, '/')+1]+r.Path, r.Query, r.Fragment
		return b.String(), nil
	}}
	if LawResolve(keepDots, rfc54Base, "../g") == nil {
		t.Error("LawResolve accepted an implementation that keeps dot segments")
	}
	notIdempotent := Impl{Name: "appends", Normalize: func(s string) (string, error) { return s + "a", nil }}
	if LawNormalizeIdempotent(notIdempotent, "s:") == nil {
		t.Error("LawNormalizeIdempotent accepted a non-idempotent normalizer")
	}
	kindChange := Impl{Name: "strips ./", Normalize: func(s string) (string, error) { return strings.TrimPrefix(s, "./"), nil }}
	if LawNormalizeIdempotent(kindChange, "./a:b") == nil {
		t.Error("LawNormalizeIdempotent accepted a normalizer that turns a relative reference into a URI")
	}
	wrongRel := Impl{Name: "last segment", Relativize: func(base, target string) (string, error) {
		p := Split(target).Path
		return p[strings.LastIndexByte(p, '/')+1:], nil
	}}
	if LawRelativize(wrongRel, "http://a/b/c", "http://a/x/y") == nil {
		t.Error("LawRelativize accepted a wrong relativizer")
	}

	// Idempotent normalizers that change what a reference identifies.
	for _, tc := range []struct {
		name string
		f    func(string) string
		in   string
	}{
		{"drops empty ? and #", func(s string) string { return strings.TrimSuffix(strings.TrimSuffix(s, "#"), "?") }, "http://example.com/?#"},
		{"lower-cases everything", strings.ToLower, "http://example.com/A"},
		{"decodes %2F", func(s string) string { return strings.ReplaceAll(s, "%2F", "/") }, "s:/a%2Fb"},
		{"drops the query", func(s string) string { s, _, _ = strings.Cut(s, "?"); return s }, "s:/a?q"},
		{"maps all to s:", func(string) string { return "s:" }, "s:/a"},
		{"changes a port", func(s string) string { return strings.Replace(s, ":81", ":80", 1) }, "http://h:81/"},
		{"climbs less", func(s string) string { return strings.TrimPrefix(s, "../") }, "../a"},
		{"adds a path to a URI without authority", func(s string) string { return s + "/" }, "s:"},
	} {
		impl := Impl{Name: tc.name, Normalize: func(s string) (string, error) { return tc.f(s), nil }}
		if LawNormalizeEquivalent(impl, tc.in) == nil {
			t.Errorf("LawNormalizeEquivalent accepted a normalizer that %s (on %q)", tc.name, tc.in)
		}
	}
	// What §6.2 allows passes.
	for in, out := range map[string]string{
		"HTTP://Example.COM:80":  "http://example.com/", // §6.2.2.1, §6.2.3
		"s:/a/./b/../c/%7e%2f":   "s:/a/c/~%2F",         // §6.2.2.2, §6.2.2.3
		"s:%2E/..":               "s:",                  // "%2E" is "." (§6.2.2.2 first)
		"s://[0:0::1]/":          "s://[::1]/",          // one IPv6 address
		"http://h:/":             "http://h/",           // an empty port
		"a/./b/../../../c?q#%41": "../c?q#A",
	} {
		impl := Impl{Name: "fixed", Normalize: func(string) (string, error) { return out, nil }}
		if err := LawNormalizeEquivalent(impl, in); err != nil {
			t.Error(err)
		}
	}

	acceptAll := Impl{Name: "accepts all", Parse: func(s string) (Components, error) { return Split(s), nil }}
	for _, s := range []string{"a b", "//[::1", "%zz", "s://h:x/"} {
		if LawRejects(acceptAll, s) == nil {
			t.Errorf("LawRejects accepted a parser that accepts %q", s)
		}
	}
	keepsFragment := Impl{Name: "keeps the base's fragment", Resolve: func(base, ref string) (string, error) {
		if ref == "" {
			return base, nil
		}
		return ResolveRFC(Split(base), Split(ref), true).String(), nil
	}}
	if LawResolve(keepsFragment, "http://a/b?q#f", "g") == nil {
		t.Error(`LawResolve accepted a resolver that keeps the base's fragment for ""`)
	}
}

// A Law… function without the field it needs says so instead of panicking.
func TestLawsNeedTheirField(t *testing.T) {
	var none Impl
	for name, err := range map[string]error{
		"LawRoundTrip":           LawRoundTrip(none, "s:"),
		"LawParseMatchesSplit":   LawParseMatchesSplit(none, "s:"),
		"LawRejects":             LawRejects(none, " "),
		"LawResolve":             LawResolve(none, "s:", "g"),
		"LawNormalizeIdempotent": LawNormalizeIdempotent(none, "s:"),
		"LawNormalizeEquivalent": LawNormalizeEquivalent(none, "s:"),
		"LawRelativize":          LawRelativize(none, "s:", "s:g"),
	} {
		if err == nil || !strings.Contains(err.Error(), name+" needs Impl.") {
			t.Errorf("%s with a zero Impl: %v, want an error naming the missing field", name, err)
		}
	}
}
