package builder

import (
	"testing"

	"github.com/seed42851778/rfc3986/uri"
)

// FuzzBuild feeds any text to the plain setters: Build never panics, refuses
// only with the refusal the documented rules predict, and when it succeeds
// the URI parses back identically and its components decode to what was set.
func FuzzBuild(f *testing.F) {
	f.Add("http", "u:p", "example.com", 8080, "/a b/c", "x", "k", "v+w", "f", uint8(0xff))
	f.Add("s", "", "::1", 0, "a:b", "", "&", "=", "#", uint8(0b1000_0001))
	f.Add("1a", "@", "[v1.x]", -1, "//x", "?", "", "", "", uint8(0b0101_0101))
	f.Add("", "é", "a:b", 65536, "\xff%", "%", "+", ";", "[", uint8(0b0010_1010))
	f.Fuzz(func(t *testing.T, scheme, userinfo, host string, port int, path, query, key, value, fragment string, mask uint8) {
		var m model
		b := New()
		if mask&1 != 0 {
			b, m.schemeDef, m.scheme = b.Scheme(scheme), true, scheme
		}
		if mask&2 != 0 {
			b, m.auth, m.uiDef, m.ui = b.UserInfo(userinfo), true, true, userinfo
		}
		if mask&4 != 0 {
			b, m.auth, m.host = b.Host(host), true, host
		}
		if mask&8 != 0 {
			b, m.auth, m.portDef, m.port = b.Port(port), true, true, port
		}
		b, m.path = b.Path(path), path
		if mask&16 != 0 {
			b, m.qDef, m.qBase = b.Query(query), true, query
		}
		if mask&32 != 0 {
			b, m.qDef, m.params = b.QueryParam(key, value), true, copyParams(m.params, key, value)
		}
		if mask&64 != 0 {
			b, m.fDef, m.frag = b.Fragment(fragment), true, fragment
		}
		if mask&128 != 0 {
			if u, err := uri.ParseReference(b.String()); err == nil && u.String() != "" {
				// String of a valid Builder is quoted: it never reads as the URI itself.
				t.Fatalf("String() = %q parses as a URI", b.String())
			}
		}
		check(t, b, &m)
	})
}
