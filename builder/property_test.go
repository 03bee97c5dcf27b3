package builder

import (
	"errors"
	"golang.org/x/net/idna"
	"net/netip"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

// The oracles below are an independent reading of RFC 3986 Appendix A, as
// regular expressions and net/netip, so that the properties do not check the
// builder against the combinator rules it uses itself.
const (
	unres  = `A-Za-z0-9\-._~`
	subDel = `!$&'()*+,;=`
	pct    = `%[0-9A-Fa-f]{2}`
)

var (
	schemeRE    = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.\-]*$`)
	userinfoRE  = regexp.MustCompile(`^(?:[` + unres + subDel + `:]|` + pct + `)*$`)
	regNameRE   = regexp.MustCompile(`^(?:[` + unres + subDel + `]|` + pct + `)*$`)
	pathRE      = regexp.MustCompile(`^(?:[` + unres + subDel + `:@/]|` + pct + `)*$`)
	queryRE     = regexp.MustCompile(`^(?:[` + unres + subDel + `:@/?]|` + pct + `)*$`)
	ipvFutureRE = regexp.MustCompile(`^[vV][0-9A-Fa-f]+\.[` + unres + subDel + `:]+$`)
	uriBytesRE  = regexp.MustCompile(`^[` + unres + subDel + `:/?#\[\]@%]*$`)
)

// isIPv6 reports whether s is an IPv6address (§3.2.2): net/netip's reading,
// without zones.
func isIPv6(s string) bool {
	if strings.ContainsRune(s, '%') {
		return false
	}
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6()
}

func isIPLiteral(s string) bool {
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return false
	}
	in := s[1 : len(s)-1]
	return isIPv6(in) || ipvFutureRE.MatchString(in)
}

// pctDecode decodes every %HH triplet of s; it fails on a "%" that does not
// start one.
func pctDecode(s string) (string, bool) {
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", false
		}
		v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return "", false
		}
		b = append(b, byte(v))
		i += 2
	}
	return string(b), true
}

// formDecode decodes as an HTML form decoder does: pctDecode, with "+" read
// as a space.
func formDecode(s string) (string, bool) {
	return pctDecode(strings.ReplaceAll(s, "+", " "))
}

// model is what the setters were told, as the user said it; check compares a
// Build result with it.
type model struct {
	schemeDef bool
	scheme    string
	auth      bool
	uiDef     bool
	ui        string
	uiRaw     bool
	host      string
	hostRaw   bool
	portDef   bool
	port      int
	pathKind  int // pathPlain, pathSegs, pathRaw
	path      string
	segs      []string
	qDef      bool
	qBase     string
	qBaseRaw  bool
	params    [][2]string
	fDef      bool
	frag      string
	fRaw      bool
}

const (
	pathPlain = iota
	pathSegs
	pathRaw
)

// op is one setter call, on a Builder and on the model.
type op struct {
	name string
	b    func(Builder) Builder
	m    func(*model)
}

func apply(b Builder, m *model, ops []op) Builder {
	for _, o := range ops {
		b = o.b(b)
		if m != nil {
			o.m(m)
		}
	}
	return b
}

// shape is the path as Build writes it, up to the encoding of bytes other
// than "/" (which only Segments encodes): enough to tell its hazards.
func (m *model) shape() string {
	switch m.pathKind {
	case pathSegs:
		var sb strings.Builder
		for _, s := range m.segs {
			sb.WriteString("/" + strings.ReplaceAll(s, "/", "%2F"))
		}
		return sb.String()
	}
	return m.path
}

type predicted struct {
	component string
	err       error
}

// expect lists, in the order Build checks them, every refusal the documented
// rules predict for m.
func (m *model) expect() []predicted {
	var out []predicted
	add := func(c string, e error) { out = append(out, predicted{c, e}) }
	if m.schemeDef && !schemeRE.MatchString(m.scheme) {
		add("scheme", ErrInvalidScheme)
	}
	if m.auth {
		if m.uiDef && m.uiRaw && !userinfoRE.MatchString(m.ui) {
			add("userinfo", ErrSyntax)
		}
		h := m.host
		var bad bool
		switch {
		case m.hostRaw && regNameRE.MatchString(h):
			d, _ := pctDecode(h)
			bad = !utf8.ValidString(d) // §3.2.2: encoded UTF-8 only
		case m.hostRaw:
			bad = !isIPLiteral(h)
		case strings.HasPrefix(h, "["):
			bad = !isIPLiteral(h)
		case strings.ContainsAny(h, `/?#@\`):
			bad = true // another part of a URL: refused with a hint
		case strings.Contains(h, ":"):
			bad = !isIPv6(h)
		case !isASCIIText(h) && utf8.ValidString(h):
			_, ok := aLabel(h)
			bad = !ok // IDNA refuses the name
		default:
			bad = !utf8.ValidString(h)
		}
		if bad {
			add("host", ErrInvalidHost)
		}
		if m.portDef && (m.port < 0 || m.port > 65535) {
			add("port", ErrPortRange)
		}
	}
	p := m.shape()
	if m.pathKind == pathRaw && !pathRE.MatchString(p) {
		add("path", ErrSyntax)
	} else {
		first, _, _ := strings.Cut(p, "/")
		switch {
		case m.auth && p != "" && p[0] != '/':
			add("path", ErrPathNeedsSlash)
		case !m.auth && strings.HasPrefix(p, "//"):
			add("path", ErrPathDoubleSlash)
		case !m.auth && !m.schemeDef && strings.Contains(first, ":"):
			add("path", ErrColonInFirstSegment)
		}
		if m.pathKind == pathSegs && (slices.Contains(m.segs, ".") || slices.Contains(m.segs, "..")) {
			add("path", ErrDotSegment)
		}
	}
	if m.qDef && m.qBaseRaw && !queryRE.MatchString(m.qBase) {
		add("query", ErrSyntax)
	}
	if m.fDef && m.fRaw && !queryRE.MatchString(m.frag) {
		add("fragment", ErrSyntax)
	}
	return out
}

// fataler is *testing.T or *rapid.T.
type fataler interface {
	Fatalf(format string, args ...any)
}

// sameText checks a component as written against what it was set to: equal
// when it was set raw, decoding to it when plain.
func sameText(t fataler, what, got, set string, raw bool) {
	if raw {
		if got != set {
			t.Fatalf("%s = %q, set raw %q", what, got, set)
		}
		return
	}
	d, ok := pctDecode(got)
	if !ok || d != set {
		t.Fatalf("%s = %q decodes to %q (%v), set %q", what, got, d, ok, set)
	}
}

// check asserts that Build(b) does what the model says: the predicted refusal,
// or a URI whose components decode to what was set.
func check(t fataler, b Builder, m *model) {
	u, err := b.Build()
	exp := m.expect()
	if len(exp) > 0 {
		var be *BuildError
		if !errors.As(err, &be) {
			t.Fatalf("Build = %q, %v; want %s refused with %v", u.String(), err, exp[0].component, exp[0].err)
		}
		if be.Component != exp[0].component || be.Err != exp[0].err {
			t.Fatalf("Build error %v; want %s refused with %v", err, exp[0].component, exp[0].err)
		}
		if len(exp) == 1 && exp[0].component == "path" && exp[0].err != ErrSyntax && exp[0].err != ErrDotSegment {
			r, err := b.BuildRepaired()
			if err != nil {
				t.Fatalf("BuildRepaired after %v: %v", exp[0].err, err)
			}
			if p, _ := uri.ParseReference(r.String()); p != r {
				t.Fatalf("BuildRepaired = %q parses back differently", r.String())
			}
		}
		return
	}
	if err != nil {
		t.Fatalf("Build: %v; no refusal predicted", err)
	}
	s := u.String()
	if p, err := uri.ParseReference(s); err != nil || p != u {
		t.Fatalf("Build = %q parses back as %#v, %v", s, p, err)
	}
	if !uriBytesRE.MatchString(s) {
		t.Fatalf("Build = %q holds a byte outside the URI alphabet", s)
	}
	if r, err := b.BuildRepaired(); err != nil || r != u {
		t.Fatalf("BuildRepaired = %q, %v; Build = %q", r.String(), err, s)
	}
	if u.IsRelative() == m.schemeDef || u.Scheme() != m.scheme && m.schemeDef {
		t.Fatalf("scheme of %q: want %q (defined %v)", s, m.scheme, m.schemeDef)
	}
	if u.HasAuthority() != m.auth || u.HasUserInfo() != (m.auth && m.uiDef) || u.HasPort() != (m.auth && m.portDef) {
		t.Fatalf("authority of %q: want defined %v, userinfo %v, port %v", s, m.auth, m.uiDef, m.portDef)
	}
	if m.auth {
		if m.uiDef {
			sameText(t, "userinfo", u.UserInfo(), m.ui, m.uiRaw)
		}
		switch h := m.host; {
		case m.hostRaw || strings.HasPrefix(h, "["):
			sameText(t, "host", u.Host(), h, true)
		case isIPv6(h):
			sameText(t, "host", u.Host(), "["+h+"]", true)
		case !isASCIIText(h) && utf8.ValidString(h):
			if a, _ := aLabel(h); u.Host() != a {
				t.Fatalf("host of %q: want the A-label %q", s, a)
			}
		default:
			sameText(t, "host", u.Host(), h, false)
		}
		if m.portDef && u.Port() != strconv.Itoa(m.port) {
			t.Fatalf("port of %q: want %d", s, m.port)
		}
	}
	switch m.pathKind {
	case pathSegs:
		p := u.Path()
		if len(m.segs) == 0 {
			if p != "" {
				t.Fatalf("path of %q: want empty", s)
			}
			break
		}
		got := strings.Split(strings.TrimPrefix(p, "/"), "/")
		if !strings.HasPrefix(p, "/") || len(got) != len(m.segs) {
			t.Fatalf("path of %q: want segments %q", s, m.segs)
		}
		for i := range got {
			sameText(t, "segment", got[i], m.segs[i], false)
		}
	default:
		sameText(t, "path", u.Path(), m.path, m.pathKind == pathRaw)
	}
	if u.HasQuery() != m.qDef || u.HasFragment() != m.fDef {
		t.Fatalf("%q: want query %v, fragment %v", s, m.qDef, m.fDef)
	}
	if m.qDef {
		q := u.Query()
		fields := strings.Split(q, "&")
		n := len(m.params)
		if n > 0 {
			if len(fields) < n {
				t.Fatalf("query %q: want %d params", q, n)
			}
			for i, f := range fields[len(fields)-n:] {
				k, v, _ := strings.Cut(f, "=")
				dk, okk := formDecode(k)
				dv, okv := formDecode(v)
				if !okk || !okv || dk != m.params[i][0] || dv != m.params[i][1] {
					t.Fatalf("param %q of %q form-decodes to %q=%q; set %q=%q", f, q, dk, dv, m.params[i][0], m.params[i][1])
				}
			}
			if m.qBase == "" {
				// net/url's form decoder reads the same parameters back.
				vals, err := url.ParseQuery(q)
				want := url.Values{}
				for _, kv := range m.params {
					want[kv[0]] = append(want[kv[0]], kv[1])
				}
				if err != nil || !reflect.DeepEqual(vals, want) {
					t.Fatalf("url.ParseQuery(%q) = %v, %v; want %v", q, vals, err, want)
				}
			}
			base := strings.Join(fields[:len(fields)-n], "&")
			sameText(t, "query", base, m.qBase, m.qBaseRaw)
		} else {
			sameText(t, "query", q, m.qBase, m.qBaseRaw)
		}
	}
	if m.fDef {
		sameText(t, "fragment", u.Fragment(), m.frag, m.fRaw)
	}
}

// Generators.

var pieces = []string{
	"a", "Z", "0", "9", "-", ".", "_", "~", " ", "%", "%41", "%zz", "#", "?", "/", "//",
	"@", ":", "[", "]", "&", "=", "+", ";", "!", "$", "'", "(", ")", "*", ",",
	"é", "\xff", "\x00", "v1.x", "::1", "%2F",
}

var textGen = rapid.OneOf(
	rapid.Custom(func(t *rapid.T) string {
		return strings.Join(rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 6).Draw(t, "pieces"), "")
	}),
	rapid.String(),
)

var schemeGen = rapid.OneOf(
	rapid.SampledFrom([]string{"http", "s", "a+b-c.d", "HTTP", "", "1a", "a b", "a:b", "é"}),
	textGen,
)

var hostGen = rapid.OneOf(
	textGen,
	rapid.SampledFrom([]string{
		"example.com", "192.0.2.1", "1.2.3.256", "01.2.3.4", "::1", "2001:db8::1",
		"::ffff:192.0.2.1", "1:2:3:4:5:6:7:8", "1::2::3", "[::1]", "[v1.x]", "[V7.a:b]",
		"[1.2.3.4]", "[::1", "fe80::1%eth0", "[fe80::1%25eth0]", "example.com:80", "::",
		"1:2:3:4:5:6:1.2.3.4", "[vg.x]", "1:2:3:4:5:6:7:8:9", "::01.2.3.4", "[]", "",
	}),
)

var portGen = rapid.OneOf(rapid.IntRange(0, 65535), rapid.IntRange(-3, 3),
	rapid.IntRange(65530, 65540), rapid.Int())

func copyParams(p [][2]string, k, v string) [][2]string {
	return append(p[:len(p):len(p)], [2]string{k, v})
}

// opGen draws any setter call with any argument.
var opGen = rapid.Custom(func(t *rapid.T) op {
	switch rapid.IntRange(0, 19).Draw(t, "op") {
	case 0:
		s := schemeGen.Draw(t, "scheme")
		return op{"Scheme(" + strconv.Quote(s) + ")", func(b Builder) Builder { return b.Scheme(s) },
			func(m *model) { m.schemeDef, m.scheme = true, s }}
	case 1:
		return op{"WithoutScheme()", Builder.WithoutScheme, func(m *model) { m.schemeDef, m.scheme = false, "" }}
	case 2, 3:
		s, raw := textGen.Draw(t, "userinfo"), rapid.Bool().Draw(t, "raw")
		return op{"UserInfo(" + strconv.Quote(s) + ", raw " + strconv.FormatBool(raw) + ")", func(b Builder) Builder {
			if raw {
				return b.RawUserInfo(s)
			}
			return b.UserInfo(s)
		}, func(m *model) { m.auth, m.uiDef, m.ui, m.uiRaw = true, true, s, raw }}
	case 4:
		return op{"WithoutUserInfo()", Builder.WithoutUserInfo, func(m *model) { m.uiDef, m.ui = false, "" }}
	case 5, 6:
		s, raw := hostGen.Draw(t, "host"), rapid.Bool().Draw(t, "raw")
		return op{"Host(" + strconv.Quote(s) + ", raw " + strconv.FormatBool(raw) + ")", func(b Builder) Builder {
			if raw {
				return b.RawHost(s)
			}
			return b.Host(s)
		}, func(m *model) { m.auth, m.host, m.hostRaw = true, s, raw }}
	case 7:
		p := portGen.Draw(t, "port")
		return op{"Port(" + strconv.Itoa(p) + ")", func(b Builder) Builder { return b.Port(p) },
			func(m *model) { m.auth, m.portDef, m.port = true, true, p }}
	case 8:
		return op{"WithoutPort()", Builder.WithoutPort, func(m *model) { m.portDef, m.port = false, 0 }}
	case 9:
		return op{"WithoutAuthority()", Builder.WithoutAuthority, func(m *model) {
			m.auth, m.uiDef, m.ui, m.uiRaw, m.host, m.hostRaw, m.portDef, m.port = false, false, "", false, "", false, false, 0
		}}
	case 10, 11:
		s, raw := textGen.Draw(t, "path"), rapid.Bool().Draw(t, "raw")
		return op{"Path(" + strconv.Quote(s) + ", raw " + strconv.FormatBool(raw) + ")", func(b Builder) Builder {
			if raw {
				return b.RawPath(s)
			}
			return b.Path(s)
		}, func(m *model) {
			m.pathKind, m.path, m.segs = pathPlain, s, nil
			if raw {
				m.pathKind = pathRaw
			}
		}}
	case 12:
		segs := rapid.SliceOfN(textGen, 0, 4).Draw(t, "segments")
		return op{"Segments(" + strings.Join(segs, "|") + ")", func(b Builder) Builder {
			arg := append([]string(nil), segs...)
			b = b.Segments(arg...)
			for i := range arg { // the caller's slice may change after the call
				arg[i] = "changed/after"
			}
			return b
		}, func(m *model) { m.pathKind, m.path, m.segs = pathSegs, "", segs }}
	case 13, 14:
		s, raw := textGen.Draw(t, "query"), rapid.Bool().Draw(t, "raw")
		return op{"Query(" + strconv.Quote(s) + ", raw " + strconv.FormatBool(raw) + ")", func(b Builder) Builder {
			if raw {
				return b.RawQuery(s)
			}
			return b.Query(s)
		}, func(m *model) { m.qDef, m.qBase, m.qBaseRaw, m.params = true, s, raw, nil }}
	case 15, 16:
		k, v := textGen.Draw(t, "key"), textGen.Draw(t, "value")
		return op{"QueryParam(" + strconv.Quote(k) + ", " + strconv.Quote(v) + ")", func(b Builder) Builder { return b.QueryParam(k, v) },
			func(m *model) { m.qDef, m.params = true, copyParams(m.params, k, v) }}
	case 17:
		return op{"WithoutQuery()", Builder.WithoutQuery, func(m *model) { m.qDef, m.qBase, m.qBaseRaw, m.params = false, "", false, nil }}
	case 18:
		s, raw := textGen.Draw(t, "fragment"), rapid.Bool().Draw(t, "raw")
		return op{"Fragment(" + strconv.Quote(s) + ", raw " + strconv.FormatBool(raw) + ")", func(b Builder) Builder {
			if raw {
				return b.RawFragment(s)
			}
			return b.Fragment(s)
		}, func(m *model) { m.fDef, m.frag, m.fRaw = true, s, raw }}
	default:
		return op{"WithoutFragment()", Builder.WithoutFragment, func(m *model) { m.fDef, m.frag, m.fRaw = false, "", false }}
	}
})

func names(ops []op) string {
	s := make([]string, len(ops))
	for i, o := range ops {
		s[i] = o.name
	}
	return strings.Join(s, ".")
}

// TestPropertyRefusalsAreDocumented draws random sequences of every setter,
// raw ones and Without… ones included, with any text: Build either refuses
// with the first of the documented hazards that the model predicts, or
// succeeds with a URI that parses back the same and whose components decode
// to what was set.
func TestPropertyRefusalsAreDocumented(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		ops := rapid.SliceOfN(opGen, 0, 10).Draw(t, "ops")
		var m model
		b := apply(New(), &m, ops)
		t.Log(names(ops))
		check(t, b, &m)
	})
}

// TestPropertyBuiltURIsDecode draws the usual shape of a URI from plain
// setters with any text, arranged so that no hazard arises: Build must
// succeed and every component must decode to exactly what was set.
func TestPropertyBuiltURIsDecode(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var m model
		b := New()
		if rapid.Bool().Draw(t, "scheme?") {
			s := rapid.StringMatching(`[a-zA-Z][a-zA-Z0-9+.-]{0,6}`).Draw(t, "scheme")
			b, m.schemeDef, m.scheme = b.Scheme(s), true, s
		}
		if rapid.Bool().Draw(t, "authority?") {
			m.auth = true
			if rapid.Bool().Draw(t, "userinfo?") {
				s := textGen.Draw(t, "userinfo")
				b, m.uiDef, m.ui = b.UserInfo(s), true, s
			}
			h := strings.Map(func(r rune) rune {
				if strings.ContainsRune(`:/?#@\`, r) {
					return -1 // what Host refuses as another part of a URL
				}
				return r
			}, textGen.Draw(t, "host"))
			h = strings.ToValidUTF8(h, "")
			if _, ok := aLabel(h); !isASCIIText(h) && !ok {
				// A Unicode name IDNA refuses: keep its ASCII.
				h = strings.Map(func(r rune) rune {
					if r >= 0x80 {
						return -1
					}
					return r
				}, h)
			}
			h = strings.TrimLeft(h, "[")
			b, m.host = b.Host(h), h
			if rapid.Bool().Draw(t, "port?") {
				p := rapid.IntRange(0, 65535).Draw(t, "port")
				b, m.portDef, m.port = b.Port(p), true, p
			}
		}
		segs := rapid.SliceOfN(textGen, 0, 4).Draw(t, "segments")
		if len(segs) > 1 && !m.auth && segs[0] == "" {
			segs[0] = "x"
		}
		for i, s := range segs {
			if s == "." || s == ".." {
				segs[i] = s + "x"
			}
		}
		b, m.pathKind, m.segs = b.Segments(segs...), pathSegs, segs
		if rapid.Bool().Draw(t, "query?") {
			m.qDef = true
			s := ""
			if rapid.Bool().Draw(t, "query text?") {
				s = textGen.Draw(t, "query")
			}
			b, m.qBase = b.Query(s), s
			for _, kv := range rapid.SliceOfN(rapid.SliceOfN(textGen, 2, 2), 0, 3).Draw(t, "params") {
				b, m.params = b.QueryParam(kv[0], kv[1]), copyParams(m.params, kv[0], kv[1])
			}
		}
		if rapid.Bool().Draw(t, "fragment?") {
			s := textGen.Draw(t, "fragment")
			b, m.fDef, m.frag = b.Fragment(s), true, s
		}
		if exp := m.expect(); len(exp) > 0 {
			t.Fatalf("generator made a hazard: %v", exp)
		}
		check(t, b, &m)
	})
}

// TestPropertyBranchesAreIndependent: two branches of one Builder are the
// Builders that the same calls make from New() in one line, and the common
// stem builds as before.
func TestPropertyBranchesAreIndependent(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base := rapid.SliceOfN(opGen, 0, 6).Draw(t, "base")
		ops1 := rapid.SliceOfN(opGen, 0, 4).Draw(t, "branch 1")
		ops2 := rapid.SliceOfN(opGen, 0, 4).Draw(t, "branch 2")
		b := apply(New(), nil, base)
		before := b.String()
		b1 := apply(b, nil, ops1)
		b2 := apply(b, nil, ops2)
		line1 := apply(New(), nil, append(base[:len(base):len(base)], ops1...))
		line2 := apply(New(), nil, append(base[:len(base):len(base)], ops2...))
		if b1 != line1 || b1.String() != line1.String() {
			t.Fatalf("branch 1 %s, in one line %s", b1, line1)
		}
		if b2 != line2 || b2.String() != line2.String() {
			t.Fatalf("branch 2 %s, in one line %s", b2, line2)
		}
		if after := b.String(); after != before {
			t.Fatalf("stem was %s, after branching %s", before, after)
		}
	})
}

// uriGen draws URI reference text from simple pieces, mostly valid.
var uriGen = rapid.Custom(func(t *rapid.T) string {
	var sb strings.Builder
	part := func(name string, p []string, max int) {
		for _, s := range rapid.SliceOfN(rapid.SampledFrom(p), 0, max).Draw(t, name) {
			sb.WriteString(s)
		}
	}
	if rapid.Bool().Draw(t, "scheme?") {
		sb.WriteString(rapid.SampledFrom([]string{"http", "s", "a+b-c.d", "HTTP", "urn", "1a"}).Draw(t, "scheme"))
		sb.WriteByte(':')
	}
	if rapid.Bool().Draw(t, "authority?") {
		sb.WriteString("//")
		if rapid.Bool().Draw(t, "userinfo?") {
			part("userinfo", []string{"u", ":", "%20", "!", "=", "~"}, 3)
			sb.WriteByte('@')
		}
		sb.WriteString(rapid.SampledFrom([]string{"", "h", "example.com", "192.0.2.1", "[::1]",
			"[v7.x]", "1.2.3.256", "a%2Fb", "H.", "[2001:db8::1]"}).Draw(t, "host"))
		if rapid.Bool().Draw(t, "port?") {
			sb.WriteByte(':')
			part("port", []string{"0", "8", "80", "65536", "99999999999"}, 2)
		}
	}
	part("path", []string{"a", "/", "//", ":", "@", "%41", ".", "..", "!", "é"}, 5)
	if rapid.Bool().Draw(t, "query?") {
		sb.WriteByte('?')
		part("query", []string{"a", "=", "&", "?", "/", "%2B", "+", ":"}, 5)
	}
	if rapid.Bool().Draw(t, "fragment?") {
		sb.WriteByte('#')
		part("fragment", []string{"f", "?", "/", "%23", "@"}, 3)
	}
	return sb.String()
})

// TestPropertyFromIsIdentity: for every URI u, From(u).Build() is u.
func TestPropertyFromIsIdentity(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := uriGen.Draw(t, "uri")
		u, err := uri.ParseReference(s)
		if err != nil {
			return // not a URI reference: nothing to rebuild
		}
		got, err := From(u).Build()
		if err != nil || got != u || got.String() != s {
			t.Fatalf("From(%q).Build = %q, %v", s, got.String(), err)
		}
		if got, err := From(u).BuildRepaired(); err != nil || got != u {
			t.Fatalf("From(%q).BuildRepaired = %q, %v", s, got.String(), err)
		}
	})
}

// isASCIIText reports whether s holds only ASCII.
func isASCIIText(s string) bool {
	for _, r := range []byte(s) {
		if r >= 0x80 {
			return false
		}
	}
	return true
}

// aLabel is the IDNA A-label form of the Unicode name h, by x/net/idna's
// own lookup profile (transitional processing off) with its check of the
// DNS lengths (UTS #46 VerifyDnsLength: no empty label, none over 63
// bytes, a name of at most 253), which the builder applies to the names it
// writes as A-labels, and whether IDNA accepts it and it is not empty.
func aLabel(h string) (string, bool) {
	a, err := lookupDNS.ToASCII(h)
	return a, err == nil && a != ""
}

var lookupDNS = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false), idna.VerifyDNSLength(true))
