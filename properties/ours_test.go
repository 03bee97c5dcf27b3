package properties

// This file runs the laws of this package against the module's own packages
// (uri and builder). It is a test file so that the non-test code of properties
// stays independent of every implementation it checks.

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/builder"
	"github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

// oursComponents reads the five components of u, undefined ones as nil
// pointers, with the Has… methods (RFC 3986 §5.3: undefined is not empty).
func oursComponents(u uri.URI) Components {
	c := Components{Path: u.Path()}
	if !u.IsRelative() {
		v := u.Scheme()
		c.Scheme = &v
	}
	if u.HasAuthority() {
		v := u.Authority()
		c.Authority = &v
	}
	if u.HasQuery() {
		v := u.Query()
		c.Query = &v
	}
	if u.HasFragment() {
		v := u.Fragment()
		c.Fragment = &v
	}
	return c
}

// parsePair parses a base and a reference for the two-argument functions.
func parsePair(base, ref string) (uri.URI, uri.URI, error) {
	b, err := uri.ParseReference(base)
	if err != nil {
		return uri.URI{}, uri.URI{}, err
	}
	r, err := uri.ParseReference(ref)
	if err != nil {
		return uri.URI{}, uri.URI{}, err
	}
	return b, r, nil
}

// ours is the uri package behind an Impl. Its resolution policies need no
// encoding here: the "/." that Resolve puts before a "//" path without an
// authority is what LawResolve and LawRelativize already accept, and
// Normalize keeps relative-path references relative, which is all that
// LawNormalizeIdempotent asks of them.
var ours = Impl{
	Name: "uri",
	Parse: func(s string) (Components, error) {
		u, err := uri.ParseReference(s)
		if err != nil {
			return Components{}, err
		}
		return oursComponents(u), nil
	},
	Resolve: func(base, ref string) (string, error) {
		b, r, err := parsePair(base, ref)
		if err != nil {
			return "", err
		}
		t, err := b.Resolve(r)
		return t.String(), err
	},
	Normalize: func(s string) (string, error) {
		u, err := uri.ParseReference(s)
		if err != nil {
			return "", err
		}
		return u.Normalize().String(), nil
	},
	Relativize: func(base, target string) (string, error) {
		b, t, err := parsePair(base, target)
		if err != nil {
			return "", err
		}
		r, err := b.Relativize(t)
		return r.String(), err
	},
}

// TestLawsOnOurs runs every law of Run against the uri package.
func TestLawsOnOurs(t *testing.T) {
	Run(t, ours)
}

// TestLawsOnOursRFCExamples runs the deterministic laws on the §5.4 examples,
// the §1.1.2 URIs and the resolution corners ("/." before a "//" path).
func TestLawsOnOursRFCExamples(t *testing.T) {
	for _, c := range rfc54Refs {
		if err := LawResolve(ours, rfc54Base, c.ref); err != nil {
			t.Error(err)
		}
	}
	corners := []string{"", "s:", "s:?#", "s:#", "//", "///", "//@h", "//h:", "?", "#", "s://[v1.x]", "s://[V1.x]",
		"s://01.2.3.4", "s://1.2.3.256", "s:/.//a", "a/./b/../../../c", "%2E%2E/a", "./a:b", "HTTP://H%41/%7e?%7e#%7e"}
	for _, s := range append(append([]string{}, rfcExamples...), corners...) {
		for _, law := range []func(Impl, string) error{LawRoundTrip, LawParseMatchesSplit, LawNormalizeIdempotent} {
			if err := law(ours, s); err != nil {
				t.Error(err)
			}
		}
		if m, _ := MatchRule("URI", s); m {
			if err := LawRelativize(ours, rfc54Base, s); err != nil {
				t.Error(err)
			}
		}
	}
	for _, c := range []struct{ base, ref string }{
		{"s:a/b", "c"}, {"s:a/b", "../c"}, {"s:/a", ".//g"}, {"s:", "g"}, {"http://a", "g"},
		{"http://a/b/c/d;p?q#f", ""}, {"s:/a/./b", "?y"}, {"s:/a/b", "../../../g"},
	} {
		if err := LawResolve(ours, c.base, c.ref); err != nil {
			t.Error(err)
		}
	}
}

// topParsers pairs each top rule of Appendix A with the uri function that
// parses it and the generator of this package that produces it.
var topParsers = []struct {
	rule  string
	parse func(string) (uri.URI, error)
	gen   *rapid.Generator[string]
}{
	{"URI-reference", uri.ParseReference, URIReference()},
	{"URI", uri.Parse, URI()},
	{"absolute-URI", uri.ParseAbsolute, AbsoluteURI()},
	{"relative-ref", uri.ParseRelative, RelativeRef()},
}

// parserFor returns the uri parse function of a top rule.
func parserFor(rule string) func(string) (uri.URI, error) {
	for _, p := range topParsers {
		if p.rule == rule {
			return p.parse
		}
	}
	return nil
}

// checkParseResult holds one uri parse function to the regexp oracle on s: it
// succeeds exactly when s matches rule; on success String is s and the
// components are Split's (Appendix B); on failure the error is a *ParseError
// for s and rule with an offset inside s, no later than the first byte that no
// rule allows anywhere (§2).
func checkParseResult(t *rapid.T, rule string, parse func(string) (uri.URI, error), s string) {
	want, _ := MatchRule(rule, s)
	u, err := parse(s)
	if want {
		if err != nil {
			t.Fatalf("parse %s %q: %v, want success", rule, s, err)
		}
		if u.String() != s {
			t.Fatalf("parse %s %q: String() = %q, want the input (§5.3)", rule, s, u.String())
		}
		if d := cmp.Diff(Split(s), oursComponents(u)); d != "" {
			t.Fatalf("parse %s %q differs from the Appendix B split (-split +parse):\n%s", rule, s, d)
		}
		return
	}
	if err == nil {
		t.Fatalf("parse %s %q = %q, want an error: not a %s", rule, s, u.String(), rule)
	}
	var pe *uri.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("parse %s %q: error %T %v is not a *uri.ParseError", rule, s, err, err)
	}
	if !errors.Is(err, uri.ErrInvalid) {
		t.Fatalf("parse %s %q: errors.Is(err, uri.ErrInvalid) is false", rule, s)
	}
	if pe.Input != s || pe.Rule != rule {
		t.Fatalf("parse %s %q: ParseError{Input: %q, Rule: %q}, want the input and rule", rule, s, pe.Input, pe.Rule)
	}
	if pe.Offset < 0 || pe.Offset > len(s) {
		t.Fatalf("parse %s %q: ParseError.Offset = %d, outside [0, %d]", rule, s, pe.Offset, len(s))
	}
	if i := firstForeign(s); i >= 0 && pe.Offset > i {
		t.Fatalf("parse %s %q: ParseError.Offset = %d, beyond the byte %q at %d that no rule allows", rule, s, pe.Offset, s[i], i)
	}
}

// uriBytes are the bytes some rule of Appendix A allows: unreserved, reserved
// and "%" (§2).
const uriBytes = unreservedChars + ":/?#[]@" + subDelimChars + "%"

// firstForeign returns the offset of the first byte of s outside uriBytes, or -1.
func firstForeign(s string) int {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(uriBytes, s[i]) < 0 {
			return i
		}
	}
	return -1
}

// TestOursParseGenerated: every generated string of each top rule parses with
// that rule's function, String() is the input, the components are the
// Appendix B split; and the three other parse functions accept it exactly
// when the regexp oracle says it is of their rule.
func TestOursParseGenerated(t *testing.T) {
	for _, g := range topParsers {
		t.Run(g.rule, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				s := g.gen.Draw(t, g.rule)
				if _, err := g.parse(s); err != nil {
					t.Fatalf("generated %s %q does not parse: %v", g.rule, s, err)
				}
				for _, p := range topParsers {
					checkParseResult(t, p.rule, p.parse, s)
				}
			})
		})
	}
}

// TestOursRejectsNearMisses: every near miss is rejected by the parse function
// of its rule with a *uri.ParseError whose offset lies within the input; the
// other top rules are held to the regexp oracle as well.
func TestOursRejectsNearMisses(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := Invalid().Draw(t, "near miss")
		parse := parserFor(n.Rule)
		if parse == nil {
			t.Fatalf("near miss for rule %q, which no uri function parses", n.Rule)
		}
		if u, err := parse(n.Input); err == nil {
			t.Fatalf("parse %s accepts near miss %q (%s) as %q", n.Rule, n.Input, n.Reason, u.String())
		}
		for _, p := range topParsers {
			checkParseResult(t, p.rule, p.parse, n.Input)
		}
	})
}

// TestOursResolveNonStrict holds ResolveWith(NonStrict) to the non-strict
// branch of the literal §5.2.2 transcription, with the "/." policy of
// sameTarget and the case-insensitive scheme comparison that
// uri.ResolveOptions documents. Half of the references get the base's scheme,
// in a case drawn at random, where the branch matters.
func TestOursResolveNonStrict(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base := AbsoluteURI().Draw(t, "base")
		ref := URIReference().Draw(t, "ref")
		if rapid.Bool().Draw(t, "same scheme?") {
			r := Split(ref)
			if r.Scheme != nil {
				sc := *Split(base).Scheme
				if rapid.Bool().Draw(t, "upper?") {
					sc = strings.ToUpper(sc)
				}
				r.Scheme = &sc
				ref = r.String()
			}
		}
		b, r, err := parsePair(base, ref)
		if err != nil {
			t.Fatal(err)
		}
		got, err := b.ResolveWith(r, uri.ResolveOptions{NonStrict: true})
		if err != nil {
			t.Fatalf("ResolveWith(%q, %q, NonStrict): %v", base, ref, err)
		}
		// Policy (uri.ResolveOptions): the scheme comparison of the non-strict
		// branch ignores case, as schemes do (§3.1), where the pseudo-code's
		// "==" would compare bytes; so a scheme equal but for case is given the
		// base's spelling before the literal algorithm runs.
		bc, rc := Split(base), Split(ref)
		if rc.Scheme != nil && strings.EqualFold(*rc.Scheme, *bc.Scheme) {
			rc.Scheme = bc.Scheme
		}
		want := ResolveRFC(bc, rc, false)
		if !sameTarget(got.String(), want) {
			t.Fatalf("ResolveWith(%q, %q, NonStrict) = %q, want %s (RFC 3986 §5.2.2, not strict)", base, ref, got.String(), describeTarget(want))
		}
	})
}

// TestOursRemoveDotSegments holds uri.RemoveDotSegments to the literal
// two-buffer loop of §5.2.4 on generated paths of every form and on short
// strings of "/", "." and letters.
func TestOursRemoveDotSegments(t *testing.T) {
	paths := rapid.OneOf(PathAbempty(), PathAbsolute(), PathNoScheme(), PathRootless(),
		concat(charsOf("/./.a"), 0, 12))
	rapid.Check(t, func(t *rapid.T) {
		p := paths.Draw(t, "path")
		if got, want := uri.RemoveDotSegments(p), RemoveDotSegmentsRFC(p); got != want {
			t.Fatalf("RemoveDotSegments(%q) = %q, want %q (RFC 3986 §5.2.4)", p, got, want)
		}
	})
}

// TestOursEqualEquivalent: a reference is Equal to its own reparse and
// Equivalent to its normal form (§6.2.1, §6.2.2); NormalizeSyntax is
// idempotent and Normalize of NormalizeSyntax is Normalize.
func TestOursEqualEquivalent(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := URIReference().Draw(t, "s")
		u := uri.MustParseReference(s)
		again := uri.MustParseReference(u.String())
		if !u.Equal(again) {
			t.Fatalf("%q is not Equal to its reparse", s)
		}
		n := u.Normalize()
		if !u.Equivalent(n) || !n.Equivalent(u) {
			t.Fatalf("%q is not Equivalent to its normal form %q", s, n.String())
		}
		ns := u.NormalizeSyntax()
		if ns2 := ns.NormalizeSyntax(); ns2.String() != ns.String() {
			t.Fatalf("NormalizeSyntax is not idempotent: %q -> %q -> %q", s, ns.String(), ns2.String())
		}
		if got := ns.Normalize().String(); got != n.String() {
			t.Fatalf("Normalize(NormalizeSyntax(%q)) = %q, want Normalize = %q", s, got, n.String())
		}
	})
}

// accessors is everything a uri.URI tells about itself.
type accessors struct {
	String, Scheme, Authority, UserInfo, Host, Port, Path, Query, Fragment string
	HasAuthority, HasUserInfo, HasPort, HasQuery, HasFragment, IsRelative  bool
	HostKind                                                               uri.HostKind
}

func accessorsOf(u uri.URI) accessors {
	return accessors{
		String: u.String(), Scheme: u.Scheme(), Authority: u.Authority(), UserInfo: u.UserInfo(),
		Host: u.Host(), Port: u.Port(), Path: u.Path(), Query: u.Query(), Fragment: u.Fragment(),
		HasAuthority: u.HasAuthority(), HasUserInfo: u.HasUserInfo(), HasPort: u.HasPort(),
		HasQuery: u.HasQuery(), HasFragment: u.HasFragment(), IsRelative: u.IsRelative(), HostKind: u.HostKind(),
	}
}

// TestBuilderFromRoundTrip: for every generated URI-reference u,
// builder.From(u).Build() is u, accessor by accessor.
func TestBuilderFromRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := URIReference().Draw(t, "s")
		u := uri.MustParseReference(s)
		got, err := builder.From(u).Build()
		if err != nil {
			t.Fatalf("builder.From(%q).Build(): %v", s, err)
		}
		if d := cmp.Diff(accessorsOf(u), accessorsOf(got)); d != "" {
			t.Fatalf("builder.From(%q).Build() differs (-parsed +built):\n%s", s, d)
		}
		if !got.Equal(u) {
			t.Fatalf("builder.From(%q).Build() is not Equal to it", s)
		}
	})
}

// plainText draws the text a user might give a plain setter: a valid
// component text from the generators (whose "%" must then be encoded), or a
// short string over an alphabet of delimiters, "%", space, non-ASCII and
// control bytes.
var plainText = rapid.OneOf(
	Query(), Segment(), RegName(), UserInfo(),
	concat(charsOf("aZ09-._~!$&'()*+,;=:/?#[]@% \x00\x7f\xc3\xa9\xff"), 0, 10),
)

// hostText draws host text for the plain Host setter: a reg-name, an IPv4
// address, an IPv6 address (bracketed or not), an IPvFuture literal, or plain
// text that may hold any byte.
var hostText = rapid.OneOf(RegName(), IPv4Address(), IPv6Address(), IPLiteral(), plainText)

// decodeOf percent-decodes a component of a built URI.
func decodeOf(t *rapid.T, what, s string) string {
	d, err := uri.PercentDecode(s)
	if err != nil {
		t.Fatalf("PercentDecode of the %s %q: %v", what, s, err)
	}
	return d
}

// TestBuilderPlainSetters: a reference built with the plain setters from any
// text either parses back (uri.ParseReference) with each component
// percent-decoding to exactly the text set (§2.1), or is refused for the
// reason an independent reading of §3.2.2, §3.3 and §4.2 gives; BuildRepaired
// then makes the RFC's repair.
func TestBuilderPlainSetters(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		set := drawPlainSet(t)
		b := set.b
		repair, dots, wantErr := set.expected()
		u, err := b.Build()
		path := set.path
		if wantErr != nil {
			if !errors.Is(err, wantErr) {
				t.Fatalf("%v: Build() error %v, want %v", b, err, wantErr)
			}
			var be *builder.BuildError
			if !errors.As(err, &be) {
				t.Fatalf("%v: Build() error %T is not a *builder.BuildError", b, err)
			}
			if repair == "" {
				return
			}
			if dots { // the path's repair leaves its dot segment refused
				if _, err = b.BuildRepaired(); !errors.Is(err, builder.ErrDotSegment) {
					t.Fatalf("%v: BuildRepaired() error %v, want %v", b, err, builder.ErrDotSegment)
				}
				return
			}
			if u, err = b.BuildRepaired(); err != nil {
				t.Fatalf("%v: BuildRepaired(): %v", b, err)
			}
			path = repair + path
		} else if err != nil {
			t.Fatalf("%v: Build(): %v, want success", b, err)
		}
		set.checkParsedBack(t, u, path, repair)
	})
}

// plainSet is what TestBuilderPlainSetters set through the plain setters,
// and the builder they made.
type plainSet struct {
	b                                              builder.Builder
	scheme, user, host, query, frag                string
	hasScheme, hasUser, hasHost, hasQuery, hasFrag bool
	port                                           int // -1: not set
	// path is the text set; shape is a string with the same "/" and ":"
	// where the encoded path has them, for the expectation.
	path, shape string
	segs        []string
	useSegments bool // the path was set by Segments
}

func (s *plainSet) hasAuth() bool { return s.hasUser || s.hasHost || s.port >= 0 }

// drawPlainSet sets each component of a builder, or leaves it unset,
// through the plain setters.
func drawPlainSet(t *rapid.T) *plainSet {
	s := &plainSet{b: builder.New(), port: -1}
	if s.scheme, s.hasScheme = optional(t, Scheme(), "scheme"); s.hasScheme {
		s.b = s.b.Scheme(s.scheme)
	}
	if s.user, s.hasUser = optional(t, plainText, "userinfo"); s.hasUser {
		s.b = s.b.UserInfo(s.user)
	}
	if s.host, s.hasHost = optional(t, hostText, "host"); s.hasHost {
		s.b = s.b.Host(s.host)
	}
	if rapid.Bool().Draw(t, "port?") {
		s.port = rapid.IntRange(0, 70000).Draw(t, "port")
		s.b = s.b.Port(s.port)
	}
	s.useSegments = rapid.IntRange(0, 3).Draw(t, "segments?") == 0
	if s.useSegments {
		s.segs = rapid.SliceOfN(plainText, 0, 4).Draw(t, "segments")
		s.b = s.b.Segments(s.segs...)
		if len(s.segs) > 0 {
			s.path = "/" + strings.Join(s.segs, "/")
			for _, seg := range s.segs {
				s.shape += "/" + strings.ReplaceAll(seg, "/", "%2F") // Segments encodes "/"
			}
		}
	} else {
		s.path = rapid.OneOf(plainText, PathAbsolute(), PathRootless(), PathAbempty(), rapid.Just("")).Draw(t, "path")
		s.b = s.b.Path(s.path)
		s.shape = s.path // Path keeps "/" and ":"
	}
	if s.query, s.hasQuery = optional(t, plainText, "query"); s.hasQuery {
		s.b = s.b.Query(s.query)
	}
	if s.frag, s.hasFrag = optional(t, plainText, "fragment"); s.hasFrag {
		s.b = s.b.Fragment(s.frag)
	}
	return s
}

// expected is the independent expectation, in the order Build checks: the
// text BuildRepaired puts before the path ("" for no repair), whether the
// path has dot segments, and the error Build gives (nil for none).
func (s *plainSet) expected() (repair string, dots bool, wantErr error) {
	dots = s.useSegments && (slices.Contains(s.segs, ".") || slices.Contains(s.segs, "..")) // §5.2.4
	host, hasHost, shape := s.host, s.hasHost, s.shape
	bracketed := strings.HasPrefix(host, "[")
	ipv6, _ := MatchRule("IPv6address", host)
	lit, _ := MatchRule("IP-literal", host)
	firstSeg := shape
	if i := strings.IndexByte(shape, '/'); i >= 0 {
		firstSeg = shape[:i]
	}
	switch {
	case hasHost && bracketed && !lit, hasHost && !bracketed && !ipv6 && strings.ContainsAny(host, `:/?#@\`):
		// A port, a path, a query, a fragment, a userinfo: another part of a URL.
		wantErr = builder.ErrInvalidHost
	case hasHost && !bracketed && !ipv6 && !utf8.ValidString(host): // §3.2.2: encoded UTF-8 only
		wantErr = builder.ErrInvalidHost
	case s.port > 65535:
		wantErr = builder.ErrPortRange
	case s.hasAuth() && shape != "" && shape[0] != '/':
		wantErr, repair = builder.ErrPathNeedsSlash, "/"
	case !s.hasAuth() && strings.HasPrefix(shape, "//"):
		wantErr, repair = builder.ErrPathDoubleSlash, "/."
	case !s.hasAuth() && !s.hasScheme && strings.Contains(firstSeg, ":"):
		wantErr, repair = builder.ErrColonInFirstSegment, "./"
	case dots:
		wantErr = builder.ErrDotSegment
	}
	return repair, dots, wantErr
}

// checkParsedBack checks that u, the built reference, parses back with
// the components set: the same scheme, the same components defined, each
// decoding to the text set, the path to path (the text set with repair
// before it).
func (s *plainSet) checkParsedBack(t *rapid.T, u uri.URI, path, repair string) {
	p, err := uri.ParseReference(u.String())
	if err != nil {
		t.Fatalf("built %q does not parse: %v", u.String(), err)
	}
	if d := cmp.Diff(accessorsOf(u), accessorsOf(p)); d != "" {
		t.Fatalf("built %q parses back differently (-built +parsed):\n%s", u.String(), d)
	}
	if p.IsRelative() == s.hasScheme || (s.hasScheme && p.Scheme() != s.scheme) {
		t.Fatalf("built %q: scheme %q (relative %v), want %q (set %v)", u.String(), p.Scheme(), p.IsRelative(), s.scheme, s.hasScheme)
	}
	if p.HasAuthority() != s.hasAuth() || p.HasUserInfo() != s.hasUser || p.HasPort() != (s.port >= 0) ||
		p.HasQuery() != s.hasQuery || p.HasFragment() != s.hasFrag {
		t.Fatalf("built %q: defined components differ from those set", u.String())
	}
	if s.hasUser && decodeOf(t, "userinfo", p.UserInfo()) != s.user {
		t.Fatalf("built %q: userinfo %q decodes to %q, want %q", u.String(), p.UserInfo(), decodeOf(t, "userinfo", p.UserInfo()), s.user)
	}
	if s.hasHost {
		want, got := s.host, decodeOf(t, "host", p.Host())
		if ipv6, _ := MatchRule("IPv6address", s.host); ipv6 {
			want = "[" + s.host + "]"
		}
		if strings.HasPrefix(s.host, "[") {
			got = p.Host()
		}
		if got != want {
			t.Fatalf("built %q: host %q decodes to %q, want %q", u.String(), p.Host(), got, want)
		}
	}
	if s.port >= 0 && p.Port() != strconv.Itoa(s.port) {
		t.Fatalf("built %q: port %q, want %d", u.String(), p.Port(), s.port)
	}
	if s.useSegments && repair == "" {
		var got []string
		for seg := range p.DecodedSegments() {
			got = append(got, seg)
		}
		segs := s.segs
		if len(segs) == 0 {
			segs = nil
		}
		if d := cmp.Diff(segs, got); d != "" {
			t.Fatalf("built %q: decoded segments differ (-set +got):\n%s", u.String(), d)
		}
	}
	if got := decodeOf(t, "path", p.Path()); got != path {
		t.Fatalf("built %q: path %q decodes to %q, want %q", u.String(), p.Path(), got, path)
	}
	if s.hasQuery && decodeOf(t, "query", p.Query()) != s.query {
		t.Fatalf("built %q: query %q does not decode to %q", u.String(), p.Query(), s.query)
	}
	if s.hasFrag && decodeOf(t, "fragment", p.Fragment()) != s.frag {
		t.Fatalf("built %q: fragment %q does not decode to %q", u.String(), p.Fragment(), s.frag)
	}
}

// pathForm classifies the path of a parsed reference by the combinator rule it
// matches in its context (§3.3, §4.2): path-abempty after an authority, else
// path-empty, path-absolute, path-rootless after a scheme, path-noscheme.
func pathForm(u uri.URI) (string, error) {
	p := u.Path()
	var form string
	var rule *combinator.Rule
	switch {
	case u.HasAuthority():
		form, rule = "abempty", combinator.PathAbempty
	case p == "":
		form, rule = "empty", combinator.PathEmpty
	case p[0] == '/':
		form, rule = "absolute", combinator.PathAbsolute
	case !u.IsRelative():
		form, rule = "rootless", combinator.PathRootless
	default:
		form, rule = "noscheme", combinator.PathNoScheme
	}
	if !rule.Match(p) {
		return "", fmt.Errorf("path %q of %q is not a %s", p, u.String(), form)
	}
	return form, nil
}

// TestShapeCounts draws 10,000 URI-references and logs how many of each host
// kind (uri.HostKind) and each path form (pathForm) they hold; every one must
// occur. Run with -v to see the counts.
func TestShapeCounts(t *testing.T) {
	hosts := map[string]int{}
	paths := map[string]int{}
	gen := URIReference()
	for i := 0; i < 10000; i++ {
		s := gen.Example(i)
		u, err := uri.ParseReference(s)
		if err != nil {
			t.Fatalf("generated %q does not parse: %v", s, err)
		}
		hosts[u.HostKind().String()]++
		form, err := pathForm(u)
		if err != nil {
			t.Fatal(err)
		}
		paths[form]++
	}
	t.Logf("host kinds in 10,000 URI-references: %v", hosts)
	t.Logf("path forms in 10,000 URI-references: %v", paths)
	for _, k := range []uri.HostKind{uri.NoHost, uri.RegName, uri.IPv4, uri.IPv6, uri.IPvFuture} {
		if hosts[k.String()] == 0 {
			t.Errorf("no host of kind %s in 10,000 draws", k)
		}
	}
	for _, k := range []string{"abempty", "absolute", "noscheme", "rootless", "empty"} {
		if paths[k] == 0 {
			t.Errorf("no path of form %s in 10,000 draws", k)
		}
	}
}
