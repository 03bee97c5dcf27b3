package uri

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestNormalizeRFCExamples checks the examples of RFC 3986 §6.2 (and the
// "%7E" of §2.3); expected values are the RFC's.
func TestNormalizeRFCExamples(t *testing.T) {
	// §6.2.2: these two are equivalent under syntax-based normalization.
	a := MustParse("example://a/b/c/%7Bfoo%7D")
	b := MustParse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
	if got := b.NormalizeSyntax().String(); got != a.String() {
		t.Errorf("NormalizeSyntax(%q) = %q, want %q", b, got, a)
	}
	if !a.Equivalent(b) || a.Equal(b) {
		t.Errorf("%q and %q: Equivalent %v, Equal %v", a, b, a.Equivalent(b), a.Equal(b))
	}

	tests := []struct{ in, want string }{
		// §6.2.2.1: scheme and host are case-insensitive.
		{"HTTP://www.EXAMPLE.com/", "http://www.example.com/"},
		// §6.2.2.1: %3a and %3A are the same; upper case is normal.
		{"s:/a%3ab", "s:/a%3Ab"},
		// §2.3, §6.2.2.2: %7E is "~", decoded.
		{"http://example.com/%7Esmith", "http://example.com/~smith"},
		{"http://example.com/%7esmith", "http://example.com/~smith"},
		// §6.2.2.3: dot segments go.
		{"s://a/b/./c/../d", "s://a/b/d"},
	}
	for _, tt := range tests {
		if got := MustParse(tt.in).NormalizeSyntax().String(); got != tt.want {
			t.Errorf("NormalizeSyntax(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}

	// §6.2.3: equivalent under scheme-based normalization for http; the
	// second is the normal form.
	forms := []string{"http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"}
	var got []string
	for _, f := range forms {
		got = append(got, MustParse(f).Normalize().String())
	}
	want := []string{"http://example.com/", "http://example.com/", "http://example.com/", "http://example.com/"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("§6.2.3 forms (-want +got):\n%s", d)
	}
	for _, f := range forms {
		u := MustParse(f)
		if !u.Equivalent(MustParse(forms[1])) {
			t.Errorf("%q not Equivalent to %q", f, forms[1])
		}
		// §6.2.3: "http://example.com/?" is not equivalent to any of them,
		// nor is a URI that differs by an empty fragment.
		if u.Equivalent(MustParse("http://example.com/?")) || u.Equivalent(MustParse("http://example.com/#")) {
			t.Errorf("%q Equivalent to the empty query or fragment form", f)
		}
	}
}

// TestNormalizePolicies checks the named policies of NormalizeSyntax and
// Normalize, each worked by hand.
func TestNormalizePolicies(t *testing.T) {
	tests := []struct {
		name, in, syntax, full string
	}{
		{"hex digits upper in every component", "s://%c3%a9@h%c3%a9/%c3?%c3#%c3", "s://%C3%A9@h%C3%A9/%C3?%C3#%C3", ""},
		{"unreserved decoded everywhere", "s://%75%7E@%41%2d/%61%2E%5F?%7e#%30", "s://u~@a-/a._?~#0", ""},
		{"reserved stays encoded", "s:/%2F%3a%40%25?%26#%23", "s:/%2F%3A%40%25?%26#%23", ""},
		{"host normLower, triplets upper", "s://WWW.%c3%A9xAmple.COM", "s://www.%C3%A9xample.com", ""},
		{"userinfo, path, query, fragment keep case", "S://User@Host/Path?Query#Frag", "s://User@host/Path?Query#Frag", ""},
		{"IPv6 normLower", "s://[2001:DB8::A]/", "s://[2001:db8::a]/", ""},
		{"IPvFuture normLower", "s://[V7.AB:C]/", "s://[v7.ab:c]/", ""},
		{"IPv4 unchanged", "s://1.2.3.4/", "s://1.2.3.4/", ""},
		{"reg-name that decodes to IPv4 is decoded", "s://%31.2.3.%34/", "s://1.2.3.4/", ""},
		{"reg-name that decodes to IPv4, §6.2.2.2", "//127.0.0.%31", "//127.0.0.1", ""},
		{"reg-name that would decode to IPv4, hex upper", "s://1.2.3.%3a", "s://1.2.3.%3A", ""},
		{"decoded dot segment is removed", "s://h/a/%2E%2E/b", "s://h/b", ""},
		{"decoded dot in a segment stays", "s://h/a%2Eb/%2E%2Ex", "s://h/a.b/..x", ""},
		{"rootless path of a URI", "s:a/./b/../c", "s:a/c", ""},
		{"rootless path of a URI, surplus dot-dot", "s:a/../../c", "s:/c", ""},
		{"double-slash path", "s:/.//a", "s:/.//a", ""},
		{"double-slash path made by dot-dot", "s:/a/..//b", "s:/.//b", ""},
		{"double-slash path with authority", "s://h/a/..//b", "s://h//b", ""},
		{"absolute-path reference", "/a/./b/../../../c", "/c", ""},
		{"absolute-path reference, double slash", "/a/..//c", "/.//c", ""},
		{"network-path reference", "//H/a/../b", "//h/b", ""},
		{"relative-path: leading dot-dots kept", "../a/./b/../c", "../a/c", ""},
		{"relative-path: climbing", "a/./b/../../../c", "../c", ""},
		{"relative-path: dot", ".", "./", ""},
		{"relative-path: dot-slash", "./", "./", ""},
		{"relative-path: dot-dot", "..", "../", ""},
		{"relative-path: dot-dot-slash", "../", "../", ""},
		{"relative-path: to nothing", "a/..", "./", ""},
		{"relative-path: to nothing with query", "a/..?q", "./?q", ""},
		{"relative-path: trailing dot", "a/b/.", "a/b/", ""},
		{"relative-path: colon", "./a:b/c", "./a:b/c", ""},
		{"relative-path: colon after dot-dot", "x/../a:b", "./a:b", ""},
		{"relative-path: empty first segment", "x/..//b", ".//b", ""},
		{"relative-path: encoded dots stay names", "%2E%2E/a/%2e/b", "%2E%2E/a/%2E/b", ""},
		{"relative-path: encoded dot, then dot-dot", "%2e/..", "./", ""},
		{"relative-path: half-encoded dot-dot", ".%2e/x/..", ".%2E/", ""},
		{"relative-path: a dot inside a name is decoded", "a%2Eb/%2E%2Ex", "a.b/..x", ""},
		{"absolute-path: encoded dots decoded and removed", "/a/%2e%2E/b", "/b", ""},
		{"relative-path: no dots untouched", "a//b;c", "a//b;c", ""},
		{"empty reference", "", "", ""},
		{"fragment only", "#%7E", "#~", ""},
		{"port kept by syntax", "http://h:80", "http://h:80", "http://h/"},
		{"empty port dropped for http", "http://h:/", "http://h:/", "http://h/"},
		{"default port with zeros", "HTTP://h:0080/a", "http://h:0080/a", "http://h/a"},
		{"other port kept", "http://h:8080", "http://h:8080", "http://h:8080/"},
		{"https default", "https://h:443", "https://h:443", "https://h/"},
		{"https with http port", "https://h:80/", "https://h:80/", "https://h:80/"},
		{"ws and wss", "ws://h:80?q", "ws://h:80?q", "ws://h/?q"},
		{"wss", "WSS://h:443#f", "wss://h:443#f", "wss://h/#f"},
		{"ftp", "ftp://u@h:21", "ftp://u@h:21", "ftp://u@h/"},
		{"unknown scheme keeps empty path and port", "foo://h:", "foo://h:", "foo://h:"},
		{"http without authority", "http:a", "http:a", "http:a"},
		{"empty query kept", "http://h?", "http://h?", "http://h/?"},
		{"empty userinfo kept", "http://@h:80", "http://@h:80", "http://@h/"},
		{"relative network-path has no scheme rule", "//h:80", "//h:80", "//h:80"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := MustParseReference(tt.in)
			s := u.NormalizeSyntax()
			rsCheckReparse(t, s)
			if s.String() != tt.syntax {
				t.Errorf("NormalizeSyntax(%q) = %q, want %q", tt.in, s, tt.syntax)
			}
			want := tt.full
			if want == "" {
				want = tt.syntax
			}
			n := u.Normalize()
			rsCheckReparse(t, n)
			if n.String() != want {
				t.Errorf("Normalize(%q) = %q, want %q", tt.in, n, want)
			}
		})
	}
}

func TestEqual(t *testing.T) {
	for _, tt := range []struct {
		a, b         string
		equal, equiv bool
	}{
		{"http://a/b", "http://a/b", true, true},
		{"http://a/b", "HTTP://a/b", false, true},
		{"http://a/%7e", "http://a/~", false, true},
		{"http://a", "http://a/", false, true},
		{"s://a", "s://a/", false, false},
		{"http://a/b", "http://a/b#", false, false},
		{"a/../b", "./b", false, true},
		{"../b", "b", false, false},
		{"", "", true, true},
	} {
		a, b := MustParseReference(tt.a), MustParseReference(tt.b)
		if a.Equal(b) != tt.equal || b.Equal(a) != tt.equal {
			t.Errorf("%q Equal %q: %v, want %v", tt.a, tt.b, a.Equal(b), tt.equal)
		}
		if a.Equivalent(b) != tt.equiv || b.Equivalent(a) != tt.equiv {
			t.Errorf("%q Equivalent %q: %v, want %v", tt.a, tt.b, a.Equivalent(b), tt.equiv)
		}
	}
}

// rsKind is what normalization must keep of a reference: which of the
// shapes of §4.2 and §4.3 it is, and its host kind.
func rsKind(u URI) string {
	var k []string
	switch {
	case u.IsAbsolute():
		k = append(k, "absolute-URI")
	case !u.IsRelative():
		k = append(k, "URI")
	case u.HasAuthority():
		k = append(k, "network-path")
	case strings.HasPrefix(u.Path(), "/"):
		k = append(k, "absolute-path")
	case u.Path() != "":
		k = append(k, "relative-path")
	default:
		k = append(k, "empty-path")
	}
	k = append(k, u.HostKind().String())
	if u.HasAuthority() {
		k = append(k, "authority")
	}
	if u.HasUserInfo() {
		k = append(k, "userinfo")
	}
	if u.HasQuery() {
		k = append(k, "query")
	}
	if u.HasFragment() {
		k = append(k, "fragment")
	}
	return strings.Join(k, " ")
}

// TestNormalizeLaws: NormalizeSyntax and Normalize build what parses back,
// keep the kind of reference (a reg-name may decode to an IPv4 address), and
// are idempotent; Normalize is a normalization of NormalizeSyntax's result.
func TestNormalizeLaws(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u := rsGenRef(rsSegPool).Draw(t, "u")
		for _, f := range []struct {
			name string
			fn   func(URI) URI
		}{{"NormalizeSyntax", URI.NormalizeSyntax}, {"Normalize", URI.Normalize}} {
			n := f.fn(u)
			rsCheckReparse(t, n)
			if k := rsKind(n); k != rsKind(u) && k != strings.Replace(rsKind(u), "reg-name", "IPv4", 1) {
				t.Fatalf("%s(%q) = %q: kind %q, was %q", f.name, u, n, rsKind(n), rsKind(u))
			}
			if n2 := f.fn(n); n2 != n {
				t.Fatalf("%s not idempotent: %q -> %q -> %q", f.name, u, n, n2)
			}
		}
		if u.NormalizeSyntax().Normalize() != u.Normalize() {
			t.Fatalf("Normalize(NormalizeSyntax(%q)) != Normalize", u)
		}
		if !u.Equivalent(u.Normalize()) || !u.Normalize().Equivalent(u) {
			t.Fatalf("%q not Equivalent to its normal form", u)
		}
	})
}

// rsHierarchical reports whether b's path is a hierarchy for remove_dot_segments:
// b has an authority or an absolute path. The merge of §5.2.3 with a
// rootless base path lets ".." remove the base's first segment and leave a
// "/" in its place (§5.2.4, rule C), so no rewriting of a relative path can
// agree with resolution against every rootless base: for base "s:b",
// "x/../c" resolves to "s:/c" but "c" to "s:c".
func rsHierarchical(b URI) bool {
	return b.HasAuthority() || strings.HasPrefix(b.Path(), "/")
}

// TestNormalizeRelativePathKeepsTarget: for a relative-path reference
// without percent-encodings, NormalizeSyntax changes only its dot segments,
// and the result resolves, against every hierarchical base, to exactly the
// target the reference resolves to. This is the policy "relative-path
// references" of NormalizeSyntax.
func TestNormalizeRelativePathKeepsTarget(t *testing.T) {
	var plain []string
	for _, s := range rsSegPool {
		if !strings.Contains(s, "%") {
			plain = append(plain, s)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		base := rsGenURI(plain).Draw(t, "base")
		if !rsHierarchical(base) {
			return
		}
		r := MustParseReference(rsGenPath(t, 'n', plain) + rsGenQF(t, "", "y", "a/./b"))
		n := r.NormalizeSyntax()
		got, err1 := base.Resolve(n)
		want, err2 := base.Resolve(r)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if got != want {
			t.Fatalf("base %q: %q -> %q, %q -> %q", base, r, want, n, got)
		}
	})
}

// TestNormalizeRelativePathEncodedDots: for every relative-path reference,
// percent-encoded dots included ("%2E", "%2e%2E", ".%2E"), and every
// hierarchical base, the normal form of the reference resolves to what the
// reference resolves to, up to NormalizeSyntax of the results (the other
// triplets of the reference are decoded or upper-cased):
//
//	NormalizeSyntax(b.Resolve(NormalizeSyntax(r))) == NormalizeSyntax(b.Resolve(r))
//
// Resolution compares segments as written (§5.2.4: "%2E" is a name), and so
// does NormalizeSyntax in a relative-path reference; decoding "%2e" there
// would take base "http://h/a/" with "%2e/.." to "http://h/" instead of
// "http://h/a/".
func TestNormalizeRelativePathEncodedDots(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base := rsGenURI(rsSegPool).Draw(t, "base")
		if !rsHierarchical(base) {
			return
		}
		r := MustParseReference(rsGenPath(t, 'n', rsSegPool) + rsGenQF(t))
		n := r.NormalizeSyntax()
		got, err1 := base.Resolve(n)
		want, err2 := base.Resolve(r)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if got.NormalizeSyntax() != want.NormalizeSyntax() {
			t.Fatalf("base %q: %q -> %q (%q), but its normal form %q -> %q (%q)",
				base, r, want, want.NormalizeSyntax(), n, got, got.NormalizeSyntax())
		}
	})
	// The case of the issue, by hand: §5.2.3 merges "/a/" and "%2e/.." into
	// "/a/%2e/..", and §5.2.4 removes ".." with the segment "%2e" before it.
	base := MustParse("http://h/a/")
	r := MustParseReference("%2e/..")
	n := r.NormalizeSyntax()
	got, _ := base.Resolve(n)
	want, _ := base.Resolve(r)
	if n.String() != "./" || got.String() != "http://h/a/" || want.String() != "http://h/a/" {
		t.Errorf("%q: normal form %q; resolved %q and %q, want \"./\", \"http://h/a/\" twice", r, n, want, got)
	}
}

// TestNormalizeDecodesIPv4: a reg-name whose unreserved triplets decode to
// an IPv4address is decoded (§6.2.2.2) and is then that IPv4 address
// (§3.2.2).
func TestNormalizeDecodesIPv4(t *testing.T) {
	for _, s := range []string{"//127.0.0.%31", "http://%31%32%37.0.0.1/", "s://u@1.2.3.%34:80"} {
		u := MustParseReference(s)
		n := u.NormalizeSyntax()
		if u.HostKind() != RegName || n.HostKind() != IPv4 || strings.Contains(n.Host(), "%") {
			t.Errorf("%q (%v) -> %q (%v), want an IPv4 host without triplets", u, u.HostKind(), n, n.HostKind())
		}
		if p := MustParseReference(n.String()); p != n {
			t.Errorf("%q: normal form %+v parses as %+v", u, n, p)
		}
	}
}

// TestResolveNormalizeCommute: on a normalized hierarchical base b,
//
//	Normalize(b.Resolve(r)) == Normalize(b.Resolve(Normalize(r)))
//
// for every reference r whose segments do not decode to dot segments. Why it
// holds: decoding unreserved triplets acts segment by segment and creates no
// "/", so it commutes with remove_dot_segments unless it makes a dot segment;
// the other normalizations (case, ports, empty path) act on components that
// Resolve copies whole; and the relative-path policy keeps the target (see
// TestNormalizeRelativePathKeepsTarget, and TestNormalizeRelativePathEncodedDots
// for encoded dots, which a relative-path reference keeps). The exception is
// the RFC's own, in a path that starts with "/": Resolve compares segments
// literally ("%2E%2E" is no ".."), Normalize decodes first (§6.2.2.2, then
// §6.2.2.3), so "/x/%2E%2E/../b" resolves against "http://h/" to
// "http://h/x/b" while its normal form "/b" gives "http://h/b".
func TestResolveNormalizeCommute(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := rsGenURI(rsSegPoolNoEncDots).Draw(t, "base").Normalize()
		if !rsHierarchical(b) {
			return
		}
		r := rsGenRef(rsSegPoolNoEncDots).Draw(t, "ref")
		x, err1 := b.Resolve(r)
		y, err2 := b.Resolve(r.Normalize())
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if x.Normalize() != y.Normalize() {
			t.Fatalf("base %q, ref %q: Normalize(Resolve) = %q, Normalize(Resolve(Normalize)) = %q (via %q)",
				b, r, x.Normalize(), y.Normalize(), r.Normalize())
		}
	})
	// The exception, as the comment above says.
	b := MustParse("http://h/")
	r := MustParseReference("/x/%2E%2E/../b")
	x, _ := b.Resolve(r)
	y, _ := b.Resolve(r.Normalize())
	if x.Normalize().String() != "http://h/x/b" || y.Normalize().String() != "http://h/b" {
		t.Errorf("encoded dots: %q, %q", x.Normalize(), y.Normalize())
	}
}

// TestNormalizeCaseBoundaries: §6.2.2.1 lower-cases the scheme and the host,
// "Z" and "A" included, and upper-cases the hex digits of a triplet, "f" and
// "a" included.
func TestNormalizeCaseBoundaries(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Z://ZA.AZ/", "z://za.az/"},
		{"A:Z", "a:Z"}, // the path keeps its case
		{"s:%af%fa%Ff", "s:%AF%FA%FF"},
		{"s://h/%af?%fa#%aF", "s://h/%AF?%FA#%AF"},
		{"s://%af%fA@h", "s://%AF%FA@h"},
		{"//[::AF]", "//[::af]"},
		{"//ZZ%41", "//zza"},
	} {
		if got := MustParseReference(tt.in).NormalizeSyntax().String(); got != tt.want {
			t.Errorf("NormalizeSyntax(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestNormalizeOneLowerHexDigit: a triplet whose only lower-case hex digit is
// its first, "a" or "f", is upper-cased (§6.2.2.1) like any other; the octets
// it encodes (0xA0, 0xF0, 0xAF) are not unreserved (§2.3), so it stays a
// triplet (§6.2.2.2).
func TestNormalizeOneLowerHexDigit(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"s:%a0", "s:%A0"},
		{"s:%f0", "s:%F0"},
		{"s://h/x?%aF", "s://h/x?%AF"},
		{"%fA", "%FA"},
	} {
		if got := MustParseReference(tt.in).NormalizeSyntax().String(); got != tt.want {
			t.Errorf("NormalizeSyntax(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestNormalizeWritesOnTheStack: the normal form of a URI of up to 252 bytes
// is written in normalizeWrite's 256-byte stack buffer, so that
// NormalizeSyntax allocates only its result; here a 99-byte URI whose scheme
// and host are lower-cased (§6.2.2.1).
func TestNormalizeWritesOnTheStack(t *testing.T) {
	in := "HTTP://H/" + strings.Repeat("a", 90)
	u := MustParseReference(in)
	if got, want := u.NormalizeSyntax().String(), "http://h/"+strings.Repeat("a", 90); got != want {
		t.Fatalf("NormalizeSyntax(%q) = %q, want %q", in, got, want)
	}
	if n := testing.AllocsPerRun(100, func() { _ = u.NormalizeSyntax() }); n != 1 {
		t.Errorf("NormalizeSyntax of a %d-byte URI: %v allocations, want 1 (the result)", len(in), n)
	}
}

// TestNormalizeColonFirstAfterDotSegments: a relative-path reference whose
// normal path would start with a segment holding ":" gets "./" in front
// (NormalizeSyntax's policy, §4.2: such a first segment would read as a
// scheme), also when the ":" is the segment's first byte and the segment was
// not first before the dot segments went.
func TestNormalizeColonFirstAfterDotSegments(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a/../:b", "./:b"},
		{"./:b/c", "./:b/c"},
		{"a/./../:", "./:"},
		{"a/../b:c", "./b:c"},
	} {
		got := MustParseReference(tt.in).NormalizeSyntax()
		if got.String() != tt.want {
			t.Errorf("NormalizeSyntax(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if _, err := ParseReference(got.String()); err != nil {
			t.Errorf("NormalizeSyntax(%q) = %q, which does not parse: %v", tt.in, got, err)
		}
	}
}

// TestNormalizeSyntaxOfNormalAllocatesNothing: a URI already in the normal
// form of §6.2.2 comes back as it is, with no allocation, however long (issue
// 14).
func TestNormalizeSyntaxOfNormalAllocatesNothing(t *testing.T) {
	for _, in := range []string{"a/" + strings.Repeat("b", 300), "/a" + strings.Repeat("b", 300),
		"http://h/" + strings.Repeat("a", 300)} {
		u := MustParseReference(in)
		if got := u.NormalizeSyntax().String(); got != in {
			t.Errorf("NormalizeSyntax(%.12q…) = %.12q…, want it unchanged", in, got)
		}
		if n := testing.AllocsPerRun(100, func() { _ = u.NormalizeSyntax() }); n != 0 {
			t.Errorf("NormalizeSyntax(%.12q…): %v allocations, want 0", in, n)
		}
	}
}
