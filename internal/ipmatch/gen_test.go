package ipmatch

import (
	"testing"

	"github.com/seed42851778/rfc3986/internal/gentest"
	"github.com/seed42851778/rfc3986/internal/urigrammar"
)

// genCommand is the command that writes zz_parse_gen.go and its test
// table, zz_parse_gen_test.go.
const genCommand = "go generate ./internal/ipmatch"

// TestGeneratedUpToDate regenerates zz_parse_gen.go and its test table in
// memory: a change to the rules or to the generator must come with go
// generate.
func TestGeneratedUpToDate(t *testing.T) {
	gentest.SpecUpToDate(t, urigrammar.IPSpec, "zz_parse_gen.go", genCommand)
}

// ipInputs are IP literals and IPv4 addresses of RFC 3986 §3.2.2 and near
// misses of each: every shape of IPv6address, IPvFuture in either case,
// dec-octets at their bounds and past them.
var ipInputs = []string{
	"[::]", "[::1]", "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:1.2.3.4]", "[::ffff:192.0.2.128]",
	"[1::]", "[1::8]", "[1:2::8]", "[1:2:3::8]", "[1:2:3:4::8]", "[1:2:3:4:5::8]", "[1:2:3:4:5:6::8]",
	"[1:2:3:4:5:6:7::]", "[::2:3:4:5:6:7:8]", "[fe80::1%25eth0]", "[1:2:3:4:5:6:7:8:9]", "[12345::]",
	"[:::]", "[1:::2]", "[]", "[::1", "::1]", "[v7.x]", "[V1F.a:b]", "[v.x]", "[v1.]", "[vx.1]",
	"[1:2:3:4:5:6:7]", "[::1.2.3]", "[::1.2.3.256]", "[abcd:ef01::]", "[ABCD::EF]",
	"0.0.0.0", "255.255.255.255", "1.2.3.4", "01.2.3.4", "1.2.3.256", "1.2.3", "1.2.3.4.5", "1..2.3",
	"249.250.199.100", "10.99.100.9", "a.b.c.d", "", "x",
}

// TestMatchersAgree checks each generated matcher of the Spec against its
// rule in package combinator on every input, from every position and
// outside it.
func TestMatchersAgree(t *testing.T) {
	for _, s := range ipInputs {
		checkMatchers(t, s)
	}
}

// checkMatchers checks each generated matcher of the Spec against its rule
// on s.
func checkMatchers(t *testing.T, s string) {
	t.Helper()
	for _, f := range gentest.Funcs(t, urigrammar.IPSpec, genFuncs, genCommand) {
		match, ok := f.Fn.(func(string, int) int)
		if !ok {
			t.Fatalf("%s: a generated function of type %T, which no check takes", f.Name, f.Fn)
		}
		gentest.CheckMatcher(t, f.Name, f.Rule, match, s)
	}
}

// FuzzMatchersAgree is TestMatchersAgree on any text.
func FuzzMatchersAgree(f *testing.F) {
	for _, s := range ipInputs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 128 {
			s = s[:128]
		}
		checkMatchers(t, s)
	})
}
