package properties

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// equivalenceBase is the base LawNormalizeEquivalent resolves both references
// against: deep enough that no ".." of a short relative path reaches its root,
// so that "../c" and "c" stay apart.
const equivalenceBase = "s://base/1/2/3/4/5/6/7/8/9/10/11/12?q"

// normalForm is a target split to the level §6.2.2 compares at: the
// authority in its three parts, each component in the normal form of case and
// percent-encoding, the path without dot segments.
type normalForm struct {
	Scheme, UserInfo, Host, Port *string
	Path                         string
	Query, Fragment              *string
}

// LawNormalizeEquivalent checks, for one valid URI-reference s, that
// Normalize(s) identifies what s does (RFC 3986 §6.1, §6.2). Resolved against
// one deep base (§5.2, so that a relative reference is compared by where it
// leads), the two give the same components, each defined or undefined alike,
// once case (§6.2.2.1: scheme and host), percent-encoding (§6.2.2.2: hex
// digits upper-cased, unreserved characters decoded) and dot segments
// (§6.2.2.3) are normalized; an IPv6 address may be written in another form
// of the same address. Percent-encoding is normalized before resolution, as
// §6.2.2.2 comes before §6.2.2.3: "%2E" is a "." that dot-segment removal
// sees; but for a segment of a relative-path reference, which resolution
// merges with the base path and takes as written (§5.2.4): there "%2E" is a
// name ("%2e/.." leads where "./" does, not "../"). Only the changes §6.2.3 lets a scheme make are
// allowed besides: a port dropped (an empty one, or the scheme's default),
// and an empty path after an authority written "/". An empty query or
// fragment must stay (§6.2.3). It needs Normalize.
func LawNormalizeEquivalent(impl Impl, s string) error {
	if impl.Normalize == nil {
		return needs(impl, "LawNormalizeEquivalent", "Normalize")
	}
	n, err := impl.Normalize(s)
	if err != nil {
		return fmt.Errorf("%s: Normalize(%q) failed on a valid URI-reference: %v", impl.Name, s, err)
	}
	if m, _ := MatchRule("URI-reference", n); !m {
		return fmt.Errorf("%s: Normalize(%q) = %q is not a URI-reference (RFC 3986 §6.1)", impl.Name, s, n)
	}
	base := Split(equivalenceBase)
	want := normalOf(ResolveRFC(base, pctNormal(Split(s)), true))
	got := normalOf(ResolveRFC(base, pctNormal(Split(n)), true))
	// §6.2.3: what a scheme may change.
	if got.Port == nil && want.Port != nil {
		want.Port = nil
	}
	if want.Host != nil && want.Path == "" && got.Path == "/" {
		want.Path = "/"
	}
	if want.Host != nil && got.Host != nil && sameIPv6(*want.Host, *got.Host) {
		got.Host = want.Host
	}
	if d := cmp.Diff(want, got); d != "" {
		return fmt.Errorf("%s: Normalize(%q) = %q does not identify the same resource "+
			"(RFC 3986 §6.2.2, §6.2.3; resolved against %q and normalized, -want +got):\n%s",
			impl.Name, s, n, equivalenceBase, d)
	}
	return nil
}

// CheckNormalizeEquivalent draws a URI-reference and checks
// LawNormalizeEquivalent (RFC 3986 §6.2).
func CheckNormalizeEquivalent(t *rapid.T, impl Impl) {
	if err := LawNormalizeEquivalent(impl, URIReference().Draw(t, "s")); err != nil {
		t.Fatal(err)
	}
}

// pctNormal applies normalPct to each component of c: §6.2.2.2 comes before
// §6.2.2.3, so that "%2E" counts as "." when resolution removes dot
// segments ("s:%2E/.." is "s:"). In a relative-path reference a segment that
// would decode to "." or ".." keeps its triplets (upper-cased): resolution
// merges it with the base path and compares segments as written (§5.2.3,
// §5.2.4), where "%2E" is a name, so "%2e/.." against "s://h/a/" leads to
// "s://h/a/" (see normalPctPath).
func pctNormal(c Components) Components {
	for _, p := range []**string{&c.Authority, &c.Query, &c.Fragment} {
		if *p != nil {
			*p = ptr(normalPct(**p))
		}
	}
	c.Path = normalPctPath(c)
	return c
}

// normalPctPath is normalPct of the path of c, but in a relative-path
// reference (no scheme, no authority, a path that does not start with "/")
// a segment that would decode to "." or ".." only has its hex digits
// upper-cased.
func normalPctPath(c Components) string {
	if c.Scheme != nil || c.Authority != nil || strings.HasPrefix(c.Path, "/") {
		return normalPct(c.Path)
	}
	segs := strings.Split(c.Path, "/")
	for i, seg := range segs {
		if d := normalPct(seg); (d == "." || d == "..") && d != seg {
			segs[i] = strings.ToUpper(seg)
		} else {
			segs[i] = d
		}
	}
	return strings.Join(segs, "/")
}

// normalOf splits the target c into a normalForm.
func normalOf(c Components) normalForm {
	f := normalForm{Path: c.Path, Query: c.Query, Fragment: c.Fragment}
	if c.Scheme != nil {
		f.Scheme = ptr(strings.ToLower(*c.Scheme))
	}
	if c.Authority != nil {
		a := *c.Authority
		if i := strings.IndexByte(a, '@'); i >= 0 { // neither userinfo nor host holds "@"
			f.UserInfo = ptr(normalPct(a[:i]))
			a = a[i+1:]
		}
		end := strings.LastIndexByte(a, ':')
		if strings.HasPrefix(a, "[") { // an IP literal: its own ":" are inside "]"
			end = -1
			if i := strings.IndexByte(a, ']'); i >= 0 && i+1 < len(a) {
				end = i + 1
			}
		}
		if end >= 0 {
			f.Port = ptr(a[end+1:])
			a = a[:end]
		}
		f.Host = ptr(strings.ToLower(normalPct(a)))
	}
	f.Path = RemoveDotSegmentsRFC(normalPct(f.Path))
	if f.Query != nil {
		f.Query = ptr(normalPct(*f.Query))
	}
	if f.Fragment != nil {
		f.Fragment = ptr(normalPct(*f.Fragment))
	}
	return f
}

// normalPct writes each pct-encoded triplet of s in the normal form of
// §6.2.2.2: the character itself when it is unreserved, else with
// upper-case hex digits (§2.1).
func normalPct(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+2 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		hex := strings.ToUpper(s[i+1 : i+3])
		v := unhex(hex[0])<<4 | unhex(hex[1])
		if strings.IndexByte(unreservedChars, v) >= 0 {
			b.WriteByte(v)
		} else {
			b.WriteString("%" + hex)
		}
		i += 2
	}
	return b.String()
}

// unhex returns the value of the upper-case hex digit c.
func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c - 'A' + 10
}

// sameIPv6 reports whether a and b are IPv6 literals of one address.
func sameIPv6(a, b string) bool {
	x, err1 := netip.ParseAddr(strings.Trim(a, "[]"))
	y, err2 := netip.ParseAddr(strings.Trim(b, "[]"))
	return err1 == nil && err2 == nil && x.Is6() && strings.HasPrefix(a, "[") && strings.HasPrefix(b, "[") && x == y
}

func ptr(s string) *string { return &s }
