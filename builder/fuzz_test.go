package builder

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
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

// FuzzBuilderSequence drives the builder with random sequences of every
// setter, raw ones and Without… ones included, decoded from the fuzzer's
// bytes by the generators of TestPropertyRefusalsAreDocumented: Build either
// refuses with a *BuildError of the documented kind the model predicts
// first, or builds a URI that parses back the same and whose components are
// what was set (raw) or decode to it (plain). Its String and the message of
// its error never show a password.
func FuzzBuilderSequence(f *testing.F) {
	// rapid reads its choices 8 bytes at a time: seeds of random bytes,
	// long enough for a dozen setters with their texts.
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 8 {
		seed := make([]byte, 64<<n%2048+64)
		for i := range seed {
			seed[i] = byte(r.Uint32())
		}
		f.Add(seed)
	}
	f.Fuzz(rapid.MakeFuzz(func(t *rapid.T) {
		ops := rapid.SliceOfN(opGen, 0, 12).Draw(t, "ops")
		var m model
		b := apply(New(), &m, ops)
		check(t, b, &m)
		u, err := b.Build()
		if err == nil {
			if got, want := b.String(), "builder.Builder("+strconv.Quote(u.Redacted())+")"; got != want {
				t.Fatalf("String = %s, want %s", got, want)
			}
			return
		}
		var be *BuildError
		if errors.As(err, &be) && be.Component == "userinfo" && len(be.Value) <= 64 {
			if user, _, ok := strings.Cut(be.Value, ":"); ok && !strings.Contains(err.Error(), strconv.Quote(user+":xxxxx")) {
				t.Fatalf("error %v does not hide the password of %q", err, be.Value)
			}
		}
	}))
}
