package properties

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// Impl is a URI implementation under test, given as functions over strings.
// Run skips the laws of nil fields and says which; a Law… function called
// without the field it needs returns an error saying so.
type Impl struct {
	// Name starts every failure message.
	Name string
	// Parse parses a URI-reference into its five components (undefined
	// components as nil pointers).
	Parse func(s string) (Components, error)
	// Recompose turns components back into a string; if nil,
	// Components.String (RFC 3986 §5.3) is used.
	Recompose func(Components) string
	// Resolve resolves the reference ref against the absolute URI base
	// (RFC 3986 §5.2).
	Resolve func(base, ref string) (string, error)
	// Normalize normalizes a URI-reference (RFC 3986 §6.2.2, §6.2.3).
	Normalize func(s string) (string, error)
	// Relativize returns a reference that resolves against base to target.
	Relativize func(base, target string) (string, error)
}

func (impl Impl) recompose(c Components) string {
	if impl.Recompose != nil {
		return impl.Recompose(c)
	}
	return c.String()
}

// resolve uses impl.Resolve, or the literal RFC 3986 §5.2 algorithm when nil.
func (impl Impl) resolve(base, ref string) (string, error) {
	if impl.Resolve != nil {
		return impl.Resolve(base, ref)
	}
	return ResolveRFC(Split(base), Split(ref), true).String(), nil
}

// sameTarget reports whether got is the recomposition of want, or, when want
// has no authority and a path starting with "//" (which would read back as an
// authority), want with "/." put before its path. RFC 3986 §5.2.2 and §5.3
// leave that case open: recomposed as it stands, "f:" with the path "//g"
// reads back as the authority "g". "/." keeps the path, since §5.2.4 removes
// the "." segment again, and is what a resolver can write instead.
func sameTarget(got string, want Components) bool {
	if got == want.String() {
		return true
	}
	if want.Authority == nil && strings.HasPrefix(want.Path, "//") {
		want.Path = "/." + want.Path
		return got == want.String()
	}
	return false
}

// describeTarget formats an expected target for a message, spelling out the
// "//" path case that sameTarget accepts in two forms.
func describeTarget(c Components) string {
	s := fmt.Sprintf("%q", c.String())
	if c.Authority == nil && strings.HasPrefix(c.Path, "//") {
		path := c.Path
		c.Path = "/." + c.Path
		s += fmt.Sprintf(" (path %q with no authority; or %q)", path, c.String())
	}
	return s
}

// needs is the error of a Law… function called without the function of Impl
// it checks.
func needs(impl Impl, law, field string) error {
	return fmt.Errorf("%s: %s needs Impl.%s, which is nil", impl.Name, law, field)
}

// hasDotSegment reports whether path holds a complete "." or ".." segment.
func hasDotSegment(path string) bool {
	for _, seg := range strings.Split(path, "/") {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// LawRoundTrip checks, for one valid URI-reference s, that parsing and then
// recomposing gives s back, and that parsing the recomposed string gives the
// same components: recompose(parse(s)) is s and parse is stable (RFC 3986
// §5.3, which keeps undefined and empty components apart). It needs Parse.
func LawRoundTrip(impl Impl, s string) error {
	if impl.Parse == nil {
		return needs(impl, "LawRoundTrip", "Parse")
	}
	c, err := impl.Parse(s)
	if err != nil {
		return fmt.Errorf("%s: Parse(%q) failed on a valid URI-reference: %v", impl.Name, s, err)
	}
	r := impl.recompose(c)
	if r != s {
		return fmt.Errorf("%s: recompose(Parse(%q)) = %q, want the input (RFC 3986 §5.3)", impl.Name, s, r)
	}
	c2, err := impl.Parse(r)
	if err != nil {
		return fmt.Errorf("%s: Parse(%q) failed on a recomposed string: %v", impl.Name, r, err)
	}
	if d := cmp.Diff(c, c2); d != "" {
		return fmt.Errorf("%s: Parse is not stable on %q (-first +second):\n%s", impl.Name, s, d)
	}
	return nil
}

// LawParseMatchesSplit checks, for one valid URI-reference s, that Parse gives
// the same five components, defined or not, as the regular expression of RFC
// 3986 Appendix B (Split). It needs Parse.
func LawParseMatchesSplit(impl Impl, s string) error {
	if impl.Parse == nil {
		return needs(impl, "LawParseMatchesSplit", "Parse")
	}
	c, err := impl.Parse(s)
	if err != nil {
		return fmt.Errorf("%s: Parse(%q) failed on a valid URI-reference: %v", impl.Name, s, err)
	}
	if d := cmp.Diff(Split(s), c); d != "" {
		return fmt.Errorf("%s: Parse(%q) differs from the Appendix B split (-split +parse):\n%s", impl.Name, s, d)
	}
	return nil
}

// LawResolve checks, for an absolute URI base and a URI-reference ref, that
// Resolve(base, ref) equals the literal algorithm of RFC 3986 §5.2.2 (strict,
// ResolveRFC), allowing "/." before a path that starts with "//" where there
// is no authority; that the result's path holds no dot segment beyond that
// "/." (§5.2.4) unless ref has no scheme, no authority and an empty path (then
// §5.2.2 takes the base path as it is, dot segments included); and that Resolve(base, "") is base without its fragment
// (§5.2.2, the R.path == "" branch; §5.4.1 "" = base). It needs Resolve.
func LawResolve(impl Impl, base, ref string) error {
	if impl.Resolve == nil {
		return needs(impl, "LawResolve", "Resolve")
	}
	got, err := impl.Resolve(base, ref)
	if err != nil {
		return fmt.Errorf("%s: Resolve(%q, %q): %v", impl.Name, base, ref, err)
	}
	want := ResolveRFC(Split(base), Split(ref), true)
	if !sameTarget(got, want) {
		return fmt.Errorf("%s: Resolve(%q, %q) = %q, want %s (RFC 3986 §5.2.2)", impl.Name, base, ref, got, describeTarget(want))
	}
	// §5.2.2 copies Base.path unchanged when R has no scheme, no authority
	// and an empty path, so only the other references promise no dots.
	r := Split(ref)
	keepsBasePath := r.Scheme == nil && r.Authority == nil && r.Path == ""
	if p := strings.TrimPrefix(Split(got).Path, "/./"); !keepsBasePath && hasDotSegment(p) {
		return fmt.Errorf("%s: Resolve(%q, %q) = %q keeps a dot segment (RFC 3986 §5.2.4)", impl.Name, base, ref, got)
	}
	empty, err := impl.Resolve(base, "")
	if err != nil {
		return fmt.Errorf("%s: Resolve(%q, \"\"): %v", impl.Name, base, err)
	}
	b := Split(base)
	b.Fragment = nil
	if empty != b.String() {
		return fmt.Errorf("%s: Resolve(%q, \"\") = %q, want the base without fragment %q (RFC 3986 §5.2.2)", impl.Name, base, empty, b.String())
	}
	return nil
}

// LawNormalizeIdempotent checks, for one valid URI-reference s, that
// normalizing twice equals normalizing once, and that normalization keeps the
// kind of reference (RFC 3986 §6.2.2, §6.1: normalization must not change what
// the string identifies): the result is still a URI-reference, a URI stays a
// URI (absolute), a relative reference stays relative, and, when Parse is
// given, the result parses. It needs Normalize.
func LawNormalizeIdempotent(impl Impl, s string) error {
	if impl.Normalize == nil {
		return needs(impl, "LawNormalizeIdempotent", "Normalize")
	}
	n1, err := impl.Normalize(s)
	if err != nil {
		return fmt.Errorf("%s: Normalize(%q) failed on a valid URI-reference: %v", impl.Name, s, err)
	}
	n2, err := impl.Normalize(n1)
	if err != nil {
		return fmt.Errorf("%s: Normalize(%q) failed on its own output: %v", impl.Name, n1, err)
	}
	if n1 != n2 {
		return fmt.Errorf("%s: Normalize is not idempotent: %q -> %q -> %q", impl.Name, s, n1, n2)
	}
	for _, rule := range []string{"URI-reference", "URI", "relative-ref"} {
		was, _ := MatchRule(rule, s)
		is, _ := MatchRule(rule, n1)
		if was && !is {
			return fmt.Errorf("%s: Normalize(%q) = %q is no longer a %s (RFC 3986 §6.1)", impl.Name, s, n1, rule)
		}
	}
	if impl.Parse != nil {
		if _, err := impl.Parse(n1); err != nil {
			return fmt.Errorf("%s: Normalize(%q) = %q does not parse: %v", impl.Name, s, n1, err)
		}
	}
	return nil
}

// LawRelativize checks, for an absolute URI base and a URI target, that
// Relativize(base, target) is a URI-reference r with Resolve(base, r) equal
// to target with its dot segments removed (RFC 3986 §5.2, read backwards:
// §5.2.2 with a defined scheme gives exactly that target). Resolve is
// impl.Resolve, or ResolveRFC when nil. It needs Relativize.
func LawRelativize(impl Impl, base, target string) error {
	if impl.Relativize == nil {
		return needs(impl, "LawRelativize", "Relativize")
	}
	r, err := impl.Relativize(base, target)
	if err != nil {
		return fmt.Errorf("%s: Relativize(%q, %q): %v", impl.Name, base, target, err)
	}
	if m, _ := MatchRule("URI-reference", r); !m {
		return fmt.Errorf("%s: Relativize(%q, %q) = %q is not a URI-reference", impl.Name, base, target, r)
	}
	got, err := impl.resolve(base, r)
	if err != nil {
		return fmt.Errorf("%s: Resolve(%q, %q): %v", impl.Name, base, r, err)
	}
	want := ResolveRFC(Components{}, Split(target), true)
	if !sameTarget(got, want) {
		return fmt.Errorf("%s: Resolve(%q, Relativize(%q, %q) = %q) = %q, want %s", impl.Name, base, base, target, r, got, describeTarget(want))
	}
	return nil
}

// relatedTarget draws a URI that shares a prefix with base most of the time
// (it is base resolved against a generated reference), otherwise any URI.
func relatedTarget(t *rapid.T, base string) string {
	if rapid.IntRange(0, 3).Draw(t, "unrelated?") == 0 {
		return URI().Draw(t, "target")
	}
	ref := URIReference().Draw(t, "ref")
	target := ResolveRFC(Split(base), Split(ref), true)
	target.Fragment = nil
	if target.Authority == nil && strings.HasPrefix(target.Path, "//") {
		target.Path = "/." + target.Path
	}
	return target.String()
}

// CheckRoundTrip draws a URI-reference and checks LawRoundTrip (RFC 3986 §5.3).
func CheckRoundTrip(t *rapid.T, impl Impl) {
	if err := LawRoundTrip(impl, URIReference().Draw(t, "s")); err != nil {
		t.Fatal(err)
	}
}

// CheckParseMatchesSplit draws a URI-reference and checks LawParseMatchesSplit
// (RFC 3986 Appendix B).
func CheckParseMatchesSplit(t *rapid.T, impl Impl) {
	if err := LawParseMatchesSplit(impl, URIReference().Draw(t, "s")); err != nil {
		t.Fatal(err)
	}
}

// CheckResolve draws a base URI, an absolute-URI or now and then a URI with
// a fragment (§5.1: the base's fragment is not used), and a URI-reference,
// and checks LawResolve (RFC 3986 §5.2).
func CheckResolve(t *rapid.T, impl Impl) {
	base := rapid.OneOf(AbsoluteURI(), AbsoluteURI(), URI()).Draw(t, "base")
	ref := URIReference().Draw(t, "ref")
	if err := LawResolve(impl, base, ref); err != nil {
		t.Fatal(err)
	}
}

// CheckNormalizeIdempotent draws a URI-reference and checks
// LawNormalizeIdempotent (RFC 3986 §6.2.2, §6.2.3).
func CheckNormalizeIdempotent(t *rapid.T, impl Impl) {
	if err := LawNormalizeIdempotent(impl, URIReference().Draw(t, "s")); err != nil {
		t.Fatal(err)
	}
}

// CheckRelativize draws an absolute URI base and a target URI, usually one
// derived from base, and checks LawRelativize (RFC 3986 §5.2).
func CheckRelativize(t *rapid.T, impl Impl) {
	base := AbsoluteURI().Draw(t, "base")
	target := relatedTarget(t, base)
	if err := LawRelativize(impl, base, target); err != nil {
		t.Fatal(err)
	}
}

// LawRejects checks, for a string s that is not a URI-reference, that Parse
// refuses it (RFC 3986 Appendix A). It needs Parse.
func LawRejects(impl Impl, s string) error {
	if impl.Parse == nil {
		return needs(impl, "LawRejects", "Parse")
	}
	if m, _ := MatchRule("URI-reference", s); m {
		return fmt.Errorf("%s: LawRejects(%q): the input is a URI-reference", impl.Name, s)
	}
	if c, err := impl.Parse(s); err == nil {
		return fmt.Errorf("%s: Parse(%q) = %q accepted a string that is not a URI-reference (RFC 3986 Appendix A)",
			impl.Name, s, c.String())
	}
	return nil
}

// CheckRejects draws a near miss of Invalid that is not a URI-reference and
// checks LawRejects.
func CheckRejects(t *rapid.T, impl Impl) {
	n := Invalid().Filter(func(n NearMiss) bool {
		m, _ := MatchRule("URI-reference", n.Input)
		return !m
	}).Draw(t, "near miss")
	if err := LawRejects(impl, n.Input); err != nil {
		t.Fatalf("%v (%s)", err, n.Reason)
	}
}

// Run runs, as subtests under rapid.Check, every law impl has the functions
// for: RoundTrip, ParseMatchesSplit and Rejects (Parse), Resolve (Resolve),
// NormalizeIdempotent and NormalizeEquivalent (Normalize), Relativize
// (Relativize). It logs the laws it skips for a nil field, and fails when
// impl has none of the four.
func Run(t *testing.T, impl Impl) {
	t.Helper()
	laws := []struct {
		name, field string
		apply       bool
		check       func(*rapid.T, Impl)
	}{
		{"RoundTrip", "Parse", impl.Parse != nil, CheckRoundTrip},
		{"ParseMatchesSplit", "Parse", impl.Parse != nil, CheckParseMatchesSplit},
		{"Rejects", "Parse", impl.Parse != nil, CheckRejects},
		{"Resolve", "Resolve", impl.Resolve != nil, CheckResolve},
		{"NormalizeIdempotent", "Normalize", impl.Normalize != nil, CheckNormalizeIdempotent},
		{"NormalizeEquivalent", "Normalize", impl.Normalize != nil, CheckNormalizeEquivalent},
		{"Relativize", "Relativize", impl.Relativize != nil, CheckRelativize},
	}
	var skipped []string
	for _, law := range laws {
		if !law.apply {
			skipped = append(skipped, law.name+" (no "+law.field+")")
			continue
		}
		t.Run(law.name, func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) { law.check(rt, impl) })
		})
	}
	switch {
	case len(skipped) == len(laws):
		t.Fatalf("properties.Run(%s): no law applies: Parse, Resolve, Normalize and Relativize are all nil", impl.Name)
	case len(skipped) > 0:
		t.Logf("properties.Run(%s): skipped %s", impl.Name, strings.Join(skipped, ", "))
	}
}
