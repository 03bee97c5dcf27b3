package properties

import (
	"regexp"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// generatorRules pairs every exported generator with the Appendix A rule its
// values must match.
var generatorRules = []struct {
	rule string
	gen  *rapid.Generator[string]
}{
	{"URI-reference", URIReference()},
	{"URI", URI()},
	{"absolute-URI", AbsoluteURI()},
	{"relative-ref", RelativeRef()},
	{"scheme", Scheme()},
	{"authority", Authority()},
	{"userinfo", UserInfo()},
	{"host", Host()},
	{"reg-name", RegName()},
	{"IPv4address", IPv4Address()},
	{"IPv6address", IPv6Address()},
	{"IPvFuture", IPvFuture()},
	{"IP-literal", IPLiteral()},
	{"port", Port()},
	{"path-abempty", PathAbempty()},
	{"path-absolute", PathAbsolute()},
	{"path-noscheme", PathNoScheme()},
	{"path-rootless", PathRootless()},
	{"path-empty", PathEmpty()},
	{"segment", Segment()},
	{"query", Query()},
	{"fragment", Fragment()},
	{"pct-encoded", PctEncoded()},
}

func TestGeneratorsMatchTheirRule(t *testing.T) {
	for _, g := range generatorRules {
		t.Run(g.rule, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				s := g.gen.Draw(t, g.rule)
				if m, known := MatchRule(g.rule, s); !known || !m {
					t.Fatalf("generated %q does not match %s", s, g.rule)
				}
			})
		})
	}
}

// Independent, deliberately crude classifiers for the distribution test. They
// rely only on the delimiters of RFC 3986 Appendix B.
var (
	splitRE = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$`)
	ipv4RE  = regexp.MustCompile(`^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])){3}$`)
)

func classify(s string) (hostKind, pathForm string) {
	m := splitRE.FindStringSubmatch(s)
	hasScheme, hasAuth, path := m[1] != "", m[3] != "", m[5]
	hostKind = "none"
	if hasAuth {
		host := m[4]
		if i := strings.IndexByte(host, '@'); i >= 0 {
			host = host[i+1:]
		}
		switch {
		case strings.HasPrefix(host, "[v"), strings.HasPrefix(host, "[V"):
			hostKind = "IPvFuture"
		case strings.HasPrefix(host, "["):
			hostKind = "IPv6"
		default:
			if i := strings.LastIndexByte(host, ':'); i >= 0 {
				host = host[:i]
			}
			if ipv4RE.MatchString(host) {
				hostKind = "IPv4"
			} else {
				hostKind = "reg-name"
			}
		}
	}
	switch {
	case hasAuth:
		pathForm = "abempty"
	case path == "":
		pathForm = "empty"
	case path[0] == '/':
		pathForm = "absolute"
	case hasScheme:
		pathForm = "rootless"
	default:
		pathForm = "noscheme"
	}
	return hostKind, pathForm
}

// TestURIReferenceDistribution draws 10,000 URI-references and checks that
// every host kind and every path form occurs, plus the empty/absent corners.
func TestURIReferenceDistribution(t *testing.T) {
	hosts := map[string]int{}
	paths := map[string]int{}
	corners := map[string]int{}
	gen := URIReference()
	for i := 0; i < 10000; i++ {
		s := gen.Example(i)
		h, p := classify(s)
		hosts[h]++
		paths[p]++
		m := splitRE.FindStringSubmatch(s)
		if m[6] != "" && m[7] == "" {
			corners["empty query"]++
		}
		if m[8] != "" && m[9] == "" {
			corners["empty fragment"]++
		}
		if m[3] == "//" {
			corners["empty authority"]++
		}
		if strings.HasPrefix(m[4], "@") {
			corners["empty userinfo"]++
		}
		if strings.HasSuffix(m[4], ":") {
			corners["empty port"]++
		}
		if strings.Contains(m[5], "//") {
			corners["// in path"]++
		}
		if strings.Contains(strings.ToLower(m[5]), "%2e") {
			corners["%2E in path"]++
		}
		if strings.Contains(m[5], "/../") || strings.HasSuffix(m[5], "/..") {
			corners["dot-dot segment"]++
		}
		if strings.ContainsAny(m[2], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			corners["upper-case scheme"]++
		}
		if len(s) >= 200 {
			corners["long (>= 200 bytes)"]++
		}
		if m[1] == "" && len(m[5]) > 0 && m[5][0] != '/' && strings.Contains(m[5], ":") {
			corners["colon in non-first segment"]++
		}
		if strings.Contains(s, "::") && strings.Contains(m[4], "[") {
			corners["IPv6 with ::"]++
		}
	}
	t.Logf("host kinds: %v", hosts)
	t.Logf("path forms: %v", paths)
	t.Logf("corners: %v", corners)
	for _, k := range []string{"reg-name", "IPv4", "IPv6", "IPvFuture", "none"} {
		if hosts[k] == 0 {
			t.Errorf("no host of kind %s in 10,000 draws", k)
		}
	}
	for _, k := range []string{"abempty", "absolute", "noscheme", "rootless", "empty"} {
		if paths[k] == 0 {
			t.Errorf("no path of form %s in 10,000 draws", k)
		}
	}
	for _, k := range []string{"empty query", "empty fragment", "empty authority", "empty userinfo", "empty port",
		"// in path", "%2E in path", "dot-dot segment", "upper-case scheme", "long (>= 200 bytes)",
		"colon in non-first segment", "IPv6 with ::"} {
		if corners[k] == 0 {
			t.Errorf("corner %q never reached in 10,000 draws", k)
		}
	}
}

// TestIPv6Forms checks that IPv6Address reaches "::" at the start, in the
// middle and at the end, the full eight-group form, and an embedded IPv4.
func TestIPv6Forms(t *testing.T) {
	seen := map[string]bool{}
	gen := IPv6Address()
	for i := 0; i < 3000; i++ {
		s := gen.Example(i)
		switch {
		case s == "::":
			seen["only ::"] = true
		case strings.HasPrefix(s, "::"):
			seen[":: at start"] = true
		case strings.HasSuffix(s, "::"):
			seen[":: at end"] = true
		case strings.Contains(s, "::"):
			seen[":: in middle"] = true
		default:
			seen["no ::"] = true
		}
		if strings.Contains(s, ".") {
			seen["embedded IPv4"] = true
		}
	}
	for _, k := range []string{"only ::", ":: at start", ":: at end", ":: in middle", "no ::", "embedded IPv4"} {
		if !seen[k] {
			t.Errorf("IPv6Address never produced %s", k)
		}
	}
}

// TestSchemeCorners checks that URI produces the smallest URIs with empty
// versus absent query and fragment: "s:", "s:?", "s:#", "s:?#".
func TestSchemeCorners(t *testing.T) {
	want := map[string]bool{"s:": false, "s:?": false, "s:?#": false, "s:#": false}
	gen := URI()
	for i := 0; i < 20000; i++ {
		s := gen.Example(i)
		if _, ok := want[s]; ok {
			want[s] = true
		}
	}
	for s, seen := range want {
		if !seen {
			t.Errorf("URI() did not produce %q exactly in 20,000 draws", s)
		}
	}
}
