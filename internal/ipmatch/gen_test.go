package ipmatch

import (
	"bytes"
	"os"
	"testing"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/internal/urigrammar"
)

// TestGeneratedUpToDate regenerates zz_parse_gen.go in memory: a change to
// the rules or to the generator must come with go generate.
func TestGeneratedUpToDate(t *testing.T) {
	want, err := urigrammar.IPSpec.Source()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("zz_parse_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("zz_parse_gen.go is out of date: run go generate ./internal/ipmatch")
	}
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

// TestMatchersAgree checks the generated matchers against the rules of
// package combinator on every input, from every position and outside it.
func TestMatchersAgree(t *testing.T) {
	for _, m := range []struct {
		rule  *c.Rule
		match func(string, int) int
	}{{c.IPLiteral, IPLiteral}, {c.IPv4Address, IPv4Address}} {
		for _, s := range ipInputs {
			for pos := -1; pos <= len(s)+1; pos++ {
				if got, want := m.match(s, pos), m.rule.MatchAt(s, pos); got != want {
					t.Errorf("%s of %q from %d: generated %d, interpreted %d", m.rule.Name(), s, pos, got, want)
				}
			}
		}
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
		for pos := 0; pos <= len(s); pos++ {
			if got, want := IPLiteral(s, pos), c.IPLiteral.MatchAt(s, pos); got != want {
				t.Fatalf("IP-literal of %q from %d: generated %d, interpreted %d", s, pos, got, want)
			}
			if got, want := IPv4Address(s, pos), c.IPv4Address.MatchAt(s, pos); got != want {
				t.Fatalf("IPv4address of %q from %d: generated %d, interpreted %d", s, pos, got, want)
			}
		}
	})
}
